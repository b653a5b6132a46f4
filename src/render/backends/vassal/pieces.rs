//! The module's pieces: a counter per unit, leader and marker of the layer,
//! with the tray that files it and its images' names, and the words the
//! module shows in the ruleset's language.

use crate::locale::{Arg, Locale};
use crate::model::scenario::{Layer, Scenario};
use crate::render::contract::Context;
use crate::render::views::counter_faces::{self as counters, Face};
use std::collections::{HashMap, HashSet};

/// A counter of the layer and where the trays file it.
pub(super) struct Counter {
    pub(super) front: Face,
    pub(super) back: Face,
    pub(super) name: String,
    /// The side's name; none for a marker.
    pub(super) side: Option<String>,
    pub(super) side_id: Option<String>,
    /// Its formation, or the leaders or markers.
    pub(super) group: String,
    /// File names of its faces under `images/`.
    pub(super) front_image: String,
    pub(super) back_image: String,
}

/// The words of the module, in the ruleset's language.
pub(super) struct Words<'a> {
    pub(super) map: String,
    pub(super) counters: String,
    pub(super) leaders: String,
    pub(super) markers: String,
    pub(super) reinforcements: String,
    pub(super) flip: String,
    pub(super) charts: String,
    pub(super) inventory: String,
    pub(super) locale: &'a Locale,
}

impl<'a> Words<'a> {
    pub(super) fn of(locale: &'a Locale) -> Words<'a> {
        let m = |id: &str| locale.message(id, &[]);
        Words {
            map: m("vassal_map"),
            counters: m("vassal_counters"),
            leaders: m("vassal_leaders"),
            markers: m("vassal_markers"),
            reinforcements: m("vassal_reinforcements"),
            flip: m("vassal_flip"),
            charts: m("vassal_charts"),
            inventory: m("vassal_inventory"),
            locale,
        }
    }

    pub(super) fn turn(&self, turn: u32) -> String {
        self.locale
            .message("vassal_turn", &[("turn", Arg::Number(u64::from(turn)))])
    }
}

/// Every counter of the counter sheet, filed by side and formation; copies
/// of one marker are one piece (a tray gives as many as a player drags).
pub(super) fn counters_of(
    cx: &Context,
    scenario: &Scenario,
    layer: &Layer,
    language: &str,
    words: &Words,
) -> Vec<Counter> {
    let side_name = |id: &str| scenario.side(id).map(|s| s.name_in(language).to_string());
    let mut owners: HashMap<String, (Option<&str>, String, String)> = HashMap::new();
    for unit in scenario.units.iter().filter(|u| u.takes_part()) {
        let side = scenario.unit_side(unit);
        let group = scenario
            .formation(&unit.parent)
            .map_or_else(String::new, |f| f.name_in(language).to_string());
        let parts = layer.parts_of(&unit.id);
        if parts.is_empty() {
            owners.insert(unit.id.clone(), (side, group.clone(), unit.name.clone()));
        }
        for (id, name) in parts {
            owners.insert(id.to_string(), (side, group.clone(), name.to_string()));
        }
    }
    for leader in &scenario.leaders {
        let group = words.leaders.clone();
        owners.insert(
            leader.id.clone(),
            (Some(leader.side.as_str()), group, leader.name.clone()),
        );
    }
    let mut seen = HashSet::new();
    let mut counters = Vec::new();
    for (front, back) in counters::counters(cx.project, scenario, layer) {
        let (side_id, group, name) = match owners.get(&front.id) {
            Some((side, group, name)) => (side.map(str::to_string), group.clone(), name.clone()),
            None => {
                let name = if front.subtitle.is_empty() {
                    front.title.clone()
                } else {
                    format!("{} ({})", front.title, front.subtitle)
                };
                // Markers alike are one piece.
                if !seen.insert((name.clone(), front.colour.clone())) {
                    continue;
                }
                (None, words.markers.clone(), name)
            }
        };
        let stem = file_stem(&front.id);
        counters.push(Counter {
            name: name.trim_end_matches('\\').to_string(),
            side: side_id.as_deref().and_then(side_name),
            side_id,
            group,
            front_image: format!("{stem}.svg"),
            back_image: format!("{stem}-back.svg"),
            front,
            back,
        });
    }
    counters
}

/// An id as a file name VASSAL's piece definitions carry unescaped.
pub(super) fn file_stem(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}
