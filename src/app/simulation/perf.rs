//! The live performance readout: model steps per second, milliseconds of
//! computation per step, pictures per second and milliseconds per picture,
//! averaged over windows of about half a second of real time.

use crate::app::format::format_decimal;
use crate::model::STEP_SECONDS;

/// Real time a measurement window spans before it is published, in ms.
pub const WINDOW_MS: f64 = 500.0;

/// Real time a window waits at most for a step, in ms.
pub const LONGEST_WINDOW_MS: f64 = 10_000.0;

/// One published measurement.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PerfReadout {
    /// Model steps taken per second of real time.
    pub steps_per_second: f64,
    /// Mean computation time of one step in ms; `None` without steps.
    pub ms_per_step: Option<f64>,
    /// Pictures of the view shown per second (a 3D picture may take several
    /// animation frames).
    pub pictures_per_second: f64,
    /// Mean main-thread time to draw one picture in ms; `None` without
    /// pictures.
    pub ms_per_draw: Option<f64>,
}

/// Below this share of real time the status says that the swarm runs slower.
pub const REALTIME_SHARE: f64 = 0.95;

impl PerfReadout {
    /// Model time per real time: 1 when every owed step is taken, less when
    /// the steps cannot keep up.
    #[must_use]
    pub fn realtime_factor(&self) -> f64 {
        self.steps_per_second * STEP_SECONDS
    }
}

/// The German words for a real-time factor: „Echtzeit“, or the factor when
/// the swarm runs slower („0,3 × Echtzeit“).
#[must_use]
pub fn realtime_label(factor: f64) -> String {
    if factor >= REALTIME_SHARE {
        return "Echtzeit".to_owned();
    }
    let decimals = if factor < 0.095 { 2 } else { 1 };
    format!("{} × Echtzeit", format_decimal(factor.max(0.0), decimals))
}

/// Sums up steps and pictures until a window is full.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PerfMeter {
    window_start: Option<f64>,
    steps: u64,
    step_ms: f64,
    draws: u32,
    draw_ms: f64,
}

impl PerfMeter {
    /// Records one animation frame at `now_ms` in which `steps` steps took
    /// `step_ms` of computation. Returns a readout when the window is full
    /// and starts the next one. The first frame only opens the window.
    pub fn record_frame(&mut self, now_ms: f64, steps: u32, step_ms: f64) -> Option<PerfReadout> {
        let Some(start) = self.window_start else {
            self.window_start = Some(now_ms);
            return None;
        };
        self.steps += u64::from(steps);
        self.step_ms += step_ms.max(0.0);
        let span = now_ms - start;
        // A window waits for a step and a picture, so that slow ones (one per
        // second, say) do not show as alternating 0 and 2 per second.
        if span < WINDOW_MS || ((self.steps == 0 || self.draws == 0) && span < LONGEST_WINDOW_MS) {
            return None;
        }
        let seconds = span / 1000.0;
        let readout = PerfReadout {
            steps_per_second: self.steps as f64 / seconds,
            ms_per_step: (self.steps > 0).then(|| self.step_ms / self.steps as f64),
            pictures_per_second: f64::from(self.draws) / seconds,
            ms_per_draw: (self.draws > 0).then(|| self.draw_ms / f64::from(self.draws)),
        };
        *self = Self {
            window_start: Some(now_ms),
            ..Self::default()
        };
        Some(readout)
    }

    /// Records that drawing the view once took `ms`.
    pub fn record_draw(&mut self, ms: f64) {
        self.draws += 1;
        self.draw_ms += ms.max(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_frame_opens_the_window() {
        let mut meter = PerfMeter::default();
        assert_eq!(meter.record_frame(1_000.0, 3, 9.0), None);
        // Steps of the opening frame are not counted: its duration is unknown.
        assert_eq!(meter.steps, 0);
    }

    #[test]
    fn a_full_window_gives_rates_and_means() {
        let mut meter = PerfMeter::default();
        meter.record_frame(0.0, 0, 0.0);
        let mut readout = None;
        for i in 1..=30 {
            // 60 frames per second; a step every second frame taking 2 ms.
            let steps = u32::from(i % 2 == 0);
            meter.record_draw(1.5);
            readout =
                meter.record_frame(f64::from(i) * 1000.0 / 60.0, steps, 2.0 * f64::from(steps));
        }
        let readout = readout.expect("30 frames at 60 Hz fill 500 ms");
        assert!((readout.pictures_per_second - 60.0).abs() < 1e-9);
        assert!((readout.steps_per_second - 30.0).abs() < 1e-9);
        assert_eq!(readout.ms_per_step, Some(2.0));
        assert_eq!(readout.ms_per_draw, Some(1.5));
    }

    #[test]
    fn a_window_waits_for_a_picture() {
        // A 3D picture of a large swarm may take longer than a window.
        let mut meter = PerfMeter::default();
        meter.record_frame(0.0, 0, 0.0);
        assert_eq!(meter.record_frame(600.0, 2, 10.0), None, "no picture yet");
        meter.record_draw(40.0);
        let readout = meter.record_frame(1_200.0, 1, 5.0).expect("window full");
        assert!((readout.pictures_per_second - 1.0 / 1.2).abs() < 1e-9);
        assert!((readout.steps_per_second - 2.5).abs() < 1e-9);
        assert_eq!(readout.ms_per_draw, Some(40.0));
    }

    #[test]
    fn without_steps_there_is_no_time_per_step() {
        let mut meter = PerfMeter::default();
        meter.record_frame(0.0, 0, 0.0);
        assert_eq!(meter.record_frame(600.0, 0, 0.0), None, "waits for a step");
        let readout = meter.record_frame(10_000.0, 0, 0.0).expect("window full");
        assert_eq!(readout.ms_per_step, None);
        assert_eq!(readout.ms_per_draw, None);
        assert_eq!(readout.steps_per_second, 0.0);
    }

    #[test]
    fn a_new_window_starts_after_each_readout() {
        let mut meter = PerfMeter::default();
        meter.record_frame(0.0, 0, 0.0);
        meter.record_draw(1.0);
        assert!(meter.record_frame(500.0, 5, 5.0).is_some());
        meter.record_draw(1.0);
        assert_eq!(meter.record_frame(600.0, 1, 1.0), None);
        let readout = meter.record_frame(1_000.0, 1, 3.0).expect("second window");
        assert!((readout.steps_per_second - 4.0).abs() < 1e-9); // 2 steps in 0.5 s
        assert_eq!(readout.ms_per_step, Some(2.0));
    }

    #[test]
    fn the_realtime_factor_is_said_only_when_slower() {
        let readout = |steps_per_second| PerfReadout {
            steps_per_second,
            ..PerfReadout::default()
        };
        assert!((readout(25.0).realtime_factor() - 1.0).abs() < 1e-12);
        assert_eq!(realtime_label(readout(25.0).realtime_factor()), "Echtzeit");
        assert_eq!(realtime_label(readout(24.0).realtime_factor()), "Echtzeit");
        assert_eq!(
            realtime_label(readout(7.5).realtime_factor()),
            "0,3 × Echtzeit"
        );
        assert_eq!(
            realtime_label(readout(1.0).realtime_factor()),
            "0,04 × Echtzeit"
        );
    }
}
