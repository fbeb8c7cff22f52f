//! Measures of the whole swarm (SPEC §6): mean speed, polarization, mean
//! neighbour count, groups of linked neighbours, the largest group and the
//! mean distance to the nearest other boid, each computed exactly in f64 on
//! one state, and their time series as CSV.
//!
//! Exactness: every displacement is the spec's `d − L·floor(d/L + 1/2)` bit
//! for bit, taken as a constant shift per pair of grid cells where that shift
//! is provably the same for every pair of boids in them (as the cell list
//! does), else per pair by the formula. The neighbour test is the steering's
//! (squared length against the threshold equivalent to `|δ| ≤ r`), so linked
//! pairs are exactly the pairs the neighbour counts count. Sums run in boid
//! index order and minima are order-free, so the results are deterministic
//! and equal [`measures_brute_force`] bit for bit.

//!
//! The parts: `grid` (the grids both searches use), `groups` (linked
//! neighbours), `nearest` (nearest distances); this file puts them
//! together with the O(N) sums.

mod grid;
mod groups;
mod nearest;

pub use groups::GroupCount;
pub(crate) use groups::groups;
pub(crate) use nearest::{nearest_grid, nearest_of_cells};

use super::measure_set::MeasureSet;
use super::space::{STEP_SECONDS, Vec3, displacement, length};
use super::steering::Steering;
#[cfg(not(target_arch = "wasm32"))]
use super::threads::PARALLEL_FROM_COUNT;
use groups::Groups;
#[cfg(not(target_arch = "wasm32"))]
use groups::Link;
#[cfg(not(target_arch = "wasm32"))]
use nearest::groups_come_along;
use nearest::mean_nearest_distance;

/// The measures of one state (SPEC §6). Every field is a pure function of
/// positions, velocities and the radius.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measures {
    /// Arithmetic mean of the speeds `|v_i|`, in LE/s; `0 ..= vmax`.
    pub mean_speed: f64,
    /// `|Σ u_i| / N` with the unit headings `u_i = v_i/|v_i|` (`0` for a
    /// boid at rest); dimensionless, `0 ..= 1` up to rounding (a few ulps
    /// above 1 are possible when all fly nearly the same way). 0: no common
    /// direction (or all at rest), 1: all fly the same way.
    pub polarization: f64,
    /// `(1/N)·Σ k_i` with `k_i` the neighbour count of SPEC §1; `0 ..= N − 1`.
    pub mean_neighbours: f64,
    /// Connected groups when every neighbour pair is linked (a boid without
    /// neighbours is a group of one); `1 ..= N`.
    pub groups: u32,
    /// Boids in the largest group; `1 ..= N`, `largest_group ≥ N / groups`.
    pub largest_group: u32,
    /// `(1/N)·Σ_i min_{j≠i} |δ_ij|` over all other boids (not only those
    /// within r), in LE; at most `4.2·√3`. `None` for N = 1.
    pub mean_nearest_distance: Option<f64>,
}

/// One measure: its CSV column (SPEC §6), in the CSV's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Measure {
    MeanSpeed,
    Polarization,
    MeanNeighbours,
    Groups,
    LargestGroup,
    MeanNearestDistance,
}

impl Measure {
    /// Every measure in the CSV's column order.
    pub const ALL: [Self; 6] = [
        Self::MeanSpeed,
        Self::Polarization,
        Self::MeanNeighbours,
        Self::Groups,
        Self::LargestGroup,
        Self::MeanNearestDistance,
    ];

    /// The CSV column name.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::MeanSpeed => "mean_speed",
            Self::Polarization => "polarization",
            Self::MeanNeighbours => "mean_neighbors",
            Self::Groups => "groups",
            Self::LargestGroup => "largest_group",
            Self::MeanNearestDistance => "mean_nearest_distance",
        }
    }

    /// The unit, if the measure has one.
    #[must_use]
    pub fn unit(self) -> Option<&'static str> {
        match self {
            Self::MeanSpeed => Some("LE/s"),
            Self::MeanNearestDistance => Some("LE"),
            _ => None,
        }
    }
}

/// The header line of the series CSV (without the line break).
pub const SERIES_HEADER: &str =
    "step,time_s,mean_speed,polarization,mean_neighbors,groups,largest_group,mean_nearest_distance";

impl Measures {
    /// The measures of a state: positions in `[-4.2, 4.2)` (LE), velocities
    /// (LE/s) and `steering` of exactly this state and radius `0 < r ≤ 4.2`
    /// (its neighbour counts give `mean_neighbours` and tell the boids
    /// without neighbours, which form groups of one). All three slices have
    /// N ≥ 1 entries. Computed on the calling thread.
    #[must_use]
    pub fn new(
        positions: &[Vec3],
        velocities: &[Vec3],
        steering: &[Steering],
        radius: f64,
    ) -> Self {
        Self::with_threads(positions, velocities, steering, radius, 1)
    }

    /// [`Measures::new`] with the nearest distances shared by `threads`
    /// threads natively (as [`Swarm`] shares its step; one on wasm).
    ///
    /// [`Swarm`]: super::Swarm
    /// Bit-identical for every count: each boid's distance is found alone
    /// and the sum runs in index order.
    #[must_use]
    pub fn with_threads(
        positions: &[Vec3],
        velocities: &[Vec3],
        steering: &[Steering],
        radius: f64,
        threads: u32,
    ) -> Self {
        // Natively, where the groups do not come with the nearest
        // distances, one more thread counts them beside those.
        #[cfg(not(target_arch = "wasm32"))]
        if threads > 1
            && positions.len() >= PARALLEL_FROM_COUNT
            && !groups_come_along(positions.len(), &Link::new(radius))
        {
            let (nearest, group_count) = std::thread::scope(|scope| {
                let counting = scope.spawn(|| groups(positions, Some(steering), radius));
                let (nearest, _) = mean_nearest_distance(positions, threads, None);
                (
                    nearest,
                    counting.join().expect("counting groups does not panic"),
                )
            });
            return Self::from_parts(velocities, steering, group_count, nearest);
        }
        let (nearest, found) = mean_nearest_distance(positions, threads, Some(radius));
        let group_count = found.unwrap_or_else(|| groups(positions, Some(steering), radius));
        Self::from_parts(velocities, steering, group_count, nearest)
    }

    /// [`Measures::with_threads`] computing only the measures in `set` (a
    /// study's plan names them, SPEC §8): the nearest distances and the
    /// groups, the costly searches, only where named. The fields of the
    /// measures outside `set` are 0 (`mean_nearest_distance`: `None`) and
    /// mean nothing; those inside are bit for bit [`Measures::with_threads`]'s.
    #[must_use]
    pub fn among(
        positions: &[Vec3],
        velocities: &[Vec3],
        steering: &[Steering],
        radius: f64,
        threads: u32,
        set: MeasureSet,
    ) -> Self {
        let nearest = set.contains(Measure::MeanNearestDistance);
        if nearest && set.needs_groups() {
            return Self::with_threads(positions, velocities, steering, radius, threads);
        }
        let nearest = if nearest {
            mean_nearest_distance(positions, threads, None).0
        } else {
            None
        };
        let group_count = if set.needs_groups() {
            groups(positions, Some(steering), radius)
        } else {
            GroupCount {
                groups: 0,
                largest: 0,
            }
        };
        Self::from_parts(velocities, steering, group_count, nearest)
    }

    /// Puts the measures together from the parts computed elsewhere (the
    /// groups and the mean nearest distance) and the O(N) sums over the
    /// velocities and the neighbour counts, in index order.
    pub(super) fn from_parts(
        velocities: &[Vec3],
        steering: &[Steering],
        group_count: GroupCount,
        mean_nearest_distance: Option<f64>,
    ) -> Self {
        let n = velocities.len();
        let neighbour_sum: u64 = steering.iter().map(|s| u64::from(s.neighbours)).sum();
        let (mean_speed, polarization) = speed_and_polarization(velocities);
        Self {
            mean_speed,
            polarization,
            mean_neighbours: neighbour_sum as f64 / n as f64,
            groups: group_count.groups,
            largest_group: group_count.largest,
            mean_nearest_distance,
        }
    }

    /// A measure's value as a number (`None` only for an undefined mean
    /// nearest distance). Counts are exact in f64.
    #[must_use]
    pub fn get(&self, measure: Measure) -> Option<f64> {
        match measure {
            Measure::MeanSpeed => Some(self.mean_speed),
            Measure::Polarization => Some(self.polarization),
            Measure::MeanNeighbours => Some(self.mean_neighbours),
            Measure::Groups => Some(f64::from(self.groups)),
            Measure::LargestGroup => Some(f64::from(self.largest_group)),
            Measure::MeanNearestDistance => self.mean_nearest_distance,
        }
    }

    /// One line of the series CSV for these measures at step `step` (with
    /// its line break): shortest round-trip numbers (`{}` of f64 and
    /// integers), an empty field for an undefined value, model time
    /// `step × 0.04` as the swarm derives it.
    #[must_use]
    pub fn csv_row(&self, step: u64) -> String {
        let mut row = format!("{step},{}", step_time_seconds(step));
        for measure in Measure::ALL {
            row.push(',');
            match measure {
                Measure::Groups => row.push_str(&self.groups.to_string()),
                Measure::LargestGroup => row.push_str(&self.largest_group.to_string()),
                _ => {
                    if let Some(value) = self.get(measure) {
                        row.push_str(&value.to_string());
                    }
                }
            }
        }
        row.push('\n');
        row
    }
}

/// Model time at step `k` in seconds: `k × 0.04`, from the integer count.
#[must_use]
pub fn step_time_seconds(step: u64) -> f64 {
    step as f64 * STEP_SECONDS
}

/// Arithmetic mean of the speeds `|v|` in index order, in LE/s.
pub(crate) fn mean_speed(velocities: &[Vec3]) -> f64 {
    velocities.iter().map(length).sum::<f64>() / velocities.len() as f64
}

/// [`mean_speed`] and [`polarization`] in one pass: each speed taken once,
/// both sums in index order as those two add them (the same bits).
fn speed_and_polarization(velocities: &[Vec3]) -> (f64, f64) {
    let (mut speeds, mut headings) = (0.0, Vec3::zeros());
    for v in velocities {
        let speed = length(v);
        speeds += speed;
        if speed > 0.0 {
            headings += Vec3::new(v.x / speed, v.y / speed, v.z / speed);
        }
    }
    let n = velocities.len() as f64;
    (speeds / n, length(&headings) / n)
}

/// `|Σ u_i| / N`, the unit headings summed in index order.
fn polarization(velocities: &[Vec3]) -> f64 {
    let mut sum = Vec3::zeros();
    for v in velocities {
        let speed = length(v);
        if speed > 0.0 {
            sum += Vec3::new(v.x / speed, v.y / speed, v.z / speed);
        }
    }
    length(&sum) / velocities.len() as f64
}

/// The plain O(N²) statement of SPEC §6, pairs in index order: the reference
/// [`Measures::new`] is tested against. Positions in `[-4.2, 4.2)`, N ≥ 1.
#[must_use]
pub fn measures_brute_force(positions: &[Vec3], velocities: &[Vec3], radius: f64) -> Measures {
    let n = positions.len();
    let neighbour =
        |i: usize, j: usize| length(&displacement(&positions[i], &positions[j])) <= radius;
    let mut neighbour_sum = 0u64;
    let mut sets = Groups::new(n);
    let mut nearest_sum = 0.0;
    for i in 0..n {
        let mut nearest = f64::INFINITY;
        for j in (0..n).filter(|&j| j != i) {
            nearest = nearest.min(length(&displacement(&positions[i], &positions[j])));
            if neighbour(i, j) {
                neighbour_sum += 1;
                sets.union(i, j);
            }
        }
        nearest_sum += nearest;
    }
    let roots: Vec<usize> = (0..n).filter(|&i| sets.find(i) == i).collect();
    Measures {
        mean_speed: mean_speed(velocities),
        polarization: polarization(velocities),
        mean_neighbours: neighbour_sum as f64 / n as f64,
        groups: roots.len() as u32,
        largest_group: roots.iter().map(|&i| sets.size[i]).max().unwrap_or(0),
        mean_nearest_distance: (n > 1).then(|| nearest_sum / n as f64),
    }
}
