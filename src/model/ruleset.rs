//! A project, its rulesets and their vocabularies.

use std::path::PathBuf;

use crate::diagnostic::Location;
use crate::source::FileId;

use super::{Chapter, Table};

/// Everything `grognard` loaded from one project folder.
#[derive(Debug, Default)]
pub struct Project {
    pub root: PathBuf,
    /// The title in the first language given.
    pub title: String,
    /// The title per language, where it is given per language.
    pub titles: Vec<(String, String)>,
    pub paper: String,
    pub rulesets: Vec<Ruleset>,
    pub neutral: super::scenario::Neutral,
    /// Member attributes of the neutral vocabularies that name other members.
    pub neutral_refs: Vec<KeyRef>,
    pub scenarios: Vec<super::scenario::Scenario>,
    /// The conversions `build` makes, from `[[convert]]` in grognard.toml.
    pub conversions: Vec<ConvertJob>,
    /// Counter size and sheet layout, from `[counters]` in grognard.toml.
    pub counters: super::counter_spec::Settings,
    /// The quick-reference cards' size, from `[cards]` in grognard.toml.
    pub cards: super::counter_spec::CardSize,
    /// Limits on what sources may inflate, from `[limits]` in grognard.toml.
    pub limits: super::limits::Limits,
    /// The words outputs print, in each language: grognard's and the
    /// project's own message files.
    pub locales: std::sync::Arc<crate::locale::Locales>,
}

impl Project {
    /// Every word printed pseudo-localised, or not (`build --pseudo-locale`).
    pub fn set_pseudo_locale(&mut self, on: bool) {
        let locales = std::sync::Arc::new(self.locales.pseudo(on));
        for ruleset in &mut self.rulesets {
            ruleset.locales = std::sync::Arc::clone(&locales);
        }
        self.locales = locales;
    }
}

#[derive(Debug, Clone)]
pub struct ConvertJob {
    pub scenario: String,
    pub from: Option<String>,
    pub to: String,
    /// Where grognard.toml asks for it (`None` for `grognard convert`).
    pub location: Option<ConvertLocations>,
}

/// Where each name of a `[[convert]]` entry is written.
#[derive(Debug, Clone)]
pub struct ConvertLocations {
    pub scenario: Location,
    pub from: Option<Location>,
    pub to: Location,
}

/// The text given for `language` among texts given per language.
pub fn in_language<'a>(texts: &'a [(String, String)], language: &str) -> Option<&'a str> {
    texts
        .iter()
        .find(|(l, _)| l == language)
        .map(|(_, text)| text.as_str())
}

impl Project {
    /// The project's title in `language`, else the first given.
    pub fn title_in(&self, language: &str) -> &str {
        in_language(&self.titles, language).unwrap_or(&self.title)
    }

    pub fn ruleset(&self, id: &str) -> Option<&Ruleset> {
        self.rulesets.iter().find(|r| r.id == id)
    }

    pub fn scenario(&self, id: &str) -> Option<&super::scenario::Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }
}

/// One rules system: metadata, vocabularies, tables and chapters.
#[derive(Debug, Default)]
pub struct Ruleset {
    pub id: String,
    pub name: String,
    pub language: String,
    /// The project's words (its [`Project::locales`]).
    pub locales: std::sync::Arc<crate::locale::Locales>,
    pub edition: String,
    pub authors: Vec<String>,
    pub dice: Vec<String>,
    pub summary: String,
    pub scale: Vec<(String, String)>,
    pub file: FileId,
    pub folder: PathBuf,
    pub vocabularies: Vec<Vocabulary>,
    pub tables: Vec<Table>,
    pub chapters: Vec<Chapter>,
    /// How the ruleset represents a battle, for conversions.
    pub profile: Option<super::profile::Profile>,
    /// What its counters print, for hex rulesets.
    pub counters: super::counter_spec::CounterSpec,
    /// What may share a hex, where the rules say (`[stacking]`).
    pub stacking: Option<super::map::Stacking>,
    /// Numbers of chapters, sections and tables, computed once loaded.
    pub numbering: super::numbering::Numbering,
    /// Every vocabulary member (or vocabulary) the sources name, for checking.
    pub key_refs: Vec<KeyRef>,
    /// Where a chapter of the rulebook starts.
    pub chapter_break: ChapterBreak,
    /// The game's own terms (`glossary.toml`), for the glossary and index.
    pub glossary: Vec<Term>,
    /// The edition's date and the documents it is made from, for the colophon.
    pub book_date: Option<time::Date>,
    pub book_sources: Vec<BookSource>,
    /// The quick-reference sheet's phases (`[[qrs]]`), in the order of play.
    pub qrs: Vec<QrsPhase>,
    /// What the author says of this edition's changes (`changelog.toml`):
    /// their kind and reason, for the errata.
    pub changelog: Vec<super::changes::Noted>,
}

/// A phase of the turn on the quick-reference sheet: its title and the
/// tables a player consults in it.
#[derive(Debug, Clone)]
pub struct QrsPhase {
    pub title: String,
    pub tables: Vec<(String, Location)>,
}

/// A document an edition is made from: what the colophon cites.
#[derive(Debug, Clone, Default)]
pub struct BookSource {
    pub title: String,
    pub author: String,
    pub note: String,
}

/// A term of the game, defined in the book's language. `forms` are the
/// other forms it takes in the chapters (plurals, cases), for the index.
#[derive(Debug, Clone)]
pub struct Term {
    pub term: String,
    pub abbr: Option<String>,
    pub forms: Vec<String>,
    pub definition: String,
    pub location: Location,
}

/// Where a chapter of the rulebook starts: `auto` (the default) on the same
/// page when enough of it is left, so that no page is left nearly empty,
/// else on a new one; `page` always on a new page; `odd` on a right-hand
/// page, as a printed book opens its chapters; `none` straight on.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChapterBreak {
    #[default]
    Auto,
    Page,
    Odd,
    None,
}

impl Ruleset {
    /// The words of the ruleset's language.
    pub fn locale(&self) -> &crate::locale::Locale {
        self.locales.get(&self.language)
    }

    pub fn vocabulary(&self, id: &str) -> Option<&Vocabulary> {
        self.vocabularies.iter().find(|v| v.id == id)
    }

    pub fn table(&self, id: &str) -> Option<&Table> {
        self.tables.iter().find(|t| t.id == id)
    }
}

/// A list of named things that tables refer to by id: grades, formations, armies…
#[derive(Debug, Clone)]
pub struct Vocabulary {
    pub id: String,
    pub title: String,
    /// The member order means "best first" (a ladder), not just display order.
    pub ordered: bool,
    pub members: Vec<Member>,
    pub location: Location,
}

impl Vocabulary {
    pub fn member(&self, id: &str) -> Option<&Member> {
        self.members.iter().find(|m| m.id == id)
    }

    pub fn position(&self, id: &str) -> Option<usize> {
        self.members.iter().position(|m| m.id == id)
    }
}

#[derive(Debug, Clone)]
pub struct Member {
    pub id: String,
    /// The label in the vocabulary's own language (the first given).
    pub label: String,
    /// The label per language, where it is given per language.
    pub labels: Vec<(String, String)>,
    /// Free attributes (`arm`, `nation`, `morale`…) that scenarios and tables may use.
    pub attributes: Vec<(String, toml::Value)>,
    pub location: Location,
}

impl Member {
    /// The label in `language`, else the first given.
    pub fn label_in(&self, language: &str) -> &str {
        in_language(&self.labels, language).unwrap_or(&self.label)
    }

    /// A free attribute that is a string (`short`, `letter`, `arm`…).
    pub fn attribute_str(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.as_str())
    }
}

/// A name written in a source that must be a vocabulary member (or, with
/// `vocab: None`, a vocabulary).
#[derive(Debug, Clone)]
pub struct KeyRef {
    pub vocab: Option<String>,
    pub key: String,
    pub location: Location,
}
