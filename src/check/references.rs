//! Every name a source writes must exist: vocabulary keys, table embeds,
//! cross-references, example inputs; and ids must be unique.

use std::collections::HashMap;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::Ruleset;

use crate::diagnostic::closest;

pub fn check(ruleset: &Ruleset, sources: &crate::source::Sources, diags: &mut Diagnostics) {
    vocabulary_keys(ruleset, diags);
    unique_ids(ruleset, diags);
    chapter_references(ruleset, diags);
    qrs_references(ruleset, diags);
    chained_tables(ruleset, diags);
    table_references(ruleset, sources, diags);
    editor_notes(ruleset, diags);
}

fn vocabulary_keys(ruleset: &Ruleset, diags: &mut Diagnostics) {
    for key_ref in &ruleset.key_refs {
        match &key_ref.vocab {
            None => {
                if ruleset.vocabulary(&key_ref.key).is_none() {
                    let names = ruleset.vocabularies.iter().map(|v| v.id.as_str());
                    diags.push(unknown(
                        codes::UNKNOWN_VOCABULARY,
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
                        codes::UNKNOWN_VOCABULARY_KEY,
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
    code: codes::Code,
    message: String,
    name: &str,
    candidates: impl Iterator<Item = &'a str> + Clone,
    location: &Location,
) -> Diagnostic {
    let mut diagnostic = Diagnostic::of(code, message)
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
                    .filter_map(|s| s.id.as_deref().map(|id| (id, &s.location)))
                    .chain(
                        c.cases
                            .iter()
                            .map(|case| (case.id.as_str(), &case.location)),
                    ),
            )
        }));
    for (id, location) in ids {
        if let Some(first) = seen.get(id) {
            diags.push(
                Diagnostic::of(codes::DUPLICATE_ID, format!("id `{id}` is defined twice"))
                    .at_location(Some(location.clone()))
                    .label("defined again here")
                    .related((*first).clone(), "first defined here"),
            );
        } else {
            seen.insert(id, location);
        }
    }
}

/// Every table a phase of the quick-reference sheet lists exists, and the
/// profile's command table.
fn qrs_references(ruleset: &Ruleset, diags: &mut Diagnostics) {
    let table_ids = || ruleset.tables.iter().map(|t| t.id.as_str());
    let command = ruleset
        .profile
        .as_ref()
        .and_then(|p| p.command_table.as_ref());
    if let Some((id, location)) = command
        && ruleset.table(id).is_none()
    {
        diags.push(unknown(
            codes::UNKNOWN_TABLE,
            format!("the profile's `command_table` names no table `{id}`"),
            id,
            table_ids(),
            location,
        ));
    }
    for phase in &ruleset.qrs {
        for (id, location) in &phase.tables {
            if ruleset.table(id).is_none() {
                diags.push(unknown(
                    codes::UNKNOWN_TABLE,
                    format!(
                        "the quick-reference sheet's phase \"{}\" lists no table `{id}`",
                        phase.title
                    ),
                    id,
                    table_ids(),
                    location,
                ));
            }
        }
    }
}

/// Every id a cross-reference may name: chapters, sections, cases, tables.
fn reference_targets(ruleset: &Ruleset) -> impl Iterator<Item = &str> + Clone {
    ruleset
        .chapters
        .iter()
        .flat_map(|c| {
            std::iter::once(c.id.as_str())
                .chain(c.sections.iter().filter_map(|s| s.id.as_deref()))
                .chain(c.cases.iter().map(|case| case.id.as_str()))
        })
        .chain(ruleset.tables.iter().map(|t| t.id.as_str()))
}

/// Cross-references written in a table's text, `[](#id)`, name a chapter,
/// section, case or table: located at their place in the table's file.
fn table_references(ruleset: &Ruleset, sources: &crate::source::Sources, diags: &mut Diagnostics) {
    for table in &ruleset.tables {
        let file = sources.text(table.file);
        for text in table.texts() {
            for (_, id) in crate::model::table::references(text) {
                if ruleset.numbering.resolve(id).is_some() {
                    continue;
                }
                let written = format!("[](#{id})");
                let location = file.find(&written).map_or_else(
                    || table.location.clone(),
                    |at| crate::diagnostic::Location::new(table.file, at..at + written.len()),
                );
                let targets = reference_targets(ruleset);
                diags.push(unknown(
                    codes::BROKEN_REFERENCE,
                    format!(
                        "table `{}` refers to `{id}`, which is no chapter, section, case or table",
                        table.id
                    ),
                    id,
                    targets,
                    &location,
                ));
            }
        }
    }
}

/// A dice test's result that sends the player on to another table names one.
fn chained_tables(ruleset: &Ruleset, diags: &mut Diagnostics) {
    let table_ids = || ruleset.tables.iter().map(|t| t.id.as_str());
    for table in &ruleset.tables {
        let crate::model::TableKind::DiceTest(test) = &table.kind else {
            continue;
        };
        for (id, location) in test
            .successes
            .iter()
            .chain(&test.failures)
            .filter_map(|b| b.then.as_ref())
        {
            if ruleset.table(id).is_none() {
                diags.push(unknown(
                    codes::UNKNOWN_TABLE,
                    format!(
                        "a result of `{}` sends the player to no table `{id}`",
                        table.id
                    ),
                    id,
                    table_ids(),
                    location,
                ));
            }
        }
    }
}

fn chapter_references(ruleset: &Ruleset, diags: &mut Diagnostics) {
    let table_ids = || ruleset.tables.iter().map(|t| t.id.as_str());
    for chapter in &ruleset.chapters {
        for (id, location) in &chapter.embeds {
            if ruleset.table(id).is_none() {
                diags.push(unknown(
                    codes::UNKNOWN_TABLE,
                    format!("no table `{id}` to embed"),
                    id,
                    table_ids(),
                    location,
                ));
            }
        }
        for (id, location) in &chapter.references {
            if ruleset.numbering.resolve(id).is_none() {
                let targets = reference_targets(ruleset);
                diags.push(unknown(
                    codes::BROKEN_REFERENCE,
                    format!(
                        "cross-reference to `{id}`, which is no chapter, section, case or table"
                    ),
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
                    codes::UNKNOWN_TABLE,
                    format!("example refers to no table `{}`", example.table),
                    &example.table,
                    table_ids(),
                    &example.location,
                ));
            }
        }
    }
}

/// Every `[^label]` of a chapter has its note in that chapter, and every
/// note is referred to: an end-note nobody points at is never read.
fn editor_notes(ruleset: &Ruleset, diags: &mut Diagnostics) {
    for chapter in &ruleset.chapters {
        // A reference to no note is left as text by the Markdown parser.
        for (label, location) in unparsed_note_refs(chapter) {
            diags.push(unknown(
                codes::BROKEN_NOTE,
                format!("`[^{label}]` refers to no note of this chapter"),
                &label,
                chapter.notes.iter().map(|(l, _)| l.as_str()),
                &location,
            ));
        }
        let defined = || chapter.notes.iter().map(|(label, _)| label.as_str());
        for (label, location) in &chapter.note_refs {
            if !chapter.notes.iter().any(|(l, _)| l == label) {
                diags.push(unknown(
                    codes::BROKEN_NOTE,
                    format!("`[^{label}]` refers to no note of this chapter"),
                    label,
                    defined(),
                    location,
                ));
            }
        }
        for (i, (label, location)) in chapter.notes.iter().enumerate() {
            if let Some((_, first)) = chapter.notes[..i].iter().find(|(l, _)| l == label) {
                diags.push(
                    Diagnostic::of(
                        codes::DUPLICATE_ID,
                        format!("the note `[^{label}]` is written twice"),
                    )
                    .at_location(Some(location.clone()))
                    .label("written again here")
                    .related(first.clone(), "first written here"),
                );
                continue;
            }
            if !chapter.note_refs.iter().any(|(l, _)| l == label) {
                diags.push(
                    Diagnostic::of(
                        codes::UNUSED_NOTE,
                        format!("the note `[^{label}]` is referred to nowhere in the text"),
                    )
                    .at_location(Some(location.clone()))
                    .expected(format!("`[^{label}]` after the words the note is about")),
                );
            }
        }
    }
}

/// `[^label]` in the running text: references the parser found no note for.
fn unparsed_note_refs(chapter: &crate::model::Chapter) -> Vec<(String, Location)> {
    use crate::model::chapter::Node;
    // Runs of text, which the parser may have split, joined with their range.
    let mut runs: Vec<(String, std::ops::Range<usize>)> = Vec::new();
    let mut in_run = false;
    for (node, range) in &chapter.body.nodes {
        match (node, runs.last_mut()) {
            (Node::Text(t), Some((run, r))) if in_run => {
                run.push_str(t);
                r.end = range.end;
            }
            (Node::Text(t), _) => {
                runs.push((t.clone(), range.clone()));
                in_run = true;
            }
            _ => in_run = false,
        }
    }
    let mut found = Vec::new();
    for (run, range) in runs {
        let mut rest = run.as_str();
        while let Some(at) = rest.find("[^") {
            let after = &rest[at + 2..];
            let Some(close) = after.find(']') else { break };
            let label = &after[..close];
            if !label.is_empty() && !label.contains(char::is_whitespace) {
                let location = Location::new(chapter.file, range.clone());
                found.push((label.to_string(), location));
            }
            rest = &after[close..];
        }
    }
    found
}
