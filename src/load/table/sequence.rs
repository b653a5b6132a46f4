//! `sequence` tables: numbered steps, each with optional sub-steps; and
//! the shape of a `missing` table, the simplest kind.

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::table::{MissingTable, Sequence, Step};

use super::TableLoader;

/// A missing table's known heads (`columns`, `rows`): labels only.
#[derive(Deserialize)]
struct RawMissing {
    #[serde(default)]
    columns: Vec<String>,
    #[serde(default)]
    rows: Vec<String>,
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

impl TableLoader<'_> {
    /// A table the source does not print: what is known of its shape.
    pub(super) fn missing(&mut self) -> Option<MissingTable> {
        let raw: RawMissing = self.document.deserialize("missing table", self.diags)?;
        Some(MissingTable {
            columns: raw.columns,
            rows: raw.rows,
        })
    }

    pub(super) fn sequence(&mut self) -> Option<Sequence> {
        let raw: RawSequence = self.document.deserialize("sequence table", self.diags)?;
        let numbering = match &raw.numbering {
            None => '1',
            Some(n) if ["1", "A", "a"].contains(&n.get_ref().as_str()) => {
                n.get_ref().chars().next().unwrap_or('1')
            }
            Some(n) => {
                self.diags.push(
                    Diagnostic::of(
                        codes::INVALID_FIELD,
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
        Some(Sequence { numbering, steps })
    }
}
