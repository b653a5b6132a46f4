//! `ruleset.toml`: metadata, scales and vocabularies.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::counter_spec::{CounterSpec, MarkerSpec, NationColour};
use crate::model::limits::{self, Limits};
use crate::model::{KeyRef, Ruleset};
use crate::source::FileId;

use super::toml_util::TomlText;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRuleset {
    id: Spanned<String>,
    name: String,
    language: Spanned<String>,
    #[serde(default)]
    edition: String,
    #[serde(default)]
    authors: Vec<String>,
    #[serde(default)]
    dice: Vec<Spanned<String>>,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    scale: toml::Table,
    #[serde(default)]
    vocabulary: BTreeMap<String, Spanned<super::vocabulary::RawVocabulary>>,
    profile: Option<RawProfile>,
    counters: Option<RawCounters>,
    stacking: Option<RawStacking>,
    #[serde(default)]
    marker: Vec<RawMarker>,
    #[serde(default)]
    book: RawBook,
    #[serde(default)]
    qrs: Vec<RawQrsPhase>,
}

/// `[stacking]`: what may share a hex, as far as the rules say.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStacking {
    counters: Option<u32>,
    #[serde(default)]
    same_side: bool,
    #[serde(default)]
    same_nation: bool,
    #[serde(default)]
    leaders_count: bool,
}

/// `[[qrs]]`: a phase of the turn and the tables a player consults in it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawQrsPhase {
    phase: String,
    tables: Vec<Spanned<String>>,
}

/// `[book]`: how the rulebook is laid out.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawBook {
    #[serde(default)]
    chapter_break: crate::model::ruleset::ChapterBreak,
    /// The edition's date, "2026-12-01", for the colophon.
    #[serde(default)]
    date: Option<Spanned<String>>,
    /// The documents the edition is made from.
    #[serde(default)]
    source: Vec<RawSource>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSource {
    title: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCounters {
    #[serde(default)]
    unit: Vec<String>,
    #[serde(default)]
    leader: Vec<String>,
    #[serde(default)]
    leader_back: Vec<String>,
    #[serde(default)]
    leader_back_named: bool,
    #[serde(default)]
    unit_back: String,
    class_vocabulary: Option<Spanned<String>>,
    #[serde(default)]
    class_arms: Vec<String>,
    /// Nation colours the rules give where they differ from the neutral
    /// ones: nation id → "#rrggbb".
    #[serde(default)]
    colours: BTreeMap<Spanned<String>, Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMarker {
    id: String,
    #[serde(default)]
    label: String,
    #[serde(default = "four")]
    copies: Spanned<u32>,
    vocabulary: Option<Spanned<String>>,
    one_per_units: Option<Spanned<u32>>,
}

fn four() -> Spanned<u32> {
    Spanned::new(0..0, 4)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProfile {
    represents: Spanned<String>,
    men_per: u32,
    guns_per: u32,
    level: String,
    #[serde(default = "no_aggregation")]
    aggregate: Spanned<String>,
    turn_minutes: Option<Spanned<u32>>,
    metres_per_cm: Option<Spanned<f64>>,
    metres_per_hex: Option<Spanned<f64>>,
    grade_vocabulary: Option<Spanned<String>>,
    #[serde(default)]
    grades_to: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    grades_from: BTreeMap<Spanned<String>, String>,
    #[serde(default)]
    figures_per_base: BTreeMap<String, Spanned<u32>>,
    #[serde(default)]
    frontage_mm: BTreeMap<String, Spanned<f64>>,
    #[serde(default)]
    largest_unit: BTreeMap<Spanned<String>, Spanned<u32>>,
    /// The table a formation's general rolls for command each turn, which
    /// its roster card names.
    command_table: Option<Spanned<String>>,
    #[serde(default)]
    notes: Vec<String>,
}

fn no_aggregation() -> Spanned<String> {
    Spanned::new(0..0, "none".to_string())
}

/// Loads the ruleset metadata; tables and chapters are added by the caller.
pub fn load(
    file: FileId,
    text: &str,
    folder_name: &str,
    limits: &Limits,
    locales: &crate::locale::Locales,
    diags: &mut Diagnostics,
) -> Option<(Ruleset, Vec<KeyRef>)> {
    let toml = TomlText::whole(file, text);
    let raw: RawRuleset = toml.parse(limits, diags)?.deserialize("ruleset", diags)?;
    let mut refs = Vec::new();

    super::check_id(raw.id.get_ref(), &toml.location(raw.id.span()), diags);
    if raw.id.get_ref() != folder_name {
        diags.push(
            Diagnostic::of(
                codes::RULESET_ID_MISMATCH,
                format!(
                    "ruleset id `{}` differs from its folder `{folder_name}`",
                    raw.id.get_ref()
                ),
            )
            .at_location(Some(toml.location(raw.id.span())))
            .expected(format!("\"{folder_name}\""))
            .found(format!("\"{}\"", raw.id.get_ref())),
        );
    }
    if !locales.has(raw.language.get_ref()) {
        diags.push(
            Diagnostic::of(
                codes::UNKNOWN_LANGUAGE,
                format!("unsupported language `{}`", raw.language.get_ref()),
            )
            .at_location(Some(toml.location(raw.language.span())))
            .expected(format!("one of {}", locales.languages().join(", "))),
        );
    }
    for dice in &raw.dice {
        if let Err(e) = dice.get_ref().parse::<crate::model::Dice>() {
            diags.push(
                Diagnostic::of(codes::INVALID_DICE, e)
                    .at_location(Some(toml.location(dice.span()))),
            );
        }
    }

    let vocabularies = super::vocabulary::load(&toml, raw.vocabulary, locales, &mut refs, diags);

    let scale = raw
        .scale
        .iter()
        .map(|(k, v)| (k.clone(), display_value(v)))
        .collect();
    let profile = raw.profile.map(|p| profile(&toml, p, &mut refs, diags));
    let counters = counter_spec(&toml, raw.counters, raw.marker, limits, &mut refs, diags);
    let book_date = raw.book.date.as_ref().and_then(|date| {
        let parsed = crate::model::calendar::parse_date(date.get_ref());
        if parsed.is_none() {
            diags.push(
                Diagnostic::of(codes::INVALID_FIELD, "the edition's date is no date")
                    .at_location(Some(toml.location(date.span())))
                    .found(format!("\"{}\"", date.get_ref()))
                    .expected("a date written year-month-day, as \"2026-12-01\""),
            );
        }
        parsed
    });
    let ruleset = Ruleset {
        profile,
        counters,
        stacking: raw.stacking.map(|s| crate::model::map::Stacking {
            counters: s.counters,
            same_side: s.same_side,
            same_nation: s.same_nation,
            leaders_count: s.leaders_count,
        }),
        id: raw.id.into_inner(),
        name: raw.name,
        language: raw.language.into_inner(),
        edition: raw.edition,
        authors: raw.authors,
        dice: raw.dice.into_iter().map(Spanned::into_inner).collect(),
        summary: raw.summary,
        scale,
        file,
        vocabularies,
        chapter_break: raw.book.chapter_break,
        book_date,
        book_sources: raw
            .book
            .source
            .into_iter()
            .map(|s| crate::model::ruleset::BookSource {
                title: s.title,
                author: s.author,
                note: s.note,
            })
            .collect(),
        qrs: raw
            .qrs
            .into_iter()
            .map(|phase| crate::model::ruleset::QrsPhase {
                title: phase.phase,
                tables: phase
                    .tables
                    .into_iter()
                    .map(|t| (t.get_ref().clone(), toml.location(t.span())))
                    .collect(),
            })
            .collect(),
        ..Ruleset::default()
    };
    Some((ruleset, refs))
}

/// `[counters]` and `[[marker]]`: what the ruleset's counters print.
fn counter_spec(
    toml: &TomlText,
    counters: Option<RawCounters>,
    markers: Vec<RawMarker>,
    limits: &Limits,
    refs: &mut Vec<KeyRef>,
    diags: &mut Diagnostics,
) -> CounterSpec {
    let counters = counters.unwrap_or(RawCounters {
        unit: Vec::new(),
        leader: Vec::new(),
        leader_back: Vec::new(),
        leader_back_named: true,
        unit_back: String::new(),
        class_vocabulary: None,
        class_arms: Vec::new(),
        colours: BTreeMap::new(),
    });
    if let Some(vocab) = &counters.class_vocabulary {
        refs.push(KeyRef {
            vocab: None,
            key: vocab.get_ref().clone(),
            location: toml.location(vocab.span()),
        });
    }
    let mut spec = CounterSpec {
        unit: counters.unit,
        leader: counters.leader,
        leader_back: counters.leader_back,
        leader_back_named: counters.leader_back_named,
        unit_back: counters.unit_back,
        class_vocabulary: counters.class_vocabulary.map(Spanned::into_inner),
        class_arms: counters.class_arms,
        colours: counters
            .colours
            .iter()
            .map(|(nation, colour)| NationColour {
                nation: nation.get_ref().clone(),
                colour: colour.get_ref().clone(),
                nation_at: toml.location(nation.span()),
                colour_at: toml.location(colour.span()),
            })
            .collect(),
        markers: Vec::new(),
    };
    for marker in markers {
        if let Some(vocab) = &marker.vocabulary {
            refs.push(KeyRef {
                vocab: None,
                key: vocab.get_ref().clone(),
                location: toml.location(vocab.span()),
            });
        }
        if let Some(every) = &marker.one_per_units
            && *every.get_ref() == 0
        {
            diags.push(
                Diagnostic::of(codes::INVALID_MARKER, "`one_per_units` must be at least 1")
                    .at_location(Some(toml.location(every.span())))
                    .expected("a whole number of units per marker, e.g. 3"),
            );
            continue;
        }
        let copies = *marker.copies.get_ref();
        if u64::from(copies) > limits.get(limits::COPIES) {
            diags.push(
                Diagnostic::of(
                    codes::LIMIT,
                    format!("{copies} copies are more than one marker may have"),
                )
                .at_location(Some(toml.location(marker.copies.span())))
                .note(limits.note(limits::COPIES)),
            );
            continue;
        }
        spec.markers.push(MarkerSpec {
            id: marker.id,
            label: marker.label,
            copies,
            vocabulary: marker.vocabulary.map(Spanned::into_inner),
            one_per_units: marker.one_per_units.map(Spanned::into_inner),
        });
    }
    spec
}

/// `[profile]`: how the ruleset's units stand for men and guns, its turn
/// and ground scales, and how its grades map to the neutral qualities.
fn profile(
    toml: &TomlText,
    raw: RawProfile,
    refs: &mut Vec<KeyRef>,
    diags: &mut Diagnostics,
) -> crate::model::profile::Profile {
    check_profile_choices(toml, &raw, diags);
    let metres_per_cm = positive(
        toml,
        raw.metres_per_cm.as_ref(),
        "metres per centimetre",
        diags,
    );
    let metres_per_hex = positive(toml, raw.metres_per_hex.as_ref(), "metres per hex", diags);
    let frontage_mm = raw
        .frontage_mm
        .iter()
        .filter_map(|(arm, mm)| {
            Some((
                arm.clone(),
                positive(toml, Some(mm), "a frontage in millimetres", diags)?,
            ))
        })
        .collect();
    let turn_minutes = raw
        .turn_minutes
        .as_ref()
        .and_then(|minutes| whole(toml, minutes, 1..=24 * 60, "minutes in a turn", diags));
    let figures_per_base = raw
        .figures_per_base
        .iter()
        .filter_map(|(arm, figures)| {
            let figures = whole(toml, figures, 1..=1_000, "figures on a base", diags)?;
            Some((arm.clone(), figures))
        })
        .collect();
    let largest_unit = largest_unit(toml, &raw, diags);
    grade_refs(toml, &raw, refs);
    crate::model::profile::Profile {
        represents: raw.represents.into_inner(),
        men_per: raw.men_per.max(1),
        guns_per: raw.guns_per.max(1),
        level: raw.level,
        aggregate: raw.aggregate.into_inner(),
        turn_minutes,
        metres_per_cm,
        metres_per_hex,
        grade_vocabulary: raw.grade_vocabulary.map(Spanned::into_inner),
        grades_to: raw
            .grades_to
            .into_iter()
            .map(|(k, v)| (k, v.into_inner()))
            .collect(),
        grades_from: raw
            .grades_from
            .into_iter()
            .map(|(k, v)| (k.into_inner(), v))
            .collect(),
        figures_per_base,
        frontage_mm,
        largest_unit,
        command_table: raw
            .command_table
            .map(|t| (t.get_ref().clone(), toml.location(t.span()))),
        notes: raw.notes,
    }
}

/// `represents` and `aggregate` are one of their known words; `men_per` and
/// `guns_per` are above 0.
fn check_profile_choices(toml: &TomlText, raw: &RawProfile, diags: &mut Diagnostics) {
    for (field, value, allowed) in [
        ("represents", &raw.represents, &["figures", "points"][..]),
        ("aggregate", &raw.aggregate, &["none", "regiment"][..]),
    ] {
        if !allowed.contains(&value.get_ref().as_str()) {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("unknown {field} `{}`", value.get_ref()),
                )
                .at_location(Some(toml.location(value.span())))
                .expected(
                    allowed
                        .iter()
                        .map(|a| format!("\"{a}\""))
                        .collect::<Vec<_>>()
                        .join(" or "),
                ),
            );
        }
    }
    if raw.men_per == 0 || raw.guns_per == 0 {
        diags.push(
            Diagnostic::of(
                codes::INVALID_FIELD,
                "`men_per` and `guns_per` must be above 0",
            )
            .at_location(Some(toml.location(raw.represents.span()))),
        );
    }
}

/// A scale above 0 and at most 100,000; anything else is reported.
fn positive(
    toml: &TomlText,
    value: Option<&Spanned<f64>>,
    what: &str,
    diags: &mut Diagnostics,
) -> Option<f64> {
    let value = value?;
    let n = *value.get_ref();
    if n > 0.0 && n <= 100_000.0 {
        return Some(n);
    }
    if !n.is_finite() {
        return None; // reported with every other number that is not one
    }
    diags.push(
        Diagnostic::of(codes::INVALID_FIELD, format!("{what} cannot be {n}"))
            .at_location(Some(toml.location(value.span())))
            .expected("a number above 0 and at most 100,000"),
    );
    None
}

/// A whole number within `range`; anything else is reported.
/// The largest unit of play of each arm the rules allow, in figures or points.
fn largest_unit(toml: &TomlText, raw: &RawProfile, diags: &mut Diagnostics) -> Vec<(String, u32)> {
    const ARMS: [&str; 3] = ["infantry", "cavalry", "artillery"];
    let mut largest = Vec::new();
    for (arm, value) in &raw.largest_unit {
        if !ARMS.contains(&arm.get_ref().as_str()) {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("`{}` is not an arm", arm.get_ref()),
                )
                .at_location(Some(toml.location(arm.span())))
                .expected("infantry, cavalry or artillery"),
            );
            continue;
        }
        let what = format!("{} in the largest unit", raw.represents.get_ref());
        if let Some(value) = whole(toml, value, 1..=100_000, &what, diags) {
            largest.push((arm.get_ref().clone(), value));
        }
    }
    largest
}

fn whole(
    toml: &TomlText,
    value: &Spanned<u32>,
    range: std::ops::RangeInclusive<u32>,
    what: &str,
    diags: &mut Diagnostics,
) -> Option<u32> {
    if range.contains(value.get_ref()) {
        return Some(*value.get_ref());
    }
    diags.push(
        Diagnostic::of(codes::INVALID_FIELD, format!("{} {what}", value.get_ref()))
            .at_location(Some(toml.location(value.span())))
            .expected(format!("from {} to {} {what}", range.start(), range.end())),
    );
    None
}

/// Grades named in the mapping must be members of the grade vocabulary;
/// the neutral side is checked against scenarios/neutral.toml by the scenario checks.
fn grade_refs(toml: &TomlText, raw: &RawProfile, refs: &mut Vec<KeyRef>) {
    if let Some(vocab) = &raw.grade_vocabulary {
        refs.push(KeyRef {
            vocab: None,
            key: vocab.get_ref().clone(),
            location: toml.location(vocab.span()),
        });
        for grade in raw.grades_to.values() {
            refs.push(KeyRef {
                vocab: Some(vocab.get_ref().clone()),
                key: grade.get_ref().clone(),
                location: toml.location(grade.span()),
            });
        }
        for grade in raw.grades_from.keys() {
            refs.push(KeyRef {
                vocab: Some(vocab.get_ref().clone()),
                key: grade.get_ref().clone(),
                location: toml.location(grade.span()),
            });
        }
    }
}

fn display_value(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        toml::Value::Table(t) => t
            .iter()
            .map(|(k, v)| format!("{k} = {}", display_value(v)))
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}
