//! `content/<ruleset>/glossary.toml`: the game's own terms, each defined in
//! the book's language, for the rulebook's glossary and index.

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::limits::Limits;
use crate::model::ruleset::Term;
use crate::source::FileId;

use super::toml_util::TomlText;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGlossary {
    #[serde(default)]
    term: Vec<Spanned<RawTerm>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerm {
    term: String,
    #[serde(default)]
    abbr: Option<String>,
    #[serde(default)]
    forms: Vec<String>,
    definition: String,
}

/// The terms of a glossary file; a term given twice is reported at both.
pub fn load(file: FileId, text: &str, limits: &Limits, diags: &mut Diagnostics) -> Vec<Term> {
    let toml = TomlText::whole(file, text);
    let Some(document) = toml.parse(limits, diags) else {
        return Vec::new();
    };
    let Some(raw) = document.deserialize::<RawGlossary>("glossary", diags) else {
        return Vec::new();
    };
    let mut terms: Vec<Term> = Vec::new();
    for spanned in raw.term {
        let location = toml.location(spanned.span());
        let raw = spanned.into_inner();
        if raw.term.trim().is_empty() || raw.definition.trim().is_empty() {
            diags.push(
                Diagnostic::of(codes::INVALID_FIELD, "a glossary term without its words")
                    .at_location(Some(location))
                    .expected("`term` and `definition`, both written out"),
            );
            continue;
        }
        if let Some(first) = terms
            .iter()
            .find(|t| t.term.to_lowercase() == raw.term.to_lowercase())
        {
            diags.push(
                Diagnostic::of(
                    codes::DUPLICATE_ID,
                    format!("the glossary defines `{}` twice", raw.term),
                )
                .at_location(Some(location))
                .related(first.location.clone(), "first defined here"),
            );
            continue;
        }
        terms.push(Term {
            term: raw.term,
            abbr: raw.abbr.filter(|a| !a.trim().is_empty()),
            forms: raw.forms,
            definition: raw.definition,
            location,
        });
    }
    terms
}
