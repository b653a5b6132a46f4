//! The rules text as the diff compares it: each case (a numbered paragraph
//! with the lists and tables that follow it), each chapter's opening text and
//! each section heading, with the words a reader sees.

use crate::model::chapter::{Container, Node};
use crate::model::numbering::Target;
use crate::model::{Chapter, Ruleset};

/// A case, a chapter's opening text, or a heading.
#[derive(Debug, Clone)]
pub struct Passage {
    /// "13.4.2"; a chapter's number for its opening text; a section's for its heading.
    pub number: String,
    pub id: Option<String>,
    pub chapter: String,
    /// The section it is set in, by its key ([`Passage::section_key`] of its heading).
    pub section: String,
    pub heading: bool,
    /// The words compared: cross-references by their target's id, so that a
    /// renumbered target does not reword every case that cites it.
    pub key: String,
    /// The words as printed, cross-references by their number.
    pub text: String,
}

/// Every passage of the ruleset, chapter by chapter, in reading order.
pub fn passages(ruleset: &Ruleset) -> Vec<Passage> {
    ruleset
        .chapters
        .iter()
        .flat_map(|chapter| of_chapter(ruleset, chapter))
        .collect()
}

fn of_chapter(ruleset: &Ruleset, chapter: &Chapter) -> Vec<Passage> {
    let mut found = Vec::new();
    let intro = Passage {
        number: chapter.number.to_string(),
        id: None,
        chapter: chapter.id.clone(),
        section: chapter.id.clone(),
        heading: false,
        key: String::new(),
        text: String::new(),
    };
    let mut current = Some(intro);
    let mut sections = chapter.sections.iter();
    let mut section_key = chapter.id.clone();
    // Depth inside an editor's note, which the end-notes print apart.
    let mut in_note = 0;
    for (node, _) in &chapter.body.nodes {
        match node {
            Node::Open(Container::Note { .. }) => in_note += 1,
            Node::Close(Container::Note { .. }) => in_note -= 1,
            _ if in_note > 0 => {}
            Node::Open(Container::Heading { id, .. }) => {
                found.extend(current.take());
                let number = sections
                    .next()
                    .map(|s| s.number.clone())
                    .unwrap_or_default();
                current = Some(Passage {
                    number,
                    id: id.clone(),
                    chapter: chapter.id.clone(),
                    section: String::new(),
                    heading: true,
                    key: String::new(),
                    text: String::new(),
                });
            }
            Node::Close(Container::Heading { .. }) => {
                if let Some(mut heading) = current.take() {
                    section_key = heading
                        .id
                        .clone()
                        .unwrap_or_else(|| format!("{}#{}", chapter.id, heading.key.trim()));
                    heading.section = section_key.clone();
                    found.push(heading);
                }
            }
            Node::Case { number, id } => {
                found.extend(current.take());
                current = Some(Passage {
                    number: number.clone(),
                    id: id.clone(),
                    chapter: chapter.id.clone(),
                    section: section_key.clone(),
                    heading: false,
                    key: String::new(),
                    text: String::new(),
                });
            }
            other => {
                if let Some(passage) = current.as_mut() {
                    add(ruleset, passage, other);
                }
            }
        }
    }
    found.extend(current);
    found.retain(|p| !p.key.trim().is_empty() || p.heading);
    for passage in &mut found {
        passage.key = squeeze(&passage.key);
        passage.text = squeeze(&passage.text);
    }
    found
}

fn add(ruleset: &Ruleset, passage: &mut Passage, node: &Node) {
    let mut both = |key: &str, text: &str| {
        passage.key.push_str(key);
        passage.text.push_str(text);
    };
    match node {
        Node::Text(t) | Node::Code(t) | Node::Html(t) | Node::CodeBlock(t) => both(t, t),
        Node::SoftBreak | Node::HardBreak | Node::Rule => both(" ", " "),
        Node::Open(Container::Item) => both(" • ", " • "),
        Node::Close(Container::Paragraph) => both(" ", " "),
        Node::Reference(id) => {
            let number = match ruleset.numbering.resolve(id) {
                Some(Target::Chapter(n)) => n.to_string(),
                Some(Target::Section(n) | Target::Table(n) | Target::Case(n)) => n.clone(),
                None => id.clone(),
            };
            both(&format!("[#{id}]"), &number);
        }
        Node::Embed(table) => {
            let title = ruleset
                .tables
                .iter()
                .find(|t| &t.id == table)
                .map_or(table.as_str(), |t| t.title.as_str());
            both(&format!(" [table {table}] "), &format!(" [{title}] "));
        }
        _ => {}
    }
}

/// Runs of white space folded to one space, none at the ends.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
