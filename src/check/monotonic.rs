//! Declared order along a ladder: a better grade never gets a worse value.

use std::collections::BTreeMap;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Location};
use crate::model::table::{Effect, LookupTable, ModifierTable};
use crate::model::{Cell, Ruleset, Vocabulary};

pub fn modifier_groups(ruleset: &Ruleset, table: &ModifierTable, found: &mut Vec<Diagnostic>) {
    for group in &table.groups {
        let (Some(direction), Some(by)) = (&group.monotonic, &group.by) else {
            continue;
        };
        let Some(vocabulary) = ladder(ruleset, by, &group.location, found) else {
            continue;
        };
        let points: Vec<(usize, f64, &str, Location)> = group
            .modifiers
            .iter()
            .filter_map(|m| {
                let value = match m.effect {
                    Effect::Add(n) => n as f64,
                    Effect::Factor(r) => r.as_f64(),
                };
                Some((
                    vocabulary.position(&m.id)?,
                    value,
                    m.id.as_str(),
                    m.location.clone(),
                ))
            })
            .collect();
        check_points(points, direction, by, &group.title, found);
    }
}

pub fn lookup_columns(ruleset: &Ruleset, table: &LookupTable, found: &mut Vec<Diagnostic>) {
    for (index, column) in table.columns.iter().enumerate() {
        let Some((direction, along)) = &column.monotonic else {
            continue;
        };
        let Some(along_index) = table.columns.iter().position(|c| &c.id == along) else {
            continue;
        };
        let Some(vocab) = &table.columns[along_index].vocab else {
            continue;
        };
        let Some(vocabulary) = ladder(ruleset, vocab, &column.location, found) else {
            continue;
        };
        // Rows are compared only with rows that agree on every other key column.
        let mut partitions: BTreeMap<String, Vec<(usize, f64, &str, Location)>> = BTreeMap::new();
        for (row, cells) in table.rows.iter().enumerate() {
            let Some(value) = cells[index].number() else {
                continue;
            };
            let Cell::Keys(keys) = &cells[along_index] else {
                continue;
            };
            let partition: Vec<String> = table
                .columns
                .iter()
                .enumerate()
                .filter(|(i, c)| *i != along_index && c.vocab.is_some())
                .map(|(i, _)| format!("{:?}", cells[i]))
                .collect();
            for key in keys {
                if let Some(position) = vocabulary.position(key) {
                    partitions.entry(partition.join("|")).or_default().push((
                        position,
                        value,
                        key.as_str(),
                        table.cell_locations[row][index].clone(),
                    ));
                }
            }
        }
        for points in partitions.into_values() {
            check_points(points, direction, vocab, &column.label, found);
        }
    }
}

fn ladder<'a>(
    ruleset: &'a Ruleset,
    vocab: &str,
    location: &Location,
    found: &mut Vec<Diagnostic>,
) -> Option<&'a Vocabulary> {
    let vocabulary = ruleset.vocabulary(vocab)?;
    if !vocabulary.ordered {
        found.push(
            Diagnostic::of(
                codes::MONOTONIC,
                format!("`monotonic` needs an ordered vocabulary, and `{vocab}` has no order"),
            )
            .at_location(Some(location.clone()))
            .note(format!(
                "declare `ordered = \"best-first\"` on vocabulary `{vocab}`"
            )),
        );
        return None;
    }
    Some(vocabulary)
}

fn check_points(
    mut points: Vec<(usize, f64, &str, Location)>,
    direction: &str,
    vocab: &str,
    what: &str,
    found: &mut Vec<Diagnostic>,
) {
    points.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    for pair in points.windows(2) {
        let ((_, before, better, _), (_, after, worse, location)) = (&pair[0], &pair[1]);
        let broken = match direction {
            "decreasing" => after > before,
            _ => after < before,
        };
        if broken {
            found.push(
                Diagnostic::of(
                    codes::MONOTONIC,
                    format!(
                        "`{what}` is declared {direction} along `{vocab}`, but `{worse}` ({after}) comes after `{better}` ({before})"
                    ),
                )
                .at_location(Some(location.clone()))
                .label(format!("{after} breaks the {direction} order"))
                .expected(format!(
                    "a value {} {before}",
                    if direction == "decreasing" { "at most" } else { "at least" }
                ))
                .found(after.to_string()),
            );
        }
    }
}
