//! A hex map as display data: every hex's outline, fill and name, the
//! hexside features and paths as lines, named places, zones, objectives and
//! entries, all in millimetres of the map, for the `gg-hexmap` drawing of
//! grognard.typ. Geometry is worked out here, once, so that Typst only
//! places what it is given.

use serde::Serialize;

use crate::model::Member;
use crate::model::Ruleset;
use crate::model::map::{Grid, HexMap, Orientation};

use crate::render::typeset::measure::Face;
use crate::render::views::table_layout::width;

/// Hexes across the flats when a source gives no size: a common 16 mm.
pub const DEFAULT_HEX_MM: f64 = 16.0;

/// A window onto the map, in millimetres: left, top, width, height.
pub type Window = (f64, f64, f64, f64);

#[derive(Serialize, Clone)]
pub struct Line {
    pub points: Vec<[f64; 2]>,
    pub colour: String,
    pub pt: f64,
    pub dashed: bool,
}

#[derive(Serialize, Clone)]
pub struct Label {
    /// The text's left edge and the top of its capitals.
    pub x: f64,
    pub y: f64,
    pub text: String,
}

#[derive(Serialize, Clone)]
pub struct Fill {
    /// The top-left corner of the hex's box.
    pub x: f64,
    pub y: f64,
    pub colour: String,
}

/// A mark at a hex centre: an objective's value, an entry's name.
#[derive(Serialize, Clone)]
pub struct Spot {
    pub x: f64,
    pub y: f64,
    pub colour: String,
    pub text: String,
}

#[derive(Serialize, Clone)]
pub struct KeyItem {
    /// "hex", "line" or "crossing".
    pub kind: &'static str,
    pub colour: String,
    pub pt: f64,
    pub dashed: bool,
    pub label: String,
}

#[derive(Serialize, Clone)]
pub struct MapView {
    pub width: f64,
    pub height: f64,
    pub hex_mm: f64,
    /// The hex's outline, from the top-left corner of its box.
    pub corners: Vec<[f64; 2]>,
    pub ground: String,
    pub fills: Vec<Fill>,
    /// Shades over raised (or sunken) ground.
    pub shades: Vec<Fill>,
    /// The grid's lines, each hexside once: x1, y1, x2, y2.
    pub grid: Vec<[f64; 4]>,
    pub sides: Vec<Line>,
    pub crossings: Vec<Line>,
    pub paths: Vec<Line>,
    pub label_pt: f64,
    pub labels: Vec<Label>,
    pub places: Vec<Label>,
    pub place_pt: f64,
    /// The edges of set-up zones, in the side's colour.
    pub zones: Vec<Line>,
    pub objectives: Vec<Spot>,
    pub entries: Vec<Spot>,
    pub key: Vec<KeyItem>,
    /// Set-up diagrams: counters at their hexes, arrivals at their entries.
    pub stacks: Vec<Stack>,
    pub arrivals: Vec<Stack>,
}

/// A square of the side's colour at a hex, with what it stands for.
#[derive(Serialize, Clone)]
pub struct Stack {
    /// The centre, width and height.
    pub x: f64,
    pub y: f64,
    pub size: f64,
    pub height: f64,
    pub pt: f64,
    pub colour: String,
    pub ink: String,
    pub text: String,
}

/// The font size of hex names: a fifth of the hex, within what stays legible.
fn label_pt(hex_mm: f64) -> f64 {
    (hex_mm * 0.2 * 72.0 / 25.4).clamp(4.0, 7.0)
}

pub fn text_mm(text: &str, bold: bool, pt: f64) -> f64 {
    width(Face::Sans, text, bold) * pt * 25.4 / 72.0
}

/// A terrain's colour: its member's `colour`, else one for its kind of ground.
fn hex_colour(member: Option<&Member>, id: &str) -> String {
    if let Some(colour) = member.and_then(|m| m.attribute_str("colour")) {
        return colour.to_string();
    }
    let id = id.to_lowercase();
    let known: &[(&[&str], &str)] = &[
        (&["clear", "open"], "#f4f0de"),
        (&["wood", "forest"], "#a7c88c"),
        (
            &["village", "town", "building", "city", "farm", "hamlet"],
            "#d9c2a2",
        ),
        (&["marsh", "swamp", "bog"], "#c2dcd3"),
        (&["orchard", "vineyard", "garden"], "#c9dca0"),
        (&["hill", "height"], "#e2cd9c"),
        (&["rough", "broken", "rock"], "#d5c7a6"),
        (&["lake", "water", "pond", "sea"], "#a8cbe8"),
        (&["field", "crop"], "#ece2b2"),
    ];
    known
        .iter()
        .find(|(words, _)| words.iter().any(|w| id.contains(w)))
        .map_or("#e3dccb", |(_, c)| c)
        .to_string()
}

/// A hexside feature's or path's colour, width and dash.
fn line_style(member: Option<&Member>, id: &str, path: bool) -> (String, f64, bool) {
    let id = id.to_lowercase();
    let given = member.and_then(|m| m.attribute_str("colour"));
    let (colour, pt, dashed) = if path {
        if id.contains("rail") {
            ("#222222", 1.2, false)
        } else if ["track", "trail", "lane", "path"]
            .iter()
            .any(|w| id.contains(w))
        {
            ("#7a4b22", 0.9, true)
        } else {
            ("#7a4b22", 1.6, false)
        }
    } else if id.contains("river") {
        ("#2f74c0", 2.4, false)
    } else if ["stream", "brook", "creek", "canal"]
        .iter()
        .any(|w| id.contains(w))
    {
        ("#2f74c0", 1.2, false)
    } else if ["bridge", "ford"].iter().any(|w| id.contains(w)) {
        // Before the ridges: a b-ridge is not one.
        ("#3d3d3d", 3.2, false)
    } else if ["slope", "ridge", "escarp", "crest"]
        .iter()
        .any(|w| id.contains(w))
    {
        ("#8a5a2b", 1.3, true)
    } else {
        ("#3d3d3d", 1.2, false)
    };
    (given.unwrap_or(colour).to_string(), pt, dashed)
}

pub struct Drawer<'a> {
    map: &'a HexMap,
    grid: &'a Grid,
    hex_mm: f64,
    window: Window,
    terrain: Option<&'a crate::model::Vocabulary>,
    language: &'a str,
    /// The words of `language`: the project's, through the ruleset.
    locale: &'a crate::locale::Locale,
}

/// The words of `language`, the project's where a ruleset brings them.
fn locale_of<'a>(ruleset: Option<&'a Ruleset>, language: &str) -> &'a crate::locale::Locale {
    ruleset.map_or_else(
        || crate::locale::Locale::builtin(language),
        |r| r.locales.get(language),
    )
}

impl<'a> Drawer<'a> {
    /// A drawer of the whole map with hexes `hex_mm` across.
    pub fn new(
        map: &'a HexMap,
        hex_mm: f64,
        ruleset: Option<&'a Ruleset>,
        language: &'a str,
    ) -> Self {
        Drawer {
            map,
            grid: &map.grid,
            hex_mm,
            window: (0.0, 0.0, f64::MAX / 4.0, f64::MAX / 4.0),
            terrain: ruleset.and_then(|r| r.vocabulary("terrain")),
            language,
            locale: locale_of(ruleset, language),
        }
    }

    fn centre(&self, hex: (u32, u32)) -> (f64, f64) {
        self.grid.centre(hex.0, hex.1, self.hex_mm)
    }

    /// Whether a hex at `centre` shows in the window.
    fn shows(&self, centre: (f64, f64)) -> bool {
        let reach = self.hex_mm;
        let (x, y, w, h) = self.window;
        centre.0 > x - reach
            && centre.0 < x + w + reach
            && centre.1 > y - reach
            && centre.1 < y + h + reach
    }

    fn member(&self, id: &str) -> Option<&Member> {
        self.terrain.and_then(|v| v.member(id))
    }

    fn label(&self, id: &str) -> String {
        self.member(id)
            .map_or_else(|| id.to_string(), |m| m.label_in(self.language).to_string())
    }

    /// The top-left corner of a hex's box.
    fn box_corner(&self, centre: (f64, f64)) -> (f64, f64) {
        let radius = self.hex_mm / 3f64.sqrt();
        match self.grid.orientation {
            Orientation::Flat => (centre.0 - radius, centre.1 - self.hex_mm / 2.0),
            Orientation::Pointy => (centre.0 - self.hex_mm / 2.0, centre.1 - radius),
        }
    }
}

/// What a map shows, in the window given (the whole map if none).
pub fn view(
    map: &HexMap,
    ruleset: Option<&Ruleset>,
    language: &str,
    hex_mm: f64,
    window: Option<Window>,
    side_colour: &dyn Fn(&str) -> String,
) -> MapView {
    let grid = &map.grid;
    let (width, height) = grid.size(hex_mm);
    let d = Drawer {
        map,
        grid,
        hex_mm,
        window: window.unwrap_or((0.0, 0.0, width, height)),
        terrain: ruleset.and_then(|r| r.vocabulary("terrain")),
        language,
        locale: locale_of(ruleset, language),
    };
    let origin = d.box_corner(grid.centre(grid.columns.0, grid.rows.0, hex_mm));
    let first = grid.centre(grid.columns.0, grid.rows.0, hex_mm);
    let corners = grid
        .corners(first, hex_mm)
        .iter()
        .map(|p| [p.0 - origin.0, p.1 - origin.1])
        .collect();
    let ground_id = map.default_terrain.as_ref().map(|(t, _)| t.as_str());
    let ground = ground_id.map_or_else(|| "#ffffff".to_string(), |t| hex_colour(d.member(t), t));
    let mut view = MapView {
        width,
        height,
        hex_mm,
        corners,
        ground,
        fills: Vec::new(),
        shades: Vec::new(),
        grid: Vec::new(),
        sides: Vec::new(),
        crossings: Vec::new(),
        paths: Vec::new(),
        label_pt: label_pt(hex_mm),
        labels: Vec::new(),
        places: Vec::new(),
        place_pt: (label_pt(hex_mm) + 1.5).min(8.0),
        zones: Vec::new(),
        objectives: Vec::new(),
        entries: Vec::new(),
        key: Vec::new(),
        stacks: Vec::new(),
        arrivals: Vec::new(),
    };
    hexes(&d, ground_id, &mut view);
    features(&d, &mut view);
    for zone in &map.zones {
        let hexes: Vec<(u32, u32)> = zone.hexes.iter().filter_map(|h| grid.locate(h)).collect();
        view.zones
            .extend(outline(&d, &hexes, &side_colour(&zone.side)));
    }
    for objective in &map.objectives {
        if let Some(hex) = grid.locate(&objective.hex) {
            let (x, y) = d.centre(hex);
            let colour = objective
                .side
                .as_deref()
                .map_or_else(|| "#8b1a1a".to_string(), side_colour);
            view.objectives.push(Spot {
                x,
                y,
                colour,
                text: objective.value.to_string(),
            });
        }
    }
    for entry in &map.entries {
        if let Some(hex) = grid.locate(&entry.hex) {
            let (x, y) = d.centre(hex);
            let colour = entry
                .side
                .as_deref()
                .map_or_else(|| "#444444".to_string(), side_colour);
            view.entries.push(Spot {
                x,
                y,
                colour,
                text: entry.name.clone(),
            });
        }
    }
    keep_text_on_the_page(&d, &mut view);
    view
}

/// The outer edge of a set of hexes, drawn a little inside it so that two
/// zones that meet both show.
pub fn outline(d: &Drawer, hexes: &[(u32, u32)], colour: &str) -> Vec<Line> {
    let set: std::collections::HashSet<_> = hexes.iter().copied().collect();
    let mut lines = Vec::new();
    for &hex in hexes {
        let centre = d.centre(hex);
        if !d.shows(centre) {
            continue;
        }
        let inside: Vec<(f64, f64)> = d
            .grid
            .neighbours(hex)
            .into_iter()
            .filter(|n| set.contains(n))
            .map(|n| d.centre(n))
            .collect();
        let corners = d.grid.corners(centre, d.hex_mm);
        let inset = |p: (f64, f64)| [p.0 + (centre.0 - p.0) * 0.08, p.1 + (centre.1 - p.1) * 0.08];
        for k in 0..6 {
            let (a, b) = (corners[k], corners[(k + 1) % 6]);
            let beyond = (a.0 + b.0 - centre.0, a.1 + b.1 - centre.1);
            let shared = inside
                .iter()
                .any(|c| (c.0 - beyond.0).hypot(c.1 - beyond.1) < d.hex_mm / 4.0);
            if !shared {
                lines.push(Line {
                    points: vec![inset(a), inset(b)],
                    colour: colour.to_string(),
                    pt: 1.8,
                    dashed: false,
                });
            }
        }
    }
    lines
}

/// How far past a window's edge its page goes on: text may run into the
/// margin (a tile's box clips it) but never off the paper.
const TEXT_REACH_MM: f64 = 8.0;

/// Leaves out the text of hexes beyond the window that would run off the
/// page around it.
fn keep_text_on_the_page(d: &Drawer, view: &mut MapView) {
    let (x, y, w, h) = d.window;
    let inside = |left: f64, top: f64, right: f64, bottom: f64| {
        left >= x - TEXT_REACH_MM
            && right <= x + w + TEXT_REACH_MM
            && top >= y - TEXT_REACH_MM
            && bottom <= y + h + TEXT_REACH_MM
    };
    let (label_pt, place_pt) = (view.label_pt, view.place_pt);
    let mm = |pt: f64| pt * 25.4 / 72.0;
    view.labels.retain(|l| {
        inside(
            l.x,
            l.y,
            l.x + text_mm(&l.text, false, label_pt),
            l.y + mm(label_pt),
        )
    });
    view.places.retain(|p| {
        inside(
            p.x,
            p.y,
            p.x + text_mm(&p.text, true, place_pt),
            p.y + mm(place_pt),
        )
    });
    let r = d.hex_mm * 0.25;
    view.objectives
        .retain(|o| inside(o.x - r, o.y - r, o.x + r, o.y + r));
}

/// Fills, shades, grid lines and names of the hexes in the window.
fn hexes(d: &Drawer, ground: Option<&str>, view: &mut MapView) {
    let grid = d.grid;
    let terrain = d.map.terrain_grid();
    let elevation = d.map.elevation_grid();
    let mut used: Vec<&str> = ground.into_iter().collect();
    let mut levels: Vec<i32> = Vec::new();
    let radius = d.hex_mm / 3f64.sqrt();
    for (index, hex) in grid.hexes().enumerate() {
        debug_assert_eq!(index, grid.index(hex));
        let centre = d.centre(hex);
        if !d.shows(centre) {
            continue;
        }
        let (x, y) = d.box_corner(centre);
        if let Some(t) = terrain[index] {
            if !used.contains(&t) {
                used.push(t);
            }
            if Some(t) != ground {
                view.fills.push(Fill {
                    x,
                    y,
                    colour: hex_colour(d.member(t), t),
                });
            }
        }
        if let Some(level) = Some(elevation[index]).filter(|l| *l != 0) {
            if !levels.contains(&level) {
                levels.push(level);
            }
            view.shades.push(Fill {
                x,
                y,
                colour: shade(level),
            });
        }
        // The sides this hex draws: those towards neighbours not yet drawn,
        // and every side at the map's edge.
        let corners = grid.corners(centre, d.hex_mm);
        for k in 0..6 {
            let (a, b) = (corners[k], corners[(k + 1) % 6]);
            let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            let beyond = (2.0 * middle.0 - centre.0, 2.0 * middle.1 - centre.1);
            let neighbour = grid.neighbours(hex).into_iter().find(|n| {
                let c = d.centre(*n);
                (c.0 - beyond.0).hypot(c.1 - beyond.1) < radius / 4.0
            });
            if neighbour.is_none_or(|n| n > hex) {
                view.grid.push([a.0, a.1, b.0, b.1]);
            }
        }
        let name = grid.name(hex.0, hex.1);
        let pt = view.label_pt;
        let top = match grid.orientation {
            Orientation::Flat => centre.1 - d.hex_mm / 2.0,
            Orientation::Pointy => centre.1 - radius / 2.0,
        };
        view.labels.push(Label {
            x: centre.0 - text_mm(&name, false, pt) / 2.0,
            y: top + 0.5,
            text: name,
        });
    }
    for t in used {
        view.key.push(KeyItem {
            kind: "hex",
            colour: hex_colour(d.member(t), t),
            pt: 0.0,
            dashed: false,
            label: d.label(t),
        });
    }
    levels.sort_unstable();
    let locale = d.locale;
    for level in levels {
        let label = locale.message(
            "map_elevation",
            &[("level", crate::locale::Arg::Text(level.to_string()))],
        );
        view.key.push(KeyItem {
            kind: "hex",
            colour: shade(level),
            pt: 0.0,
            dashed: false,
            label,
        });
    }
}

/// The shade over ground `level` levels up (brown) or down (blue), darker
/// the further from the ground.
fn shade(level: i32) -> String {
    let colour = if level > 0 { "#6b4a1e" } else { "#1e4a6b" };
    let alpha = (12 * level.unsigned_abs()).min(48);
    format!("{colour}{alpha:02x}")
}

/// Hexside features, crossings, paths and places.
fn features(d: &Drawer, view: &mut MapView) {
    let grid = d.grid;
    let mut used: Vec<(&str, &'static str)> = Vec::new();
    for side in &d.map.hexsides {
        let (Some(a), Some(b)) = (grid.locate(&side.between[0]), grid.locate(&side.between[1]))
        else {
            continue;
        };
        if !grid.adjacent(a, b) || !d.shows(d.centre(a)) {
            continue;
        }
        let member = d.member(&side.feature);
        let crossing = member.and_then(|m| m.attribute_str("kind")) == Some("crossing")
            || ["bridge", "ford"].iter().any(|w| side.feature.contains(w));
        let (colour, pt, dashed) = line_style(member, &side.feature, false);
        let [p, q] = grid.side_between(a, b, d.hex_mm);
        let line = if crossing {
            // Drawn across the side, from one centre towards the other.
            let (ca, cb) = (d.centre(a), d.centre(b));
            let t = 0.3;
            Line {
                points: vec![
                    [ca.0 + (cb.0 - ca.0) * t, ca.1 + (cb.1 - ca.1) * t],
                    [cb.0 + (ca.0 - cb.0) * t, cb.1 + (ca.1 - cb.1) * t],
                ],
                colour,
                pt,
                dashed,
            }
        } else {
            Line {
                points: vec![[p.0, p.1], [q.0, q.1]],
                colour,
                pt,
                dashed,
            }
        };
        if crossing {
            view.crossings.push(line);
        } else {
            view.sides.push(line);
        }
        let kind = if crossing { "crossing" } else { "line" };
        if !used.iter().any(|(f, _)| *f == side.feature) {
            used.push((&side.feature, kind));
        }
    }
    for path in &d.map.paths {
        let member = d.member(&path.feature);
        let (colour, pt, dashed) = line_style(member, &path.feature, true);
        let points: Vec<[f64; 2]> = path
            .hexes
            .iter()
            .filter_map(|h| grid.locate(h))
            .map(|h| {
                let c = d.centre(h);
                [c.0, c.1]
            })
            .collect();
        if points.len() > 1 {
            view.paths.push(Line {
                points,
                colour,
                pt,
                dashed,
            });
            if !used.iter().any(|(f, _)| *f == path.feature) {
                used.push((&path.feature, "line"));
            }
        }
    }
    for (feature, kind) in used {
        let path = d.map.paths.iter().any(|p| p.feature == feature);
        let (colour, pt, dashed) = line_style(d.member(feature), feature, path);
        view.key.push(KeyItem {
            kind,
            colour,
            pt,
            dashed,
            label: d.label(feature),
        });
    }
    for place in &d.map.places {
        if let Some(hex) = grid.locate(&place.hex) {
            let (x, y) = d.centre(hex);
            let pt = view.place_pt;
            view.places.push(Label {
                x: x - text_mm(&place.name, true, pt) / 2.0,
                y: y + d.hex_mm * 0.3,
                text: place.name.clone(),
            });
        }
    }
}

/// What the reader must be told the source does not give.
pub fn notes(map: &HexMap, locale: &crate::locale::Locale) -> Vec<String> {
    let mut notes = Vec::new();
    if !map.has_terrain() {
        notes.push(locale.map_no_terrain.clone());
    }
    if !map.orientation_given {
        notes.push(locale.map_grid_assumed.clone());
    }
    if map.metres_per_hex.is_none() {
        notes.push(locale.map_no_scale.clone());
    }
    notes
}

/// The colour of a side of the scenario.
pub fn side_colour(scenario: &crate::model::scenario::Scenario) -> impl Fn(&str) -> String + '_ {
    |side: &str| {
        scenario
            .side(side)
            .map_or_else(|| "#444444".to_string(), |s| s.colour.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_ground_get_their_own_look() {
        // A bridge is drawn as a crossing, not as the ridge its name contains.
        assert_eq!(
            line_style(None, "bridge", false),
            ("#3d3d3d".into(), 3.2, false)
        );
        assert!(line_style(None, "ridge", false).2, "a ridge is dashed");
        assert_eq!(line_style(None, "river", false).0, "#2f74c0");
        assert!(line_style(None, "track", true).2, "a track is dashed");
        assert_ne!(hex_colour(None, "woods"), hex_colour(None, "marsh"));
    }
}
