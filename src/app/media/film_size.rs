//! How large a film gets, and where it can be written: in memory (a
//! download at the end) up to [`FILM_MEMORY`], beyond that only straight
//! into a file as it is encoded (where the browser lets the page write
//! one), else refused before it starts with the longest film that fits.
//!
//! The estimate is the encoder's target bitrate, as web/media.js asks
//! Mediabunny for it (quality "high", 25 frames per second): 3 Mbit/s for
//! 1920 × 1080 scaled by (pixels / 1920·1080)^0.95, times 0.3·e^(2.5538·0.75)
//! for the quality, for H.264 (VP9's is 0.6 of it: the estimate is the
//! larger of the two, so it bounds both).

/// Frames per second of every film.
const FPS: f64 = 25.0;

/// The most a film may take in memory, bytes: the muxer's buffer doubles
/// while it grows, so a film of this size briefly needs twice as much.
pub const FILM_MEMORY: u64 = 1 << 30;

/// The encoder's target bitrate for a frame of `width` × `height` pixels,
/// bits per second (rounded up to whole kbit/s, as Mediabunny does).
#[must_use]
pub fn bitrate(width: u32, height: u32) -> f64 {
    let pixels = f64::from(width) * f64::from(height);
    let scale = (pixels / (1920.0 * 1080.0)).powf(0.95);
    let quality = 0.3 * (2.5538_f64 * 0.75).exp();
    (3_000_000.0 * scale * quality / 1000.0).ceil() * 1000.0
}

/// The estimated size of a film of `frames` frames of `width` × `height`
/// pixels, bytes (rounded up).
#[must_use]
pub fn film_bytes(width: u32, height: u32, frames: u64) -> u64 {
    (bitrate(width, height) / 8.0 / FPS * frames as f64).ceil() as u64
}

/// The most frames of `width` × `height` whose estimate stays within
/// `limit` bytes.
#[must_use]
pub fn longest_film(width: u32, height: u32, limit: u64) -> u64 {
    let per_frame = bitrate(width, height) / 8.0 / FPS;
    let mut frames = (limit as f64 / per_frame).floor() as u64;
    // The float division may land one off either way.
    while frames > 0 && film_bytes(width, height, frames) > limit {
        frames -= 1;
    }
    while film_bytes(width, height, frames + 1) <= limit {
        frames += 1;
    }
    frames
}

/// Where a film is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilmTarget {
    /// Built in memory, downloaded at the end.
    Memory,
    /// Written into a file the user chooses, as it is encoded.
    File,
}

/// A film too large for memory in a browser that cannot write files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FilmTooLarge {
    /// The film's estimate, bytes.
    pub bytes: u64,
    /// The most steps of this size that fit (a film of K steps has K + 1
    /// frames).
    pub longest_steps: u64,
}

/// Where a film of `steps` steps (`steps + 1` frames) of `width` × `height`
/// goes, given whether the browser can write a file as it is encoded.
pub fn film_target(
    width: u32,
    height: u32,
    steps: u64,
    can_write_file: bool,
) -> Result<FilmTarget, FilmTooLarge> {
    let bytes = film_bytes(width, height, steps.saturating_add(1));
    if bytes <= FILM_MEMORY {
        Ok(FilmTarget::Memory)
    } else if can_write_file {
        Ok(FilmTarget::File)
    } else {
        Err(FilmTooLarge {
            bytes,
            longest_steps: longest_film(width, height, FILM_MEMORY).saturating_sub(1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bitrate_is_mediabunnys_for_high_quality() {
        // 3 Mbit/s × 0.3·e^1.91535 = 6 110 383 bit/s at 1920 × 1080.
        assert_eq!(bitrate(1920, 1080), 6_111_000.0);
        // A quarter of the pixels: (1/4)^0.95 of it.
        let quarter = 6_110_383.177_194_089 * 0.25_f64.powf(0.95);
        assert_eq!(bitrate(960, 540), (quarter / 1000.0).ceil() * 1000.0);
        assert!(bitrate(1280, 720) < bitrate(1920, 1080));
    }

    #[test]
    fn a_film_is_its_frames_at_the_bitrate() {
        // 6 111 000 / 8 / 25 = 30 555 bytes a frame.
        assert_eq!(film_bytes(1920, 1080, 1), 30_555);
        assert_eq!(film_bytes(1920, 1080, 251), 7_669_305);
        assert_eq!(film_bytes(1920, 1080, 0), 0);
        // 100 000 frames at 1920 × 1080: about 3 GB.
        assert_eq!(film_bytes(1920, 1080, 100_000), 3_055_500_000);
    }

    #[test]
    fn the_longest_film_is_the_last_that_fits() {
        for (width, height) in [(1920, 1080), (1280, 720), (333, 217), (16, 16)] {
            for limit in [FILM_MEMORY, 1_000_000, 30_555, 1] {
                let frames = longest_film(width, height, limit);
                assert!(film_bytes(width, height, frames) <= limit);
                assert!(film_bytes(width, height, frames + 1) > limit);
            }
        }
        // 1 GiB at 1920 × 1080: 35 141 frames.
        assert_eq!(longest_film(1920, 1080, FILM_MEMORY), 35_141);
    }

    #[test]
    fn a_film_too_large_for_memory_goes_to_a_file_or_is_refused() {
        assert_eq!(film_target(1920, 1080, 250, false), Ok(FilmTarget::Memory));
        assert_eq!(
            film_target(1920, 1080, 35_140, false),
            Ok(FilmTarget::Memory)
        );
        assert_eq!(film_target(1920, 1080, 35_141, true), Ok(FilmTarget::File));
        assert_eq!(
            film_target(1920, 1080, 99_999, false),
            Err(FilmTooLarge {
                bytes: 3_055_500_000,
                longest_steps: 35_140
            })
        );
        // Any count of steps: no overflow.
        assert!(film_target(1920, 1080, u64::MAX, false).is_err());
    }
}
