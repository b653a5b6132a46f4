//! The shapes a diagram block's TOML is read into, each value with its
//! place in the chapter, before the reader checks and converts them.

use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDiagram {
    pub(super) caption: Option<String>,
    pub(super) grid: Spanned<String>,
    pub(super) columns: Option<Spanned<i64>>,
    pub(super) rows: Option<Spanned<i64>>,
    pub(super) hex_mm: Option<Spanned<f64>>,
    pub(super) width_cm: Option<Spanned<f64>>,
    pub(super) height_cm: Option<Spanned<f64>>,
    pub(super) size_mm: Option<Spanned<f64>>,
    pub(super) side: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) hex: Vec<RawHex>,
    #[serde(default)]
    pub(super) unit: Vec<RawUnit>,
    #[serde(default)]
    pub(super) arrow: Vec<RawArrow>,
    #[serde(default)]
    pub(super) note: Vec<RawNote>,
    #[serde(default)]
    pub(super) field: Vec<RawField>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawHex {
    pub(super) at: Spanned<toml::Value>,
    pub(super) fill: Option<Spanned<String>>,
    pub(super) label: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawUnit {
    pub(super) at: Spanned<toml::Value>,
    pub(super) facing: Option<Spanned<toml::Value>>,
    pub(super) kind: Spanned<String>,
    pub(super) side: Option<Spanned<String>>,
    pub(super) label: Option<String>,
    pub(super) width: Option<Spanned<f64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawArrow {
    pub(super) from: Spanned<toml::Value>,
    pub(super) to: Spanned<toml::Value>,
    pub(super) style: Spanned<String>,
    pub(super) label: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawNote {
    pub(super) at: Spanned<toml::Value>,
    pub(super) text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawField {
    pub(super) at: Spanned<String>,
    pub(super) text: Option<String>,
    pub(super) symbol: Option<Spanned<String>>,
    pub(super) circles: Option<Spanned<i64>>,
    pub(super) label: Option<String>,
}
