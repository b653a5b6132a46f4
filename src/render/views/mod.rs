//! What outputs show, as format-neutral display data several backends
//! share: counter faces and names, player-aid phases, tables and their
//! layout, map views and side colours, the booklet's data, numbering, the
//! glossary's terms and typographic conventions.

pub mod booklet;
mod booklet_forces;
mod booklet_layer;
mod booklet_map;
pub mod counter_faces;
pub mod counter_names;
pub mod map_view;
pub mod numbering;
pub mod phases;
pub mod table_data;
pub mod table_layout;
pub mod tables;
pub mod terms;
pub mod typography;

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
