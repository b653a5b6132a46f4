//! The booklet's set-up diagram: the layer's map drawn to the page, each
//! side's set-up as squares of its colour at their hexes, the hexes within
//! reach outlined, arrivals framed at their entry hexes with their turns,
//! and the victory hexes circled.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::model::Ruleset;
use crate::model::map::HexMap;
use crate::model::scenario::Layer;

use crate::render::views::booklet::Context;
use crate::render::views::map_view::{self, Drawer, MapView, Spot, Stack, view};

/// The room a diagram may take on the booklet's page, in millimetres.
const ROOM_MM: (f64, f64) = (170.0, 200.0);
/// Below this size only the hexes the scenario names keep their names.
const NAME_EVERY_HEX_MM: f64 = 11.0;

#[derive(Serialize)]
pub struct SetupMap {
    pub title: String,
    pub view: MapView,
    pub key: String,
    pub notes: Vec<String>,
}

fn points(mm: f64) -> f64 {
    mm * 72.0 / 25.4
}

pub(super) fn setup_map(
    cx: &Context,
    layer: &Layer,
    ruleset: Option<&Ruleset>,
) -> Option<SetupMap> {
    let map = layer.map.as_ref()?;
    let unit = map.grid.size(1.0);
    let fit = (ROOM_MM.0 / unit.0).min(ROOM_MM.1 / unit.1);
    let hex_mm = fit.min(map.hex_mm.unwrap_or(25.0));
    let language = ruleset.map_or(cx.locale.language.as_str(), |r| r.language.as_str());
    let colour = crate::render::views::map_view::side_colour(cx.scenario);
    let mut view = view(map, ruleset, language, hex_mm, None, &colour);
    let drawer = Drawer::new(map, hex_mm, ruleset, language);
    let named = named_hexes(layer, map);
    if hex_mm < NAME_EVERY_HEX_MM {
        // The named hexes, and the first row and column to count from.
        let grid = &map.grid;
        let edges: BTreeSet<String> = grid
            .hexes()
            .filter(|(c, r)| *c == grid.columns.0 || *r == grid.rows.0)
            .map(|(c, r)| grid.name(c, r))
            .collect();
        view.labels
            .retain(|l| named.contains(&l.text) || edges.contains(&l.text));
    }
    // Set-ups: one square per hex and side, with the counters it holds.
    let mut stacks: BTreeMap<((u32, u32), usize), (u32, String)> = BTreeMap::new();
    for placement in &layer.setup {
        let Some(at) = placement.hex.as_ref().and_then(|h| map.grid.locate(h)) else {
            continue;
        };
        // Both sides named in one set-up stand as two squares.
        for (side, who) in cx.scenario.split_by_side(&placement.who) {
            let side = side.unwrap_or_default();
            let order = cx
                .scenario
                .sides
                .iter()
                .position(|s| s.id == side)
                .unwrap_or(usize::MAX);
            // A counter per unit taking part, or per part of a unit played as several.
            let counters: usize = cx
                .scenario
                .units_of(&who)
                .iter()
                .filter(|u| u.takes_part())
                .map(|u| layer.parts_of(&u.id).len().max(1))
                .sum::<usize>()
                + who.leaders.len();
            let entry = stacks.entry((at, order)).or_insert((0, colour(side)));
            entry.0 += counters as u32;
        }
        let side = cx.scenario.side_of(&placement.who).unwrap_or_default();
        if let Some(within) = placement.within.filter(|w| *w > 0) {
            let reach = map.grid.within(at, within);
            view.zones
                .extend(map_view::outline(&drawer, &reach, &colour(side)));
        }
    }
    let size = hex_mm * 0.55;
    let mut on_hex: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for ((at, _), (count, colour)) in stacks {
        let (x, y) = map.grid.centre(at.0, at.1, hex_mm);
        // Both sides on one hex stand side by side; on an objective with
        // its value, the square stands to the left, so that both are read.
        let nth = on_hex.entry(at).or_default();
        let shift = *nth as f64 * size * 0.6;
        *nth += 1;
        let valued = view
            .objectives
            .iter_mut()
            .find(|o| !o.text.is_empty() && (o.x - x).abs() < 1e-6 && (o.y - y).abs() < 1e-6);
        let aside = match valued {
            Some(objective) => {
                objective.x += hex_mm * 0.25;
                objective.y += hex_mm * 0.15;
                hex_mm * 0.2
            }
            None => 0.0,
        };
        view.stacks.push(Stack {
            x: x + shift - aside,
            y: y + shift * 0.3,
            size,
            height: size,
            pt: points(size * 0.55).clamp(3.5, 9.0),
            ink: crate::render::views::counter_faces::ink_on(&colour).to_string(),
            colour,
            text: count.to_string(),
        });
    }
    arrivals(cx, layer, map, hex_mm, &colour, &mut view);
    for victory in &layer.victory {
        for at in victory.hexes.iter().filter_map(|h| map.grid.locate(h)) {
            let (x, y) = map.grid.centre(at.0, at.1, hex_mm);
            view.objectives.push(Spot {
                x,
                y,
                colour: colour(&victory.side),
                text: String::new(),
            });
        }
    }
    Some(SetupMap {
        title: cx.locale.setup_map.clone(),
        view,
        key: cx.locale.map_setup_key.clone(),
        notes: crate::render::views::map_view::notes(map, cx.locale),
    })
}

/// Each entry hex framed with the turns that arrive there.
fn arrivals(
    cx: &Context,
    layer: &Layer,
    map: &HexMap,
    hex_mm: f64,
    colour: &dyn Fn(&str) -> String,
    view: &mut MapView,
) {
    // Each side's turns at an entry hex, in the side's colour.
    type HexAndSide = ((u32, u32), String);
    let mut entries: BTreeMap<HexAndSide, (BTreeSet<u32>, String)> = BTreeMap::new();
    for r in &layer.reinforcements {
        let Some(at) = r.entry.as_ref().and_then(|h| map.grid.locate(h)) else {
            continue;
        };
        for (side, _) in cx.scenario.split_by_side(&r.who) {
            let side = side.unwrap_or_default();
            let entry = entries
                .entry((at, side.to_string()))
                .or_insert_with(|| (BTreeSet::new(), colour(side)));
            entry.0.insert(r.turn);
        }
    }
    let height = hex_mm * 0.42;
    let pt = points(height * 0.6).clamp(3.5, 8.0);
    let mut on_hex: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for ((at, _), (turns, colour)) in entries {
        let (x, y) = map.grid.centre(at.0, at.1, hex_mm);
        // Inside its hex, clear of the next hex's name: beside a set-up
        // square on the same hex (moved to the left), else under the centre;
        // both sides entering at one hex, the second frame below the first.
        let nth = on_hex.entry(at).or_default();
        let below = *nth as f64 * height * 1.1;
        *nth += 1;
        let square = view
            .stacks
            .iter_mut()
            .filter(|s| (s.x - x).abs() < hex_mm * 0.35 && (s.y - y).abs() < hex_mm * 0.35)
            .min_by(|a, b| a.x.total_cmp(&b.x));
        let (fx, fy) = match square {
            Some(square) => {
                if *nth == 1 {
                    square.x -= hex_mm * 0.2;
                }
                (x + hex_mm * 0.27, y - height * 0.3 + below)
            }
            None => (x, y + hex_mm * 0.12 + below),
        };
        let text = turns
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" · ");
        let width = crate::render::views::table_layout::width(
            crate::render::typeset::measure::Face::Sans,
            &text,
            true,
        ) * pt
            * 25.4
            / 72.0
            + 1.6;
        view.arrivals.push(Stack {
            x: fx,
            y: fy,
            size: width.max(height),
            height,
            pt,
            ink: colour.clone(),
            colour,
            text,
        });
    }
}

/// The hexes the layer names: where the players look for a name.
fn named_hexes(layer: &Layer, map: &HexMap) -> BTreeSet<String> {
    let grid = &map.grid;
    let name = |h: &crate::model::layer::Hex| grid.locate(h).map(|(c, r)| grid.name(c, r));
    layer
        .setup
        .iter()
        .filter_map(|s| s.hex.as_ref())
        .chain(layer.reinforcements.iter().filter_map(|r| r.entry.as_ref()))
        .chain(layer.victory.iter().flat_map(|v| &v.hexes))
        .chain(layer.areas.iter().flat_map(|(_, h)| h))
        .chain(layer.reorganisation.iter().flat_map(|(_, h)| h))
        .chain(map.objectives.iter().map(|o| &o.hex))
        .chain(map.entries.iter().map(|e| &e.hex))
        .chain(map.places.iter().map(|p| &p.hex))
        .filter_map(name)
        .collect()
}
