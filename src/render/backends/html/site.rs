//! The map of a ruleset's web edition: which page and anchor each chapter,
//! section, case and table lands on, what a link to it previews, and which
//! cases cite it. Anchors are made from numbers and ids only, so the same
//! sources give the same addresses in every build.

use std::collections::HashMap;

use crate::locale::Locale;
use crate::model::chapter::{Container, Node};
use crate::model::{Chapter, Ruleset, TableKind};
use crate::render::typeset::templates::Template;

/// Longest preview of a link's target, in characters.
const PREVIEW_CHARS: usize = 320;

/// Where a link lands and what it shows before it is followed.
#[derive(Debug, Clone)]
pub struct Place {
    /// "03-movimiento.html#3.2.1"
    pub href: String,
    /// What the link prints: "3.2.1", "tabla 13.2".
    pub label: String,
    /// The target's opening words, as plain text.
    pub preview: String,
}

/// A case (or section) that cites a target.
#[derive(Debug, Clone)]
pub struct Citation {
    pub label: String,
    pub href: String,
}

pub struct Site<'a> {
    pub ruleset: &'a Ruleset,
    pub templates: &'a [Template],
    pub locale: &'a Locale,
    places: HashMap<String, Place>,
    /// By the cited place's `href`.
    cited_by: HashMap<String, Vec<Citation>>,
    /// Every page's content on one page (the print view): links stay on it.
    pub single_page: bool,
    /// The pages of the scenarios played with the ruleset.
    pub scenarios: Vec<ScenarioPage>,
    /// The cases changed since an earlier edition (`build --changes-since`).
    pub marks: Option<&'a crate::model::changes::Marks>,
}

/// The page of a scenario's booklet in a ruleset's web edition.
#[derive(Debug, Clone)]
pub struct ScenarioPage {
    /// The scenario's id.
    pub id: String,
    pub title: String,
}

impl ScenarioPage {
    /// "scenario-quatre-bras-1815.html"
    pub fn file(&self) -> String {
        format!("scenario-{}.html", self.id)
    }
}

/// The file of a chapter's page.
pub fn chapter_page(chapter: &Chapter) -> String {
    format!("{:02}-{}.html", chapter.number, chapter.id)
}

pub const TABLES_PAGE: &str = "tables.html";
pub const GLOSSARY_PAGE: &str = "glossary.html";

pub fn section_anchor(number: &str) -> String {
    format!("sec-{number}")
}

pub fn table_anchor(id: &str) -> String {
    format!("table-{id}")
}

pub fn term_anchor(index: usize) -> String {
    format!("term-{}", index + 1)
}

impl<'a> Site<'a> {
    pub fn new(ruleset: &'a Ruleset, templates: &'a [Template]) -> Self {
        let locale = ruleset.locale();
        let mut site = Site {
            ruleset,
            templates,
            locale,
            places: HashMap::new(),
            cited_by: HashMap::new(),
            single_page: false,
            scenarios: Vec::new(),
            marks: None,
        };
        site.place_tables();
        for chapter in &ruleset.chapters {
            site.place_chapter(chapter);
        }
        for chapter in &ruleset.chapters {
            site.collect_citations(chapter);
        }
        site
    }

    /// Where a cross-reference to `id` goes; none for an unknown id (which
    /// `check` reports).
    pub fn place(&self, id: &str) -> Option<&Place> {
        self.places.get(id)
    }

    /// A link to `href` ("page.html#anchor") from the page being written.
    pub fn link(&self, href: &str) -> String {
        if !self.single_page {
            return href.to_string();
        }
        match href.split_once('#') {
            Some((_, anchor)) => format!("#{anchor}"),
            None if href == TABLES_PAGE => "#tables".to_string(),
            None if href == GLOSSARY_PAGE => "#glossary".to_string(),
            None => format!("#chapter-{}", href.trim_end_matches(".html")),
        }
    }

    /// The anchor of a chapter's title: the top of its own page, or its
    /// place in the print view.
    pub fn chapter_anchor(&self, chapter: &Chapter) -> String {
        if self.single_page {
            format!(
                "chapter-{}",
                chapter_page(chapter).trim_end_matches(".html")
            )
        } else {
            "top".to_string()
        }
    }

    /// The cases that cite the place at `href`, in the order of the book.
    pub fn cited_by(&self, href: &str) -> &[Citation] {
        self.cited_by.get(href).map_or(&[], Vec::as_slice)
    }

    /// A table's page: its chapter's, or the page of all tables.
    pub fn table_page(&self, id: &str) -> String {
        self.ruleset
            .chapters
            .iter()
            .find(|c| c.embeds.iter().any(|(t, _)| t == id))
            .map_or_else(|| TABLES_PAGE.to_string(), chapter_page)
    }

    fn place_tables(&mut self) {
        for (id, number) in self.ruleset.numbering.tables() {
            let Some(table) = self.ruleset.table(id) else {
                continue;
            };
            let preview = match &table.kind {
                TableKind::Missing(_) => format!("{} — {}", table.title, self.locale.missing),
                _ => table.title.clone(),
            };
            let place = Place {
                href: format!("{}#{}", self.table_page(id), table_anchor(id)),
                label: format!("{} {number}", self.locale.table_lower),
                preview: shorten(&preview),
            };
            self.places.entry(id.clone()).or_insert(place);
        }
    }

    fn place_chapter(&mut self, chapter: &Chapter) {
        let page = chapter_page(chapter);
        let title = format!(
            "{} {}. {}",
            self.locale.chapter, chapter.number, chapter.title
        );
        self.places.entry(chapter.id.clone()).or_insert(Place {
            href: page.clone(),
            label: chapter.number.to_string(),
            preview: title,
        });
        for section in &chapter.sections {
            if let Some(id) = &section.id {
                self.places.entry(id.clone()).or_insert(Place {
                    href: format!("{page}#{}", section_anchor(&section.number)),
                    label: section.number.clone(),
                    preview: format!("{} {}", section.number, section.title),
                });
            }
        }
        for (number, id, text) in case_texts(chapter) {
            if let Some(id) = id {
                self.places.entry(id).or_insert(Place {
                    href: format!("{page}#{number}"),
                    label: number.clone(),
                    preview: shorten(&format!("{number} {text}")),
                });
            }
        }
    }

    fn collect_citations(&mut self, chapter: &Chapter) {
        let page = chapter_page(chapter);
        let mut citing: Option<Citation> = None;
        let mut sections = chapter.sections.iter();
        for (node, _) in &chapter.body.nodes {
            match node {
                Node::Open(Container::Heading { level, .. }) if *level <= 2 => {
                    citing = sections.next().map(|s| Citation {
                        label: s.number.clone(),
                        href: format!("{page}#{}", section_anchor(&s.number)),
                    });
                }
                Node::Case { number, .. } => {
                    citing = Some(Citation {
                        label: number.clone(),
                        href: format!("{page}#{number}"),
                    });
                }
                Node::Reference(target) => {
                    let (Some(from), Some(to)) = (&citing, self.places.get(target)) else {
                        continue;
                    };
                    let list = self.cited_by.entry(to.href.clone()).or_default();
                    if from.href != to.href && !list.iter().any(|c| c.href == from.href) {
                        list.push(from.clone());
                    }
                }
                _ => {}
            }
        }
    }
}

/// Each case of a chapter: its number, its id, its words as plain text (a
/// cross-reference as the number it prints). Previews and search read them.
pub fn case_texts(chapter: &Chapter) -> Vec<(String, Option<String>, String)> {
    let mut cases = Vec::new();
    let mut open: Option<(String, Option<String>, String)> = None;
    for (node, _) in &chapter.body.nodes {
        match node {
            Node::Case { number, id } => {
                open = Some((number.clone(), id.clone(), String::new()));
            }
            Node::Text(text) | Node::Code(text) => {
                if let Some((_, _, words)) = &mut open {
                    words.push_str(text);
                }
            }
            Node::SoftBreak | Node::HardBreak => {
                if let Some((_, _, words)) = &mut open {
                    words.push(' ');
                }
            }
            Node::Reference(target) => {
                if let (Some((_, _, words)), Some(target)) =
                    (&mut open, chapter_target(chapter, target))
                {
                    words.push_str(&target);
                }
            }
            Node::Close(Container::Paragraph) => cases.extend(open.take()),
            _ => {}
        }
    }
    cases
}

/// A cross-reference's number where the chapter alone knows it; previews
/// only need to read well.
fn chapter_target(chapter: &Chapter, id: &str) -> Option<String> {
    chapter
        .cases
        .iter()
        .find(|c| c.id == id)
        .map(|c| c.number.clone())
        .or_else(|| {
            chapter
                .sections
                .iter()
                .find(|s| s.id.as_deref() == Some(id))
                .map(|s| s.number.clone())
        })
}

/// At most [`PREVIEW_CHARS`] characters, cut at a word, with an ellipsis.
fn shorten(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= PREVIEW_CHARS {
        return text;
    }
    let cut: String = text.chars().take(PREVIEW_CHARS).collect();
    let at = cut.rfind(' ').unwrap_or(cut.len());
    format!("{}…", &cut[..at])
}
