//! What every conversion keeps, tried on the project's battles and on
//! generated orders of battle: nested formations, regiments of several
//! battalions, natural ids that share stems, detached companies, units not
//! engaged, both sides arriving on one turn.
//!
//! - every unit of play keeps its side, and stands for units of one side,
//!   formation, arm and nation — of one regiment where it stands for several;
//! - every unit that takes part is played, once (or as the parts of one
//!   unit split into its battalions); units not engaged are left out and
//!   counted;
//! - men and guns are conserved per side and per formation, and each unit's
//!   figures or points are within the rounding the report states;
//! - the converted layer brings each side's arrivals in rows of their own.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;

use super::convert;
use crate::diagnostic::Diagnostics;
use crate::model::Project;
use crate::model::regiment::regiment_of;
use crate::model::scenario::Scenario;
use crate::source::Sources;

/// The repository's rulesets (their profiles), loaded once.
fn project() -> &'static Project {
    static PROJECT: OnceLock<Project> = OnceLock::new();
    PROJECT.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut sources = Sources::default();
        let mut diags = Diagnostics::default();
        crate::load::load_project(root, &mut sources, &mut diags)
    })
}

/// The rulesets a scenario can be converted to.
fn targets(project: &Project) -> Vec<&str> {
    project
        .rulesets
        .iter()
        .filter(|r| r.profile.is_some())
        .map(|r| r.id.as_str())
        .collect()
}

/// Every invariant of one conversion; the first broken one, in words.
fn holds(project: &Project, scenario: &Scenario, to: &str) -> Result<(), String> {
    let converted = convert(project, scenario, to, None)
        .map_err(|d| format!("{} does not convert to {to}: {d:?}", scenario.id))?;
    let c = &converted.conversion;
    let profile = project
        .ruleset(to)
        .and_then(|r| r.profile.as_ref())
        .unwrap();
    let side_of = |id: &str| scenario.unit(id).and_then(|u| scenario.unit_side(u));
    // Units of play: one side, formation, arm, nation; one regiment.
    let mut played: HashMap<&str, usize> = HashMap::new();
    for unit in &c.units {
        let members: Vec<_> = unit
            .units
            .iter()
            .map(|id| scenario.unit(id).unwrap())
            .collect();
        for member in &members {
            if !member.takes_part() {
                return Err(format!(
                    "{} plays `{}`, which is not engaged",
                    unit.id, member.id
                ));
            }
            if side_of(&member.id) != Some(unit.side.as_str()) {
                return Err(format!(
                    "{} is on {} but stands for `{}`",
                    unit.id, unit.side, member.id
                ));
            }
            *played.entry(member.id.as_str()).or_default() += 1;
        }
        let first = members[0];
        let alike = |f: &dyn Fn(&crate::model::scenario::Unit) -> String| {
            members.iter().all(|m| f(m) == f(first))
        };
        if !alike(&|u| u.parent.clone())
            || !alike(&|u| u.arm.clone())
            || !alike(&|u| u.nation.clone())
        {
            return Err(format!(
                "{} spans formations, arms or nations: {:?}",
                unit.id, unit.units
            ));
        }
        if members.len() > 1 {
            let key = |u: &crate::model::scenario::Unit| regiment_of(u).map(|r| r.key);
            if key(first).is_none() || !members.iter().all(|m| key(m) == key(first)) {
                return Err(format!("{} spans regiments: {:?}", unit.id, unit.units));
            }
        }
    }
    // Every unit that takes part is played once, or as the parts of itself.
    for unit in &scenario.units {
        let count = played.get(unit.id.as_str()).copied().unwrap_or(0);
        let split = c
            .units
            .iter()
            .filter(|u| u.units == [unit.id.clone()])
            .count();
        match (unit.takes_part(), count) {
            (true, 0) => return Err(format!("`{}` takes part but is not played", unit.id)),
            (true, n) if n > 1 && n != split => {
                return Err(format!("`{}` is played {n} times", unit.id));
            }
            (false, n) if n > 0 => return Err(format!("`{}` is not engaged but played", unit.id)),
            _ => {}
        }
    }
    let left_out = scenario.units.iter().filter(|u| !u.takes_part()).count();
    if c.left_out != left_out {
        return Err(format!("{} left out, {left_out} not engaged", c.left_out));
    }
    // Men and guns conserved per side and per formation.
    let mut historical: BTreeMap<(String, String), (u64, u64)> = BTreeMap::new();
    for unit in scenario.units.iter().filter(|u| u.takes_part()) {
        let key = (
            side_of(&unit.id).unwrap_or_default().to_string(),
            unit.parent.clone(),
        );
        let entry = historical.entry(key).or_default();
        entry.0 += u64::from(unit.men.unwrap_or(0));
        entry.1 += u64::from(unit.guns.unwrap_or(0));
    }
    let mut converted_totals: BTreeMap<(String, String), (u64, u64)> = BTreeMap::new();
    for unit in &c.units {
        let parent = scenario.unit(&unit.units[0]).unwrap().parent.clone();
        let entry = converted_totals
            .entry((unit.side.clone(), parent))
            .or_default();
        entry.0 += unit.strength.men;
        entry.1 += unit.strength.guns;
    }
    if historical != converted_totals {
        return Err(format!(
            "strength not conserved: {historical:?} became {converted_totals:?}"
        ));
    }
    // Each unit within the rounding: half a figure or point of the unit it
    // stands for (a split unit's parts together).
    let mut by_group: BTreeMap<Vec<String>, (u64, u64, &str)> = BTreeMap::new();
    for unit in &c.units {
        let historical = if unit.arm == "artillery" {
            unit.strength.guns
        } else {
            unit.strength.men
        };
        let entry = by_group
            .entry(unit.units.clone())
            .or_insert((0, 0, unit.arm.as_str()));
        entry.0 += historical;
        entry.1 += unit.represented;
    }
    for (units, (historical, represented, arm)) in by_group {
        let per = u64::from(if arm == "artillery" {
            profile.guns_per
        } else {
            profile.men_per
        });
        if historical.abs_diff(represented) > per.div_ceil(2) {
            return Err(format!(
                "{units:?}: {historical} became {represented} (1 = {per})"
            ));
        }
    }
    // The layer brings each side's arrivals in rows of their own, each unit once.
    let (layer, diags) = load_converted(project, scenario, &converted.layer);
    let layer = layer.ok_or_else(|| format!("the converted layer does not load: {diags:?}"))?;
    let mut brought: HashMap<&str, u32> = HashMap::new();
    for r in &layer.reinforcements {
        let sides = scenario.split_by_side(&r.who);
        if sides.len() != 1 {
            return Err(format!(
                "turn {} brings {} sides in one row",
                r.turn,
                sides.len()
            ));
        }
        for unit in &r.who.units {
            if brought.insert(unit.as_str(), r.turn).is_some() {
                return Err(format!("`{unit}` arrives twice"));
            }
        }
    }
    Ok(())
}

#[test]
fn the_project_s_battles_keep_every_invariant_in_every_conversion() {
    let project = project();
    let mut sources = Sources::default();
    let mut diags = Diagnostics::default();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let battles = crate::load::load_project(root, &mut sources, &mut diags).scenarios;
    assert!(battles.len() >= 6);
    for scenario in &battles {
        for to in targets(project) {
            if let Err(broken) = holds(project, scenario, to) {
                panic!("{} → {to}: {broken}", scenario.id);
            }
        }
    }
}

/// A regiment of a brigade: its number, its battalions (0: one unit with a
/// natural id), men per battalion, whether it was engaged, its arrival.
type Regiment = (u32, u32, u32, bool, u32);

/// An order of battle of two sides from generated brigades, as an author
/// writes it in scenario.toml.
fn order_of_battle(brigades: &[(usize, Vec<Regiment>, bool)]) -> String {
    let mut text = String::from(
        "id = \"generated\"\ntitle = \"Generated\"\ndate = \"1809-05-01\"\nstart = \"08:00\"\nend = \"14:00\"\n\
         [[side]]\nid = \"fr\"\nname = \"French\"\ncolour = \"#2b4c9b\"\n\
         [[side]]\nid = \"au\"\nname = \"Allies\"\ncolour = \"#b22234\"\n",
    );
    for side in ["fr", "au"] {
        text.push_str(&format!(
            "[[formation]]\nid = \"{side}-corps\"\nname = \"Corps\"\nlevel = \"corps\"\nside = \"{side}\"\n\
             [[formation]]\nid = \"{side}-div\"\nname = \"Division\"\nlevel = \"division\"\nparent = \"{side}-corps\"\n"
        ));
    }
    let ordinal = ["1st", "2nd", "3rd", "4th"];
    for (b, (side, regiments, guns)) in brigades.iter().enumerate() {
        let side = ["fr", "au"][*side];
        let nation = if side == "fr" {
            "france"
        } else {
            "united-kingdom"
        };
        let brigade = format!("{side}-bde{b}");
        text.push_str(&format!(
            "[[formation]]\nid = \"{brigade}\"\nname = \"Brigade {b}\"\nlevel = \"brigade\"\nparent = \"{side}-div\"\n"
        ));
        let unit = |id: &str, name: &str, men: u32, engaged: bool, at: u32, extra: &str| {
            format!(
                "[[unit]]\nid = \"{id}\"\nname = \"{name}\"\narm = \"infantry\"\ntype = \"line-infantry\"\n\
                 nation = \"{nation}\"\nparent = \"{brigade}\"\nmen = {men}\narrives = \"{:02}:{:02}\"\n{}{extra}",
                8 + at / 60,
                at % 60,
                if engaged {
                    ""
                } else {
                    "status = \"not-engaged\"\n"
                }
            )
        };
        let mut numbers = std::collections::HashSet::new();
        for (number, battalions, men, engaged, at) in regiments {
            // One regiment of a number to a brigade.
            if !numbers.insert(*number) {
                continue;
            }
            // Natural ids that share stems: the 8e of a brigade is fr0-8, the
            // 45e fr0-45 (both "fr0" and a number), the 81e's battalions
            // fr0-81-1, fr0-81-2.
            if *battalions == 0 {
                let id = format!("{side}{b}-{number}");
                if !text.contains(&format!("id = \"{id}\"")) {
                    text.push_str(&unit(
                        &id,
                        &format!("{number}e Ligne"),
                        *men,
                        *engaged,
                        *at,
                        "",
                    ));
                }
                continue;
            }
            for k in 0..*battalions {
                let id = format!("{side}{b}-{number}-{}", k + 1);
                let name = format!("{number}e Ligne ({} bn)", ordinal[k as usize]);
                text.push_str(&unit(&id, &name, *men, *engaged, *at, ""));
            }
            // A company detached from the regiment's first battalion.
            if *battalions > 2 {
                let id = format!("{side}{b}-{number}-coy");
                let of = format!("detached_from = \"{side}{b}-{number}-1\"\ncompanies = 1\n");
                text.push_str(&unit(
                    &id,
                    &format!("{number}e Ligne (voltigeurs)"),
                    men / 6,
                    true,
                    *at,
                    &of,
                ));
            }
        }
        if *guns {
            text.push_str(&format!(
                "[[unit]]\nid = \"{brigade}-art\"\nname = \"Battery {b}\"\narm = \"artillery\"\ntype = \"foot-artillery\"\n\
                 nation = \"{nation}\"\nparent = \"{brigade}\"\nguns = 6\n"
            ));
        }
    }
    text
}

fn regiment() -> impl Strategy<Value = Regiment> {
    (
        prop_oneof![1u32..10, 80u32..90],
        0u32..5,
        50u32..1200,
        prop::bool::weighted(0.9),
        prop_oneof![Just(0u32), Just(60), Just(125), Just(240)],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn generated_orders_of_battle_keep_every_invariant(
        brigades in prop::collection::vec(
            (0usize..2, prop::collection::vec(regiment(), 1..5), any::<bool>()),
            1..6,
        )
    ) {
        let project = project();
        let text = order_of_battle(&brigades);
        let mut sources = Sources::default();
        let file = sources.add("generated.toml", text.clone());
        let mut diags = Diagnostics::default();
        let scenario = crate::load::scenario::load(
            file,
            &text,
            "generated",
            &project.limits,
            &project.locales,
            &mut diags,
        );
        prop_assert!(!diags.has_errors(), "{text}\n{diags:?}");
        let scenario = scenario.expect("the generated order of battle loads");
        for to in targets(project) {
            if let Err(broken) = holds(project, &scenario, to) {
                prop_assert!(false, "→ {to}: {broken}\n{text}");
            }
        }
    }
}

/// A converted layer's text loaded as an author's would be, with what loading found.
pub(super) fn load_converted(
    project: &Project,
    scenario: &Scenario,
    text: &str,
) -> (Option<crate::model::scenario::Layer>, Diagnostics) {
    let mut sources = Sources::default();
    let file = sources.add("converted.toml", text.to_string());
    let (mut refs, mut diags) = (Vec::new(), Diagnostics::default());
    let layer = crate::load::scenario::load_layer(
        file,
        text,
        scenario.first_day,
        &project.limits,
        &mut refs,
        &mut diags,
    );
    (layer, diags)
}
