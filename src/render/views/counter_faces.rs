//! Counter faces: one front and back per unit and leader of a layer and
//! the rules' markers, each with its colours, symbol, values and text fitted
//! to the counter; and the key that explains their symbols. The counter
//! sheet, the booklet, the VASSAL module and `diff` read them.

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Location};
use crate::model::Project;
use crate::model::counter_spec::{CounterSpec, Settings};
use crate::model::scenario::{Layer, Scenario, Unit};
use crate::render::views::counter_names::{abbreviate, short_name};
use serde::Serialize;
use std::collections::HashMap;

/// One face of a counter.
#[derive(Serialize, Clone)]
pub struct Face {
    pub id: String,
    pub title: String,
    pub subtitle: String,
    pub symbol: String,
    /// The unit-size mark over the symbol: "II" a battalion, "III" a
    /// regiment, "X" a brigade (empty on leaders and markers).
    pub size: String,
    /// The values a player reads, in the ruleset's order; "" where the
    /// layer gives none, printed as an empty box to fill in by hand.
    pub values: Vec<String>,
    pub colour: String,
    pub ink: String,
    /// A diagonal band: the disordered or reduced side.
    pub reduced: bool,
    /// Class marks on the right-hand edge (sombra: 1 light, 2 medium, 3 heavy).
    pub circles: u32,
    /// Printed upside down: a back below the fold of a gutter-fold sheet,
    /// which reads upright once folded.
    pub turned: bool,
    /// Where the unit or leader is declared, for warnings.
    #[serde(skip)]
    pub location: Option<Location>,
}

#[derive(Serialize)]
pub struct Placed {
    pub x: f64,
    pub y: f64,
    pub face: Face,
    /// Font sizes in points, fitted to the counter in Rust (see `fit`).
    pub title_pt: f64,
    pub subtitle_pt: f64,
    pub values_pt: f64,
}

/// Text sizes as fractions of the counter's side, and the smallest sizes that
/// stay legible at arm's length, in points. The identification lines (the
/// unit and its formation) are 5.5 pt on every counter of every size, so a
/// larger counter has room for a longer name; the values, what a player
/// reads in play, are the largest text.
const TITLE: (f64, f64) = (0.0, 5.5);

const SUBTITLE: (f64, f64) = (0.0, 5.5);

const VALUES: (f64, f64) = (0.2, 9.0);

/// A line of a counter that is too wide even at its smallest legible size.
pub struct TooWide {
    text: String,
    needs_mm: f64,
    room_mm: f64,
    at_pt: f64,
}

/// The size of an identification line: `share` of the counter, never below
/// the legible `floor`, the same for every counter of the sheet; and the
/// text's overflow when it does not fit the counter's width at that size.
fn fixed(
    text: &str,
    bold: bool,
    (share, floor): (f64, f64),
    settings: &Settings,
) -> (f64, Option<TooWide>) {
    let size_pt = (share * settings.size_mm * 72.0 / 25.4).max(floor);
    let (_, too_wide) = fit(text, bold, (0.0, size_pt), settings);
    (size_pt, too_wide)
}

/// The largest size up to `share` of the counter at which `text` fits its
/// width inside the safe zone, never below the legible `floor`.
fn fit(
    text: &str,
    bold: bool,
    (share, floor): (f64, f64),
    settings: &Settings,
) -> (f64, Option<TooWide>) {
    let size_mm = settings.size_mm;
    let room_mm = (size_mm - 2.0 * settings.safe_mm).max(1.0);
    let size_pt = size_mm * 72.0 / 25.4;
    let largest = (share * size_pt).max(floor);
    let Some(em) = crate::render::typeset::measure::width_em(
        crate::render::typeset::measure::Face::Sans,
        text,
        bold,
    )
    .filter(|em| *em > 0.0) else {
        return (largest, None);
    };
    let wanted = room_mm * 72.0 / 25.4 / em;
    if wanted >= floor {
        return (wanted.min(largest), None);
    }
    let too_wide = TooWide {
        text: text.to_string(),
        needs_mm: em * floor * 25.4 / 72.0,
        room_mm,
        at_pt: floor,
    };
    (floor, Some(too_wide))
}

impl Placed {
    pub fn new((x, y, face): Position, settings: &Settings) -> (Self, Option<TooWide>) {
        let (title_pt, title) = fixed(&face.title, true, TITLE, settings);
        // The second line takes the longest of its shorter forms that fits.
        let mut face = face;
        let forms = crate::render::views::counter_names::shorter_forms(&face.subtitle);
        let fitting = forms
            .iter()
            .find(|form| fixed(form, false, SUBTITLE, settings).1.is_none());
        if let Some(form) = fitting {
            face.subtitle = form.clone();
        }
        let (subtitle_pt, subtitle) = fixed(&face.subtitle, false, SUBTITLE, settings);
        // An empty box is about as wide as a figure.
        let line = face
            .values
            .iter()
            .map(|v| if v.is_empty() { "0" } else { v });
        let (values_pt, values) = fit(&line.collect::<Vec<_>>().join("-"), true, VALUES, settings);
        let placed = Self {
            x,
            y,
            face,
            title_pt,
            subtitle_pt,
            values_pt,
        };
        (placed, title.or(subtitle).or(values))
    }
}

/// A nation's counter colour and ink: the ruleset's where its rules give
/// one (with black or white ink, whichever reads on it), else the neutral
/// `nation` vocabulary's.
fn nation_colour(project: &Project, spec: &CounterSpec, nation: &str) -> (String, String) {
    if let Some(given) = spec.colours.iter().find(|c| c.nation == nation)
        && crate::model::colour::is_colour(&given.colour)
    {
        return (given.colour.clone(), ink_on(&given.colour).to_string());
    }
    let member = project
        .neutral
        .vocabulary("nation")
        .and_then(|v| v.member(nation));
    let attribute = |key: &str, default: &str| {
        member
            .and_then(|m| m.attribute_str(key))
            .filter(|c| crate::model::colour::is_colour(c))
            .unwrap_or(default)
            .to_string()
    };
    (attribute("colour", "#9a9a9a"), attribute("ink", "#000000"))
}

/// Black or white, whichever stands out more on a `#rgb` or `#rrggbb`
/// colour (by its relative luminance, as WCAG reckons contrast).
pub(super) fn ink_on(colour: &str) -> &'static str {
    let hex = colour.trim_start_matches('#');
    let channel = |i: usize, width: usize| {
        let part = &hex[i * width..(i + 1) * width];
        let value = u8::from_str_radix(part, 16).unwrap_or(0);
        let value = if width == 1 { value * 17 } else { value };
        let c = f64::from(value) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let width = if hex.len() < 6 { 1 } else { 2 };
    let luminance =
        0.2126 * channel(0, width) + 0.7152 * channel(1, width) + 0.0722 * channel(2, width);
    // White contrasts more than black below about 0.18.
    if luminance < 0.179 {
        "#ffffff"
    } else {
        "#000000"
    }
}

/// The conventional unit-size mark of an echelon.
fn size_mark(echelon: &str) -> &'static str {
    match echelon {
        "company" | "squadron" | "battery" => "I",
        "battalion" => "II",
        "regiment" => "III",
        "brigade" | "column" => "X",
        "division" => "XX",
        "corps" => "XXX",
        "wing" | "army" => "XXXX",
        _ => "",
    }
}

fn symbol(kind: &str) -> &'static str {
    match kind {
        "line-infantry" | "militia" => "infantry",
        "light-infantry" => "light-infantry",
        "line-cavalry" => "cavalry",
        "light-cavalry" => "light-cavalry",
        "heavy-cavalry" => "heavy-cavalry",
        "foot-artillery" => "foot-artillery",
        "horse-artillery" => "horse-artillery",
        _ => "infantry",
    }
}

/// The counters of one unit: one, or one for each unit of play the layer
/// splits it into (its battalions).
fn unit_counters(
    project: &Project,
    scenario: &Scenario,
    layer: &Layer,
    spec: &CounterSpec,
    values: &dyn Fn(&str, &[String]) -> Vec<String>,
    unit: &crate::model::scenario::Unit,
) -> Vec<(Face, Face)> {
    let mut list = Vec::new();
    let (colour, ink) = nation_colour(project, spec, &unit.nation);
    let language = project.ruleset(&layer.ruleset).map_or("", |r| &r.language);
    let parent = scenario
        .formation(&unit.parent)
        .map_or_else(String::new, |f| {
            f.short_in(language)
                .map_or_else(|| abbreviate(f.name_in(language)), str::to_string)
        });
    let title = unit.short.clone().unwrap_or_else(|| short_name(&unit.name));
    // A unit the layer plays as several (its battalions) has a counter each.
    let parts = layer.parts_of(&unit.id);
    let counters: Vec<(String, String)> = if parts.is_empty() {
        vec![(unit.id.clone(), title)]
    } else {
        parts
            .iter()
            .enumerate()
            .map(|(i, (id, _))| (id.to_string(), format!("{title} {}", i + 1)))
            .collect()
    };
    // Each part of a split unit is one of its battalions or batteries.
    let size = match (parts.is_empty(), unit.arm.as_str()) {
        (true, _) => size_mark(unit.echelon()),
        (false, "artillery") => size_mark("battery"),
        (false, _) => size_mark("battalion"),
    };
    for (id, title) in counters {
        let front = Face {
            id: id.clone(),
            title,
            subtitle: parent.clone(),
            symbol: symbol(&unit.kind).into(),
            size: size.into(),
            values: values(&id, &spec.unit),
            colour: colour.clone(),
            ink: ink.clone(),
            reduced: false,
            circles: class_circles(project, spec, layer, unit),
            turned: false,
            location: Some(unit.location.clone()),
        };
        let back = Face {
            reduced: true,
            values: [spec.unit_back.clone()]
                .into_iter()
                .filter(|back| !back.is_empty())
                .collect(),
            ..front.clone()
        };
        list.push((front, back));
    }
    list
}

/// Both faces of every counter of the layer: units, leaders, then markers.
pub fn counters(project: &Project, scenario: &Scenario, layer: &Layer) -> Vec<(Face, Face)> {
    let default = CounterSpec::default();
    let spec = project
        .ruleset(&layer.ruleset)
        .map_or(&default, |r| &r.counters);
    // The listed values of a unit or leader; "" for each the layer lacks.
    let values = |id: &str, keys: &[String]| {
        keys.iter()
            .map(|key| layer.value(id, key).unwrap_or_default().to_string())
            .collect::<Vec<_>>()
    };
    let nations = side_nations(scenario);
    let language = project.ruleset(&layer.ruleset).map_or("", |r| &r.language);
    let mut list = Vec::new();
    for unit in scenario.units.iter().filter(|u| u.takes_part()) {
        list.extend(unit_counters(project, scenario, layer, spec, &values, unit));
    }
    for leader in &scenario.leaders {
        let (colour, ink) = nation_colour(project, spec, nation_of(&nations, &leader.side));
        let front = Face {
            id: leader.id.clone(),
            title: leader.short.clone().unwrap_or_else(|| {
                let surname = leader.name.split_whitespace().last();
                surname.unwrap_or(&leader.name).to_string()
            }),
            subtitle: match leader.rank.as_str() {
                "" => String::new(),
                rank => project.neutral.label("rank", rank, language).to_string(),
            },
            symbol: "leader".into(),
            size: String::new(),
            values: values(&leader.id, &spec.leader),
            colour,
            ink,
            reduced: false,
            circles: 0,
            turned: false,
            location: Some(leader.location.clone()),
        };
        // The reduced side stands for whoever takes over.
        let (title, subtitle) = if spec.leader_back_named {
            (front.title.clone(), front.subtitle.clone())
        } else {
            (String::new(), String::new())
        };
        let back = Face {
            reduced: true,
            title,
            subtitle,
            values: values(&leader.id, &spec.leader_back),
            ..front.clone()
        };
        list.push((front, back));
    }
    list.extend(markers(project, spec, scenario, layer));
    list
}

/// How many class circles a unit's counter shows: its class from the layer's
/// [values] or else from its neutral type, counted in the ruleset's class
/// vocabulary; none for arms the ruleset does not mark.
fn class_circles(project: &Project, spec: &CounterSpec, layer: &Layer, unit: &Unit) -> u32 {
    let Some(vocabulary) = &spec.class_vocabulary else {
        return 0;
    };
    if !spec.class_arms.contains(&unit.arm) {
        return 0;
    }
    let from_layer = layer.value(&unit.id, "class");
    let from_type = || {
        let types = project.neutral.vocabulary("type")?;
        types.member(&unit.kind)?.attribute_str("class")
    };
    let Some(class) = from_layer.or_else(from_type) else {
        return 0;
    };
    project
        .ruleset(&layer.ruleset)
        .and_then(|r| r.vocabulary(vocabulary))
        .and_then(|v| v.member(class))
        .and_then(|m| m.attributes.iter().find(|(k, _)| k == "circles"))
        .and_then(|(_, v)| v.as_integer())
        .map_or(0, |n| n.clamp(0, 3) as u32)
}

fn nation_of<'a>(nations: &HashMap<&str, &'a str>, side: &str) -> &'a str {
    nations.get(side).copied().unwrap_or("")
}

/// The nation of each side's first unit, for its colours, in one pass.
fn side_nations(scenario: &Scenario) -> HashMap<&str, &str> {
    let mut nations = HashMap::new();
    for unit in &scenario.units {
        if let Some(side) = scenario.unit_side(unit) {
            nations.entry(side).or_insert(unit.nation.as_str());
        }
    }
    nations
}

/// The markers the ruleset declares: plain ones, one per member of a
/// vocabulary (the orders), and numbered ones per side (sombra's FFD).
fn markers(
    project: &Project,
    spec: &CounterSpec,
    scenario: &Scenario,
    layer: &Layer,
) -> Vec<(Face, Face)> {
    let marker = |id: String, title: &str, subtitle: &str, colours: (&str, &str), symbol: &str| {
        let face = Face {
            id,
            title: title.into(),
            subtitle: subtitle.into(),
            symbol: symbol.into(),
            size: String::new(),
            values: Vec::new(),
            colour: colours.0.into(),
            ink: colours.1.into(),
            reduced: false,
            circles: 0,
            turned: false,
            location: None,
        };
        let back = Face {
            reduced: true,
            ..face.clone()
        };
        (face, back)
    };
    const PLAIN: (&str, &str) = ("#f4f1e8", "#000000");
    let mut list = Vec::new();
    let ruleset = project.ruleset(&layer.ruleset);
    for kind in &spec.markers {
        if let Some(vocabulary) = &kind.vocabulary {
            let members = ruleset.and_then(|r| r.vocabulary(vocabulary));
            for member in members.iter().flat_map(|v| &v.members) {
                let title = member.attribute_str("short").unwrap_or(&member.label);
                for copy in 1..=kind.copies {
                    let id = format!("{}-{}-{copy}", kind.id, member.id);
                    let (front, back) = marker(id, title, &kind.label, PLAIN, "order");
                    // Hidden information: every back alike, so that a marker
                    // laid face down tells the enemy nothing.
                    let back = Face {
                        title: kind.label.clone(),
                        subtitle: String::new(),
                        reduced: false,
                        ..back
                    };
                    list.push((front, back));
                }
            }
        } else if let Some(every) = kind.one_per_units {
            // So many per army, each in its nation's colours and numbered
            // within it, as sombra's unknown-factor markers are.
            let language = ruleset.map_or("", |r| r.language.as_str());
            for (side, nation, units) in scenario.units_per_army() {
                let (colour, ink) = nation_colour(project, spec, nation);
                let army = project.neutral.label("nation", nation, language);
                for number in 1..=units / every as usize {
                    let id = format!("{}-{side}-{nation}-{number}", kind.id);
                    let title = format!("{} {number}", kind.label);
                    list.push(marker(id, &title, army, (&colour, &ink), "marker"));
                }
            }
        } else {
            for copy in 1..=kind.copies {
                let id = format!("{}-{copy}", kind.id);
                list.push(marker(id, &kind.label, "", PLAIN, "marker"));
            }
        }
    }
    list
}

/// A face at its top-left corner on the page, in millimetres.
pub type Position = (f64, f64, Face);

/// A face alone, its text fitted to the counter as on the sheet: an image
/// of its own (a VASSAL module's piece).
pub fn lone_face(face: &Face, settings: &Settings) -> impl Serialize + use<> {
    Placed::new((0.0, 0.0, face.clone()), settings).0
}

/// What a sheet's key explains: the symbols, in the sheet's language, and
/// the class marks by their number of circles.
pub struct Legend<'a> {
    pub locale: &'a crate::locale::Locale,
    pub classes: Vec<(u32, String)>,
}

/// The ruleset's classes that counters mark with circles, by their count.
pub fn class_names(ruleset: &crate::model::Ruleset) -> Vec<(u32, String)> {
    let Some(vocabulary) = ruleset
        .counters
        .class_vocabulary
        .as_deref()
        .and_then(|v| ruleset.vocabulary(v))
    else {
        return Vec::new();
    };
    vocabulary
        .members
        .iter()
        .filter_map(|m| {
            let (_, circles) = m.attributes.iter().find(|(k, _)| k == "circles")?;
            let n = circles.as_integer()?.clamp(0, 3) as u32;
            (n > 0).then(|| (n, m.label.clone()))
        })
        .collect()
}

/// One line of a sheet's key: a symbol drawn as on the counters, or a
/// number of class circles, and what it means.
#[derive(Serialize)]
pub struct KeyEntry {
    symbol: String,
    circles: u32,
    label: String,
}

/// The key of a page: each symbol and class mark its counters show, once.
pub fn key(faces: &[Position], legend: &Legend) -> Vec<KeyEntry> {
    let locale = legend.locale;
    let mut entries: Vec<KeyEntry> = Vec::new();
    let mut symbols: Vec<&str> = faces.iter().map(|(_, _, f)| f.symbol.as_str()).collect();
    symbols.sort_by_key(|s| SYMBOLS.iter().position(|k| k == s));
    symbols.dedup();
    for symbol in symbols {
        let label = match symbol {
            "infantry" => &locale.symbol_infantry,
            "light-infantry" => &locale.symbol_light_infantry,
            "cavalry" => &locale.symbol_cavalry,
            "light-cavalry" => &locale.symbol_light_cavalry,
            "heavy-cavalry" => &locale.symbol_heavy_cavalry,
            "foot-artillery" => &locale.symbol_foot_artillery,
            "horse-artillery" => &locale.symbol_horse_artillery,
            "leader" => &locale.symbol_leader,
            // Markers say what they are in words.
            _ => continue,
        };
        entries.push(KeyEntry {
            symbol: symbol.into(),
            circles: 0,
            label: label.clone(),
        });
    }
    for (n, label) in &legend.classes {
        if faces.iter().any(|(_, _, f)| f.circles == *n) {
            entries.push(KeyEntry {
                symbol: String::new(),
                circles: *n,
                label: label.clone(),
            });
        }
    }
    entries
}

/// The symbols in the order a key lists them.
const SYMBOLS: [&str; 8] = [
    "infantry",
    "light-infantry",
    "cavalry",
    "light-cavalry",
    "heavy-cavalry",
    "foot-artillery",
    "horse-artillery",
    "leader",
];

/// The key of every symbol and class mark a layer's counters show, for the
/// scenario booklet.
pub fn layer_key(project: &Project, scenario: &Scenario, layer: &Layer) -> Vec<KeyEntry> {
    let ruleset = project.ruleset(&layer.ruleset);
    let legend = Legend {
        locale: ruleset.map_or_else(|| project.locales.get("en"), |r| r.locale()),
        classes: ruleset.map(class_names).unwrap_or_default(),
    };
    let faces: Vec<Position> = counters(project, scenario, layer)
        .into_iter()
        .map(|(front, _)| (0.0, 0.0, front))
        .collect();
    key(&faces, &legend)
}

pub fn overflow(face: &Face, too_wide: &TooWide, settings: &Settings) -> Diagnostic {
    Diagnostic::of(
        codes::COUNTER_OVERFLOW,
        format!(
            "the text of counter `{}` does not fit a {} mm counter",
            face.id, settings.size_mm
        ),
    )
    .at_location(face.location.clone())
    .label("declared here")
    .expected(format!("at most {:.1} mm of text", too_wide.room_mm))
    .found(format!(
        "`{}` is {:.1} mm wide at {:.1} pt",
        too_wide.text, too_wide.needs_mm, too_wide.at_pt
    ))
    .note("give the unit a `short = \"…\"` name, or print larger counters ([counters] size_mm)")
}
