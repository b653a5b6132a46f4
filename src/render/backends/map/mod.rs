//! Printable hex maps: the whole map on one page at its true scale, and the
//! same map tiled over sheets of paper that overlap, with numbered assembly
//! marks and a plan of the sheets; and the map for digital tools (Tiled).

pub mod tiled;

use serde::Serialize;

use crate::locale::{Arg, Locale};
use crate::model::Ruleset;
use crate::model::counter_spec::paper_mm;
use crate::model::map::HexMap;
use crate::model::scenario::{Layer, Scenario};

use crate::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult, Subject};
use crate::render::typeset::pdf::RenderResult;
use crate::render::views::map_view::{MapView, Window, view};
use crate::render::views::map_view::{notes, side_colour};

/// The paper left blank around a tile, the band under it for its caption,
/// and how far neighbouring tiles overlap, in millimetres.
const TILE_MARGIN_MM: f64 = 10.0;
const CAPTION_MM: f64 = 10.0;
pub const OVERLAP_MM: f64 = 12.0;
/// The most sheets a map is tiled over: beyond, a print shop prints it whole.
const MAX_TILES: usize = 200;

#[derive(Serialize)]
struct ScaleBar {
    mm: f64,
    parts: u32,
    label: String,
}

#[derive(Serialize, Clone)]
pub struct Mark {
    pub x: f64,
    pub y: f64,
    pub text: String,
}

#[derive(Serialize)]
struct Tile {
    /// Where the window sits on the page.
    left: f64,
    top: f64,
    w: f64,
    h: f64,
    /// The window's top-left corner on the map.
    x: f64,
    y: f64,
    view: MapView,
    marks: Vec<Mark>,
    caption: String,
}

#[derive(Serialize)]
struct PlanSheet {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    text: String,
}

#[derive(Serialize, Default)]
struct Plan {
    width: f64,
    height: f64,
    sheets: Vec<PlanSheet>,
}

#[derive(Serialize)]
struct MapSheet {
    title: String,
    language: String,
    paper: String,
    flipped: bool,
    map: MapView,
    key_title: String,
    north: Option<f64>,
    north_letter: String,
    scale_bar: Option<ScaleBar>,
    notes: Vec<String>,
    tiles: Vec<Tile>,
    assembly: String,
    plan: Plan,
}

/// The ground a scale bar shows: a round distance that draws 40 to 100 mm.
fn scale_bar(map: &HexMap, hex_mm: f64, locale: &Locale) -> Option<ScaleBar> {
    let metres_per_hex = map.metres_per_hex?;
    let mm_per_metre = hex_mm / metres_per_hex;
    let rounds = [
        10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0, 2000.0, 2500.0, 5000.0,
        10_000.0, 20_000.0, 50_000.0, 100_000.0,
    ];
    let metres = rounds
        .iter()
        .copied()
        .find(|m| m * mm_per_metre >= 40.0)
        .filter(|m| m * mm_per_metre <= 160.0)?;
    Some(ScaleBar {
        mm: metres * mm_per_metre,
        // 500 m in fifths of 100 m, 1,000 m in quarters of 250 m.
        parts: if metres.to_string().starts_with('5') {
            5
        } else {
            4
        },
        label: format!("{} {}", locale.number(metres as u64), locale.metres_abbr),
    })
}

/// Tiles of `width` × `height` mm windows over the map, left to right and
/// top to bottom, overlapping by `OVERLAP_MM`: each window's top-left corner.
pub fn tile_origins(map: (f64, f64), window: (f64, f64)) -> (usize, usize, Vec<(f64, f64)>) {
    let count = |length: f64, room: f64| {
        if length <= room {
            1
        } else {
            ((length - OVERLAP_MM) / (room - OVERLAP_MM)).ceil() as usize
        }
    };
    let (across, down) = (count(map.0, window.0), count(map.1, window.1));
    let mut origins = Vec::new();
    for row in 0..down {
        for column in 0..across {
            origins.push((
                column as f64 * (window.0 - OVERLAP_MM),
                row as f64 * (window.1 - OVERLAP_MM),
            ));
        }
    }
    (across, down, origins)
}

/// The assembly marks: two across every seam between neighbouring tiles, in
/// the middle of their overlap, numbered.
pub fn assembly_marks(
    map: (f64, f64),
    window: (f64, f64),
    across: usize,
    down: usize,
) -> Vec<Mark> {
    let step = (window.0 - OVERLAP_MM, window.1 - OVERLAP_MM);
    let mut marks = Vec::new();
    let span = |start: f64, length: f64, limit: f64| {
        let end = (start + length).min(limit);
        [start + (end - start) * 0.25, start + (end - start) * 0.75]
    };
    for row in 0..down {
        for column in 0..across {
            let (x0, y0) = (column as f64 * step.0, row as f64 * step.1);
            if column + 1 < across {
                let x = x0 + step.0 + OVERLAP_MM / 2.0;
                for y in span(y0, window.1, map.1) {
                    marks.push((x, y));
                }
            }
            if row + 1 < down {
                let y = y0 + step.1 + OVERLAP_MM / 2.0;
                for x in span(x0, window.0, map.0) {
                    marks.push((x, y));
                }
            }
        }
    }
    marks
        .into_iter()
        .enumerate()
        .map(|(i, (x, y))| Mark {
            x,
            y,
            text: (i + 1).to_string(),
        })
        .collect()
}

/// The page with the whole map at its true scale, or the map tiled on `paper`.
fn sheet(
    scenario: &Scenario,
    layer: &Layer,
    map: &HexMap,
    ruleset: Option<&Ruleset>,
    paper: Option<&str>,
) -> MapSheet {
    let language = ruleset.map_or("en", |r| r.language.as_str());
    let locale = ruleset.map_or_else(|| crate::locale::Locale::builtin(language), |r| r.locale());
    let hex_mm = map
        .hex_mm
        .unwrap_or(crate::render::views::map_view::DEFAULT_HEX_MM);
    let colour = side_colour(scenario);
    let whole = view(map, ruleset, language, hex_mm, None, &colour);
    let size = (whole.width, whole.height);
    let mut sheet = MapSheet {
        title: crate::render::views::with_edition(
            format!(
                "{} — {}: {}",
                scenario.title,
                ruleset.map_or(layer.ruleset.as_str(), |r| r.name.as_str()),
                locale.map_title
            ),
            ruleset,
        ),
        language: language.to_string(),
        paper: paper.unwrap_or("a4").to_string(),
        flipped: false,
        map: whole,
        key_title: locale.map_key.clone(),
        north: map.north,
        north_letter: locale.north_letter.clone(),
        scale_bar: scale_bar(map, hex_mm, locale),
        notes: notes(map, locale),
        tiles: Vec::new(),
        assembly: locale.map_assembly.clone(),
        plan: Plan::default(),
    };
    let Some(paper) = paper else {
        return sheet;
    };
    // Upright or on its side, whichever takes fewer sheets.
    let (pw, ph) = paper_mm(paper);
    let room = |(w, h): (f64, f64)| {
        (
            w - 2.0 * TILE_MARGIN_MM,
            h - 2.0 * TILE_MARGIN_MM - CAPTION_MM,
        )
    };
    let upright = tile_origins(size, room((pw, ph)));
    let turned = tile_origins(size, room((ph, pw)));
    let flipped = turned.2.len() < upright.2.len();
    let window = room(if flipped { (ph, pw) } else { (pw, ph) });
    let (across, down, origins) = if flipped { turned } else { upright };
    let marks = assembly_marks(size, window, across, down);
    let total = origins.len().min(MAX_TILES);
    sheet.flipped = flipped;
    for (i, &(x, y)) in origins.iter().take(MAX_TILES).enumerate() {
        let bounds: Window = (x, y, window.0, window.1);
        let inside = |m: &&Mark| {
            m.x > x + 2.0 && m.x < x + window.0 - 2.0 && m.y > y + 2.0 && m.y < y + window.1 - 2.0
        };
        let caption = locale.message(
            "map_sheet",
            &[
                ("n", Arg::Number(i as u64 + 1)),
                ("total", Arg::Number(total as u64)),
                ("row", Arg::Number((i / across) as u64 + 1)),
                ("column", Arg::Number((i % across) as u64 + 1)),
            ],
        );
        sheet.tiles.push(Tile {
            left: TILE_MARGIN_MM,
            top: TILE_MARGIN_MM,
            w: window.0.min(size.0 - x),
            h: window.1.min(size.1 - y),
            x,
            y,
            view: view(map, ruleset, language, hex_mm, Some(bounds), &colour),
            marks: marks.iter().filter(inside).cloned().collect(),
            caption,
        });
    }
    sheet.plan = plan(size, window, &origins[..total]);
    sheet
}

/// The tiles as numbered rectangles over the map's outline, drawn small.
fn plan(size: (f64, f64), window: (f64, f64), origins: &[(f64, f64)]) -> Plan {
    let scale = (170.0 / size.0).min(110.0 / size.1).min(1.0);
    Plan {
        width: size.0 * scale,
        height: size.1 * scale,
        sheets: origins
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| PlanSheet {
                x: x * scale,
                y: y * scale,
                w: window.0.min(size.0 - x) * scale,
                h: window.1.min(size.1 - y) * scale,
                text: (i + 1).to_string(),
            })
            .collect(),
    }
}

/// The layer's map, when it has one drawn to a known size.
fn printable(layer: &Layer) -> Option<&HexMap> {
    layer.map.as_ref().filter(|m| m.hex_mm.is_some())
}

/// Maps of hex layers: out/<battle>/<battle>-<ruleset>-map.pdf, its tiles
/// (-map-<paper>.pdf), and for digital tools -map.tmj with -map-terrain.svg.
pub struct Maps;

/// The files of a layer's map.
enum MapFile {
    /// The whole map on one page at its true scale.
    Whole,
    /// Tiled over sheets of the paper named.
    Tiles(&'static str),
    /// The Tiled map, and its tileset image.
    Tiled,
    Tileset,
}

impl Backend for Maps {
    fn name(&self) -> &'static str {
        "maps"
    }
    fn about(&self) -> &'static str {
        "Maps of hex layers at true scale and tiled: out/<battle>/<battle>-<ruleset>-map.pdf, -map-<paper>.pdf, -map.tmj"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // Where units are set up.
        !change.scale() && change.of_scenario(artifact) && change.deployed()
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        let Some(scenario) = cx.scenario(target) else {
            return Vec::new();
        };
        let mut artifacts = Vec::new();
        for layer in &scenario.layers {
            let Some(map) = printable(layer) else {
                continue;
            };
            let ruleset = layer.ruleset.as_str();
            let subject = Subject::Layer(scenario, layer);
            let mut file = |part: MapFile, name: String| {
                artifacts.push(Artifact::new(subject, name).with_part(part));
            };
            file(MapFile::Whole, format!("{target}-{ruleset}-map.pdf"));
            let papers = &cx.project.counters.map_tiles;
            let papers: Vec<&str> = if papers.is_empty() {
                vec![tile_paper(&cx.project.paper)]
            } else {
                papers.iter().map(String::as_str).collect()
            };
            for paper in papers {
                let part = crate::model::counter_spec::TILE_PAPERS
                    .iter()
                    .find(|p| **p == paper)
                    .copied()
                    .unwrap_or("a4");
                file(
                    MapFile::Tiles(part),
                    format!("{target}-{ruleset}-map-{part}.pdf"),
                );
            }
            if map.has_terrain() {
                file(MapFile::Tiled, format!("{target}-{ruleset}-map.tmj"));
                file(
                    MapFile::Tileset,
                    format!("{target}-{ruleset}-map-terrain.svg"),
                );
            }
        }
        artifacts
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Layer(scenario, layer) = artifact.subject else {
            unreachable!("planned only for scenarios' layers")
        };
        let ruleset_id = layer.ruleset.as_str();
        let map = printable(layer).expect("planned for a printable map");
        let ruleset = cx.ruleset(ruleset_id);
        let language = ruleset.map_or("en", |r| r.language.as_str());
        let plain = |bytes: Vec<u8>| Made {
            bytes,
            warnings: Vec::new(),
            problems: Vec::new(),
        };
        let Some(file) = artifact.part::<MapFile>() else {
            unreachable!("planned as one of the map's files")
        };
        let paper = match file {
            MapFile::Tiled => {
                let image = format!("{}-{ruleset_id}-map-terrain.svg", scenario.id);
                return Ok(plain(
                    crate::render::backends::map::tiled::tiled_json(map, ruleset, language, &image)
                        .into_bytes(),
                ));
            }
            MapFile::Tileset => {
                return Ok(plain(
                    crate::render::backends::map::tiled::tileset_svg(map, ruleset).into_bytes(),
                ));
            }
            MapFile::Tiles(paper) => Some(*paper),
            MapFile::Whole => None,
        };
        let press = cx.press(&scenario.folder);
        render(scenario, layer, map, ruleset, paper, &press).map(Made::from)
    }
}

/// The layer's map as a PDF: on one page at its true scale, or tiled on `paper`.
pub fn render(
    scenario: &Scenario,
    layer: &Layer,
    map: &HexMap,
    ruleset: Option<&Ruleset>,
    paper: Option<&str>,
    press: &crate::render::typeset::templates::Press,
) -> RenderResult {
    let data = sheet(scenario, layer, map, ruleset, paper);
    let world = crate::render::typeset::templates::data_world(press, "map.typ", "map.json", &data)?;
    crate::render::typeset::pdf::typeset(
        &world,
        &format!(
            "grognard-{}-{}-{}",
            scenario.id,
            layer.ruleset,
            paper.unwrap_or("map")
        ),
        |error| {
            crate::render::typeset::templates::typst_diagnostic(
                error,
                &world,
                press.templates,
                "map.typ",
                "the map",
            )
        },
    )
}

/// The paper tiles go on by default: the project's (A4 where it prints on either).
fn tile_paper(paper: &str) -> &'static str {
    match paper {
        "us-letter" => "us-letter",
        _ => "a4",
    }
}
