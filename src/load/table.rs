//! `tables/*.toml`: one typed table per file.

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::table::{
    Allow, Base, Column, DiceTest, Effect, FailureBand, Group, LookupTable, Modifier,
    ModifierTable, Pass, RangeRow, RangeTable, Rounding, Sequence, Step,
};
use crate::model::{Cell, Dice, KeyRef, Ratio, Table, TableKind};
use crate::source::FileId;

use super::toml_util::{Document, TomlText};
use crate::model::limits::Limits;

/// Fields every table kind has.
const COMMON_FIELDS: &[&str] = &["id", "kind", "title", "note", "source", "qrs", "allow"];
const MODIFIER_FIELDS: &[&str] = &["base", "roll", "rounding", "minimum", "group"];

/// The table kinds and the top-level fields each accepts besides the common ones.
const KINDS: &[(&str, &[&str])] = &[
    ("modifiers", MODIFIER_FIELDS),
    (
        "dice-test",
        &[
            "base",
            "roll",
            "rounding",
            "minimum",
            "group",
            "dice",
            "pass",
            "on_success",
            "failure",
        ],
    ),
    ("ranges", &["unit", "by", "bands", "rows", "step"]),
    ("lookup", &["columns", "group_by", "rows", "constants"]),
    ("sequence", &["steps", "numbering"]),
    ("missing", &[]),
];

#[derive(Deserialize)]
struct RawHeader {
    id: Spanned<String>,
    kind: Spanned<String>,
    title: String,
    #[serde(default)]
    note: Option<String>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    qrs: bool,
    #[serde(default)]
    allow: Vec<Spanned<RawAllow>>,
}

/// `allow = [{ lint = "…", reason = "…" }]`: a lint the author has looked at.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAllow {
    lint: String,
    reason: String,
}

pub(super) fn allows(toml: &TomlText, raw: Vec<Spanned<RawAllow>>) -> Vec<Allow> {
    raw.into_iter()
        .map(|a| {
            let location = toml.location(a.span());
            let a = a.into_inner();
            Allow {
                lint: a.lint,
                reason: a.reason,
                location,
            }
        })
        .collect()
}

#[derive(Deserialize)]
struct RawModifiers {
    base: Option<Spanned<i64>>,
    roll: Option<Spanned<String>>,
    rounding: Option<Spanned<String>>,
    minimum: Option<i64>,
    #[serde(default)]
    group: Vec<Spanned<RawGroup>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    title: String,
    by: Option<Spanned<String>>,
    values: Option<Spanned<toml::Table>>,
    #[serde(default)]
    partial: bool,
    #[serde(default)]
    exclusive: bool,
    #[serde(default)]
    choice: bool,
    monotonic: Option<Spanned<String>>,
    #[serde(default)]
    modifiers: Vec<Spanned<RawModifier>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawModifier {
    id: Spanned<String>,
    label: String,
    value: Option<i64>,
    factor: Option<Spanned<String>>,
}

#[derive(Deserialize)]
struct RawDiceTest {
    dice: Spanned<String>,
    pass: Option<Spanned<String>>,
    on_success: Option<String>,
    #[serde(default)]
    failure: Vec<Spanned<RawFailure>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFailure {
    from: i64,
    to: Option<i64>,
    result: String,
}

#[derive(Deserialize)]
struct RawRanges {
    unit: String,
    step: Option<f64>,
    by: Spanned<String>,
    bands: Vec<String>,
    rows: Vec<Spanned<RawRangeRow>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRangeRow {
    key: Spanned<String>,
    bounds: Vec<[Number; 2]>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(untagged)]
enum Number {
    Integer(i64),
    Float(f64),
}

impl Number {
    fn as_f64(self) -> f64 {
        match self {
            Number::Integer(i) => i as f64,
            Number::Float(f) => f,
        }
    }
}

#[derive(Deserialize)]
struct RawLookup {
    columns: Vec<Spanned<RawColumn>>,
    group_by: Option<Spanned<String>>,
    rows: Vec<Spanned<toml::Table>>,
    constants: Option<Spanned<toml::Table>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawColumn {
    id: Spanned<String>,
    label: String,
    vocab: Option<Spanned<String>>,
    unit: Option<String>,
    #[serde(default)]
    partial: bool,
    monotonic: Option<Spanned<String>>,
    along: Option<Spanned<String>>,
    rule: Option<Spanned<String>>,
}

#[derive(Deserialize)]
struct RawSequence {
    #[serde(default)]
    numbering: Option<Spanned<String>>,
    steps: Vec<RawStep>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawStep {
    Text(String),
    Nested { text: String, steps: Vec<String> },
}

/// Loads one table file; vocabulary keys it names are returned for checking.
pub fn load(
    file: FileId,
    text: &str,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Option<(Table, Vec<KeyRef>)> {
    let toml = TomlText::whole(file, text);
    let document = toml.parse(limits, diags)?;
    // A table whose numbers are out of range is not loaded: the checks
    // compute with them.
    if !document.numbers_within(crate::model::limits::MAX_TABLE_VALUE, diags) {
        return None;
    }
    let header: RawHeader = document.deserialize("table", diags)?;
    let id_location = toml.location(header.id.span());
    super::check_id(header.id.get_ref(), &id_location, diags);

    let kind_name = header.kind.get_ref().as_str();
    let Some((_, kind_fields)) = KINDS.iter().find(|(name, _)| *name == kind_name) else {
        let names: Vec<_> = KINDS.iter().map(|(n, _)| format!("\"{n}\"")).collect();
        diags.push(
            Diagnostic::error(
                "unknown-table-kind",
                format!("unknown table kind `{kind_name}`"),
            )
            .at_location(Some(toml.location(header.kind.span())))
            .label("not a table kind")
            .expected(format!("one of {}", names.join(", ")))
            .found(format!("\"{kind_name}\"")),
        );
        return None;
    };
    for (key, location) in document.keys() {
        if !COMMON_FIELDS.contains(&key) && !kind_fields.contains(&key) {
            let allowed: Vec<_> = COMMON_FIELDS.iter().chain(kind_fields.iter()).collect();
            diags.push(
                Diagnostic::error(
                    "invalid-field",
                    format!("unknown field `{key}` in a `{kind_name}` table"),
                )
                .at_location(Some(location))
                .expected(format!(
                    "one of {}",
                    allowed
                        .iter()
                        .map(|s| format!("`{s}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
        }
    }

    let mut refs = Vec::new();
    let mut loader = TableLoader {
        toml,
        document: &document,
        diags,
        refs: &mut refs,
    };
    let kind = match kind_name {
        "modifiers" => TableKind::Modifiers(loader.modifiers()?),
        "dice-test" => TableKind::DiceTest(loader.dice_test()?),
        "ranges" => TableKind::Ranges(loader.ranges()?),
        "lookup" => TableKind::Lookup(loader.lookup()?),
        "sequence" => {
            let raw: RawSequence = loader
                .document
                .deserialize("sequence table", loader.diags)?;
            TableKind::Sequence(loader.sequence(raw))
        }
        _ => TableKind::Missing,
    };
    let table = Table {
        id: header.id.into_inner(),
        title: header.title,
        note: header.note,
        source: header.source,
        kind,
        file,
        location: id_location,
        qrs: header.qrs,
        allow: allows(&toml, header.allow),
    };
    Some((table, refs))
}

struct TableLoader<'a> {
    toml: TomlText<'a>,
    document: &'a Document<'a>,
    diags: &'a mut Diagnostics,
    refs: &'a mut Vec<KeyRef>,
}

impl TableLoader<'_> {
    fn error(&mut self, code: &'static str, message: String, location: Location) {
        self.diags
            .push(Diagnostic::error(code, message).at_location(Some(location)));
    }

    fn key_ref(&mut self, vocab: Option<&str>, key: &str, location: Location) {
        self.refs.push(KeyRef {
            vocab: vocab.map(String::from),
            key: key.to_string(),
            location,
        });
    }

    fn modifiers(&mut self) -> Option<ModifierTable> {
        let raw: RawModifiers = self.document.deserialize("modifier table", self.diags)?;
        let base = match (&raw.base, &raw.roll) {
            (Some(base), None) => Base::Fixed(*base.get_ref()),
            (None, Some(roll)) => match roll.get_ref().parse::<Dice>() {
                Ok(dice) => Base::Roll(dice),
                Err(e) => {
                    self.error("invalid-dice", e, self.toml.location(roll.span()));
                    return None;
                }
            },
            (Some(_), Some(roll)) => {
                self.error(
                    "invalid-field",
                    "a table has either `base` or `roll`, not both".into(),
                    self.toml.location(roll.span()),
                );
                return None;
            }
            (None, None) => {
                self.error(
                    "invalid-field",
                    "a modifier table needs `base = <number>` or `roll = \"<dice>\"`".into(),
                    self.toml.location(0..0),
                );
                return None;
            }
        };
        let rounding = match raw
            .rounding
            .as_ref()
            .map(|r| (r.get_ref().as_str(), r.span()))
        {
            None | Some(("none", _)) => Rounding::None,
            Some(("up", _)) => Rounding::Up,
            Some(("down", _)) => Rounding::Down,
            Some(("nearest", _)) => Rounding::Nearest,
            Some((other, span)) => {
                self.diags.push(
                    Diagnostic::error("invalid-field", format!("unknown rounding `{other}`"))
                        .at_location(Some(self.toml.location(span)))
                        .expected("\"up\", \"down\", \"nearest\" or \"none\""),
                );
                Rounding::None
            }
        };
        let mut groups = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for raw_group in raw.group {
            let span = raw_group.span();
            let group = self.group(raw_group.into_inner(), span);
            for m in &group.modifiers {
                if seen.contains(&m.id) && group.by.is_none() {
                    self.error(
                        "duplicate-id",
                        format!("modifier `{}` appears twice in this table", m.id),
                        m.location.clone(),
                    );
                }
                seen.push(m.id.clone());
            }
            groups.push(group);
        }
        Some(ModifierTable {
            base,
            rounding,
            minimum: raw.minimum,
            groups,
        })
    }

    fn group(&mut self, raw: RawGroup, span: std::ops::Range<usize>) -> Group {
        let location = self.toml.location(span.clone());
        let mut modifiers = Vec::new();
        if let Some(monotonic) = &raw.monotonic {
            self.check_direction(monotonic);
        }
        match (&raw.by, &raw.values) {
            (Some(by), Some(values)) => {
                self.key_ref(None, by.get_ref(), self.toml.location(by.span()));
                for (key, value) in values.get_ref() {
                    let key_location = self.toml.key_location(values.span(), key);
                    self.key_ref(Some(by.get_ref()), key, key_location.clone());
                    let Some(value) = value.as_integer() else {
                        self.error(
                            "invalid-field",
                            format!("the value of `{key}` must be a whole number"),
                            key_location,
                        );
                        continue;
                    };
                    modifiers.push(Modifier {
                        id: key.clone(),
                        label: String::new(),
                        effect: Effect::Add(value),
                        location: key_location,
                    });
                }
            }
            (None, None) => {}
            (Some(by), None) => self.error(
                "invalid-field",
                "a group with `by` needs `values = { member = number, … }`".into(),
                self.toml.location(by.span()),
            ),
            (None, Some(values)) => self.error(
                "invalid-field",
                "`values` needs `by = \"<vocabulary>\"` to say whose members they are".into(),
                self.toml.location(values.span()),
            ),
        }
        for raw_modifier in raw.modifiers {
            let raw_modifier = raw_modifier.into_inner();
            let id_location = self.toml.location(raw_modifier.id.span());
            super::check_id(raw_modifier.id.get_ref(), &id_location, self.diags);
            let effect = match (raw_modifier.value, &raw_modifier.factor) {
                (Some(value), None) => Effect::Add(value),
                (None, Some(factor)) => match factor.get_ref().parse::<Ratio>() {
                    Ok(ratio) => Effect::Factor(ratio),
                    Err(e) => {
                        self.error("invalid-field", e, self.toml.location(factor.span()));
                        continue;
                    }
                },
                _ => {
                    self.error(
                        "invalid-field",
                        format!(
                            "modifier `{}` needs exactly one of `value` or `factor`",
                            raw_modifier.id.get_ref()
                        ),
                        id_location,
                    );
                    continue;
                }
            };
            modifiers.push(Modifier {
                id: raw_modifier.id.into_inner(),
                label: raw_modifier.label,
                effect,
                location: id_location,
            });
        }
        Group {
            title: raw.title,
            by_location: raw.by.as_ref().map(|b| self.toml.location(b.span())),
            by: raw.by.map(Spanned::into_inner),
            exclusive: raw.exclusive,
            choice: raw.choice,
            partial: raw.partial,
            monotonic: raw.monotonic.map(Spanned::into_inner),
            modifiers,
            location,
        }
    }

    fn dice_test(&mut self) -> Option<DiceTest> {
        let modifiers = self.modifiers()?;
        let raw: RawDiceTest = self.document.deserialize("dice test", self.diags)?;
        let dice = match raw.dice.get_ref().parse::<Dice>() {
            Ok(dice) => dice,
            Err(e) => {
                self.error("invalid-dice", e, self.toml.location(raw.dice.span()));
                return None;
            }
        };
        let pass = match raw.pass.as_ref().map(|p| (p.get_ref().as_str(), p.span())) {
            None | Some(("at-most", _)) => Pass::AtMost,
            Some(("at-least", _)) => Pass::AtLeast,
            Some((other, span)) => {
                self.diags.push(
                    Diagnostic::error("invalid-field", format!("unknown pass rule `{other}`"))
                        .at_location(Some(self.toml.location(span)))
                        .expected("\"at-most\" or \"at-least\""),
                );
                Pass::AtMost
            }
        };
        let failures = raw
            .failure
            .into_iter()
            .map(|band| {
                let location = self.toml.location(band.span());
                let band = band.into_inner();
                if band.from < 1 || band.to.is_some_and(|to| to < band.from) {
                    self.error(
                        "invalid-field",
                        format!(
                            "a failure band runs from a margin of 1 or more to one no smaller: {}–{}",
                            band.from,
                            band.to.map_or("…".to_string(), |t| t.to_string())
                        ),
                        location.clone(),
                    );
                }
                FailureBand {
                    from: band.from,
                    to: band.to,
                    result: band.result,
                    location,
                }
            })
            .collect();
        Some(DiceTest {
            dice,
            pass,
            modifiers,
            on_success: raw.on_success,
            failures,
        })
    }

    fn ranges(&mut self) -> Option<RangeTable> {
        let raw: RawRanges = self.document.deserialize("range table", self.diags)?;
        self.key_ref(None, raw.by.get_ref(), self.toml.location(raw.by.span()));
        let mut rows = Vec::new();
        for row in raw.rows {
            let row = row.into_inner();
            let location = self.toml.location(row.key.span());
            self.key_ref(Some(raw.by.get_ref()), row.key.get_ref(), location.clone());
            if row.bounds.len() != raw.bands.len() {
                self.error(
                    "invalid-field",
                    format!(
                        "`{}` has {} bounds for {} bands",
                        row.key.get_ref(),
                        row.bounds.len(),
                        raw.bands.len()
                    ),
                    location.clone(),
                );
            }
            if row.bounds.iter().flatten().any(|b| b.as_f64() < 0.0) {
                self.error(
                    "invalid-field",
                    format!("`{}` has a negative range bound", row.key.get_ref()),
                    location.clone(),
                );
            }
            rows.push(RangeRow {
                key: row.key.into_inner(),
                bounds: row
                    .bounds
                    .iter()
                    .map(|[a, b]| (a.as_f64(), b.as_f64()))
                    .collect(),
                location,
            });
        }
        Some(RangeTable {
            unit: raw.unit,
            step: raw.step,
            by: raw.by.into_inner(),
            bands: raw.bands,
            rows,
        })
    }

    fn lookup(&mut self) -> Option<LookupTable> {
        let raw: RawLookup = self.document.deserialize("lookup table", self.diags)?;
        let mut columns: Vec<Column> = Vec::new();
        let mut rules = Vec::new();
        for column in raw.columns {
            let location = self.toml.location(column.span());
            let column = column.into_inner();
            if let Some(vocab) = &column.vocab {
                self.key_ref(None, vocab.get_ref(), self.toml.location(vocab.span()));
            }
            let monotonic = match (&column.monotonic, &column.along) {
                (Some(direction), Some(along)) => {
                    self.check_direction(direction);
                    Some((direction.get_ref().clone(), along.get_ref().clone()))
                }
                (None, None) => None,
                (Some(direction), None) => {
                    self.error(
                        "invalid-field",
                        "`monotonic` on a column needs `along = \"<vocab column>\"`".into(),
                        self.toml.location(direction.span()),
                    );
                    None
                }
                (None, Some(along)) => {
                    self.error(
                        "invalid-field",
                        "`along` goes with `monotonic`".into(),
                        self.toml.location(along.span()),
                    );
                    None
                }
            };
            if let Some(rule) = &column.rule {
                rules.push((columns.len(), rule.clone()));
            }
            columns.push(Column {
                id: column.id.into_inner(),
                label: column.label,
                vocab: column.vocab.map(Spanned::into_inner),
                unit: column.unit,
                partial: column.partial,
                monotonic,
                rule: None,
                location,
            });
        }
        let constants = raw
            .constants
            .as_ref()
            .map(|c| self.constants(c))
            .unwrap_or_default();
        for (index, rule) in rules {
            columns[index].rule = self.rule(&rule, &columns, &constants);
        }
        for column in &columns {
            if let Some((_, along)) = &column.monotonic
                && !columns.iter().any(|c| &c.id == along && c.vocab.is_some())
            {
                self.error(
                    "invalid-field",
                    format!("`along = \"{along}\"` names no vocabulary column of this table"),
                    column.location.clone(),
                );
            }
        }
        if let Some(group_by) = &raw.group_by
            && !columns.iter().any(|c| &c.id == group_by.get_ref())
        {
            self.error(
                "invalid-field",
                format!("`group_by` names no column: `{}`", group_by.get_ref()),
                self.toml.location(group_by.span()),
            );
        }
        let mut rows = Vec::new();
        let mut cell_locations = Vec::new();
        for row in raw.rows {
            let span = row.span();
            let row = row.into_inner();
            for key in row.keys() {
                if !columns.iter().any(|c| &c.id == key) {
                    let known: Vec<_> = columns.iter().map(|c| format!("`{}`", c.id)).collect();
                    self.diags.push(
                        Diagnostic::error("unknown-column", format!("no column `{key}`"))
                            .at_location(Some(self.toml.key_location(span.clone(), key)))
                            .expected(format!("one of {}", known.join(", "))),
                    );
                }
            }
            let cells = columns
                .iter()
                .map(|column| match row.get(&column.id) {
                    None => Cell::Empty,
                    Some(value) => self.cell(column, value, span.clone()),
                })
                .collect();
            rows.push(cells);
            cell_locations.push(
                columns
                    .iter()
                    .map(|c| self.toml.key_location(span.clone(), &c.id))
                    .collect(),
            );
        }
        Some(LookupTable {
            columns,
            group_by: raw.group_by.map(Spanned::into_inner),
            rows,
            cell_locations,
            constants,
        })
    }

    fn sequence(&mut self, raw: RawSequence) -> Sequence {
        let numbering = match &raw.numbering {
            None => '1',
            Some(n) if ["1", "A", "a"].contains(&n.get_ref().as_str()) => {
                n.get_ref().chars().next().unwrap_or('1')
            }
            Some(n) => {
                self.diags.push(
                    Diagnostic::error(
                        "invalid-field",
                        format!("unknown numbering `{}`", n.get_ref()),
                    )
                    .at_location(Some(self.toml.location(n.span())))
                    .expected("\"1\", \"A\" or \"a\""),
                );
                '1'
            }
        };
        let steps = raw
            .steps
            .into_iter()
            .map(|step| match step {
                RawStep::Text(text) => Step {
                    text,
                    steps: Vec::new(),
                },
                RawStep::Nested { text, steps } => Step { text, steps },
            })
            .collect();
        Sequence { numbering, steps }
    }

    fn check_direction(&mut self, direction: &Spanned<String>) {
        if !["increasing", "decreasing"].contains(&direction.get_ref().as_str()) {
            self.diags.push(
                Diagnostic::error(
                    "invalid-field",
                    format!("unknown monotonic direction `{}`", direction.get_ref()),
                )
                .at_location(Some(self.toml.location(direction.span())))
                .expected("\"increasing\" or \"decreasing\""),
            );
        }
    }

    /// `constants = { name = { member = number, … } }`.
    fn constants(&mut self, raw: &Spanned<toml::Table>) -> Vec<(String, Vec<(String, f64)>)> {
        let mut constants = Vec::new();
        for (name, value) in raw.get_ref() {
            let location = self.toml.key_location(raw.span(), name);
            let Some(table) = value.as_table() else {
                self.error(
                    "invalid-field",
                    format!("constant `{name}` maps members to numbers: `{name} = {{ key = 1 }}`"),
                    location,
                );
                continue;
            };
            let mut entries = Vec::new();
            for (key, value) in table {
                match value.as_integer().map(|i| i as f64).or(value.as_float()) {
                    Some(n) => entries.push((key.clone(), n)),
                    None => self.error(
                        "invalid-field",
                        format!("`{name}.{key}` must be a number"),
                        location.clone(),
                    ),
                }
            }
            constants.push((name.clone(), entries));
        }
        constants
    }

    /// Parses a column rule and checks the names it uses.
    fn rule(
        &mut self,
        rule: &Spanned<String>,
        columns: &[Column],
        constants: &[(String, Vec<(String, f64)>)],
    ) -> Option<(crate::model::expr::Expr, Location)> {
        let string = self.toml.location(rule.span());
        // Characters of the rule start after the opening quote.
        let at = |range: std::ops::Range<usize>| {
            let start = string.range.start + 1 + range.start;
            let end = (string.range.start + 1 + range.end).max(start + 1);
            Location::new(string.file, start..end)
        };
        let expr = match crate::model::expr::parse(rule.get_ref()) {
            Ok(expr) => expr,
            Err(e) => {
                self.diags.push(
                    Diagnostic::error("rule-syntax", format!("invalid rule: {}", e.message))
                        .at_location(Some(at(e.range)))
                        .label(e.message),
                );
                return None;
            }
        };
        let mut names = Vec::new();
        expr.names(&mut names);
        let mut ok = true;
        for (name, range) in names {
            let problem = match &name {
                crate::model::expr::Name::Column(c) => {
                    match columns.iter().find(|col| &col.id == c) {
                        None => Some(format!("no column `{c}` in this table")),
                        Some(col) if col.vocab.is_some() => Some(format!(
                            "`{c}` holds member ids, not numbers; use it as a key: `constant[{c}]`"
                        )),
                        Some(_) => None,
                    }
                }
                crate::model::expr::Name::Constant(n, c) => {
                    if !constants.iter().any(|(k, _)| k == n) {
                        Some(format!("no constant `{n}` in this table's `constants`"))
                    } else if !columns.iter().any(|col| &col.id == c) {
                        Some(format!("no column `{c}` in this table"))
                    } else {
                        None
                    }
                }
            };
            if let Some(message) = problem {
                ok = false;
                self.diags.push(
                    Diagnostic::error("rule-syntax", format!("invalid rule: {message}"))
                        .at_location(Some(at(range)))
                        .label(message),
                );
            }
        }
        ok.then_some((expr, string))
    }

    fn cell(&mut self, column: &Column, value: &toml::Value, row: std::ops::Range<usize>) -> Cell {
        let location = self.toml.key_location(row.clone(), &column.id);
        if let Some(vocab) = &column.vocab {
            let keys: Vec<&str> = match value {
                toml::Value::String(s) => vec![s.as_str()],
                toml::Value::Array(items) => items.iter().filter_map(|v| v.as_str()).collect(),
                _ => Vec::new(),
            };
            if keys == ["-"] {
                return Cell::Dash;
            }
            if keys.is_empty() {
                self.error(
                    "invalid-field",
                    format!("`{}` takes member ids of `{vocab}`", column.id),
                    location,
                );
                return Cell::Empty;
            }
            for key in &keys {
                let at = self.toml.string_location(row.clone(), key);
                self.key_ref(Some(vocab), key, at);
            }
            return Cell::Keys(keys.into_iter().map(String::from).collect());
        }
        match value {
            toml::Value::Integer(i) => Cell::Integer(*i),
            toml::Value::Float(f) => Cell::Decimal(*f),
            toml::Value::String(s) if is_dash(s) => Cell::Dash,
            toml::Value::String(s) => match s.parse::<Ratio>() {
                Ok(ratio) => Cell::Fraction(ratio),
                Err(_) => Cell::Text(s.clone()),
            },
            toml::Value::Boolean(b) => Cell::Text(if *b { "✓" } else { "—" }.into()),
            other => {
                self.error(
                    "invalid-field",
                    format!("`{}` holds a number, a fraction or text", column.id),
                    location,
                );
                Cell::Text(other.to_string())
            }
        }
    }
}

fn is_dash(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c == '-' || c == '—' || c == '–')
}
