//! A unit of an order of battle: what it is, what it is made of, its
//! strength as the sources give it, and whether it took part.

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::limits;
use crate::model::scenario::{Part, Pieces, SourcedValue, Status, Target, Unit};

use super::scenario::Reader;

type S = Spanned<String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawUnit {
    id: S,
    name: String,
    short: Option<String>,
    arm: S,
    #[serde(rename = "type")]
    kind: S,
    nation: Option<S>,
    nations: Option<Spanned<Vec<S>>>,
    parent: S,
    battalions: Option<Spanned<u32>>,
    squadrons: Option<Spanned<u32>>,
    companies: Option<Spanned<u32>>,
    batteries: Option<Spanned<u32>>,
    echelon: Option<S>,
    regiment: Option<String>,
    detached_from: Option<S>,
    men: Option<Spanned<Men>>,
    #[serde(default)]
    values: Vec<RawValue>,
    guns: Option<Spanned<u32>>,
    calibre: Option<String>,
    #[serde(default)]
    pieces: Vec<RawPieces>,
    source: Option<S>,
    estimate: Option<String>,
    quality: Option<S>,
    commander: Option<String>,
    arrives: Option<S>,
    departs: Option<S>,
    entry: Option<S>,
    status: Option<S>,
    /// The older spelling of `status`: `engaged = false` is "not-engaged".
    engaged: Option<bool>,
    #[serde(default)]
    note: String,
}

/// Men as a source gives them: a figure, or a range "950-1000".
#[derive(Debug, Clone, Copy)]
pub(super) enum Men {
    Exactly(u32),
    Between(u32, u32),
}

impl<'de> Deserialize<'de> for Men {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Men, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Men;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number of men, or a range such as \"950-1000\"")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Men, E> {
                u32::try_from(v)
                    .map(Men::Exactly)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Men, E> {
                u32::try_from(v)
                    .map(Men::Exactly)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Men, E> {
                let range = v.split_once(['-', '–']).and_then(|(low, high)| {
                    let (low, high) = (low.trim().parse().ok()?, high.trim().parse().ok()?);
                    (low < high).then_some(Men::Between(low, high))
                });
                range.ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(v), &self))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawValue {
    men: Spanned<u32>,
    source: Option<S>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPieces {
    count: Spanned<u32>,
    #[serde(default)]
    calibre: String,
    kind: S,
}

pub(super) fn read(r: &mut Reader, unit: RawUnit, diags: &mut Diagnostics) -> Unit {
    let (id, location) = r.id(&unit.id, diags);
    let moment = |r: &Reader, text: &Option<S>, diags: &mut Diagnostics| {
        text.as_ref()
            .and_then(|a| r.clock(a, diags).map(|c| (c, r.toml.location(a.span()))))
    };
    let arrives = moment(r, &unit.arrives, diags);
    let departs = moment(r, &unit.departs, diags);
    let nations = nations(r, &unit, &location, diags);
    let (men, men_range) = men(r, &unit, diags);
    let guns = r.strength(&unit.guns, "guns", limits::MAX_GUNS, diags);
    let pieces = pieces(r, &unit, guns, diags);
    Unit {
        arm: r.refer(Target::Neutral("arm".into()), &unit.arm),
        kind: r.refer(Target::Neutral("type".into()), &unit.kind),
        nation: nations.first().cloned().unwrap_or_default(),
        nations,
        parent: r.refer(Target::Formation, &unit.parent),
        organisation: organisation(r, &unit, diags),
        echelon: unit.echelon.as_ref().and_then(|e| echelon(r, e, diags)),
        regiment: unit
            .regiment
            .as_ref()
            .map(|r| r.trim().to_string())
            .filter(|r| !r.is_empty()),
        detached_from: unit
            .detached_from
            .as_ref()
            .map(|d| r.refer(Target::Unit, d)),
        quality: unit
            .quality
            .as_ref()
            .map(|q| r.refer(Target::Neutral("quality".into()), q)),
        entry: unit.entry.as_ref().map(|e| r.refer(Target::Area, e)),
        values: unit
            .values
            .iter()
            .map(|v| SourcedValue {
                men: *v.men.get_ref(),
                source: v.source.as_ref().map(|s| r.refer(Target::Source, s)),
            })
            .collect(),
        source: unit.source.as_ref().map(|s| r.refer(Target::Source, s)),
        status: status(r, &unit, diags),
        id,
        name: unit.name,
        short: unit.short,
        men,
        men_range,
        guns: guns.or_else(|| (!pieces.is_empty()).then(|| pieces.iter().map(|p| p.count).sum())),
        pieces,
        calibre: unit.calibre,
        estimate: unit.estimate,
        commander: unit.commander,
        arrives,
        departs,
        note: unit.note,
        location,
    }
}

/// `nation`, or `nations` for a unit of several states: exactly one of them.
fn nations(r: &mut Reader, unit: &RawUnit, at: &Location, diags: &mut Diagnostics) -> Vec<String> {
    let target = || Target::Neutral("nation".into());
    match (&unit.nation, &unit.nations) {
        (Some(nation), None) => vec![r.refer(target(), nation)],
        (None, Some(nations)) if !nations.get_ref().is_empty() => nations
            .get_ref()
            .iter()
            .map(|n| r.refer(target(), n))
            .collect(),
        (nation, nations) => {
            let at = nations
                .as_ref()
                .map(|n| r.toml.location(n.span()))
                .or_else(|| nation.as_ref().map(|n| r.toml.location(n.span())))
                .unwrap_or_else(|| at.clone());
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    "a unit needs `nation`, or `nations` for a unit of several states, not both",
                )
                .at_location(Some(at))
                .expected("nation = \"france\", or nations = [\"hanover\", \"united-kingdom\"]"),
            );
            Vec::new()
        }
    }
}

/// `battalions`, `squadrons`, `companies` or `batteries`: at most one, above 0.
fn organisation(r: &Reader, unit: &RawUnit, diags: &mut Diagnostics) -> Option<(Part, u32)> {
    let stated: Vec<(Part, &str, &Spanned<u32>)> = Part::ALL
        .iter()
        .zip([
            &unit.battalions,
            &unit.squadrons,
            &unit.companies,
            &unit.batteries,
        ])
        .filter_map(|((part, key), value)| value.as_ref().map(|v| (*part, *key, v)))
        .collect();
    let (part, key, count) = *stated.first()?;
    let problem = if stated.len() > 1 {
        Some(format!(
            "`{key}` and `{}` both say what the unit is made of",
            stated[1].1
        ))
    } else if *count.get_ref() == 0 || *count.get_ref() > limits::MAX_PARTS {
        Some(format!(
            "{} {key} is not a size a unit can have",
            count.get_ref()
        ))
    } else {
        None
    };
    if let Some(message) = problem {
        diags.push(
            Diagnostic::of(codes::INVALID_FIELD, message)
                .at_location(Some(r.toml.location(count.span())))
                .expected(format!(
                    "one of `battalions`, `squadrons`, `companies` or `batteries`, from 1 to {}",
                    limits::MAX_PARTS
                )),
        );
        return None;
    }
    Some((part, *count.get_ref()))
}

fn echelon(r: &Reader, text: &S, diags: &mut Diagnostics) -> Option<String> {
    let known = crate::model::scenario::ECHELONS;
    if known.contains(&text.get_ref().as_str()) {
        return Some(text.get_ref().clone());
    }
    diags.push(
        Diagnostic::of(
            codes::INVALID_FIELD,
            format!("`{}` is not an echelon", text.get_ref()),
        )
        .at_location(Some(r.toml.location(text.span())))
        .expected(format!("one of {}", known.join(", "))),
    );
    None
}

/// The strength used, and the range it comes from: the middle of a range
/// (rounded down), or the first sourced value when only `values` are given.
fn men(r: &Reader, unit: &RawUnit, diags: &mut Diagnostics) -> (Option<u32>, Option<(u32, u32)>) {
    let Some(men) = &unit.men else {
        return (unit.values.first().map(|v| *v.men.get_ref()), None);
    };
    let (used, range) = match *men.get_ref() {
        Men::Exactly(n) => (n, None),
        Men::Between(low, high) => (low + (high - low) / 2, Some((low, high))),
    };
    let high = range.map_or(used, |(_, high)| high);
    let checked = Spanned::new(men.span(), high);
    match r.strength(&Some(checked), "men", limits::MAX_MEN, diags) {
        Some(_) => (Some(used), range),
        None => (None, None),
    }
}

/// Guns by calibre and kind; their counts must add up to `guns` when both are given.
fn pieces(r: &Reader, unit: &RawUnit, guns: Option<u32>, diags: &mut Diagnostics) -> Vec<Pieces> {
    let mut pieces = Vec::new();
    for raw in &unit.pieces {
        let kind = raw.kind.get_ref();
        if !["gun", "howitzer"].contains(&kind.as_str()) {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("`{kind}` is not a kind of piece"),
                )
                .at_location(Some(r.toml.location(raw.kind.span())))
                .expected("\"gun\" or \"howitzer\""),
            );
            continue;
        }
        pieces.push(Pieces {
            count: (*raw.count.get_ref()).min(limits::MAX_GUNS),
            calibre: raw.calibre.clone(),
            kind: kind.clone(),
        });
    }
    let total: u32 = pieces.iter().map(|p| p.count).sum();
    if let (Some(guns), Some(first)) = (guns, unit.pieces.first())
        && total != guns
        && pieces.len() == unit.pieces.len()
    {
        diags.push(
            Diagnostic::of(
                codes::INCONSISTENT_UNIT,
                format!("the pieces add up to {total} guns, but `guns = {guns}`"),
            )
            .at_location(Some(r.toml.location(first.count.span())))
            .expected(format!("pieces whose counts add up to {guns}"))
            .found(total.to_string()),
        );
    }
    pieces
}

/// `status`, or the older `engaged = false` and "NOT ENGAGED" notes.
fn status(r: &Reader, unit: &RawUnit, diags: &mut Diagnostics) -> Status {
    if let Some(text) = &unit.status {
        let found = Status::NAMES.iter().find(|(_, n)| n == text.get_ref());
        if let Some((status, _)) = found {
            return *status;
        }
        diags.push(
            Diagnostic::of(
                codes::INVALID_FIELD,
                format!("`{}` is not a status", text.get_ref()),
            )
            .at_location(Some(r.toml.location(text.span())))
            .expected("\"engaged\", \"present\" (on the field, not committed) or \"not-engaged\""),
        );
        return Status::Engaged;
    }
    let not_engaged = unit.engaged == Some(false) || unit.note.starts_with("NOT ENGAGED");
    if not_engaged {
        Status::NotEngaged
    } else {
        Status::Engaged
    }
}
