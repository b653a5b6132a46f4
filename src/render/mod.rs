//! From the checked model to PDF: Markdown and tables to Typst, templates,
//! the embedded Typst compiler.

pub mod backend;
pub mod booklet;
mod booklet_forces;
mod booklet_layer;
mod booklet_map;
pub mod calibration;
pub mod cards;
pub mod conversion;
pub mod counter_names;
pub mod counters;
pub mod diagram;
pub mod errata;
pub mod escape;
pub mod html;
pub mod imposition;
pub mod inspect;
pub mod labels;
pub mod map;
pub mod map_view;
pub mod markdown;
pub mod measure;
pub mod numbering;
pub mod pdf;
pub mod reuse;
pub mod qrs;
pub mod rulebook;
pub mod stored;
pub mod table_layout;
pub mod tables;
pub mod templates;
pub mod terms;
pub mod tiled;
pub mod typography;
pub mod vassal;
pub mod world;

/// A title with the rules edition whose values the page prints, in the
/// ruleset's language: "Quatre Bras — La Sombra del Águila · Edición 1.1".
pub fn with_edition(title: String, ruleset: Option<&crate::model::Ruleset>) -> String {
    let edition = ruleset.map_or_else(String::new, |r| r.locale().edition_named(&r.edition));
    if edition.is_empty() {
        title
    } else {
        format!("{title} · {edition}")
    }
}
