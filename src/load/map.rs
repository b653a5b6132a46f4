//! A layer's `[map]`: the grid, and the terrain, hexsides, paths, places,
//! zones, objectives and entry hexes on it.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::layer::Hex;
use crate::model::limits::{self, Limits};
use crate::model::map::{
    Entry, Grid, HexMap, Hexside, Lettering, Objective, Orientation, Path, Place, Zone,
};
use crate::model::scenario::Target;

use super::scenario::Reader;

type S = Spanned<String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMap {
    columns: [S; 2],
    rows: [Spanned<u32>; 2],
    orientation: Option<S>,
    lettering: Option<S>,
    shifted: Option<S>,
    hex_mm: Option<Spanned<f64>>,
    metres_per_hex: Option<Spanned<f64>>,
    north: Option<Spanned<f64>>,
    default_terrain: Option<S>,
    #[serde(default)]
    terrain: BTreeMap<S, Vec<S>>,
    #[serde(default)]
    elevation: BTreeMap<S, Vec<S>>,
    #[serde(default)]
    hexside: Vec<RawHexside>,
    #[serde(default)]
    path: Vec<RawPath>,
    #[serde(default)]
    place: Vec<RawPlace>,
    #[serde(default)]
    zone: Vec<RawZone>,
    #[serde(default)]
    objective: Vec<RawObjective>,
    #[serde(default)]
    entry: Vec<RawEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexside {
    feature: S,
    between: Vec<[S; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPath {
    feature: S,
    hexes: Vec<S>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlace {
    name: String,
    hex: S,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawZone {
    side: S,
    #[serde(default)]
    name: String,
    hexes: Spanned<Vec<S>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawObjective {
    hex: S,
    value: u32,
    side: Option<S>,
    #[serde(default)]
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    hex: S,
    side: Option<S>,
    #[serde(default)]
    name: String,
}

/// The largest hex a map may be drawn at, and the most ground one may cover.
const MAX_HEX_MM: f64 = 1000.0;
const MAX_METRES_PER_HEX: f64 = 100_000.0;
/// The highest row a hex name can write, and the largest map a page holds.
const MAX_ROW: u32 = 9999;
const MAX_SIDE_MM: f64 = 5000.0;
/// Levels of elevation, above or below the ground.
const MAX_LEVEL: i32 = 100;

/// Reads a layer's map; `None` (with the problems reported) when its grid is unusable.
pub(super) fn read_map(
    r: &mut Reader,
    raw: RawMap,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Option<HexMap> {
    let grid = read_grid(r, &raw, limits, diags)?;
    let mut budget = Budget {
        left: limits.get(limits::MAP_HEXES),
        reported: false,
    };
    let location = r.toml.location(raw.columns[0].span());
    let mut map = HexMap {
        hex_mm: positive(r, raw.hex_mm.as_ref(), MAX_HEX_MM, diags),
        metres_per_hex: positive(r, raw.metres_per_hex.as_ref(), MAX_METRES_PER_HEX, diags),
        north: raw.north.as_ref().and_then(|n| {
            let degrees = *n.get_ref();
            let fits = (-360.0..=360.0).contains(&degrees);
            if !fits {
                diags.push(
                    Diagnostic::of(codes::INVALID_FIELD, format!("{degrees}° is no bearing"))
                        .at_location(Some(r.toml.location(n.span())))
                        .expected("degrees clockwise from the top of the map, from -360 to 360"),
                );
            }
            fits.then_some(degrees)
        }),
        orientation_given: raw.orientation.is_some(),
        default_terrain: raw
            .default_terrain
            .as_ref()
            .map(|t| (t.get_ref().clone(), r.toml.location(t.span()))),
        ..HexMap::new(grid, location)
    };
    for (terrain, list) in &raw.terrain {
        let hexes = hex_list(r, &map.grid, list, &mut budget, diags);
        let location = r.toml.location(terrain.span());
        map.terrain
            .push((terrain.get_ref().clone(), hexes, location));
    }
    for (level, list) in &raw.elevation {
        let number = level
            .get_ref()
            .parse::<i32>()
            .ok()
            .filter(|n| n.abs() <= MAX_LEVEL);
        let Some(number) = number else {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("`{}` is not an elevation", level.get_ref()),
                )
                .at_location(Some(r.toml.location(level.span())))
                .expected(format!("a whole number of levels from -{MAX_LEVEL} to {MAX_LEVEL}, e.g. \"1\" or \"-1\"")),
            );
            continue;
        };
        let hexes = hex_list(r, &map.grid, list, &mut budget, diags);
        map.elevation.push((number, hexes));
    }
    for side in &raw.hexside {
        for [a, b] in &side.between {
            if let (Some(a), Some(b)) = (r.hex(a, diags), r.hex(b, diags)) {
                map.hexsides.push(Hexside {
                    feature: side.feature.get_ref().clone(),
                    between: [a, b],
                    location: r.toml.location(side.feature.span()),
                });
            }
        }
    }
    map.paths = raw
        .path
        .iter()
        .map(|p| Path {
            feature: p.feature.get_ref().clone(),
            hexes: p.hexes.iter().filter_map(|h| r.hex(h, diags)).collect(),
            location: r.toml.location(p.feature.span()),
        })
        .collect();
    map.places = raw
        .place
        .iter()
        .filter_map(|p| {
            Some(Place {
                name: p.name.clone(),
                hex: r.hex(&p.hex, diags)?,
            })
        })
        .collect();
    read_sides(r, &raw, &mut map, &mut budget, diags);
    if let Some(hex_mm) = map.hex_mm {
        let (width, height) = map.grid.size(hex_mm);
        if width.max(height) > MAX_SIDE_MM {
            diags.push(
                Diagnostic::of(
                    codes::LIMIT,
                    format!("the map would print {:.0} × {:.0} mm", width, height),
                )
                .at_location(Some(map.location.clone()))
                .expected(format!(
                    "a map at most {MAX_SIDE_MM} mm on a side: smaller hexes or fewer of them"
                )),
            );
            map.hex_mm = None;
        }
    }
    Some(map)
}

/// Zones, objectives and entry hexes: what belongs to a side.
fn read_sides(
    r: &mut Reader,
    raw: &RawMap,
    map: &mut HexMap,
    budget: &mut Budget,
    diags: &mut Diagnostics,
) {
    for zone in &raw.zone {
        let hexes = hex_list(r, &map.grid, zone.hexes.get_ref(), budget, diags);
        map.zones.push(Zone {
            side: r.refer(Target::Side, &zone.side),
            name: zone.name.clone(),
            hexes,
            location: r.toml.location(zone.hexes.span()),
        });
    }
    for objective in &raw.objective {
        if let Some(hex) = r.hex(&objective.hex, diags) {
            let side = objective.side.as_ref().map(|s| r.refer(Target::Side, s));
            map.objectives.push(Objective {
                hex,
                value: objective.value,
                side,
                name: objective.name.clone(),
            });
        }
    }
    for entry in &raw.entry {
        if let Some(hex) = r.hex(&entry.hex, diags) {
            let side = entry.side.as_ref().map(|s| r.refer(Target::Side, s));
            map.entries.push(Entry {
                hex,
                side,
                name: entry.name.clone(),
            });
        }
    }
}

/// How many more hexes the map's lists may name.
struct Budget {
    left: u64,
    reported: bool,
}

/// A list of hexes and blocks of hexes ("C3..F7": columns C to F, rows 3 to 7).
fn hex_list(
    r: &Reader,
    grid: &Grid,
    list: &[S],
    budget: &mut Budget,
    diags: &mut Diagnostics,
) -> Vec<Hex> {
    let mut hexes = Vec::new();
    for item in list {
        let text = item.get_ref();
        let location = r.toml.location(item.span());
        let Some((from, to)) = text.split_once("..") else {
            hexes.extend(r.hex(item, diags));
            continue;
        };
        let ends = (grid.parse(from), grid.parse(to));
        let (Some(from), Some(to)) = ends else {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_HEX,
                    format!("`{text}` is not a block of hexes"),
                )
                .at_location(Some(location))
                .expected("two hexes of the map joined by \"..\", e.g. \"C3..F7\""),
            );
            continue;
        };
        let columns = from.0.min(to.0)..=from.0.max(to.0);
        let rows = from.1.min(to.1)..=from.1.max(to.1);
        let count = columns.clone().count() as u64 * rows.clone().count() as u64;
        if count > budget.left {
            if !budget.reported {
                diags.push(
                    Diagnostic::of(
                        codes::LIMIT,
                        "the map's lists name more hexes than the `map_hexes` limit",
                    )
                    .at_location(Some(location))
                    .expected(format!(
                        "at most {} hexes in all (raise `[limits] map_hexes` in grognard.toml)",
                        limits::group_digits(budget.left)
                    )),
                );
                budget.reported = true;
            }
            continue;
        }
        budget.left -= count;
        for column in columns {
            for row in rows.clone() {
                hexes.push(Hex {
                    text: grid.name(column, row),
                    column,
                    row,
                    location: location.clone(),
                });
            }
        }
    }
    hexes
}

/// The grid: its orientation, lettering, extent and which columns are shifted.
fn read_grid(r: &Reader, raw: &RawMap, limits: &Limits, diags: &mut Diagnostics) -> Option<Grid> {
    let orientation = choice(
        r,
        raw.orientation.as_ref(),
        &[("flat", Orientation::Flat), ("pointy", Orientation::Pointy)],
        diags,
    )?
    .unwrap_or(Orientation::Flat);
    let lettering = choice(
        r,
        raw.lettering.as_ref(),
        &[
            ("letters", Lettering::Letters),
            ("doubled", Lettering::Doubled),
            ("numbers", Lettering::Numbers),
        ],
        diags,
    )?
    .unwrap_or(Lettering::Letters);
    let even_shifted = choice(
        r,
        raw.shifted.as_ref(),
        &[("even", true), ("odd", false)],
        diags,
    )?
    .unwrap_or(true);
    let mut grid = Grid {
        orientation,
        lettering,
        columns: (1, 1),
        rows: (raw.rows[0].get_ref().to_owned(), *raw.rows[1].get_ref()),
        even_shifted,
    };
    let column = |letters: &S, diags: &mut Diagnostics| {
        let text = letters.get_ref();
        let number = match lettering {
            Lettering::Numbers => text
                .parse::<u32>()
                .ok()
                .filter(|_| text.len() == 2 && text.bytes().all(|b| b.is_ascii_digit())),
            _ => grid.column_of(text),
        };
        if number.is_none() {
            let expected = match lettering {
                Lettering::Letters => "one or two capital letters, e.g. \"A\" or \"AH\"",
                Lettering::Doubled => "a letter, or a letter doubled, e.g. \"A\" or \"BB\"",
                Lettering::Numbers => "two digits, e.g. \"01\" or \"42\"",
            };
            diags.push(
                Diagnostic::of(codes::INVALID_HEX, format!("`{text}` is not a map column"))
                    .at_location(Some(r.toml.location(letters.span())))
                    .expected(expected),
            );
        }
        number
    };
    let first = column(&raw.columns[0], diags);
    let last = column(&raw.columns[1], diags);
    grid.columns = (first?, last?);
    if grid.rows.1 > MAX_ROW {
        diags.push(
            Diagnostic::of(
                codes::LIMIT,
                format!("row {} is beyond any map", grid.rows.1),
            )
            .at_location(Some(r.toml.location(raw.rows[1].span())))
            .expected(format!("rows of at most {MAX_ROW}")),
        );
        return None;
    }
    let backwards = [
        (grid.columns.0 > grid.columns.1, raw.columns[1].span()),
        (grid.rows.0 > grid.rows.1, raw.rows[1].span()),
    ];
    for (wrong, span) in backwards.clone() {
        if wrong {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    "the map's last column or row comes before its first",
                )
                .at_location(Some(r.toml.location(span)))
                .expected("the first column and row, then the last"),
            );
        }
    }
    if backwards.iter().any(|(wrong, _)| *wrong) {
        return None;
    }
    let limit = limits.get(limits::MAP_HEXES);
    if grid.hex_count() > limit {
        diags.push(
            Diagnostic::of(
                codes::LIMIT,
                format!(
                    "the map has {} hexes",
                    limits::group_digits(grid.hex_count())
                ),
            )
            .at_location(Some(r.toml.location(raw.columns[0].span())))
            .expected(format!(
                "at most {} (raise `[limits] map_hexes` in grognard.toml)",
                limits::group_digits(limit)
            )),
        );
        return None;
    }
    Some(grid)
}

/// One of a field's allowed words, as its value: `Some(None)` when the
/// field is absent, `None` when it is wrong (and reported).
fn choice<T: Copy>(
    r: &Reader,
    field: Option<&S>,
    allowed: &[(&str, T)],
    diags: &mut Diagnostics,
) -> Option<Option<T>> {
    let Some(field) = field else {
        return Some(None);
    };
    if let Some((_, value)) = allowed.iter().find(|(word, _)| word == field.get_ref()) {
        return Some(Some(*value));
    }
    let words: Vec<String> = allowed.iter().map(|(w, _)| format!("\"{w}\"")).collect();
    diags.push(
        Diagnostic::of(
            codes::INVALID_FIELD,
            format!("`{}` is not allowed here", field.get_ref()),
        )
        .at_location(Some(r.toml.location(field.span())))
        .expected(format!("one of {}", words.join(", "))),
    );
    None
}

/// A size above zero and at most `max`, else reported.
fn positive(
    r: &Reader,
    value: Option<&Spanned<f64>>,
    max: f64,
    diags: &mut Diagnostics,
) -> Option<f64> {
    let value = value?;
    let number = *value.get_ref();
    if number > 0.0 && number <= max {
        return Some(number);
    }
    diags.push(
        Diagnostic::of(
            codes::INVALID_FIELD,
            format!("{number} is not a usable size"),
        )
        .at_location(Some(r.toml.location(value.span())))
        .expected(format!("a number above 0 and at most {max}")),
    );
    None
}
