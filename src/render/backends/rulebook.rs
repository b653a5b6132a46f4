//! The rulebook of one ruleset: title page, contents, chapters, tables → PDF.

use crate::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult, Subject};

/// Rulebooks: out/<ruleset>/<ruleset>-rules.pdf
pub struct Rules;

impl Backend for Rules {
    fn name(&self) -> &'static str {
        "rules"
    }
    fn about(&self) -> &'static str {
        "Rulebooks: out/<ruleset>/<ruleset>-rules.pdf"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // Its cases, sections and tables.
        !change.scale() && change.of_ruleset(artifact) && change.in_rules()
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        cx.ruleset_file(target, "rules.pdf")
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Ruleset(ruleset) = artifact.subject else {
            unreachable!("planned only for rulesets")
        };
        let rendered = cx.rulebook(ruleset)?;
        Ok(Made {
            bytes: rendered.pdf.clone(),
            warnings: rendered.warnings.clone(),
            problems: rendered.problems.clone(),
        })
    }
}
