//! What the table page shows, as plain data: the columns with their German
//! headers, the cell values of a boid, sorting, and the CSV export.

use std::fmt::Write;

use super::format::format_decimal;
use crate::model::{Swarm, length};

/// One column of the table. Vectors are split into their x, y, z components.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    Id,
    X,
    Y,
    Z,
    Vx,
    Vy,
    Vz,
    Speed,
    Neighbors,
    Sx,
    Sy,
    Sz,
    Ax,
    Ay,
    Az,
    Cx,
    Cy,
    Cz,
}

/// Decimals shown in the table (the CSV and JSON exports keep full precision).
pub const DECIMALS: usize = 4;

impl Column {
    /// Every column, in table order.
    pub const ALL: [Column; 18] = [
        Column::Id,
        Column::X,
        Column::Y,
        Column::Z,
        Column::Vx,
        Column::Vy,
        Column::Vz,
        Column::Speed,
        Column::Neighbors,
        Column::Sx,
        Column::Sy,
        Column::Sz,
        Column::Ax,
        Column::Ay,
        Column::Az,
        Column::Cx,
        Column::Cy,
        Column::Cz,
    ];

    /// The short header with its symbol, as the table shows it.
    #[must_use]
    pub fn header(self) -> &'static str {
        match self {
            Self::Id => "#",
            Self::X => "x",
            Self::Y => "y",
            Self::Z => "z",
            Self::Vx => "vx",
            Self::Vy => "vy",
            Self::Vz => "vz",
            Self::Speed => "|v|",
            Self::Neighbors => "Nachbarn",
            Self::Sx => "Sx",
            Self::Sy => "Sy",
            Self::Sz => "Sz",
            Self::Ax => "Ax",
            Self::Ay => "Ay",
            Self::Az => "Az",
            Self::Cx => "Cx",
            Self::Cy => "Cy",
            Self::Cz => "Cz",
        }
    }

    /// The German description for the header's tooltip and screen readers.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            Self::Id => "Nummer des Boids",
            Self::X | Self::Y | Self::Z => "Position in LE",
            Self::Vx | Self::Vy | Self::Vz => "Geschwindigkeit in LE/s",
            Self::Speed => "Tempo (Betrag der Geschwindigkeit) in LE/s",
            Self::Neighbors => "Zahl der Nachbarn im Radius",
            Self::Sx | Self::Sy | Self::Sz => "Abstand S (ungewichtet, nächster Schritt)",
            Self::Ax | Self::Ay | Self::Az => "Richtung A (ungewichtet, nächster Schritt) in LE/s",
            Self::Cx | Self::Cy | Self::Cz => "Kohäsion C (ungewichtet, nächster Schritt) in LE",
        }
    }

    /// The column's name in the CSV header.
    #[must_use]
    pub fn csv_name(self) -> &'static str {
        match self {
            Self::Id => "id",
            Self::X => "x",
            Self::Y => "y",
            Self::Z => "z",
            Self::Vx => "vx",
            Self::Vy => "vy",
            Self::Vz => "vz",
            Self::Speed => "speed",
            Self::Neighbors => "neighbors",
            Self::Sx => "separation_x",
            Self::Sy => "separation_y",
            Self::Sz => "separation_z",
            Self::Ax => "alignment_x",
            Self::Ay => "alignment_y",
            Self::Az => "alignment_z",
            Self::Cx => "cohesion_x",
            Self::Cy => "cohesion_y",
            Self::Cz => "cohesion_z",
        }
    }

    /// Whether the column holds whole numbers.
    #[must_use]
    pub fn is_integer(self) -> bool {
        matches!(self, Self::Id | Self::Neighbors)
    }

    /// The value of boid `id` in this column (`id < swarm.len()`).
    #[must_use]
    pub fn value(self, swarm: &Swarm, id: usize) -> f64 {
        let p = &swarm.positions()[id];
        let v = &swarm.velocities()[id];
        let s = &swarm.steering()[id];
        match self {
            Self::Id => id as f64,
            Self::X => p.x,
            Self::Y => p.y,
            Self::Z => p.z,
            Self::Vx => v.x,
            Self::Vy => v.y,
            Self::Vz => v.z,
            Self::Speed => length(v),
            Self::Neighbors => f64::from(s.neighbors),
            Self::Sx => s.separation.x,
            Self::Sy => s.separation.y,
            Self::Sz => s.separation.z,
            Self::Ax => s.alignment.x,
            Self::Ay => s.alignment.y,
            Self::Az => s.alignment.z,
            Self::Cx => s.cohesion.x,
            Self::Cy => s.cohesion.y,
            Self::Cz => s.cohesion.z,
        }
    }

    /// The cell text: German decimal comma, fixed precision.
    #[must_use]
    pub fn cell(self, swarm: &Swarm, id: usize) -> String {
        let value = self.value(swarm, id);
        format_decimal(value, if self.is_integer() { 0 } else { DECIMALS })
    }
}

/// How the rows are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SortOrder {
    pub column: Column,
    pub ascending: bool,
}

impl Default for SortOrder {
    fn default() -> Self {
        Self {
            column: Column::Id,
            ascending: true,
        }
    }
}

impl SortOrder {
    /// The order after clicking `column`'s header: the same column flips the
    /// direction, another column starts ascending.
    #[must_use]
    pub fn clicked(self, column: Column) -> Self {
        if self.column == column {
            Self {
                column,
                ascending: !self.ascending,
            }
        } else {
            Self {
                column,
                ascending: true,
            }
        }
    }

    /// Boid ids in display order; equal values keep id order (stable).
    #[must_use]
    pub fn rows(self, swarm: &Swarm) -> Vec<u32> {
        let mut keyed: Vec<(f64, u32)> = (0..swarm.len())
            .map(|id| (self.column.value(swarm, id), id as u32))
            .collect();
        keyed.sort_by(|a, b| {
            let by_value = a.0.total_cmp(&b.0);
            let by_value = if self.ascending {
                by_value
            } else {
                by_value.reverse()
            };
            by_value.then(a.1.cmp(&b.1))
        });
        keyed.into_iter().map(|(_, id)| id).collect()
    }

    /// The `aria-sort` value of a header.
    #[must_use]
    pub fn aria_sort(self, column: Column) -> &'static str {
        match (self.column == column, self.ascending) {
            (false, _) => "none",
            (true, true) => "ascending",
            (true, false) => "descending",
        }
    }
}

/// The table as CSV: a header row, `,` as separator, `.` as decimal point,
/// every number in shortest round-trip form (reads back bit-identical).
#[must_use]
pub fn csv(swarm: &Swarm) -> String {
    let header: Vec<&str> = Column::ALL.iter().map(|c| c.csv_name()).collect();
    let mut out = String::with_capacity(swarm.len() * 300 + 200);
    out.push_str(&header.join(","));
    out.push('\n');
    for id in 0..swarm.len() {
        for (k, column) in Column::ALL.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let value = column.value(swarm, id);
            // Writing into a String cannot fail.
            let _ = if column.is_integer() {
                write!(out, "{value:.0}")
            } else {
                write!(out, "{value:?}")
            };
        }
        out.push('\n');
    }
    out
}

/// The file name of an export at step `step`, e.g. `boids-schwarm-schritt-17.json`.
#[must_use]
pub fn export_file_name(step: u64, extension: &str) -> String {
    format!("boids-schwarm-schritt-{step}.{extension}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Params;

    fn swarm() -> Swarm {
        let mut swarm = Swarm::new(&Params {
            count: 300,
            seed: 3,
            ..Params::default()
        })
        .unwrap();
        swarm.step();
        swarm.step();
        swarm
    }

    #[test]
    fn csv_has_a_header_and_one_row_per_boid_that_read_back_exactly() {
        let swarm = swarm();
        let text = csv(&swarm);
        let mut lines = text.lines();
        assert_eq!(
            lines.next().unwrap(),
            "id,x,y,z,vx,vy,vz,speed,neighbors,separation_x,separation_y,separation_z,\
             alignment_x,alignment_y,alignment_z,cohesion_x,cohesion_y,cohesion_z"
        );
        let rows: Vec<&str> = lines.collect();
        assert_eq!(rows.len(), 300);
        for (id, row) in rows.iter().enumerate() {
            let values: Vec<f64> = row.split(',').map(|v| v.parse().unwrap()).collect();
            assert_eq!(values.len(), Column::ALL.len());
            for (column, value) in Column::ALL.iter().zip(values) {
                assert_eq!(
                    value.to_bits(),
                    column.value(&swarm, id).to_bits(),
                    "{column:?} of {id}"
                );
            }
        }
    }

    #[test]
    fn cells_use_a_decimal_comma_and_fixed_precision() {
        let swarm = swarm();
        let cell = Column::X.cell(&swarm, 0);
        let (_, decimals) = cell.split_once(',').expect("decimal comma");
        assert_eq!(decimals.len(), DECIMALS);
        assert!(!Column::Neighbors.cell(&swarm, 0).contains(','));
        assert_eq!(Column::Id.cell(&swarm, 42), "42");
    }

    #[test]
    fn sorting_orders_by_value_and_keeps_id_order_for_ties() {
        let swarm = swarm();
        let order = SortOrder {
            column: Column::Neighbors,
            ascending: false,
        };
        let rows = order.rows(&swarm);
        assert_eq!(rows.len(), 300);
        for pair in rows.windows(2) {
            let (a, b) = (pair[0] as usize, pair[1] as usize);
            let (va, vb) = (
                Column::Neighbors.value(&swarm, a),
                Column::Neighbors.value(&swarm, b),
            );
            assert!(va > vb || (va == vb && a < b));
        }
        let by_x = SortOrder {
            column: Column::X,
            ascending: true,
        }
        .rows(&swarm);
        for pair in by_x.windows(2) {
            assert!(swarm.positions()[pair[0] as usize].x <= swarm.positions()[pair[1] as usize].x);
        }
        assert_eq!(
            SortOrder::default().rows(&swarm),
            (0..300).collect::<Vec<u32>>()
        );
    }

    #[test]
    fn clicking_a_header_flips_or_starts_ascending() {
        let order = SortOrder::default().clicked(Column::Speed);
        assert_eq!(
            order,
            SortOrder {
                column: Column::Speed,
                ascending: true
            }
        );
        let order = order.clicked(Column::Speed);
        assert!(!order.ascending);
        assert_eq!(order.aria_sort(Column::Speed), "descending");
        assert_eq!(order.aria_sort(Column::X), "none");
    }

    #[test]
    fn export_names_carry_the_step() {
        assert_eq!(
            export_file_name(17, "json"),
            "boids-schwarm-schritt-17.json"
        );
    }
}
