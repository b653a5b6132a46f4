//! A scenario's units as rows of a spreadsheet.

use crate::model::scenario::{MAX_TREE_WALK, Part, Scenario, Status, Unit};

use super::cells::{self, PieceCell};
use super::{COLUMNS, LIST_SEPARATOR, PATH_SEPARATOR};

/// The units of `scenario`, one row each under the header of [`COLUMNS`].
pub fn csv(scenario: &Scenario) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    // Writing to memory cannot fail.
    let _ = writer.write_record(COLUMNS);
    for unit in &scenario.units {
        let row = row(scenario, unit);
        let _ = writer.write_record(row.iter().map(|cell| cells::neutralised(cell).into_owned()));
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

fn row(scenario: &Scenario, unit: &Unit) -> Vec<String> {
    let path = formation_path(scenario, &unit.parent);
    let side = scenario
        .unit_side(unit)
        .and_then(|s| scenario.side(s))
        .map_or_else(String::new, |s| format!("{} [{}]", s.name, s.id));
    let count = |part: Part| match unit.organisation {
        Some((p, n)) if p == part => n.to_string(),
        _ => String::new(),
    };
    let number = |n: Option<u32>| n.map_or_else(String::new, |n| n.to_string());
    let men = match unit.men_range {
        Some((low, high)) => format!("{low}-{high}"),
        None => number(unit.men),
    };
    let moment = |m: &Option<(crate::model::scenario::Clock, _)>| {
        m.as_ref()
            .map_or_else(String::new, |(c, _)| scenario.moment(*c))
    };
    let source_text = |id: &Option<String>| {
        id.as_deref()
            .and_then(|id| scenario.cited.iter().find(|c| c.id == id))
            .map(|c| c.text.clone())
    };
    let pieces: Vec<PieceCell> = unit
        .pieces
        .iter()
        .map(|p| PieceCell {
            count: p.count,
            calibre: p.calibre.clone(),
            kind: p.kind.clone(),
        })
        .collect();
    let values: Vec<(u32, Option<String>)> = unit
        .values
        .iter()
        .map(|v| (v.men, source_text(&v.source)))
        .collect();
    let status = match unit.status {
        Status::Engaged => String::new(),
        other => other.name().to_string(),
    };
    vec![
        side,
        path.iter()
            .map(|(_, name, level)| format!("{name} [{level}]"))
            .collect::<Vec<_>>()
            .join(PATH_SEPARATOR),
        path.iter()
            .map(|(id, _, _)| id.as_str())
            .collect::<Vec<_>>()
            .join(PATH_SEPARATOR),
        unit.id.clone(),
        unit.name.clone(),
        unit.short.clone().unwrap_or_default(),
        unit.kind.clone(),
        unit.nations.join(&LIST_SEPARATOR.to_string()),
        count(Part::Battalion),
        count(Part::Squadron),
        count(Part::Company),
        count(Part::Battery),
        unit.echelon.clone().unwrap_or_default(),
        unit.regiment.clone().unwrap_or_default(),
        unit.detached_from.clone().unwrap_or_default(),
        men,
        number(unit.guns),
        unit.calibre.clone().unwrap_or_default(),
        cells::write_pieces(&pieces),
        cells::write_values(&values),
        unit.quality.clone().unwrap_or_default(),
        unit.commander.clone().unwrap_or_default(),
        moment(&unit.arrives),
        moment(&unit.departs),
        status,
        source_text(&unit.source).unwrap_or_default(),
        unit.estimate.clone().unwrap_or_default(),
        unit.note.clone(),
    ]
}

/// (id, name, level) of each formation from the top down to `id`.
fn formation_path(scenario: &Scenario, id: &str) -> Vec<(String, String, String)> {
    let mut path = Vec::new();
    let mut current = scenario.formation(id);
    for _ in 0..=MAX_TREE_WALK {
        let Some(formation) = current else { break };
        path.push((
            formation.id.clone(),
            formation.name.clone(),
            formation.level.clone(),
        ));
        current = formation
            .parent
            .as_deref()
            .and_then(|p| scenario.formation(p));
    }
    path.reverse();
    path
}
