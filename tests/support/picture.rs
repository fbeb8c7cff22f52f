//! Screenshots decoded to RGBA pixels, so that tests can check what a page
//! or the 3D canvas really shows.

/// An RGBA picture, as the screen shows it.
pub struct Picture {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<[u8; 4]>,
}

/// Whether a pixel carries a clear hue (cones, the ring); the background,
/// cube edges and text are grey.
pub fn has_hue(p: [u8; 4]) -> bool {
    let max = p[0].max(p[1]).max(p[2]);
    let min = p[0].min(p[1]).min(p[2]);
    max - min > 60
}

impl Picture {
    /// Decodes a PNG (as WebDriver screenshots are).
    pub fn from_png(png: &[u8]) -> Self {
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().expect("png header");
        let mut buffer = vec![0; reader.output_buffer_size().expect("png size")];
        let info = reader.next_frame(&mut buffer).expect("png frame");
        let channels = info.color_type.samples();
        let pixels = buffer[..info.buffer_size()]
            .chunks(channels)
            .map(|p| [p[0], p[1], p[2], if channels == 4 { p[3] } else { 255 }])
            .collect();
        Self {
            width: info.width as usize,
            height: info.height as usize,
            pixels,
        }
    }

    pub fn at(&self, x: usize, y: usize) -> [u8; 4] {
        self.pixels[y * self.width + x]
    }

    /// Positions of the pixels that satisfy `wanted`.
    pub fn positions(&self, wanted: impl Fn([u8; 4]) -> bool) -> Vec<(usize, usize)> {
        self.pixels
            .iter()
            .enumerate()
            .filter(|(_, p)| wanted(**p))
            .map(|(i, _)| (i % self.width, i / self.width))
            .collect()
    }

    /// Pixels that carry a clear hue: the cones (background and edges are grey).
    pub fn coloured(&self) -> Vec<(usize, usize)> {
        self.positions(has_hue)
    }

    /// Share of pixels that differ clearly between two pictures of one size.
    pub fn difference(&self, other: &Picture) -> f64 {
        self.differing(other).len() as f64 / self.pixels.len().max(1) as f64
    }

    /// Positions of the pixels that differ clearly from `other` (same size).
    pub fn differing(&self, other: &Picture) -> Vec<(usize, usize)> {
        self.pixels
            .iter()
            .zip(&other.pixels)
            .enumerate()
            .filter(|(_, (a, b))| (0..3).any(|c| a[c].abs_diff(b[c]) > 24))
            .map(|(i, _)| (i % self.width, i / self.width))
            .collect()
    }

    /// Share of pixels that differ clearly from the most common colour: near
    /// 0 for a blank picture (one colour, say a page that did not render).
    pub fn ink(&self) -> f64 {
        let mut counts = std::collections::HashMap::new();
        for p in &self.pixels {
            *counts.entry([p[0], p[1], p[2]]).or_insert(0usize) += 1;
        }
        let Some((&background, _)) = counts.iter().max_by_key(|(_, n)| **n) else {
            return 0.0;
        };
        let inked = self
            .pixels
            .iter()
            .filter(|p| (0..3).any(|c| p[c].abs_diff(background[c]) > 24))
            .count();
        inked as f64 / self.pixels.len().max(1) as f64
    }
}
