//! The player aid's phases: the sequence of play first, then the ruleset's
//! `[[qrs]]` phases, then the other tables a player consults, each with its
//! colour; the sheet, the cards, the VASSAL charts and `diff` read them.

use crate::model::{Ruleset, TableKind};
use crate::render::views::table_data::{TableData, player_aid_table};
use serde::Serialize;
use std::collections::HashSet;

/// The bands' colours, phase by phase: dark enough for white type, apart
/// from one another in grey as well as in hue.
const PHASE_COLOURS: [&str; 8] = [
    "#7b2d26", "#1f4e79", "#3b6e2a", "#6a3d7c", "#8a5a00", "#1d6b6b", "#4a4a4a", "#8a2f5a",
];

/// A band of the sheet: a phase of the turn and the tables used in it.
#[derive(Serialize)]
pub struct Phase {
    pub title: String,
    pub colour: &'static str,
    pub tables: Vec<TableData>,
}

/// The sheet's phases: the sequence of play first, then the ruleset's
/// `[[qrs]]` phases in order, then the other tables marked `qrs = true`; each
/// table once, where it is first listed.
pub fn sheet_phases(ruleset: &Ruleset) -> Vec<(String, Vec<&crate::model::Table>)> {
    let locale = ruleset.locale();
    let in_book_order = ruleset
        .numbering
        .tables()
        .iter()
        .filter_map(|(id, _)| ruleset.table(id));
    let listed: HashSet<&str> = ruleset
        .qrs
        .iter()
        .flat_map(|p| p.tables.iter().map(|(id, _)| id.as_str()))
        .collect();
    let mut phases = Vec::new();
    for sequence in in_book_order.clone().filter(|t| is_sequence_of_play(t)) {
        if !listed.contains(sequence.id.as_str()) {
            phases.push((sequence.title.clone(), vec![sequence]));
        }
    }
    for phase in &ruleset.qrs {
        let tables = phase.tables.iter().filter_map(|(id, _)| ruleset.table(id));
        phases.push((phase.title.clone(), tables.collect()));
    }
    let other: Vec<_> = in_book_order
        .filter(|t| t.qrs && !listed.contains(t.id.as_str()) && !is_sequence_of_play(t))
        .collect();
    if !other.is_empty() {
        phases.push((locale.qrs_other.clone(), other));
    }
    let mut seen = HashSet::new();
    for (_, tables) in &mut phases {
        tables.retain(|t| seen.insert(t.id.as_str()));
    }
    phases.retain(|(_, tables)| !tables.is_empty());
    phases
}

fn is_sequence_of_play(table: &crate::model::Table) -> bool {
    matches!(table.kind, TableKind::Sequence(_)) && table.id.contains("sequence")
}

/// The phases with their tables as player aids show them, each in its colour.
pub fn phases(ruleset: &Ruleset) -> Vec<Phase> {
    let number = |id: &str| {
        let numbers = ruleset.numbering.tables();
        numbers
            .iter()
            .find(|(t, _)| t == id)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    };
    sheet_phases(ruleset)
        .into_iter()
        .zip(PHASE_COLOURS.iter().cycle())
        .map(|((title, tables), colour)| Phase {
            title,
            colour,
            tables: tables
                .into_iter()
                .map(|t| player_aid_table(ruleset, t, &number(&t.id)))
                .collect(),
        })
        .collect()
}
