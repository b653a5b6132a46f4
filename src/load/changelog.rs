//! `content/<ruleset>/changelog.toml`: what the author says of an edition's
//! changes — where each is, its kind (correction, addition, clarification,
//! deletion, change) and why — for the errata `grognard diff` writes.
//!
//! ```toml
//! [[change]]
//! case = "carga-resolucion"   # or a case number, "13.4.2"; or table = "…", unit = "…",
//!                              # or profile = true (the scale conversions read)
//! kind = "correction"
//! reason = "The source gives 55 cm on page 12."
//! ```

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::changes::{Kind, Noted, NotedAt};
use crate::model::limits::Limits;
use crate::source::FileId;

use super::toml_util::TomlText;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChangelog {
    #[serde(default)]
    change: Vec<Spanned<RawChange>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChange {
    #[serde(default)]
    case: Option<String>,
    #[serde(default)]
    table: Option<String>,
    #[serde(default)]
    unit: Option<String>,
    /// The ruleset's `[profile]`: `profile = true`.
    #[serde(default)]
    profile: bool,
    kind: Spanned<String>,
    #[serde(default)]
    reason: Option<String>,
}

pub fn load(file: FileId, text: &str, limits: &Limits, diags: &mut Diagnostics) -> Vec<Noted> {
    let toml = TomlText::whole(file, text);
    let Some(document) = toml.parse(limits, diags) else {
        return Vec::new();
    };
    let Some(raw) = document.deserialize::<RawChangelog>("changelog", diags) else {
        return Vec::new();
    };
    let mut noted = Vec::new();
    for spanned in raw.change {
        let location = toml.location(spanned.span());
        let raw = spanned.into_inner();
        let mut places = [
            raw.case.map(NotedAt::Case),
            raw.table.map(NotedAt::Table),
            raw.unit.map(NotedAt::Unit),
            raw.profile.then_some(NotedAt::Profile),
        ]
        .into_iter()
        .flatten();
        let (Some(at), None) = (places.next(), places.next()) else {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    "a changelog entry must say where its one change is",
                )
                .at_location(Some(location))
                .expected("one of `case` (an id or a number), `table`, `unit` or `profile = true`"),
            );
            continue;
        };
        let kind_location = toml.location(raw.kind.span());
        let Some(kind) = Kind::parse(raw.kind.get_ref()) else {
            diags.push(
                Diagnostic::of(
                    codes::INVALID_FIELD,
                    format!("`{}` is not a kind of change", raw.kind.get_ref()),
                )
                .at_location(Some(kind_location))
                .expected(Kind::NAMES.join(", ")),
            );
            continue;
        };
        noted.push(Noted {
            at,
            kind,
            reason: raw.reason.filter(|r| !r.trim().is_empty()),
            location,
        });
    }
    noted
}
