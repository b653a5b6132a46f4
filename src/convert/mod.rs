//! `grognard convert`: a scenario from its neutral facts (or from one ruleset's
//! layer) into another ruleset's terms, with a report of every rounding.

mod report;
mod units;
mod write;

#[cfg(test)]
mod invariants;

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::locale::{Arg, Locale, Said};
use crate::model::Project;
use crate::model::Ruleset;
use crate::model::calendar::{self, Night, Track};
use crate::model::profile::Profile;
#[cfg(test)]
use crate::model::scenario::Status;
use crate::model::scenario::{Clock, Layer, Scenario, prose_in};
use crate::model::schedule::Schedule;

pub use units::{Strength, TargetUnit};

/// One unit's arrival, converted to a target turn.
#[derive(Debug, Clone)]
pub struct Arrival {
    pub unit: String,
    pub clock: Clock,
    pub turn: u32,
    /// Minutes between the arrival and the start of its turn.
    pub error: u32,
}

/// Everything a conversion decided, for the layer, the report and the tests.
#[derive(Debug)]
pub struct Conversion {
    pub scenario: String,
    pub from: Option<String>,
    pub to: String,
    pub units: Vec<TargetUnit>,
    /// (start, turn length, turns) when the sources give a clock.
    pub clock: Option<(Clock, u32, u32)>,
    /// What the conversion says of particular units, at their place.
    pub unit_remarks: Vec<units::UnitRemark>,
    /// Units not engaged, left out of the converted order of battle.
    pub left_out: usize,
    /// The night of the source layer, which the converted layer keeps.
    pub night: Option<Night>,
    /// The scenario's first day, to write moments after it with their date.
    pub first_day: Option<time::Date>,
    pub arrivals: Vec<Arrival>,
    pub unmapped: Vec<Said>,
    pub judgements: Vec<Said>,
    pub warnings: Vec<Said>,
    /// What the conversion could not do because the sources lack the data:
    /// reported with the warnings, but notes to `check` (the author knows).
    pub source_gaps: Vec<Said>,
}

/// The outputs of one conversion.
pub struct Converted {
    pub conversion: Conversion,
    pub layer: String,
    pub report: String,
}

pub fn convert(
    project: &Project,
    scenario: &Scenario,
    to: &str,
    from: Option<&str>,
) -> Result<Converted, Vec<Diagnostic>> {
    let problem = |message: String| vec![Diagnostic::of(codes::CONVERT, message)];
    let target = project
        .ruleset(to)
        .ok_or_else(|| problem(format!("no ruleset `{to}` to convert to")))?;
    let profile = target.profile.as_ref().ok_or_else(|| {
        problem(format!(
            "ruleset `{to}` declares no [profile] in its ruleset.toml"
        ))
    })?;
    let source_layer = match from {
        Some(from) => Some(
            scenario
                .layers
                .iter()
                .find(|l| l.ruleset == from)
                .ok_or_else(|| {
                    problem(format!("scenario `{}` has no `{from}` layer", scenario.id))
                })?,
        ),
        None => None,
    };
    let source = source_layer.and_then(|layer| {
        let profile = project.ruleset(&layer.ruleset)?.profile.as_ref()?;
        Some(units::Source { layer, profile })
    });
    // Remarks name the target by its title.
    let converted = units::convert_units(scenario, profile, &target.name, source.as_ref());
    let mut conversion = Conversion {
        scenario: scenario.id.clone(),
        from: from.map(String::from),
        to: to.to_string(),
        units: converted.units,
        unit_remarks: converted.remarks,
        left_out: converted.left_out,
        clock: None,
        night: None,
        first_day: scenario.first_day,
        arrivals: Vec::new(),
        unmapped: Vec::new(),
        judgements: profile.notes.iter().cloned().map(Said::Text).collect(),
        warnings: Vec::new(),
        source_gaps: Vec::new(),
    };
    source_judgements(project, source_layer, from, &mut conversion);
    // What the converted layer says of itself is in the target's language.
    let locale = target.locale();
    time(scenario, source_layer, profile, &mut conversion);
    check_turn_limit(project, scenario, &conversion)?;
    unmapped(project, scenario, source_layer, locale, &mut conversion);
    let layer = write::layer(project, scenario, &conversion);
    let report = report::markdown(project, scenario, profile, &conversion);
    Ok(Converted {
        conversion,
        layer,
        report,
    })
}

/// The source profile's own notes, and how many units were read back from
/// the source layer's values rather than the neutral figures.
fn source_judgements(
    project: &Project,
    source_layer: Option<&Layer>,
    from: Option<&str>,
    conversion: &mut Conversion,
) {
    if let Some(layer) = source_layer
        && let Some(source_profile) = project
            .ruleset(&layer.ruleset)
            .and_then(|r| r.profile.as_ref())
    {
        conversion
            .judgements
            .extend(source_profile.notes.iter().cloned().map(Said::Text));
    }
    let inverted = conversion.units.iter().filter(|u| u.inverted).count();
    if inverted > 0 {
        let ruleset = from
            .and_then(|f| project.ruleset(f))
            .map_or("", |r| &r.name);
        conversion.judgements.push(Said::new(
            "conversion_inverted",
            vec![("count", inverted.into()), ("ruleset", ruleset.into())],
        ));
    }
}

/// Refuses a conversion whose clock would make more turns than the limits allow.
fn check_turn_limit(
    project: &Project,
    scenario: &Scenario,
    conversion: &Conversion,
) -> Result<(), Vec<Diagnostic>> {
    let turn_limit = project.limits.get(crate::model::limits::TURNS);
    if let Some((_, minutes, turns)) = conversion.clock
        && u64::from(turns) > turn_limit
    {
        return Err(vec![
            Diagnostic::of(
                codes::CONVERT,
                format!(
                    "converting `{}` to `{}` would make {turns} turns of {minutes} minutes",
                    scenario.id, conversion.to
                ),
            )
            .note(project.limits.note(crate::model::limits::TURNS)),
        ]);
    }
    Ok(())
}

/// When things happen: the neutral clock, or the source layer's turns.
fn time(
    scenario: &Scenario,
    source: Option<&Layer>,
    profile: &Profile,
    conversion: &mut Conversion,
) {
    let Some(minutes) = profile.turn_minutes else {
        let ruleset = conversion.to.as_str().into();
        let said = Said::new("conversion_no_turn_length", vec![("ruleset", ruleset)]);
        conversion.unmapped.push(said);
        return;
    };
    let (start, end) = match source.filter(|l| l.timed) {
        Some(layer) => (layer.start, layer.end_of_play()),
        None => match (scenario.start, scenario.end) {
            (Some(start), Some(end)) => (start, end),
            _ => {
                conversion
                    .unmapped
                    .push(Said::new("conversion_no_clock", vec![]));
                return;
            }
        },
    };
    // The source layer's night holds in the converted one: the same hours
    // are skipped or marked.
    let night = source.and_then(|l| l.night.clone());
    let most = calendar::MAX_DAYS * calendar::MINUTES_PER_DAY;
    let track = Track::until(start, minutes, end, night.as_ref(), most);
    let turns = track.turns();
    conversion.clock = Some((start, minutes, turns));
    conversion.night = night;
    let turn_of = |clock: Clock| track.turn_of(clock, false);
    let schedule = source.map(|layer| (layer, Schedule::new(scenario, layer)));
    for unit in scenario.units.iter().filter(|u| u.takes_part()) {
        // From a layer, a unit comes when that layer brings it (set up: at
        // the start); one the layer does not bring, at its historical time.
        let neutral = unit.arrives.as_ref().map(|(c, _)| *c);
        let clock = match &schedule {
            Some((layer, schedule)) => schedule
                .turn(layer, &unit.id)
                .map(|turn| layer.turn_start(turn))
                .or(neutral)
                .or(Some(start)),
            None => neutral,
        };
        let Some(clock) = clock else {
            continue;
        };
        let turn = turn_of(clock);
        if turn > turns {
            conversion.warnings.push(Said::new(
                "conversion_after_last_turn",
                vec![
                    ("unit", unit.name.as_str().into()),
                    ("time", scenario.moment(clock).into()),
                    ("turns", u64::from(turns).into()),
                ],
            ));
        }
        let turn = turn.min(turns);
        let turn_start = track.start(turn);
        conversion.arrivals.push(Arrival {
            unit: unit.id.clone(),
            clock,
            turn,
            error: clock.0.saturating_sub(turn_start.0),
        });
    }
}

/// What the conversion leaves out or cannot represent, for the report.
fn unmapped(
    project: &Project,
    scenario: &Scenario,
    source: Option<&Layer>,
    locale: &Locale,
    conversion: &mut Conversion,
) {
    let Some(target) = project.ruleset(&conversion.to) else {
        return;
    };
    let Some(profile) = target.profile.as_ref() else {
        return;
    };
    unmapped_qualities(scenario, target, locale, conversion);
    if scenario.leaders.iter().all(|l| l.ratings.is_empty()) {
        let said = Said::new("conversion_no_leader_ratings", vec![]);
        conversion.unmapped.push(said);
    }
    strength_gaps(scenario, profile, conversion);
    if let Some(layer) = source {
        layer_not_carried_over(project, layer, profile, locale, conversion);
    }
}

/// Qualities the target profile cannot grade, and units with no quality.
fn unmapped_qualities(
    scenario: &Scenario,
    target: &Ruleset,
    locale: &Locale,
    conversion: &mut Conversion,
) {
    let Some(profile) = target.profile.as_ref() else {
        return;
    };
    let mut unmapped_qualities: Vec<&str> = scenario
        .units
        .iter()
        .filter_map(|u| u.quality.as_deref())
        .filter(|q| profile.grade_for(q).is_none())
        .collect();
    unmapped_qualities.sort();
    unmapped_qualities.dedup();
    for quality in unmapped_qualities {
        conversion.warnings.push(Said::new(
            "conversion_ungraded_quality",
            vec![
                ("quality", quality.into()),
                ("ruleset", target.name.as_str().into()),
            ],
        ));
    }
    let without_quality = scenario
        .units
        .iter()
        .filter(|u| u.quality.is_none())
        .count();
    if without_quality > 0 {
        // The grade vocabulary by its title, in the ruleset's own words.
        let title = profile
            .grade_vocabulary
            .as_deref()
            .and_then(|v| target.vocabulary(v))
            .map_or(locale.grade.as_str(), |v| v.title.as_str());
        let said = Said::new(
            "conversion_no_quality",
            vec![
                ("title", title.into()),
                ("without", without_quality.into()),
                ("total", scenario.units.len().into()),
            ],
        );
        conversion.unmapped.push(said);
    }
}

/// Units too small for the target's scale, and units the sources give no strength.
fn strength_gaps(scenario: &Scenario, profile: &Profile, conversion: &mut Conversion) {
    // Units too small to represent are reported at their place (units.rs).
    let no_strength: Vec<&str> = scenario
        .units
        .iter()
        .filter(|u| u.men.is_none() && u.guns.is_none())
        .map(|u| u.name.as_str())
        .collect();
    // Data no source gives, as the scenario records it.
    if !no_strength.is_empty() {
        conversion.source_gaps.push(Said::new(
            "conversion_no_strength",
            vec![
                ("represents", profile.represents.as_str().into()),
                ("count", no_strength.len().into()),
                ("units", no_strength.join(", ").into()),
            ],
        ));
    }
}

/// What of the source layer belongs to its own game: positions without a
/// scale to carry them, special rules and initial orders.
fn layer_not_carried_over(
    project: &Project,
    layer: &Layer,
    profile: &Profile,
    locale: &Locale,
    conversion: &mut Conversion,
) {
    let source = project.ruleset(&layer.ruleset);
    let ruleset: Arg = source
        .map_or(layer.ruleset.as_str(), |r| r.name.as_str())
        .into();
    let hexes: usize = layer.areas.iter().map(|(_, h)| h.len()).sum::<usize>()
        + layer.victory.iter().map(|v| v.hexes.len()).sum::<usize>()
        + layer.setup.iter().filter(|s| s.hex.is_some()).count();
    let scale = project
        .ruleset(&layer.ruleset)
        .and_then(|r| r.profile.as_ref())
        .and_then(|p| p.metres_per_hex);
    if hexes > 0 && (scale.is_none() || profile.metres_per_cm.is_none()) {
        let missing = if scale.is_none() { "map" } else { "ground" };
        conversion.unmapped.push(Said::new(
            "conversion_positions",
            vec![
                ("count", hexes.into()),
                ("ruleset", ruleset.clone()),
                ("missing", missing.into()),
            ],
        ));
    }
    if !layer.special_rules.is_empty() {
        // Each rule by its title, in the target's language where it has one.
        let rules = layer
            .special_rules
            .iter()
            .map(|(id, title, _)| prose_in(title, &locale.language).unwrap_or(id))
            .collect::<Vec<_>>()
            .join(", ");
        conversion.unmapped.push(Said::new(
            "conversion_special_rules",
            vec![("ruleset", ruleset.clone()), ("rules", rules.into())],
        ));
    }
    if !layer.orders.is_empty() {
        let said = Said::new("conversion_orders", vec![("ruleset", ruleset)]);
        conversion.unmapped.push(said);
    }
}

#[cfg(test)]
mod properties {
    use std::path::Path;

    use proptest::prelude::*;

    use super::*;
    use crate::diagnostic::{Diagnostics, Location};
    use crate::model::scenario::{Formation, Side, Unit};
    use crate::source::Sources;

    fn project() -> Project {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        let mut project = crate::load::load_project(root, &mut sources, &mut diags);
        project.scenarios.clear();
        project
    }

    fn scenario(units: &[(u32, u32, u32)]) -> Scenario {
        let here = Location::new(0, 0..0);
        let mut scenario = Scenario {
            id: "synthetic".into(),
            title: "Synthetic".into(),
            start: Some(Clock(9 * 60)),
            end: Some(Clock(17 * 60)),
            ..Scenario::default()
        };
        scenario.sides.push(Side {
            id: "a".into(),
            name: "A".into(),
            names: Vec::new(),
            commander: None,
            nominal_commander: None,
            colour: String::new(),
            location: here.clone(),
        });
        scenario.formations.push(Formation {
            id: "f".into(),
            name: "F".into(),
            names: Vec::new(),
            short: None,
            shorts: Vec::new(),
            level: "division".into(),
            side: Some("a".into()),
            contingent: None,
            parent: None,
            leader: None,
            nominal_leader: None,
            attachments: Vec::new(),
            note: String::new(),
            location: here.clone(),
        });
        for (i, (men, guns, arrives)) in units.iter().enumerate() {
            let artillery = *guns > 0;
            scenario.units.push(Unit {
                id: format!("u{i}"),
                name: format!("Unit {i}"),
                short: None,
                arm: if artillery { "artillery" } else { "infantry" }.into(),
                kind: if artillery {
                    "foot-artillery"
                } else {
                    "line-infantry"
                }
                .into(),
                nation: "france".into(),
                nations: vec!["france".into()],
                parent: "f".into(),
                organisation: None,
                echelon: None,
                regiment: None,
                detached_from: None,
                men: (!artillery).then_some(*men),
                men_range: None,
                values: Vec::new(),
                guns: artillery.then_some(*guns),
                calibre: None,
                pieces: Vec::new(),
                source: None,
                estimate: None,
                quality: None,
                commander: None,
                arrives: Some((Clock(9 * 60 + arrives), here.clone())),
                departs: None,
                entry: None,
                status: Status::Engaged,
                note: String::new(),
                location: here.clone(),
            });
        }
        scenario
    }

    /// Converts and adds the result to the scenario as a layer, as a designer would.
    fn step(
        project: &Project,
        scenario: &mut Scenario,
        to: &str,
        from: Option<&str>,
    ) -> Conversion {
        let converted = convert(project, scenario, to, from).expect("converts");
        let (layer, diags) = super::invariants::load_converted(project, scenario, &converted.layer);
        let layer = layer.expect("the converted layer loads");
        assert!(!diags.has_errors(), "{diags:?}");
        scenario.layers.retain(|l| l.ruleset != to);
        scenario.layers.push(layer);
        converted.conversion
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn ved_to_sombra_and_back_keeps_strength_and_time(
            units in prop::collection::vec((50u32..3000, prop_oneof![Just(0u32), 1u32..13], 0u32..480), 1..12)
        ) {
            let project = project();
            let mut scenario = scenario(&units);
            let first = step(&project, &mut scenario, "ved", None);
            step(&project, &mut scenario, "sombra", Some("ved"));
            let back = step(&project, &mut scenario, "ved", Some("sombra"));
            for (a, b) in first.units.iter().zip(&back.units) {
                prop_assert_eq!(&a.id, &b.id);
                prop_assert!(b.inverted, "{} was not read back from the sombra values", b.id);
                // Within one figure per unit.
                prop_assert!(a.value.abs_diff(b.value) <= 1, "{} went {} → {}", a.id, a.value, b.value);
                // Guns exact where both rulesets can represent them (an even number of guns).
                if a.arm == "artillery" && a.strength.guns % 2 == 0 {
                    prop_assert_eq!(a.value, b.value);
                }
            }
            for (a, b) in first.arrivals.iter().zip(&back.arrivals) {
                prop_assert!(a.turn.abs_diff(b.turn) <= 1, "{} arrived on turn {} then {}", a.unit, a.turn, b.turn);
            }
        }
    }
}
