//! Men and guns to figures or points, with aggregation and grades.

use std::collections::{HashMap, HashSet};

use crate::diagnostic::Location;
use crate::locale::{Arg, Counted, Said};
use crate::model::profile::Profile;
use crate::model::regiment::regiment_of;
use crate::model::scenario::{Part, Scenario};

/// What a target unit stands for in the order of battle.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Strength {
    pub men: u64,
    pub guns: u64,
}

/// A unit in the target ruleset's terms.
#[derive(Debug, Clone)]
pub struct TargetUnit {
    pub id: String,
    pub name: String,
    pub arm: String,
    pub nation: String,
    pub side: String,
    /// The neutral units it stands for (several when battalions are aggregated).
    pub units: Vec<String>,
    pub strength: Strength,
    /// Figures or points.
    pub value: u64,
    /// What `value` represents back in men or guns.
    pub represented: u64,
    pub grade: Option<String>,
    /// The strength came from the source layer's values, not the neutral facts.
    pub inverted: bool,
}

impl TargetUnit {
    /// Represented minus historical: the rounding error, in men or guns.
    pub fn error(&self) -> i64 {
        let historical = if self.arm == "artillery" {
            self.strength.guns
        } else {
            self.strength.men
        };
        // Both are far below 2^62: strengths are bounded at load.
        self.represented as i64 - historical as i64
    }
}

/// Rounds half up: 2.5 figures become 3.
fn round_div(n: u64, d: u64) -> u64 {
    (n + d / 2) / d.max(1)
}

/// A source layer's values read back through its profile: figures or points
/// to men (or guns).
pub struct Source<'a> {
    pub layer: &'a crate::model::scenario::Layer,
    pub profile: &'a Profile,
}

impl Source<'_> {
    /// The strength a source layer gives a unit (or aggregate) id, if it gives one.
    fn strength(&self, id: &str, arm: &str) -> Option<Strength> {
        let (_, values) = self.layer.values.iter().find(|(key, _)| key == id)?;
        let (_, value) = values.iter().find(|(k, _)| *k == self.profile.represents)?;
        let value: u64 = value.parse::<u32>().ok()?.into();
        Some(if arm == "artillery" {
            Strength {
                men: 0,
                guns: value * u64::from(self.profile.guns_per),
            }
        } else {
            Strength {
                men: value * u64::from(self.profile.men_per),
                guns: 0,
            }
        })
    }
}

/// The converted units, and what the conversion says of particular units at
/// their place in scenario.toml.
pub struct Converted {
    pub units: Vec<TargetUnit>,
    pub remarks: Vec<UnitRemark>,
    /// Units not engaged, which the conversion leaves out.
    pub left_out: usize,
}

pub fn convert_units(
    scenario: &Scenario,
    profile: &Profile,
    target: &str,
    source: Option<&Source>,
) -> Converted {
    let mut groups = group_units(scenario, profile);
    for group in &mut groups {
        scale(group, profile, source);
    }
    let mut remarks = Vec::new();
    let mut units = Vec::with_capacity(groups.len());
    let mut taken: HashSet<String> = groups.iter().map(|g| g.id.clone()).collect();
    for group in groups {
        remarks.extend(judge(&group, scenario, profile, target));
        units.extend(split(group, scenario, profile, &mut taken));
    }
    Converted {
        units,
        remarks,
        left_out: scenario.units.iter().filter(|u| !u.takes_part()).count(),
    }
}

/// The largest single unit of each arm that a source gives without saying
/// what it is made of, before the conversion warns: a strong battalion or
/// cavalry regiment, a double battery.
const LARGEST_WITHOUT_ORGANISATION: [(&str, u64); 3] =
    [("infantry", 1_500), ("cavalry", 1_500), ("artillery", 12)];

/// What the conversion says of one unit, at its place in scenario.toml.
#[derive(Debug)]
pub struct UnitRemark {
    /// A note where the author has declared what the unit is (its echelon).
    pub note: bool,
    pub text: Said,
    pub location: Location,
}

/// A unit of play of 0 figures or points, or one so large that the source
/// must have given a formation as one unit without saying what it is made
/// of; the latter is a note where the author declared its echelon.
fn judge(
    group: &TargetUnit,
    scenario: &Scenario,
    profile: &Profile,
    to: &str,
) -> Option<UnitRemark> {
    let unit = scenario.unit(group.units.first()?)?;
    let (historical, counted, parts, per) = match group.arm.as_str() {
        "artillery" => (group.strength.guns, Counted::Guns, "batteries", 6),
        "cavalry" => (group.strength.men, Counted::Men, "squadrons", 150),
        _ => (group.strength.men, Counted::Men, "battalions", 700),
    };
    let largest = LARGEST_WITHOUT_ORGANISATION
        .iter()
        .find(|(arm, _)| *arm == group.arm)
        .map_or(u64::MAX, |(_, n)| *n);
    let represents = match profile.represents.as_str() {
        "points" => Counted::Points,
        _ => Counted::Figures,
    };
    let args = |extra: Vec<(&'static str, Arg)>| {
        let mut args = vec![
            ("unit", group.name.as_str().into()),
            ("strength", Arg::Counted(historical, counted)),
            ("value", Arg::Counted(group.value, represents)),
            ("ruleset", to.into()),
        ];
        args.extend(extra);
        args
    };
    let (note, text) = if group.value == 0 && historical > 0 {
        (false, Said::new("conversion_zero", args(vec![])))
    } else if let Some(most) = profile
        .largest_unit(&group.arm)
        .filter(|most| group.value > u64::from(*most))
    {
        let extra = vec![
            ("most", Arg::Counted(most.into(), represents)),
            ("arm", group.arm.as_str().into()),
        ];
        (false, Said::new("conversion_too_large", args(extra)))
    } else if unit.organisation.is_none() && group.units.len() == 1 && historical > largest {
        let extra = vec![
            ("parts", parts.into()),
            ("guess", historical.div_ceil(per).max(2).into()),
        ];
        // A note where the author declared what the unit is (its echelon).
        let note = unit.echelon.is_some();
        (note, Said::new("conversion_no_organisation", args(extra)))
    } else {
        return None;
    };
    Some(UnitRemark {
        note,
        text,
        location: unit.location.clone(),
    })
}

/// A unit of several battalions becomes one unit of play per battalion at a
/// ruleset that plays battalions, and a unit of several batteries one per
/// battery: each with an even share of the figures or points, so that the
/// parts add up to the whole.
fn split(
    group: TargetUnit,
    scenario: &Scenario,
    profile: &Profile,
    taken: &mut HashSet<String>,
) -> Vec<TargetUnit> {
    let organisation = match group.units.as_slice() {
        [only] => scenario.unit(only).and_then(|u| u.organisation),
        _ => None,
    };
    let parts = match organisation {
        Some((Part::Battalion, n)) if profile.level == "battalion" && group.arm != "artillery" => n,
        Some((Part::Battery, n)) if group.arm == "artillery" => n,
        _ => 1,
    };
    if parts <= 1 {
        return vec![group];
    }
    let n = u64::from(parts);
    let share = |total: u64, i: u64| total / n + u64::from(i < total % n);
    let per = group.represented.checked_div(group.value).unwrap_or(0);
    (0..n)
        .map(|i| {
            let mut id = format!("{}-{}", group.id, i + 1);
            while !taken.insert(id.clone()) {
                id.push('b');
            }
            let value = share(group.value, i);
            TargetUnit {
                id,
                name: format!("{} ({}/{n})", group.name, i + 1),
                strength: Strength {
                    men: share(group.strength.men, i),
                    guns: share(group.strength.guns, i),
                },
                value,
                represented: value * per,
                ..group.clone()
            }
        })
        .collect()
}

/// The units of play: each unit alone, or for a profile that plays
/// regiments, the battalions of one regiment in one formation together —
/// a regiment as the order of battle holds it (`regiment`, or the name's
/// battalion designation), never two regiments, formations, sides, arms or
/// nations, and never a detachment.
fn group_units(scenario: &Scenario, profile: &Profile) -> Vec<TargetUnit> {
    let mut groups: Vec<TargetUnit> = Vec::new();
    // The group of each regiment in its side, formation, arm and nation:
    // lookups stay constant-time in orders of battle of any size.
    type Key<'a> = (&'a str, &'a str, &'a str, &'a str, String);
    let mut group_of: HashMap<Key, usize> = HashMap::new();
    // The regiment's name for each group of several battalions.
    let mut regiment_names: HashMap<usize, String> = HashMap::new();
    for unit in scenario.units.iter().filter(|u| u.takes_part()) {
        let side = scenario.unit_side(unit).unwrap_or_default();
        let strength = Strength {
            men: unit.men.unwrap_or(0).into(),
            guns: unit.guns.unwrap_or(0).into(),
        };
        let aggregate = profile.aggregate == "regiment"
            && unit.arm != "artillery"
            && unit.detached_from.is_none();
        let regiment = aggregate.then(|| regiment_of(unit)).flatten();
        if let Some(regiment) = &regiment {
            let key = (
                side,
                unit.parent.as_str(),
                unit.arm.as_str(),
                unit.nation.as_str(),
                regiment.key.clone(),
            );
            if let Some(&index) = group_of.get(&key) {
                let group = &mut groups[index];
                group.units.push(unit.id.clone());
                group.strength.men += strength.men;
                group.strength.guns += strength.guns;
                regiment_names.insert(index, regiment.name.clone());
                continue;
            }
            group_of.insert(key, groups.len());
        }
        let grade = unit
            .quality
            .as_deref()
            .and_then(|q| profile.grade_for(q))
            .map(String::from);
        groups.push(TargetUnit {
            id: unit.id.clone(),
            name: unit.name.clone(),
            arm: unit.arm.clone(),
            nation: unit.nation.clone(),
            side: side.to_string(),
            units: vec![unit.id.clone()],
            strength,
            value: 0,
            represented: 0,
            grade,
            inverted: false,
        });
    }
    // A regiment of several battalions is named as the regiment, under an
    // id of its own that no unit or formation of the scenario has.
    let mut taken: HashSet<String> = scenario
        .units
        .iter()
        .map(|u| u.id.clone())
        .chain(scenario.formations.iter().map(|f| f.id.clone()))
        .collect();
    for (index, name) in regiment_names {
        let group = &mut groups[index];
        group.id = regiment_id(&group.units, &name, &mut taken);
        group.name = name;
    }
    groups
}

/// An id for a regiment played as one: what its battalions' ids share
/// ("fr-2leger-1", "fr-2leger-2" → "fr-2leger"), else the first's prefix
/// and the regiment's name ("al-28th-foot"); never an id already taken.
fn regiment_id(units: &[String], name: &str, taken: &mut HashSet<String>) -> String {
    let first = units.first().map_or("", String::as_str);
    let shared = units.iter().fold(first.len(), |len, id| {
        first
            .bytes()
            .zip(id.bytes())
            .take(len)
            .take_while(|(a, b)| a == b)
            .count()
    });
    // The shared part up to a hyphen, of two segments at least.
    let stem = first[..shared]
        .rfind('-')
        .map(|cut| &first[..cut])
        .filter(|stem| stem.contains('-') || stem.len() > 3)
        .filter(|stem| !taken.contains(*stem))
        .map(str::to_string);
    let mut id = stem.unwrap_or_else(|| {
        let prefix = first.split('-').next().unwrap_or(first);
        format!("{prefix}-{}", crate::spreadsheet::slug(name))
    });
    while taken.contains(&id) {
        id.push_str("-r");
    }
    taken.insert(id.clone());
    id
}

/// A group's value in the target's units, rounded, and what that value
/// represents; values written in the source layer's terms win.
fn scale(group: &mut TargetUnit, profile: &Profile, source: Option<&Source>) {
    // Values written in another ruleset's terms win over the neutral figures.
    if let Some(inverted) = source.and_then(|s| {
        s.strength(&group.id, &group.arm).or_else(|| {
            (group.units.len() == 1)
                .then(|| s.strength(&group.units[0], &group.arm))
                .flatten()
        })
    }) {
        group.strength = inverted;
        group.inverted = true;
    }
    let per = u64::from(if group.arm == "artillery" {
        profile.guns_per
    } else {
        profile.men_per
    });
    let historical = if group.arm == "artillery" {
        group.strength.guns
    } else {
        group.strength.men
    };
    group.value = round_div(historical, per);
    group.represented = group.value * per;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regiment_is_named_after_what_its_battalions_share() {
        let ids = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let mut taken = HashSet::new();
        assert_eq!(
            regiment_id(
                &ids(&["fr-2leger-1", "fr-2leger-2"]),
                "2e Léger",
                &mut taken
            ),
            "fr-2leger"
        );
        assert_eq!(
            regiment_id(&ids(&["al-1-28", "al-2-28"]), "28th Foot", &mut taken),
            "al-28th-foot"
        );
        taken.insert("fr-61".into());
        assert_eq!(
            regiment_id(&ids(&["fr-61-1", "fr-61-2"]), "61e Ligne", &mut taken),
            "fr-61e-ligne"
        );
    }

    #[test]
    fn rounding_is_half_up() {
        assert_eq!(round_div(455, 100), 5);
        assert_eq!(round_div(450, 100), 5);
        assert_eq!(round_div(449, 100), 4);
    }
}
