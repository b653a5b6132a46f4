//! Lints over the loaded model, run on every build like a compiler's checks.
//! Each family of lints has its own file; a table may allow a lint with a reason.

pub mod claim_coverage;
mod claims;
pub mod colour;
mod command;
mod conversions;
mod coverage;
mod crt;
mod detect;
pub mod dice;
mod examples;
mod feeds;
mod map;
mod modifier_sign;
mod monotonic;
pub mod package;
mod proportions;
mod prose;
mod ranges;
mod references;
pub mod rules;
pub mod scenario;
mod scenario_refs;
mod translations;

use rayon::prelude::*;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::limits::Limits;
use crate::model::table::{Allow, Base};
use crate::model::{Project, Ruleset, Table, TableKind};
use crate::source::Sources;

/// Runs every lint on every ruleset of the project. Rulesets are checked
/// side by side, one thread each, and their findings reported in the
/// project's order.
pub fn check_project(project: &Project, sources: &Sources, diags: &mut Diagnostics) {
    // Rulesets and scenarios are checked side by side on every core; their
    // findings are reported in the order of a check one after the other.
    let (rulesets, scenarios) = rayon::join(
        || {
            project
                .rulesets
                .par_iter()
                .map(|ruleset| check_ruleset(ruleset, &project.limits, sources))
                .collect::<Vec<_>>()
        },
        || {
            project
                .scenarios
                .par_iter()
                .map(|one| {
                    let mut found = Diagnostics::default();
                    scenario::check(project, one, &mut found);
                    found
                })
                .collect::<Vec<_>>()
        },
    );
    for found in rulesets {
        diags.extend(found.into_vec());
    }
    for key_ref in &project.neutral_refs {
        if let Some(vocab) = &key_ref.vocab
            && project
                .neutral
                .vocabulary(vocab)
                .is_some_and(|v| v.member(&key_ref.key).is_none())
        {
            diags.push(
                Diagnostic::of(
                    codes::UNKNOWN_VOCABULARY_KEY,
                    format!("`{}` is not a member of vocabulary `{vocab}`", key_ref.key),
                )
                .at_location(Some(key_ref.location.clone())),
            );
        }
    }
    colour::check(project, diags);
    conversions::check(project, diags);
    for found in scenarios {
        diags.extend(found.into_vec());
    }
}

fn check_ruleset(ruleset: &Ruleset, limits: &Limits, sources: &Sources) -> Diagnostics {
    let mut diags = Diagnostics::default();
    references::check(ruleset, sources, &mut diags);
    claims::check(ruleset, &mut diags);
    detect::check(ruleset, &mut diags);
    examples::check(ruleset, &mut diags);
    let mut found = Vec::new();
    prose::check(ruleset, sources, &mut found);
    diags.extend(found);
    for table in &ruleset.tables {
        let mut found = Vec::new();
        table_lints(ruleset, table, limits, &mut found);
        apply_allows(&table.allow, found, &mut diags);
    }
    diags
}

fn table_lints(ruleset: &Ruleset, table: &Table, limits: &Limits, found: &mut Vec<Diagnostic>) {
    match &table.kind {
        TableKind::Modifiers(m) => {
            coverage::modifier_groups(ruleset, m, found);
            monotonic::modifier_groups(ruleset, m, found);
            feeds::check(ruleset, table, m, limits, found);
        }
        TableKind::DiceTest(t) => {
            modifier_sign::check(ruleset, table, t, found);
            coverage::modifier_groups(ruleset, &t.modifiers, found);
            monotonic::modifier_groups(ruleset, &t.modifiers, found);
            if let Base::Fixed(base) = t.modifiers.base {
                dice::check(t, base, &table.location, limits, found);
            }
        }
        TableKind::Ranges(r) => ranges::check(r, found),
        TableKind::Lookup(l) => {
            coverage::lookup_columns(ruleset, l, found);
            monotonic::lookup_columns(ruleset, l, found);
            rules::check(l, found);
        }
        TableKind::Sequence(_) => {}
        TableKind::Crt(c) => crt::check(c, found),
        // The author has declared it: a note, not a warning.
        TableKind::Missing(_) => found.push(
            Diagnostic::of(
                codes::MISSING_TABLE,
                format!(
                    "table `{}` ({}) is referred to by the source but not printed in it",
                    table.id, table.title
                ),
            )
            .at_location(Some(table.location.clone()))
            .label("declared as missing")
            .note("the rulebook prints a \"not in source\" box in its place"),
        ),
    }
}

/// Drops what a table or layer allows; an allow that matched nothing is
/// itself reported.
fn apply_allows(allows: &[Allow], found: Vec<Diagnostic>, diags: &mut Diagnostics) {
    let mut used = vec![false; allows.len()];
    for diagnostic in found {
        match allows.iter().position(|a| a.lint == diagnostic.code) {
            Some(i) => used[i] = true,
            None => diags.push(diagnostic),
        }
    }
    for (allow, used) in allows.iter().zip(used) {
        // What the build finds in its outputs (a table over too many cards)
        // is matched there, not here.
        let output = crate::diagnostic::codes::lookup(&allow.lint)
            .is_some_and(|c| c.family == crate::diagnostic::codes::Family::Output);
        if !used && !output {
            diags.push(
                Diagnostic::of(
                    codes::UNUSED_ALLOW,
                    format!(
                        "`{}` is allowed here but nothing here triggers it",
                        allow.lint
                    ),
                )
                .at_location(Some(allow.location.clone()))
                .note(format!("reason given: {}", allow.reason)),
            );
        }
    }
}
