//! A table as display data with its number and caption, as the rulebook,
//! the player aids and the cards print it.

use crate::model::Ruleset;
use crate::render::typeset::measure::Face;
pub use crate::render::typeset::pdf::{RenderResult, Rendered};
use crate::render::views::tables::{DisplayTable, display_table};
use serde::Serialize;

#[derive(Serialize)]
pub struct TableData {
    caption: String,
    /// The caption's width on one line, in ems of its own size, and that of
    /// the widest line under it in ems of the table's text.
    caption_width: f64,
    header_width: f64,
    /// The rule the table serves ("§ 13.1"), set after its caption on a player aid.
    reference: Option<String>,
    /// "(cont.)", after the caption where the table goes on overleaf.
    continued: String,
    missing_text: String,
    /// "Nota de la edición", before the editor's note under the table.
    editor_label: String,
    #[serde(flatten)]
    pub table: DisplayTable,
}

impl TableData {
    /// The table as set, for measuring it.
    pub fn display(&self) -> &DisplayTable {
        &self.table
    }
}

/// A table as both the rulebook and the quick-reference sheet show it.
pub fn table_data(
    ruleset: &Ruleset,
    table: &crate::model::Table,
    number: &str,
    face: Face,
) -> TableData {
    let locale = ruleset.locale();
    let caption = format!("{} {number}. {}", locale.table, table.title);
    captioned(ruleset, table, number, face, caption)
}

/// A table on a player aid: captioned by its title and the rule it serves
/// ("§ 13.1"), set in the aids' sans, without the editor's remarks.
pub fn player_aid_table(ruleset: &Ruleset, table: &crate::model::Table, number: &str) -> TableData {
    let mut data = captioned(ruleset, table, number, Face::Sans, table.title.clone());
    data.table.editor_note = None;
    data.reference = ruleset
        .numbering
        .rule_of(&table.id)
        .map(|rule| format!("§ {rule}"));
    if let Some(reference) = &data.reference {
        let line = format!("{} {} {reference}", data.caption, data.continued);
        data.caption_width = crate::render::views::table_layout::width(Face::Sans, &line, true);
    }
    data
}

fn captioned(
    ruleset: &Ruleset,
    table: &crate::model::Table,
    number: &str,
    face: Face,
    caption: String,
) -> TableData {
    let locale = ruleset.locale();
    let display = display_table(ruleset, table, number, face);
    let width = |text: &str, bold| crate::render::views::table_layout::width(face, text, bold);
    TableData {
        // Wide enough for the caption as it repeats overleaf, marked.
        caption_width: width(&format!("{caption} {}", locale.continued), true),
        header_width: display
            .header
            .iter()
            .map(|line| width(line, false))
            .fold(0.0, f64::max),
        caption,
        reference: None,
        continued: locale.continued.clone(),
        editor_label: locale.editor_note.clone(),
        missing_text: locale.missing.clone(),
        table: display,
    }
}
