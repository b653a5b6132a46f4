//! `lookup` tables: typed columns, rows of cells, constants and column rules.

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Location};
use crate::model::table::{Column, LookupTable};
use crate::model::{Cell, Ratio};

use super::TableLoader;

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

impl TableLoader<'_> {
    pub(super) fn lookup(&mut self) -> Option<LookupTable> {
        let raw: RawLookup = self.document.deserialize("lookup table", self.diags)?;
        let mut columns: Vec<Column> = Vec::new();
        let mut rules = Vec::new();
        for column in raw.columns {
            let (column, rule) = self.column(column);
            if let Some(rule) = rule {
                rules.push((columns.len(), rule));
            }
            columns.push(column);
        }
        let constants = raw
            .constants
            .as_ref()
            .map(|c| self.constants(c))
            .unwrap_or_default();
        for (index, rule) in rules {
            columns[index].rule = self.rule(&rule, &columns, &constants);
        }
        self.check_column_names(&columns, raw.group_by.as_ref());
        let mut rows = Vec::new();
        let mut cell_locations = Vec::new();
        let mut row_ids: Vec<Option<String>> = Vec::new();
        for row in raw.rows {
            let id = self.row_id(&columns, &row, &row_ids);
            let (cells, locations) = self.row(&columns, row);
            rows.push(cells);
            cell_locations.push(locations);
            row_ids.push(id);
        }
        Some(LookupTable {
            columns,
            group_by: raw.group_by.map(Spanned::into_inner),
            rows,
            cell_locations,
            row_ids,
            constants,
        })
    }

    /// One column, its vocabulary recorded for checking; its rule is returned
    /// apart, to be parsed once every column and constant is known.
    fn column(&mut self, column: Spanned<RawColumn>) -> (Column, Option<Spanned<String>>) {
        let location = self.toml.location(column.span());
        let column = column.into_inner();
        if let Some(vocab) = &column.vocab {
            self.key_ref(None, vocab.get_ref(), self.toml.location(vocab.span()));
        }
        let monotonic = self.column_monotonic(&column);
        let rule = column.rule.clone();
        let column = Column {
            id: column.id.into_inner(),
            label: column.label,
            vocab: column.vocab.map(Spanned::into_inner),
            unit: column.unit,
            partial: column.partial,
            monotonic,
            rule: None,
            location,
        };
        (column, rule)
    }

    /// `monotonic` and `along`, which go together: the direction a column's
    /// numbers run along a vocabulary column.
    fn column_monotonic(&mut self, column: &RawColumn) -> Option<(String, String)> {
        match (&column.monotonic, &column.along) {
            (Some(direction), Some(along)) => {
                self.check_direction(direction);
                Some((direction.get_ref().clone(), along.get_ref().clone()))
            }
            (None, None) => None,
            (Some(direction), None) => {
                self.error(
                    codes::INVALID_FIELD,
                    "`monotonic` on a column needs `along = \"<vocab column>\"`".into(),
                    self.toml.location(direction.span()),
                );
                None
            }
            (None, Some(along)) => {
                self.error(
                    codes::INVALID_FIELD,
                    "`along` goes with `monotonic`".into(),
                    self.toml.location(along.span()),
                );
                None
            }
        }
    }

    /// `along` and `group_by` must name columns of the table.
    fn check_column_names(&mut self, columns: &[Column], group_by: Option<&Spanned<String>>) {
        for column in columns {
            if let Some((_, along)) = &column.monotonic
                && !columns.iter().any(|c| &c.id == along && c.vocab.is_some())
            {
                self.error(
                    codes::INVALID_FIELD,
                    format!("`along = \"{along}\"` names no vocabulary column of this table"),
                    column.location.clone(),
                );
            }
        }
        if let Some(group_by) = group_by
            && !columns.iter().any(|c| &c.id == group_by.get_ref())
        {
            self.error(
                codes::INVALID_FIELD,
                format!("`group_by` names no column: `{}`", group_by.get_ref()),
                self.toml.location(group_by.span()),
            );
        }
    }

    /// One row's cells, column by column, and where each column's cell is.
    fn row(&mut self, columns: &[Column], row: Spanned<toml::Table>) -> (Vec<Cell>, Vec<Location>) {
        let span = row.span();
        let row = row.into_inner();
        for key in row.keys() {
            let is_row_id = key == "id" && !columns.iter().any(|c| c.id == "id");
            if !is_row_id && !columns.iter().any(|c| &c.id == key) {
                let known: Vec<_> = columns.iter().map(|c| format!("`{}`", c.id)).collect();
                self.diags.push(
                    Diagnostic::of(codes::UNKNOWN_COLUMN, format!("no column `{key}`"))
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
        let locations = columns
            .iter()
            .map(|c| self.toml.key_location(span.clone(), &c.id))
            .collect();
        (cells, locations)
    }

    /// A row's own `id`, when the table has no column of that name: a short
    /// name the text's claims and later editions refer to the row by.
    fn row_id(
        &mut self,
        columns: &[Column],
        row: &Spanned<toml::Table>,
        earlier: &[Option<String>],
    ) -> Option<String> {
        if columns.iter().any(|c| c.id == "id") {
            return None;
        }
        let value = row.get_ref().get("id")?;
        let location = self.toml.key_location(row.span(), "id");
        let Some(id) = value.as_str() else {
            self.error(
                codes::INVALID_FIELD,
                "a row's `id` is a short name in quotes: `id = \"advance\"`".into(),
                location,
            );
            return None;
        };
        if earlier.iter().flatten().any(|e| e == id) {
            self.error(
                codes::DUPLICATE_ID,
                format!("two rows of this table have the id `{id}`"),
                location,
            );
        }
        Some(id.to_string())
    }

    /// `constants = { name = { member = number, … } }`.
    fn constants(&mut self, raw: &Spanned<toml::Table>) -> Vec<(String, Vec<(String, f64)>)> {
        let mut constants = Vec::new();
        for (name, value) in raw.get_ref() {
            let location = self.toml.key_location(raw.span(), name);
            let Some(table) = value.as_table() else {
                self.error(
                    codes::INVALID_FIELD,
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
                        codes::INVALID_FIELD,
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
                    Diagnostic::of(codes::RULE_SYNTAX, format!("invalid rule: {}", e.message))
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
                    Diagnostic::of(codes::RULE_SYNTAX, format!("invalid rule: {message}"))
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
                    codes::INVALID_FIELD,
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
                Ok(ratio) if s.trim_start().starts_with('+') => Cell::Signed(ratio),
                Ok(ratio) => Cell::Fraction(ratio),
                Err(_) => Cell::Text(s.clone()),
            },
            toml::Value::Boolean(b) => Cell::Text(if *b { "✓" } else { "—" }.into()),
            other => {
                self.error(
                    codes::INVALID_FIELD,
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
