//! The quick-reference sheet: the sequence of play and every table marked
//! `qrs = true`, from the same data as the rulebook, on two landscape pages.

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::model::{Project, Ruleset, TableKind};
use crate::source::Sources;

use super::backend::{Artifact, Backend, Context, Made, MadeResult};
use super::pdf::RenderResult;
use super::rulebook::{TableData, table_data};
use super::templates::Template;
use crate::locale::Locale;

/// Pages the sheet may take: one sheet, printed on both sides.
const PAGES: usize = 2;

#[derive(Serialize)]
struct Sheet {
    title: String,
    paper: String,
    language: String,
    pages: usize,
    tables: Vec<TableData>,
}

/// The tables of the sheet: sequences of play first, then the marked tables,
/// in the rulebook's order and with its numbers.
pub fn sheet_tables(ruleset: &Ruleset) -> Vec<(&crate::model::Table, String)> {
    let is_sequence_of_play = |t: &crate::model::Table| {
        matches!(t.kind, TableKind::Sequence(_)) && t.id.contains("sequence")
    };
    let numbered = ruleset
        .numbering
        .tables()
        .iter()
        .filter_map(|(id, number)| Some((ruleset.table(id)?, number.clone())));
    let (mut tables, rest): (Vec<_>, Vec<_>) = numbered.partition(|(t, _)| is_sequence_of_play(t));
    tables.extend(rest.into_iter().filter(|(t, _)| t.qrs));
    tables
}

pub fn render(
    project: &Project,
    ruleset: &Ruleset,
    templates: &[Template],
    sources: &Sources,
) -> RenderResult {
    let locale = Locale::for_language(&ruleset.language);
    let sheet = Sheet {
        title: format!("{} — {}", ruleset.name, locale.quick_reference),
        paper: project.paper.clone(),
        language: ruleset.language.clone(),
        pages: PAGES,
        tables: sheet_tables(ruleset)
            .into_iter()
            .map(|(t, n)| table_data(ruleset, t, &n).without_editorial())
            .collect(),
    };
    let world = super::templates::data_world(templates, "qrs.typ", "qrs.json", &sheet, sources)?;
    let mut rendered =
        super::pdf::typeset(&world, &format!("grognard-{}-qrs", ruleset.id), |error| {
            let what = "the quick-reference sheet";
            super::templates::typst_diagnostic(error, &world, templates, "qrs.typ", what)
        })?;
    // A table that does not fit is named, never clipped in silence.
    for caption in std::mem::take(&mut rendered.overflow) {
        let location = ruleset
            .tables
            .iter()
            .find(|t| caption.ends_with(&t.title))
            .map(|t| t.location.clone());
        rendered.warnings.push(
            Diagnostic::warning(
                "qrs-overflow",
                format!("{caption} does not fit on the {PAGES}-page quick-reference sheet"),
            )
            .at_location(location)
            .note("shorten it, or take `qrs = true` off a less needed table"),
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
    fn plan(&self, cx: &Context, target: &str) -> Vec<Artifact> {
        cx.ruleset_file(target, "qrs.pdf")
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let ruleset = cx.ruleset(&artifact.target).expect("planned for a ruleset");
        let templates = cx.templates(&ruleset.folder);
        render(cx.project, ruleset, templates, cx.sources).map(Made::from)
    }
}
