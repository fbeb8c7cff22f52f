//! The thin reactive shell around [`CorrelationWork`]: it passes „Berechnen“,
//! „Abbrechen“, the workers' events and every change of the simulation's
//! state to the machine, has its effects carried out by the app's
//! [`Driver`] (the correlations' own pool of Web Workers), and publishes
//! what the section shows. It lives as long as the app, so a result stays
//! while another page is shown, as long as the state is the same.

use leptos::prelude::*;

use super::work::{
    CorrelationExecutor, CorrelationNote, CorrelationResult, CorrelationWork, Progress, StateMark,
};
use crate::app::platform::driver::{CorrelationEvent, Driver};
use crate::app::platform::engine::WorkerFailure;
use crate::app::simulation::state::SwarmStore;
use crate::worker::correlations::CorrelationRequest;

/// What the section shows.
#[derive(Debug, Clone, Default)]
pub struct CorrelationReadout {
    pub progress: Option<Progress>,
    pub result: Option<CorrelationResult>,
    pub note: Option<CorrelationNote>,
}

/// The machine, the simulation it reads states from, and what views track.
#[derive(Debug, Clone, Copy)]
pub struct CorrelationStore {
    work: StoredValue<CorrelationWork>,
    driver: Driver,
    swarm: SwarmStore,
    readout: RwSignal<CorrelationReadout>,
}

impl CorrelationStore {
    /// Nothing computed; drops a job or result whenever the simulation's
    /// state changes.
    #[must_use]
    pub fn new(driver: Driver, swarm: SwarmStore) -> Self {
        let store = Self {
            work: StoredValue::new(CorrelationWork::new()),
            driver,
            swarm,
            readout: RwSignal::new(CorrelationReadout::default()),
        };
        let version = swarm.version();
        Effect::new(move |_| {
            let version = version.get();
            store.run(|work, executor| work.state_changed(version, executor));
        });
        store
    }

    /// What the section shows.
    #[must_use]
    pub fn readout(&self) -> ReadSignal<CorrelationReadout> {
        self.readout.read_only()
    }

    /// „Berechnen“: the correlations of the state the page shows, on
    /// `cores` workers.
    pub fn compute(&self, cores: u32) {
        let swarm = self.swarm;
        let version = swarm.version().get_untracked();
        swarm.with_swarm(|shown| {
            let Some(shown) = shown else { return };
            let mark = StateMark {
                version,
                step: shown.step_count(),
                radius: shown.params().radius,
            };
            self.run(|work, executor| {
                work.start(mark, shown.positions(), shown.velocities(), cores, executor);
            });
        });
    }

    /// „Abbrechen“.
    pub fn cancel(&self) {
        self.run(CorrelationWork::cancel);
    }

    fn on_event(&self, event: CorrelationEvent) {
        self.run(|work, executor| match event {
            CorrelationEvent::Blocks { worker, reply } => {
                let _ = work.blocks(worker, &reply, executor);
            }
            CorrelationEvent::Restarted { worker } => work.restarted(worker, executor),
            CorrelationEvent::Failed(why) => work.failed(why, executor),
        });
    }

    /// Runs a call on the machine with the browser's executor, then
    /// publishes what changed; nothing once the app is torn down.
    fn run(&self, call: impl FnOnce(&mut CorrelationWork, &mut Browser)) {
        let mut browser = Browser { store: *self };
        let readout = self.work.try_update_value(|work| {
            call(work, &mut browser);
            CorrelationReadout {
                progress: work.progress(),
                result: work.result().cloned(),
                note: work.note().cloned(),
            }
        });
        // Set, not compared: it changes with the simulation's version only,
        // and a comparison of results would cost the app's wasm more.
        if let Some(readout) = readout {
            self.readout.try_set(readout);
        }
    }
}

/// The browser side of the machine's effects: the app's driver.
struct Browser {
    store: CorrelationStore,
}

impl CorrelationExecutor for Browser {
    fn start_workers(&mut self, size: u32) -> Result<u32, WorkerFailure> {
        let store = self.store;
        self.store
            .driver
            .start_correlation_workers(size, move |event| store.on_event(event))
    }

    fn send(&mut self, worker: usize, request: CorrelationRequest) {
        self.store.driver.send_correlations(worker, request);
    }

    fn stop_workers(&mut self) {
        self.store.driver.stop_correlation_workers();
    }
}
