//! A chart as a flat list of SVG shapes of five kinds, placed in drawing
//! units (Leptos-free, tested natively through the charts that build it).
//! Every chart of the app (the „Verlauf“ charts, the study's chart) is a
//! [`Scene`] drawn by one component, so a chart costs the app's wasm its
//! layout code only, never another set of views.

/// A straight line: a grid line, an axis or a tick mark.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub class: &'static str,
    pub x1: f64,
    pub y1: f64,
    pub x2: f64,
    pub y2: f64,
}

/// A path (SVG path data) drawn as a line: a series, a mean line, an error
/// bar. `colour` sets its stroke; `None` leaves it to the style sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    pub class: &'static str,
    pub d: String,
    pub colour: Option<&'static str>,
}

/// Where a shape leads when clicked, with the words a pointer or screen
/// reader gets.
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    pub href: String,
    pub title: String,
    /// The study run it opens (`data-run`), if any.
    pub run: Option<u64>,
    /// Opened in a new tab (a run's state), or in this page (a place on it).
    pub new_tab: bool,
}

/// A dot: a value, a run, the current point of a series.
#[derive(Debug, Clone, PartialEq)]
pub struct Dot {
    pub class: &'static str,
    pub cx: f64,
    pub cy: f64,
    /// Radius in drawing units.
    pub r: f64,
    pub colour: Option<&'static str>,
    pub link: Option<Link>,
}

/// A filled rectangle: a legend's box or colour swatch, a phase diagram's
/// cell.
#[derive(Debug, Clone, PartialEq)]
pub struct Swatch {
    pub class: &'static str,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    pub colour: Option<&'static str>,
    pub link: Option<Link>,
}

/// How a label's text is placed against its point (SVG `text-anchor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    /// The attribute's value.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Start => "start",
            Self::Middle => "middle",
            Self::End => "end",
        }
    }
}

/// A text: a tick's number, an axis's name, a legend entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    pub class: &'static str,
    pub x: f64,
    pub y: f64,
    pub anchor: Anchor,
    /// Turned a quarter anticlockwise about its point (a vertical axis's name).
    pub upright: bool,
    pub text: String,
}

/// Everything a chart draws. Drawn in this order, so text is never hidden:
/// segments, strokes, dots, swatches, labels.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Scene {
    pub segments: Vec<Segment>,
    pub strokes: Vec<Stroke>,
    pub dots: Vec<Dot>,
    pub swatches: Vec<Swatch>,
    pub labels: Vec<Label>,
}

#[cfg(test)]
impl Scene {
    /// The texts of the labels of `class`, in order.
    #[must_use]
    pub fn texts(&self, class: &str) -> Vec<&str> {
        self.labels
            .iter()
            .filter(|label| label.class == class)
            .map(|label| label.text.as_str())
            .collect()
    }
}
