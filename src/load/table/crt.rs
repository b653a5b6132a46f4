//! `crt` tables: a combat results table — odds or differential columns, a
//! row per die roll, each cell a code of the result vocabulary, and the
//! circumstances that shift the column.

use crate::diagnostic::codes;
use serde::Deserialize;
use toml::Spanned;

use crate::model::Dice;
use crate::model::table::{Beyond, Crt, CrtRow, Shift};

use super::TableLoader;

type S = Spanned<String>;

#[derive(Deserialize)]
struct RawCrt {
    dice: S,
    by: S,
    columns: Vec<S>,
    results: S,
    rows: Vec<Spanned<RawCrtRow>>,
    #[serde(default)]
    shifts: Vec<Spanned<RawShift>>,
    beyond: Option<Spanned<RawBeyond>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCrtRow {
    roll: Spanned<RawRoll>,
    results: Vec<S>,
}

/// A roll, 3, or a run of rolls written "5-6".
#[derive(Deserialize)]
#[serde(untagged)]
enum RawRoll {
    One(i64),
    Run(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShift {
    label: String,
    columns: i64,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawBeyond {
    /// "end-column": odds past an end are read in the end column.
    Word(String),
    /// { below = "AE", above = "DE" }: odds past an end give a result of their own.
    Results { below: String, above: String },
}

impl TableLoader<'_> {
    pub(super) fn crt(&mut self) -> Option<Crt> {
        let raw: RawCrt = self
            .document
            .deserialize("combat results table", self.diags)?;
        let dice = match raw.dice.get_ref().parse::<Dice>() {
            Ok(dice) => dice,
            Err(e) => {
                self.error(codes::INVALID_DICE, e, self.toml.location(raw.dice.span()));
                return None;
            }
        };
        if !["odds", "differential"].contains(&raw.by.get_ref().as_str()) {
            let location = self.toml.location(raw.by.span());
            self.diags.push(
                crate::diagnostic::Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!(
                        "a combat results table is not read by `{}`",
                        raw.by.get_ref()
                    ),
                )
                .at_location(Some(location))
                .expected("\"odds\" (columns such as \"3-1\") or \"differential\" (\"+2\")"),
            );
        }
        let results = raw.results.get_ref().clone();
        self.key_ref(None, &results, self.toml.location(raw.results.span()));
        let mut rows = Vec::new();
        for row in &raw.rows {
            let location = self.toml.location(row.span());
            let roll = &row.get_ref().roll;
            let Some(rolls) = rolls(roll.get_ref()) else {
                self.error(
                    codes::INVALID_FIELD,
                    "a row's `roll` is a roll, 3, or a run of rolls, \"5-6\"".into(),
                    self.toml.location(roll.span()),
                );
                continue;
            };
            let cells = &row.get_ref().results;
            if cells.len() != raw.columns.len() {
                self.error(
                    codes::INVALID_FIELD,
                    format!(
                        "the row of roll {} has {} results for {} columns",
                        crate::model::table::roll_text(rolls),
                        cells.len(),
                        raw.columns.len()
                    ),
                    location.clone(),
                );
            }
            for code in cells.iter().filter(|c| !is_dash(c.get_ref())) {
                self.key_ref(
                    Some(&results),
                    code.get_ref(),
                    self.toml.location(code.span()),
                );
            }
            rows.push(CrtRow {
                rolls,
                cells: cells.iter().map(|c| c.get_ref().clone()).collect(),
                location,
            });
        }
        let beyond = raw.beyond.as_ref().and_then(|b| {
            let location = self.toml.location(b.span());
            match b.get_ref() {
                RawBeyond::Word(word) if word == "end-column" => Some(Beyond::EndColumn),
                RawBeyond::Word(word) => {
                    self.diags.push(
                        crate::diagnostic::Diagnostic::of(
                            codes::INVALID_FIELD,
                            format!("`{word}` does not say what odds past the table give"),
                        )
                        .at_location(Some(location))
                        .expected(
                            "\"end-column\", or the results below and above: { below = \"AE\", above = \"DE\" }",
                        ),
                    );
                    None
                }
                RawBeyond::Results { below, above } => {
                    self.key_ref(Some(&results), below, location.clone());
                    self.key_ref(Some(&results), above, location);
                    Some(Beyond::Results {
                        below: below.clone(),
                        above: above.clone(),
                    })
                }
            }
        });
        Some(Crt {
            dice,
            by: raw.by.get_ref().clone(),
            columns: raw
                .columns
                .iter()
                .map(|c| (c.get_ref().clone(), self.toml.location(c.span())))
                .collect(),
            results,
            rows,
            shifts: raw
                .shifts
                .iter()
                .map(|s| Shift {
                    label: s.get_ref().label.clone(),
                    columns: s.get_ref().columns,
                    location: self.toml.location(s.span()),
                })
                .collect(),
            beyond,
            location: self
                .toml
                .location(raw.columns.first().map_or(raw.by.span(), |c| c.span())),
        })
    }
}

/// A cell left blank on purpose, printed as a dash.
fn is_dash(code: &str) -> bool {
    !code.is_empty() && code.chars().all(|c| matches!(c, '-' | '—' | '–'))
}

fn rolls(roll: &RawRoll) -> Option<(i64, i64)> {
    match roll {
        RawRoll::One(n) => Some((*n, *n)),
        RawRoll::Run(text) => {
            let text = text.replace(['–', '—'], "-");
            let (low, high) = text.split_once('-')?;
            let (low, high): (i64, i64) = (low.trim().parse().ok()?, high.trim().parse().ok()?);
            (low <= high).then_some((low, high))
        }
    }
}
