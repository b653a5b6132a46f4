//! Orders of battle as spreadsheets: `grognard import` reads a CSV or TSV
//! file (one row per unit) into a scenario.toml, `grognard export --csv`
//! writes a scenario's units back. What a row holds is documented in
//! docs/scenarios.md; import(export(x)) gives back every field a row holds.

mod book;
pub mod cells;
pub mod export;
pub mod import;
mod merge;
mod sheet;
pub mod values;

/// The columns of a row, in the order export writes them. Import accepts
/// them in any order; `side`, `formation`, `unit`, `type` and `nation` are
/// required.
pub const COLUMNS: &[&str] = &[
    "side",
    "formation",
    "formation_ids",
    "id",
    "unit",
    "short",
    "type",
    "nation",
    "battalions",
    "squadrons",
    "companies",
    "batteries",
    "echelon",
    "regiment",
    "detached_from",
    "men",
    "guns",
    "calibre",
    "pieces",
    "values",
    "quality",
    "commander",
    "arrives",
    "departs",
    "status",
    "source",
    "estimate",
    "note",
];

pub const REQUIRED: &[&str] = &["side", "formation", "unit", "type", "nation"];

/// How the formations of a path are separated, and a level is written after
/// a name: "II Corps [corps] > Heudelet [division]".
pub const PATH_SEPARATOR: &str = " > ";

/// The levels of a path read from its end when a name gives none: a unit's
/// formation is a brigade, the one above it a division, then a corps, then
/// an army.
pub const LEVELS_FROM_BOTTOM: &[&str] = &["brigade", "division", "corps", "army"];

/// Several nations in one cell.
pub const LIST_SEPARATOR: char = ';';

/// A lowercase ASCII id from a name in any script: "2e Léger (1er bon.)" →
/// "2e-leger-1er-bon", "Егерский полк" → "egerskii-polk".
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in deunicode::deunicode(name).chars() {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let mut id: String = out.chars().take(60).collect();
    id.truncate(id.trim_end_matches('-').len());
    if id.is_empty() {
        id.push('x');
    }
    id
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::diagnostic::Diagnostics;
    use crate::model::limits::Limits;
    use crate::model::scenario::{Neutral, Scenario};
    use crate::source::Sources;

    fn neutral(sources: &mut Sources) -> Neutral {
        let text = include_str!("../../scenarios/neutral.toml").to_string();
        let file = sources.add("neutral.toml", text.clone());
        let mut diags = Diagnostics::default();
        let locales = crate::locale::Locales::default();
        crate::load::scenario::load_neutral(file, &text, &Limits::default(), &locales, &mut diags).0
    }

    /// A sheet imported, loaded as the scenario it writes.
    fn import(sheet: &str, neutral: &Neutral, sources: &mut Sources) -> Scenario {
        let file = sources.add("sheet.csv", sheet.to_string());
        let options = super::import::Options {
            id: "sheet".into(),
            title: "Sheet".into(),
            date: crate::model::calendar::parse_date("1811-05-03"),
            neutral,
            max_rows: 1_000,
            max_chars: 10_000,
        };
        let mut diags = Diagnostics::default();
        let toml = super::import::scenario(file, sheet, &options, &mut diags)
            .unwrap_or_else(|| panic!("{diags:?}\n{sheet}"));
        let file = sources.add("scenario.toml", toml.clone());
        let scenario = crate::load::scenario::load(
            file,
            &toml,
            "sheet",
            &Limits::default(),
            &crate::locale::Locales::default(),
            &mut diags,
        );
        assert!(!diags.has_errors(), "{diags:?}\n{toml}");
        scenario.expect("loads")
    }

    fn cell() -> impl Strategy<Value = String> {
        "[A-Za-zÁéñ0-9 ,;\"'\n]{1,14}".prop_filter("a name", |s| !s.trim().is_empty())
    }

    fn row() -> impl Strategy<Value = Vec<String>> {
        (
            prop::sample::select(vec!["Azul", "Rojo [red]", "Vert, \"le\""]),
            prop::collection::vec(cell(), 1..4),
            cell(),
            prop::sample::select(vec!["line-infantry", "light-cavalry", "foot-artillery"]),
            prop::sample::select(vec!["france", "spain", "kgl;united-kingdom"]),
            prop::option::of(0u32..5_000),
            prop::option::of(1u32..6),
            prop::option::of(
                (0u32..48).prop_map(|h| format!("1811-05-0{} {:02}:30", 3 + h / 24, h % 24)),
            ),
            prop::sample::select(vec!["", "present", "not-engaged"]),
            cell(),
        )
            .prop_map(
                |(side, path, name, kind, nation, men, bns, arrives, status, note)| {
                    let path: Vec<String> = path
                        .iter()
                        .map(|p| p.replace(['\n', ']', '['], " ").trim().to_string())
                        .collect();
                    vec![
                        side.to_string(),
                        path.join(super::PATH_SEPARATOR),
                        name,
                        kind.to_string(),
                        nation.to_string(),
                        men.map(|m| m.to_string()).unwrap_or_default(),
                        bns.map(|b| b.to_string()).unwrap_or_default(),
                        arrives.unwrap_or_default(),
                        status.to_string(),
                        note,
                    ]
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// import(export(x)) = x: a scenario imported from a sheet exports to
        /// a sheet that imports to the same scenario.
        #[test]
        fn a_sheet_round_trips(rows in prop::collection::vec(row(), 1..12)) {
            let mut writer = csv::Writer::from_writer(Vec::new());
            writer.write_record(["side", "formation", "unit", "type", "nation", "men", "battalions", "arrives", "status", "note"]).unwrap();
            for row in &rows {
                writer.write_record(row).unwrap();
            }
            let sheet = String::from_utf8(writer.into_inner().unwrap()).unwrap();
            let mut sources = Sources::default();
            let neutral = neutral(&mut sources);
            let first = import(&sheet, &neutral, &mut sources);
            let exported = super::export::csv(&first);
            let second = import(&exported, &neutral, &mut sources);
            prop_assert_eq!(super::export::csv(&second), exported);
            prop_assert_eq!(first.units.len(), rows.len());
            let men = |s: &Scenario| s.units.iter().map(|u| u.men).collect::<Vec<_>>();
            prop_assert_eq!(men(&first), men(&second));
        }
    }

    #[test]
    fn slugs_are_ids() {
        assert_eq!(super::slug("2e Léger (1er bon.)"), "2e-leger-1er-bon");
        assert_eq!(super::slug("  Ñandú / Ção "), "nandu-cao");
        assert_eq!(super::slug("¿?"), "x");
        assert_eq!(super::slug("Егерский полк"), "egerskii-polk");
    }
}
