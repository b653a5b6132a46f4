//! Lints over the loaded model. Each family of lints has its own file.

mod examples;
mod names;
pub use names::closest;
mod references;

use crate::diagnostic::Diagnostics;
use crate::model::{Project, TableKind};

/// Runs every lint on every ruleset of the project.
pub fn check_project(project: &Project, diags: &mut Diagnostics) {
    for ruleset in &project.rulesets {
        references::check(ruleset, diags);
        examples::check(ruleset, diags);
        for table in &ruleset.tables {
            if matches!(table.kind, TableKind::Missing) {
                diags.push(
                    crate::diagnostic::Diagnostic::warning(
                        "missing-table",
                        format!(
                            "table `{}` ({}) is referred to by the source but not printed in it",
                            table.id, table.title
                        ),
                    )
                    .at_location(Some(table.location.clone()))
                    .label("declared as missing")
                    .note("the rulebook prints a \"not in source\" box in its place"),
                );
            }
        }
    }
}
