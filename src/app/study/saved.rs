//! The study's rows in the old format: local storage, where versions before
//! the browser's database ([`super::shelf`], IndexedDB) kept the study last
//! started. A study found there is carried over into the database on the
//! first start of the new version and removed from local storage once the
//! database confirmed it ([`super::session`]). The chunk format is the
//! database's too ([`read_chunks`], [`chunk_of`]).
//!
//! Layout: the rows of a plan are kept in chunks of [`CHUNK`] runs, each
//! under `boids-schwarm.study.v1.<plan hash>.<chunk>` as the rows' lines in
//! run order; the plan of the study last started under [`PLAN_KEY`] as its
//! JSON text. Reading back checks every chunk as the results CSV reader
//! does: a chunk that is not rows of this plan is dropped (its runs count as
//! missing) and the page says so.

use std::collections::BTreeMap;

use super::shelf::Chunk;
use crate::model::study::{Columns, Plan, PlanId, ResultRow, ResultsFile, results_header};

/// The key of the plan of the study last started (its JSON text).
pub const PLAN_KEY: &str = "boids-schwarm.study.plan.v1";
/// Every chunk's key starts with this.
const ROWS_PREFIX: &str = "boids-schwarm.study.v1.";
/// Runs per stored chunk.
pub const CHUNK: u64 = 50;

/// A key-value store of texts: the browser's local storage, or memory.
pub trait Shelf {
    fn get(&self, key: &str) -> Option<String>;
    /// `false` when the store refuses (full, disabled). Only the tests
    /// write the old format.
    #[cfg(test)]
    fn set(&mut self, key: &str, value: &str) -> bool;
    fn remove(&mut self, key: &str);
}

/// The key of chunk `chunk` of plan `id`.
#[must_use]
pub fn chunk_key(id: PlanId, chunk: u64) -> String {
    format!("{ROWS_PREFIX}{}.{chunk}", id.hex())
}

/// The rows read back for a plan.
#[derive(Debug, Clone, PartialEq)]
pub struct Restored {
    pub rows: BTreeMap<u64, ResultRow>,
    /// Their columns: version 1 for a study computed before version 2,
    /// else what this program writes for the plan.
    pub columns: Columns,
    /// Whether a stored chunk was not rows of this plan (and was dropped).
    pub damaged: bool,
}

/// Reads the rows of `plan` kept in the old format; a damaged chunk is
/// removed.
pub fn restore(shelf: &mut impl Shelf, plan: &Plan) -> Restored {
    let id = plan.id();
    let chunks: Vec<Chunk> = (0..id.runs.div_ceil(CHUNK))
        .filter_map(|chunk| shelf.get(&chunk_key(id, chunk)).map(|text| (chunk, text)))
        .collect();
    let restored = read_chunks(plan, chunks.clone());
    for (chunk, text) in chunks {
        if read_chunk(plan, restored.columns, chunk, &text).is_none() {
            shelf.remove(&chunk_key(id, chunk));
        }
    }
    restored
}

/// The rows of `plan` in these stored chunks (number and text); a chunk
/// that is not rows of this plan's runs of that chunk is dropped. A
/// study's rows are of one version: the first chunk with rows decides
/// which (a plan of every measure may have been computed as version 1); a
/// chunk of the other version is dropped like a damaged one.
#[must_use]
pub fn read_chunks(plan: &Plan, chunks: Vec<Chunk>) -> Restored {
    let current = plan.columns();
    let mut versions = vec![current];
    if plan.measures.is_all() {
        versions.push(Columns::VERSION_1);
    }
    let mut rows = BTreeMap::new();
    let mut damaged = false;
    let mut decided: Option<Columns> = None;
    for (chunk, text) in chunks {
        let read = match decided {
            Some(columns) => read_chunk(plan, columns, chunk, &text),
            None if text.is_empty() => Some(BTreeMap::new()),
            None => versions.iter().find_map(|&columns| {
                let read = read_chunk(plan, columns, chunk, &text)?;
                decided = Some(columns);
                Some(read)
            }),
        };
        match read {
            Some(chunk_rows) => rows.extend(chunk_rows),
            None => damaged = true,
        }
    }
    Restored {
        rows,
        columns: decided.unwrap_or(current),
        damaged,
    }
}

/// The rows of one stored chunk in `columns`: complete lines of this
/// plan's runs of that chunk, or `None`.
fn read_chunk(
    plan: &Plan,
    columns: Columns,
    chunk: u64,
    text: &str,
) -> Option<BTreeMap<u64, ResultRow>> {
    if !text.is_empty() && !text.ends_with('\n') {
        return None;
    }
    let file = ResultsFile::parse(&format!("{}{text}", results_header(plan.id(), columns))).ok()?;
    file.check_plan(plan).ok()?;
    let runs = chunk * CHUNK..(chunk + 1) * CHUNK;
    file.rows
        .keys()
        .all(|run| runs.contains(run))
        .then_some(file.rows)
}

/// The chunk of `run`: its number and the lines of the rows of `rows` in it.
#[must_use]
pub fn chunk_of(rows: &BTreeMap<u64, ResultRow>, run: u64) -> Chunk {
    let chunk = run / CHUNK;
    let text = rows
        .range(chunk * CHUNK..(chunk + 1) * CHUNK)
        .map(|(_, row)| row.line.as_str())
        .collect();
    (chunk, text)
}

/// Keeps the chunk of `run` in the old format (the tests' old studies).
/// Returns `false` when the store refused.
#[cfg(test)]
pub fn save_run(
    shelf: &mut impl Shelf,
    id: PlanId,
    rows: &BTreeMap<u64, ResultRow>,
    run: u64,
) -> bool {
    let (chunk, text) = chunk_of(rows, run);
    shelf.set(&chunk_key(id, chunk), &text)
}

/// Keeps the plan's JSON text as the old format's study last started.
#[cfg(test)]
pub fn save_plan(shelf: &mut impl Shelf, text: &str) -> bool {
    shelf.set(PLAN_KEY, text)
}

/// The old format's study last started: its JSON text and plan, if one is
/// kept and still a valid plan.
#[must_use]
pub fn load_plan(shelf: &impl Shelf) -> Option<(String, Plan)> {
    let text = shelf.get(PLAN_KEY)?;
    let plan = Plan::parse(text.as_bytes()).ok()?;
    Some((text, plan))
}

/// Removes every row of plan `id` kept in the old format (once the
/// browser's database confirmed its copy).
pub fn forget(shelf: &mut impl Shelf, id: PlanId) {
    for chunk in 0..id.runs.div_ceil(CHUNK) {
        shelf.remove(&chunk_key(id, chunk));
    }
}

/// A shelf in memory, with an optional limit on the bytes of its texts:
/// natively the app's stand-in for local storage, and the tests' store.
#[cfg(any(not(target_arch = "wasm32"), test))]
#[derive(Debug, Clone, Default)]
pub struct MemoryShelf {
    pub texts: BTreeMap<String, String>,
    #[cfg(test)]
    pub limit: Option<usize>,
}

#[cfg(any(not(target_arch = "wasm32"), test))]
impl Shelf for MemoryShelf {
    fn get(&self, key: &str) -> Option<String> {
        self.texts.get(key).cloned()
    }

    #[cfg(test)]
    fn set(&mut self, key: &str, value: &str) -> bool {
        let others: usize = self
            .texts
            .iter()
            .filter(|(k, _)| k.as_str() != key)
            .map(|(k, v)| k.len() + v.len())
            .sum();
        if self
            .limit
            .is_some_and(|limit| others + key.len() + value.len() > limit)
        {
            return false;
        }
        self.texts.insert(key.to_owned(), value.to_owned());
        true
    }

    fn remove(&mut self, key: &str) {
        self.texts.remove(key);
    }
}

/// The browser's local storage (wasm only); every call is a no-op or
/// `None` where the browser has none.
#[cfg(target_arch = "wasm32")]
#[derive(Debug, Clone, Copy, Default)]
pub struct LocalShelf;

#[cfg(target_arch = "wasm32")]
impl LocalShelf {
    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }
}

#[cfg(target_arch = "wasm32")]
impl Shelf for LocalShelf {
    fn get(&self, key: &str) -> Option<String> {
        Self::storage()?.get_item(key).ok().flatten()
    }

    #[cfg(test)]
    fn set(&mut self, key: &str, value: &str) -> bool {
        Self::storage().is_some_and(|storage| storage.set_item(key, value).is_ok())
    }

    fn remove(&mut self, key: &str) {
        if let Some(storage) = Self::storage() {
            let _ = storage.remove_item(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 60 runs (two chunks) of a tiny swarm.
    fn plan(seeds: u32) -> Plan {
        let text = format!(
            r#"{{"format": "boids-schwarm-study", "version": 1, "base": {{"count": 3}},
               "sweep": [{{"parameter": "cohesion", "values": [0, 1]}}],
               "seeds": {{"from": 1, "count": {seeds}}}, "steps": 2, "burn_in": 0}}"#
        );
        Plan::parse(text.as_bytes()).expect("valid plan")
    }

    fn rows(plan: &Plan, runs: impl Iterator<Item = u64>) -> BTreeMap<u64, ResultRow> {
        let runs: Vec<u64> = runs.collect();
        super::super::computed_rows(plan, |run| runs.contains(&run))
    }

    #[test]
    fn saved_rows_come_back_chunk_by_chunk() {
        let plan = plan(30);
        let all = rows(&plan, (0..60).filter(|run| run % 7 != 3));
        let mut shelf = MemoryShelf::default();
        for &run in all.keys() {
            let so_far: BTreeMap<u64, ResultRow> =
                all.range(..=run).map(|(k, v)| (*k, v.clone())).collect();
            assert!(save_run(&mut shelf, plan.id(), &so_far, run));
        }
        assert_eq!(shelf.texts.len(), 2, "two chunks of 50 runs");
        let restored = restore(&mut shelf, &plan);
        assert_eq!(
            restored,
            Restored {
                rows: all,
                columns: plan.columns(),
                damaged: false
            }
        );
    }

    #[test]
    fn a_damaged_chunk_is_dropped_and_the_rest_kept() {
        let plan = plan(30);
        let all = rows(&plan, 0..60);
        let mut shelf = MemoryShelf::default();
        save_run(&mut shelf, plan.id(), &all, 0);
        save_run(&mut shelf, plan.id(), &all, 55);
        let second = chunk_key(plan.id(), 1);
        // Not rows; a foreign line; a row cut off while being written.
        let cut = shelf.texts[&second][..30].to_owned();
        for bad in ["kaputt".to_owned(), "1,2,3\n".to_owned(), cut] {
            let mut shelf = shelf.clone();
            shelf.texts.insert(second.clone(), bad.clone());
            let restored = restore(&mut shelf, &plan);
            assert!(restored.damaged, "{bad:?}");
            assert_eq!(restored.rows.len(), 50, "the first chunk stays");
            assert!(!shelf.texts.contains_key(&second), "removed");
        }
        // Rows of another chunk under this key are not this chunk's.
        let mut moved = shelf.clone();
        let first = moved.texts[&chunk_key(plan.id(), 0)].clone();
        moved.texts.insert(second, first);
        assert!(restore(&mut moved, &plan).damaged);
    }

    #[test]
    fn rows_of_another_plan_are_not_read() {
        let (one, other) = (plan(30), plan(29));
        let mut shelf = MemoryShelf::default();
        let all = rows(&one, 0..60);
        save_run(&mut shelf, one.id(), &all, 0);
        let key = chunk_key(one.id(), 0);
        let text = shelf.texts[&key].clone();
        shelf.texts.insert(chunk_key(other.id(), 0), text);
        let restored = restore(&mut shelf, &other);
        assert!(restored.damaged);
        assert!(restored.rows.is_empty());
    }

    #[test]
    fn a_full_store_says_no_and_keeps_what_it_had() {
        let plan = plan(30);
        let all = rows(&plan, 0..60);
        let mut shelf = MemoryShelf::default();
        assert!(save_run(&mut shelf, plan.id(), &all, 0));
        let before = shelf.texts.clone();
        let used: usize = before.iter().map(|(k, v)| k.len() + v.len()).sum();
        shelf.limit = Some(used + 100);
        assert!(
            !save_run(&mut shelf, plan.id(), &all, 55),
            "no room for the second chunk"
        );
        assert_eq!(shelf.texts, before);
        assert!(!save_plan(&mut shelf, &"x".repeat(200)));
    }

    #[test]
    fn the_plan_is_kept_and_read_back_and_forget_removes_the_rows() {
        let plan = plan(30);
        let text = r#"{"format": "boids-schwarm-study", "version": 1, "base": {"count": 3},
               "sweep": [{"parameter": "cohesion", "values": [0, 1]}],
               "seeds": {"from": 1, "count": 30}, "steps": 2, "burn_in": 0}"#;
        let mut shelf = MemoryShelf::default();
        assert_eq!(load_plan(&shelf), None);
        assert!(save_plan(&mut shelf, text));
        assert_eq!(load_plan(&shelf), Some((text.to_owned(), plan.clone())));
        shelf.texts.insert(PLAN_KEY.to_owned(), "{".to_owned());
        assert_eq!(load_plan(&shelf), None, "a corrupt plan is no plan");
        save_run(&mut shelf, plan.id(), &rows(&plan, 0..60), 0);
        save_run(&mut shelf, plan.id(), &rows(&plan, 0..60), 59);
        forget(&mut shelf, plan.id());
        assert_eq!(shelf.texts.keys().collect::<Vec<_>>(), [PLAN_KEY]);
    }
}
