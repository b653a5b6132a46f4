//! `ruleset.toml`: metadata, scales and vocabularies.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::{KeyRef, Ruleset};
use crate::source::FileId;

use super::toml_util::TomlText;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRuleset {
    id: Spanned<String>,
    name: String,
    language: Spanned<String>,
    #[serde(default)]
    edition: String,
    #[serde(default)]
    authors: Vec<String>,
    #[serde(default)]
    dice: Vec<Spanned<String>>,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    scale: toml::Table,
    #[serde(default)]
    vocabulary: BTreeMap<String, Spanned<super::vocabulary::RawVocabulary>>,
}

/// Languages whose typography and hyphenation the rulebook supports.
pub const LANGUAGES: &[&str] = &["es", "ru", "en"];

/// Loads the ruleset metadata; tables and chapters are added by the caller.
pub fn load(
    file: FileId,
    text: &str,
    folder_name: &str,
    diags: &mut Diagnostics,
) -> Option<(Ruleset, Vec<KeyRef>)> {
    let toml = TomlText::whole(file, text);
    toml.parse_table(diags)?;
    let raw: RawRuleset = toml.deserialize("ruleset", diags)?;
    let mut refs = Vec::new();

    if raw.id.get_ref() != folder_name {
        diags.push(
            Diagnostic::error(
                "ruleset-id-mismatch",
                format!(
                    "ruleset id `{}` differs from its folder `{folder_name}`",
                    raw.id.get_ref()
                ),
            )
            .at_location(Some(toml.location(raw.id.span())))
            .expected(format!("\"{folder_name}\""))
            .found(format!("\"{}\"", raw.id.get_ref())),
        );
    }
    if !LANGUAGES.contains(&raw.language.get_ref().as_str()) {
        diags.push(
            Diagnostic::error(
                "unknown-language",
                format!("unsupported language `{}`", raw.language.get_ref()),
            )
            .at_location(Some(toml.location(raw.language.span())))
            .expected(format!("one of {}", LANGUAGES.join(", "))),
        );
    }
    for dice in &raw.dice {
        if let Err(e) = dice.get_ref().parse::<crate::model::Dice>() {
            diags.push(
                Diagnostic::error("invalid-dice", e).at_location(Some(toml.location(dice.span()))),
            );
        }
    }

    let vocabularies = super::vocabulary::load(&toml, raw.vocabulary, &mut refs, diags);

    let scale = raw
        .scale
        .iter()
        .map(|(k, v)| (k.clone(), display_value(v)))
        .collect();
    let ruleset = Ruleset {
        id: raw.id.into_inner(),
        name: raw.name,
        language: raw.language.into_inner(),
        edition: raw.edition,
        authors: raw.authors,
        dice: raw.dice.into_iter().map(Spanned::into_inner).collect(),
        summary: raw.summary,
        scale,
        file,
        vocabularies,
        ..Ruleset::default()
    };
    Some((ruleset, refs))
}

fn display_value(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        toml::Value::Table(t) => t
            .iter()
            .map(|(k, v)| format!("{k} = {}", display_value(v)))
            .collect::<Vec<_>>()
            .join(", "),
        other => other.to_string(),
    }
}
