//! The quick-reference sheet: the sequence of play and the tables a player
//! consults in each phase of the turn, from the same data as the rulebook, in
//! colour-keyed bands on two landscape pages.

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::{Project, Ruleset};

use crate::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult, Subject};
use crate::render::documents::player_aid::{PAGES, world};
use crate::render::typeset::pdf::RenderResult;

pub fn render(
    project: &Project,
    ruleset: &Ruleset,
    press: &crate::render::typeset::templates::Press,
) -> RenderResult {
    let world = world(project, ruleset, press)?;
    let mut rendered = crate::render::typeset::pdf::typeset(
        &world,
        &format!("grognard-{}-qrs", ruleset.id),
        |error| {
            let what = "the quick-reference sheet";
            crate::render::typeset::templates::typst_diagnostic(
                error,
                &world,
                press.templates,
                "qrs.typ",
                what,
            )
        },
    )?;
    // A table that does not fit is named, never clipped in silence.
    for title in std::mem::take(&mut rendered.overflow) {
        let table = ruleset.tables.iter().find(|t| t.title == title);
        let listed = ruleset.qrs.iter().find_map(|phase| {
            let (_, at) = phase
                .tables
                .iter()
                .find(|(id, _)| table.is_some_and(|t| &t.id == id))?;
            Some(at.clone())
        });
        rendered.warnings.push(
            Diagnostic::of(
                codes::QRS_OVERFLOW,
                format!("table \"{title}\" does not fit on the {PAGES}-page quick-reference sheet"),
            )
            .at_location(listed.or_else(|| table.map(|t| t.location.clone())))
            .note("shorten it, or take it off a phase a player needs less (`[[qrs]]` in ruleset.toml)"),
        );
    }
    Ok(rendered)
}

/// Quick-reference sheets: out/<ruleset>/<ruleset>-qrs.pdf
pub struct Qrs;

impl Backend for Qrs {
    fn name(&self) -> &'static str {
        "qrs"
    }
    fn about(&self) -> &'static str {
        "Quick-reference sheets: out/<ruleset>/<ruleset>-qrs.pdf"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // The tables a player consults in play.
        !change.scale() && change.of_ruleset(artifact) && change.on_player_aid()
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        cx.ruleset_file(target, "qrs.pdf")
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Ruleset(ruleset) = artifact.subject else {
            unreachable!("planned only for rulesets")
        };
        render(cx.project, ruleset, &cx.press(&ruleset.folder)).map(Made::from)
    }
}
