//! `chapters/NN-slug.md`: front matter, sections, embeds, references, examples.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::model::limits::{self, Limits};
use crate::model::{Chapter, Example, Section};
use crate::source::FileId;

use super::toml_util::TomlText;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FrontMatter {
    id: Spanned<String>,
    title: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExample {
    title: Option<String>,
    #[serde(default)]
    inputs: Vec<Spanned<String>>,
    roll: Option<i64>,
    #[serde(default)]
    claims: Option<Spanned<toml::Table>>,
    select: Option<Spanned<toml::Table>>,
    scale: Option<Spanned<String>>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

/// The Markdown options every reader of chapters uses.
pub fn markdown_options() -> Options {
    Options::ENABLE_HEADING_ATTRIBUTES | Options::ENABLE_STRIKETHROUGH
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

/// A fenced block's info string: `table <id>` or `example <table-id>`.
pub fn block_directive(info: &str) -> Option<(&str, &str)> {
    let mut words = info.split_whitespace();
    let kind = words.next()?;
    let arg = words.next().unwrap_or("");
    matches!(kind, "table" | "example").then_some((kind, arg))
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
            Diagnostic::error(
                "missing-front-matter",
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
        examples: Vec::new(),
        location,
    };
    scan_body(&mut chapter, text, limits, diags);
    Some(chapter)
}

fn scan_body(chapter: &mut Chapter, text: &str, limits: &Limits, diags: &mut Diagnostics) {
    let file = chapter.file;
    let body = &text[chapter.body_start..];
    let base = chapter.body_start;
    let mut counters = [0usize; 2];
    let mut heading: Option<(usize, Option<String>, std::ops::Range<usize>, String)> = None;
    let mut block: Option<(String, String, std::ops::Range<usize>)> = None;
    let mut block_text: Option<(usize, String)> = None;
    // Lists and quotes inside each other: deep nesting is reported once.
    let mut nesting = 0usize;
    let mut too_deep = false;

    for (event, range) in Parser::new_ext(body, markdown_options()).into_offset_iter() {
        let range = range.start + base..range.end + base;
        match &event {
            Event::Start(Tag::List(_) | Tag::BlockQuote(_)) => {
                nesting += 1;
                if nesting > limits.count(limits::DEPTH) && !too_deep {
                    too_deep = true;
                    diags.push(
                        Diagnostic::error("limit", "lists and quotes are nested too deeply")
                            .at(file, range.start..range.start + 1)
                            .note(limits.note(limits::DEPTH)),
                    );
                }
            }
            Event::End(TagEnd::List(_) | TagEnd::BlockQuote(_)) => {
                nesting = nesting.saturating_sub(1)
            }
            _ => {}
        }
        match event {
            Event::Start(Tag::Heading { level, id, .. }) => {
                let depth = match level {
                    HeadingLevel::H2 => 1,
                    HeadingLevel::H3 => 2,
                    _ => {
                        diags.push(
                            Diagnostic::error(
                                "heading-level",
                                "chapters use `##` for sections and `###` for subsections",
                            )
                            .at(file, range.clone())
                            .note("the chapter title comes from the front matter"),
                        );
                        0
                    }
                };
                heading = Some((depth, id.map(|i| i.to_string()), range, String::new()));
            }
            Event::Text(t) | Event::Code(t) if heading.is_some() => {
                if let Some(h) = heading.as_mut() {
                    h.3.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let Some((depth, id, range, title)) = heading.take() else {
                    continue;
                };
                if depth == 0 {
                    continue;
                }
                if depth == 2 && counters[0] == 0 {
                    diags.push(
                        Diagnostic::error(
                            "heading-level",
                            "a `###` subsection must come after a `##` section",
                        )
                        .at(file, range.clone()),
                    );
                }
                counters[depth - 1] += 1;
                if depth == 1 {
                    counters[1] = 0;
                }
                let number = if depth == 1 {
                    format!("{}.{}", chapter.number, counters[0])
                } else {
                    format!("{}.{}.{}", chapter.number, counters[0], counters[1])
                };
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
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                if let Some((kind, arg)) = block_directive(&info) {
                    block = Some((kind.to_string(), arg.to_string(), range));
                }
            }
            Event::Text(t) if block.is_some() => {
                let entry = block_text.get_or_insert((range.start, String::new()));
                entry.1.push_str(&t);
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((kind, arg, range)) = block.take() {
                    let content = block_text.take();
                    directive(chapter, &kind, &arg, range, content, text, limits, diags);
                }
            }
            // Every kind of link: inline, reference (`[text][r]`, `[r][]`,
            // `[r]`) and autolinks, so that every cross-reference is checked.
            Event::Start(Tag::Link { dest_url, .. }) => {
                if let Some(target) = dest_url.strip_prefix('#') {
                    chapter
                        .references
                        .push((target.to_string(), Location::new(file, range)));
                }
            }
            Event::Start(Tag::Image { .. }) => diags.push(
                Diagnostic::warning("unsupported-markdown", "images are not supported yet")
                    .at(file, range),
            ),
            Event::Html(_) | Event::InlineHtml(_) => diags.push(
                Diagnostic::warning(
                    "unsupported-markdown",
                    "raw HTML is printed as text in the rulebook",
                )
                .at(file, range),
            ),
            _ => {}
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn directive(
    chapter: &mut Chapter,
    kind: &str,
    arg: &str,
    range: std::ops::Range<usize>,
    content: Option<(usize, String)>,
    text: &str,
    limits: &Limits,
    diags: &mut Diagnostics,
) {
    let file = chapter.file;
    // Point at the info string on the opening fence line.
    let fence_line_end = text[range.start..]
        .find('\n')
        .map_or(range.end, |i| range.start + i);
    let fence = Location::new(file, range.start..fence_line_end);
    if arg.is_empty() {
        diags.push(
            Diagnostic::error(
                "invalid-directive",
                format!("a `{kind}` block names a table id"),
            )
            .at_location(Some(fence))
            .expected(format!("```{kind} <table-id>")),
        );
        return;
    }
    if kind == "table" {
        chapter.embeds.push((arg.to_string(), fence));
        return;
    }
    let (offset, body) = content.unwrap_or((fence_line_end, String::new()));
    let toml = TomlText {
        file,
        text: &body,
        offset,
    };
    let Some(document) = toml.parse(limits, diags) else {
        return;
    };
    if !document.numbers_within(limits::MAX_TABLE_VALUE, diags) {
        return;
    }
    let Some(raw) = document.deserialize::<RawExample>("example", diags) else {
        return;
    };
    let mut claims = Vec::new();
    if let Some(raw_claims) = &raw.claims {
        for (name, value) in raw_claims.get_ref() {
            let location = toml.key_location(raw_claims.span(), name);
            match value.as_integer().map(|n| n as f64).or(value.as_float()) {
                Some(n) => claims.push((name.clone(), n, location)),
                None => diags.push(
                    Diagnostic::error("invalid-field", format!("claim `{name}` must be a number"))
                        .at_location(Some(location)),
                ),
            }
        }
    }
    let mut select = Vec::new();
    if let Some(raw_select) = &raw.select {
        for (column, value) in raw_select.get_ref() {
            let location = toml.key_location(raw_select.span(), column);
            match value.as_str() {
                Some(key) => select.push((column.clone(), key.to_string(), location)),
                None => diags.push(
                    Diagnostic::error(
                        "invalid-field",
                        format!("`select.{column}` names one member id"),
                    )
                    .at_location(Some(location)),
                ),
            }
        }
    }
    let scale = match &raw.scale {
        None => None,
        Some(s) => match s.get_ref().parse::<crate::model::Ratio>() {
            Ok(r) => Some(r),
            Err(e) => {
                diags.push(
                    Diagnostic::error("invalid-field", e)
                        .at_location(Some(toml.location(s.span()))),
                );
                None
            }
        },
    };
    chapter.examples.push(Example {
        select,
        scale,
        table: arg.to_string(),
        title: raw.title,
        inputs: raw
            .inputs
            .into_iter()
            .map(|i| (toml.location(i.span()).range, i.into_inner()))
            .map(|(range, key)| (key, Location::new(file, range)))
            .collect(),
        roll: raw.roll,
        claims,
        location: fence,
    });
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
