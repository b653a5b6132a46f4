//! A layer's map exported for Tiled (`render::backends::map::tiled`): a third-party reader,
//! pytiled-parser, loads the `.tmj` and finds the grid, the terrain, the
//! tileset and the features where the rules put them.

use std::path::Path;
use std::process::Command;

use grognard::model::map::{HexMap, Orientation};
use serde_json::Value;

use super::common::fixture;

/// Reads a Tiled map with pytiled-parser and prints what it read, as JSON.
const READER: &str = r#"
import json, sys
from pathlib import Path
import pytiled_parser
from pytiled_parser.layer import ObjectLayer, TileLayer
from pytiled_parser.tiled_object import Point, Polyline

m = pytiled_parser.parse_map(Path(sys.argv[1]))

def plain(properties):
    return {k: (v if isinstance(v, (str, int, float, bool)) else str(v))
            for k, v in (properties or {}).items()}

def shape(o):
    if isinstance(o, Point):
        return "point"
    if isinstance(o, Polyline):
        return "polyline"
    return type(o).__name__

layers = []
for layer in m.layers:
    entry = {"name": layer.name, "kind": type(layer).__name__}
    if isinstance(layer, TileLayer):
        entry["data"] = layer.data
    if isinstance(layer, ObjectLayer):
        entry["objects"] = [{
            "id": o.id, "name": o.name, "class": o.class_, "shape": shape(o),
            "x": o.coordinates.x, "y": o.coordinates.y,
            "points": [[p.x, p.y] for p in getattr(o, "points", [])],
            "properties": plain(o.properties),
        } for o in layer.tiled_objects]
    layers.append(entry)

print(json.dumps({
    "orientation": m.orientation,
    "size": [m.map_size.width, m.map_size.height],
    "tile": [m.tile_size.width, m.tile_size.height],
    "hexsidelength": m.hex_side_length,
    "staggeraxis": m.stagger_axis,
    "staggerindex": m.stagger_index,
    "properties": plain(m.properties),
    "tilesets": {str(gid): {
        "tilecount": t.tile_count,
        "image": str(t.image), "imagewidth": t.image_width, "imageheight": t.image_height,
        "tiles": {str(i): {"class": tile.class_, "properties": plain(tile.properties)}
                  for i, tile in (t.tiles or {}).items()},
    } for gid, t in m.tilesets.items()},
    "layers": layers,
}))
"#;

/// The Python that has pytiled-parser: `GROGNARD_PYTHON`, else `python3`.
fn reader() -> Option<String> {
    let install = "python3 -m pip install --user --break-system-packages pytiled-parser==2.2.9";
    super::common::python_with("GROGNARD_PYTHON", "pytiled_parser", install)
}

fn read_back(python: &str, tmj: &Path) -> Value {
    let output = Command::new(python)
        .args(["-c", READER])
        .arg(tmj)
        .output()
        .expect("python runs");
    assert!(
        output.status.success(),
        "pytiled-parser could not read the map:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the reader prints JSON")
}

fn int(v: &Value) -> i64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is no number")) as i64
}

/// Tiled's pixel centre of tile (x, y) from the map's parameters as the
/// reader gives them (`HexagonalRenderer::tileToScreenCoords`, in integers).
fn tiled_centre(read: &Value, x: i64, y: i64) -> (i64, i64) {
    let (w, h) = (int(&read["tile"][0]), int(&read["tile"][1]));
    let side = int(&read["hexsidelength"]);
    let stagger_x = read["staggeraxis"] == "x";
    let even = read["staggerindex"] == "even";
    let (side_x, side_y) = if stagger_x { (side, 0) } else { (0, side) };
    let (offset_x, offset_y) = ((w - side_x) / 2, (h - side_y) / 2);
    let (column_width, row_height) = (offset_x + side_x, offset_y + side_y);
    let (tile_w, tile_h) = (column_width + offset_x, row_height + offset_y);
    let (left, top) = if stagger_x {
        let down = if ((x & 1) == 1) ^ even { row_height } else { 0 };
        (x * column_width, y * (tile_h + side_y) + down)
    } else {
        let right = if ((y & 1) == 1) ^ even {
            column_width
        } else {
            0
        };
        (x * (tile_w + side_x) + right, y * row_height)
    };
    (left + tile_w / 2, top + tile_h / 2)
}

#[test]
fn the_demo_map_loads_in_a_tiled_reader_as_the_rules_draw_it() {
    let Some(python) = reader() else {
        return;
    };
    let session = grognard::load(&fixture("scenario"));
    let scenario = session
        .project
        .scenario("skirmish-1809")
        .expect("the scenario");
    let layer = scenario
        .layers
        .iter()
        .find(|l| l.map.is_some())
        .expect("a layer with a map");
    let map: &HexMap = layer.map.as_ref().unwrap();
    let ruleset = session.project.ruleset(&layer.ruleset);
    let grid = &map.grid;

    let out = tempfile::tempdir().unwrap();
    let tmj = out.path().join("skirmish-1809.tmj");
    let svg = "skirmish-1809-terrain.svg";
    let json = grognard::render::backends::map::tiled::tiled_json(map, ruleset, "en", svg);
    std::fs::write(&tmj, &json).unwrap();
    let image = grognard::render::backends::map::tiled::tileset_svg(map, ruleset);
    std::fs::write(out.path().join(svg), &image).unwrap();
    let read = read_back(&python, &tmj);

    assert_eq!(read["orientation"], "hexagonal");
    assert_eq!(
        (int(&read["size"][0]), int(&read["size"][1])),
        (i64::from(grid.column_count()), i64::from(grid.row_count()))
    );
    let flat = grid.orientation == Orientation::Flat;
    assert_eq!(read["staggeraxis"], if flat { "x" } else { "y" });
    let first = grid.name(grid.columns.0, grid.rows.0);
    assert_eq!(
        read["properties"]["first_column"],
        first.trim_end_matches(|c: char| c.is_ascii_digit())
    );
    assert_eq!(
        int(&read["properties"]["first_row"]),
        i64::from(grid.rows.0)
    );

    // Every hex where Tiled draws it: shifted where grognard shifts it.
    let (w, h) = (int(&read["tile"][0]) as f64, int(&read["tile"][1]) as f64);
    let radius = 1.0 / 3f64.sqrt();
    let tile = |(c, r): (u32, u32)| (i64::from(c - grid.columns.0), i64::from(r - grid.rows.0));
    for (c, r) in grid.hexes() {
        let (x, y) = tile((c, r));
        let (tx, ty) = tiled_centre(&read, x, y);
        let (gx, gy) = grid.centre(c, r, 1.0);
        let (tx, ty, gx, gy) = if flat {
            (tx as f64 / (w / 2.0), ty as f64 / h, gx / radius, gy)
        } else {
            (tx as f64 / w, ty as f64 / (h / 2.0), gx, gy / radius)
        };
        assert!(
            (tx - gx).abs() < 1e-9 && (ty - gy).abs() < 1e-9,
            "{} sits elsewhere in Tiled (staggerindex {})",
            grid.name(c, r),
            read["staggerindex"]
        );
    }

    // The terrain layer gives each hex its terrain's tile.
    let terrain = read["layers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == "terrain")
        .expect("a terrain layer");
    let tileset = &read["tilesets"]["1"];
    let cells = map.terrain_grid();
    let mut used: Vec<&str> = cells.iter().flatten().copied().collect();
    used.sort_unstable();
    used.dedup();
    assert!(!used.is_empty(), "the demo map has terrain");
    assert_eq!(int(&tileset["tilecount"]), used.len() as i64);
    let rows = grid.row_count() as usize;
    for (c, r) in grid.hexes() {
        let (x, y) = tile((c, r));
        let gid = int(&terrain["data"][y as usize][x as usize]);
        let index = (c - grid.columns.0) as usize * rows + (r - grid.rows.0) as usize;
        let read_terrain = (gid > 0).then(|| {
            let tile = &tileset["tiles"][(gid - 1).to_string()];
            assert_eq!(tile["class"], tile["properties"]["terrain"]);
            tile["properties"]["terrain"].as_str().unwrap().to_string()
        });
        assert_eq!(read_terrain.as_deref(), cells[index], "{}", grid.name(c, r));
    }

    // The tileset's image is the SVG, as large as the tileset says.
    assert!(tileset["image"].as_str().unwrap().ends_with(svg));
    let size = format!(
        "width=\"{}\" height=\"{}\"",
        int(&tileset["imagewidth"]),
        int(&tileset["imageheight"])
    );
    assert!(image.contains(&size), "{image}");

    // Features at their hexes' centres.
    let objects: Vec<&Value> = read["layers"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|l| l["objects"].as_array().into_iter().flatten())
        .collect();
    let centre = |name: &str| {
        let (c, r) = grid.parse(name).unwrap();
        let (x, y) = tile((c, r));
        tiled_centre(&read, x, y)
    };
    let of = |kind: &str| -> Vec<&Value> {
        objects
            .iter()
            .copied()
            .filter(|o| o["properties"]["kind"] == kind)
            .collect()
    };
    assert_eq!(of("place").len(), map.places.len());
    assert_eq!(of("objective").len(), map.objectives.len());
    assert_eq!(of("entry").len(), map.entries.len());
    assert_eq!(of("zone").len(), map.zones.len());
    assert_eq!(of("hexside").len(), map.hexsides.len());
    assert_eq!(of("path").len(), map.paths.len());
    for object in ["place", "objective", "entry", "zone"]
        .iter()
        .flat_map(|k| of(k))
        .chain(
            objects
                .iter()
                .copied()
                .filter(|o| o["class"] == "elevation"),
        )
    {
        assert_eq!(object["shape"], "point");
        let hex = object["properties"]["hex"].as_str().unwrap();
        let at = (int(&object["x"]), int(&object["y"]));
        assert_eq!(at, centre(hex), "{object}");
    }
    for place in &map.places {
        let (c, r) = grid.locate(&place.hex).unwrap();
        let named = |o: &&Value| {
            o["name"] == place.name.as_str() && o["properties"]["hex"] == grid.name(c, r).as_str()
        };
        assert!(of("place").iter().any(named), "{}", place.name);
    }
    for path in of("path") {
        assert_eq!(path["shape"], "polyline");
        let origin = (int(&path["x"]), int(&path["y"]));
        let points: Vec<(i64, i64)> = path["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (origin.0 + int(&p[0]), origin.1 + int(&p[1])))
            .collect();
        let hexes: Vec<(i64, i64)> = path["properties"]["hexes"]
            .as_str()
            .unwrap()
            .split(',')
            .map(centre)
            .collect();
        assert_eq!(points, hexes, "{path}");
    }
    for side in of("hexside") {
        let hexes = side["properties"]["hexes"].as_str().unwrap();
        let (a, b) = hexes.split_once(',').unwrap();
        let (ca, cb) = (centre(a), centre(b));
        let origin = (int(&side["x"]), int(&side["y"]));
        let end = (
            origin.0 + int(&side["points"][1][0]),
            origin.1 + int(&side["points"][1][1]),
        );
        // The side's middle is the middle between the two centres.
        assert_eq!(
            (origin.0 + end.0, origin.1 + end.1),
            (ca.0 + cb.0, ca.1 + cb.1),
            "{hexes}"
        );
    }
}
