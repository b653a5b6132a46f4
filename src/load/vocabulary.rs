//! Vocabularies: the ordered lists of named things tables and scenarios refer to.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::model::{KeyRef, Member, Vocabulary};

use super::toml_util::TomlText;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawVocabulary {
    title: String,
    ordered: Option<Spanned<String>>,
    members: Vec<Spanned<toml::Table>>,
}

/// Loads `[vocabulary.<id>]` tables; member attributes that name other
/// vocabularies' members (`arm`, `arms`) are returned in `refs` for checking.
pub fn load(
    toml: &TomlText,
    raw: BTreeMap<String, Spanned<RawVocabulary>>,
    locales: &crate::locale::Locales,
    refs: &mut Vec<KeyRef>,
    diags: &mut Diagnostics,
) -> Vec<Vocabulary> {
    let mut vocabularies = Vec::new();
    for (id, raw_vocab) in raw {
        let raw_vocab = raw_vocab.into_inner();
        let ordered = match &raw_vocab.ordered {
            None => false,
            Some(o) if o.get_ref() == "best-first" => true,
            Some(o) => {
                diags.push(
                    Diagnostic::of(
                        codes::INVALID_FIELD,
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
            let Some(member) = member(
                toml,
                span.clone(),
                raw_member.get_ref(),
                &id,
                locales,
                diags,
            ) else {
                continue;
            };
            if members.iter().any(|m| m.id == member.id) {
                diags.push(
                    Diagnostic::of(
                        codes::DUPLICATE_ID,
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
            location: toml.key_location(0..toml.text.len(), &id),
            id,
            title: raw_vocab.title,
            ordered,
            members,
        });
    }

    vocabularies
}

/// A member: `id` and `label`, and any other keys as free attributes.
fn member(
    toml: &TomlText,
    span: std::ops::Range<usize>,
    table: &toml::Table,
    vocabulary: &str,
    locales: &crate::locale::Locales,
    diags: &mut Diagnostics,
) -> Option<Member> {
    let text = |key: &str| table.get(key).and_then(|v| v.as_str()).map(str::to_string);
    let Some(id) = text("id") else {
        diags.push(
            Diagnostic::of(
                codes::INVALID_FIELD,
                format!("a member of vocabulary `{vocabulary}` needs `id = \"…\"`"),
            )
            .at_location(Some(toml.location(span))),
        );
        return None;
    };
    let location = toml.string_location(span.clone(), &id);
    super::check_id(&id, &location, diags);
    let labels = labels(toml, &span, table.get("label"), locales, diags);
    let Some((_, label)) = labels.first().cloned() else {
        diags.push(
            Diagnostic::of(
                codes::INVALID_FIELD,
                format!("member `{id}` needs `label = \"…\"`"),
            )
            .at_location(Some(location))
            .expected("a label, or one per language: `label = { es = \"…\", en = \"…\" }`"),
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
        labels,
        attributes,
        location,
    })
}

/// A member's label: one text (its language unsaid, `""`), or one per
/// language, `{ es = "Infantería", ru = "Пехота", en = "Infantry" }`.
fn labels(
    toml: &TomlText,
    span: &std::ops::Range<usize>,
    value: Option<&toml::Value>,
    locales: &crate::locale::Locales,
    diags: &mut Diagnostics,
) -> Vec<(String, String)> {
    match value {
        Some(toml::Value::String(text)) => vec![(String::new(), text.clone())],
        Some(toml::Value::Table(table)) => {
            let mut labels = Vec::new();
            for (language, text) in table {
                let known = locales.has(language);
                match text.as_str() {
                    Some(text) if known => labels.push((language.clone(), text.to_string())),
                    _ => diags.push(
                        Diagnostic::of(
                            codes::INVALID_FIELD,
                            format!("`{language}` in a label is not a language grognard writes, with a text"),
                        )
                        .at_location(Some(toml.string_location(span.clone(), language)))
                        .expected(format!(
                            "a text per language: {}",
                            locales.languages().join(", ")
                        )),
                    ),
                }
            }
            labels
        }
        _ => Vec::new(),
    }
}
