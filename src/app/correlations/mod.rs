//! „Struktur und Korrelation“ of the table page (SPEC §10): the plain state
//! machine that shares a state's correlations among Web Workers and puts
//! their sums together ([`work`]), and its thin reactive shell ([`store`]).

pub mod store;
pub mod work;

pub use store::CorrelationStore;
