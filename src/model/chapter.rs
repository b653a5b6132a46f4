//! Chapters of rules prose, as the loader sees them.

use crate::diagnostic::Location;
use crate::source::FileId;

#[derive(Debug, Clone)]
pub struct Chapter {
    pub id: String,
    pub title: String,
    pub number: usize,
    pub file: FileId,
    /// Byte offset where the Markdown body starts (after the front matter).
    pub body_start: usize,
    pub sections: Vec<Section>,
    pub embeds: Vec<(String, Location)>,
    pub references: Vec<(String, Location)>,
    pub examples: Vec<Example>,
    pub location: Location,
}

#[derive(Debug, Clone)]
pub struct Section {
    pub id: Option<String>,
    pub title: String,
    /// "13.4" or "13.4.1".
    pub number: String,
    pub level: usize,
    pub location: Location,
}

/// A checkable worked example: inputs from one table and the numbers the prose claims.
#[derive(Debug, Clone)]
pub struct Example {
    pub table: String,
    pub title: Option<String>,
    pub inputs: Vec<(String, Location)>,
    pub roll: Option<i64>,
    /// For a lookup table: the row, chosen by members of its key columns.
    pub select: Vec<(String, String, Location)>,
    /// For a lookup table: a factor applied to the looked-up values ("1/2").
    pub scale: Option<crate::model::Ratio>,
    pub claims: Vec<(String, f64, Location)>,
    pub location: Location,
}
