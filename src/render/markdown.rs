//! Chapter Markdown to Typst markup: a small walker over pulldown-cmark events.
//! Text is always escaped; only the walker itself writes Typst code.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, LinkType, Parser, Tag, TagEnd};

use crate::load::chapter::{block_directive, markdown_options};
use crate::model::{Chapter, Ruleset};

use super::escape::TypstWriter;
use super::numbering::Numbers;

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

pub fn chapter_to_typst(
    ruleset: &Ruleset,
    numbers: &Numbers,
    chapter: &Chapter,
    text: &str,
) -> ChapterTypst {
    let mut out = TypstWriter::default();
    let mut source_map = Vec::new();
    out.code("= ")
        .text(&chapter.title)
        .code(" ")
        .label(&chapter.id)
        .code("\n\n");
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
            Event::End(TagEnd::Paragraph) => {
                out.code(paragraph_end(&stack));
            }
            Event::Start(Tag::Heading { level, id, .. }) => {
                heading_id = id.map(|i| i.to_string());
                out.code(if level == HeadingLevel::H3 {
                    "=== "
                } else {
                    "== "
                });
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(id) = heading_id.take() {
                    out.code(" ").label(&id);
                }
                out.code("\n\n");
            }
            Event::Start(Tag::Emphasis) => {
                out.code("#emph[");
            }
            Event::Start(Tag::Strong) => {
                out.code("#strong[");
            }
            Event::Start(Tag::Strikethrough) => {
                out.code("#strike[");
            }
            Event::End(TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough) => {
                out.code("];");
            }
            Event::Start(Tag::BlockQuote(_)) => {
                stack.push(Container::Quote);
                out.code("#quote(block: true)[");
            }
            Event::End(TagEnd::BlockQuote(_)) => {
                stack.pop();
                out.code("]\n\n");
            }
            Event::Start(Tag::List(start)) => {
                stack.push(Container::List);
                match start {
                    Some(n) => out
                        .code("#enum(start: ")
                        .int(n.min(i64::MAX as u64) as i64)
                        .code(", "),
                    None => out.code("#list("),
                };
            }
            Event::End(TagEnd::List(_)) => {
                stack.pop();
                out.code(")\n\n");
            }
            Event::Start(Tag::Item) => {
                stack.push(Container::Item);
                out.code("[");
            }
            Event::End(TagEnd::Item) => {
                stack.pop();
                out.code("], ");
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            }) => {
                if let Some(target) = dest_url.strip_prefix('#') {
                    // A cross-reference of any link kind prints the target's
                    // number; any link text is dropped.
                    let number = numbers.resolve(target).unwrap_or_default();
                    out.code("#link(")
                        .label(target)
                        .code(")[")
                        .text(&number)
                        .code("];");
                    reference_link = true;
                } else if link_type == LinkType::Email {
                    out.code("#link(\"mailto:\" + ")
                        .string(&dest_url)
                        .code(")[");
                } else {
                    out.code("#link(").string(&dest_url).code(")[");
                }
            }
            Event::End(TagEnd::Link) => {
                if reference_link {
                    reference_link = false;
                } else {
                    out.code("];");
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
                        out.code("#gg-table(tables.at(")
                            .string(id)
                            .code(")) ")
                            .label(id)
                            .code("\n\n");
                    }
                    Some(_) => {
                        let index = i64::try_from(example_index).unwrap_or(i64::MAX);
                        out.code("#gg-example(examples.at(")
                            .int(index)
                            .code("))\n\n");
                        example_index += 1;
                    }
                    None => {
                        out.code("#raw(block: true, ").string(&code).code(")\n\n");
                    }
                }
            }
            Event::Text(t) if in_code.is_some() => code.push_str(&t),
            Event::Text(t) if reference_link => drop(t),
            Event::Text(t) => {
                out.text(&t);
            }
            Event::Code(t) => {
                out.code("#raw(").string(&t).code(");");
            }
            Event::SoftBreak => {
                out.code(" ");
            }
            Event::HardBreak => {
                out.code("#linebreak();");
            }
            Event::Rule => {
                out.code("#line(length: 100%)\n\n");
            }
            Event::Html(t) | Event::InlineHtml(t) => {
                out.text(&t);
            }
            _ => {}
        }
    }
    ChapterTypst {
        typst: out.finish(),
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

#[cfg(test)]
mod properties {
    //! Whatever a chapter holds, the Typst the walker writes only ever calls
    //! the walker's own functions: source text is content, never code.

    use proptest::prelude::*;
    use typst::syntax::{SyntaxKind, SyntaxNode};

    use super::*;
    use crate::diagnostic::Diagnostics;
    use crate::model::limits::Limits;

    /// The functions the walker itself writes.
    const OURS: &[&str] = &[
        "emph",
        "strong",
        "strike",
        "quote",
        "enum",
        "list",
        "link",
        "raw",
        "linebreak",
        "line",
        "gg-table",
        "gg-example",
        "tables.at",
        "examples.at",
    ];

    /// What the tree holds that the walker does not write: other calls,
    /// bindings, rules, imports, maths, syntax errors.
    fn foreign(node: &SyntaxNode, found: &mut Vec<String>) {
        match node.kind() {
            SyntaxKind::FuncCall => {
                let callee = node.children().next().map(SyntaxNode::full_text);
                let callee = callee.unwrap_or_default().to_string();
                if !OURS.contains(&callee.as_str()) {
                    found.push(format!("a call of {callee}"));
                }
            }
            SyntaxKind::LetBinding
            | SyntaxKind::SetRule
            | SyntaxKind::ShowRule
            | SyntaxKind::ModuleImport
            | SyntaxKind::ModuleInclude
            | SyntaxKind::Equation
            | SyntaxKind::Closure
            | SyntaxKind::Contextual => found.push(format!("{:?}", node.kind())),
            SyntaxKind::Label => {
                let text = node.full_text();
                let name = text.trim_start_matches('<').trim_end_matches('>');
                if super::super::escape::label(name) != name {
                    found.push(format!("the label {text}"));
                }
            }
            _ => {}
        }
        if node.kind() == SyntaxKind::Error {
            found.push(format!("a syntax error at {:?}", node.full_text()));
        }
        for child in node.children() {
            foreign(child, found);
        }
    }

    /// Text with everything Typst and Markdown give meaning to.
    fn hostile() -> BoxedStrategy<String> {
        let fragments = prop_oneof![
            Just(")[];#text(size:60pt,fill:red)[X];#pagebreak();#link(<".to_string()),
            Just("#read(\"/etc/passwd\")".to_string()),
            Just("\\)".to_string()),
            Just("&#41;&#91;&#35;".to_string()),
            Just("$x^2$".to_string()),
            Just("<fuego>".to_string()),
            Just("@fuego".to_string()),
            Just("// /* */".to_string()),
            Just("#let x = 1".to_string()),
            Just("#set text(red)".to_string()),
            Just("#show: x => x".to_string()),
            Just("#import \"@preview/x:1.0.0\"".to_string()),
            "[-#$*_`@<>\\[\\]~{}/=+:.\"' a1\\\\()&;]{0,12}",
            "\\PC{0,8}",
        ];
        prop::collection::vec(fragments, 0..4)
            .prop_map(|parts| parts.concat())
            .boxed()
    }

    /// One line of Markdown: every kind of link, headings with ids, code,
    /// lists, quotes, reference definitions.
    fn line() -> impl Strategy<Value = String> {
        let text = hostile();
        prop_oneof![
            text.clone(),
            (text.clone(), hostile()).prop_map(|(t, d)| format!("[{t}](#{d})")),
            (text.clone(), text.clone()).prop_map(|(t, d)| format!("[{t}]({d})")),
            text.clone()
                .prop_map(|t| format!("Véase [{t}][r]. Y [r][] y [r].")),
            text.clone().prop_map(|d| format!("\n[r]: #{d}\n")),
            text.clone().prop_map(|d| format!("\n[r]: <#{d}>\n")),
            text.clone()
                .prop_map(|t| format!("<https://x.org/{t}> <a@b.c>")),
            (text.clone(), text.clone()).prop_map(|(t, id)| format!("\n## {t} {{#{id}}}\n")),
            text.clone()
                .prop_map(|t| format!("`{t}` *{t}* **{t}** ~~{t}~~")),
            text.clone()
                .prop_map(|t| format!("\n- {t}\n  > {t}\n1. {t}\n")),
            text.clone().prop_map(|t| format!("\n```{t}\n{t}\n```\n")),
            text.prop_map(|t| format!("\n```table {t}\n```\n")),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn chapter_text_never_becomes_typst_code(lines in prop::collection::vec(line(), 0..10)) {
            let text = format!("+++\nid = \"fuego\"\ntitle = \"Fuego\"\n+++\n{}\n", lines.join("\n"));
            let mut diags = Diagnostics::default();
            let chapter = crate::load::chapter::load(0, &text, 1, &Limits::default(), &mut diags)
                .expect("the front matter is valid");
            let ruleset = Ruleset {
                id: "demo".into(),
                language: "es".into(),
                chapters: vec![chapter],
                ..Ruleset::default()
            };
            let numbers = Numbers::new(&ruleset);
            let typst = chapter_to_typst(&ruleset, &numbers, &ruleset.chapters[0], &text).typst;
            let tree = typst::syntax::parse(&typst);
            let mut found = Vec::new();
            foreign(&tree, &mut found);
            prop_assert!(found.is_empty(), "{found:?} in\n{typst}\nfrom\n{text}");
        }
    }
}
