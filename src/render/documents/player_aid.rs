//! The player aid as a Typst document: the phases of the turn with their
//! tables, laid out by `qrs.typ`; the quick-reference sheet prints it and a
//! VASSAL module shows its pages as charts.

use crate::render::views::phases::{Phase, phases};

use crate::diagnostic::Diagnostic;
use crate::model::{Project, Ruleset};
use serde::Serialize;

/// Pages the sheet may take: one sheet, printed on both sides.
pub const PAGES: usize = 2;

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

/// The sheet's Typst world: its template and data.
pub fn world(
    project: &Project,
    ruleset: &Ruleset,
    press: &crate::render::typeset::templates::Press,
) -> Result<crate::render::typeset::world::MemoryWorld, Vec<Diagnostic>> {
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
    crate::render::typeset::templates::data_world(press, "qrs.typ", "qrs.json", &sheet)
}
