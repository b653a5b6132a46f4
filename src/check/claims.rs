//! Numbers in running text that state a table's value, written
//! `[6 cm](=movement/line/cm)`: the path names the table, the keys of its
//! row and the column (or a modifier's id, or `base`), and the number the
//! text gives must be the table's.

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::chapter::Claim;
use crate::model::table::{Base, Effect, ModifierTable, RangeTable};
use crate::model::{Cell, Ruleset, TableKind};

pub fn check(ruleset: &Ruleset, diags: &mut Diagnostics) {
    for claim in ruleset.chapters.iter().flat_map(|c| &c.claims) {
        if let Err(problem) = check_claim(ruleset, claim) {
            diags.push(
                Diagnostic::of(codes::PROSE_CLAIM, problem)
                    .at_location(Some(claim.location.clone())),
            );
        }
    }
}

fn check_claim(ruleset: &Ruleset, claim: &Claim) -> Result<(), String> {
    let Some((table_id, rest)) = claim.path.split_first() else {
        return Err("a claim names no table".into());
    };
    let Some(table) = ruleset.table(table_id) else {
        return Err(format!(
            "the text's `{}` claims a value of no table `{table_id}`",
            claim.text
        ));
    };
    let (value, what) = match &table.kind {
        TableKind::Lookup(lookup) => {
            let Some((column, keys)) = rest.split_last() else {
                return Err(format!("the claim on `{table_id}` names no column"));
            };
            let Some(index) = lookup.columns.iter().position(|c| &c.id == column) else {
                return Err(format!("table `{table_id}` has no column `{column}`"));
            };
            // A row is named by its own `id`, or by the keys its cells hold.
            let matching: Vec<&Vec<Cell>> = lookup
                .rows
                .iter()
                .zip(&lookup.row_ids)
                .filter(|(row, id)| {
                    matches!((keys, id), ([key], Some(id)) if key == id)
                        || keys.iter().all(|k| row.iter().any(|cell| holds(cell, k)))
                })
                .map(|(row, _)| row)
                .collect();
            let row = match matching[..] {
                [row] => row,
                [] => return Err(format!("no row of `{table_id}` has {}", keys.join(" and "))),
                _ => {
                    return Err(format!(
                        "{} rows of `{table_id}` have {}: name more of its keys",
                        matching.len(),
                        keys.join(" and ")
                    ));
                }
            };
            let Some(value) = row.get(index).and_then(Cell::number) else {
                return Err(format!(
                    "`{table_id}` gives no number there ({})",
                    rest.join(", ")
                ));
            };
            (value, rest.join(", "))
        }
        TableKind::Ranges(ranges) => (range(ranges, table_id, rest)?, rest.join(", ")),
        TableKind::Modifiers(m) => (modifier(m, table_id, rest)?, rest.join(", ")),
        TableKind::DiceTest(t) => (modifier(&t.modifiers, table_id, rest)?, rest.join(", ")),
        _ => {
            return Err(format!(
                "claims are read in lookup, ranges, modifier and dice-test tables, not in `{table_id}`"
            ));
        }
    };
    let Some((said, signed)) = first_number(&claim.text) else {
        return Err(format!("the claim `{}` holds no number", claim.text));
    };
    let agrees = if signed {
        (said - value).abs() < 1e-9
    } else {
        (said - value.abs()).abs() < 1e-9
    };
    if agrees {
        Ok(())
    } else {
        Err(format!(
            "the text says {}, table `{table_id}` gives {} ({what})",
            claim.text.trim(),
            show(value)
        ))
    }
}

/// A weapon's range: `heavy/max` (where its last band ends), `heavy/min`
/// (where its first starts), or `heavy/2/to` (where its second band ends).
fn range(table: &RangeTable, table_id: &str, rest: &[String]) -> Result<f64, String> {
    let (key, what) = match rest {
        [key, what] => (key, vec![what.as_str()]),
        [key, band, end] => (key, vec![band.as_str(), end.as_str()]),
        _ => {
            return Err(format!(
                "a claim on `{table_id}` names a row and `max`, `min` or a band and `from` or `to`"
            ));
        }
    };
    let Some(row) = table.rows.iter().find(|r| &r.key == key) else {
        return Err(format!("table `{table_id}` has no row `{key}`"));
    };
    let band = |i: usize| {
        row.bounds
            .get(i)
            .copied()
            .ok_or_else(|| format!("`{key}` of `{table_id}` has no band {}", i + 1))
    };
    match what[..] {
        ["max"] => Ok(band(row.bounds.len().saturating_sub(1))?.1),
        ["min"] => Ok(band(0)?.0),
        [n, end] => {
            let index = n
                .parse::<usize>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| format!("`{n}` is no band number of `{table_id}` (1, 2, …)"))?;
            let (from, to) = band(index - 1)?;
            match end {
                "from" => Ok(from),
                "to" => Ok(to),
                _ => Err(format!("a band is read `from` or `to`, not `{end}`")),
            }
        }
        _ => Err(format!(
            "a range is read by `max`, `min` or a band number, not `{}`",
            what.join("/")
        )),
    }
}

/// A modifier's value by its id, or the table's fixed base.
fn modifier(table: &ModifierTable, table_id: &str, rest: &[String]) -> Result<f64, String> {
    let [id] = rest else {
        return Err(format!(
            "a claim on `{table_id}` names one modifier, or `base`"
        ));
    };
    if id == "base" {
        return match table.base {
            Base::Fixed(n) => Ok(n as f64),
            Base::Roll(_) => Err(format!("`{table_id}` rolls its base")),
        };
    }
    match table.modifier(id) {
        Some((_, m)) => Ok(match m.effect {
            Effect::Add(n) => n as f64,
            Effect::Factor(r) => r.as_f64(),
        }),
        None => Err(format!("table `{table_id}` has no modifier `{id}`")),
    }
}

/// Whether a cell is, or lists, the key.
fn holds(cell: &Cell, key: &str) -> bool {
    match cell {
        Cell::Keys(keys) => keys.iter().any(|k| k == key),
        Cell::Text(text) => text == key,
        // A row keyed by a number ("14" turns, "11" points) is named by it.
        Cell::Integer(n) => n.to_string() == key,
        _ => false,
    }
}

/// The first number of a text — "6", "7,5", "1/2", "+2", "−1" — and whether
/// it is written with its sign.
fn first_number(text: &str) -> Option<(f64, bool)> {
    let chars: Vec<char> = text.chars().collect();
    let start = chars.iter().position(char::is_ascii_digit)?;
    let sign = start
        .checked_sub(1)
        .and_then(|i| chars.get(i))
        .and_then(|c| match c {
            '+' => Some(1.0),
            '-' | '−' => Some(-1.0),
            _ => None,
        });
    let mut end = start;
    while end < chars.len()
        && (chars[end].is_ascii_digit()
            || (matches!(chars[end], '.' | ',' | '/')
                && chars.get(end + 1).is_some_and(char::is_ascii_digit)))
    {
        end += 1;
    }
    let written: String = chars[start..end]
        .iter()
        .collect::<String>()
        .replace(',', ".");
    let value = match written.split_once('/') {
        Some((a, b)) => a.parse::<f64>().ok()? / b.parse::<f64>().ok().filter(|b| *b != 0.0)?,
        None => written.parse().ok()?,
    };
    Some((value * sign.unwrap_or(1.0), sign.is_some()))
}

fn show(value: f64) -> String {
    format!("{}", (value * 1000.0).round() / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::first_number;

    #[test]
    fn numbers_as_rules_write_them() {
        assert_eq!(first_number("6 cm"), Some((6.0, false)));
        assert_eq!(first_number("7,5 cm"), Some((7.5, false)));
        assert_eq!(first_number("la mitad, 1/2"), Some((0.5, false)));
        assert_eq!(first_number("un +2"), Some((2.0, true)));
        assert_eq!(first_number("−1 a la tirada"), Some((-1.0, true)));
        assert_eq!(first_number("sin número"), None);
    }
}
