//! Every name a source writes must exist: vocabulary keys, table embeds,
//! cross-references, example inputs; and ids must be unique.

use std::collections::HashMap;

use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::Ruleset;

use crate::diagnostic::closest;

pub fn check(ruleset: &Ruleset, diags: &mut Diagnostics) {
    vocabulary_keys(ruleset, diags);
    unique_ids(ruleset, diags);
    chapter_references(ruleset, diags);
}

fn vocabulary_keys(ruleset: &Ruleset, diags: &mut Diagnostics) {
    for key_ref in &ruleset.key_refs {
        match &key_ref.vocab {
            None => {
                if ruleset.vocabulary(&key_ref.key).is_none() {
                    let names = ruleset.vocabularies.iter().map(|v| v.id.as_str());
                    diags.push(unknown(
                        "unknown-vocabulary",
                        format!(
                            "no vocabulary `{}` in ruleset `{}`",
                            key_ref.key, ruleset.id
                        ),
                        &key_ref.key,
                        names,
                        &key_ref.location,
                    ));
                }
            }
            Some(vocab) => {
                let Some(vocabulary) = ruleset.vocabulary(vocab) else {
                    continue; // reported once, where the vocabulary is named
                };
                if vocabulary.member(&key_ref.key).is_none() {
                    let names = vocabulary.members.iter().map(|m| m.id.as_str());
                    diags.push(unknown(
                        "unknown-vocabulary-key",
                        format!("`{}` is not a member of vocabulary `{vocab}`", key_ref.key),
                        &key_ref.key,
                        names,
                        &key_ref.location,
                    ));
                }
            }
        }
    }
}

/// An "unknown name" diagnostic with the valid names and a suggestion.
pub(crate) fn unknown<'a>(
    code: &'static str,
    message: String,
    name: &str,
    candidates: impl Iterator<Item = &'a str> + Clone,
    location: &Location,
) -> Diagnostic {
    let mut diagnostic = Diagnostic::error(code, message)
        .at_location(Some(location.clone()))
        .found(format!("\"{name}\""));
    diagnostic = match closest(name, candidates.clone()) {
        Some(suggestion) => diagnostic.label(format!("did you mean `{suggestion}`?")),
        None => diagnostic.label("unknown name"),
    };
    // Name a dozen; an order of battle can hold thousands.
    const LISTED: usize = 12;
    let count = candidates.clone().count();
    let listed: Vec<_> = candidates.take(LISTED).map(|c| format!("`{c}`")).collect();
    if !listed.is_empty() {
        let more = if count > LISTED {
            format!(" … and {} more", count - LISTED)
        } else {
            String::new()
        };
        diagnostic = diagnostic.expected(format!("one of {}{more}", listed.join(", ")));
    }
    diagnostic
}

/// Chapters, sections and tables share one namespace of ids: cross-references use it.
fn unique_ids(ruleset: &Ruleset, diags: &mut Diagnostics) {
    let mut seen: HashMap<&str, &Location> = HashMap::new();
    let ids = ruleset
        .tables
        .iter()
        .map(|t| (t.id.as_str(), &t.location))
        .chain(ruleset.chapters.iter().flat_map(|c| {
            std::iter::once((c.id.as_str(), &c.location)).chain(
                c.sections
                    .iter()
                    .filter_map(|s| s.id.as_deref().map(|id| (id, &s.location))),
            )
        }));
    for (id, location) in ids {
        if let Some(first) = seen.get(id) {
            diags.push(
                Diagnostic::error("duplicate-id", format!("id `{id}` is defined twice"))
                    .at_location(Some(location.clone()))
                    .label("defined again here")
                    .related((*first).clone(), "first defined here"),
            );
        } else {
            seen.insert(id, location);
        }
    }
}

fn chapter_references(ruleset: &Ruleset, diags: &mut Diagnostics) {
    let table_ids = || ruleset.tables.iter().map(|t| t.id.as_str());
    for chapter in &ruleset.chapters {
        for (id, location) in &chapter.embeds {
            if ruleset.table(id).is_none() {
                diags.push(unknown(
                    "unknown-table",
                    format!("no table `{id}` to embed"),
                    id,
                    table_ids(),
                    location,
                ));
            }
        }
        for (id, location) in &chapter.references {
            if ruleset.numbering.resolve(id).is_none() {
                let targets = ruleset
                    .chapters
                    .iter()
                    .flat_map(|c| {
                        std::iter::once(c.id.as_str())
                            .chain(c.sections.iter().filter_map(|s| s.id.as_deref()))
                    })
                    .chain(table_ids());
                diags.push(unknown(
                    "broken-reference",
                    format!("cross-reference to `{id}`, which is no chapter, section or table"),
                    id,
                    targets,
                    location,
                ));
            }
        }
        // What an example computes is checked in `examples`; here only its table.
        for example in &chapter.examples {
            if ruleset.table(&example.table).is_none() {
                diags.push(unknown(
                    "unknown-table",
                    format!("example refers to no table `{}`", example.table),
                    &example.table,
                    table_ids(),
                    &example.location,
                ));
            }
        }
    }
}
