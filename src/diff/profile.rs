//! A ruleset's profile between two editions: the scale and the unit of play
//! that every conversion to the ruleset reads, each value as a reader reads
//! it in the ruleset's language.

use crate::locale::Locale;
use crate::model::changes::{Change, Entry, Kind, Place};
use crate::model::profile::Profile;
use crate::model::{Project, Ruleset};

/// The values of the profile that differ; a profile added or taken away
/// shows each of its values against none.
pub fn compare(project: &Project, old: &Ruleset, new: &Ruleset) -> Vec<Entry> {
    let locale = new.locale();
    let values = |ruleset: &Ruleset| {
        ruleset
            .profile
            .as_ref()
            .map(|p| values(project, p, locale))
            .unwrap_or_default()
    };
    let (was, now) = (values(old), values(new));
    let value = |list: &[(&'static str, String)], field| {
        list.iter()
            .find(|(f, _)| *f == field)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let mut entries = Vec::new();
    for field in FIELDS {
        let (old, new) = (value(&was, field), value(&now, field));
        if old != new {
            let change = Change::Value {
                field: field.to_string(),
                old,
                new,
            };
            entries.push(Entry::new(Place::Profile, Kind::Change, change));
        }
    }
    entries
}

/// The fields compared, in the errata's order (each has a message
/// `errata_field_<field>`).
const FIELDS: [&str; 11] = [
    "represents",
    "men-per",
    "guns-per",
    "level",
    "aggregate",
    "turn-minutes",
    "metres-per-cm",
    "metres-per-hex",
    "figures-per-base",
    "frontage-mm",
    "largest-unit",
];

/// Each field's value as printed ("" where the profile gives none).
fn values(project: &Project, p: &Profile, locale: &Locale) -> Vec<(&'static str, String)> {
    let number = |n: Option<f64>| n.map(|n| locale.decimal(n)).unwrap_or_default();
    // "infantería: 4; caballería: 2", by the arms' names in the language.
    let by_arm = |list: Vec<(&String, f64)>| {
        list.into_iter()
            .map(|(arm, n)| {
                // Mid-sentence: "infantería", not "Infantería".
                let arm = project
                    .neutral
                    .label("arm", arm, &locale.language)
                    .to_lowercase();
                format!("{arm}: {}", locale.decimal(n))
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    vec![
        ("represents", locale.represents(&p.represents).to_string()),
        ("men-per", locale.number(p.men_per.into())),
        ("guns-per", locale.number(p.guns_per.into())),
        ("level", message(locale, "errata_level", "level", &p.level)),
        (
            "aggregate",
            message(locale, "errata_aggregate", "aggregate", &p.aggregate),
        ),
        ("turn-minutes", number(p.turn_minutes.map(f64::from))),
        ("metres-per-cm", number(p.metres_per_cm)),
        ("metres-per-hex", number(p.metres_per_hex)),
        ("figures-per-base", by_arm(counts(&p.figures_per_base))),
        (
            "frontage-mm",
            by_arm(p.frontage_mm.iter().map(|(arm, mm)| (arm, *mm)).collect()),
        ),
        ("largest-unit", by_arm(counts(&p.largest_unit))),
    ]
}

/// A value the profile names by a keyword, in the reader's words.
fn message(locale: &Locale, id: &str, name: &str, value: &str) -> String {
    locale.message(id, &[(name, crate::locale::Arg::Text(value.to_string()))])
}

/// Counts by arm as numbers to print.
fn counts(list: &[(String, u32)]) -> Vec<(&String, f64)> {
    list.iter().map(|(arm, n)| (arm, f64::from(*n))).collect()
}
