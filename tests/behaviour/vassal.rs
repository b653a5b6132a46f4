//! The VASSAL module of a hex layer (`render::backends::vassal`): read back by a
//! reader nobody here wrote (pywargame, from PyPI) and by a structural
//! validator over the archive, and compared with the scenario it comes from.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::io::Read;
use std::process::Command;

use serde_json::Value;

use super::common::{grognard, repo_root, stderr};

const BATTLE: &str = "quatre-bras-1815";
const MODULE: &str = "quatre-bras-1815/quatre-bras-1815-sombra.vmod";

/// Builds the Quatre Bras module into a fresh folder; its bytes.
fn build_module() -> Vec<u8> {
    let out = tempfile::tempdir().expect("temporary folder");
    let output = grognard(
        &repo_root(),
        &[
            "build",
            BATTLE,
            "--only",
            "vassal",
            "--out",
            out.path().to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    std::fs::read(out.path().join(MODULE)).expect("the module is written")
}

/// Every file of the archive by name.
fn entries(module: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(module)).expect("a ZIP archive");
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).unwrap();
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes).unwrap();
            (file.name().expect("a UTF-8 name").to_string(), bytes)
        })
        .collect()
}

/// What the sources say the module must hold: each counter's file stem
/// (unit, battalion, leader), the stems set up at each hex, and the
/// stems arriving on each turn.
struct Expected {
    stems: BTreeSet<String>,
    setup: BTreeMap<String, String>,
    arrivals: BTreeMap<u32, BTreeSet<String>>,
}

fn expected() -> Expected {
    let session = grognard::load(&repo_root());
    let project = &session.project;
    let scenario = project.scenario(BATTLE).unwrap();
    let layer = scenario
        .layers
        .iter()
        .find(|l| l.ruleset == "sombra")
        .unwrap();
    let grid = &layer.map.as_ref().unwrap().grid;
    let counters_of = |who: &grognard::model::layer::Who| -> Vec<String> {
        let mut ids = Vec::new();
        for unit in scenario
            .units_of(who)
            .into_iter()
            .filter(|u| u.takes_part())
        {
            let parts = layer.parts_of(&unit.id);
            if parts.is_empty() {
                ids.push(unit.id.clone());
            }
            ids.extend(parts.iter().map(|(id, _)| id.to_string()));
        }
        ids.extend(who.leaders.iter().cloned());
        ids
    };
    let mut setup = BTreeMap::new();
    for placement in &layer.setup {
        let Some((c, r)) = placement.hex.as_ref().and_then(|h| grid.locate(h)) else {
            continue;
        };
        for id in counters_of(&placement.who) {
            setup.entry(id).or_insert_with(|| grid.name(c, r));
        }
    }
    let mut arrivals: BTreeMap<u32, BTreeSet<String>> = BTreeMap::new();
    for r in &layer.reinforcements {
        arrivals
            .entry(r.turn)
            .or_default()
            .extend(counters_of(&r.who));
    }
    let units: HashSet<&str> = scenario
        .units
        .iter()
        .map(|u| u.id.as_str())
        .chain(scenario.leaders.iter().map(|l| l.id.as_str()))
        .collect();
    let stems = grognard::render::views::counter_faces::counters(project, scenario, layer)
        .into_iter()
        .map(|(front, _)| front.id)
        .filter(|id| units.contains(id.as_str()) || layer.aggregates.iter().any(|a| &a.0 == id))
        .collect();
    Expected {
        stems,
        setup,
        arrivals,
    }
}

/// Reads a module with pywargame and prints what it found, as JSON; hex
/// names are worked out from each stack's position with VASSAL's own
/// arithmetic (HexGrid.getRawColumn/getRawRow, RegularGridNumbering.getName),
/// written again here from VASSAL's source, not from grognard's.
const READER: &str = r#"
import json, math, sys
from pywargame.vassal import BuildFile, ModuleData
from pywargame.vassal.vmod import VMod

with VMod(sys.argv[1], 'r') as vmod:
    files = vmod.getFileNames()
    build = BuildFile(vmod.getBuildFile())
    data = ModuleData(vmod.getModuleData()).getData()

def attrs(e):
    return dict(e.getAttributes().items())

def unescape(s):
    return s.replace('\\/', '/').replace('\\;', ';').replace('\\,', ',')

def piece(slot):
    traits = slot.getTraits()
    out = {'name': slot['entryName'], 'gpid': int(slot['gpid']), 'traits': [t.ID for t in traits],
           'properties': {}, 'front': None, 'back': None}
    for t in traits:
        if t.ID == 'piece':
            out['front'] = t['filename']
            out['piece_name'] = unescape(t['name'])
        elif t.ID == 'emb2':
            out['back'] = t['images']
            out['flip_key'] = t['activateKey']
        elif t.ID == 'mark':
            out['properties'][t['name']] = unescape(t._state[0])
    return out

def name(n, kind, leading):
    s = '-' if n < 0 else ''
    n = abs(n)
    if kind == 'A':
        while True:
            s += chr(ord('A') + n % 26)
            n -= 26
            if n < 0:
                return s
    while leading > 0 and n < 10 ** leading:
        s += '0'
        leading -= 1
    return s + str(n)

def kids(e, tag):
    return [c for c in e.getAllElements(None) if c.TAG.rsplit('.', 1)[-1] == tag]

def inside(x, y, points):
    # Ray casting, as java.awt.Polygon.contains decides.
    hit = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit

def location(x, y, grids):
    background, zones = grids
    for points, g, n, fmt in zones:
        if inside(x, y, points):
            return fmt.replace('$gridLocation$', grid_location(x, y, g, n))
    return grid_location(x, y, *background)

def grid_location(x, y, g, n):
    if g['sideways'] == 'true':
        x, y = y, x
    x0, y0, dx, dy = int(g['x0']), int(g['y0']), float(g['dx']), float(g['dy'])
    col = math.floor((x - x0) / dx + 0.5)
    row = math.floor((y - y0 - (0 if col % 2 == 0 else dy / 2)) / dy + 0.5)
    c = name(col + int(n['hOff']), n['hType'], int(n['hLeading']))
    r = name(row + int(n['vOff']), n['vType'], int(n['vLeading']))
    return c + r if n['first'] == 'H' else r + c

game = build.getGame()
out = {
    'files': files,
    'name': data.getName()[0].getText(),
    'vassal': data.getVASSALVersion()[0].getText(),
    'module': attrs(game),
    'sides': [s.getText() for s in game.getPlayerRoster()[0].getSides()],
    'docs': [attrs(c) for c in game.getDocumentation()[0].getAllElements(None)],
    'charts': [attrs(c) for w in game.getChartWindows().values() for c in w.getAllElements(None)[0].getAllElements(None)],
    'trays': {},
    'stacks': [],
}
for wname, window in game.getPieceWindows().items():
    def walk(element, path):
        for child in element.getAllElements(None):
            tag = child.TAG.rsplit('.', 1)[-1]
            if tag == 'PieceSlot':
                out['trays'].setdefault(' / '.join(path), []).append(piece(child))
            else:
                walk(child, path + [child['entryName'] or tag])
    walk(window, [])
for mname, m in game.getMaps().items():
    for bname, board in m.getBoards().items():
        out['board'] = attrs(board)
        zoned = kids(board, 'ZonedGrid')
        holder = zoned[0] if zoned else board
        g = kids(holder, 'HexGrid')[0]
        n = kids(g, 'HexGridNumbering')[0]
        zones = []
        for z in kids(zoned[0], 'Zone') if zoned else []:
            zg = kids(z, 'HexGrid')[0]
            zn = kids(zg, 'HexGridNumbering')[0]
            points = [tuple(int(v) for v in p.split(',')) for p in z['path'].split(';')]
            zones.append((points, attrs(zg), attrs(zn), z['locationFormat']))
        grids = ((attrs(g), attrs(n)), zones)
        out['zones'] = len(zones)
    for stack in m.getAtStarts(single=False) or []:
        a = attrs(stack)
        a['pieces'] = [piece(p) for p in stack.getPieces().values()]
        a['named'] = location(int(a['x']), int(a['y']), grids)
        out['stacks'].append(a)
print(json.dumps(out))
"#;

/// The Python with pywargame: `GROGNARD_PYWARGAME_PYTHON`, else `python3`.
fn reader() -> Option<String> {
    let install =
        "python3.12 -m pip install --no-deps pywargame==0.8.0, then set GROGNARD_PYWARGAME_PYTHON";
    super::common::python_with("GROGNARD_PYWARGAME_PYTHON", "pywargame.vassal", install)
}

fn read_back(python: &str, module: &[u8]) -> Value {
    let folder = tempfile::tempdir().expect("temporary folder");
    let path = folder.path().join("module.vmod");
    std::fs::write(&path, module).unwrap();
    let output = Command::new(python)
        .args(["-c", READER])
        .arg(&path)
        .output()
        .expect("python runs");
    assert!(
        output.status.success(),
        "pywargame could not read the module:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the reader prints JSON")
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("{v} is no text"))
}

/// The file stem of a piece: its front image's name without `.svg`.
fn stem(piece: &Value) -> String {
    text(&piece["front"]).trim_end_matches(".svg").to_string()
}

#[test]
fn pywargame_finds_every_unit_once_with_two_faces_and_each_set_up_stack_on_its_hex() {
    let Some(python) = reader() else {
        return;
    };
    let module = build_module();
    let read = read_back(&python, &module);
    let expected = expected();
    let files: HashSet<&str> = read["files"].as_array().unwrap().iter().map(text).collect();
    assert_eq!(text(&read["vassal"]), "3.7.0");
    assert_eq!(
        read["sides"].as_array().unwrap().len(),
        2,
        "{}",
        read["sides"]
    );

    // The side trays: every unit, battalion and leader once, two faces each.
    let trays = read["trays"].as_object().unwrap();
    let mut found: HashMap<String, usize> = HashMap::new();
    for (path, pieces) in trays {
        if path.contains("Refuerzos") {
            continue;
        }
        for piece in pieces.as_array().unwrap() {
            *found.entry(stem(piece)).or_default() += 1;
            assert_eq!(piece["traits"].as_array().unwrap().last().unwrap(), "piece");
            let back = text(&piece["back"]);
            assert_eq!(back, format!("{}-back.svg", stem(piece)), "{path}: {piece}");
            for image in [text(&piece["front"]), back] {
                assert!(
                    files.contains(format!("images/{image}").as_str()),
                    "{image} is missing"
                );
            }
            assert_eq!(
                text(&piece["flip_key"]),
                "70,130",
                "flipped with Ctrl+F: {piece}"
            );
        }
    }
    for stem in &expected.stems {
        assert_eq!(found.get(stem), Some(&1), "`{stem}` is in the trays once");
    }
    // Units are filed by side, then formation.
    for side in read["sides"].as_array().unwrap() {
        let tray = format!("/ {} /", text(side));
        assert!(
            trays.keys().any(|path| path.contains(&tray)),
            "{tray}: {:?}",
            trays.keys()
        );
    }

    // One stack per set-up counter, at its hex: the name grognard gave it
    // and the one VASSAL's arithmetic finds at its position are the same.
    let stacks = read["stacks"].as_array().unwrap();
    // The Quatre Bras map is lettered A … Z, AA … AH: VASSAL names the
    // columns past Z in a zone of their own, and every stack by its hex.
    assert_eq!(read["zones"], 1);
    assert!(stacks.iter().all(|s| s["useGridLocation"] == "true"));
    let mut stacked: BTreeMap<String, String> = BTreeMap::new();
    for stack in stacks {
        // Placed by position only where VASSAL cannot name the hex as the map does.
        if stack["useGridLocation"] == "true" {
            assert_eq!(stack["location"], stack["named"], "{stack}");
        } else {
            assert_ne!(stack["location"], stack["named"], "{stack}");
        }
        let pieces = stack["pieces"].as_array().unwrap();
        assert_eq!(pieces.len(), 1, "{stack}");
        let previous = stacked.insert(stem(&pieces[0]), text(&stack["location"]).to_string());
        assert!(previous.is_none(), "{} is set up twice", stem(&pieces[0]));
    }
    assert_eq!(stacked, expected.setup);

    // The reinforcements, in a panel per turn and side: on turn 2 both
    // sides arrive, each in its own.
    for (turn, stems) in &expected.arrivals {
        let panels: Vec<(&String, &serde_json::Value)> = trays
            .iter()
            .filter(|(path, _)| {
                let name = path.rsplit(" / ").next().unwrap_or(path);
                path.contains("Refuerzos")
                    && (name == format!("Turno {turn}")
                        || name.starts_with(&format!("Turno {turn} ·")))
            })
            .collect();
        assert!(
            !panels.is_empty(),
            "no panel for turn {turn}: {:?}",
            trays.keys()
        );
        let mut arriving = BTreeSet::new();
        for (path, pieces) in &panels {
            let sides: BTreeSet<&str> = ["Francés", "Anglo-aliado"]
                .into_iter()
                .filter(|side| path.contains(side))
                .collect();
            assert_eq!(sides.len(), 1, "{path} names one side");
            arriving.extend(pieces.as_array().unwrap().iter().map(stem));
        }
        assert_eq!(&arriving, stems, "turn {turn}");
        if *turn == 2 {
            assert_eq!(panels.len(), 2, "both sides arrive on turn 2: {panels:?}");
        }
    }

    // The charts and the rulebook are in the archive they name.
    let charts = read["charts"].as_array().unwrap();
    assert!(!charts.is_empty(), "the quick-reference sheet is charted");
    for chart in charts {
        assert!(files.contains(format!("images/{}", text(&chart["fileName"])).as_str()));
    }
    let pdf = read["docs"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|d| d["pdfFile"].as_str())
        .expect("the rulebook in the Help menu");
    assert!(files.contains(pdf), "{pdf}");
    assert!(files.contains(format!("images/{}", text(&read["board"]["image"])).as_str()));
}

#[test]
fn the_module_is_a_valid_archive_with_unique_piece_ids_and_every_file_it_names() {
    let module = build_module();
    let files = entries(&module);
    let names: Vec<&String> = files.keys().collect();
    assert!(files.contains_key("moduledata"), "{names:?}");
    let build = std::str::from_utf8(&files["buildFile.xml"]).expect("UTF-8");
    let document = roxmltree::Document::parse(build).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "VASSAL.build.GameModule");
    let next: u32 = root.attribute("nextPieceSlotId").unwrap().parse().unwrap();
    let mut gpids = HashSet::new();
    let mut slots = 0;
    for node in document.descendants().filter(|n| n.is_element()) {
        let tag = node.tag_name().name();
        assert!(
            tag.starts_with("VASSAL.") || tag == "entry",
            "unknown element {tag}"
        );
        match tag.rsplit('.').next().unwrap() {
            "PieceSlot" => {
                slots += 1;
                let gpid: u32 = node.attribute("gpid").unwrap().parse().unwrap();
                assert!(gpid > 0 && gpid < next, "id {gpid} against next {next}");
                assert!(gpids.insert(gpid), "piece id {gpid} twice");
                let definition = node.text().unwrap();
                assert_eq!(definition, definition.trim(), "no space around a piece");
                let parts = grognard::render::backends::vassal::decode(&definition[2..], '/');
                assert_eq!(parts.len(), 3, "{definition}");
                let traits = grognard::render::backends::vassal::decode(&parts[1], '\t');
                assert!(traits[0].starts_with("mark;"), "{definition}");
                // Every image the piece shows is in the archive.
                let mut rest = parts[1].clone();
                loop {
                    let chain = grognard::render::backends::vassal::decode(&rest, '\t');
                    let fields = grognard::render::backends::vassal::decode(&chain[0], ';');
                    if chain[0].starts_with("piece;") {
                        assert!(files.contains_key(&format!("images/{}", fields[3])));
                    }
                    if chain[0].starts_with("emb2;") {
                        assert_eq!(fields.len(), 34, "the layer's 33 fields: {}", chain[0]);
                        assert!(files.contains_key(&format!("images/{}", fields[16])));
                    }
                    match chain.get(1) {
                        Some(inner) => rest = inner.clone(),
                        None => break,
                    }
                }
            }
            "Board" | "Chart" => {
                let image = node
                    .attribute("image")
                    .or(node.attribute("fileName"))
                    .unwrap();
                assert!(files.contains_key(&format!("images/{image}")), "{image}");
            }
            "HexGrid" => {
                for int in ["x0", "y0"] {
                    let value = node.attribute(int).unwrap();
                    assert!(
                        value.parse::<i64>().is_ok(),
                        "{int} = {value} is read as an integer"
                    );
                }
            }
            _ => {}
        }
    }
    assert!(slots > 100, "{slots} pieces");
    // Images are SVG sized in pixels.
    for (name, bytes) in files.iter().filter(|(n, _)| n.ends_with(".svg")) {
        let svg = std::str::from_utf8(bytes).unwrap();
        let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{name}: {e}"));
        let width = document.root_element().attribute("width").unwrap();
        assert!(width.parse::<f64>().is_ok(), "{name}: width {width}");
    }
    // Reproducible: the same bytes again.
    assert!(module == build_module(), "two builds of the module differ");
}
