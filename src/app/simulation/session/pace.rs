//! Running in real time: the clock of SPEC §3 turns frames into owed steps,
//! and the meter measures how fast the run goes. A [`Pace`] exists only
//! while the swarm runs, so Pause discards the partly elapsed step time, the
//! owed steps and the measurement window by dropping it.

use crate::app::simulation::clock::{Clock, MAX_FRAME_MICROS, STEP_MICROS};
use crate::app::simulation::perf::{PerfMeter, PerfReadout};

/// The most owed steps that wait for the computation: what one frame may owe
/// (250 ms plus a carry below one step). When the steps cannot keep up, real
/// time beyond this is dropped, as the clock drops gaps beyond 250 ms.
pub const MAX_OWED_STEPS: u32 = (MAX_FRAME_MICROS / STEP_MICROS) as u32 + 1;

/// The clock, the owed steps and the performance meter of one run.
#[derive(Debug, Clone, Default)]
pub struct Pace {
    clock: Clock,
    /// Steps due that have not been started yet, at most [`MAX_OWED_STEPS`].
    owed: u32,
    /// Steps landed since the last frame, and their computation time (ms).
    landed_steps: u32,
    landed_ms: f64,
    meter: PerfMeter,
    readout: Option<PerfReadout>,
}

impl Pace {
    /// A run that has not seen a frame yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// An animation frame at `now_ms`: adds the steps the clock owes and
    /// publishes a readout when the meter's window is full.
    pub fn frame(&mut self, now_ms: f64) {
        let due = self.clock.tick(now_ms);
        self.owed = self.owed.saturating_add(due).min(MAX_OWED_STEPS);
        let steps = std::mem::take(&mut self.landed_steps);
        let ms = std::mem::take(&mut self.landed_ms);
        if let Some(readout) = self.meter.record_frame(now_ms, steps, ms) {
            self.readout = Some(readout);
        }
    }

    /// Takes one owed step (the caller starts it); `false` when none is owed.
    pub fn take_owed_step(&mut self) -> bool {
        let take = self.owed > 0;
        if take {
            self.owed -= 1;
        }
        take
    }

    /// Drops the owed steps not started yet (the main thread's frame budget
    /// is spent).
    pub fn drop_owed(&mut self) {
        self.owed = 0;
    }

    /// Owed steps not started yet.
    #[cfg(test)]
    #[must_use]
    pub fn owed(&self) -> u32 {
        self.owed
    }

    /// A step of this run landed after `ms` of computation.
    pub fn count_step(&mut self, ms: f64) {
        self.landed_steps += 1;
        self.landed_ms += ms;
    }

    /// Drawing the view once took `ms`.
    pub fn record_draw(&mut self, ms: f64) {
        self.meter.record_draw(ms);
    }

    /// The latest readout; `None` until a window is full.
    #[must_use]
    pub fn readout(&self) -> Option<PerfReadout> {
        self.readout
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owed_steps_hold_at_most_one_frame_of_real_time() {
        // 250 ms with a carry of 39 ms is 7 steps; never more.
        assert_eq!(MAX_OWED_STEPS, 7);
        let mut pace = Pace::new();
        pace.frame(0.0);
        pace.frame(30.0);
        for later in [5_000.0, 10_000.0] {
            pace.frame(later);
        }
        assert_eq!(pace.owed(), MAX_OWED_STEPS);
        assert!(pace.take_owed_step());
        assert_eq!(pace.owed(), MAX_OWED_STEPS - 1);
        pace.drop_owed();
        assert!(!pace.take_owed_step());
    }

    #[test]
    fn landed_steps_are_measured_at_the_next_frame() {
        let mut pace = Pace::new();
        pace.frame(0.0);
        pace.count_step(4.0);
        pace.record_draw(1.0);
        pace.frame(600.0);
        let readout = pace.readout().expect("a full window");
        assert_eq!(readout.ms_per_step, Some(4.0));
    }
}
