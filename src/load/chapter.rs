//! `chapters/NN-slug.md`: front matter, sections, embeds, references, examples.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd};
use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::chapter::{Case, Container, Node};
use crate::model::limits::{self, Limits};
use crate::model::{Chapter, Section};
use crate::source::FileId;

use super::toml_util::TomlText;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FrontMatter {
    id: Spanned<String>,
    title: String,
}

/// The Markdown options every reader of chapters uses.
pub fn markdown_options() -> Options {
    Options::ENABLE_HEADING_ATTRIBUTES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_FOOTNOTES
}

/// Splits `+++` front matter from the body; returns (front matter range, body start).
pub fn split_front_matter(text: &str) -> Option<(std::ops::Range<usize>, usize)> {
    let rest = text.strip_prefix("+++")?;
    let first_newline = rest.find('\n')?;
    let fm_start = 3 + first_newline + 1;
    let mut offset = fm_start;
    for line in text[fm_start..].split_inclusive('\n') {
        if line.trim_end() == "+++" {
            return Some((fm_start..offset, offset + line.len()));
        }
        offset += line.len();
    }
    None
}

/// A fenced block's info string: `table <id>`, `example <table-id>` or `diagram`.
pub fn block_directive(info: &str) -> Option<(&str, &str)> {
    let mut words = info.split_whitespace();
    let kind = words.next()?;
    let arg = words.next().unwrap_or("");
    matches!(kind, "table" | "example" | "diagram").then_some((kind, arg))
}

pub fn load(
    file: FileId,
    text: &str,
    number: usize,
    limits: &Limits,
    diags: &mut Diagnostics,
) -> Option<Chapter> {
    let Some((fm_range, body_start)) = split_front_matter(text) else {
        diags.push(
            Diagnostic::of(
                codes::MISSING_FRONT_MATTER,
                "a chapter starts with front matter between `+++` lines",
            )
            .at(file, 0..text.find('\n').unwrap_or(text.len()))
            .expected("+++\nid = \"…\"\ntitle = \"…\"\n+++"),
        );
        return None;
    };
    let front = TomlText {
        file,
        text: &text[fm_range.clone()],
        offset: fm_range.start,
    };
    let fm: FrontMatter = front
        .parse(limits, diags)?
        .deserialize("chapter front matter", diags)?;
    let location = front.location(fm.id.span());
    super::check_id(fm.id.get_ref(), &location, diags);

    let mut chapter = Chapter {
        id: fm.id.into_inner(),
        title: fm.title,
        number,
        file,
        body_start,
        sections: Vec::new(),
        embeds: Vec::new(),
        references: Vec::new(),
        claims: Vec::new(),
        examples: Vec::new(),
        notes: Vec::new(),
        note_refs: Vec::new(),
        cases: Vec::new(),
        body: Default::default(),
        location,
    };
    scan_body(&mut chapter, text, limits, diags);
    Some(chapter)
}

/// Walks the Markdown once: sections are numbered, directives read, links
/// recorded, and the body kept as nodes for the checker and the renderers.
fn scan_body(chapter: &mut Chapter, text: &str, limits: &Limits, diags: &mut Diagnostics) {
    let base = chapter.body_start;
    let mut scan = Scan::default();
    let events = Parser::new_ext(&text[base..], markdown_options()).into_offset_iter();
    for (event, range) in events {
        let range = range.start + base..range.end + base;
        scan.nesting(chapter.file, &event, &range, limits, diags);
        scan.event(chapter, event, range, text, limits, diags);
    }
}

/// A code block as read: its info string, range, and text with its offset.
type CodeBlock = (String, Range<usize>, Option<(usize, String)>);

/// What the walk is inside of.
#[derive(Default)]
struct Scan {
    /// Sections and subsections so far in this chapter.
    counters: [usize; 2],
    /// The heading being read: its depth, id, range and title.
    heading: Option<(usize, Option<String>, Range<usize>, String)>,
    /// The code block being read.
    block: Option<CodeBlock>,
    /// Inside a link to `#id`, whose text the rulebook does not print.
    in_reference: bool,
    /// Inside a claim, `[6 cm](=movement/line/cm)`: its path, place and words so far.
    claim: Option<(Vec<String>, Range<usize>, String)>,
    /// Lists and quotes inside each other: deep nesting is reported once.
    nesting: usize,
    too_deep: bool,
    /// The number of the section being read ("13.4"), and its cases so far.
    section: Option<String>,
    cases: usize,
    /// The node of the case being read: a paragraph of a section.
    case: Option<usize>,
    /// The editor's note being read.
    note: Option<String>,
}

impl Scan {
    fn nesting(
        &mut self,
        file: FileId,
        event: &Event,
        range: &Range<usize>,
        limits: &Limits,
        diags: &mut Diagnostics,
    ) {
        match event {
            Event::Start(Tag::List(_) | Tag::BlockQuote(_)) => {
                self.nesting += 1;
                if self.nesting > limits.count(limits::DEPTH) && !self.too_deep {
                    self.too_deep = true;
                    diags.push(
                        Diagnostic::of(codes::LIMIT, "lists and quotes are nested too deeply")
                            .at(file, range.start..range.start + 1)
                            .note(limits.note(limits::DEPTH)),
                    );
                }
            }
            Event::End(TagEnd::List(_) | TagEnd::BlockQuote(_)) => {
                self.nesting = self.nesting.saturating_sub(1)
            }
            _ => {}
        }
    }

    fn event(
        &mut self,
        chapter: &mut Chapter,
        event: Event,
        range: Range<usize>,
        text: &str,
        limits: &Limits,
        diags: &mut Diagnostics,
    ) {
        let file = chapter.file;
        if let Some((_, _, content)) = &mut self.block {
            // Inside a code block: its text, verbatim, until it ends.
            match event {
                Event::Text(t) => {
                    content
                        .get_or_insert((range.start, String::new()))
                        .1
                        .push_str(&t);
                }
                Event::End(TagEnd::CodeBlock) => self.code_block(chapter, text, limits, diags),
                _ => {}
            }
            return;
        }
        if self.in_reference {
            // The link text of a cross-reference is not printed.
            if let Event::End(TagEnd::Link) = event {
                self.in_reference = false;
            }
            return;
        }
        if self.claim.is_some() {
            // A claim's words print as they are; its end is no link's.
            match &event {
                Event::End(TagEnd::Link) => {
                    if let Some((path, range, text)) = self.claim.take() {
                        chapter.claims.push(crate::model::chapter::Claim {
                            text,
                            path,
                            location: Location::new(file, range),
                        });
                    }
                    return;
                }
                Event::Text(t) | Event::Code(t) => {
                    if let Some((_, _, text)) = &mut self.claim {
                        text.push_str(t);
                    }
                }
                _ => {}
            }
        }
        let nodes = &mut chapter.body.nodes;
        match event {
            Event::Start(Tag::Heading { level, id, .. }) => {
                let depth = heading_depth(level, file, &range, diags);
                let id = id.map(|i| i.to_string());
                self.heading_start(chapter, depth, id, range);
            }
            Event::End(TagEnd::Heading(_)) => self.heading_end(chapter, range, diags),
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                self.block = Some((info, range, None));
            }
            // Every kind of link: inline, reference (`[text][r]`, `[r][]`,
            // `[r]`) and autolinks, so that every cross-reference is checked.
            Event::Start(Tag::Link {
                dest_url,
                link_type,
                ..
            }) => self.link_start(chapter, &dest_url, link_type, range),
            Event::Start(Tag::Image { .. }) => diags.push(
                Diagnostic::of(codes::UNSUPPORTED_MARKDOWN, "images are not supported yet")
                    .at(file, range),
            ),
            Event::Start(Tag::FootnoteDefinition(label)) => {
                let label = label.to_string();
                let location = Location::new(file, range.clone());
                chapter.notes.push((label.clone(), location));
                nodes.push((
                    Node::Open(Container::Note {
                        label: label.clone(),
                    }),
                    range,
                ));
                self.note = Some(label);
            }
            Event::End(TagEnd::FootnoteDefinition) => {
                if let Some(label) = self.note.take() {
                    nodes.push((Node::Close(Container::Note { label }), range));
                }
            }
            Event::FootnoteReference(label) => {
                let location = Location::new(file, range.clone());
                chapter.note_refs.push((label.to_string(), location));
                nodes.push((Node::NoteRef(label.to_string()), range));
            }
            // A paragraph of a section is a case, numbered within it.
            Event::Start(Tag::Paragraph) if self.nesting == 0 && self.note.is_none() => {
                nodes.push((Node::Open(Container::Paragraph), range.clone()));
                if let Some(section) = &self.section {
                    self.cases += 1;
                    let number = format!("{section}.{}", self.cases);
                    self.case = Some(nodes.len());
                    nodes.push((Node::Case { number, id: None }, range));
                }
            }
            Event::End(TagEnd::Paragraph) => {
                if let Some(at) = self.case.take() {
                    case_id(chapter, at, file, diags);
                }
                let nodes = &mut chapter.body.nodes;
                nodes.push((Node::Close(Container::Paragraph), range));
            }
            Event::Html(t) | Event::InlineHtml(t) => {
                diags.push(
                    Diagnostic::of(
                        codes::UNSUPPORTED_MARKDOWN,
                        "raw HTML is printed as text in the rulebook",
                    )
                    .at(file, range.clone()),
                );
                nodes.push((Node::Html(t.to_string()), range));
            }
            event => {
                if let (Event::Text(t) | Event::Code(t), Some(h)) = (&event, &mut self.heading) {
                    h.3.push_str(t);
                }
                if let Some(node) = plain_node(event) {
                    nodes.push((node, range));
                }
            }
        }
    }

    /// A heading starts: its node opens, and its title is gathered until it ends.
    fn heading_start(
        &mut self,
        chapter: &mut Chapter,
        depth: usize,
        id: Option<String>,
        range: Range<usize>,
    ) {
        let container = Container::Heading {
            level: depth.max(1),
            id: id.clone(),
        };
        chapter
            .body
            .nodes
            .push((Node::Open(container), range.clone()));
        self.heading = Some((depth, id, range, String::new()));
    }

    /// A heading ends: its node closes, and a `##` or `###` becomes a section.
    fn heading_end(&mut self, chapter: &mut Chapter, range: Range<usize>, diags: &mut Diagnostics) {
        let Some((depth, id, heading_range, title)) = self.heading.take() else {
            return;
        };
        let container = Container::Heading {
            level: depth.max(1),
            id: id.clone(),
        };
        chapter.body.nodes.push((Node::Close(container), range));
        if depth > 0 {
            self.section(chapter, depth, id, heading_range, title, diags);
        }
    }

    /// A link starts: to `#id` it is a cross-reference, whose text is
    /// skipped; any other opens a link node.
    fn link_start(
        &mut self,
        chapter: &mut Chapter,
        dest_url: &str,
        link_type: LinkType,
        range: Range<usize>,
    ) {
        if let Some(path) = dest_url.strip_prefix('=') {
            let path = path.split('/').map(|p| p.trim().to_string()).collect();
            self.claim = Some((path, range, String::new()));
            return;
        }
        match dest_url.strip_prefix('#') {
            Some(target) => {
                let location = Location::new(chapter.file, range.clone());
                chapter.references.push((target.to_string(), location));
                chapter
                    .body
                    .nodes
                    .push((Node::Reference(target.to_string()), range));
                self.in_reference = true;
            }
            None => {
                let link = Container::Link {
                    url: dest_url.to_string(),
                    email: link_type == LinkType::Email,
                };
                chapter.body.nodes.push((Node::Open(link), range));
            }
        }
    }

    fn section(
        &mut self,
        chapter: &mut Chapter,
        depth: usize,
        id: Option<String>,
        range: Range<usize>,
        title: String,
        diags: &mut Diagnostics,
    ) {
        let file = chapter.file;
        if depth == 2 && self.counters[0] == 0 {
            diags.push(
                Diagnostic::of(
                    codes::HEADING_LEVEL,
                    "a `###` subsection must come after a `##` section",
                )
                .at(file, range.clone()),
            );
        }
        self.counters[depth - 1] += 1;
        if depth == 1 {
            self.counters[1] = 0;
        }
        let number = match depth {
            1 => format!("{}.{}", chapter.number, self.counters[0]),
            _ => format!(
                "{}.{}.{}",
                chapter.number, self.counters[0], self.counters[1]
            ),
        };
        self.section = Some(number.clone());
        self.cases = 0;
        let location = Location::new(file, range);
        if let Some(id) = &id {
            super::check_id(id, &location, diags);
        }
        chapter.sections.push(Section {
            id,
            title: title.trim().to_string(),
            number,
            level: depth,
            location,
        });
    }

    /// A code block ends: a directive (table or example) or verbatim code.
    fn code_block(
        &mut self,
        chapter: &mut Chapter,
        text: &str,
        limits: &Limits,
        diags: &mut Diagnostics,
    ) {
        let Some((info, range, content)) = self.block.take() else {
            return;
        };
        let Some((kind, arg)) = block_directive(&info) else {
            let code = content.map(|(_, code)| code).unwrap_or_default();
            chapter.body.nodes.push((Node::CodeBlock(code), range));
            return;
        };
        if kind == "diagram" {
            // The body is TOML; an empty block is read as empty, at its fence.
            let (offset, body) = content.unwrap_or((range.start, String::new()));
            let diagram = crate::load::diagram::load(chapter.file, &body, offset, limits, diags);
            if let Some(diagram) = diagram {
                let node = Node::Diagram(Box::new(diagram));
                chapter.body.nodes.push((node, range));
            }
            return;
        }
        let (embeds, examples) = (chapter.embeds.len(), chapter.examples.len());
        let block = super::example::Directive {
            kind,
            arg,
            range: range.clone(),
            content,
        };
        super::example::directive(chapter, block, text, limits, diags);
        let node = if chapter.embeds.len() > embeds {
            Node::Embed(arg.to_string())
        } else if chapter.examples.len() > examples {
            Node::Example(examples)
        } else {
            return; // reported by `directive`
        };
        chapter.body.nodes.push((node, range));
    }
}

/// A case that ends in `{#id}` takes that id: the words are taken off the
/// text, and the case can be cited by it (`[](#id)`) whatever comes before.
fn case_id(chapter: &mut Chapter, at: usize, file: FileId, diags: &mut Diagnostics) {
    let nodes = &mut chapter.body.nodes;
    // The paragraph's closing words, which the parser may have split.
    let tail_start = nodes[at + 1..]
        .iter()
        .rposition(|(n, _)| !matches!(n, Node::Text(_)))
        .map_or(at + 1, |i| at + 2 + i);
    let tail: String = nodes[tail_start..]
        .iter()
        .filter_map(|(n, _)| match n {
            Node::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect();
    let trimmed = tail.trim_end();
    let Some(open) = trimmed.rfind("{#").filter(|_| trimmed.ends_with('}')) else {
        return;
    };
    let id = trimmed[open + 2..trimmed.len() - 1].to_string();
    let start = nodes[tail_start].1.start;
    let end = nodes.last().map_or(start, |(_, r)| r.end);
    let location = Location::new(file, start..end);
    super::check_id(&id, &location, diags);
    // Keep the words before `{#`, in as many nodes as they came.
    let mut keep = tail[..open].trim_end().len();
    let mut i = tail_start;
    while i < nodes.len() {
        let Node::Text(t) = &mut nodes[i].0 else {
            break;
        };
        if keep >= t.len() {
            keep -= t.len();
            i += 1;
        } else {
            t.truncate(keep);
            i += 1;
            nodes.truncate(i);
            break;
        }
    }
    let mut i = tail_start;
    while i < nodes.len() {
        if matches!(&nodes[i].0, Node::Text(t) if t.is_empty()) {
            nodes.remove(i);
        } else {
            i += 1;
        }
    }
    let Some((Node::Case { number, id: slot }, _)) = nodes.get_mut(at) else {
        return;
    };
    *slot = Some(id.clone());
    chapter.cases.push(Case {
        id,
        number: number.clone(),
        location,
    });
}

/// `##` is a section, `###` a subsection; any other level is reported (0).
fn heading_depth(
    level: HeadingLevel,
    file: FileId,
    range: &Range<usize>,
    diags: &mut Diagnostics,
) -> usize {
    match level {
        HeadingLevel::H2 => 1,
        HeadingLevel::H3 => 2,
        _ => {
            diags.push(
                Diagnostic::of(
                    codes::HEADING_LEVEL,
                    "chapters use `##` for sections and `###` for subsections",
                )
                .at(file, range.clone())
                .note("the chapter title comes from the front matter"),
            );
            0
        }
    }
}

/// The node of an event that needs no state; `None` for what prints nothing.
fn plain_node(event: Event) -> Option<Node> {
    let container = |tag: Tag| match tag {
        Tag::Paragraph => Some(Container::Paragraph),
        Tag::Emphasis => Some(Container::Emphasis),
        Tag::Strong => Some(Container::Strong),
        Tag::Strikethrough => Some(Container::Strikethrough),
        Tag::BlockQuote(_) => Some(Container::Quote),
        Tag::List(start) => Some(Container::List { start }),
        Tag::Item => Some(Container::Item),
        _ => None,
    };
    Some(match event {
        Event::Start(tag) => Node::Open(container(tag)?),
        Event::End(end) => Node::Close(match end {
            TagEnd::Paragraph => Container::Paragraph,
            TagEnd::Emphasis => Container::Emphasis,
            TagEnd::Strong => Container::Strong,
            TagEnd::Strikethrough => Container::Strikethrough,
            TagEnd::BlockQuote(_) => Container::Quote,
            TagEnd::List(_) => Container::List { start: None },
            TagEnd::Item => Container::Item,
            TagEnd::Link => Container::Link {
                url: String::new(),
                email: false,
            },
            _ => return None,
        }),
        Event::Text(t) => Node::Text(t.to_string()),
        Event::Code(t) => Node::Code(t.to_string()),
        Event::SoftBreak => Node::SoftBreak,
        Event::HardBreak => Node::HardBreak,
        Event::Rule => Node::Rule,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_is_split_from_the_body() {
        let text = "+++\nid = \"x\"\ntitle = \"X\"\n+++\nBody\n";
        let (fm, body) = split_front_matter(text).unwrap();
        assert_eq!(&text[fm], "id = \"x\"\ntitle = \"X\"\n");
        assert_eq!(&text[body..], "Body\n");
    }
}
