//! What the table page shows, as plain data: the columns with their German
//! headers, the cell values of a boid, sorting, and the CSV export.

use std::fmt::Write;

use crate::app::format::format_decimal;
use crate::model::{Swarm, length};

/// One column of the table, named; [`COLUMNS`] describes each. Vectors are
/// split into their x, y, z components.
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
    Neighbours,
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

/// How a column's numbers are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberFormat {
    /// Whole numbers, without decimals in the table and in the CSV.
    Integer,
    /// [`DECIMALS`] decimals in the table; shortest round-trip form in the CSV.
    Real,
}

impl NumberFormat {
    /// The table's text: German decimal comma, fixed precision.
    #[must_use]
    pub fn cell(self, value: f64) -> String {
        match self {
            Self::Integer => format_decimal(value, 0),
            Self::Real => format_decimal(value, DECIMALS),
        }
    }

    /// Appends the CSV's text: `.` as decimal point, reads back bit-identical.
    pub fn write_csv(self, out: &mut String, value: f64) {
        // Writing into a String cannot fail.
        let _ = match self {
            Self::Integer => write!(out, "{value:.0}"),
            Self::Real => write!(out, "{value:?}"),
        };
    }
}

/// One column of the table, described as data.
#[derive(Debug, Clone, Copy)]
pub struct ColumnSpec {
    pub column: Column,
    /// The short header with its symbol, as the table shows it.
    pub header: &'static str,
    /// The German description for the header's tooltip and screen readers.
    pub description: &'static str,
    /// The column's name in the CSV header.
    pub csv_name: &'static str,
    pub format: NumberFormat,
    /// The value of boid `id` (`id < swarm.len()`); rows sort by it.
    pub value: fn(&Swarm, usize) -> f64,
}

const POSITION: &str = "Position in LE";
const VELOCITY: &str = "Geschwindigkeit in LE/s";
const SEPARATION: &str = "Abstand S (ungewichtet, nächster Schritt)";
const ALIGNMENT: &str = "Richtung A (ungewichtet, nächster Schritt) in LE/s";
const COHESION: &str = "Kohäsion C (ungewichtet, nächster Schritt) in LE";

/// Shorthand for a column of reals.
const fn real(
    column: Column,
    header: &'static str,
    description: &'static str,
    csv_name: &'static str,
    value: fn(&Swarm, usize) -> f64,
) -> ColumnSpec {
    ColumnSpec {
        column,
        header,
        description,
        csv_name,
        format: NumberFormat::Real,
        value,
    }
}

/// Every column, in table order (which is also the order of [`Column`]).
pub const COLUMNS: [ColumnSpec; 18] = [
    ColumnSpec {
        column: Column::Id,
        header: "#",
        description: "Nummer des Boids",
        csv_name: "id",
        format: NumberFormat::Integer,
        value: |_, id| id as f64,
    },
    real(Column::X, "x", POSITION, "x", |s, i| s.positions()[i].x),
    real(Column::Y, "y", POSITION, "y", |s, i| s.positions()[i].y),
    real(Column::Z, "z", POSITION, "z", |s, i| s.positions()[i].z),
    real(Column::Vx, "vx", VELOCITY, "vx", |s, i| s.velocities()[i].x),
    real(Column::Vy, "vy", VELOCITY, "vy", |s, i| s.velocities()[i].y),
    real(Column::Vz, "vz", VELOCITY, "vz", |s, i| s.velocities()[i].z),
    real(
        Column::Speed,
        "|v|",
        "Tempo (Betrag der Geschwindigkeit) in LE/s",
        "speed",
        |s, i| length(&s.velocities()[i]),
    ),
    ColumnSpec {
        column: Column::Neighbours,
        header: "Nachbarn",
        description: "Zahl der Nachbarn im Radius",
        csv_name: "neighbors",
        format: NumberFormat::Integer,
        value: |s, i| f64::from(s.steering()[i].neighbours),
    },
    real(Column::Sx, "Sx", SEPARATION, "separation_x", |s, i| {
        s.steering()[i].separation.x
    }),
    real(Column::Sy, "Sy", SEPARATION, "separation_y", |s, i| {
        s.steering()[i].separation.y
    }),
    real(Column::Sz, "Sz", SEPARATION, "separation_z", |s, i| {
        s.steering()[i].separation.z
    }),
    real(Column::Ax, "Ax", ALIGNMENT, "alignment_x", |s, i| {
        s.steering()[i].alignment.x
    }),
    real(Column::Ay, "Ay", ALIGNMENT, "alignment_y", |s, i| {
        s.steering()[i].alignment.y
    }),
    real(Column::Az, "Az", ALIGNMENT, "alignment_z", |s, i| {
        s.steering()[i].alignment.z
    }),
    real(Column::Cx, "Cx", COHESION, "cohesion_x", |s, i| {
        s.steering()[i].cohesion.x
    }),
    real(Column::Cy, "Cy", COHESION, "cohesion_y", |s, i| {
        s.steering()[i].cohesion.y
    }),
    real(Column::Cz, "Cz", COHESION, "cohesion_z", |s, i| {
        s.steering()[i].cohesion.z
    }),
];

// `Column::spec` indexes the table by the enum's discriminant.
const _: () = {
    let mut i = 0;
    while i < COLUMNS.len() {
        assert!(
            COLUMNS[i].column as usize == i,
            "COLUMNS is out of Column order"
        );
        i += 1;
    }
};

impl Column {
    /// Every column, in table order.
    pub const ALL: [Column; COLUMNS.len()] = {
        let mut all = [Column::Id; COLUMNS.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = COLUMNS[i].column;
            i += 1;
        }
        all
    };

    /// The column's description as data.
    #[must_use]
    pub fn spec(self) -> &'static ColumnSpec {
        &COLUMNS[self as usize]
    }

    /// The value of boid `id` in this column (`id < swarm.len()`).
    #[must_use]
    pub fn value(self, swarm: &Swarm, id: usize) -> f64 {
        (self.spec().value)(swarm, id)
    }

    /// The cell text: German decimal comma, fixed precision.
    #[must_use]
    pub fn cell(self, swarm: &Swarm, id: usize) -> String {
        self.spec().format.cell(self.value(swarm, id))
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
    let header: Vec<&str> = COLUMNS.iter().map(|spec| spec.csv_name).collect();
    let mut out = String::with_capacity(swarm.len() * 300 + 200);
    out.push_str(&header.join(","));
    out.push('\n');
    for id in 0..swarm.len() {
        for (k, spec) in COLUMNS.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            spec.format.write_csv(&mut out, (spec.value)(swarm, id));
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
        assert!(!Column::Neighbours.cell(&swarm, 0).contains(','));
        assert_eq!(Column::Id.cell(&swarm, 42), "42");
    }

    #[test]
    fn sorting_orders_by_value_and_keeps_id_order_for_ties() {
        let swarm = swarm();
        let order = SortOrder {
            column: Column::Neighbours,
            ascending: false,
        };
        let rows = order.rows(&swarm);
        assert_eq!(rows.len(), 300);
        for pair in rows.windows(2) {
            let (a, b) = (pair[0] as usize, pair[1] as usize);
            let (va, vb) = (
                Column::Neighbours.value(&swarm, a),
                Column::Neighbours.value(&swarm, b),
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
