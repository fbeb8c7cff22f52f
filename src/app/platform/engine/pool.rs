//! The Web Workers that compute the steering: one per „Rechenkern“, each
//! given one share of the rows of every state (wasm only; natively there are
//! no workers and the store computes on its own thread). A study's pool of
//! its own uses the same workers differently: each computes whole runs, one
//! at a time ([`WorkerPool::send_run`]); the correlations' pool gives
//! each a range of blocks at a time ([`WorkerPool::send_correlations`]).
//!
//! Why not gloo-worker: its messages are serialised with bincode into a copied
//! byte array, while a state of 50 000 boids should travel as transferred
//! typed arrays; it also wants one worker per bridge and assumes the app is
//! served at the root of the host.

use super::WorkerFailure;
use crate::worker::correlations::{CorrelationReply, CorrelationRequest};
use crate::worker::protocol::ShareReply;
use crate::worker::study::{RunReply, RunRequest};

/// Says something happened in the pool. A failure is delivered outside the
/// worker's own event handler, so that the receiver may drop the pool.
// Natively the pool never starts, so nothing sends these; the driver still routes them.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
#[derive(Debug, Clone, PartialEq)]
pub enum PoolEvent {
    /// A share's answer.
    Reply(ShareReply),
    /// A study run's row, from worker `worker`.
    Row { worker: usize, reply: RunReply },
    /// A range of blocks' correlation sums, from worker `worker`.
    CorrelationBlocks {
        worker: usize,
        reply: CorrelationReply,
    },
    /// Worker `worker` crashed, or sent an answer that cannot be read,
    /// after the pool had started and was replaced by a fresh one: whatever
    /// it was computing is lost and must be sent again (it is queued until
    /// the new worker is ready).
    Restarted { worker: usize },
    /// The workers cannot be used (blocked, failed to load, crashing again
    /// and again, of another build): why.
    Failed(WorkerFailure),
}

#[cfg(target_arch = "wasm32")]
pub use self::web::WorkerPool;

#[cfg(not(target_arch = "wasm32"))]
pub use self::native::WorkerPool;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::{CorrelationRequest, PoolEvent, RunRequest, WorkerFailure};
    use crate::model::Kinematics;

    /// Natively there are no Web Workers: [`WorkerPool::spawn`] always fails.
    #[derive(Debug)]
    pub struct WorkerPool;

    impl WorkerPool {
        /// Always `Err`: only a browser has workers.
        pub fn spawn(
            _size: u32,
            _on_event: impl Fn(PoolEvent) + 'static,
        ) -> Result<Self, WorkerFailure> {
            Err(WorkerFailure::Refused(None))
        }

        /// The number of workers (never called natively).
        #[must_use]
        pub fn size(&self) -> u32 {
            0
        }

        /// Sends a job's shares (never called natively).
        pub fn dispatch(&self, _job: u32, _kinematics: &Kinematics) {}

        /// Sends a study run to one worker (never called natively).
        pub fn send_run(&self, _worker: usize, _request: &RunRequest) {}

        /// Sends a range of blocks to one worker (never called natively).
        pub fn send_correlations(&self, _worker: usize, _request: CorrelationRequest) {}
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    use gloo_timers::callback::Timeout;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::{MessageEvent, Worker};

    use super::{CorrelationRequest, PoolEvent, RunRequest, WorkerFailure};
    use crate::app::platform::engine::scheduler::shares;
    use crate::model::Kinematics;
    use crate::worker::js::{self, Outgoing};
    use crate::worker::messages::{DecodeError, FromWorker, Refusal, ToWorker};
    use crate::worker::protocol::{ShareRequest, flatten};

    /// How long the workers may take to load and start, in ms.
    const START_TIMEOUT_MS: u32 = 20_000;

    /// How many crashed workers one pool replaces; the next crash fails the
    /// pool, so a job that crashes every worker cannot loop for ever.
    const MAX_RESTARTS: u32 = 4;

    /// A worker's event handler, kept alive as long as the pool.
    type Handler = Closure<dyn FnMut(JsValue)>;

    /// The workers, started together; terminated when the pool is dropped.
    pub struct WorkerPool {
        inner: Rc<Inner>,
    }

    struct Inner {
        /// A crashed worker's place is taken by a fresh one.
        workers: RefCell<Vec<Worker>>,
        ready: Cell<usize>,
        /// Set once every worker was ready: a failure after it is a crash
        /// of one worker, which is replaced, not a start that failed.
        started: Cell<bool>,
        restarts: Cell<u32>,
        /// Set once a failure was reported: nothing more is sent or reported.
        failed: Cell<bool>,
        /// Messages for workers that are not ready yet (a worker drops what
        /// arrives before its wasm runs).
        waiting: RefCell<Vec<(usize, Outgoing)>>,
        on_event: Rc<dyn Fn(PoolEvent)>,
        handlers: RefCell<Vec<Handler>>,
        start_timeout: RefCell<Option<Timeout>>,
    }

    /// The worker's loader (`web/worker_loader.js`), copied beside the
    /// main script: below the app's base path, so it is found there too.
    fn worker_url() -> String {
        format!(
            "{}/worker_loader.js",
            crate::app::platform::base_path::base_path()
        )
    }

    impl WorkerPool {
        /// Starts `size` workers; `on_event` receives their answers and a
        /// failure (at most one; after it the pool is useless).
        pub fn spawn(
            size: u32,
            on_event: impl Fn(PoolEvent) + 'static,
        ) -> Result<Self, WorkerFailure> {
            Self::spawn_with(size, Rc::new(on_event))
        }

        /// [`WorkerPool::spawn`] once for every pool's callback: the pools
        /// of the simulation, the study and the correlations share this
        /// code in the app's wasm instead of each having a copy.
        fn spawn_with(size: u32, on_event: Rc<dyn Fn(PoolEvent)>) -> Result<Self, WorkerFailure> {
            let url = worker_url();
            let mut workers = Vec::new();
            for _ in 0..size.max(1) {
                match Worker::new(&url) {
                    Ok(worker) => workers.push(worker),
                    Err(error) => {
                        workers.iter().for_each(Worker::terminate);
                        return Err(WorkerFailure::Refused(
                            error
                                .dyn_ref::<js_sys::Error>()
                                .map(|error| String::from(error.message()))
                                .or_else(|| error.as_string()),
                        ));
                    }
                }
            }
            let inner = Rc::new(Inner {
                workers: RefCell::new(workers),
                ready: Cell::new(0),
                started: Cell::new(false),
                restarts: Cell::new(0),
                failed: Cell::new(false),
                waiting: RefCell::new(Vec::new()),
                on_event,
                handlers: RefCell::new(Vec::new()),
                start_timeout: RefCell::new(None),
            });
            let count = inner.workers.borrow().len();
            for index in 0..count {
                Inner::hook(&inner, index);
            }
            Inner::watch_start(&inner);
            Ok(Self { inner })
        }

        /// The number of workers.
        #[must_use]
        pub fn size(&self) -> u32 {
            self.inner.workers.borrow().len() as u32
        }

        /// Sends share k of the state to worker k under job number `job`.
        pub fn dispatch(&self, job: u32, kinematics: &Kinematics) {
            if self.inner.failed.get() {
                return;
            }
            let positions = flatten(kinematics.positions());
            let velocities = flatten(kinematics.velocities());
            let radius = kinematics.params().radius;
            for (index, share) in shares(self.size()).enumerate() {
                let request = ShareRequest {
                    job,
                    share,
                    radius,
                    positions: positions.clone(),
                    velocities: velocities.clone(),
                };
                self.send(index, js::request(ToWorker::Share(request)));
            }
        }

        /// Sends one whole study run to worker `worker` (its row comes back
        /// as [`PoolEvent::Row`]).
        pub fn send_run(&self, worker: usize, request: &RunRequest) {
            if !self.inner.failed.get() {
                self.send(worker, js::request(ToWorker::Run(*request)));
            }
        }

        /// Sends a range of blocks of a state to worker `worker` (its sums
        /// come back as [`PoolEvent::CorrelationBlocks`]).
        pub fn send_correlations(&self, worker: usize, request: CorrelationRequest) {
            if !self.inner.failed.get() {
                self.send(worker, js::request(ToWorker::Correlations(request)));
            }
        }

        /// Posts a message to one worker, or keeps it until all are ready.
        fn send(&self, worker: usize, message: Outgoing) {
            if self.inner.ready.get() == self.inner.workers.borrow().len() {
                Inner::post(&self.inner, worker, &message);
            } else {
                self.inner.waiting.borrow_mut().push((worker, message));
            }
        }
    }

    impl Drop for WorkerPool {
        fn drop(&mut self) {
            self.inner.failed.set(true);
            for worker in self.inner.workers.borrow().iter() {
                // Unhooked first: an event already queued must not reach a
                // handler that is dropped with the pool.
                worker.set_onmessage(None);
                worker.set_onerror(None);
                worker.set_onmessageerror(None);
                worker.terminate();
            }
            self.inner.start_timeout.take();
        }
    }

    impl Inner {
        /// Connects worker `index`'s events to the pool.
        fn hook(this: &Rc<Self>, index: usize) {
            let weak = Rc::downgrade(this);
            let on_message = Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
                if let Some(inner) = weak.upgrade() {
                    let data = event.unchecked_into::<MessageEvent>().data();
                    Inner::receive(&inner, index, &data);
                }
            });
            let weak = Rc::downgrade(this);
            let on_error = Closure::<dyn FnMut(JsValue)>::new(move |_event: JsValue| {
                if let Some(inner) = weak.upgrade() {
                    Inner::crashed(&inner, index);
                }
            });
            if let Some(worker) = this.workers.borrow().get(index) {
                worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
                worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
                worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));
            }
            this.handlers.borrow_mut().extend([on_message, on_error]);
        }

        /// Fails the pool unless every worker is ready within the time.
        fn watch_start(this: &Rc<Self>) {
            let weak = Rc::downgrade(this);
            let timeout = Timeout::new(START_TIMEOUT_MS, move || {
                if let Some(inner) = weak.upgrade()
                    && inner.ready.get() < inner.workers.borrow().len()
                {
                    Inner::fail(&inner, WorkerFailure::NotStarted);
                }
            });
            this.start_timeout.replace(Some(timeout));
        }

        /// Worker `index` threw (a panic in its wasm, say) or got a message
        /// it could not read: before the pool started that is a failed
        /// start; after it, the worker is replaced by a fresh one and the
        /// owner is told to send its work again.
        fn crashed(this: &Rc<Self>, index: usize) {
            if this.failed.get() {
                return;
            }
            if !this.started.get() || this.restarts.get() >= MAX_RESTARTS {
                Self::fail(this, WorkerFailure::Crashed);
                return;
            }
            let Ok(fresh) = Worker::new(&worker_url()) else {
                Self::fail(this, WorkerFailure::Crashed);
                return;
            };
            this.restarts.set(this.restarts.get() + 1);
            if let Some(old) = this.workers.borrow_mut().get_mut(index) {
                old.set_onmessage(None);
                old.set_onerror(None);
                old.set_onmessageerror(None);
                old.terminate();
                *old = fresh;
            }
            // Until the fresh worker says it is ready, messages wait.
            this.ready.set(this.ready.get().saturating_sub(1));
            Self::hook(this, index);
            Self::watch_start(this);
            Self::deliver(this, PoolEvent::Restarted { worker: index });
        }

        fn post(this: &Rc<Self>, index: usize, message: &Outgoing) {
            let posted = this.workers.borrow().get(index).map(|worker| {
                worker.post_message_with_transfer(&message.message, &message.transfer)
            });
            if matches!(posted, Some(Err(_))) {
                Self::fail(this, WorkerFailure::NotDelivered);
            }
        }

        fn receive(this: &Rc<Self>, worker: usize, data: &JsValue) {
            if this.failed.get() {
                return;
            }
            match js::read_answer(data) {
                Ok(FromWorker::Ready) => {
                    this.ready.set(this.ready.get() + 1);
                    if this.ready.get() == this.workers.borrow().len() {
                        this.started.set(true);
                        this.start_timeout.take();
                        let waiting = std::mem::take(&mut *this.waiting.borrow_mut());
                        for (worker, message) in &waiting {
                            Self::post(this, *worker, message);
                        }
                    }
                }
                Ok(FromWorker::Share(reply)) => (this.on_event)(PoolEvent::Reply(reply)),
                Ok(FromWorker::Row(reply)) => (this.on_event)(PoolEvent::Row { worker, reply }),
                Ok(FromWorker::CorrelationBlocks(reply)) => {
                    (this.on_event)(PoolEvent::CorrelationBlocks { worker, reply });
                }
                Ok(FromWorker::Refused(
                    Refusal::Share(_)
                    | Refusal::Run(_)
                    | Refusal::Correlations(_)
                    | Refusal::Unreadable,
                )) => {
                    Self::fail(this, WorkerFailure::RequestRefused);
                }
                // A worker of another build computes nothing for this page.
                Err(DecodeError::OtherBuild(_)) => Self::fail(this, WorkerFailure::OtherBuild),
                // An answer that cannot be read, or one no pool asks for,
                // comes from a worker that is no longer sound.
                Ok(FromWorker::Imported(_) | FromWorker::ImportRefused(_))
                | Err(
                    DecodeError::NotAPacket
                    | DecodeError::UnknownKind(_)
                    | DecodeError::BadField(_),
                ) => {
                    Self::crashed(this, worker);
                }
            }
        }

        fn fail(this: &Rc<Self>, why: WorkerFailure) {
            if !this.failed.replace(true) {
                Self::deliver(this, PoolEvent::Failed(why));
            }
        }

        /// Hands an event over after the current handler has returned, so
        /// that the receiver may drop the pool.
        fn deliver(this: &Rc<Self>, event: PoolEvent) {
            let on_event = Rc::clone(&this.on_event);
            Timeout::new(0, move || on_event(event)).forget();
        }
    }
}
