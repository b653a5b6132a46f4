//! `ruleset.toml`: metadata, scales and vocabularies.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::{KeyRef, Member, Ruleset, Vocabulary};
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
    vocabulary: BTreeMap<String, Spanned<RawVocabulary>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVocabulary {
    title: String,
    ordered: Option<Spanned<String>>,
    members: Vec<Spanned<toml::Table>>,
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

    let mut vocabularies = Vec::new();
    for (id, raw_vocab) in raw.vocabulary {
        let raw_vocab = raw_vocab.into_inner();
        let ordered = match &raw_vocab.ordered {
            None => false,
            Some(o) if o.get_ref() == "best-first" => true,
            Some(o) => {
                diags.push(
                    Diagnostic::error(
                        "invalid-field",
                        format!("unknown ordering `{}`", o.get_ref()),
                    )
                    .at_location(Some(toml.location(o.span())))
                    .expected("\"best-first\""),
                );
                false
            }
        };
        let mut members: Vec<Member> = Vec::new();
        for raw_member in raw_vocab.members {
            let span = raw_member.span();
            let Some(member) = member(&toml, span.clone(), raw_member.get_ref(), &id, diags) else {
                continue;
            };
            if members.iter().any(|m| m.id == member.id) {
                diags.push(
                    Diagnostic::error(
                        "duplicate-id",
                        format!("member `{}` appears twice in vocabulary `{id}`", member.id),
                    )
                    .at_location(Some(member.location.clone())),
                );
            }
            // `arm` and `arms` name members of the `arm` vocabulary.
            for (key, value) in &member.attributes {
                if key != "arm" && key != "arms" {
                    continue;
                }
                let names: Vec<&str> = match value {
                    toml::Value::String(s) => vec![s.as_str()],
                    toml::Value::Array(items) => items.iter().filter_map(|v| v.as_str()).collect(),
                    _ => Vec::new(),
                };
                for name in names {
                    refs.push(KeyRef {
                        vocab: Some("arm".into()),
                        key: name.to_string(),
                        location: toml.string_location(span.clone(), name),
                    });
                }
            }
            members.push(member);
        }
        vocabularies.push(Vocabulary {
            location: toml.key_location(0..text.len(), &id),
            id,
            title: raw_vocab.title,
            ordered,
            members,
        });
    }

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

/// A member: `id` and `label`, and any other keys as free attributes.
fn member(
    toml: &TomlText,
    span: std::ops::Range<usize>,
    table: &toml::Table,
    vocabulary: &str,
    diags: &mut Diagnostics,
) -> Option<Member> {
    let text = |key: &str| table.get(key).and_then(|v| v.as_str()).map(str::to_string);
    let Some(id) = text("id") else {
        diags.push(
            Diagnostic::error(
                "invalid-field",
                format!("a member of vocabulary `{vocabulary}` needs `id = \"…\"`"),
            )
            .at_location(Some(toml.location(span))),
        );
        return None;
    };
    let location = toml.string_location(span.clone(), &id);
    super::check_id(&id, &location, diags);
    let Some(label) = text("label") else {
        diags.push(
            Diagnostic::error(
                "invalid-field",
                format!("member `{id}` needs `label = \"…\"`"),
            )
            .at_location(Some(location)),
        );
        return None;
    };
    let attributes = table
        .iter()
        .filter(|(k, _)| *k != "id" && *k != "label")
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    Some(Member {
        id,
        label,
        attributes,
        location,
    })
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
