//! `grognard diff`: two editions of a project, loaded as models and
//! compared — cases, headings, tables, vocabularies, orders of battle and
//! set-ups — never as text files.

pub mod editions;
mod impact;
pub mod passages;
mod profile;
mod rules;
mod scenarios;
mod tables;

pub use impact::reprints;

use std::path::Path;

use crate::build::Output;
use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::model::changes::{Entry, Place, RulesetChanges};
use crate::model::{Project, Ruleset};
use crate::render::backends::errata::{ErrataFiles, Named};
use crate::render::contract::Backend;
use crate::session::Session;
use editions::Edition;

/// What `grognard diff` found and wrote.
pub struct Report {
    /// Each ruleset of the new edition the old one has, with its changes
    /// and the outputs to reprint.
    pub changes: Vec<RulesetChanges>,
    /// Each changed ruleset's errata, as its Markdown file holds them.
    pub errata: Vec<String>,
    pub outputs: Vec<Output>,
}

/// Compares two loaded editions, asks each output of the new one whether it
/// holds a change, and writes each ruleset's errata into `out_dir` through
/// the writer every output goes through. What goes wrong (the changelog's
/// entries that name no change, a PDF that does not typeset, a file that
/// cannot be written) goes to the new edition's diagnostics.
pub fn errata(
    before: &Session,
    after: &mut Session,
    (old, new): (&Edition, &Edition),
    out_dir: &Path,
) -> Report {
    let (mut changes, unmatched) = compare(&before.project, &after.project);
    reprints(after, &mut changes);
    after.diagnostics.extend(unmatched);
    let files = ErrataFiles::new(&after.project, &changes, |ruleset| names(ruleset, old, new));
    let errata = files.markdown().map(str::to_string).collect();
    let cx = after.context();
    let planned: Vec<(&dyn Backend, _)> = changes
        .iter()
        .flat_map(|ruleset| files.plan(&cx, &ruleset.id))
        .map(|artifact| (&files as &dyn Backend, artifact))
        .collect();
    let options = crate::build::Options::default();
    let (outputs, diagnostics) = crate::build::run(after, planned, out_dir, &options, |_| {});
    drop(cx);
    after.diagnostics.extend(diagnostics);
    Report {
        changes,
        errata,
        outputs,
    }
}

/// What each ruleset's rulebook marks as changed since the old edition
/// (`build --changes-since`, `since` the revision or folder given).
pub fn marks(
    old: &Project,
    new: &Project,
    since: &str,
) -> Vec<(String, crate::model::changes::Marks)> {
    let (changes, _) = compare(old, new);
    changes
        .iter()
        .map(|c| {
            // The margin names the edition that made the change, where the
            // two editions are named apart.
            let (was, is) = (c.old_edition.trim(), c.new_edition.trim());
            let apart = !is.is_empty() && was != is;
            let named = if apart { is } else { "" };
            // The legend names the earlier edition, or the revision given
            // where the editions share a name.
            let earlier = if apart && !was.is_empty() {
                new.locales.get(&c.language).edition_named(was)
            } else {
                since.to_string()
            };
            (c.id.clone(), c.marks(named, &earlier))
        })
        .collect()
}

/// How the errata name the two editions: by the edition strings of
/// `ruleset.toml` where they differ, else by the revisions or folders given.
fn names<'a>(
    ruleset: &'a RulesetChanges,
    old: &'a Edition,
    new: &'a Edition,
) -> (Named<'a>, Named<'a>) {
    let (a, b) = (ruleset.old_edition.trim(), ruleset.new_edition.trim());
    if !a.is_empty() && !b.is_empty() && a != b {
        return (Named::Edition(a), Named::Edition(b));
    }
    let named = |edition: &'a Edition| match &edition.label {
        Some(label) => Named::Revision(label),
        None => Named::WorkingCopy,
    };
    (named(old), named(new))
}

/// Every ruleset of the new edition that the old one also has, with its
/// changes (and those of the scenarios played with it); and the changelog
/// entries that name no change found.
pub fn compare(old: &Project, new: &Project) -> (Vec<RulesetChanges>, Vec<Diagnostic>) {
    let mut found = Vec::new();
    let mut unused = Vec::new();
    for ruleset in &new.rulesets {
        let Some(was) = old.ruleset(&ruleset.id) else {
            continue;
        };
        let (mut entries, renumbered) =
            rules::compare(&passages::passages(was), &passages::passages(ruleset));
        entries.extend(tables::compare(was, ruleset));
        entries.extend(profile::compare(new, was, ruleset));
        entries.extend(scenario_entries(old, new, &ruleset.id));
        sort(&mut entries);
        unused.extend(apply_changelog(ruleset, &mut entries));
        found.push(RulesetChanges {
            id: ruleset.id.clone(),
            name: ruleset.name.clone(),
            language: ruleset.language.clone(),
            old_edition: was.edition.clone(),
            new_edition: ruleset.edition.clone(),
            entries,
            renumbered,
            reprint: Vec::new(),
        });
    }
    (found, unused)
}

/// The changes of the scenarios played with `ruleset` in the new edition
/// (they have a layer for it, or the project converts them to it): units,
/// and where there is a layer, set-up and arrivals.
fn scenario_entries(old: &Project, new: &Project, ruleset: &str) -> Vec<Entry> {
    let mut entries = Vec::new();
    for scenario in &new.scenarios {
        let layer = scenario.layers.iter().find(|l| l.ruleset == ruleset);
        let converted = new
            .conversions
            .iter()
            .any(|c| c.scenario == scenario.id && c.to == ruleset);
        if layer.is_none() && !converted {
            continue;
        }
        let Some(was) = old.scenario(&scenario.id) else {
            continue;
        };
        entries.extend(scenarios::units(was, scenario));
        let Some(layer) = layer else {
            continue;
        };
        if let Some(old_layer) = was.layers.iter().find(|l| l.ruleset == ruleset) {
            entries.extend(scenarios::layer(scenario, old_layer, layer));
            entries.extend(scenarios::counters(
                (old, was, old_layer),
                (new, scenario, layer),
            ));
        }
    }
    entries
}

/// The errata's order: the rules by case number, then the tables by number,
/// the vocabularies, the scenarios; each place's changes together.
fn sort(entries: &mut [Entry]) {
    fn rank(place: &Place) -> (u8, Vec<u64>, String) {
        let numbers = |n: &str| {
            n.split('.')
                .map(|p| p.parse().unwrap_or(u64::MAX))
                .collect()
        };
        match place {
            Place::Case { number, .. } | Place::Section { number, .. } => {
                (0, numbers(number), String::new())
            }
            Place::Table { number, .. } => (1, numbers(number), String::new()),
            Place::Member {
                vocabulary, member, ..
            } => (2, Vec::new(), format!("{vocabulary}\u{0}{member}")),
            Place::Profile => (3, Vec::new(), String::new()),
            Place::Unit { title, name, .. } => (4, Vec::new(), format!("{title}\u{0}{name}")),
            Place::Layer { scenario, .. } => (5, Vec::new(), scenario.clone()),
        }
    }
    entries.sort_by_cached_key(|e| rank(&e.place));
}

/// Gives each change the kind and reason the changelog notes for its place;
/// a note whose place has no change is reported (a wrong id or number).
fn apply_changelog(ruleset: &Ruleset, entries: &mut [Entry]) -> Vec<Diagnostic> {
    let mut unused = Vec::new();
    for noted in &ruleset.changelog {
        let mut used = false;
        for entry in entries.iter_mut().filter(|e| noted.at.names(&e.place)) {
            entry.kind = noted.kind;
            entry.reason.clone_from(&noted.reason);
            used = true;
        }
        if !used {
            unused.push(
                Diagnostic::of(
                    codes::CHANGELOG_UNMATCHED,
                    "the changelog notes a change where the editions do not differ",
                )
                .at_location(Some(noted.location.clone()))
                .note("a case is named by its id or its number in the new edition, a table or a unit by its id"),
            );
        }
    }
    unused
}
