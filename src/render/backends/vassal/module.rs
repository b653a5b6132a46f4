//! One module: the counters and the board typeset as images, the charts and
//! the rulebook, `buildFile.xml` and `moduledata`, checked, then zipped.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::layer::Who;
use crate::model::map::HexMap;
use crate::model::scenario::{Layer, Scenario};
use crate::model::schedule::{self, Schedule};

use crate::render::backends::vassal::archive::{self, Entry};
use crate::render::backends::vassal::encode::Piece;
use crate::render::backends::vassal::grid::{PX_PER_MM, VassalGrid};
use crate::render::backends::vassal::images::{chart_images, images};
use crate::render::backends::vassal::pieces::{Counter, Words, counters_of};
use crate::render::backends::vassal::verify::verify;
use crate::render::backends::vassal::xml::Element;
use crate::render::contract::{Context, Made, MadeResult};

/// The oldest VASSAL the module is written for: every 3.7 release opens it
/// without a warning (a newer stamp warns on older releases).
const VASSAL_VERSION: &str = "3.7.0";

/// The layer's hex map: a hex game's.
pub fn board_map(layer: &Layer) -> Option<&HexMap> {
    layer.map.as_ref()
}

/// How large the board's hexes are drawn: as the source prints them, else
/// a fifth wider than a counter, so that a counter stands inside its hex.
pub(super) fn hex_mm(map: &HexMap, counter_mm: f64) -> f64 {
    map.hex_mm.unwrap_or(counter_mm * 1.2)
}

pub fn render(cx: &Context, scenario: &Scenario, layer: &Layer) -> MadeResult {
    let map = board_map(layer).expect("planned for a layer with a map");
    let ruleset = cx.ruleset(&layer.ruleset);
    let language = ruleset.map_or("en", |r| r.language.as_str());
    let words = Words::of(cx.project.locales.get(language));
    let settings = &cx.project.counters;
    let counters = counters_of(cx, scenario, layer, language, &words);
    // The rulebook is the longest to typeset: beside the images and charts.
    let (rulebook, made) = rayon::join(
        || ruleset.map(|r| cx.rulebook(r)).transpose(),
        || {
            let images = images(cx, scenario, map, ruleset, &counters)?;
            let charts = ruleset.map(|r| chart_images(cx, r)).transpose()?;
            Ok::<_, Vec<Diagnostic>>((images, charts.unwrap_or_default()))
        },
    );
    let (images, chart_svgs) = made?;
    let rulebook = rulebook?;
    let mut entries = Vec::new();
    let mut files = Files::default();
    let board_image = "map.svg".to_string();
    files.add(&mut entries, format!("images/{board_image}"), images.board);
    for (counter, (front, back)) in counters.iter().zip(images.faces) {
        files.add(
            &mut entries,
            format!("images/{}", counter.front_image),
            front,
        );
        files.add(&mut entries, format!("images/{}", counter.back_image), back);
    }
    let mut charts = Vec::new();
    let mut rules = None;
    for (i, svg) in chart_svgs.into_iter().enumerate() {
        let file = format!("qrs-{}.svg", i + 1);
        files.add(&mut entries, format!("images/{file}"), svg);
        charts.push((format!("{} {}", words.locale.quick_reference, i + 1), file));
    }
    if let (Some(ruleset), Some(rulebook)) = (ruleset, rulebook) {
        let file = format!("{}-rules.pdf", ruleset.id);
        files.add(&mut entries, file.clone(), rulebook.pdf.clone());
        rules = Some((format!("{} (PDF)", ruleset.name), file));
    }
    let grid = VassalGrid::of(&map.grid, hex_mm(map, settings.size_mm));
    let mut warnings = Vec::new();
    if !grid.names_match {
        warnings.push(
            Diagnostic::of(
                codes::VASSAL_HEX_NAMES,
                format!(
                    "VASSAL names the columns of the map of {} past Z otherwise than the map (AA, BB … against AA, AB …)",
                    scenario.id
                ),
            )
            .at_location(Some(map.location.clone()))
            .note("the set-up stacks past column Z stand at their hexes all the same, placed by position"),
        );
    }
    let title = ruleset.map_or_else(
        || scenario.title.clone(),
        |r| format!("{} — {}", scenario.title, r.name),
    );
    let module = Module {
        title: &title,
        version: ruleset
            .map(|r| r.edition.as_str())
            .filter(|e| !e.is_empty())
            .unwrap_or("1"),
        scenario,
        layer,
        schedule: Schedule::new(scenario, layer),
        map,
        grid: &grid,
        board_image: &board_image,
        counters: &counters,
        by_id: counters.iter().map(|c| (c.front.id.as_str(), c)).collect(),
        counter_px: px(settings.size_mm),
        hex_mm: hex_mm(map, settings.size_mm),
        words: &words,
        language,
        charts: &charts,
        rules: rules.as_ref(),
    };
    let build_file = module.build_file();
    let problems = verify(&build_file, &files.names, map, &grid);
    if !problems.is_empty() {
        return Err(problems
            .into_iter()
            .map(|p| {
                Diagnostic::of(
                    codes::VASSAL_MODULE,
                    format!("the VASSAL module of {} {p}", scenario.id),
                )
            })
            .collect());
    }
    let description = format!("{} ({})", scenario.title, scenario.date);
    let mut head = vec![
        Entry::new(
            "moduledata",
            module_data(&title, module.version, &description, cx.env.created),
        ),
        Entry::new("buildFile.xml", build_file.document()),
    ];
    head.append(&mut entries);
    let bytes = archive::zip(&head).map_err(|e| {
        vec![Diagnostic::of(
            codes::VASSAL_MODULE,
            format!("{}: {e}", scenario.id),
        )]
    })?;
    Ok(Made {
        bytes,
        warnings,
        problems: Vec::new(),
    })
}

/// The archive's entries, named once each.
#[derive(Default)]
struct Files {
    names: HashSet<String>,
}

impl Files {
    fn add(&mut self, entries: &mut Vec<Entry>, name: String, bytes: impl Into<Vec<u8>>) {
        if self.names.insert(name.clone()) {
            entries.push(Entry::new(name, bytes));
        }
    }
}

fn px(mm: f64) -> u32 {
    (mm * PX_PER_MM).round().max(1.0) as u32
}

/// What `buildFile.xml` is written from.
struct Module<'a> {
    title: &'a str,
    version: &'a str,
    scenario: &'a Scenario,
    layer: &'a Layer,
    /// Where and when the layer brings each unit and leader into play.
    schedule: Schedule,
    map: &'a HexMap,
    grid: &'a VassalGrid,
    board_image: &'a str,
    counters: &'a [Counter],
    /// Each counter by its id, for the set-ups and arrivals that name them.
    by_id: HashMap<&'a str, &'a Counter>,
    counter_px: u32,
    hex_mm: f64,
    words: &'a Words<'a>,
    language: &'a str,
    charts: &'a [(String, String)],
    rules: Option<&'a (String, String)>,
}

/// Piece ids as VASSAL numbers them: each slot its own, from 1.
struct Ids(u32);

impl Ids {
    fn next(&mut self) -> u32 {
        self.0 += 1;
        self.0
    }
}

impl Module<'_> {
    fn build_file(&self) -> Element {
        let mut ids = Ids(0);
        let map = self.map_element(&mut ids);
        let trays = self.trays(&mut ids);
        let mut module = Element::vassal("GameModule")
            .attr("ModuleOther1", "")
            .attr("ModuleOther2", "")
            .attr("VassalVersion", VASSAL_VERSION)
            .attr("description", self.title)
            .attr("name", self.title)
            .attr("nextPieceSlotId", ids.0 + 1)
            .attr("version", self.version)
            .child(Element::vassal("module.BasicCommandEncoder"));
        let mut documentation = Element::vassal("module.Documentation");
        if let Some((title, file)) = self.rules {
            documentation = documentation.child(
                Element::vassal("module.documentation.BrowserPDFFile")
                    .attr("pdfFile", file)
                    .attr("title", title),
            );
        }
        module = module
            .child(documentation)
            .child(
                Element::vassal("module.PlayerRoster").children(
                    self.scenario
                        .sides
                        .iter()
                        .map(|s| Element::new("entry").text(s.name_in(self.language))),
                ),
            )
            .child(Element::vassal("module.Chatter"))
            .child(Element::vassal("module.KeyNamer"))
            .child(map)
            .child(trays);
        if !self.charts.is_empty() {
            module = module.child(
                Element::vassal("module.ChartWindow")
                    .attr("name", &self.words.charts)
                    .attr("text", &self.words.charts)
                    .child(
                        Element::vassal("widget.TabWidget")
                            .attr("entryName", &self.words.charts)
                            .children(self.charts.iter().map(|(name, file)| {
                                Element::vassal("widget.Chart")
                                    .attr("chartName", name)
                                    .attr("description", "")
                                    .attr("fileName", file)
                            })),
                    ),
            );
        }
        module
            .child(
                Element::vassal("module.Inventory")
                    .attr("name", &self.words.inventory)
                    .attr("text", &self.words.inventory)
                    .attr("groupBy", "Side,Formation")
                    .attr("nonLeafFormat", "$PropertyValue$")
                    .attr("leafFormat", "$PieceName$ $LocationName$")
                    .attr("sortPieces", "true")
                    .attr("sorting", "alpha")
                    .attr("sortFormat", "$PieceName$")
                    .attr("centerOnPiece", "true")
                    .attr("drawPieces", "true")
                    .attr("foldersOnly", "false")
                    .attr("forwardKeystroke", "true")
                    .attr("showMenu", "true"),
            )
            .child(Element::vassal("module.PrototypesContainer"))
    }

    /// A tray's or stack's copy of a counter: a piece of its own id.
    fn slot(&self, counter: &Counter, ids: &mut Ids) -> Element {
        let gpid = ids.next();
        let mut properties = Vec::new();
        if let Some(side) = &counter.side {
            properties.push(("Side".to_string(), side.clone()));
        }
        properties.push(("Formation".to_string(), counter.group.clone()));
        let piece = Piece {
            name: counter.name.clone(),
            front: counter.front_image.clone(),
            back: Some(counter.back_image.clone()),
            flip: self.words.flip.clone(),
            properties,
            gpid,
        };
        Element::vassal("widget.PieceSlot")
            .attr("entryName", &counter.name)
            .attr("gpid", gpid)
            .attr("height", self.counter_px)
            .attr("width", self.counter_px)
            .text(piece.definition())
    }

    fn panel(&self, name: &str, slots: Vec<Element>) -> Element {
        Element::vassal("widget.PanelWidget")
            .attr("entryName", name)
            .attr("fixed", "false")
            .attr("nColumns", "8")
            .attr("scale", "1.0")
            .attr("vert", "false")
            .children(slots)
    }

    /// The counter trays: a tab per side with a panel per formation (and its
    /// leaders), the markers, and the reinforcements in a panel per turn.
    fn trays(&self, ids: &mut Ids) -> Element {
        let mut tabs = Element::vassal("widget.TabWidget").attr("entryName", &self.words.counters);
        for side in &self.scenario.sides {
            let mut groups: Vec<(&str, Vec<Element>)> = Vec::new();
            for counter in self
                .counters
                .iter()
                .filter(|c| c.side_id.as_deref() == Some(&side.id))
            {
                let slot = self.slot(counter, ids);
                match groups.iter_mut().find(|(g, _)| *g == counter.group) {
                    Some((_, slots)) => slots.push(slot),
                    None => groups.push((&counter.group, vec![slot])),
                }
            }
            if groups.is_empty() {
                continue;
            }
            tabs = tabs.child(
                Element::vassal("widget.ListWidget")
                    .attr("divider", "180")
                    .attr("entryName", side.name_in(self.language))
                    .attr("scale", "1.0")
                    .children(groups.into_iter().map(|(g, slots)| self.panel(g, slots))),
            );
        }
        let markers: Vec<Element> = self
            .counters
            .iter()
            .filter(|c| c.side_id.is_none())
            .map(|c| self.slot(c, ids))
            .collect();
        if !markers.is_empty() {
            tabs = tabs.child(self.panel(&self.words.markers, markers));
        }
        // A tray per turn and side: a player takes his own arrivals.
        type Tray<'c> = (Vec<&'c Counter>, Vec<String>);
        let mut turns: BTreeMap<(u32, usize), Tray> = BTreeMap::new();
        for (i, r) in self.layer.reinforcements.iter().enumerate() {
            for (side, who) in self.scenario.split_by_side(&r.who) {
                let order = side
                    .and_then(|s| self.scenario.sides.iter().position(|x| x.id == s))
                    .unwrap_or(usize::MAX);
                let entry = turns.entry((r.turn, order)).or_default();
                entry
                    .0
                    .extend(self.counters_of(&who, schedule::Entry::Arrives(i)));
                if let Some((c, row)) = r.entry.as_ref().and_then(|h| self.map.grid.locate(h)) {
                    let name = self.map.grid.name(c, row);
                    if !entry.1.contains(&name) {
                        entry.1.push(name);
                    }
                }
            }
        }
        turns.retain(|_, (counters, _)| !counters.is_empty());
        if !turns.is_empty() {
            let panels = turns
                .into_iter()
                .map(|((turn, side), (counters, entries))| {
                    let mut name = self.words.turn(turn);
                    if let Some(side) = self.scenario.sides.get(side) {
                        name = format!("{name} · {}", side.name_in(self.language));
                    }
                    if !entries.is_empty() {
                        name = format!("{name} · {}", entries.join(", "));
                    }
                    let slots = counters.into_iter().map(|c| self.slot(c, ids)).collect();
                    self.panel(&name, slots)
                });
            let panels: Vec<Element> = panels.collect();
            tabs = tabs.child(
                Element::vassal("widget.ListWidget")
                    .attr("divider", "180")
                    .attr("entryName", &self.words.reinforcements)
                    .attr("scale", "1.0")
                    .children(panels),
            );
        }
        Element::vassal("module.PieceWindow")
            .attr("hidden", "false")
            .attr("name", &self.words.counters)
            .attr("scale", "1.0")
            .attr("text", &self.words.counters)
            .child(tabs)
    }

    /// The counters a set-up or arrival brings: its units' (each battalion
    /// of a unit played as several) and its leaders', those the layer's
    /// schedule gives to this `entry` (a unit named more directly elsewhere
    /// is brought there).
    fn counters_of(&self, who: &Who, entry: schedule::Entry) -> Vec<&Counter> {
        let mut ids: Vec<String> = Vec::new();
        for unit in self
            .scenario
            .units_of(who)
            .into_iter()
            .filter(|u| u.takes_part() && self.schedule.entry(&u.id) == Some(entry))
        {
            let parts = self.layer.parts_of(&unit.id);
            if parts.is_empty() {
                ids.push(unit.id.clone());
            }
            ids.extend(parts.into_iter().map(|(id, _)| id.to_string()));
        }
        ids.extend(who.leaders.iter().cloned());
        ids.iter()
            .filter_map(|id| self.by_id.get(id.as_str()).copied())
            .collect()
    }

    /// A `HexGrid` with its numbering, its columns counted from `h_offset`.
    fn hex_grid(&self, h_offset: i64) -> Element {
        let grid = self.grid;
        let numbering = Element::vassal("module.map.boardPicker.board.mapgrid.HexGridNumbering")
            .attr("first", if grid.columns_first { "H" } else { "V" })
            .attr("hDescend", "false")
            .attr("hLeading", grid.h.leading)
            .attr("hOff", h_offset)
            .attr("hType", grid.h.kind.code())
            .attr("locationFormat", "$gridLocation$")
            .attr("sep", "")
            // VASSAL's default is a staggered count; the grid is laid so that
            // none is needed.
            .attr("stagger", "false")
            .attr("vDescend", "false")
            .attr("vLeading", grid.v.leading)
            .attr("vOff", grid.v.offset)
            .attr("vType", grid.v.kind.code())
            .attr("visible", "false");
        Element::vassal("module.map.boardPicker.board.HexGrid")
            .attr("color", "0,0,0")
            .attr("cornersLegal", "false")
            .attr("dotsVisible", "false")
            .attr("dx", grid.dx)
            .attr("dy", grid.dy)
            .attr("edgesLegal", "false")
            .attr("sideways", grid.sideways)
            .attr("snapTo", "true")
            .attr("visible", "false")
            .attr("x0", grid.x0)
            .attr("y0", grid.y0)
            .child(numbering)
    }

    /// The board's grid: one hex grid, or zones of the columns past Z (each
    /// its grid, counted from the zone's first column, behind its letter)
    /// over the grid of the rest.
    fn board_grid(&self) -> Element {
        let grid = self.grid;
        if grid.zones.is_empty() {
            return self.hex_grid(grid.h.offset);
        }
        let (_, height) = self.map.grid.size(1.0);
        let bottom = (height * self.hex_mm * PX_PER_MM).ceil() as i64 + 1;
        let zones = grid.zones.iter().map(|zone| {
            let (left, right) = zone.x;
            let path = format!("{left},-1;{right},-1;{right},{bottom};{left},{bottom}");
            let first = self.map.grid.name(zone.columns.0, self.map.grid.rows.0);
            let last = self.map.grid.name(zone.columns.1, self.map.grid.rows.0);
            let letters = |name: &str| {
                name.trim_end_matches(|c: char| c.is_ascii_digit())
                    .to_string()
            };
            Element::vassal("module.map.boardPicker.board.mapgrid.Zone")
                .attr("locationFormat", format!("{}$gridLocation$", zone.prefix))
                .attr("name", format!("{}–{}", letters(&first), letters(&last)))
                .attr("path", path)
                .attr("useHighlight", "false")
                .attr("useParentGrid", "false")
                .child(self.hex_grid(zone.h_offset))
        });
        Element::vassal("module.map.boardPicker.board.ZonedGrid")
            .children(zones)
            .child(self.hex_grid(grid.h.offset))
    }

    fn map_element(&self, ids: &mut Ids) -> Element {
        let board_name = &self.scenario.title;
        let board = Element::vassal("module.map.boardPicker.Board")
            .attr("image", self.board_image)
            .attr("name", board_name)
            .attr("reversible", "false")
            .child(self.board_grid());
        let mut map = Element::vassal("module.Map")
            .attr("allowMultiple", "false")
            .attr("backgroundcolor", "255,255,255")
            .attr("buttonName", &self.words.map)
            .attr("launch", "false")
            .attr("mapName", &self.words.map)
            .attr("markMoved", "Never")
            .child(Element::vassal("module.map.BoardPicker").child(board))
            .child(
                Element::vassal("module.map.StackMetrics")
                    .attr("disabled", "false")
                    .attr("exSepX", "6")
                    .attr("exSepY", "18")
                    .attr("unexSepX", "3")
                    .attr("unexSepY", "3"),
            );
        // What VASSAL adds to a map made in its editor but not to one it
        // reads: without them pieces cannot be moved, selected or opened.
        for part in [
            "ForwardToKeyBuffer",
            "Scroller",
            "ForwardToChatter",
            "MenuDisplayer",
            "MapCenterer",
            "StackExpander",
            "PieceMover",
            "KeyBufferer",
            "SelectionHighlighters",
            "HighlightLastMoved",
            "CounterDetailViewer",
        ] {
            map = map.child(Element::vassal(&format!("module.map.{part}")));
        }
        map = map.child(
            Element::vassal("module.map.Zoomer")
                .attr("zoomLevels", "0.25,0.5,0.75,1.0,1.5,2.0")
                // Counted from the largest: 1.0.
                .attr("zoomStart", "3"),
        );
        map.children(self.setup_stacks(board_name, ids))
    }

    /// A stack per counter at its set-up hex, by the hex's name where VASSAL
    /// names hexes as the map does, else by position.
    fn setup_stacks(&self, board: &str, ids: &mut Ids) -> Vec<Element> {
        let grid = &self.map.grid;
        let mut placed = HashSet::new();
        let mut stacks = Vec::new();
        for (i, placement) in self.layer.setup.iter().enumerate() {
            let Some((column, row)) = placement.hex.as_ref().and_then(|h| grid.locate(h)) else {
                continue;
            };
            let (x, y) = self.grid.centre(column, row);
            let name = grid.name(column, row);
            // By the hex's name wherever VASSAL names it as the map does.
            let by_name = self.grid.location_name((x, y)) == name;
            for counter in self.counters_of(&placement.who, schedule::Entry::SetUp(i)) {
                if !placed.insert(counter.front.id.clone()) {
                    continue;
                }
                let slot = self.slot(counter, ids);
                stacks.push(
                    Element::vassal("module.map.SetupStack")
                        .attr("location", &name)
                        .attr("name", &counter.name)
                        .attr("owningBoard", board)
                        .attr("useGridLocation", by_name)
                        .attr("x", x)
                        .attr("y", y)
                        .child(slot),
                );
            }
        }
        stacks
    }
}

/// `moduledata`: what VASSAL's library and module manager read first.
fn module_data(
    name: &str,
    version: &str,
    description: &str,
    created: crate::env::Created,
) -> String {
    let saved = created.seconds() * 1000;
    Element::new("data")
        .attr("version", "1")
        .child(Element::new("version").text(version))
        .child(Element::new("extra1").text(""))
        .child(Element::new("extra2").text(""))
        .child(Element::new("VassalVersion").text(VASSAL_VERSION))
        .child(Element::new("dateSaved").text(saved))
        .child(Element::new("description").text(description))
        .child(Element::new("name").text(name))
        .document()
}
