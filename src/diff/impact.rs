//! What to reprint: the outputs of the new edition that hold something that
//! changed. The files are the ones `build` would write (each backend's plan);
//! which changes each kind of output holds is said here, once.

use std::collections::BTreeMap;

use crate::model::changes::{Change, Entry, Place, Reprint, RulesetChanges};
use crate::model::{Ruleset, Table, TableKind};
use crate::render::contract::Artifact;
use crate::render::registry::BACKENDS;
use crate::session::Session;

/// Fills each ruleset's list of outputs to reprint. Runs the project's
/// conversions first: their layers, reports, booklets and labels are
/// outputs too.
pub fn reprints(session: &mut Session, changes: &mut [RulesetChanges]) {
    let scenarios: Vec<String> = session
        .project
        .scenarios
        .iter()
        .map(|s| s.id.clone())
        .collect();
    session.run_conversions(&scenarios);
    let targets: Vec<String> = session
        .project
        .rulesets
        .iter()
        .map(|r| r.id.clone())
        .chain(scenarios)
        .collect();
    let planned = crate::build::plan(session, &targets, BACKENDS);
    for ruleset_changes in changes.iter_mut() {
        let Some(ruleset) = session.project.ruleset(&ruleset_changes.id) else {
            continue;
        };
        let sheet: Vec<&Table> = crate::render::views::phases::sheet_phases(ruleset)
            .into_iter()
            .flat_map(|(_, tables)| tables)
            .collect();
        // A web edition is one folder to publish, not a file per page.
        let mut found: BTreeMap<String, Reprint> = BTreeMap::new();
        for (backend, artifact) in &planned {
            let kind = backend.name();
            let held: Vec<usize> = ruleset_changes
                .entries
                .iter()
                .enumerate()
                .filter(|(_, entry)| holds(kind, artifact, ruleset, &sheet, entry))
                .map(|(i, _)| i)
                .collect();
            if held.is_empty() {
                continue;
            }
            let path = artifact.path.to_string_lossy().replace('\\', "/");
            let path = match (kind, path.find("/html/")) {
                ("html", Some(at)) => path[..at + "/html/".len()].to_string(),
                _ => path,
            };
            let reprint = found.entry(path.clone()).or_insert_with(|| Reprint {
                path,
                kind: kind.to_string(),
                entries: Vec::new(),
            });
            for i in held {
                if !reprint.entries.contains(&i) {
                    reprint.entries.push(i);
                }
            }
        }
        ruleset_changes.reprint = found.into_values().collect();
        for reprint in &mut ruleset_changes.reprint {
            reprint.entries.sort_unstable();
        }
    }
}

/// Whether the output `artifact` of the kind `kind` prints the change.
fn holds(
    kind: &str,
    artifact: &Artifact,
    ruleset: &Ruleset,
    sheet: &[&Table],
    entry: &Entry,
) -> bool {
    let of_ruleset = artifact.target == ruleset.id;
    let rules = matches!(
        entry.place,
        Place::Case { .. } | Place::Section { .. } | Place::Table { .. } | Place::Member { .. }
    );
    let scenario = match &entry.place {
        Place::Unit { scenario, .. } | Place::Layer { scenario, .. } => Some(scenario.as_str()),
        _ => None,
    };
    // A scenario's output for this ruleset's layer (or for no layer).
    let of_scenario = scenario.is_some_and(|s| artifact.target == s)
        && artifact.layer.as_deref().is_none_or(|l| l == ruleset.id);
    let unit = matches!(entry.place, Place::Unit { .. });
    let counter = matches!(entry.change, Change::Counter { .. });
    let deployed = matches!(entry.change, Change::Deployed { .. });
    // What a counter and a module's tray show of a unit: it, its name, its values.
    let named = unit
        && match &entry.change {
            Change::Added { .. } | Change::Removed { .. } | Change::Counter { .. } => true,
            Change::Value { field, .. } => field == "name",
            _ => false,
        };
    // The scale a conversion to this ruleset reads: its converted outputs.
    if matches!(entry.place, Place::Profile) {
        return artifact.converted
            && artifact.layer.as_deref() == Some(&ruleset.id)
            && matches!(kind, "conversions" | "labels" | "booklets");
    }
    match kind {
        "rules" => of_ruleset && rules,
        // Chapters, tables and the scenario pages played with the ruleset.
        "html" => of_ruleset,
        "qrs" | "cards" => of_ruleset && on_the_sheet(sheet, &entry.place),
        // Names and strengths, not a ruleset's values.
        "oob" | "conversions" | "labels" => of_scenario && unit && !counter,
        "booklets" => of_scenario,
        "counters" => of_scenario && named,
        "maps" => of_scenario && deployed,
        // The module holds the counters, the set-up, the charts and the rulebook.
        "vassal" => {
            (of_scenario && (named || deployed))
                || (artifact.layer.as_deref() == Some(&ruleset.id) && rules)
        }
        _ => false,
    }
}

/// Whether the quick-reference sheet's tables (the cards are set from the
/// same phases) hold the changed table, or one listing the changed member.
fn on_the_sheet(sheet: &[&Table], place: &Place) -> bool {
    let mut tables = sheet.iter();
    match place {
        Place::Table { id, .. } => tables.any(|t| &t.id == id),
        Place::Member { vocabulary_id, .. } => tables.any(|t| lists(t, vocabulary_id)),
        _ => false,
    }
}

/// Whether a table has a column or group keyed by the vocabulary.
fn lists(table: &Table, vocabulary: &str) -> bool {
    let of = |v: &Option<String>| v.as_deref() == Some(vocabulary);
    match &table.kind {
        TableKind::Lookup(l) => l.columns.iter().any(|c| of(&c.vocab)),
        TableKind::Modifiers(m) => m.groups.iter().any(|g| of(&g.by)),
        TableKind::DiceTest(d) => d.modifiers.groups.iter().any(|g| of(&g.by)),
        _ => false,
    }
}
