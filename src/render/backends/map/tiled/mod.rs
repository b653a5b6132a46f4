//! A layer's hex map as a Tiled JSON map (`.tmj`,
//! <https://doc.mapeditor.org/en/stable/reference/json-map-format/>), so that
//! Tiled and game engines open it: a tile layer of terrain, the elevation and
//! the map's features as objects, and an embedded tileset whose image
//! (`tileset_svg`) has one hex per terrain.
//!
//! Pixel positions follow Tiled's own hexagonal renderer
//! (`src/libtiled/hexagonalrenderer.cpp`, `tileToScreenCoords`): a tile's
//! top-left corner is `x * columnWidth` across and `y * tileHeight` down
//! (flat tops), plus half a tile down where `(x & 1) ^ staggerEven`; pointy
//! tops swap the axes. The tile sizes are even so that every half is a whole
//! pixel, as Tiled computes them in integers.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::model::map::{HexMap, Lettering, Orientation};
use crate::model::ruleset::{Member, Ruleset, Vocabulary};

/// A hex's side in pixels (Tiled's `hexsidelength`); its long diagonal is twice that.
const SIDE: i64 = 30;
/// A hex across the flats in pixels: `sqrt(3) * 30 = 51.96`, rounded to an
/// even number so that half of it is a whole pixel.
const FLATS: i64 = 52;
/// The JSON format's version and the Tiled release that writes it (objects
/// and tiles carry `type`, as from 1.10 on).
const FORMAT_VERSION: &str = "1.10";
const TILED_VERSION: &str = "1.10.2";

/// Fills for terrains whose member gives no usable `colour`, in turn.
const PALETTE: &[&str] = &[
    "#e8e2cc", "#b5cfa0", "#d9c2a2", "#a8cbe8", "#e2cd9c", "#c2dcd3", "#d5c7a6", "#ece2b2",
    "#c9c9c9", "#d8b4b4",
];

/// The map's layout in Tiled's terms.
struct Geometry {
    /// Flat tops: columns are staggered (`staggeraxis: "x"`).
    stagger_x: bool,
    /// Whether Tiled's even indices along the staggered axis are shifted.
    stagger_even: bool,
    tile_width: i64,
    tile_height: i64,
    first: (u32, u32),
    width: u32,
    height: u32,
}

impl Geometry {
    fn of(map: &HexMap) -> Geometry {
        let grid = &map.grid;
        let stagger_x = grid.orientation == Orientation::Flat;
        let (first, count) = if stagger_x {
            (grid.columns.0, grid.column_count())
        } else {
            (grid.rows.0, grid.row_count())
        };
        // Tiled counts from 0 at the map's first column (row): index i is
        // number `first + i`, shifted when its parity is the one the grid
        // shifts. A map one column (row) wide is not shifted at all.
        let stagger_even = count > 1 && first.is_multiple_of(2) == grid.even_shifted;
        let (tile_width, tile_height) = if stagger_x {
            (2 * SIDE, FLATS)
        } else {
            (FLATS, 2 * SIDE)
        };
        Geometry {
            stagger_x,
            stagger_even,
            tile_width,
            tile_height,
            first: (grid.columns.0, grid.rows.0),
            width: grid.column_count(),
            height: grid.row_count(),
        }
    }

    /// Tiled's `(x & 1) ^ staggerEven`.
    fn staggered(&self, index: i64) -> bool {
        (index & 1 == 1) != self.stagger_even
    }

    /// The pixel centre of tile `(x, y)`.
    fn centre(&self, (x, y): (i64, i64)) -> (i64, i64) {
        let (w, h) = (self.tile_width, self.tile_height);
        let (left, top) = if self.stagger_x {
            let column_width = (w - SIDE) / 2 + SIDE;
            let down = if self.staggered(x) { h / 2 } else { 0 };
            (x * column_width, y * h + down)
        } else {
            let row_height = (h - SIDE) / 2 + SIDE;
            let right = if self.staggered(y) { w / 2 } else { 0 };
            (x * w + right, y * row_height)
        };
        (left + w / 2, top + h / 2)
    }

    /// The six corners of a tile around `centre`, as Tiled outlines it.
    fn corners(&self, (cx, cy): (i64, i64)) -> [(i64, i64); 6] {
        let (hw, hh, half_side) = (self.tile_width / 2, self.tile_height / 2, SIDE / 2);
        if self.stagger_x {
            [
                (cx - hw, cy),
                (cx - half_side, cy - hh),
                (cx + half_side, cy - hh),
                (cx + hw, cy),
                (cx + half_side, cy + hh),
                (cx - half_side, cy + hh),
            ]
        } else {
            [
                (cx, cy - hh),
                (cx + hw, cy - half_side),
                (cx + hw, cy + half_side),
                (cx, cy + hh),
                (cx - hw, cy + half_side),
                (cx - hw, cy - half_side),
            ]
        }
    }

    /// A hex's tile, from its column and row on the map.
    fn tile(&self, (column, row): (u32, u32)) -> (i64, i64) {
        (
            i64::from(column - self.first.0),
            i64::from(row - self.first.1),
        )
    }
}

/// The terrains the map's hexes use, in a fixed order: the vocabulary's,
/// then any it does not list by id.
fn terrains<'a>(map: &'a HexMap, vocabulary: Option<&Vocabulary>) -> Vec<&'a str> {
    let mut used: BTreeSet<&'a str> = map.terrain_grid().into_iter().flatten().collect();
    let mut order: Vec<&'a str> = vocabulary
        .into_iter()
        .flat_map(|v| &v.members)
        .filter_map(|m| used.take(m.id.as_str()))
        .collect();
    order.extend(used);
    order
}

fn terrain_vocabulary(ruleset: Option<&Ruleset>) -> Option<&Vocabulary> {
    ruleset.and_then(|r| r.vocabulary("terrain"))
}

/// `#rgb` or `#rrggbb`, the only colours written into the SVG.
fn is_plain_colour(text: &str) -> bool {
    text.strip_prefix('#')
        .is_some_and(|hex| matches!(hex.len(), 3 | 6) && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn fill(member: Option<&Member>, index: usize) -> &str {
    member
        .and_then(|m| m.attribute_str("colour"))
        .filter(|c| is_plain_colour(c))
        .unwrap_or(PALETTE[index % PALETTE.len()])
}

fn property(name: &str, kind: &str, value: Value) -> Value {
    json!({ "name": name, "type": kind, "value": value })
}

fn string(name: &str, value: &str) -> Value {
    property(name, "string", json!(value))
}

/// What an object is drawn as.
enum Shape {
    Point,
    /// Points relative to the object's position.
    Polyline(Vec<(i64, i64)>),
}

/// The map's objects, numbered across layers as Tiled numbers them.
struct Objects {
    next_id: u64,
}

impl Objects {
    fn make(
        &mut self,
        name: &str,
        class: &str,
        at: (i64, i64),
        shape: Shape,
        properties: Vec<Value>,
    ) -> Value {
        let mut object = json!({
            "id": self.next_id,
            "name": name,
            "type": class,
            "x": at.0,
            "y": at.1,
            "width": 0,
            "height": 0,
            "rotation": 0,
            "visible": true,
            "properties": properties,
        });
        self.next_id += 1;
        match shape {
            Shape::Point => object["point"] = json!(true),
            Shape::Polyline(points) => {
                object["polyline"] = points
                    .iter()
                    .map(|(x, y)| json!({ "x": x, "y": y }))
                    .collect();
            }
        }
        object
    }
}

/// The printed name of the map's first column: "A", "AA" or "01".
fn column_label(map: &HexMap) -> String {
    let grid = &map.grid;
    match grid.lettering {
        Lettering::Numbers => format!("{:02}", grid.columns.0),
        Lettering::Letters | Lettering::Doubled => grid
            .name(grid.columns.0, grid.rows.0)
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .to_string(),
    }
}

/// The map as a pretty-printed Tiled JSON map whose tileset image is
/// `tileset_image` (the SVG `tileset_svg` makes). Labels are in `language`.
pub fn tiled_json(
    map: &HexMap,
    ruleset: Option<&Ruleset>,
    language: &str,
    tileset_image: &str,
) -> String {
    let g = Geometry::of(map);
    let grid = &map.grid;
    let vocabulary = terrain_vocabulary(ruleset);
    let member = |id: &str| vocabulary.and_then(|v| v.member(id));
    let label = |id: &str| member(id).map_or(id, |m| m.label_in(language)).to_string();
    let terrains = terrains(map, vocabulary);
    let gid = |id: &str| terrains.iter().position(|t| *t == id).map_or(0, |i| i + 1);

    // Tiled's data is row by row; the terrain grid is column by column.
    let cells = map.terrain_grid();
    let (width, height) = (g.width as usize, g.height as usize);
    let mut data = vec![0; width * height];
    for x in 0..width {
        for y in 0..height {
            data[y * width + x] = cells[x * height + y].map_or(0, gid);
        }
    }

    let mut objects = Objects { next_id: 1 };
    let mut layers = vec![json!({
        "id": 1,
        "name": "terrain",
        "type": "tilelayer",
        "x": 0,
        "y": 0,
        "width": g.width,
        "height": g.height,
        "opacity": 1,
        "visible": true,
        "data": data,
    })];

    let levels = map.elevation_grid();
    if levels.iter().any(|&l| l != 0) {
        let mut elevation = Vec::new();
        for ((column, row), level) in grid.hexes().zip(levels) {
            if level != 0 {
                let name = grid.name(column, row);
                elevation.push(objects.make(
                    &level.to_string(),
                    "elevation",
                    g.centre(g.tile((column, row))),
                    Shape::Point,
                    vec![
                        property("elevation", "int", json!(level)),
                        string("hex", &name),
                    ],
                ));
            }
        }
        layers.push(object_layer(layers.len() + 1, "elevation", elevation));
    }

    let features = features(map, &g, &mut objects, &label);
    layers.push(object_layer(layers.len() + 1, "features", features));

    let mut properties = vec![
        string(
            "lettering",
            match grid.lettering {
                Lettering::Letters => "letters",
                Lettering::Doubled => "doubled",
                Lettering::Numbers => "numbers",
            },
        ),
        string("first_column", &column_label(map)),
        property("first_row", "int", json!(grid.rows.0)),
    ];
    // The rules edition the map is drawn for, as the ruleset names it.
    if let Some(edition) = ruleset.map(|r| r.edition.trim()).filter(|e| !e.is_empty()) {
        properties.push(string("edition", edition));
    }
    for (name, value) in [
        ("hex_mm", map.hex_mm),
        ("metres_per_hex", map.metres_per_hex),
        ("north", map.north),
    ] {
        if let Some(value) = value {
            properties.push(property(name, "float", json!(value)));
        }
    }

    let tilesets: Vec<Value> = if terrains.is_empty() {
        Vec::new()
    } else {
        let tiles: Vec<Value> = terrains
            .iter()
            .enumerate()
            .map(|(id, terrain)| {
                json!({
                    "id": id,
                    "type": terrain,
                    "properties": [string("terrain", terrain), string("label", &label(terrain))],
                })
            })
            .collect();
        let count = terrains.len() as i64;
        vec![json!({
            "firstgid": 1,
            "name": "terrain",
            "tilewidth": g.tile_width,
            "tileheight": g.tile_height,
            "tilecount": count,
            "columns": count,
            "margin": 0,
            "spacing": 0,
            "image": tileset_image,
            "imagewidth": count * g.tile_width,
            "imageheight": g.tile_height,
            "tiles": tiles,
        })]
    };

    let document = json!({
        "type": "map",
        "version": FORMAT_VERSION,
        "tiledversion": TILED_VERSION,
        "orientation": "hexagonal",
        "renderorder": "right-down",
        "width": g.width,
        "height": g.height,
        "tilewidth": g.tile_width,
        "tileheight": g.tile_height,
        "hexsidelength": SIDE,
        "staggeraxis": if g.stagger_x { "x" } else { "y" },
        "staggerindex": if g.stagger_even { "even" } else { "odd" },
        "infinite": false,
        "nextlayerid": layers.len() + 1,
        "nextobjectid": objects.next_id,
        "properties": properties,
        "layers": layers,
        "tilesets": tilesets,
    });
    serde_json::to_string_pretty(&document).expect("a JSON value always serialises")
}

fn object_layer(id: usize, name: &str, objects: Vec<Value>) -> Value {
    json!({
        "id": id,
        "name": name,
        "type": "objectgroup",
        "draworder": "topdown",
        "x": 0,
        "y": 0,
        "opacity": 1,
        "visible": true,
        "objects": objects,
    })
}

/// Hexsides, paths, places, objectives, entry hexes and zones, each an
/// object whose `hex` is the hex it sits at (`hexes`: all it covers).
/// Hexes off the map are left out (the checks report them).
fn features(
    map: &HexMap,
    g: &Geometry,
    objects: &mut Objects,
    label: &dyn Fn(&str) -> String,
) -> Vec<Value> {
    let grid = &map.grid;
    let mut list = Vec::new();
    let kind = |k: &str| string("kind", k);
    for side in &map.hexsides {
        let (Some(a), Some(b)) = (grid.locate(&side.between[0]), grid.locate(&side.between[1]))
        else {
            continue;
        };
        let corners_b = g.corners(g.centre(g.tile(b)));
        let shared: Vec<(i64, i64)> = g
            .corners(g.centre(g.tile(a)))
            .into_iter()
            .filter(|c| corners_b.contains(c))
            .collect();
        let [start, end] = shared[..] else {
            continue;
        };
        let names = [grid.name(a.0, a.1), grid.name(b.0, b.1)];
        list.push(objects.make(
            &label(&side.feature),
            &side.feature,
            start,
            Shape::Polyline(vec![(0, 0), (end.0 - start.0, end.1 - start.1)]),
            vec![
                kind("hexside"),
                string("hex", &names[0]),
                string("hexes", &names.join(",")),
            ],
        ));
    }
    for path in &map.paths {
        let hexes: Vec<(u32, u32)> = path.hexes.iter().filter_map(|h| grid.locate(h)).collect();
        if hexes.len() < 2 {
            continue;
        }
        let centres: Vec<(i64, i64)> = hexes.iter().map(|&h| g.centre(g.tile(h))).collect();
        let start = centres[0];
        let names: Vec<String> = hexes.iter().map(|&(c, r)| grid.name(c, r)).collect();
        list.push(
            objects.make(
                &label(&path.feature),
                &path.feature,
                start,
                Shape::Polyline(
                    centres
                        .iter()
                        .map(|(x, y)| (x - start.0, y - start.1))
                        .collect(),
                ),
                vec![
                    kind("path"),
                    string("hex", &names[0]),
                    string("hexes", &names.join(",")),
                ],
            ),
        );
    }
    let mut point = |name: &str, class: &str, hex: (u32, u32), mut extra: Vec<Value>| {
        extra.insert(0, string("hex", &grid.name(hex.0, hex.1)));
        extra.insert(0, kind(class));
        objects.make(name, class, g.centre(g.tile(hex)), Shape::Point, extra)
    };
    for place in &map.places {
        if let Some(hex) = grid.locate(&place.hex) {
            list.push(point(&place.name, "place", hex, Vec::new()));
        }
    }
    let side = |side: &Option<String>| side.iter().map(|s| string("side", s)).collect::<Vec<_>>();
    for objective in &map.objectives {
        if let Some(hex) = grid.locate(&objective.hex) {
            let mut extra = vec![property("value", "int", json!(objective.value))];
            extra.extend(side(&objective.side));
            list.push(point(&objective.name, "objective", hex, extra));
        }
    }
    for entry in &map.entries {
        if let Some(hex) = grid.locate(&entry.hex) {
            list.push(point(&entry.name, "entry", hex, side(&entry.side)));
        }
    }
    for zone in &map.zones {
        let hexes: Vec<(u32, u32)> = zone.hexes.iter().filter_map(|h| grid.locate(h)).collect();
        let Some(&first) = hexes.first() else {
            continue;
        };
        let names: Vec<String> = hexes.iter().map(|&(c, r)| grid.name(c, r)).collect();
        let extra = vec![
            string("side", &zone.side),
            string("hexes", &names.join(",")),
        ];
        list.push(point(&zone.name, "zone", first, extra));
    }
    list
}

/// The tileset's image: one tile high, one hex per terrain in the tileset's
/// order, each filled with its terrain's `colour` (else a palette's). Nothing
/// from the sources but a checked colour is written into it.
pub fn tileset_svg(map: &HexMap, ruleset: Option<&Ruleset>) -> String {
    let g = Geometry::of(map);
    let vocabulary = terrain_vocabulary(ruleset);
    let terrains = terrains(map, vocabulary);
    let (width, height) = (terrains.len() as i64 * g.tile_width, g.tile_height);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\">\n"
    );
    for (index, terrain) in terrains.iter().enumerate() {
        let centre = (
            index as i64 * g.tile_width + g.tile_width / 2,
            g.tile_height / 2,
        );
        let points: Vec<String> = g
            .corners(centre)
            .iter()
            .map(|(x, y)| format!("{x},{y}"))
            .collect();
        let colour = fill(vocabulary.and_then(|v| v.member(terrain)), index);
        svg.push_str(&format!(
            "  <polygon points=\"{}\" fill=\"{colour}\" stroke=\"#7f7f7f\" stroke-width=\"1\"/>\n",
            points.join(" ")
        ));
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests;
