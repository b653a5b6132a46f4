//! Strengths: men, guns and units per side, formation and arm, as the
//! checker, the booklets, the conversion report and the summary print them.

use std::collections::HashMap;

use crate::model::scenario::{MAX_TREE_WALK, Scenario, Stated, Unit};

/// Men, guns and units of the units a total covers that take part in the
/// action (not-engaged units are left out, as the reader counts).
pub fn sum(
    scenario: &Scenario,
    side: Option<&str>,
    formation: Option<&str>,
    arm: Option<&str>,
) -> Totals {
    scenario
        .units
        .iter()
        .filter(|u| u.takes_part())
        .filter(|u| side.is_none_or(|s| scenario.unit_side(u) == Some(s)))
        .filter(|u| formation.is_none_or(|f| scenario.is_within(&u.parent, f)))
        .filter(|u| arm.is_none_or(|a| u.arm == a))
        .fold(Totals::default(), |totals, u| totals.add(u))
}

/// What a `[[stated]]` total covers, over every unit engaged or not (what
/// a source's return counts): its side, formation, arm, nation and contingent.
pub fn stated_sum(scenario: &Scenario, stated: &Stated) -> Totals {
    scenario
        .units
        .iter()
        .filter(|u| {
            stated
                .side
                .as_deref()
                .is_none_or(|s| scenario.unit_side(u) == Some(s))
                && stated
                    .formation
                    .as_deref()
                    .is_none_or(|f| scenario.is_within(&u.parent, f))
                && stated.arm.as_deref().is_none_or(|a| u.arm == a)
                && stated
                    .nation
                    .as_deref()
                    .is_none_or(|n| u.nations.iter().any(|m| m == n))
                && stated.contingent.as_deref().is_none_or(|c| {
                    scenario
                        .formation_contingent(&u.parent)
                        .is_some_and(|found| found.id == c)
                })
        })
        .fold(Totals::default(), |totals, u| totals.add(u))
}

/// How many units of each side (in the order of `sides`) do not take part.
pub fn left_out(scenario: &Scenario) -> Vec<usize> {
    let mut counts = vec![0; scenario.sides.len()];
    for unit in scenario.units.iter().filter(|u| !u.takes_part()) {
        let side = scenario.unit_side(unit);
        if let Some(i) = scenario
            .sides
            .iter()
            .position(|s| Some(s.id.as_str()) == side)
        {
            counts[i] += 1;
        }
    }
    counts
}

/// Men, guns and units, summed in 64 bits so that no total can wrap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub men: u64,
    pub guns: u64,
    pub units: u64,
}

impl Totals {
    fn add(self, unit: &Unit) -> Totals {
        Totals {
            men: self.men + u64::from(unit.men.unwrap_or(0)),
            guns: self.guns + u64::from(unit.guns.unwrap_or(0)),
            units: self.units + 1,
        }
    }
}

/// The totals of every formation (its own units and those below it that
/// take part), in one pass over the units.
pub fn formation_totals(scenario: &Scenario) -> HashMap<&str, Totals> {
    let mut totals: HashMap<&str, Totals> = HashMap::new();
    for unit in scenario.units.iter().filter(|u| u.takes_part()) {
        let mut current = scenario.formation(&unit.parent);
        for _ in 0..=MAX_TREE_WALK {
            let Some(formation) = current else { break };
            let entry = totals.entry(formation.id.as_str()).or_default();
            *entry = entry.add(unit);
            current = formation
                .parent
                .as_deref()
                .and_then(|p| scenario.formation(p));
        }
    }
    totals
}
