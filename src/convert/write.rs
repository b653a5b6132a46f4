//! The converted layer as editable TOML: it loads and checks like a hand-written one.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::model::Project;
use crate::model::scenario::Scenario;

use super::Conversion;

fn quote(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

fn list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|i| quote(i)).collect();
    format!("[{}]", quoted.join(", "))
}

pub fn layer(project: &Project, scenario: &Scenario, conversion: &Conversion) -> String {
    let profile = project
        .ruleset(&conversion.to)
        .and_then(|r| r.profile.as_ref())
        .expect("checked by convert");
    let mut out = String::new();
    let origin = match &conversion.from {
        Some(from) => format!("the {from} layer"),
        None => "the neutral facts".to_string(),
    };
    // The edition whose values the layer holds, on the comment's one line.
    let edition = project
        .ruleset(&conversion.to)
        .map(|r| r.edition.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|e| !e.is_empty())
        .map_or_else(String::new, |e| format!(" (edition \"{e}\")"));
    let _ = writeln!(
        out,
        "# {} for {}{edition}, converted by grognard from {origin}.\n# Edit it freely; copy it into scenarios/{}/ to use it. The report says what was\n# rounded and what could not be converted.\n",
        scenario.title, conversion.to, scenario.id
    );
    let _ = writeln!(out, "ruleset = {}", quote(&conversion.to));
    if let Some((start, minutes, turns)) = conversion.clock {
        let _ = writeln!(out, "start = {}", quote(&scenario.moment(start)));
        let _ = writeln!(out, "turn_minutes = {minutes}");
        let _ = writeln!(out, "turns = {turns}");
        let _ = writeln!(out, "arrival_rounding = \"in-progress\"");
        if let Some(night) = &conversion.night {
            let turns = if night.skip { "skip" } else { "mark" };
            let _ = writeln!(
                out,
                "night = {{ from = {}, to = {}, turns = \"{turns}\" }}",
                quote(&night.from.to_string()),
                quote(&night.to.to_string())
            );
        }
    }
    // The layer's notes in its ruleset's language.
    let locale = project.locales.get(
        project
            .ruleset(&conversion.to)
            .map_or("en", |r| r.language.as_str()),
    );
    let missing: Vec<String> = conversion
        .unmapped
        .iter()
        .map(|said| said.in_language(locale))
        .collect();
    if !missing.is_empty() {
        let _ = writeln!(out, "missing = [");
        for m in &missing {
            let _ = writeln!(out, "  {},", quote(m));
        }
        let _ = writeln!(out, "]");
    }
    for unit in &conversion.units {
        if unit.units.len() > 1 || unit.units[0] != unit.id {
            let _ = writeln!(
                out,
                "\n[[aggregate]]\nid = {}\nname = {}\nunits = {}",
                quote(&unit.id),
                quote(&unit.name),
                list(&unit.units)
            );
        }
    }
    if conversion.clock.is_some() {
        // An arrival per turn and side: both sides arriving on one turn are
        // two rows of the reinforcement table, each under its own side.
        let side_order = |unit: &str| {
            scenario
                .unit(unit)
                .and_then(|u| scenario.unit_side(u))
                .and_then(|side| scenario.sides.iter().position(|s| s.id == side))
                .unwrap_or(usize::MAX)
        };
        let mut turns: BTreeMap<(u32, usize), Vec<String>> = BTreeMap::new();
        for arrival in conversion.arrivals.iter().filter(|a| a.turn > 1) {
            turns
                .entry((arrival.turn, side_order(&arrival.unit)))
                .or_default()
                .push(arrival.unit.clone());
        }
        for ((turn, _), units) in turns {
            let _ = writeln!(
                out,
                "\n[[reinforcement]]\nturn = {turn}\nunits = {}",
                list(&units)
            );
        }
    }
    let _ = writeln!(out, "\n[values]");
    for unit in &conversion.units {
        let mut fields = vec![format!("{} = {}", profile.represents, unit.value)];
        if let Some(grade) = &unit.grade {
            fields.push(format!("grade = {}", quote(grade)));
        }
        let _ = writeln!(out, "{} = {{ {} }}", quote(&unit.id), fields.join(", "));
    }
    out
}
