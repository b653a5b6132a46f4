//! A chapter's parsed body as HTML: the same walk as the rulebook's, with
//! links where the book gives numbers. Text is always escaped; only this
//! walker writes markup.

use crate::model::Chapter;
use crate::model::chapter::{Container, Node};

use crate::render::backends::html::site::{GLOSSARY_PAGE, Site, section_anchor, term_anchor};
use crate::render::backends::html::tables::{example_html, table_html};
use crate::render::backends::html::writer::HtmlWriter;
use crate::render::views::terms::TermFinder;

/// The chapter's body and its editor's notes, as HTML.
pub fn chapter_html(site: &Site, chapter: &Chapter) -> HtmlWriter {
    let ruleset = site.ruleset;
    let terms = TermFinder::new(&ruleset.glossary);
    let page = crate::render::backends::html::site::chapter_page(chapter);
    let mut out = HtmlWriter::default();
    out.tag("<h1 id=\"")
        .attr(&site.chapter_anchor(chapter))
        .tag("\"><span class=\"number\">")
        .text(&chapter.number.to_string())
        .tag("</span> ")
        .text(&chapter.title)
        .tag("</h1>\n");
    let mut stack: Vec<&Container> = Vec::new();
    let mut marked: Vec<usize> = Vec::new();
    let mut sections = chapter.sections.iter();
    // The case whose paragraph is open, for its "cited by" line.
    let mut case: Option<String> = None;
    let mut note_numbers: Vec<&str> = Vec::new();
    for (label, _) in &chapter.note_refs {
        if !note_numbers.contains(&label.as_str()) {
            note_numbers.push(label);
        }
    }
    let note_number = |label: &str| note_numbers.iter().position(|l| *l == label).map(|n| n + 1);
    let mut notes: Vec<(usize, HtmlWriter)> = Vec::new();
    let mut note: Option<(usize, HtmlWriter)> = None;
    for (node, _) in &chapter.body.nodes {
        if let Node::Open(Container::Note { label }) = node {
            note = Some((note_number(label).unwrap_or(0), HtmlWriter::default()));
            stack.push(&Container::Paragraph);
            continue;
        }
        if let Node::Close(Container::Note { .. }) = node {
            stack.pop();
            notes.extend(note.take());
            continue;
        }
        let in_note = note.is_some();
        let out = match &mut note {
            Some((_, writer)) => writer,
            None => &mut out,
        };
        match node {
            Node::Open(container) => {
                match container {
                    Container::Heading { level, .. } => {
                        let section = if *level <= 2 { sections.next() } else { None };
                        out.tag(if *level >= 2 { "<h3" } else { "<h2" });
                        if let Some(section) = section {
                            let anchor = section_anchor(&section.number);
                            out.tag(" id=\"")
                                .attr(&anchor)
                                .tag("\"><a class=\"number\" href=\"#")
                                .attr(&anchor)
                                .tag("\">")
                                .text(&section.number)
                                .tag("</a> ");
                            case = Some(anchor);
                        } else {
                            out.tag(">");
                        }
                    }
                    other => open(out, other),
                }
                stack.push(container);
            }
            Node::Close(container) => {
                stack.pop();
                close(out, container);
                let ends_case = matches!(container, Container::Paragraph) && stack.is_empty();
                let ends_heading = matches!(container, Container::Heading { .. });
                if (ends_case || ends_heading)
                    && !in_note
                    && let Some(anchor) = case.take()
                {
                    cited_by(site, &format!("{page}#{anchor}"), out);
                }
            }
            Node::Case { number, .. } => {
                // A term links to its definition once per case.
                marked.clear();
                out.tag("<a class=\"case\" id=\"")
                    .attr(number)
                    .tag("\" href=\"#")
                    .attr(number)
                    .tag("\">")
                    .text(number)
                    .tag("</a> ");
                if let Some(marks) = site.marks.filter(|m| m.cases.contains(number)) {
                    let said = changed_words(site, marks);
                    out.tag("<span class=\"changed\">")
                        .text(&said)
                        .tag("</span> ");
                }
                case = Some(number.clone());
            }
            Node::NoteRef(label) => {
                if let Some(n) = note_number(label) {
                    let n = format!("{}-{n}", chapter.number);
                    out.tag("<sup><a class=\"note-ref\" id=\"note-ref-")
                        .attr(&n)
                        .tag("\" href=\"#note-")
                        .attr(&n)
                        .tag("\">")
                        .text(n.rsplit('-').next().unwrap_or_default())
                        .tag("</a></sup>");
                }
            }
            Node::Text(t) => {
                let t = &*crate::render::views::typography::ranges(t);
                let in_heading = stack
                    .iter()
                    .any(|c| matches!(c, Container::Heading { .. } | Container::Link { .. }));
                let mut from = 0;
                for (words, term) in terms.find_words(t) {
                    if in_heading || in_note || marked.contains(&term) || words.start < from {
                        continue;
                    }
                    marked.push(term);
                    let definition = &ruleset.glossary[term].definition;
                    out.text(&t[from..words.start])
                        .tag("<a class=\"term\" href=\"")
                        .attr(&site.link(&format!("{GLOSSARY_PAGE}#{}", term_anchor(term))))
                        .tag("\" data-preview=\"")
                        .attr(definition)
                        .tag("\">")
                        .text(&t[words.clone()])
                        .tag("</a>");
                    from = words.end;
                }
                out.text(&t[from..]);
            }
            Node::Html(t) => {
                out.text(t);
            }
            Node::Code(t) => {
                out.tag("<code>").text(t).tag("</code>");
            }
            Node::SoftBreak => {
                out.tag("\n");
            }
            Node::HardBreak => {
                out.tag("<br>\n");
            }
            Node::Rule => {
                out.tag("<hr>\n");
            }
            Node::CodeBlock(code) => {
                out.tag("<pre><code>").text(code).tag("</code></pre>\n");
            }
            Node::Embed(id) => {
                if let Some(html) = table_html(site, id, false) {
                    out.append(&html);
                }
            }
            Node::Diagram(diagram) => {
                out.append(&crate::render::backends::html::diagram::diagram_html(
                    diagram,
                    site.templates,
                ));
            }
            Node::Example(i) => {
                if let Some(html) = example_html(site, chapter, *i) {
                    out.append(&html);
                }
            }
            Node::Reference(target) => {
                // An unknown target is reported by `check`; nothing is linked.
                let Some(place) = site.place(target) else {
                    continue;
                };
                out.tag("<a class=\"xref\" href=\"")
                    .attr(&site.link(&place.href))
                    .tag("\" data-preview=\"")
                    .attr(&place.preview)
                    .tag("\">")
                    .text(&place.label)
                    .tag("</a>");
            }
        }
    }
    if !notes.is_empty() {
        notes.sort_by_key(|(n, _)| *n);
        out.tag("<section class=\"notes\"><h2>")
            .text(&site.locale.editor_notes)
            .tag("</h2>\n<ol>\n");
        for (n, note) in notes {
            let value = n.to_string();
            let n = format!("{}-{n}", chapter.number);
            out.tag("<li id=\"note-")
                .attr(&n)
                .tag("\" value=\"")
                .attr(&value)
                .tag("\">")
                .append(&note)
                .tag(" <a class=\"back\" href=\"#note-ref-")
                .attr(&n)
                .tag("\" aria-label=\"↩\">↩</a></li>\n");
        }
        out.tag("</ol></section>\n");
    }
    out
}

/// "Cited in 3.2, 5.1": the cases that refer to the one at `href`.
fn cited_by(site: &Site, href: &str, out: &mut HtmlWriter) {
    let citations = site.cited_by(href);
    if citations.is_empty() {
        return;
    }
    out.tag("<p class=\"cited-by\">")
        .text(&site.locale.web_cited_by)
        .tag(" ");
    for (i, citation) in citations.iter().enumerate() {
        if i > 0 {
            out.tag(", ");
        }
        out.tag("<a href=\"")
            .attr(&site.link(&citation.href))
            .tag("\">")
            .text(&citation.label)
            .tag("</a>");
    }
    out.tag("</p>\n");
}

fn open(out: &mut HtmlWriter, container: &Container) {
    match container {
        Container::Paragraph => out.tag("<p>"),
        Container::Heading { .. } | Container::Note { .. } => out,
        Container::Emphasis => out.tag("<em>"),
        Container::Strong => out.tag("<strong>"),
        Container::Strikethrough => out.tag("<s>"),
        Container::Quote => out.tag("<blockquote>\n"),
        Container::List { start: Some(n) } => {
            out.tag("<ol start=\"").attr(&n.to_string()).tag("\">\n")
        }
        Container::List { start: None } => out.tag("<ul>\n"),
        Container::Item => out.tag("<li>"),
        Container::Link { url, email: true } => out.tag("<a href=\"mailto:").attr(url).tag("\">"),
        // Only web addresses become links: a `javascript:` or file address
        // in a source is shown as text and followed nowhere.
        Container::Link { url, email: false } if is_web_address(url) => {
            out.tag("<a rel=\"noopener\" href=\"").attr(url).tag("\">")
        }
        Container::Link { .. } => out.tag("<span class=\"link\">"),
    };
}

fn close(out: &mut HtmlWriter, container: &Container) {
    match container {
        Container::Paragraph => out.tag("</p>\n"),
        Container::Heading { level, .. } => {
            out.tag(if *level >= 2 { "</h3>\n" } else { "</h2>\n" })
        }
        Container::Emphasis => out.tag("</em>"),
        Container::Strong => out.tag("</strong>"),
        Container::Strikethrough => out.tag("</s>"),
        Container::Quote => out.tag("</blockquote>\n"),
        Container::List { start: Some(_) } => out.tag("</ol>\n"),
        Container::List { start: None } => out.tag("</ul>\n"),
        Container::Item => out.tag("</li>\n"),
        Container::Link { url, email } if *email || is_web_address(url) => out.tag("</a>"),
        Container::Link { .. } => out.tag("</span>"),
        Container::Note { .. } => out,
    };
}

fn is_web_address(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://")
}

/// "changed in edition 1.1": what the page says beside a changed case or
/// cell (`build --changes-since`).
pub fn changed_words(site: &Site, marks: &crate::model::changes::Marks) -> String {
    if marks.since.is_empty() {
        site.locale.message("html_changed", &[])
    } else {
        let edition = crate::locale::Arg::Text(marks.since.clone());
        site.locale
            .message("html_changed_in", &[("edition", edition)])
    }
}
