//! What to reprint: the outputs of the new edition that hold something that
//! changed. The files are the ones `build` would write (each backend's plan);
//! which changes a file holds its backend says (`Backend::holds`).

use std::collections::BTreeMap;

use crate::model::Table;
use crate::model::changes::{Reprint, RulesetChanges};
use crate::render::contract::{Artifact, Backend, Changed};
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
        let player_aid: Vec<&Table> = crate::render::views::phases::sheet_phases(ruleset)
            .into_iter()
            .flat_map(|(_, tables)| tables)
            .collect();
        let mut found: BTreeMap<String, Reprint> = BTreeMap::new();
        for (backend, artifact) in &planned {
            let held: Vec<usize> = ruleset_changes
                .entries
                .iter()
                .enumerate()
                .filter(|(_, entry)| {
                    let change = Changed {
                        ruleset,
                        entry,
                        player_aid: &player_aid,
                    };
                    backend.holds(artifact, &change)
                })
                .map(|(i, _)| i)
                .collect();
            if held.is_empty() {
                continue;
            }
            let path = reprinted(*backend, artifact);
            let reprint = found.entry(path.clone()).or_insert_with(|| Reprint {
                path,
                kind: backend.name().to_string(),
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

/// What is reprinted for a file: the file, or the whole folder it is
/// published in (a web edition is one folder to publish, not a page).
fn reprinted(backend: &dyn Backend, artifact: &Artifact) -> String {
    let folder = backend
        .publishes_folder()
        .map(|name| std::path::Path::new(artifact.target()).join(name))
        .filter(|folder| artifact.path.starts_with(folder));
    match folder {
        Some(folder) => format!("{}/", folder.to_string_lossy().replace('\\', "/")),
        None => artifact.path.to_string_lossy().replace('\\', "/"),
    }
}
