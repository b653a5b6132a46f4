//! `ranges` tables: for each member of a vocabulary, the bounds of each band.

use crate::diagnostic::codes;
use serde::Deserialize;
use toml::Spanned;

use crate::model::table::{RangeRow, RangeTable};

use super::TableLoader;

#[derive(Deserialize)]
struct RawRanges {
    unit: String,
    step: Option<f64>,
    origin: Option<f64>,
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

impl TableLoader<'_> {
    pub(super) fn ranges(&mut self) -> Option<RangeTable> {
        let raw: RawRanges = self.document.deserialize("range table", self.diags)?;
        self.key_ref(None, raw.by.get_ref(), self.toml.location(raw.by.span()));
        let mut rows = Vec::new();
        for row in raw.rows {
            let row = row.into_inner();
            let location = self.toml.location(row.key.span());
            self.key_ref(Some(raw.by.get_ref()), row.key.get_ref(), location.clone());
            if row.bounds.len() != raw.bands.len() {
                self.error(
                    codes::INVALID_FIELD,
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
                    codes::INVALID_FIELD,
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
            origin: raw.origin.unwrap_or(0.0),
            by: raw.by.into_inner(),
            bands: raw.bands,
            rows,
        })
    }
}
