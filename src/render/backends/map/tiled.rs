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
mod tests {
    use super::*;
    use crate::diagnostic::Location;
    use crate::model::layer::Hex;
    use crate::model::map::{Entry, Grid, Hexside, Objective, Path, Place, Zone};

    fn here() -> Location {
        Location::new(0, 0..0)
    }

    fn hex(text: &str) -> Hex {
        Hex::parse(text, here()).unwrap()
    }

    fn hexes(texts: &[&str]) -> Vec<Hex> {
        texts.iter().map(|t| hex(t)).collect()
    }

    fn grid(
        orientation: Orientation,
        even_shifted: bool,
        columns: (u32, u32),
        rows: (u32, u32),
    ) -> Grid {
        Grid {
            orientation,
            lettering: Lettering::Letters,
            columns,
            rows,
            even_shifted,
        }
    }

    fn bare(grid: Grid) -> HexMap {
        HexMap {
            orientation_given: true,
            ..HexMap::new(grid, here())
        }
    }

    /// Columns B … F, rows 3 … 7, with terrain, elevation and one of each feature.
    fn sample(orientation: Orientation, even_shifted: bool) -> HexMap {
        let mut map = bare(grid(orientation, even_shifted, (2, 6), (3, 7)));
        map.hex_mm = Some(16.0);
        map.metres_per_hex = Some(150.0);
        map.default_terrain = Some(("clear".into(), here()));
        map.terrain = vec![
            ("wood".into(), hexes(&["B3", "C4"]), here()),
            ("village".into(), hexes(&["D5"]), here()),
        ];
        map.elevation = vec![(1, hexes(&["E6", "F7"])), (-1, hexes(&["B7"]))];
        map.hexsides = vec![
            Hexside {
                feature: "stream".into(),
                between: [hex("C4"), hex("C5")],
                location: here(),
            },
            Hexside {
                feature: "stream".into(),
                between: [hex("C4"), hex("D4")],
                location: here(),
            },
        ];
        map.paths = vec![Path {
            feature: "road".into(),
            hexes: hexes(&["B3", "C4", "D4", "E5"]),
            location: here(),
        }];
        map.places = vec![Place {
            name: "Aspern".into(),
            hex: hex("D5"),
        }];
        map.objectives = vec![Objective {
            hex: hex("D5"),
            value: 3,
            side: Some("blue".into()),
            name: "Church".into(),
        }];
        map.entries = vec![Entry {
            hex: hex("F3"),
            side: None,
            name: "Road east".into(),
        }];
        map.zones = vec![Zone {
            side: "red".into(),
            name: "Red set-up".into(),
            hexes: hexes(&["E6", "F6", "F7"]),
            location: here(),
        }];
        map
    }

    fn parse(map: &HexMap) -> Value {
        serde_json::from_str(&tiled_json(map, None, "en", "terrain.svg")).unwrap()
    }

    fn int(v: &Value) -> i64 {
        v.as_i64().unwrap()
    }

    /// Tiled's pixel centre of tile (x, y), written from Tiled's
    /// `HexagonalRenderer::RenderParams` and `tileToScreenCoords`, in
    /// integers as Tiled computes them, from the map's own fields.
    fn tiled_centre(doc: &Value, x: i64, y: i64) -> (i64, i64) {
        let (tile_width, tile_height) = (int(&doc["tilewidth"]), int(&doc["tileheight"]));
        let side = int(&doc["hexsidelength"]);
        let stagger_x = doc["staggeraxis"] == "x";
        let stagger_even = doc["staggerindex"] == "even";
        let (side_x, side_y) = if stagger_x { (side, 0) } else { (0, side) };
        let side_offset_x = (tile_width - side_x) / 2;
        let side_offset_y = (tile_height - side_y) / 2;
        let column_width = side_offset_x + side_x;
        let row_height = side_offset_y + side_y;
        let p_tile_width = column_width + side_offset_x;
        let p_tile_height = row_height + side_offset_y;
        let (left, top) = if stagger_x {
            let mut top = y * (p_tile_height + side_y);
            if ((x & 1) == 1) ^ stagger_even {
                top += row_height;
            }
            (x * column_width, top)
        } else {
            let mut left = x * (p_tile_width + side_x);
            if ((y & 1) == 1) ^ stagger_even {
                left += column_width;
            }
            (left, y * row_height)
        };
        (left + p_tile_width / 2, top + p_tile_height / 2)
    }

    fn objects<'a>(doc: &'a Value, layer: &str) -> &'a Vec<Value> {
        doc["layers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"] == layer)
            .unwrap_or_else(|| panic!("no layer {layer}"))["objects"]
            .as_array()
            .unwrap()
    }

    fn prop<'a>(object: &'a Value, name: &str) -> &'a Value {
        object["properties"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .map_or(&Value::Null, |p| &p["value"])
    }

    fn at(object: &Value) -> (i64, i64) {
        (int(&object["x"]), int(&object["y"]))
    }

    #[test]
    fn stagger_index_shifts_the_hexes_grognard_shifts() {
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            for even_shifted in [false, true] {
                for first in 1..=4 {
                    for count in [1, 2, 5] {
                        let span = (first, first + count - 1);
                        let g = match orientation {
                            Orientation::Flat => grid(orientation, even_shifted, span, (1, 4)),
                            Orientation::Pointy => grid(orientation, even_shifted, (1, 4), span),
                        };
                        let doc = parse(&bare(g.clone()));
                        let (w, h) = (
                            int(&doc["tilewidth"]) as f64,
                            int(&doc["tileheight"]) as f64,
                        );
                        let radius = 1.0 / 3f64.sqrt();
                        for (c, r) in g.hexes() {
                            let (x, y) = (i64::from(c - g.columns.0), i64::from(r - g.rows.0));
                            let (tx, ty) = tiled_centre(&doc, x, y);
                            // grognard's centre for hexes 1 across the flats, and
                            // Tiled's in the same units (its hexes are within a
                            // pixel of regular).
                            let (gx, gy) = g.centre(c, r, 1.0);
                            let (tx, ty, gx, gy) = match orientation {
                                Orientation::Flat => {
                                    (tx as f64 / (w / 2.0), ty as f64 / h, gx / radius, gy)
                                }
                                Orientation::Pointy => {
                                    (tx as f64 / w, ty as f64 / (h / 2.0), gx, gy / radius)
                                }
                            };
                            let what = format!(
                                "{orientation:?} even_shifted={even_shifted} {span:?} {}: \
                                 staggerindex {}",
                                g.name(c, r),
                                doc["staggerindex"]
                            );
                            assert!((tx - gx).abs() < 1e-9 && (ty - gy).abs() < 1e-9, "{what}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_examples_of_stagger_index() {
        let index = |o, even, columns, rows| {
            parse(&bare(grid(o, even, columns, rows)))["staggerindex"].clone()
        };
        // Columns from A: B (Tiled's 1, odd) is the first even-numbered column.
        assert_eq!(index(Orientation::Flat, true, (1, 10), (1, 10)), "odd");
        assert_eq!(index(Orientation::Flat, false, (1, 10), (1, 10)), "even");
        // Columns from B: B is Tiled's 0.
        assert_eq!(index(Orientation::Flat, true, (2, 10), (1, 10)), "even");
        // Pointy maps stagger rows, whatever the columns.
        assert_eq!(index(Orientation::Pointy, true, (2, 10), (1, 10)), "odd");
        assert_eq!(index(Orientation::Pointy, true, (1, 10), (2, 10)), "even");
        let doc = parse(&bare(grid(Orientation::Pointy, true, (1, 10), (1, 10))));
        assert_eq!(doc["staggeraxis"], "y");
        assert_eq!(int(&doc["tilewidth"]), FLATS);
        assert_eq!(int(&doc["tileheight"]), 2 * SIDE);
    }

    #[test]
    fn terrain_layer_and_tileset() {
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            for even_shifted in [false, true] {
                let map = sample(orientation, even_shifted);
                let doc = parse(&map);
                assert_eq!(doc["type"], "map");
                assert_eq!(doc["orientation"], "hexagonal");
                assert_eq!((int(&doc["width"]), int(&doc["height"])), (5, 5));
                assert_eq!(
                    doc["staggeraxis"],
                    if orientation == Orientation::Flat {
                        "x"
                    } else {
                        "y"
                    }
                );
                let tileset = &doc["tilesets"][0];
                assert_eq!(int(&tileset["tilecount"]), 3);
                assert_eq!(int(&tileset["firstgid"]), 1);
                assert_eq!(int(&tileset["imagewidth"]), 3 * int(&doc["tilewidth"]));
                assert_eq!(int(&tileset["imageheight"]), int(&doc["tileheight"]));
                assert_eq!(tileset["image"], "terrain.svg");
                // No vocabulary: the terrains by id.
                let types: Vec<&str> = tileset["tiles"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t["type"].as_str().unwrap())
                    .collect();
                assert_eq!(types, ["clear", "village", "wood"]);
                let terrain = &doc["layers"][0];
                assert_eq!(terrain["type"], "tilelayer");
                let data = terrain["data"].as_array().unwrap();
                assert_eq!(data.len(), 25);
                let gid = |x: usize, y: usize| int(&data[y * 5 + x]);
                // B3 is (0, 0), C4 (1, 1), D5 (2, 2), E3 (3, 0), B4 (0, 1).
                assert_eq!(gid(0, 0), 3);
                assert_eq!(gid(1, 1), 3);
                assert_eq!(gid(2, 2), 2);
                assert_eq!(gid(3, 0), 1);
                assert_eq!(gid(0, 1), 1);
                let properties = doc["properties"].as_array().unwrap();
                let map_prop = |name: &str| {
                    properties.iter().find(|p| p["name"] == name).unwrap()["value"].clone()
                };
                assert_eq!(map_prop("first_column"), "B");
                assert_eq!(map_prop("first_row"), 3);
                assert_eq!(map_prop("lettering"), "letters");
                assert_eq!(map_prop("hex_mm"), 16.0);
                assert_eq!(map_prop("metres_per_hex"), 150.0);
            }
        }
        // No terrain at all: every cell is empty and there is no tileset.
        let doc = parse(&bare(grid(Orientation::Flat, true, (1, 3), (1, 2))));
        assert!(doc["tilesets"].as_array().unwrap().is_empty());
        assert!(
            doc["layers"][0]["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|g| g == 0)
        );
        assert_eq!(doc["layers"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn objects_sit_where_tiled_draws_their_hexes() {
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            for even_shifted in [false, true] {
                let map = sample(orientation, even_shifted);
                let doc = parse(&map);
                let centre = |name: &str| {
                    let (c, r) = map.grid.locate(&hex(name)).unwrap();
                    tiled_centre(&doc, i64::from(c - 2), i64::from(r - 3))
                };
                let what = format!("{orientation:?} even_shifted={even_shifted}");

                let elevation = objects(&doc, "elevation");
                assert_eq!(elevation.len(), 3, "{what}");
                for object in elevation {
                    let name = prop(object, "hex").as_str().unwrap();
                    assert_eq!(at(object), centre(name), "{what} {name}");
                }
                let b7 = elevation.iter().find(|o| prop(o, "hex") == "B7").unwrap();
                assert_eq!(prop(b7, "elevation"), -1);

                let features = objects(&doc, "features");
                let of = |kind: &str| -> Vec<&Value> {
                    features
                        .iter()
                        .filter(|o| prop(o, "kind") == kind)
                        .collect()
                };
                let place = of("place")[0];
                assert_eq!(
                    (place["name"].as_str(), at(place)),
                    (Some("Aspern"), centre("D5"))
                );
                assert_eq!(place["point"], true);
                let objective = of("objective")[0];
                assert_eq!(at(objective), centre("D5"));
                assert_eq!(prop(objective, "value"), 3);
                assert_eq!(prop(objective, "side"), "blue");
                let entry = of("entry")[0];
                assert_eq!(at(entry), centre("F3"));
                assert!(prop(entry, "side").is_null());
                let zone = of("zone")[0];
                assert_eq!(at(zone), centre("E6"));
                assert_eq!(prop(zone, "hexes"), "E6,F6,F7");
                assert_eq!(prop(zone, "side"), "red");

                // The road runs through the centres of its hexes.
                let road = of("path")[0];
                assert_eq!(road["type"], "road");
                let origin = at(road);
                let points: Vec<(i64, i64)> = road["polyline"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| (origin.0 + int(&p["x"]), origin.1 + int(&p["y"])))
                    .collect();
                let expected: Vec<_> = ["B3", "C4", "D4", "E5"].map(centre).into();
                assert_eq!(points, expected, "{what}");

                // A hexside runs across the line between the two centres,
                // through its middle, one side long.
                let sides = of("hexside");
                assert_eq!(
                    sides.len(),
                    2,
                    "{what}: both hexsides are between neighbours"
                );
                for side in sides {
                    let hexes = prop(side, "hexes").as_str().unwrap();
                    let (a, b) = hexes.split_once(',').unwrap();
                    let (ca, cb) = (centre(a), centre(b));
                    let start = at(side);
                    let line = side["polyline"].as_array().unwrap();
                    let end = (start.0 + int(&line[1]["x"]), start.1 + int(&line[1]["y"]));
                    assert_eq!(
                        (start.0 + end.0, start.1 + end.1),
                        (ca.0 + cb.0, ca.1 + cb.1),
                        "{what} {hexes}"
                    );
                    let length = ((end.0 - start.0) as f64).hypot((end.1 - start.1) as f64);
                    assert!(
                        (length - SIDE as f64).abs() < 0.5,
                        "{what} {hexes}: {length}"
                    );
                    // Square to it, as near as whole pixels allow (52 for 51.96).
                    let across =
                        (end.0 - start.0) * (cb.0 - ca.0) + (end.1 - start.1) * (cb.1 - ca.1);
                    let between = ((cb.0 - ca.0) as f64).hypot((cb.1 - ca.1) as f64);
                    let cosine = across as f64 / (length * between);
                    assert!(cosine.abs() < 0.01, "{what} {hexes}: {cosine}");
                }

                // Ids are unique and below nextobjectid; layers likewise.
                let mut ids: Vec<i64> = elevation
                    .iter()
                    .chain(features)
                    .map(|o| int(&o["id"]))
                    .collect();
                ids.sort_unstable();
                ids.dedup();
                assert_eq!(ids.len(), elevation.len() + features.len());
                assert!(
                    ids.iter()
                        .all(|&id| id >= 1 && id < int(&doc["nextobjectid"]))
                );
                assert_eq!(int(&doc["nextlayerid"]), 4);
            }
        }
    }

    fn vocabulary(members: &[(&str, &str, &str)]) -> Ruleset {
        Ruleset {
            vocabularies: vec![Vocabulary {
                id: "terrain".into(),
                title: "Terrain".into(),
                ordered: false,
                members: members
                    .iter()
                    .map(|(id, label, colour)| Member {
                        id: id.to_string(),
                        label: label.to_string(),
                        labels: vec![("de".into(), format!("{label} (de)"))],
                        attributes: vec![(
                            "colour".into(),
                            toml::Value::String(colour.to_string()),
                        )],
                        location: here(),
                    })
                    .collect(),
                location: here(),
            }],
            ..Ruleset::default()
        }
    }

    #[test]
    fn tiles_follow_the_vocabulary_and_carry_its_labels() {
        let ruleset = vocabulary(&[
            ("wood", "Woods", "#0a0"),
            ("stream", "Stream", "#00f"),
            ("clear", "Clear", "#ffffee"),
        ]);
        let map = sample(Orientation::Flat, true);
        let doc: Value =
            serde_json::from_str(&tiled_json(&map, Some(&ruleset), "de", "t.svg")).unwrap();
        let tiles = doc["tilesets"][0]["tiles"].as_array().unwrap();
        let types: Vec<&str> = tiles.iter().map(|t| t["type"].as_str().unwrap()).collect();
        // The vocabulary's order, then what it does not list.
        assert_eq!(types, ["wood", "clear", "village"]);
        assert_eq!(prop(&tiles[0], "label"), "Woods (de)");
        assert_eq!(prop(&tiles[0], "terrain"), "wood");
        assert_eq!(prop(&tiles[2], "label"), "village");
        let features = objects(&doc, "features");
        assert!(
            features
                .iter()
                .any(|o| o["name"] == "Stream (de)" && o["type"] == "stream")
        );
        let svg = tileset_svg(&map, Some(&ruleset));
        let fills: Vec<&str> = svg
            .split("fill=\"")
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
            .collect();
        assert_eq!(fills, ["#0a0", "#ffffee", PALETTE[2]]);
    }

    #[test]
    fn the_tileset_image_fits_the_tileset_and_holds_nothing_from_the_sources() {
        let ruleset = vocabulary(&[
            (
                "<script>alert(1)</script>",
                "</svg><script>",
                "red\"/><script>x</script>",
            ),
            ("wood", "Woods & more", "#12345g"),
        ]);
        for orientation in [Orientation::Flat, Orientation::Pointy] {
            let mut map = sample(orientation, false);
            map.terrain
                .push(("<script>alert(1)</script>".into(), hexes(&["F7"]), here()));
            let doc: Value =
                serde_json::from_str(&tiled_json(&map, Some(&ruleset), "en", "t.svg")).unwrap();
            let tileset = &doc["tilesets"][0];
            assert_eq!(int(&tileset["tilecount"]), 4);
            let svg = tileset_svg(&map, Some(&ruleset));
            let size = format!(
                "width=\"{}\" height=\"{}\"",
                tileset["imagewidth"], tileset["imageheight"]
            );
            assert!(svg.starts_with("<svg ") && svg.contains(&size), "{svg}");
            assert_eq!(svg.matches("<polygon").count(), 4);
            for hostile in ["script", "alert", "red", "Woods", "wood", "&", "#12345g"] {
                assert!(!svg.contains(hostile), "{hostile} in {svg}");
            }
            // Every corner lies within the image.
            let (w, h) = (int(&tileset["imagewidth"]), int(&tileset["imageheight"]));
            for pair in svg
                .split("points=\"")
                .skip(1)
                .flat_map(|s| s[..s.find('"').unwrap()].split(' '))
            {
                let (x, y) = pair.split_once(',').unwrap();
                let (x, y): (i64, i64) = (x.parse().unwrap(), y.parse().unwrap());
                assert!((0..=w).contains(&x) && (0..=h).contains(&y), "{pair}");
            }
        }
    }

    #[test]
    fn plain_colours_only() {
        for good in ["#abc", "#A0B1C2"] {
            assert!(is_plain_colour(good), "{good}");
        }
        for bad in ["abc", "#abcd", "#12345g", "#aabbccdd", "red", "#ab c", ""] {
            assert!(!is_plain_colour(bad), "{bad}");
        }
    }
}
