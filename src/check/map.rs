//! A layer's map against its ruleset and its set-up: terrain from the
//! ruleset's vocabulary and used as its kind says, hexsides between
//! neighbours and agreeing from both sides, paths without gaps, zones with
//! hexes, and set-ups where the terrain, the zones and stacking allow.

use std::collections::{BTreeMap, HashMap};

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location, closest};
use crate::model::map::{HexMap, Stacking};
use crate::model::scenario::{Layer, Scenario};
use crate::model::{Member, Project, Ruleset, Vocabulary};

/// How a terrain may be used on a map: `kind = "…"` on its vocabulary member.
const KINDS: &[&str] = &["hex", "hexside", "crossing", "path"];

pub fn check(project: &Project, scenario: &Scenario, layer: &Layer, diags: &mut Diagnostics) {
    let Some(map) = &layer.map else {
        return;
    };
    let ruleset = project.ruleset(&layer.ruleset);
    if let Some(ruleset) = ruleset {
        terrain_names(ruleset, map, diags);
    }
    hexsides(ruleset, map, diags);
    paths(map, diags);
    for zone in &map.zones {
        if zone.hexes.is_empty() {
            diags.push(
                Diagnostic::of(codes::EMPTY_ZONE, "a set-up zone without hexes")
                    .at_location(Some(zone.location.clone()))
                    .expected("the hexes where the side may set up"),
            );
        }
    }
    for objective in &map.objectives {
        if objective.value == 0 {
            diags.push(
                Diagnostic::of(
                    codes::EMPTY_ZONE,
                    format!("objective {} is worth nothing", objective.hex.text),
                )
                .at_location(Some(objective.hex.location.clone()))
                .expected("a value above 0"),
            );
        }
    }
    setup(scenario, layer, map, ruleset, diags);
}

/// Every terrain the map names is in the ruleset's `terrain` vocabulary.
fn terrain_names(ruleset: &Ruleset, map: &HexMap, diags: &mut Diagnostics) {
    let named = map
        .default_terrain
        .iter()
        .map(|(t, l)| (t, l, "hex"))
        .chain(map.terrain.iter().map(|(t, _, l)| (t, l, "hex")))
        .chain(
            map.hexsides
                .iter()
                .map(|s| (&s.feature, &s.location, "hexside")),
        )
        .chain(map.paths.iter().map(|p| (&p.feature, &p.location, "path")));
    let vocabulary = ruleset.vocabulary("terrain");
    let mut reported = std::collections::HashSet::new();
    for (terrain, location, used_as) in named {
        if !reported.insert((terrain.as_str(), location.range.start)) {
            continue;
        }
        let Some(vocabulary) = vocabulary else {
            diags.push(
                Diagnostic::of(
                    codes::UNKNOWN_TERRAIN,
                    format!("ruleset `{}` declares no terrain", ruleset.id),
                )
                .at_location(Some(location.clone()))
                .expected("a `[vocabulary.terrain]` in the ruleset, naming its kinds of terrain"),
            );
            return;
        };
        match vocabulary.member(terrain) {
            None => diags.push(unknown_terrain(terrain, location, vocabulary)),
            Some(member) => wrong_kind(member, used_as, location, diags),
        }
    }
    for member in vocabulary.map_or(&[][..], |v| &v.members) {
        if let Some(kind) = member.attribute_str("kind")
            && !KINDS.contains(&kind)
        {
            diags.push(
                Diagnostic::of(
                    codes::TERRAIN_KIND,
                    format!("`{kind}` is not a kind of terrain"),
                )
                .at_location(Some(member.location.clone()))
                .expected("\"hex\", \"hexside\", \"crossing\" or \"path\""),
            );
        }
    }
}

fn unknown_terrain(terrain: &str, location: &Location, vocabulary: &Vocabulary) -> Diagnostic {
    let mut d = Diagnostic::of(
        codes::UNKNOWN_TERRAIN,
        format!("`{terrain}` is not terrain of this ruleset"),
    )
    .at_location(Some(location.clone()))
    .expected("a member of the ruleset's vocabulary `terrain`");
    let ids = vocabulary.members.iter().map(|m| m.id.as_str());
    if let Some(near) = closest(terrain, ids) {
        d = d.note(format!("did you mean `{near}`?"));
    }
    d
}

/// A terrain used as a kind its member does not declare: a road as a hex's terrain.
fn wrong_kind(member: &Member, used_as: &str, location: &Location, diags: &mut Diagnostics) {
    let Some(kind) = member.attribute_str("kind") else {
        return;
    };
    let fits = kind == used_as || (used_as == "hexside" && kind == "crossing");
    if !fits && KINDS.contains(&kind) {
        diags.push(
            Diagnostic::of(
                codes::TERRAIN_KIND,
                format!("`{}` is {kind} terrain, used here as {used_as}", member.id),
            )
            .at_location(Some(location.clone()))
            .expected(format!("terrain of kind \"{used_as}\"")),
        );
    }
}

/// A hexside feature as given, and where.
type Feature<'a> = (&'a str, &'a Location);

/// Hexsides lie between neighbours; a side carries one feature (a crossing
/// such as a bridge only over one), however often it is listed.
fn hexsides(ruleset: Option<&Ruleset>, map: &HexMap, diags: &mut Diagnostics) {
    let kind_of = |feature: &str| {
        ruleset
            .and_then(|r| r.vocabulary("terrain"))
            .and_then(|v| v.member(feature))
            .and_then(|m| m.attribute_str("kind"))
            .unwrap_or("hexside")
    };
    let mut sides: BTreeMap<[(u32, u32); 2], Vec<Feature>> = BTreeMap::new();
    for side in &map.hexsides {
        let [a, b] = &side.between;
        let (Some(ha), Some(hb)) = (map.grid.locate(a), map.grid.locate(b)) else {
            continue; // reported as off the map
        };
        if !map.grid.adjacent(ha, hb) {
            diags.push(
                Diagnostic::of(
                    codes::HEXSIDE_NOT_ADJACENT,
                    format!("{} and {} share no side", a.text, b.text),
                )
                .at_location(Some(b.location.clone()))
                .expected(format!("a hex next to {}", a.text)),
            );
            continue;
        }
        let key = if ha < hb { [ha, hb] } else { [hb, ha] };
        sides
            .entry(key)
            .or_default()
            .push((&side.feature, &side.location));
    }
    for (key, features) in &sides {
        let (crossings, lines): (Vec<&Feature>, Vec<&Feature>) =
            features.iter().partition(|(f, _)| kind_of(f) == "crossing");
        let mut distinct: Vec<&Feature> = Vec::new();
        for &line in &lines {
            if !distinct.iter().any(|d| d.0 == line.0) {
                distinct.push(line);
            }
        }
        let name = |hex: (u32, u32)| map.grid.name(hex.0, hex.1);
        if let [first, second, ..] = distinct[..] {
            diags.push(
                Diagnostic::of(
                    codes::HEXSIDE_CONFLICT,
                    format!(
                        "the side between {} and {} is `{}` here and `{}` elsewhere",
                        name(key[0]),
                        name(key[1]),
                        second.0,
                        first.0
                    ),
                )
                .at_location(Some(second.1.clone()))
                .related(first.1.clone(), "first given here")
                .expected("one feature per hexside, the same from both hexes"),
            );
        }
        if let (Some((crossing, location)), true) = (crossings.first(), lines.is_empty()) {
            diags.push(
                Diagnostic::of(
                    codes::HEXSIDE_CONFLICT,
                    format!(
                        "`{crossing}` crosses nothing between {} and {}",
                        name(key[0]),
                        name(key[1])
                    ),
                )
                .at_location(Some((*location).clone()))
                .expected("the river or stream it crosses on the same hexside"),
            );
        }
    }
}

/// A path runs from hex to neighbouring hex.
fn paths(map: &HexMap, diags: &mut Diagnostics) {
    for path in &map.paths {
        for pair in path.hexes.windows(2) {
            let (Some(a), Some(b)) = (map.grid.locate(&pair[0]), map.grid.locate(&pair[1])) else {
                continue;
            };
            if !map.grid.adjacent(a, b) {
                diags.push(
                    Diagnostic::of(
                        codes::PATH_GAP,
                        format!(
                            "the `{}` jumps from {} to {}",
                            path.feature, pair[0].text, pair[1].text
                        ),
                    )
                    .at_location(Some(pair[1].location.clone()))
                    .expected(format!("a hex next to {}", pair[0].text)),
                );
                break;
            }
        }
    }
}

/// Set-up hexes: in the side's zones (where the map has any), on terrain
/// the units may enter, stacked as the ruleset allows.
fn setup(
    scenario: &Scenario,
    layer: &Layer,
    map: &HexMap,
    ruleset: Option<&Ruleset>,
    diags: &mut Diagnostics,
) {
    let terrain = map.terrain_grid();
    let terrain_at = |hex: (u32, u32)| terrain[map.grid.index(hex)];
    let members = ruleset.and_then(|r| r.vocabulary("terrain"));
    // Units placed exactly on a hex, per hex: (side, nation, counts?) for stacking.
    let mut stacks: HashMap<(u32, u32), Vec<Counter>> = HashMap::new();
    for placement in &layer.setup {
        let Some(hex) = &placement.hex else {
            continue;
        };
        let Some(at) = map.grid.locate(hex) else {
            continue;
        };
        let side = scenario.side_of(&placement.who);
        let zones: Vec<_> = map
            .zones
            .iter()
            .filter(|z| Some(z.side.as_str()) == side)
            .collect();
        let reach = map.grid.within(at, placement.within.unwrap_or(0));
        let in_zone = |h: &(u32, u32)| {
            zones
                .iter()
                .any(|z| z.hexes.iter().any(|zh| map.grid.locate(zh) == Some(*h)))
        };
        if !zones.is_empty() && !reach.iter().any(in_zone) {
            diags.push(
                Diagnostic::of(
                    codes::SETUP_OUTSIDE_ZONE,
                    format!(
                        "set-up at {} lies outside the side's set-up zones",
                        hex.text
                    ),
                )
                .at_location(Some(hex.location.clone()))
                .related(zones[0].location.clone(), "the side's zone"),
            );
        }
        let units = scenario.units_of(&placement.who);
        if let Some(members) = members {
            for unit in &units {
                let barred = |h: &(u32, u32)| {
                    terrain_at(*h)
                        .and_then(|t| members.member(t))
                        .is_some_and(|m| prohibits(m, &unit.arm))
                };
                if reach.iter().all(barred) {
                    let t = terrain_at(at).unwrap_or_default();
                    diags.push(
                        Diagnostic::of(
                            codes::SETUP_TERRAIN,
                            format!(
                                "`{}` ({}) may not set up in {t} at {}",
                                unit.id, unit.arm, hex.text
                            ),
                        )
                        .at_location(Some(hex.location.clone()))
                        .expected("a hex whose terrain the unit's arm may enter"),
                    );
                }
            }
        }
        if placement.within.is_none() {
            let stack = stacks.entry(at).or_default();
            for unit in units {
                stack.push((
                    scenario.unit_side(unit),
                    Some(unit.nation.as_str()),
                    true,
                    &hex.location,
                ));
            }
            for leader in &placement.who.leaders {
                let side = scenario.leader(leader).map(|l| l.side.as_str());
                stack.push((side, None, false, &hex.location));
            }
        }
    }
    if let Some(stacking) = ruleset.and_then(|r| r.stacking.as_ref()) {
        let mut hexes: Vec<_> = stacks.into_iter().collect();
        hexes.sort_by_key(|(hex, _)| *hex);
        for (hex, stack) in hexes {
            stacking_at(map, hex, &stack, stacking, diags);
        }
    }
}

/// Whether a terrain member bars an arm (`prohibits = ["cavalry", …]`).
fn prohibits(member: &Member, arm: &str) -> bool {
    member.attributes.iter().any(|(k, v)| {
        k == "prohibits"
            && v.as_array()
                .is_some_and(|arms| arms.iter().any(|a| a.as_str() == Some(arm)))
    })
}

/// A counter set up on a hex: its side, its nation (none for a leader),
/// whether it counts against the limit, and the set-up's place.
type Counter<'a> = (Option<&'a str>, Option<&'a str>, bool, &'a Location);

fn stacking_at(
    map: &HexMap,
    hex: (u32, u32),
    stack: &[Counter],
    stacking: &Stacking,
    diags: &mut Diagnostics,
) {
    let name = map.grid.name(hex.0, hex.1);
    let Some(&(first_side, _, _, location)) = stack.first() else {
        return;
    };
    let location = location.clone();
    if stacking.same_side && stack.iter().any(|c| c.0 != first_side) {
        diags.push(
            Diagnostic::of(codes::STACKING, format!("both sides set up in {name}"))
                .at_location(Some(location.clone()))
                .expected("counters of one side per hex"),
        );
    }
    let nations: Vec<&str> = stack.iter().filter_map(|c| c.1).collect();
    if stacking.same_nation && nations.iter().any(|n| *n != nations[0]) {
        let mut distinct = nations.clone();
        distinct.sort_unstable();
        distinct.dedup();
        diags.push(
            Diagnostic::of(
                codes::STACKING,
                format!(
                    "units of {} nations stack in {name}: {}",
                    distinct.len(),
                    distinct.join(", ")
                ),
            )
            .at_location(Some(location.clone()))
            .expected("units of one nation per hex"),
        );
    }
    if let Some(limit) = stacking.counters {
        let counted = stack
            .iter()
            .filter(|c| c.2 || stacking.leaders_count)
            .count();
        if counted > limit as usize {
            diags.push(
                Diagnostic::of(
                    codes::STACKING,
                    format!("{counted} counters set up in {name}"),
                )
                .at_location(Some(location))
                .expected(format!("at most {limit} per hex")),
            );
        }
    }
}
