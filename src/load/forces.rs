//! Sides, contingents, leaders and formations of a scenario: who commanded
//! what, and how the formations nest.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::scenario::{Attachment, Contingent, Formation, Leader, Side, Target};

use super::scenario::{Reader, display};

type S = Spanned<String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSide {
    id: S,
    name: super::toml_util::Localised,
    commander: Option<S>,
    nominal_commander: Option<S>,
    #[serde(default)]
    colour: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLeader {
    id: S,
    name: String,
    short: Option<String>,
    rank: Option<S>,
    side: S,
    #[serde(default)]
    ratings: BTreeMap<String, toml::Value>,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFormation {
    id: S,
    name: super::toml_util::Localised,
    short: Option<super::toml_util::Localised>,
    level: S,
    side: Option<S>,
    contingent: Option<S>,
    #[serde(default)]
    parent: Option<S>,
    leader: Option<S>,
    nominal_leader: Option<S>,
    #[serde(default)]
    attached: Vec<Spanned<RawAttachment>>,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAttachment {
    to: S,
    from: Option<S>,
    until: Option<S>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawContingent {
    id: S,
    name: String,
    side: S,
    nation: Option<S>,
    commander: Option<S>,
    #[serde(default)]
    note: String,
}

/// Sides, contingents, leaders and formations, in that order.
pub(super) fn read_all(
    r: &mut Reader,
    (sides, contingents, leaders, formations): (
        Vec<RawSide>,
        Vec<RawContingent>,
        Vec<RawLeader>,
        Vec<RawFormation>,
    ),
    scenario: &mut crate::model::scenario::Scenario,
    diags: &mut Diagnostics,
) {
    for side in sides {
        scenario.sides.push(read_side(r, side, diags));
    }
    for contingent in contingents {
        scenario
            .contingents
            .push(read_contingent(r, contingent, diags));
    }
    for leader in leaders {
        scenario.leaders.push(read_leader(r, leader, diags));
    }
    for formation in formations {
        scenario
            .formations
            .push(read_formation(r, formation, diags));
    }
}

pub(super) fn read_side(r: &mut Reader, side: RawSide, diags: &mut Diagnostics) -> Side {
    let (id, location) = r.id(&side.id, diags);
    let commander = side.commander.as_ref().map(|c| r.refer(Target::Leader, c));
    let nominal_commander = side
        .nominal_commander
        .as_ref()
        .map(|c| r.refer(Target::Leader, c));
    let names = side.name.into_pairs();
    Side {
        id,
        name: names.first().map(|(_, n)| n.clone()).unwrap_or_default(),
        names,
        commander,
        nominal_commander,
        colour: side.colour,
        location,
    }
}

pub(super) fn read_contingent(
    r: &mut Reader,
    raw: RawContingent,
    diags: &mut Diagnostics,
) -> Contingent {
    let (id, location) = r.id(&raw.id, diags);
    Contingent {
        id,
        name: raw.name,
        side: r.refer(Target::Side, &raw.side),
        nation: raw
            .nation
            .as_ref()
            .map(|n| r.refer(Target::Neutral("nation".into()), n)),
        commander: raw.commander.as_ref().map(|c| r.refer(Target::Leader, c)),
        note: raw.note,
        location,
    }
}

pub(super) fn read_leader(r: &mut Reader, leader: RawLeader, diags: &mut Diagnostics) -> Leader {
    let (id, location) = r.id(&leader.id, diags);
    let side = r.refer(Target::Side, &leader.side);
    Leader {
        id,
        name: leader.name,
        short: leader.short,
        // A member of the neutral `rank` vocabulary, printed in each book's language.
        rank: leader
            .rank
            .as_ref()
            .map(|rank| r.refer(Target::Neutral("rank".into()), rank))
            .unwrap_or_default(),
        side,
        ratings: leader
            .ratings
            .iter()
            .map(|(k, v)| (k.clone(), display(v)))
            .collect(),
        note: leader.note,
        location,
    }
}

/// A formation, which must name its side when it has no parent.
pub(super) fn read_formation(
    r: &mut Reader,
    formation: RawFormation,
    diags: &mut Diagnostics,
) -> Formation {
    let (id, location) = r.id(&formation.id, diags);
    let level = r.refer(Target::Neutral("level".into()), &formation.level);
    let side = formation.side.as_ref().map(|s| r.refer(Target::Side, s));
    let parent = formation
        .parent
        .as_ref()
        .filter(|p| !p.get_ref().is_empty())
        .map(|p| r.refer(Target::Formation, p));
    let leader = formation
        .leader
        .as_ref()
        .map(|l| r.refer(Target::Leader, l));
    if parent.is_none() && side.is_none() {
        diags.push(
            Diagnostic::of(
                codes::FORMATION_TREE,
                format!("top-level formation `{id}` names no side"),
            )
            .at_location(Some(location.clone()))
            .expected("`side = \"<side id>\"` on a formation without `parent`"),
        );
    }
    let names = formation.name.into_pairs();
    let shorts = formation.short.map(|s| s.into_pairs()).unwrap_or_default();
    Formation {
        id,
        name: names.first().map(|(_, n)| n.clone()).unwrap_or_default(),
        names,
        short: shorts.first().map(|(_, s)| s.clone()),
        shorts,
        level,
        side,
        contingent: formation
            .contingent
            .as_ref()
            .map(|c| r.refer(Target::Contingent, c)),
        parent,
        leader,
        nominal_leader: formation
            .nominal_leader
            .as_ref()
            .map(|l| r.refer(Target::Leader, l)),
        attachments: formation
            .attached
            .iter()
            .map(|a| Attachment {
                to: r.refer(Target::Formation, &a.get_ref().to),
                from: a.get_ref().from.as_ref().and_then(|c| r.clock(c, diags)),
                until: a.get_ref().until.as_ref().and_then(|c| r.clock(c, diags)),
                location: r.toml.location(a.span()),
            })
            .collect(),
        note: formation.note,
        location,
    }
}
