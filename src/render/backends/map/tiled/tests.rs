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
    let index =
        |o, even, columns, rows| parse(&bare(grid(o, even, columns, rows)))["staggerindex"].clone();
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
                let across = (end.0 - start.0) * (cb.0 - ca.0) + (end.1 - start.1) * (cb.1 - ca.1);
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
                    attributes: vec![("colour".into(), toml::Value::String(colour.to_string()))],
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
