//! Chapter Markdown to Typst markup: a small walker over pulldown-cmark events.
//! Text is always escaped; only the walker itself writes Typst code.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, LinkType, Parser, Tag, TagEnd};

use crate::load::chapter::{block_directive, markdown_options};
use crate::model::{Chapter, Ruleset};

use super::escape::{markup, string};
use super::numbering;

/// Typst for one chapter, plus a map from output offsets back to Markdown
/// offsets so that a Typst error can point into the chapter.
pub struct ChapterTypst {
    pub typst: String,
    pub source_map: Vec<(usize, usize)>,
}

impl ChapterTypst {
    /// The Markdown offset that produced the Typst at `offset`.
    pub fn source_offset(&self, offset: usize) -> usize {
        let i = self.source_map.partition_point(|(out, _)| *out <= offset);
        self.source_map
            .get(i.saturating_sub(1))
            .map_or(0, |(_, md)| *md)
    }
}

enum Container {
    List,
    Item,
    Quote,
}

pub fn chapter_to_typst(ruleset: &Ruleset, chapter: &Chapter, text: &str) -> ChapterTypst {
    let mut out = String::new();
    let mut source_map = Vec::new();
    out.push_str(&format!(
        "= {} <{}>\n\n",
        markup(&chapter.title),
        chapter.id
    ));
    let body = &text[chapter.body_start..];
    let mut stack: Vec<Container> = Vec::new();
    let mut in_code: Option<String> = None;
    let mut code = String::new();
    let mut heading_id: Option<String> = None;
    let mut example_index = chapter_example_base(ruleset, chapter);
    let mut reference_link = false;

    for (event, range) in Parser::new_ext(body, markdown_options()).into_offset_iter() {
        source_map.push((out.len(), range.start + chapter.body_start));
        match event {
            Event::Start(Tag::Paragraph) => {}
            Event::End(TagEnd::Paragraph) => out.push_str(paragraph_end(&stack)),
            Event::Start(Tag::Heading { level, id, .. }) => {
                heading_id = id.map(|i| i.to_string());
                let marks = if level == HeadingLevel::H3 {
                    "=== "
                } else {
                    "== "
                };
                out.push_str(marks);
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(id) = heading_id.take() {
                    out.push_str(&format!(" <{id}>"));
                }
                out.push_str("\n\n");
            }
            Event::Start(Tag::Emphasis) => out.push_str("#emph["),
            Event::Start(Tag::Strong) => out.push_str("#strong["),
            Event::Start(Tag::Strikethrough) => out.push_str("#strike["),
            Event::End(TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough) => {
                out.push_str("];")
            }
            Event::Start(Tag::BlockQuote(_)) => {
                stack.push(Container::Quote);
                out.push_str("#quote(block: true)[");
            }
            Event::End(TagEnd::BlockQuote(_)) => {
                stack.pop();
                out.push_str("]\n\n");
            }
            Event::Start(Tag::List(start)) => {
                stack.push(Container::List);
                match start {
                    Some(n) => out.push_str(&format!("#enum(start: {n}, ")),
                    None => out.push_str("#list("),
                }
            }
            Event::End(TagEnd::List(_)) => {
                stack.pop();
                out.push_str(")\n\n");
            }
            Event::Start(Tag::Item) => {
                stack.push(Container::Item);
                out.push('[');
            }
            Event::End(TagEnd::Item) => {
                stack.pop();
                out.push_str("], ");
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => {
                if let Some(target) = dest_url.strip_prefix('#') {
                    // A cross-reference prints the target's number; any link text is dropped.
                    let number = numbering::resolve(ruleset, target).unwrap_or_default();
                    out.push_str(&format!("#link(<{target}>)[{}];", markup(&number)));
                    reference_link = true;
                } else if matches!(link_type, LinkType::Inline | LinkType::Autolink) {
                    out.push_str(&format!("#link({})[", string(&dest_url)));
                } else {
                    out.push('[');
                }
            }
            Event::End(TagEnd::Link) => {
                if reference_link {
                    reference_link = false;
                } else {
                    out.push_str("];");
                }
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                in_code = Some(info);
                code.clear();
            }
            Event::End(TagEnd::CodeBlock) => {
                let info = in_code.take().unwrap_or_default();
                match block_directive(&info) {
                    Some(("table", id)) => {
                        out.push_str(&format!("#gg-table(tables.at({})) <{id}>\n\n", string(id)));
                    }
                    Some(_) => {
                        out.push_str(&format!("#gg-example(examples.at({example_index}))\n\n"));
                        example_index += 1;
                    }
                    None => out.push_str(&format!("#raw(block: true, {})\n\n", string(&code))),
                }
            }
            Event::Text(t) if in_code.is_some() => code.push_str(&t),
            Event::Text(t) if reference_link => drop(t),
            Event::Text(t) => out.push_str(&markup(&t)),
            Event::Code(t) => out.push_str(&format!("#raw({});", string(&t))),
            Event::SoftBreak => out.push(' '),
            Event::HardBreak => out.push_str("#linebreak();"),
            Event::Rule => out.push_str("#line(length: 100%)\n\n"),
            Event::Html(t) | Event::InlineHtml(t) => out.push_str(&markup(&t)),
            _ => {}
        }
    }
    ChapterTypst {
        typst: out,
        source_map,
    }
}

/// Paragraphs inside list items and quotes must not end the container's markup.
fn paragraph_end(stack: &[Container]) -> &'static str {
    match stack.last() {
        Some(Container::Item) => " ",
        _ => "\n\n",
    }
}

/// Examples are numbered across the ruleset; this chapter's first index.
fn chapter_example_base(ruleset: &Ruleset, chapter: &Chapter) -> usize {
    ruleset
        .chapters
        .iter()
        .take_while(|c| c.id != chapter.id)
        .map(|c| c.examples.len())
        .sum()
}
