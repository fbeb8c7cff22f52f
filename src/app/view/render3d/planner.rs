//! Which chunks of a picture the 3D view draws in an animation frame, and
//! when the picture is complete.
//!
//! A picture shows one [`PictureKey`]: the boid data, the selection, the
//! rules shown, the camera and the canvas size. It is drawn in chunks of
//! instances (numbered in drawing order), a batch of chunks per frame (see
//! [`pacing`](super::pacing) for why and how many), and goes on the canvas
//! once its last chunk is drawn. What it shows and how many chunks it has
//! are fixed when it starts: the instances are uploaded then, and changes
//! that arrive meanwhile wait for the next picture.
//!
//! Plain data without GL, so that the order of work is tested natively; the
//! renderer asks it what to draw.

use std::ops::Range;

use super::{Drawn, Frame, OrbitCamera, ViewStyle};

/// Which boid data a picture shows: data version, boid count, and the boid
/// the positions are centred on.
pub type DataKey = (u64, usize, Option<usize>);

/// What a picture shows: when any of it changes, a new picture is due.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PictureKey {
    /// The boid data.
    pub data: DataKey,
    /// The selected boid (ringed).
    pub selection: Option<usize>,
    /// The boid whose rules are drawn.
    pub rules: Option<usize>,
    /// The camera.
    pub camera: OrbitCamera,
    /// The drawing buffer size in device pixels.
    pub size: (u32, u32),
    /// Device pixels per CSS pixel (the ring's size depends on it).
    pub device_pixel_ratio: f64,
    /// Symbol size and line width.
    pub style: ViewStyle,
}

impl PictureKey {
    /// What a picture of `frame` in a drawing buffer of `size` shows.
    #[must_use]
    pub fn new(frame: &Frame<'_>, size: (u32, u32)) -> Self {
        Self {
            data: (frame.data_version, frame.positions.len(), frame.centred_on),
            selection: frame.selection,
            rules: frame.rules.map(|rules| rules.explanation.boid),
            camera: *frame.camera,
            size,
            device_pixel_ratio: frame.device_pixel_ratio,
            style: frame.style,
        }
    }
}

/// What an animation frame does about the picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// The canvas already shows the frame's picture: nothing to draw.
    Unchanged,
    /// Start a picture of the frame (and tell the planner with
    /// [`PicturePlanner::start`]).
    Start,
    /// Go on with the picture in progress, even when the frame has changed
    /// since it started.
    Continue,
}

/// One batch of the picture in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchPlan {
    /// The chunks to draw, in drawing order.
    pub chunks: Range<usize>,
    /// What the frame did: [`Drawn::Partial`], or [`Drawn::Shown`] when this
    /// batch completes the picture.
    pub drawn: Drawn,
}

impl BatchPlan {
    /// Whether this batch completes the picture (it then goes on the canvas).
    #[must_use]
    pub fn completes(&self) -> bool {
        self.drawn.shown()
    }
}

/// The picture in progress.
#[derive(Debug, Clone, Copy, PartialEq)]
struct InProgress {
    key: PictureKey,
    /// Chunks in the picture.
    chunks: usize,
    /// Chunks drawn so far (always at most `chunks`).
    drawn: usize,
}

/// Keeps track of the picture in progress and of the one on the canvas.
#[derive(Debug, Clone, Default)]
pub struct PicturePlanner {
    in_progress: Option<InProgress>,
    /// What the canvas shows (the last complete picture).
    shown: Option<PictureKey>,
}

impl PicturePlanner {
    /// Nothing shown, nothing in progress.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// What a frame showing `key` does: go on with the picture in progress
    /// if there is one, else nothing when the canvas shows `key` already,
    /// else start a picture.
    #[must_use]
    pub fn next(&self, key: &PictureKey) -> Next {
        if self.in_progress.is_some() {
            Next::Continue
        } else if self.shown.as_ref() == Some(key) {
            Next::Unchanged
        } else {
            Next::Start
        }
    }

    /// The canvas is to get a fresh picture even of what it shows (one to
    /// save or film, read in the task it goes on the canvas).
    pub fn forget_shown(&mut self) {
        self.shown = None;
    }

    /// A picture of `key` with `chunks` chunks has started (its instances
    /// are uploaded, its buffer cleared). It replaces any picture in
    /// progress.
    pub fn start(&mut self, key: PictureKey, chunks: usize) {
        self.in_progress = Some(InProgress {
            key,
            chunks,
            drawn: 0,
        });
    }

    /// The next batch of the picture in progress, of at most
    /// `chunks_per_batch` chunks (at least one, so a picture always gets
    /// on), counted as drawn. When it completes the picture, that picture
    /// is the one shown, and it says whether a newer one is due because the
    /// frame now shows `current`. `None` when no picture is in progress.
    pub fn next_batch(
        &mut self,
        chunks_per_batch: usize,
        current: &PictureKey,
    ) -> Option<BatchPlan> {
        let picture = self.in_progress.as_mut()?;
        let first = picture.drawn;
        let end = first
            .saturating_add(chunks_per_batch.max(1))
            .min(picture.chunks);
        if end < picture.chunks {
            picture.drawn = end;
            return Some(BatchPlan {
                chunks: first..end,
                drawn: Drawn::Partial,
            });
        }
        let key = picture.key;
        self.in_progress = None;
        self.shown = Some(key);
        Some(BatchPlan {
            chunks: first..end,
            drawn: Drawn::Shown {
                newer_due: key != *current,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::view::render3d::pacing::chunk_count;
    use crate::app::view::render3d::{CameraAction, centre_on};
    use crate::model::Vec3;

    fn key(version: u64) -> PictureKey {
        PictureKey {
            data: (version, 50_000, None),
            selection: None,
            rules: None,
            camera: OrbitCamera::default(),
            size: (800, 600),
            device_pixel_ratio: 1.0,
            style: ViewStyle::default(),
        }
    }

    /// Draws the picture in progress to the end, `per_batch` chunks a frame,
    /// and returns every batch.
    fn draw_out(
        planner: &mut PicturePlanner,
        per_batch: usize,
        current: &PictureKey,
    ) -> Vec<BatchPlan> {
        std::iter::from_fn(|| planner.next_batch(per_batch, current)).collect()
    }

    #[test]
    fn the_first_frame_starts_a_picture() {
        assert_eq!(PicturePlanner::new().next(&key(1)), Next::Start);
    }

    #[test]
    fn a_forgotten_picture_is_drawn_afresh_but_one_in_progress_goes_on() {
        let mut planner = PicturePlanner::new();
        planner.start(key(1), 2);
        draw_out(&mut planner, 4, &key(1));
        assert_eq!(planner.next(&key(1)), Next::Unchanged);
        planner.forget_shown();
        assert_eq!(planner.next(&key(1)), Next::Start, "to be saved");
        planner.start(key(1), 2);
        planner.forget_shown();
        assert_eq!(planner.next(&key(1)), Next::Continue);
    }

    #[test]
    fn without_a_picture_in_progress_there_is_no_batch() {
        let mut planner = PicturePlanner::new();
        assert_eq!(planner.next_batch(4, &key(1)), None);
    }

    #[test]
    fn a_picture_is_drawn_in_consecutive_batches_and_shown_with_its_last_chunk() {
        // 13 chunks at 4 a frame: the last batch holds the one left over.
        let mut planner = PicturePlanner::new();
        planner.start(key(1), 13);
        let batches = draw_out(&mut planner, 4, &key(1));
        let ranges: Vec<_> = batches.iter().map(|b| b.chunks.clone()).collect();
        assert_eq!(ranges, [0..4, 4..8, 8..12, 12..13]);
        let drawn: Vec<_> = batches.iter().map(|b| b.drawn).collect();
        assert_eq!(
            drawn,
            [
                Drawn::Partial,
                Drawn::Partial,
                Drawn::Partial,
                Drawn::Shown { newer_due: false }
            ]
        );
        assert!(batches[3].completes() && !batches[2].completes());
    }

    #[test]
    fn a_batch_size_that_divides_the_chunks_ends_on_a_full_batch() {
        let mut planner = PicturePlanner::new();
        planner.start(key(1), 8);
        let ranges: Vec<_> = draw_out(&mut planner, 4, &key(1))
            .into_iter()
            .map(|b| b.chunks)
            .collect();
        assert_eq!(ranges, [0..4, 4..8]);
    }

    #[test]
    fn a_batch_size_that_changes_between_frames_leaves_no_gap() {
        // The pacer adapts the size after every batch.
        let mut planner = PicturePlanner::new();
        planner.start(key(1), 20);
        let mut ranges = Vec::new();
        for per_batch in [2, 4, 8, 1, 64] {
            ranges.push(planner.next_batch(per_batch, &key(1)).unwrap().chunks);
        }
        assert_eq!(ranges, [0..2, 2..6, 6..14, 14..15, 15..20]);
        assert_eq!(planner.next_batch(2, &key(1)), None);
    }

    #[test]
    fn a_batch_always_draws_at_least_one_chunk() {
        let mut planner = PicturePlanner::new();
        planner.start(key(1), 2);
        assert_eq!(planner.next_batch(0, &key(1)).unwrap().chunks, 0..1);
        assert_eq!(planner.next_batch(0, &key(1)).unwrap().chunks, 1..2);
    }

    #[test]
    fn a_picture_without_boids_is_shown_at_once_with_an_empty_batch() {
        // No boids: no chunks; the picture (the cube) is complete as started.
        let mut planner = PicturePlanner::new();
        planner.start(key(1), chunk_count(0));
        let batch = planner.next_batch(2, &key(1)).unwrap();
        assert_eq!(batch.chunks, 0..0);
        assert_eq!(batch.drawn, Drawn::Shown { newer_due: false });
        assert_eq!(planner.next(&key(1)), Next::Unchanged);
    }

    #[test]
    fn a_single_boid_is_drawn_and_shown_in_one_frame() {
        let mut planner = PicturePlanner::new();
        planner.start(key(1), chunk_count(1));
        let batch = planner.next_batch(2, &key(1)).unwrap();
        assert_eq!(batch.chunks, 0..1);
        assert!(batch.completes());
    }

    #[test]
    fn a_shown_picture_is_not_drawn_again_until_something_changes() {
        let mut planner = PicturePlanner::new();
        planner.start(key(1), 3);
        draw_out(&mut planner, 64, &key(1));
        assert_eq!(planner.next(&key(1)), Next::Unchanged);
        let mut turned = key(1);
        turned.camera.apply(CameraAction::Rotate {
            yaw: 0.1,
            pitch: 0.0,
        });
        let mut resized = key(1);
        resized.size = (801, 600);
        let mut sharper = key(1);
        sharper.device_pixel_ratio = 2.0;
        let mut selected = key(1);
        selected.selection = Some(7);
        let mut explained = selected;
        explained.rules = Some(7);
        let mut followed = key(1);
        followed.data.2 = Some(7);
        for changed in [
            key(2),
            turned,
            resized,
            sharper,
            selected,
            explained,
            followed,
        ] {
            assert_ne!(changed, key(1));
            assert_eq!(planner.next(&changed), Next::Start, "{changed:?}");
        }
    }

    #[test]
    fn a_change_mid_picture_waits_for_the_next_picture() {
        // The swarm steps on (or the canvas is resized) while a picture is
        // drawn: it is finished as it started, then a newer one is due.
        let mut planner = PicturePlanner::new();
        planner.start(key(1), 3);
        assert_eq!(planner.next_batch(2, &key(1)).unwrap().chunks, 0..2);
        let mut resized = key(2);
        resized.size = (400, 300);
        assert_eq!(planner.next(&resized), Next::Continue);
        let last = planner.next_batch(2, &resized).unwrap();
        assert_eq!(last.chunks, 2..3);
        assert_eq!(last.drawn, Drawn::Shown { newer_due: true });
        assert!(last.drawn.wants_more());
        assert_eq!(planner.next(&resized), Next::Start);
        assert_eq!(planner.next(&key(1)), Next::Unchanged);
    }

    #[test]
    fn a_change_back_mid_picture_still_asks_for_another_picture() {
        // Key 1 is on the canvas, key 2 in progress, and the frame goes back
        // to key 1: the canvas will show key 2, so key 1 must be drawn again.
        let mut planner = PicturePlanner::new();
        planner.start(key(1), 1);
        draw_out(&mut planner, 2, &key(1));
        planner.start(key(2), 4);
        planner.next_batch(2, &key(2));
        let last = planner.next_batch(2, &key(1)).unwrap();
        assert_eq!(last.drawn, Drawn::Shown { newer_due: true });
        assert_eq!(planner.next(&key(1)), Next::Start);
    }

    #[test]
    fn starting_a_picture_drops_the_one_in_progress() {
        // A new renderer state (say, after the context came back) starts
        // over from the first chunk.
        let mut planner = PicturePlanner::new();
        planner.start(key(1), 10);
        planner.next_batch(4, &key(1));
        planner.start(key(2), 3);
        let batch = planner.next_batch(4, &key(2)).unwrap();
        assert_eq!(batch.chunks, 0..3);
        assert_eq!(batch.drawn, Drawn::Shown { newer_due: false });
        assert_eq!(planner.next(&key(1)), Next::Start);
    }

    #[test]
    fn the_key_of_a_frame_names_its_data_selection_rules_camera_and_size() {
        let positions = [Vec3::new(1.0, 0.0, 0.0), Vec3::new(-1.0, 0.5, 0.0)];
        let mut centred = Vec::new();
        centre_on(&positions, 1, &mut centred);
        let camera = OrbitCamera::default();
        let frame = Frame {
            data_version: 9,
            positions: &centred,
            velocities: &positions,
            selection: Some(1),
            centred_on: Some(1),
            rules: None,
            camera: &camera,
            css_width: 400.0,
            css_height: 300.0,
            device_pixel_ratio: 2.0,
            style: ViewStyle::default(),
        };
        let key = PictureKey::new(&frame, (800, 600));
        assert_eq!(key.data, (9, 2, Some(1)));
        assert_eq!(key.selection, Some(1));
        assert_eq!(key.rules, None);
        assert_eq!(key.camera, camera);
        assert_eq!(key.size, (800, 600));
        assert_eq!(key.device_pixel_ratio, 2.0);
        assert_eq!(key.style, ViewStyle::default());
    }

    #[test]
    fn a_new_symbol_size_or_line_width_is_a_new_picture() {
        let mut planner = PicturePlanner::new();
        let plain = key(1);
        planner.start(plain, 4);
        draw_out(&mut planner, 4, &plain);
        assert_eq!(planner.next(&plain), Next::Unchanged);
        for style in [
            ViewStyle {
                symbol_scale: 2.0,
                thick_lines: false,
            },
            ViewStyle {
                symbol_scale: 1.0,
                thick_lines: true,
            },
        ] {
            assert_eq!(
                planner.next(&PictureKey { style, ..plain }),
                Next::Start,
                "{style:?}"
            );
        }
    }
}
