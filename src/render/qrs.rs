//! The quick-reference sheet: the sequence of play and the tables a player
//! consults in each phase of the turn, from the same data as the rulebook, in
//! colour-keyed bands on two landscape pages.

use std::collections::HashSet;

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::model::{Project, Ruleset, TableKind};

use crate::render::backend::{Artifact, Backend, Context, Made, MadeResult};
use crate::render::pdf::RenderResult;
use crate::render::rulebook::{TableData, player_aid_table};

/// Pages the sheet may take: one sheet, printed on both sides.
const PAGES: usize = 2;

/// The bands' colours, phase by phase: dark enough for white type, apart
/// from one another in grey as well as in hue.
const PHASE_COLOURS: [&str; 8] = [
    "#7b2d26", "#1f4e79", "#3b6e2a", "#6a3d7c", "#8a5a00", "#1d6b6b", "#4a4a4a", "#8a2f5a",
];

#[derive(Serialize)]
struct Sheet {
    title: String,
    /// "Edición 1.1", in the foot of each page.
    edition: String,
    paper: String,
    language: String,
    pages: usize,
    phases: Vec<Phase>,
}

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

/// The sheet's Typst world: its template and data.
pub fn world(
    project: &Project,
    ruleset: &Ruleset,
    press: &crate::render::templates::Press,
) -> Result<crate::render::world::MemoryWorld, Vec<Diagnostic>> {
    let locale = ruleset.locale();
    let phases = phases(ruleset);
    let sheet = Sheet {
        title: format!("{} — {}", ruleset.name, locale.quick_reference),
        edition: locale.edition_named(&ruleset.edition),
        paper: project.paper.clone(),
        language: ruleset.language.clone(),
        pages: PAGES,
        phases,
    };
    crate::render::templates::data_world(press, "qrs.typ", "qrs.json", &sheet)
}

pub fn render(
    project: &Project,
    ruleset: &Ruleset,
    press: &crate::render::templates::Press,
) -> RenderResult {
    let world = world(project, ruleset, press)?;
    let mut rendered =
        crate::render::pdf::typeset(&world, &format!("grognard-{}-qrs", ruleset.id), |error| {
            let what = "the quick-reference sheet";
            crate::render::templates::typst_diagnostic(error, &world, press.templates, "qrs.typ", what)
        })?;
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
            Diagnostic::warning(
                "qrs-overflow",
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
    fn plan(&self, cx: &Context, target: &str) -> Vec<Artifact> {
        cx.ruleset_file(target, "qrs.pdf")
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let ruleset = cx.ruleset(&artifact.target).expect("planned for a ruleset");
        render(cx.project, ruleset, &cx.press(&ruleset.folder)).map(Made::from)
    }
}
