//! A table keyed by a vocabulary covers every member unless it says otherwise.

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::table::{LookupTable, ModifierTable};
use crate::model::{Cell, Ruleset};

pub fn modifier_groups(ruleset: &Ruleset, table: &ModifierTable, found: &mut Vec<Diagnostic>) {
    for group in &table.groups {
        let (Some(by), false) = (&group.by, group.partial) else {
            continue;
        };
        let Some(vocabulary) = ruleset.vocabulary(by) else {
            continue;
        };
        let missing: Vec<&str> = vocabulary
            .members
            .iter()
            .filter(|m| !group.modifiers.iter().any(|g| g.id == m.id))
            .map(|m| m.id.as_str())
            .collect();
        if !missing.is_empty() {
            found.push(
                uncovered(&group.title, by, &missing)
                    .at_location(group.by_location.clone().or(Some(group.location.clone()))),
            );
        }
    }
}

pub fn lookup_columns(ruleset: &Ruleset, table: &LookupTable, found: &mut Vec<Diagnostic>) {
    for (index, column) in table.columns.iter().enumerate() {
        let (Some(vocab), false) = (&column.vocab, column.partial) else {
            continue;
        };
        let Some(vocabulary) = ruleset.vocabulary(vocab) else {
            continue;
        };
        let covered = |id: &str| {
            table.rows.iter().any(|row| match &row[index] {
                Cell::Keys(keys) => keys.iter().any(|k| k == id),
                _ => false,
            })
        };
        let missing: Vec<&str> = vocabulary
            .members
            .iter()
            .map(|m| m.id.as_str())
            .filter(|id| !covered(id))
            .collect();
        if !missing.is_empty() {
            found.push(
                uncovered(&column.label, vocab, &missing)
                    .at_location(Some(column.location.clone())),
            );
        }
    }
}

fn uncovered(what: &str, vocab: &str, missing: &[&str]) -> Diagnostic {
    let list: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
    Diagnostic::of(
        codes::VOCABULARY_COVERAGE,
        format!(
            "`{what}` does not cover every member of `{vocab}`: {}",
            list.join(", ")
        ),
    )
    .label(format!("{} member(s) of `{vocab}` missing", missing.len()))
    .note("add them, or say `partial = true` if the table deliberately lists only some")
}
