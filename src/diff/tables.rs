//! Tables and vocabularies of two editions, compared as the reader sees
//! them: a table's cells by row and column as printed (the rulebook's own
//! strings), a vocabulary's members by id.

use std::collections::HashMap;

use crate::model::changes::{Change, Entry, Kind, Place};
use crate::model::{Ruleset, Table};
use crate::render::views::tables::{DisplayTable, Row, display_unmeasured};

pub fn compare(old: &Ruleset, new: &Ruleset) -> Vec<Entry> {
    let mut entries = Vec::new();
    let number = |ruleset: &Ruleset, id: &str| {
        ruleset
            .numbering
            .tables()
            .iter()
            .find(|(t, _)| t == id)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    };
    for table in &new.tables {
        let place = Place::Table {
            number: number(new, &table.id),
            id: table.id.clone(),
            title: table.title.clone(),
        };
        let Some(was) = old.tables.iter().find(|t| t.id == table.id) else {
            entries.push(Entry::new(
                place,
                Kind::Addition,
                Change::Added {
                    text: table.title.clone(),
                },
            ));
            continue;
        };
        let before = shown(old, was, &number(old, &was.id));
        let after = shown(new, table, &number(new, &table.id));
        for change in cells(&before, &after) {
            entries.push(Entry::new(place.clone(), Kind::Change, change));
        }
    }
    for table in old
        .tables
        .iter()
        .filter(|t| new.tables.iter().all(|n| n.id != t.id))
    {
        entries.push(Entry::new(
            Place::Table {
                number: number(old, &table.id),
                id: table.id.clone(),
                title: table.title.clone(),
            },
            Kind::Deletion,
            Change::Removed {
                text: table.title.clone(),
            },
        ));
    }
    entries.extend(vocabularies(old, new));
    entries
}

fn shown(ruleset: &Ruleset, table: &Table, number: &str) -> DisplayTable {
    display_unmeasured(ruleset, table, number)
}

/// A table's printed rows: (row label, cells), the label with its group's
/// title, and a dice test's outcomes as rows of their own.
fn rows(table: &DisplayTable) -> Vec<(String, Vec<String>)> {
    let mut rows = Vec::new();
    for (row, label) in table.rows.iter().zip(table.row_labels()) {
        if let (Row::Cells { cells }, Some(label)) = (row, label) {
            rows.push((label, cells.clone()));
        }
    }
    for [label, consequence] in &table.outcomes {
        rows.push((label.clone(), vec![label.clone(), consequence.clone()]));
    }
    rows
}

/// Every cell, title, note and header line that differs.
fn cells(old: &DisplayTable, new: &DisplayTable) -> Vec<Change> {
    let mut changes = Vec::new();
    let mut value = |field: &str, a: &str, b: &str| {
        if a != b {
            changes.push(Change::Value {
                field: field.to_string(),
                old: a.to_string(),
                new: b.to_string(),
            });
        }
    };
    value("title", &old.title, &new.title);
    value("header", &old.header.join(" · "), &new.header.join(" · "));
    value(
        "note",
        old.note.as_deref().unwrap_or_default(),
        new.note.as_deref().unwrap_or_default(),
    );
    let (before, after) = (rows(old), rows(new));
    // Rows by label (the n-th of that label), then what is left by position.
    let mut index: HashMap<(&str, usize), usize> = HashMap::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, (label, _)) in before.iter().enumerate() {
        let n = seen.entry(label).or_default();
        index.insert((label, *n), i);
        *n += 1;
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut pairs: Vec<(Option<usize>, usize)> = Vec::new();
    let mut used = vec![false; before.len()];
    for (i, (label, _)) in after.iter().enumerate() {
        let n = seen.entry(label).or_default();
        let found = index.get(&(label.as_str(), *n)).copied();
        *n += 1;
        if let Some(o) = found {
            used[o] = true;
        }
        pairs.push((found, i));
    }
    for pair in pairs.iter_mut().filter(|p| p.0.is_none()) {
        if let Some(false) = used.get(pair.1) {
            used[pair.1] = true;
            pair.0 = Some(pair.1);
        }
    }
    for (o, n) in &pairs {
        let (label, cells) = &after[*n];
        let Some(o) = o else {
            changes.push(Change::RowAdded { row: label.clone() });
            continue;
        };
        let old_cells = &before[*o].1;
        for (j, cell) in cells.iter().enumerate() {
            let column = new.columns.get(j).cloned().unwrap_or_default();
            let was = old_cells
                .get(old_column(&old.columns, &new.columns, j))
                .cloned()
                .unwrap_or_default();
            if was != *cell {
                changes.push(Change::Cell {
                    row: label.clone(),
                    column,
                    old: was,
                    new: cell.clone(),
                });
            }
        }
    }
    for (o, (label, _)) in before.iter().enumerate() {
        if !used[o] {
            changes.push(Change::RowRemoved { row: label.clone() });
        }
    }
    changes
}

/// The old column of the new column `j`: the one in its place if it has the
/// same heading, else the one heading of that name (a column moved), else
/// the one in its place.
fn old_column(old: &[String], new: &[String], j: usize) -> usize {
    let heading = new.get(j);
    if old.get(j) == heading {
        return j;
    }
    let mut same = old.iter().enumerate().filter(|(_, c)| Some(*c) == heading);
    match (same.next(), same.next()) {
        (Some((i, _)), None) => i,
        _ => j,
    }
}

/// Members added, deleted, or relabelled, by id.
fn vocabularies(old: &Ruleset, new: &Ruleset) -> Vec<Entry> {
    let mut entries = Vec::new();
    for vocabulary in &new.vocabularies {
        let was = old.vocabularies.iter().find(|v| v.id == vocabulary.id);
        for member in &vocabulary.members {
            let place = Place::Member {
                vocabulary_id: vocabulary.id.clone(),
                vocabulary: vocabulary.title.clone(),
                member: member.label.clone(),
            };
            match was.and_then(|v| v.member(&member.id)) {
                None => entries.push(Entry::new(
                    place,
                    Kind::Addition,
                    Change::Added {
                        text: member.label.clone(),
                    },
                )),
                Some(before) if before.label != member.label => entries.push(Entry::new(
                    place,
                    Kind::Change,
                    Change::Value {
                        field: "label".into(),
                        old: before.label.clone(),
                        new: member.label.clone(),
                    },
                )),
                Some(_) => {}
            }
        }
        let Some(was) = was else { continue };
        for member in was
            .members
            .iter()
            .filter(|m| vocabulary.member(&m.id).is_none())
        {
            entries.push(Entry::new(
                Place::Member {
                    vocabulary_id: vocabulary.id.clone(),
                    vocabulary: vocabulary.title.clone(),
                    member: member.label.clone(),
                },
                Kind::Deletion,
                Change::Removed {
                    text: member.label.clone(),
                },
            ));
        }
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::old_column;

    #[test]
    fn a_column_is_found_in_its_place_or_by_its_one_heading() {
        let twice = ["Cavalry".to_string(), "Band".into(), "Cavalry".into()];
        // Two columns headed alike (polk's cossack table): each by its place.
        assert_eq!(old_column(&twice, &twice, 2), 2);
        let old = ["Terrain".to_string(), "Infantry".into(), "Cavalry".into()];
        let new = ["Terrain".to_string(), "Cavalry".into(), "Infantry".into()];
        assert_eq!(old_column(&old, &new, 1), 2);
        assert_eq!(old_column(&old, &new, 2), 1);
    }
}
