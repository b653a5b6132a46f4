//! Which rulesets and scenarios a command is about, and which diagnostics
//! concern them: `build ved` and `check ved` report on ved alone, like
//! `cargo build -p`.

use crate::diagnostic::codes;
use crate::diagnostic::{self, Diagnostic};
use crate::session::Session;

/// The targets: every ruleset and scenario, or those named. An unknown name is
/// an error with the closest known one.
pub fn select(session: &mut Session, names: &[String]) -> Vec<String> {
    let project = &session.project;
    let all: Vec<String> = project
        .rulesets
        .iter()
        .map(|r| r.id.clone())
        .chain(project.scenarios.iter().map(|s| s.id.clone()))
        .collect();
    if names.is_empty() {
        return all;
    }
    let mut selected = Vec::new();
    for name in names {
        if all.contains(name) {
            selected.push(name.clone());
        } else {
            let mut d = Diagnostic::of(
                codes::UNKNOWN_TARGET,
                format!("nothing to build called `{name}`"),
            )
            .expected(format!("one of {}", all.join(", ")));
            if let Some(s) = diagnostic::closest(name, all.iter().map(String::as_str)) {
                d = d.note(format!("did you mean `{s}`?"));
            }
            session.diagnostics.push(d);
        }
    }
    selected
}

/// Keeps only the diagnostics that concern the named targets: their own,
/// and those of the rulesets a named scenario reads.
pub fn retain(session: &mut Session, targets: &[String]) {
    let folders: Vec<_> = targets.iter().flat_map(|t| session.folders_of(t)).collect();
    if folders.is_empty() {
        return;
    }
    let mut diagnostics = std::mem::take(&mut session.diagnostics);
    diagnostics.retain(|d| folders.iter().any(|f| session.concerns(d, f)));
    session.diagnostics = diagnostics;
}
