//! Checking a message file as an author writes it: its Fluent syntax, and
//! every message grognard prints present in it.

use super::*;
use crate::model::scenario::VICTORY_LEVELS;
use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;

/// A problem of a message file, at a byte range of it where it has one.
#[derive(Debug, Clone, PartialEq)]
pub struct MessageProblem {
    pub at: Option<std::ops::Range<usize>>,
    pub what: String,
}

/// The problems of a message file: syntax errors, and the messages it lacks.
pub fn problems(language: &str, text: &str) -> Vec<MessageProblem> {
    let mut problems = Vec::new();
    let resource = match FluentResource::try_new(text.to_string()) {
        Ok(resource) => resource,
        Err((resource, errors)) => {
            problems.extend(errors.iter().map(|e| MessageProblem {
                at: Some(e.pos.clone()),
                what: e.to_string(),
            }));
            resource
        }
    };
    let mut bundle = FluentBundle::new_concurrent(vec![fallback_language(language)]);
    if let Err(errors) = bundle.add_resource(resource) {
        problems.extend(errors.iter().map(|e| MessageProblem {
            at: None,
            what: e.to_string(),
        }));
    }
    // Every message of the English file, which every other language gives too.
    let reference = MESSAGES
        .iter()
        .find(|(l, _)| *l == "en")
        .map_or("", |(_, text)| text);
    let reference = FluentResource::try_new(reference.to_string()).unwrap_or_else(|(r, _)| r);
    let english: Vec<&str> = reference
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name),
            _ => None,
        })
        .collect();
    // Its own name, and those of the built-in languages.
    let names: Vec<String> = MESSAGES
        .iter()
        .map(|(l, _)| *l)
        .chain([language])
        .map(|l| format!("language_{l}"))
        .chain(VICTORY_LEVELS.iter().map(|l| format!("victory_{l}")))
        .collect();
    let ids = WORDS.iter().chain(&english).copied();
    let ids = ids
        .chain(COUNTED.iter().map(|c| c.1))
        .chain(names.iter().map(String::as_str));
    let mut lacking: Vec<&str> = ids.filter(|id| !bundle.has_message(id)).collect();
    lacking.dedup();
    if !lacking.is_empty() {
        problems.push(MessageProblem {
            at: None,
            what: format!(
                "{} message(s) missing, which every language gives: `{}`",
                lacking.len(),
                lacking.join("`, `")
            ),
        });
    }
    problems
}
