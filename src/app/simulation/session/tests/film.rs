//! SPEC §9 „Film aufnehmen“: one frame per step, each step only after the
//! frame before was taken, ending paused exactly where K Schritte end.

use super::*;

impl Shell {
    fn film(&mut self, steps: u64) -> Result<(), GoToError> {
        self.act(|session, now| session.film(steps, now))
    }

    fn take_frame(&mut self) -> bool {
        self.act(Session::film_frame_taken)
    }

    /// The frame the status shows and whether the view must take it now.
    fn filming(&self) -> Option<(u64, u64, bool)> {
        match self.session.busy() {
            Some(Busy::Filming { frame, frames, due }) => Some((frame, frames, due)),
            _ => None,
        }
    }
}

#[test]
fn a_film_takes_one_frame_per_step_and_ends_paused_after_k_steps() {
    let mut shell = Shell::with_workers(2);
    shell.initialise(&small());
    shell.answer();
    for _ in 0..3 {
        shell.step();
        shell.answer();
    }
    shell.film(4).expect("a swarm to film");
    // Every frame is the state of one step, in order, and nothing is
    // computed while a frame is due.
    let mut frames = Vec::new();
    let mut last = false;
    while !last {
        let (frame, total, due) = shell.filming().expect("filming");
        assert!(due, "frame {frame} is due");
        assert_eq!(total, 5, "K + 1 frames");
        assert!(shell.sent.is_empty(), "no step before the frame is taken");
        frames.push((frame, shell.json().expect("a swarm")));
        last = shell.take_frame();
        if !last {
            assert_eq!(shell.filming(), Some((frame + 1, 5, false)), "computing");
            assert!(shell.answer(), "the next step was sent");
        }
    }
    let expected: Vec<_> = (3..=7).map(|step| (step - 2, by_hand(step))).collect();
    assert_eq!(frames, expected);
    assert_eq!(shell.json(), Some(by_hand(7)), "as after K × Schritt");
    assert_eq!(shell.session.busy(), None);
    assert_eq!(shell.session.run_state(), RunState::Paused);
    assert!(!shell.take_frame(), "no film: ignored");
    assert_eq!(shell.series_csv(), model_series(7), "every step's measures");
}

#[test]
fn a_film_on_the_main_thread_also_waits_for_each_frame() {
    let mut shell = Shell::main_thread();
    shell.initialise(&small());
    shell.film(2).expect("a swarm");
    assert_eq!(shell.filming(), Some((1, 3, true)));
    assert_eq!(shell.step_count(), Some(0), "the first frame is step 0");
    assert!(!shell.take_frame());
    assert_eq!(shell.filming(), Some((2, 3, true)), "computed at once");
    assert_eq!(shell.step_count(), Some(1));
    assert!(!shell.take_frame());
    assert!(shell.take_frame(), "the last frame");
    assert_eq!(shell.json(), Some(by_hand(2)));
}

#[test]
fn cancelling_a_film_keeps_the_swarm_where_it_stood() {
    let mut shell = Shell::with_workers(1);
    shell.initialise(&small());
    shell.answer();
    shell.film(10).expect("a swarm");
    shell.take_frame();
    shell.answer();
    shell.take_frame();
    // Abbrechen while step 2 is computed: it is dropped.
    shell.pause();
    shell.settle();
    assert_eq!(shell.json(), Some(by_hand(1)));
    assert_eq!(shell.session.busy(), None);
    assert!(!shell.take_frame(), "a late frame changes nothing");
    assert_eq!(shell.json(), Some(by_hand(1)));
    // Schritt and an edit stop a film too.
    shell.film(10).expect("a swarm");
    shell.step();
    shell.answer();
    assert_eq!(shell.session.busy(), None);
    assert_eq!(shell.json(), Some(by_hand(2)));
    shell.film(10).expect("a swarm");
    shell.reset();
    assert_eq!(shell.filming(), None);
}

#[test]
fn a_film_needs_a_swarm_and_room_before_the_largest_step() {
    let mut shell = Shell::main_thread();
    assert_eq!(shell.film(5), Err(GoToError::NoSwarm));
    shell.load(&stepped(3));
    assert_eq!(
        shell.film(crate::model::MAX_STEP),
        Err(GoToError::BeyondLast)
    );
    assert_eq!(shell.session.busy(), None, "nothing started");
    // A film from a way to a step begins where the way stands.
    shell.go_to(9).expect("forward");
    shell.film(0).expect("one frame");
    assert_eq!(shell.filming(), Some((1, 1, true)));
    assert!(shell.take_frame(), "the only frame is the last");
    assert_eq!(shell.step_count(), Some(9));
}
