//! „CSV für Excel“: a plain CSV export rewritten for a spreadsheet set to
//! German: semicolons between cells, decimal commas, German column headers,
//! UTF-8 with a byte order mark (without it Excel reads „Kohäsion“ as
//! Latin-1) and CRLF line ends. The plain CSV stays as it is, for scripts.

use crate::model::{Measure, ParamField};

use super::{label, measure_label};

/// The byte order mark that tells Excel the file is UTF-8.
pub const BYTE_ORDER_MARK: char = '\u{FEFF}';

/// `csv` (one of the app's plain exports: a header line, rows of numbers,
/// empty cells, and study files' `#` comment line) for German Excel. Every
/// number keeps all its digits; only its decimal point becomes a comma, so
/// replacing it back gives the plain CSV's exact value. A header it does not
/// know keeps its English name.
#[cfg(test)]
#[must_use]
pub fn for_excel(csv: &str) -> String {
    ExcelParts::default().convert(csv)
}

/// [`for_excel`] part by part, for a CSV handed on in parts that each end
/// with a line break: the byte order mark before the first, the header's
/// German names for the first line that is not a comment.
#[derive(Debug, Default)]
pub struct ExcelParts {
    started: bool,
    header_written: bool,
}

impl ExcelParts {
    /// The next part in its Excel form.
    pub fn convert(&mut self, csv: &str) -> String {
        let mut out = String::with_capacity(csv.len() + csv.len() / 4 + 8);
        if !self.started {
            out.push(BYTE_ORDER_MARK);
            self.started = true;
        }
        for line in csv.lines() {
            if line.starts_with('#') {
                push_text(&mut out, line);
            } else {
                for (i, cell) in line.split(',').enumerate() {
                    if i > 0 {
                        out.push(';');
                    }
                    if self.header_written {
                        push_value(&mut out, cell);
                    } else {
                        push_text(&mut out, &column_name(cell));
                    }
                }
                self.header_written = true;
            }
            out.push_str("\r\n");
        }
        out
    }
}

/// A number with a decimal comma; anything else as text.
fn push_value(out: &mut String, cell: &str) {
    let numeric = !cell.is_empty()
        && cell
            .bytes()
            .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-')
        && cell.parse::<f64>().is_ok();
    if numeric {
        out.extend(cell.chars().map(|c| if c == '.' { ',' } else { c }));
    } else {
        push_text(out, cell);
    }
}

/// Text, in quotes where it holds a separator, a quote or a line break.
fn push_text(out: &mut String, text: &str) {
    if text.contains([';', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&text.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(text);
    }
}

/// The German header of a plain CSV column (`polarization_mean` →
/// „Ordnung (Polarisation): Mittelwert“).
#[must_use]
pub fn column_name(key: &str) -> String {
    const STATISTICS: [(&str, &str); 4] = [
        ("_mean", "Mittelwert"),
        ("_sd", "Standardabweichung"),
        ("_sem", "Standardfehler"),
        ("_final", "am Ende"),
    ];
    for (suffix, statistic) in STATISTICS {
        if let Some(name) = key.strip_suffix(suffix).and_then(base_name) {
            return format!("{name}: {statistic}");
        }
    }
    base_name(key).unwrap_or_else(|| key.to_owned())
}

/// A column that is no statistic: a measure, a parameter, a table column.
fn base_name(key: &str) -> Option<String> {
    if let Some(&measure) = Measure::ALL.iter().find(|m| m.key() == key) {
        return Some(with_unit(measure_label(measure), measure.unit()));
    }
    if let Some(&field) = ParamField::ALL.iter().find(|f| f.key() == key) {
        return Some(with_unit(label(field), field.unit()));
    }
    let fixed = match key {
        "step" => "Schritt",
        "time_s" => "Modellzeit (s)",
        "run" => "Lauf",
        "point" => "Punkt",
        "runs" => "Läufe",
        "id" => "Nr.",
        "x" => "x (LE)",
        "y" => "y (LE)",
        "z" => "z (LE)",
        "vx" => "vx (LE/s)",
        "vy" => "vy (LE/s)",
        "vz" => "vz (LE/s)",
        "speed" => "Tempo (LE/s)",
        "neighbors" => "Nachbarn",
        "polarization_susceptibility" => "Schwankung der Ordnung (Suszeptibilität)",
        "polarization_binder" => "Binder-Kumulante der Ordnung",
        "r_from" => "r von (LE)",
        "r_to" => "r bis (LE)",
        "pairs" => "Paare",
        "pair_correlation" => "Paarkorrelation g",
        "velocity_correlation" => "Geschwindigkeitskorrelation C",
        _ => {
            let (rule, axis) = key.rsplit_once('_')?;
            let rule = match rule {
                "separation" => "Abstand S",
                "alignment" => "Richtung A",
                "cohesion" => "Kohäsion C",
                _ => return None,
            };
            return matches!(axis, "x" | "y" | "z").then(|| format!("{rule} {axis}"));
        }
    };
    Some(fixed.to_owned())
}

fn with_unit(name: &str, unit: Option<&str>) -> String {
    match unit {
        Some(unit) => format!("{name} ({unit})"),
        None => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CORRELATIONS_HEADER, SERIES_HEADER, Swarm};
    use crate::model::{Series, study::RESULTS_HEADER};

    /// The Excel file's cells, without the mark and the CRLFs.
    fn cells(excel: &str) -> Vec<Vec<String>> {
        let body = excel
            .strip_prefix(BYTE_ORDER_MARK)
            .expect("starts with the byte order mark");
        assert!(body.ends_with("\r\n"));
        body.split_terminator("\r\n")
            .map(|line| line.split(';').map(str::to_owned).collect())
            .collect()
    }

    #[test]
    fn a_series_reads_back_to_the_same_bits_with_german_headers() {
        let mut swarm = Swarm::new(&crate::model::Params {
            count: 30,
            ..Default::default()
        })
        .expect("valid");
        let mut series = Series::default();
        for _ in 0..20 {
            series.record(swarm.step_count(), swarm.measures());
            swarm.step();
        }
        let plain = series.to_csv();
        let excel = for_excel(&plain);
        let mut parts = ExcelParts::default();
        let in_parts: String = series
            .csv_parts(3)
            .map(|part| parts.convert(&part))
            .collect();
        assert_eq!(in_parts, excel, "the same file in parts");
        let rows = cells(&excel);
        assert_eq!(rows.len(), plain.lines().count());
        assert_eq!(rows[0][0], "Schritt");
        assert_eq!(rows[0][1], "Modellzeit (s)");
        assert_eq!(rows[0][2], "Mittleres Tempo (LE/s)");
        assert_eq!(rows[0][3], "Ordnung (Polarisation)");
        assert_eq!(rows[0].len(), SERIES_HEADER.split(',').count());
        for (plain_line, row) in plain.lines().skip(1).zip(&rows[1..]) {
            let plain_cells: Vec<&str> = plain_line.split(',').collect();
            assert_eq!(plain_cells.len(), row.len());
            for (plain_cell, cell) in plain_cells.iter().zip(row) {
                assert!(!cell.contains('.'), "{cell}");
                assert_eq!(cell.replace(',', "."), *plain_cell);
            }
        }
        assert!(rows[2][1].contains(','), "0,04 s: {:?}", rows[2]);
    }

    #[test]
    fn every_column_of_every_export_has_a_german_name() {
        let keys = SERIES_HEADER
            .split(',')
            .chain(RESULTS_HEADER.split(','))
            .chain(CORRELATIONS_HEADER.split(','));
        let table = [
            "id",
            "x",
            "y",
            "z",
            "vx",
            "vy",
            "vz",
            "speed",
            "neighbors",
            "separation_x",
            "separation_y",
            "separation_z",
            "alignment_x",
            "alignment_y",
            "alignment_z",
            "cohesion_x",
            "cohesion_y",
            "cohesion_z",
        ];
        let summary = [
            "point",
            "runs",
            "groups_sem",
            "polarization_susceptibility_sd",
            "polarization_binder_sem",
        ];
        for key in keys.chain(table).chain(summary) {
            let name = column_name(key);
            assert_ne!(name, key, "{key} has no German name");
            assert!(!name.contains('_'), "{key}: {name}");
        }
        assert_eq!(column_name("cohesion_z"), "Kohäsion C z");
        assert_eq!(
            column_name("mean_nearest_distance_sem"),
            "Mittlerer Abstand zum nächsten Nachbarn (LE): Standardfehler"
        );
        assert_eq!(column_name("max_speed"), "Höchsttempo (LE/s)");
        assert_eq!(column_name("separation_w"), "separation_w");
    }

    #[test]
    fn empty_cells_comments_and_separators_survive() {
        let excel = for_excel("# version=1 plan=ab; x\nstep,mean_nearest_distance\n0,\n1,-0.5\n");
        assert_eq!(
            excel,
            "\u{FEFF}\"# version=1 plan=ab; x\"\r\nSchritt;Mittlerer Abstand zum nächsten \
             Nachbarn (LE)\r\n0;\r\n1;-0,5\r\n"
        );
    }
}
