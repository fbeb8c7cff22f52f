//! Why the model's Web Workers cannot be used, as data: the words are
//! `texts::engine`'s.

/// Why the Web Workers cannot be used (any more).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkerFailure {
    /// The browser refused to start a worker; its own words, if it gave any.
    Refused(Option<String>),
    /// The workers did not say they were ready in time.
    NotStarted,
    /// A worker crashed before the pool had started, or crashed too often.
    Crashed,
    /// A message could not be posted to a worker.
    NotDelivered,
    /// A worker could not read what it was asked.
    RequestRefused,
    /// A worker's answers could not be read or used, again and again.
    Unusable,
    /// A worker belongs to another build of the app than the page (a tab
    /// that was not reloaded after an update, or a stale cache): nothing is
    /// computed with mixed versions until the page is reloaded.
    OtherBuild,
}
