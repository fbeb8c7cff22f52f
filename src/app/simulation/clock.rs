//! The clock of SPEC §3 that turns real time into whole 40 ms model steps.
//!
//! A plain type without browser access: the animation-frame loop feeds it
//! timestamps (milliseconds, as `performance.now()` gives them) and takes the
//! number of steps it returns. Time is kept in integer microseconds so that the
//! carried remainder never drifts.

/// Real time per model step, in microseconds (40 ms).
pub const STEP_MICROS: u64 = 40_000;

/// The most real time one frame may add, in microseconds (250 ms). A longer gap
/// (a stalled tab, a breakpoint) is dropped instead of caught up.
pub const MAX_FRAME_MICROS: u64 = 250_000;

/// Converts frame timestamps into whole steps and carries the remainder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Clock {
    /// Timestamp of the previous frame in microseconds; `None` before the first.
    last_micros: Option<u64>,
    /// Real time not yet spent on a step, always below [`STEP_MICROS`].
    carry_micros: u64,
}

impl Clock {
    /// Takes the timestamp of an animation frame (ms) and returns how many whole
    /// steps are due. The first frame only sets the start time (a pause drops
    /// the clock with its run's `Pace`, so the partly elapsed step time is
    /// discarded). Each frame adds at most 250 ms; a timestamp that goes
    /// backwards or is not finite adds nothing.
    pub fn tick(&mut self, now_ms: f64) -> u32 {
        let now = to_micros(now_ms);
        let Some(last) = self.last_micros.replace(now) else {
            return 0;
        };
        let elapsed = now.saturating_sub(last).min(MAX_FRAME_MICROS);
        let total = self.carry_micros + elapsed;
        self.carry_micros = total % STEP_MICROS;
        // At most 250 ms + 40 ms of time: a handful of steps, fits any u32.
        (total / STEP_MICROS) as u32
    }

    /// The carried real time that is not yet a whole step, in milliseconds.
    #[cfg(test)]
    #[must_use]
    pub fn carry_ms(&self) -> f64 {
        self.carry_micros as f64 / 1000.0
    }

    /// Whether the clock has seen a frame.
    #[cfg(test)]
    #[must_use]
    pub fn is_started(&self) -> bool {
        self.last_micros.is_some()
    }
}

/// Milliseconds to whole microseconds; negative or non-finite input gives 0.
fn to_micros(ms: f64) -> u64 {
    if ms.is_finite() && ms > 0.0 {
        // Saturating float-to-int cast; timestamps are far below u64::MAX µs.
        (ms * 1000.0).round() as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds timestamps and sums the steps.
    fn run(clock: &mut Clock, stamps: &[f64]) -> u32 {
        stamps.iter().map(|&t| clock.tick(t)).sum()
    }

    #[test]
    fn first_frame_only_starts_the_clock() {
        let mut clock = Clock::default();
        assert_eq!(clock.tick(1_000.0), 0);
        assert!(clock.is_started());
        assert_eq!(clock.carry_ms(), 0.0);
    }

    #[test]
    fn whole_steps_are_taken_and_the_remainder_carries() {
        let mut clock = Clock::default();
        clock.tick(0.0);
        assert_eq!(clock.tick(30.0), 0);
        assert_eq!(clock.carry_ms(), 30.0);
        assert_eq!(clock.tick(60.0), 1); // 60 ms: one step, 20 ms carried
        assert_eq!(clock.carry_ms(), 20.0);
        assert_eq!(clock.tick(140.0), 2); // 20 + 80 = 100 ms: two steps, 20 ms
        assert_eq!(clock.carry_ms(), 20.0);
    }

    #[test]
    fn sixty_hertz_frames_give_twenty_five_steps_per_second() {
        let mut clock = Clock::default();
        let stamps: Vec<f64> = (0..=60).map(|i| f64::from(i) * 1000.0 / 60.0).collect();
        assert_eq!(run(&mut clock, &stamps), 25);
        assert_eq!(clock.carry_ms(), 0.0);
    }

    #[test]
    fn a_long_frame_adds_at_most_250_ms() {
        let mut clock = Clock::default();
        clock.tick(0.0);
        assert_eq!(clock.tick(5_000.0), 6); // 250 ms: 6 steps, 10 ms carried
        assert_eq!(clock.carry_ms(), 10.0);
        assert_eq!(clock.tick(5_030.0), 1); // 10 + 30 = 40 ms
        assert_eq!(clock.carry_ms(), 0.0);
    }

    #[test]
    fn exactly_250_ms_is_not_cut() {
        let mut clock = Clock::default();
        clock.tick(0.0);
        clock.tick(30.0); // carry 30
        assert_eq!(clock.tick(280.0), 7); // 30 + 250 = 280 ms = 7 steps
    }

    #[test]
    fn time_going_backwards_adds_nothing() {
        let mut clock = Clock::default();
        clock.tick(100.0);
        clock.tick(130.0);
        assert_eq!(clock.tick(50.0), 0);
        assert_eq!(clock.carry_ms(), 30.0);
        assert_eq!(clock.tick(60.0), 1); // counts from the new timestamp
    }

    #[test]
    fn non_finite_timestamps_add_nothing() {
        let mut clock = Clock::default();
        clock.tick(100.0);
        assert_eq!(clock.tick(f64::NAN), 0);
        assert_eq!(clock.tick(f64::INFINITY), 0);
        assert_eq!(clock.carry_ms(), 0.0);
    }

    #[test]
    fn fractional_milliseconds_do_not_drift() {
        // Frames of 13.333… ms would drift with float sums; integers do not.
        let mut clock = Clock::default();
        let stamps: Vec<f64> = (0..=3_000).map(|i| f64::from(i) * 40.0 / 3.0).collect();
        // 3000 frames × 13.333… ms = 40 s = 1000 steps.
        assert_eq!(run(&mut clock, &stamps), 1_000);
    }
}
