//! A layer's schedule: where and when it brings each unit and leader of the
//! order of battle into play — set up at the start, or arriving on a turn.
//! Every output that prints a set-up or an arrival reads it from here, so
//! that the order of battle, the set-up, the reinforcement table, the turn
//! track and the module cannot disagree.

use std::collections::HashMap;

use super::layer::{Layer, Who};
use super::scenario::{MAX_TREE_WALK, Scenario};

/// How a layer brings a unit or leader into play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entry {
    /// Placed at the start by the layer's `[[setup]]` of this index.
    SetUp(usize),
    /// Brought on by the layer's `[[reinforcement]]` of this index.
    Arrives(usize),
}

/// Two entries of a layer that name the same unit or leader equally
/// directly (both by id, or both through the same formation depth).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub id: String,
    pub first: Entry,
    pub second: Entry,
}

/// Each unit's and leader's entry into play, by id.
#[derive(Debug, Default)]
pub struct Schedule {
    entries: HashMap<String, Entry>,
    pub conflicts: Vec<Conflict>,
}

/// How directly an entry names a unit: by its id (0), else through the
/// formation `n` levels above it. The most direct naming wins, so that a
/// division set up on one hex with one of its brigades arriving later reads
/// as the author means it.
type Directness = usize;

impl Schedule {
    pub fn new(scenario: &Scenario, layer: &Layer) -> Self {
        let entries = layer
            .setup
            .iter()
            .enumerate()
            .map(|(i, p)| (Entry::SetUp(i), &p.who))
            .chain(
                layer
                    .reinforcements
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (Entry::Arrives(i), &r.who)),
            );
        // For each unit and leader: the most direct naming, and its entry.
        let mut named: HashMap<String, (Directness, Entry)> = HashMap::new();
        let mut conflicts = Vec::new();
        let mut name = |id: &str, directness: Directness, entry: Entry| match named.get_mut(id) {
            Some((d, _)) if *d < directness => {}
            Some((d, first)) if *d == directness => {
                if *first != entry {
                    conflicts.push(Conflict {
                        id: id.to_string(),
                        first: *first,
                        second: entry,
                    });
                }
            }
            _ => {
                named.insert(id.to_string(), (directness, entry));
            }
        };
        // The formations each entry names, by id, to find a unit's nearest.
        let mut by_formation: HashMap<&str, Vec<Entry>> = HashMap::new();
        for (entry, who) in entries {
            for unit in &who.units {
                name(unit, 0, entry);
            }
            for leader in &who.leaders {
                name(leader, 0, entry);
            }
            for formation in &who.formations {
                by_formation.entry(formation).or_default().push(entry);
            }
        }
        for unit in &scenario.units {
            let mut formation = scenario.formation(&unit.parent);
            for depth in 1..=MAX_TREE_WALK {
                let Some(f) = formation else { break };
                for entry in by_formation.get(f.id.as_str()).into_iter().flatten() {
                    name(&unit.id, depth, *entry);
                }
                formation = f.parent.as_deref().and_then(|p| scenario.formation(p));
            }
        }
        Schedule {
            entries: named.into_iter().map(|(id, (_, e))| (id, e)).collect(),
            conflicts,
        }
    }

    /// How the layer brings the unit or leader `id` into play, if it does.
    pub fn entry(&self, id: &str) -> Option<Entry> {
        self.entries.get(id).copied()
    }

    /// The turn on which `id` comes into play: 1 when set up.
    pub fn turn(&self, layer: &Layer, id: &str) -> Option<u32> {
        match self.entry(id)? {
            Entry::SetUp(_) => Some(1),
            Entry::Arrives(i) => layer.reinforcements.get(i).map(|r| r.turn),
        }
    }

    /// The units an entry brings, in the order of battle's order.
    pub fn units_of<'a>(&self, scenario: &'a Scenario, entry: Entry) -> Vec<&'a str> {
        scenario
            .units
            .iter()
            .filter(|u| self.entry(&u.id) == Some(entry))
            .map(|u| u.id.as_str())
            .collect()
    }
}

impl Scenario {
    /// Whom a set-up or arrival names, one part per side, in the order of
    /// the scenario's sides (a name whose side is unknown last): the
    /// arrivals of both sides on one turn are two rows, never one.
    pub fn split_by_side(&self, who: &Who) -> Vec<(Option<&str>, Who)> {
        if let Some(side) = &who.side {
            let side = self.side(side).map(|s| s.id.as_str());
            return vec![(side, who.clone())];
        }
        fn part<'s, 'p>(
            parts: &'p mut Vec<(Option<&'s str>, Who)>,
            side: Option<&'s str>,
        ) -> &'p mut Who {
            let i = match parts.iter().position(|(s, _)| *s == side) {
                Some(i) => i,
                None => {
                    parts.push((side, Who::default()));
                    parts.len() - 1
                }
            };
            &mut parts[i].1
        }
        let mut parts: Vec<(Option<&str>, Who)> = Vec::new();
        for leader in &who.leaders {
            let side = self.leader(leader).map(|l| l.side.as_str());
            part(&mut parts, side).leaders.push(leader.clone());
        }
        for formation in &who.formations {
            let side = self.formation_side(formation);
            part(&mut parts, side).formations.push(formation.clone());
        }
        for unit in &who.units {
            let side = self.unit(unit).and_then(|u| self.unit_side(u));
            part(&mut parts, side).units.push(unit.clone());
        }
        if !who.nations.is_empty() {
            part(&mut parts, None).nations = who.nations.clone();
        }
        let order = |side: Option<&str>| {
            side.and_then(|s| self.sides.iter().position(|x| x.id == s))
                .unwrap_or(usize::MAX)
        };
        parts.sort_by_key(|(side, _)| order(*side));
        parts
    }
}
