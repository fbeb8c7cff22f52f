//! The columns of a study's results and summary CSVs (SPEC §8): the
//! format's version and the measures the plan names. Version 2 (written
//! now) has the columns of the named measures in §6 order and, with the
//! polarization, its susceptibility and Binder cumulant; version 1 (written
//! before the Binder cumulant and `measures` existed) has every measure and
//! the susceptibility. Both are read, and merge and summary write a file's
//! version again, so that files computed before stay usable.

use super::stats::Quantity;
use crate::model::{Measure, MeasureSet};

/// A version of the results format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultsVersion {
    /// Every measure and the susceptibility: files written before version 2.
    One,
    /// The named measures; with the polarization also the Binder cumulant.
    Two,
}

impl ResultsVersion {
    /// The number in the comment line.
    #[must_use]
    pub fn number(self) -> u8 {
        match self {
            Self::One => 1,
            Self::Two => 2,
        }
    }

    /// The version the comment line's `version=` names, if one read here.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "1" => Some(Self::One),
            "2" => Some(Self::Two),
            _ => None,
        }
    }
}

/// The parameter columns every row starts with (after `run`).
const PARAMETER_COLUMNS: &str = "run,count,seed,radius,separation,alignment,cohesion,max_speed";

/// The columns of a results file: its version and measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Columns {
    pub version: ResultsVersion,
    /// The measures with columns (every measure in version 1).
    pub measures: MeasureSet,
}

impl Columns {
    /// Version 1's columns.
    pub const VERSION_1: Self = Self {
        version: ResultsVersion::One,
        measures: MeasureSet::ALL,
    };

    /// The columns this program writes for a plan naming `measures`.
    #[must_use]
    pub fn current(measures: MeasureSet) -> Self {
        Self {
            version: ResultsVersion::Two,
            measures,
        }
    }

    /// The per-run numbers after the measures' statistics: with the
    /// polarization its susceptibility, and from version 2 its Binder
    /// cumulant.
    pub fn extras(self) -> impl Iterator<Item = Quantity> + Clone {
        let polarization = self.measures.contains(Measure::Polarization);
        let binder = self.version == ResultsVersion::Two;
        [
            (polarization, Quantity::Susceptibility),
            (polarization && binder, Quantity::Binder),
        ]
        .into_iter()
        .filter_map(|(there, quantity)| there.then_some(quantity))
    }

    /// What the summary covers, in its column order: the measures' window
    /// means, then [`Columns::extras`].
    pub fn quantities(self) -> impl Iterator<Item = Quantity> + Clone {
        self.measures
            .iter()
            .map(Quantity::Mean)
            .chain(self.extras())
    }

    /// The results header (without the line break).
    #[must_use]
    pub fn results_header(self) -> String {
        let mut header = PARAMETER_COLUMNS.to_owned();
        for measure in self.measures.iter() {
            let key = measure.key();
            header.push_str(&format!(",{key}_mean,{key}_sd,{key}_final"));
        }
        for quantity in self.extras() {
            header.push(',');
            header.push_str(quantity.key());
        }
        header
    }

    /// The fields of a results row.
    #[must_use]
    pub fn fields(self) -> usize {
        PARAMETER_COLUMNS.split(',').count()
            + 3 * self.measures.iter().count()
            + self.extras().count()
    }

    /// The columns of a file of `version` whose header is `header`; `None`
    /// for a header this program does not write. The measures are read off
    /// the header's `_mean` columns, then the header written for them must
    /// be exactly `header` (one header built, whatever the set: every row
    /// a worker sends is read this way).
    #[must_use]
    pub fn of_header(version: ResultsVersion, header: &str) -> Option<Self> {
        let named = header
            .strip_prefix(PARAMETER_COLUMNS)?
            .split(',')
            .filter_map(|column| column.strip_suffix("_mean"))
            .map(|key| Measure::ALL.into_iter().find(|m| m.key() == key))
            .collect::<Option<MeasureSet>>()?;
        let columns = match version {
            ResultsVersion::One => Self::VERSION_1,
            ResultsVersion::Two if !named.is_empty() => Self::current(named),
            ResultsVersion::Two => return None,
        };
        (columns.results_header() == header).then_some(columns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_headers_of_both_versions_are_the_specs() {
        let two = Columns::current(MeasureSet::ALL).results_header();
        assert_eq!(two, super::super::RESULTS_HEADER);
        assert_eq!(
            Columns::VERSION_1.results_header(),
            two.strip_suffix(",polarization_binder").unwrap()
        );
        assert_eq!(Columns::VERSION_1.fields(), 27);
        assert_eq!(Columns::current(MeasureSet::ALL).fields(), 28);
    }

    #[test]
    fn a_subset_has_its_measures_columns_in_section_six_order() {
        let set: MeasureSet = [Measure::Groups, Measure::MeanSpeed].into_iter().collect();
        assert_eq!(
            Columns::current(set).results_header(),
            "run,count,seed,radius,separation,alignment,cohesion,max_speed,\
             mean_speed_mean,mean_speed_sd,mean_speed_final,groups_mean,groups_sd,groups_final"
        );
        let polarization = MeasureSet::EMPTY.with(Measure::Polarization);
        assert_eq!(
            Columns::current(polarization).results_header(),
            "run,count,seed,radius,separation,alignment,cohesion,max_speed,\
             polarization_mean,polarization_sd,polarization_final,\
             polarization_susceptibility,polarization_binder"
        );
        assert_eq!(Columns::current(polarization).fields(), 13);
    }

    #[test]
    fn every_header_reads_back_as_its_columns_and_no_other() {
        for bits in 1..=MeasureSet::ALL.bits() {
            let columns = Columns::current(MeasureSet::from_bits(bits).unwrap());
            let header = columns.results_header();
            assert_eq!(
                Columns::of_header(ResultsVersion::Two, &header),
                Some(columns)
            );
            assert_eq!(Columns::of_header(ResultsVersion::One, &header), None);
            assert_eq!(header.split(',').count(), columns.fields());
        }
        let one = Columns::VERSION_1.results_header();
        assert_eq!(
            Columns::of_header(ResultsVersion::One, &one),
            Some(Columns::VERSION_1)
        );
        assert_eq!(Columns::of_header(ResultsVersion::Two, &one), None);
        assert_eq!(
            Columns::of_header(ResultsVersion::Two, PARAMETER_COLUMNS),
            None
        );
    }
}
