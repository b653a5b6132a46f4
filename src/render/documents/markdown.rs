//! Chapter bodies to Typst markup: a small walker over the parsed nodes.
//! Text is always escaped; only the walker itself writes Typst code.

use crate::model::Chapter;
use crate::model::changes::Marks;
use crate::model::chapter::{Container, Node};

use crate::render::typeset::escape::TypstWriter;
use crate::render::views::numbering::Numbers;
use crate::render::views::terms::TermFinder;

/// Typst for one chapter, plus a map from output offsets back to Markdown
/// offsets so that a Typst error can point into the chapter.
pub struct ChapterTypst {
    pub typst: String,
    pub source_map: Vec<(usize, usize)>,
    /// The chapter's editor's notes as end-notes, in the order the text
    /// refers to them.
    pub notes: Vec<TypstWriter>,
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

/// Typst for one chapter, from the body the loader parsed. `example_base` is
/// the index of the chapter's first example among the ruleset's.
pub fn chapter_to_typst(
    numbers: &Numbers,
    terms: &TermFinder,
    chapter: &Chapter,
    example_base: usize,
    marks: Option<&Marks>,
) -> ChapterTypst {
    let mut out = TypstWriter::default();
    let mut source_map = Vec::new();
    out.code("= ")
        .text(&chapter.title)
        .code(" ")
        .label(&chapter.id)
        .code("\n\n");
    // The containers open around the current node.
    let mut stack: Vec<&Container> = Vec::new();
    // Inside a changed case's mark, closed with its paragraph.
    let mut marked_case = false;
    // Each term is marked for the index once per paragraph.
    let mut marked: Vec<usize> = Vec::new();
    // Notes are numbered in the order the text refers to them; a note's
    // text is written apart, as an end-note.
    let mut note_numbers: Vec<&str> = Vec::new();
    for (label, _) in &chapter.note_refs {
        if !note_numbers.contains(&label.as_str()) {
            note_numbers.push(label);
        }
    }
    let note_key = |label: &str| {
        let n = note_numbers.iter().position(|l| *l == label)? + 1;
        Some((n, format!("gg-note-{}-{n}", chapter.number)))
    };
    let mut notes: Vec<(usize, TypstWriter)> = Vec::new();
    // The case (or section, or chapter) the words being written belong to,
    // for the index.
    let mut place = chapter.number.to_string();
    let mut sections = chapter.sections.iter();
    let mut note: Option<(usize, TypstWriter)> = None;
    for (node, range) in &chapter.body.nodes {
        if let Node::Open(container @ Container::Note { label }) = node {
            // An end-note: its number links back to where the text refers to it.
            let mut writer = TypstWriter::default();
            let (n, key) = note_key(label).unwrap_or((0, String::new()));
            writer
                .code("#gg-endnote(")
                .int(n as i64)
                .code(", ")
                .label(&format!("{key}-ref"))
                .code(", book.strings.page)[");
            note = Some((n, writer));
            stack.push(container);
            continue;
        }
        if let Node::Close(Container::Note { label }) = node {
            stack.pop();
            if let (Some((n, mut writer)), Some((_, key))) = (note.take(), note_key(label)) {
                writer.code("] ").label(&key).code("\n\n");
                notes.push((n, writer));
            }
            continue;
        }
        let in_note = note.is_some();
        let out = match &mut note {
            Some((_, writer)) => writer,
            None => {
                source_map.push((out.len(), range.start));
                &mut out
            }
        };
        match node {
            Node::Open(container) => {
                if matches!(container, Container::Paragraph) && stack.is_empty() {
                    marked.clear();
                }
                if let Container::Heading { level, .. } = container
                    && *level <= 2
                    && let Some(section) = sections.next()
                {
                    place = section.number.clone();
                }
                open(out, container);
                stack.push(container);
            }
            Node::Close(container) => {
                stack.pop();
                if marked_case && stack.is_empty() && matches!(container, Container::Paragraph) {
                    // The changed case's paragraph ends its mark.
                    out.code("]");
                    marked_case = false;
                }
                close(out, container, stack.last().copied());
            }
            Node::Case { number, id } => {
                // A case's number, run in; its id makes it a target.
                place = number.clone();
                if let Some(marks) = marks.filter(|m| m.cases.contains(number)) {
                    // Changed since the earlier edition: a bar in the margin
                    // beside the whole paragraph.
                    out.code("#gg-changed(").string(&marks.since).code(")[");
                    marked_case = true;
                }
                out.code("#gg-case(").string(number).code(")");
                // A label ends the call; a `;` after it would print.
                match id {
                    Some(id) => out.label(id),
                    None => out.code(";"),
                };
            }
            Node::NoteRef(label) => {
                if let Some((n, key)) = note_key(label) {
                    out.code("#gg-note-ref(")
                        .int(n as i64)
                        .code(", ")
                        .label(&key)
                        .code(")")
                        .label(&format!("{key}-ref"));
                }
            }
            Node::Text(t) => {
                let t = &*crate::render::views::typography::ranges(t);
                let in_heading =
                    in_note || stack.iter().any(|c| matches!(c, Container::Heading { .. }));
                let mut from = 0;
                for (at, term) in terms.find(t) {
                    if in_heading || marked.contains(&term) {
                        continue;
                    }
                    marked.push(term);
                    out.text(&t[from..at]);
                    out.code("#gg-term(")
                        .int(term as i64)
                        .code(", ")
                        .string(&place)
                        .code(");");
                    from = at;
                }
                out.text(&t[from..]);
            }
            Node::Html(t) => {
                out.text(t);
            }
            Node::Code(t) => {
                out.code("#raw(").string(t).code(");");
            }
            Node::SoftBreak => {
                out.code(" ");
            }
            Node::HardBreak => {
                out.code("#linebreak();");
            }
            Node::Rule => {
                out.code("#line(length: 100%)\n\n");
            }
            Node::CodeBlock(code) => {
                out.code("#raw(block: true, ").string(code).code(")\n\n");
            }
            Node::Embed(id) => {
                out.code("#gg-table(tables.at(")
                    .string(id)
                    .code(")) ")
                    .label(id)
                    .code("\n\n");
            }
            Node::Diagram(diagram) => {
                crate::render::documents::diagram::to_typst(diagram, out);
                out.code("\n\n");
            }
            Node::Example(i) => {
                let index = i64::try_from(example_base + i).unwrap_or(i64::MAX);
                out.code("#gg-example(examples.at(")
                    .int(index)
                    .code("))\n\n");
            }
            Node::Reference(target) => {
                // A cross-reference prints the target's number, not its link text.
                // On paper it also gives the page, where that is another.
                let Some(number) = numbers.resolve(target) else {
                    continue;
                };
                out.code("#link(")
                    .label(target)
                    .code(")[")
                    .text(&number)
                    .code("];#gg-page-of(")
                    .label(target)
                    .code(", book.strings.page);");
            }
        }
    }
    notes.sort_by_key(|(n, _)| *n);
    ChapterTypst {
        typst: out.finish(),
        source_map,
        notes: notes.into_iter().map(|(_, writer)| writer).collect(),
    }
}

fn open(out: &mut TypstWriter, container: &Container) {
    match container {
        Container::Paragraph => {}
        Container::Heading { level, .. } => {
            out.code(if *level == 2 { "=== " } else { "== " });
        }
        Container::Emphasis => {
            out.code("#emph[");
        }
        Container::Strong => {
            out.code("#strong[");
        }
        Container::Strikethrough => {
            out.code("#strike[");
        }
        Container::Quote => {
            out.code("#quote(block: true)[");
        }
        Container::List { start: Some(n) } => {
            let n = (*n).min(i64::MAX as u64) as i64;
            out.code("#enum(start: ").int(n).code(", ");
        }
        Container::List { start: None } => {
            out.code("#list(");
        }
        Container::Item => {
            out.code("[");
        }
        Container::Link { url, email: true } => {
            out.code("#link(\"mailto:\" + ").string(url).code(")[");
        }
        Container::Link { url, email: false } => {
            out.code("#link(").string(url).code(")[");
        }
        // Written apart, as an end-note.
        Container::Note { .. } => {}
    }
}

/// Closes a container; `inside` is the one around it.
fn close(out: &mut TypstWriter, container: &Container, inside: Option<&Container>) {
    match container {
        // Paragraphs inside list items must not end the item's markup.
        // Nor those of an end-note, whose page follows its last words.
        Container::Paragraph
            if matches!(inside, Some(Container::Item | Container::Note { .. })) =>
        {
            out.code(" ")
        }
        Container::Paragraph => out.code("\n\n"),
        Container::Heading { id, .. } => {
            if let Some(id) = id {
                out.code(" ").label(id);
            }
            out.code("\n\n")
        }
        Container::Emphasis | Container::Strong | Container::Strikethrough => out.code("];"),
        Container::Link { .. } => out.code("];"),
        Container::Quote => out.code("]\n\n"),
        Container::Note { .. } => out,
        Container::List { .. } => out.code(")\n\n"),
        Container::Item => out.code("], "),
    };
}

#[cfg(test)]
mod properties {
    //! Whatever a chapter holds, the Typst the walker writes only ever calls
    //! the walker's own functions: source text is content, never code.

    use proptest::prelude::*;
    use typst::syntax::{SyntaxKind, SyntaxNode};

    use super::*;
    use crate::diagnostic::Diagnostics;
    use crate::model::Ruleset;
    use crate::model::limits::Limits;

    /// The functions the walker itself writes.
    const OURS: &[&str] = &[
        "gg-diagram",
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
        "gg-case",
        "gg-page-of",
        "gg-term",
        "gg-note-ref",
        "gg-endnote",
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
                if crate::render::typeset::escape::label(name) != name {
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
            text.clone().prop_map(|t| format!("\n```table {t}\n```\n")),
            // Editor's notes and ids of cases.
            (text.clone(), hostile()).prop_map(|(t, l)| format!("{t}[^{l}] y[^n]")),
            (text.clone(), hostile()).prop_map(|(t, l)| format!("\n[^{l}]: {t}\n\n[^n]: {t}\n")),
            (text.clone(), hostile()).prop_map(|(t, id)| format!("\n{t} {{#{id}}}\n")),
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
            // Short terms, so that the index marks land all over the text.
            let glossary: Vec<crate::model::ruleset::Term> = ["a", "de", "x y"]
                .into_iter()
                .map(|word| crate::model::ruleset::Term {
                    term: word.into(),
                    abbr: Some("B".into()),
                    forms: Vec::new(),
                    definition: "…".into(),
                    location: crate::diagnostic::Location::new(0, 0..0),
                })
                .collect();
            let ruleset = Ruleset {
                id: "demo".into(),
                language: "es".into(),
                chapters: vec![chapter],
                ..Ruleset::default()
            };
            let numbers = Numbers::new(&ruleset);
            let terms = TermFinder::new(&glossary);
            let converted = chapter_to_typst(&numbers, &terms, &ruleset.chapters[0], 0, None);
            // The end-notes, written apart, follow the same rules.
            let notes: String = converted.notes.into_iter().map(TypstWriter::finish).collect();
            let typst = converted.typst + "\n" + &notes;
            let tree = typst::syntax::parse(&typst);
            let mut found = Vec::new();
            foreign(&tree, &mut found);
            prop_assert!(found.is_empty(), "{found:?} in\n{typst}\nfrom\n{text}");
        }
    }
}
