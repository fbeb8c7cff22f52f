//! Joins results files of one plan (shards, interrupted runs) into the
//! results of all their runs in run order: byte for byte what one process
//! computing the same runs writes.

use std::collections::BTreeMap;

use super::columns::Columns;
use super::error::MergeError;
use super::hash::PlanId;
use super::results::{ResultRow, ResultsFile, results_header};

/// The rows of several files of one plan, and the runs none of them holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    pub id: PlanId,
    /// The files' version and measures (one for all).
    pub columns: Columns,
    /// Every run some file holds, by run number.
    pub rows: BTreeMap<u64, ResultRow>,
}

impl Merged {
    /// The runs of the plan no file holds, in order.
    #[must_use]
    pub fn missing(&self) -> Vec<u64> {
        (0..self.id.runs)
            .filter(|run| !self.rows.contains_key(run))
            .collect()
    }

    /// The results CSV of the rows held, in run order.
    #[must_use]
    pub fn csv(&self) -> String {
        let mut csv = results_header(self.id, self.columns);
        for row in self.rows.values() {
            csv.push_str(&row.line);
        }
        csv
    }
}

/// Merges files of one plan and one version. Refuses a file of another
/// plan or version than the first and two files with different rows for
/// one run (the same row twice counts once).
pub fn merge(files: &[ResultsFile]) -> Result<Merged, MergeError> {
    let first = files.first().ok_or(MergeError::NoFiles)?;
    let mut rows: BTreeMap<u64, (usize, ResultRow)> = BTreeMap::new();
    for (file, results) in files.iter().enumerate() {
        if results.id != first.id {
            return Err(MergeError::OtherPlan { file });
        }
        if results.columns != first.columns {
            return Err(MergeError::OtherVersion { file });
        }
        for (&run, row) in &results.rows {
            match rows.get(&run) {
                Some((earlier, held)) if held.line != row.line => {
                    return Err(MergeError::ConflictingRows {
                        run,
                        first: *earlier,
                        file,
                    });
                }
                Some(_) => {}
                None => {
                    rows.insert(run, (file, row.clone()));
                }
            }
        }
    }
    Ok(Merged {
        id: first.id,
        columns: first.columns,
        rows: rows.into_iter().map(|(run, (_, row))| (run, row)).collect(),
    })
}
