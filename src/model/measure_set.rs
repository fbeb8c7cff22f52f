//! A set of §6 measures: what a study computes and writes (SPEC §8, the
//! plan's `measures`). Always walked in §6 order, whatever order it was
//! named in, so that columns follow one order.

use super::measures::Measure;

/// A set of measures (SPEC §6); [`MeasureSet::ALL`] unless a plan names fewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MeasureSet(u8);

impl MeasureSet {
    /// Every measure: what a plan without `measures` computes.
    pub const ALL: Self = Self((1 << Measure::ALL.len()) - 1);
    /// No measure (not a valid plan's set; the start of building one).
    pub const EMPTY: Self = Self(0);

    fn bit(measure: Measure) -> u8 {
        let position = Measure::ALL
            .iter()
            .position(|&m| m == measure)
            .expect("every measure is listed");
        1 << position
    }

    /// Whether `measure` is in the set.
    #[must_use]
    pub fn contains(self, measure: Measure) -> bool {
        self.0 & Self::bit(measure) != 0
    }

    /// The set with `measure` added.
    #[must_use]
    pub fn with(self, measure: Measure) -> Self {
        Self(self.0 | Self::bit(measure))
    }

    /// The set without `measure`.
    #[must_use]
    pub fn without(self, measure: Measure) -> Self {
        Self(self.0 & !Self::bit(measure))
    }

    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[must_use]
    pub fn is_all(self) -> bool {
        self == Self::ALL
    }

    /// The measures in the set, in §6 order.
    pub fn iter(self) -> impl Iterator<Item = Measure> + Clone {
        Measure::ALL
            .into_iter()
            .filter(move |&measure| self.contains(measure))
    }

    /// Whether the groups must be counted (groups or the largest group).
    #[must_use]
    pub fn needs_groups(self) -> bool {
        self.contains(Measure::Groups) || self.contains(Measure::LargestGroup)
    }

    /// The set as one byte (bit i: the i-th measure of §6): how it travels
    /// to a worker.
    #[must_use]
    pub fn bits(self) -> u8 {
        self.0
    }

    /// The set of [`MeasureSet::bits`]; `None` for bits no measure has.
    #[must_use]
    pub fn from_bits(bits: u8) -> Option<Self> {
        (bits & !Self::ALL.0 == 0).then_some(Self(bits))
    }
}

impl FromIterator<Measure> for MeasureSet {
    fn from_iter<I: IntoIterator<Item = Measure>>(measures: I) -> Self {
        measures.into_iter().fold(Self::EMPTY, Self::with)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_walks_its_measures_in_section_six_order() {
        let set: MeasureSet = [Measure::MeanNearestDistance, Measure::MeanSpeed]
            .into_iter()
            .collect();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [Measure::MeanSpeed, Measure::MeanNearestDistance]
        );
        assert!(!set.needs_groups());
        assert!(set.with(Measure::LargestGroup).needs_groups());
        assert_eq!(MeasureSet::ALL.iter().count(), 6);
        assert!(Measure::ALL.into_iter().collect::<MeasureSet>().is_all());
        assert!(
            MeasureSet::ALL
                .without(Measure::Groups)
                .contains(Measure::LargestGroup)
        );
        assert!(
            !MeasureSet::ALL
                .without(Measure::Groups)
                .contains(Measure::Groups)
        );
    }

    #[test]
    fn bits_read_back_and_foreign_bits_are_refused() {
        for bits in 0..64 {
            assert_eq!(
                MeasureSet::from_bits(bits).map(MeasureSet::bits),
                Some(bits)
            );
        }
        assert_eq!(MeasureSet::from_bits(64), None);
        assert_eq!(MeasureSet::from_bits(255), None);
    }
}
