//! ```` ```diagram ```` blocks: a small figure written as TOML in a chapter.
//! Every problem is reported at the characters of its value, all in one run.

mod raw;
use raw::{RawArrow, RawDiagram, RawField, RawHex, RawNote, RawUnit};

use std::ops::Range;

use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location, Severity};
use crate::model::diagram::{
    Arrow, ArrowStyle, Diagram, Facing, Field, Grid, HexMark, HexSide, Kind, MAX_CIRCLES,
    MAX_HEXES, MAX_ITEMS, Mark, Note, Point, Role, Side, Spot, Unit,
};
use crate::model::layer::Hex;
use crate::model::limits::Limits;
use crate::source::FileId;

use super::toml_util::TomlText;

/// The drawn size of a hex, flat side to flat side, when the block gives none.
pub const DEFAULT_HEX_MM: f64 = 14.0;
/// The drawn size of a counter face, when the block gives none.
pub const DEFAULT_COUNTER_MM: f64 = 40.0;
/// A unit's frontage on plain ground, when the block gives none.
pub const DEFAULT_WIDTH_CM: f64 = 2.0;

const HEX_MM: Range<f64> = 5.0..40.0;
const COUNTER_MM: Range<f64> = 10.0..100.0;
/// Plain ground: up to half a metre each way (it is scaled to the page).
const MAX_PLAIN_CM: f64 = 50.0;

/// The top-level keys and the grids they belong to.
const GRID_KEYS: &[(&str, &[&str])] = &[
    ("columns", &["hex"]),
    ("rows", &["hex"]),
    ("hex_mm", &["hex"]),
    ("hex", &["hex"]),
    ("width_cm", &["plain"]),
    ("height_cm", &["plain"]),
    ("size_mm", &["counter"]),
    ("side", &["counter"]),
    ("field", &["counter"]),
    ("unit", &["hex", "plain"]),
    ("arrow", &["hex", "plain"]),
    ("note", &["hex", "plain"]),
];

const GRIDS: &[&str] = &["hex", "plain", "counter"];

/// Reads the TOML body of a ```` ```diagram ```` block. `offset` is where
/// `text` starts in the chapter file, so that every diagnostic points at its
/// line and column there. `None` when anything is wrong (all of it reported).
pub fn load(
    file: FileId,
    text: &str,
    offset: usize,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Option<Diagram> {
    let errors = diags.count(Severity::Error);
    let toml = TomlText { file, text, offset };
    let document = toml.parse(limits, diags)?;
    let keys: Vec<(String, Location)> = document
        .keys()
        .map(|(key, location)| (key.to_string(), location))
        .collect();
    let raw: RawDiagram = document.deserialize("diagram", diags)?;
    let mut reader = Reader {
        toml,
        diags,
        grid: Grid::Counter {
            size_mm: DEFAULT_COUNTER_MM,
            side: Side::A,
        },
    };
    let grid = reader.grid(&raw, &keys)?;
    reader.grid = grid.clone();
    reader.count(&raw, &keys);
    // The lists of another grid were reported as such: their entries are not
    // read, so that one mistake is not reported once per entry.
    let (hexes, on_ground, counter) = match grid {
        Grid::Hex { .. } => (true, true, false),
        Grid::Plain { .. } => (false, true, false),
        Grid::Counter { .. } => (false, false, true),
    };
    let diagram = Diagram {
        caption: raw.caption.filter(|c| !c.trim().is_empty()),
        hexes: if hexes {
            reader.hexes(&raw.hex)
        } else {
            Vec::new()
        },
        units: (raw.unit.iter().filter(|_| on_ground))
            .filter_map(|u| reader.unit(u))
            .collect(),
        arrows: (raw.arrow.iter().filter(|_| on_ground))
            .filter_map(|a| reader.arrow(a))
            .collect(),
        notes: (raw.note.iter().filter(|_| on_ground))
            .filter_map(|n| reader.note(n))
            .collect(),
        fields: if counter {
            reader.fields(&raw.field)
        } else {
            Vec::new()
        },
        grid,
        location: toml.location(0..text.len()),
    };
    (diags.count(Severity::Error) == errors).then_some(diagram)
}

struct Reader<'a, 'd> {
    toml: TomlText<'a>,
    diags: &'d mut Diagnostics,
    grid: Grid,
}

impl Reader<'_, '_> {
    fn at(&self, span: Range<usize>) -> Option<Location> {
        Some(self.toml.location(span))
    }

    fn invalid(&mut self, span: Range<usize>, message: String, expected: impl Into<String>) {
        let diagnostic = Diagnostic::of(codes::INVALID_FIELD, message)
            .at_location(self.at(span))
            .expected(expected);
        self.diags.push(diagnostic);
    }

    /// A name from a short list; an unknown one is reported with the list and
    /// the closest name.
    fn name<T>(
        &mut self,
        value: &Spanned<String>,
        what: &str,
        names: &[&str],
        parse: impl Fn(&str) -> Option<T>,
    ) -> Option<T> {
        let text = value.get_ref();
        if let Some(found) = parse(text) {
            return Some(found);
        }
        let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
        let mut diagnostic = Diagnostic::of(
            codes::INVALID_FIELD,
            format!("`{}` is not {what}", crate::diagnostic::shorten(text)),
        )
        .at_location(self.at(value.span()))
        .label(format!("not {what}"))
        .expected(format!("one of {}", quoted.join(", ")));
        let close = crate::diagnostic::closest(text, names.iter().copied()).or_else(|| {
            // "ne" for "NE": a case away is no misspelling.
            names.iter().copied().find(|n| n.eq_ignore_ascii_case(text))
        });
        if let Some(close) = close {
            diagnostic = diagnostic.note(format!("did you mean \"{close}\"?"));
        }
        self.diags.push(diagnostic);
        None
    }

    /// A finite number within `range`; a number that is not finite was
    /// reported when the TOML was read.
    fn number(
        &mut self,
        value: &Spanned<f64>,
        what: &str,
        range: Range<f64>,
        unit: &str,
    ) -> Option<f64> {
        let n = *value.get_ref();
        if !n.is_finite() {
            return None;
        }
        if n < range.start || n > range.end {
            self.invalid(
                value.span(),
                format!("{what} of {n} {unit} is outside what a diagram can draw"),
                format!("from {} to {} {unit}", range.start, range.end),
            );
            return None;
        }
        Some(n)
    }

    /// The grid and its size; the keys of other grids are reported.
    fn grid(&mut self, raw: &RawDiagram, keys: &[(String, Location)]) -> Option<Grid> {
        let kind = self.name(&raw.grid, "a kind of grid", GRIDS, |g| {
            GRIDS.contains(&g).then(|| g.to_string())
        })?;
        for (key, location) in keys {
            let Some((_, grids)) = GRID_KEYS.iter().find(|(k, _)| k == key) else {
                continue;
            };
            if !grids.contains(&kind.as_str()) {
                let fits: Vec<String> = grids.iter().map(|g| format!("grid = \"{g}\"")).collect();
                self.diags.push(
                    Diagnostic::of(
                        codes::INVALID_FIELD,
                        format!("`{key}` does not belong in a diagram with grid = \"{kind}\""),
                    )
                    .at_location(Some(location.clone()))
                    .label(format!("only for {}", fits.join(" or ")))
                    .expected(format!("the fields of grid = \"{kind}\"")),
                );
            }
        }
        let grid_span = raw.grid.span();
        match kind.as_str() {
            "hex" => {
                let hex_mm = match &raw.hex_mm {
                    Some(v) => self.number(v, "a hex", HEX_MM, "mm"),
                    None => Some(DEFAULT_HEX_MM),
                };
                let columns = self.dimension(raw.columns.as_ref(), "columns", grid_span.clone());
                let rows = self.dimension(raw.rows.as_ref(), "rows", grid_span);
                let (hex_mm, columns, rows) = (hex_mm?, columns?, rows?);
                if columns * rows > MAX_HEXES {
                    let span = raw.columns.as_ref().map_or(0..0, |c| c.span());
                    self.diags.push(
                        Diagnostic::of(
                            codes::LIMIT,
                            format!(
                                "{columns} × {rows} = {} hexes are more than a diagram may draw",
                                columns * rows
                            ),
                        )
                        .at_location(self.at(span))
                        .expected(format!("at most {MAX_HEXES} hexes"))
                        .note(
                            "a diagram shows a detail of the rules: draw only the hexes it needs",
                        ),
                    );
                    return None;
                }
                Some(Grid::Hex {
                    columns,
                    rows,
                    hex_mm,
                })
            }
            "plain" => {
                let size = |r: &mut Self, v: Option<&Spanned<f64>>, key: &str| match v {
                    Some(v) => r.number(v, &format!("`{key}`"), 0.5..MAX_PLAIN_CM, "cm"),
                    None => {
                        r.invalid(
                            grid_span.clone(),
                            format!("a plain diagram needs `{key}`, its size in cm"),
                            format!("{key} = a number of cm"),
                        );
                        None
                    }
                };
                let width_cm = size(self, raw.width_cm.as_ref(), "width_cm");
                let height_cm = size(self, raw.height_cm.as_ref(), "height_cm");
                Some(Grid::Plain {
                    width_cm: width_cm?,
                    height_cm: height_cm?,
                })
            }
            _ => {
                let size_mm = match &raw.size_mm {
                    Some(v) => self.number(v, "a counter", COUNTER_MM, "mm"),
                    None => Some(DEFAULT_COUNTER_MM),
                };
                let side = match &raw.side {
                    Some(s) => self.name(s, "a side", Side::NAMES, Side::parse),
                    None => Some(Side::A),
                };
                Some(Grid::Counter {
                    size_mm: size_mm?,
                    side: side?,
                })
            }
        }
    }

    /// `columns` or `rows` of a hex grid: required, at least 1.
    fn dimension(
        &mut self,
        value: Option<&Spanned<i64>>,
        key: &str,
        grid_span: Range<usize>,
    ) -> Option<u32> {
        let Some(value) = value else {
            self.invalid(
                grid_span,
                format!("a hex diagram needs `{key}`"),
                format!("{key} = a whole number, 1 or more"),
            );
            return None;
        };
        match u32::try_from(*value.get_ref()) {
            Ok(n) if (1..=MAX_HEXES).contains(&n) => Some(n),
            _ => {
                self.invalid(
                    value.span(),
                    format!("`{key}` must be a whole number from 1 to {MAX_HEXES}"),
                    format!("from 1 to {MAX_HEXES}"),
                );
                None
            }
        }
    }

    /// Hexes marked, units, arrows, notes and fields together: at most
    /// `MAX_ITEMS`, reported at the list that goes over.
    fn count(&mut self, raw: &RawDiagram, keys: &[(String, Location)]) {
        let lists = [
            ("hex", raw.hex.len()),
            ("unit", raw.unit.len()),
            ("arrow", raw.arrow.len()),
            ("note", raw.note.len()),
            ("field", raw.field.len()),
        ];
        let total: usize = lists.iter().map(|(_, n)| n).sum();
        if total <= MAX_ITEMS {
            return;
        }
        let (largest, _) = lists.iter().max_by_key(|(_, n)| *n).expect("five lists");
        let location = keys.iter().find(|(k, _)| k == largest).map(|(_, l)| l);
        self.diags.push(
            Diagnostic::of(
                codes::LIMIT,
                format!("a diagram of {total} entries is more than a diagram may hold"),
            )
            .at_location(location.cloned())
            .expected(format!(
                "at most {MAX_ITEMS} entries ([[hex]], [[unit]], [[arrow]], [[note]] and [[field]] together)"
            ))
            .note("a diagram shows a detail of the rules: split a larger figure into several"),
        );
    }

    /// A place: a hex such as "C2" on a hex grid, `[x, y]` in cm on a plain one.
    fn point(&mut self, value: &Spanned<toml::Value>, key: &str) -> Option<Point> {
        let span = value.span();
        match (&self.grid, value.get_ref()) {
            (&Grid::Hex { columns, rows, .. }, toml::Value::String(text)) => {
                let Some(hex) = Hex::parse(text, self.toml.location(span.clone())) else {
                    self.diags.push(
                        Diagnostic::of(
                            codes::INVALID_HEX,
                            format!("`{}` is not a hex", crate::diagnostic::shorten(text)),
                        )
                        .at_location(self.at(span))
                        .expected("column letters and a row number, e.g. \"C2\""),
                    );
                    return None;
                };
                let inside = (1..=columns).contains(&hex.column) && (1..=rows).contains(&hex.row);
                if !inside {
                    self.invalid(
                        span,
                        format!(
                            "hex {text} is outside the diagram, which has columns A to {} and rows 1 to {rows}",
                            column_letters(columns)
                        ),
                        format!("a hex from A1 to {}{rows}", column_letters(columns)),
                    );
                    return None;
                }
                Some(Point::Hex {
                    column: hex.column - 1,
                    row: hex.row - 1,
                })
            }
            (Grid::Hex { .. }, _) => {
                self.invalid(
                    span,
                    format!("`{key}` in a hex diagram is a hex"),
                    "a hex in quotes, e.g. \"C2\"",
                );
                None
            }
            (
                &Grid::Plain {
                    width_cm,
                    height_cm,
                },
                value,
            ) => {
                let xy = match value {
                    toml::Value::Array(items) if items.len() == 2 => {
                        match (as_number(&items[0]), as_number(&items[1])) {
                            (Some(x), Some(y)) => Some((x, y)),
                            _ => None,
                        }
                    }
                    _ => None,
                };
                let Some((x, y)) = xy else {
                    self.invalid(
                        span,
                        format!("`{key}` in a plain diagram is a point [x, y] in cm"),
                        "two numbers in brackets, e.g. [3, 1.5]",
                    );
                    return None;
                };
                if !x.is_finite() || !y.is_finite() {
                    return None; // reported when the TOML was read
                }
                if !(0.0..=width_cm).contains(&x) || !(0.0..=height_cm).contains(&y) {
                    self.invalid(
                        span,
                        format!(
                            "the point [{x}, {y}] is outside the diagram, which is {width_cm} × {height_cm} cm"
                        ),
                        format!("x from 0 to {width_cm}, y from 0 to {height_cm}"),
                    );
                    return None;
                }
                Some(Point::Cm { x, y })
            }
            (Grid::Counter { .. }, _) => None, // reported as a key of another grid
        }
    }

    fn hexes(&mut self, raw: &[RawHex]) -> Vec<HexMark> {
        let mut marks: Vec<(HexMark, Range<usize>)> = Vec::new();
        for entry in raw {
            let at = self.point(&entry.at, "at");
            let fill = match &entry.fill {
                Some(f) => self
                    .name(f, "a hex fill", Role::NAMES, Role::parse)
                    .map(Some),
                None => Some(None),
            };
            let (Some(at), Some(fill)) = (at, fill) else {
                continue;
            };
            if let Some((_, first)) = marks.iter().find(|(m, _)| m.at == at) {
                let first = self.toml.location(first.clone());
                self.diags.push(
                    Diagnostic::of(codes::INVALID_FIELD, "this hex is marked twice")
                        .at_location(self.at(entry.at.span()))
                        .related(first, "first marked here")
                        .expected("one [[hex]] per hex, with its fill and its label"),
                );
                continue;
            }
            let mark = HexMark {
                at,
                fill,
                label: entry.label.clone().filter(|l| !l.is_empty()),
            };
            marks.push((mark, entry.at.span()));
        }
        marks.into_iter().map(|(m, _)| m).collect()
    }

    fn unit(&mut self, raw: &RawUnit) -> Option<Unit> {
        let at = self.point(&raw.at, "at");
        let facing = match &raw.facing {
            Some(f) => self.facing(f).map(Some),
            None => Some(None),
        };
        let kind = self.name(&raw.kind, "a kind of unit", Kind::NAMES, Kind::parse);
        let side = match &raw.side {
            Some(s) => self.name(s, "a side", Side::NAMES, Side::parse),
            None => Some(Side::A),
        };
        let width_cm = match (&raw.width, &self.grid) {
            (Some(w), &Grid::Plain { width_cm, .. }) => {
                self.number(w, "a frontage", 0.1..width_cm, "cm")
            }
            // On a hex grid a unit fills its hex: the width is not used.
            _ => Some(DEFAULT_WIDTH_CM),
        };
        Some(Unit {
            at: at?,
            facing: facing?,
            kind: kind?,
            side: side?,
            label: raw.label.clone().filter(|l| !l.is_empty()),
            width_cm: width_cm?,
        })
    }

    /// A hex side or "all" on a hex grid; degrees or "all" on plain ground.
    fn facing(&mut self, value: &Spanned<toml::Value>) -> Option<Facing> {
        let span = value.span();
        let hex = matches!(self.grid, Grid::Hex { .. });
        match value.get_ref() {
            toml::Value::String(s) if s == "all" => Some(Facing::All),
            toml::Value::String(s) if hex => {
                let mut names = HexSide::NAMES.to_vec();
                names.push("all");
                let spanned = Spanned::new(span, s.clone());
                self.name(&spanned, "a hex side", &names, HexSide::parse)
                    .map(Facing::Side)
            }
            toml::Value::Integer(_) | toml::Value::Float(_) if !hex => {
                let degrees = as_number(value.get_ref())?;
                degrees
                    .is_finite()
                    .then(|| Facing::Degrees(degrees.rem_euclid(360.0)))
            }
            _ if hex => {
                self.invalid(
                    span,
                    "in a hex diagram a unit faces a hex side".into(),
                    "one of \"N\", \"NE\", \"SE\", \"S\", \"SW\", \"NW\", or \"all\"",
                );
                None
            }
            _ => {
                self.invalid(
                    span,
                    "in a plain diagram a unit faces a direction in degrees".into(),
                    "degrees clockwise from the top (0 up, 90 right), or \"all\"",
                );
                None
            }
        }
    }

    fn arrow(&mut self, raw: &RawArrow) -> Option<Arrow> {
        let from = self.point(&raw.from, "from");
        let to = self.point(&raw.to, "to");
        let style = self.name(
            &raw.style,
            "an arrow style",
            ArrowStyle::NAMES,
            ArrowStyle::parse,
        );
        let (from, to) = (from?, to?);
        if from == to {
            self.invalid(
                raw.to.span(),
                "the arrow ends where it starts".into(),
                "`to` another place than `from`",
            );
            return None;
        }
        Some(Arrow {
            from,
            to,
            style: style?,
            label: raw.label.clone().filter(|l| !l.is_empty()),
        })
    }

    fn note(&mut self, raw: &RawNote) -> Option<Note> {
        Some(Note {
            at: self.point(&raw.at, "at")?,
            text: raw.text.clone(),
        })
    }

    fn fields(&mut self, raw: &[RawField]) -> Vec<Field> {
        let mut fields: Vec<(Field, Range<usize>)> = Vec::new();
        for entry in raw {
            let at = self.name(&entry.at, "a place on a counter", Spot::NAMES, Spot::parse);
            let mark = self.mark(entry);
            let (Some(at), Some(mark)) = (at, mark) else {
                continue;
            };
            if let Some((_, first)) = fields.iter().find(|(f, _)| f.at == at) {
                let first = self.toml.location(first.clone());
                self.diags.push(
                    Diagnostic::of(
                        codes::INVALID_FIELD,
                        format!(
                            "two fields at \"{}\" would print over each other",
                            at.name()
                        ),
                    )
                    .at_location(self.at(entry.at.span()))
                    .related(first, "the first is here")
                    .expected("one field at each place of the counter"),
                );
                continue;
            }
            let field = Field {
                at,
                mark,
                label: entry.label.clone().filter(|l| !l.is_empty()),
            };
            fields.push((field, entry.at.span()));
        }
        fields.into_iter().map(|(f, _)| f).collect()
    }

    /// What a field shows: exactly one of `text`, `symbol` and `circles`.
    fn mark(&mut self, raw: &RawField) -> Option<Mark> {
        let given = [
            raw.text.is_some(),
            raw.symbol.is_some(),
            raw.circles.is_some(),
        ];
        if given.iter().filter(|g| **g).count() != 1 {
            self.invalid(
                raw.at.span(),
                "a field shows one thing: a value (`text`), a symbol (`symbol`) or class circles (`circles`)".into(),
                "exactly one of text, symbol, circles",
            );
            return None;
        }
        if let Some(text) = &raw.text {
            return Some(Mark::Text(text.clone()));
        }
        if let Some(symbol) = &raw.symbol {
            return self
                .name(symbol, "a kind of unit", Kind::NAMES, Kind::parse)
                .map(Mark::Symbol);
        }
        let circles = raw.circles.as_ref()?;
        match u32::try_from(*circles.get_ref()) {
            Ok(n) if (1..=MAX_CIRCLES).contains(&n) => Some(Mark::Circles(n)),
            _ => {
                self.invalid(
                    circles.span(),
                    format!("`circles` must be a whole number from 1 to {MAX_CIRCLES}"),
                    format!("from 1 to {MAX_CIRCLES}"),
                );
                None
            }
        }
    }
}

/// An integer or a float of TOML as a number.
fn as_number(value: &toml::Value) -> Option<f64> {
    match value {
        toml::Value::Integer(i) => Some(*i as f64),
        toml::Value::Float(f) => Some(*f),
        _ => None,
    }
}

/// 1 → "A", 26 → "Z", 27 → "AA".
pub fn column_letters(mut column: u32) -> String {
    let mut letters = Vec::new();
    while column > 0 {
        let digit = (column - 1) % 26;
        letters.push(char::from(b'A' + digit as u8));
        column = (column - 1) / 26;
    }
    letters.iter().rev().collect()
}

#[cfg(test)]
mod tests;
