//! Hex maps: the demo map at true scale and tiled, the checks on a map, and
//! the set-up diagram of a booklet.

use std::collections::HashMap;

use crate::common::{
    copy_fixture, fixture, grognard, output_file, output_file_of, page_glyphs, runs, stderr,
};

const PT_PER_MM: f64 = 72.0 / 25.4;
/// How closely positions must agree: 0.1 mm.
const TOLERANCE_PT: f64 = 0.1 * PT_PER_MM;

fn demo(file: &str) -> Vec<u8> {
    output_file_of(
        &fixture("scenario"),
        &["build"],
        &format!("skirmish-1809/skirmish-1809-hexrules-{file}"),
    )
}

/// Every hex name of the demo map, A1 … L12.
fn demo_hexes() -> Vec<String> {
    ('A'..='L')
        .flat_map(|c| (1..=12).map(move |r| format!("{c}{r}")))
        .collect()
}

/// A page's texts: its runs, with the pieces kerning splits a run into
/// (read at nearly the same start) joined again, and each one's start and size.
fn texts(glyphs: &[crate::common::Glyph]) -> Vec<(String, (f64, f64), f64)> {
    let mut texts: Vec<(String, (f64, f64), f64)> = Vec::new();
    for run in runs(glyphs) {
        match texts.last_mut() {
            Some((text, at, size))
                if (at.0 - run.x).abs() < 1.0
                    && (at.1 - run.y).abs() < 0.01
                    && *size == run.size =>
            {
                text.push_str(&run.text);
            }
            _ => texts.push((run.text.clone(), (run.x, run.y), run.size)),
        }
    }
    for (text, _, _) in &mut texts {
        *text = text.trim().to_string();
    }
    texts
}

/// Where each text set once on the page starts.
fn positions(glyphs: &[crate::common::Glyph]) -> HashMap<String, (f64, f64)> {
    let mut seen: HashMap<String, Vec<(f64, f64)>> = HashMap::new();
    for (text, at, _) in texts(glyphs) {
        seen.entry(text).or_default().push(at);
    }
    seen.into_iter()
        .filter(|(_, at)| at.len() == 1)
        .map(|(text, at)| (text, at[0]))
        .collect()
}

/// The assembly marks of a tile: its numbers set in 7 pt.
fn marks(glyphs: &[crate::common::Glyph]) -> HashMap<String, (f64, f64)> {
    texts(glyphs)
        .into_iter()
        .filter(|(text, _, size)| {
            text.chars().all(|c| c.is_ascii_digit()) && (size - 7.0).abs() < 0.01
        })
        .map(|(text, at, _)| (text, at))
        .collect()
}

/// A hex name's horizontal centre: its start and half its width, measured
/// with the face it is set in.
fn centre_x(text: &str, x: f64, size: f64) -> f64 {
    let ems = grognard::render::typeset::measure::width_em(
        grognard::render::typeset::measure::Face::Sans,
        text,
        false,
    )
    .expect("the sans measures its text");
    x + ems * size / 2.0
}

#[test]
fn the_demo_map_is_one_page_at_true_scale_with_every_hex_named() {
    let pages = page_glyphs(&demo("map.pdf"));
    assert_eq!(pages.len(), 1, "the whole map on one page");
    let (_, _, glyphs) = &pages[0];
    let found = positions(glyphs);
    for hex in demo_hexes() {
        assert!(
            found.contains_key(&hex),
            "hex {hex} is not named on the map"
        );
    }
    // Hexes 25 mm across the flats: a column's hexes 25 mm apart, columns
    // 3/4 of a hex's width (2 × 25/√3 mm) apart.
    let size = runs(glyphs)
        .iter()
        .find(|r| r.text.trim() == "A1")
        .map(|r| r.size)
        .unwrap();
    let (a1, a2, c1) = (found["A1"], found["A2"], found["C1"]);
    assert!(
        ((a2.1 - a1.1) - 25.0 * PT_PER_MM).abs() < TOLERANCE_PT,
        "{a1:?} {a2:?}"
    );
    let across = centre_x("C1", c1.0, size) - centre_x("A1", a1.0, size);
    let expected = 2.0 * 0.75 * 2.0 * 25.0 / 3f64.sqrt() * PT_PER_MM;
    assert!(
        (across - expected).abs() < TOLERANCE_PT,
        "{across} pt, not {expected}"
    );
    // The key names the terrain the map shows, the scale bar its ground.
    let text: Vec<String> = texts(glyphs).into_iter().map(|t| t.0).collect();
    for word in [
        "Key to the map",
        "Woods",
        "Marsh",
        "Village",
        "Stream",
        "Bridge",
        "Road",
        "Track",
        "Millbrook",
        "250 m",
    ] {
        assert!(
            text.iter().any(|t| t == word),
            "{word} missing from the map page: {text:?}"
        );
    }
}

#[test]
fn the_demo_maps_tiles_line_up_at_their_assembly_marks() {
    let pages = page_glyphs(&demo("map-a4.pdf"));
    assert!(pages.len() >= 3, "at least two tiles and the plan");
    let sheets = &pages[..pages.len() - 1];
    let tiles: Vec<HashMap<String, (f64, f64)>> = sheets
        .iter()
        .map(|(_, _, glyphs)| positions(glyphs))
        .collect();
    let tile_marks: Vec<HashMap<String, (f64, f64)>> =
        sheets.iter().map(|(_, _, glyphs)| marks(glyphs)).collect();
    // Every hex is named on some tile.
    for hex in demo_hexes() {
        assert!(
            tiles.iter().any(|t| t.contains_key(&hex)),
            "{hex} on no tile"
        );
    }
    let is_mark = |text: &str| text.chars().all(|c| c.is_ascii_digit());
    let mut seams = 0;
    for (i, a) in tiles.iter().enumerate() {
        for (j, b) in tiles.iter().enumerate().skip(i + 1) {
            let marks: Vec<(f64, f64)> = tile_marks[i]
                .iter()
                .filter_map(|(text, p)| tile_marks[j].get(text).map(|q| (q.0 - p.0, q.1 - p.1)))
                .collect();
            let Some(shift) = marks.first().copied() else {
                continue;
            };
            seams += 1;
            // Laid so that one mark coincides, every other mark and every hex
            // both sheets show coincide too.
            let hexes: Vec<(f64, f64)> = a
                .iter()
                .filter(|(text, _)| !is_mark(text))
                .filter_map(|(text, p)| b.get(text).map(|q| (q.0 - p.0, q.1 - p.1)))
                .collect();
            assert!(
                hexes.len() > 3,
                "the tiles overlap by a few hexes: {}",
                hexes.len()
            );
            for d in marks.iter().chain(&hexes) {
                assert!(
                    (d.0 - shift.0).abs() < TOLERANCE_PT && (d.1 - shift.1).abs() < TOLERANCE_PT,
                    "{d:?} against {shift:?}"
                );
            }
        }
    }
    assert!(seams >= 1, "neighbouring tiles share marks");
}

#[test]
fn a_broken_map_gets_every_problem_at_its_place() {
    let project = copy_fixture("scenario");
    let layer = project.path().join("scenarios/skirmish-1809/hexrules.toml");
    let text = std::fs::read_to_string(&layer).unwrap();
    let text = text
        .replace(
            "woods = [\"I8..K10\", \"J7\"]",
            "wods = [\"I8..K10\", \"J7\"]",
        )
        .replace(
            "between = [[\"E5\", \"F5\"]]",
            "between = [[\"E5\", \"F5\"], [\"H1\", \"I1\"]]",
        )
        .replace(
            "[\"H6\", \"H7\"], [\"H6\", \"I6\"]",
            "[\"H6\", \"H8\"], [\"H6\", \"I6\"]",
        )
        .replace(
            "\"H5\", \"H4\", \"H3\", \"H2\", \"H1\"",
            "\"H5\", \"H3\", \"H2\", \"H1\"",
        )
        .replace(
            "side = \"blue\"\nhexes = [\"A1..C12\"]",
            "side = \"blue\"\nhexes = []",
        )
        .replace("hex = \"L5\"", "hex = \"M5\"");
    std::fs::write(&layer, text).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    for expected in [
        "error[unknown-terrain]: `wods` is not terrain of this ruleset",
        "did you mean `woods`?",
        "error[hexside-conflict]: `bridge` crosses nothing between H1 and I1",
        "error[hexside-not-adjacent]: H6 and H8 share no side",
        "error[path-gap]: the `track` jumps from H5 to H3",
        "error[empty-zone]: a set-up zone without hexes",
        "error[hex-off-map]: hex M5 lies off the map",
        "scenarios/skirmish-1809/hexrules.toml:",
    ] {
        assert!(err.contains(expected), "missing {expected:?} in\n{err}");
    }
}

#[test]
fn set_ups_keep_to_zones_terrain_and_stacking() {
    let project = copy_fixture("scenario");
    let layer = project.path().join("scenarios/skirmish-1809/hexrules.toml");
    let text = std::fs::read_to_string(&layer).unwrap();
    // The red division into the marsh on the blue side, its guns with it;
    // four blue counters on one hex where the rules allow three.
    let text = text
        .replace(
            "formations = [\"red-div\"]\nhex = \"E5\"\nwithin = 1",
            "formations = [\"red-div\"]\nhex = \"B11\"",
        )
        .replace(
            "units = [\"blue-1\"]\nleaders = [\"blue-general\"]\nhex = \"A1\"",
            "units = [\"blue-1\", \"blue-2\"]\nleaders = [\"blue-general\"]\nhex = \"A1\"",
        );
    std::fs::write(&layer, text).unwrap();
    let ruleset = project.path().join("content/hexrules/ruleset.toml");
    let rules = std::fs::read_to_string(&ruleset)
        .unwrap()
        .replace("counters = 3", "counters = 1");
    std::fs::write(&ruleset, rules).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    for expected in [
        "error[setup-outside-zone]: set-up at B11 lies outside the side's set-up zones",
        "error[setup-terrain]: `red-guns` (artillery) may not set up in marsh at B11",
        "error[stacking]: 2 counters set up in A1",
    ] {
        assert!(err.contains(expected), "missing {expected:?} in\n{err}");
    }
}

#[test]
fn the_quatre_bras_booklet_draws_every_set_up_and_entry_hex() {
    let pdf = output_file(
        &["build", "quatre-bras-1815", "--only", "booklets"],
        "quatre-bras-1815/quatre-bras-1815-sombra.pdf",
    );
    let pages = page_glyphs(&pdf);
    let page = pages
        .iter()
        .find(|(_, _, g)| texts(g).iter().any(|t| t.0 == "Despliegue sobre el mapa"))
        .expect("a page with the set-up diagram");
    let text: Vec<String> = texts(&page.2).into_iter().map(|t| t.0).collect();
    // The set-up and entry hexes of sombra.toml, and the hexes of victory.
    for hex in [
        "Q23", "Q22", "S18", "K24", "P8", "P14", "N10", "M14", "Q1", "AG20", "O26", "P9", "D16",
        "J21", "U12",
    ] {
        assert!(
            text.iter().any(|t| t == hex),
            "{hex} missing from the diagram"
        );
    }
    let all = text.join(" ");
    assert!(all.contains("El terreno no figura en la fuente"), "{all}");
}

#[test]
fn the_demo_maps_build_without_a_warning() {
    let out = tempfile::tempdir().unwrap();
    let output = grognard(
        &fixture("scenario"),
        &[
            "build",
            "--only",
            "maps",
            "--out",
            out.path().to_str().unwrap(),
        ],
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(!err.contains("warning["), "{err}");
    let files: Vec<String> = std::fs::read_dir(out.path().join("skirmish-1809"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    for file in ["map.pdf", "map-a4.pdf", "map.tmj", "map-terrain.svg"] {
        let name = format!("skirmish-1809-hexrules-{file}");
        assert!(files.contains(&name), "{name} not in {files:?}");
    }
}
