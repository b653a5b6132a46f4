//! The errata of a ruleset between two editions, in the book's language:
//! each changed place under its number, each change tagged with its kind
//! (and the changelog's reason), the words of a reworded case with what was
//! taken out struck through and what was put in bold; then the cases that
//! only changed their number. Markdown here; the PDF sets the same lines.

use serde::Serialize;

use crate::locale::{Arg, Locale};
use crate::model::changes::{Change, Entry, Kind, Place, RulesetChanges, Spot, Words};

use crate::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult, Subject};
use crate::render::typeset::pdf::RenderResult;

/// One heading of the errata: a place and the lines of its changes.
#[derive(Serialize)]
pub struct Group {
    pub heading: String,
    pub lines: Vec<Line>,
}

/// A change as a line: its tag, its words (Markdown-free runs, some struck
/// or inserted), and the reason.
#[derive(Serialize)]
pub struct Line {
    pub tag: String,
    pub runs: Vec<Run>,
    pub reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "text", rename_all = "lowercase")]
pub enum Run {
    Plain(String),
    Struck(String),
    Inserted(String),
}

/// The errata's title, its editions line, its groups and its concordance.
#[derive(Serialize)]
pub struct Errata {
    pub title: String,
    pub editions: String,
    pub groups: Vec<Group>,
    pub concordance: Vec<(String, String)>,
    /// For the publisher, not the sheet: each output to reprint (its path
    /// under the output folder) with the headings of what changed in it.
    #[serde(skip)]
    pub reprint: Vec<(String, Vec<String>)>,
}

/// How the errata name an edition: by the edition string of `ruleset.toml`,
/// by the revision or folder it was read from, or as the working copy.
#[derive(Debug, Clone, Copy)]
pub enum Named<'a> {
    Edition(&'a str),
    Revision(&'a str),
    WorkingCopy,
}

impl Named<'_> {
    /// The name as part of a file name: letters, digits, `.`, `_` and `-`.
    pub fn file_part(&self) -> String {
        let name = match self {
            Named::Edition(n) | Named::Revision(n) => n,
            Named::WorkingCopy => "working-copy",
        };
        let part: String = name
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || matches!(c, '.' | '_' | '-') {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        part.trim_matches(|c| c == '-' || c == '.').to_string()
    }
}

/// The errata in the words of `locale` (the new edition's, in the ruleset's language).
pub fn errata(changes: &RulesetChanges, old: Named, new: Named, locale: &Locale) -> Errata {
    let text = |id: &str, args: &[(&str, &str)]| {
        let args: Vec<(&str, Arg)> = args
            .iter()
            .map(|(k, v)| (*k, Arg::Text((*v).to_string())))
            .collect();
        locale.message(id, &args)
    };
    let mut groups: Vec<Group> = Vec::new();
    let mut headings = Vec::new();
    for entry in &changes.entries {
        let mut heading = heading(&entry.place, &text);
        if let (Change::Removed { .. }, Place::Case { .. } | Place::Section { .. }) =
            (&entry.change, &entry.place)
        {
            // A deleted case is found by its number in the old edition.
            let before = match old {
                Named::Edition(edition) => text("errata_edition", &[("edition", edition)]),
                Named::Revision(name) => name.to_string(),
                Named::WorkingCopy => text("errata_working_copy", &[]),
            };
            heading = text(
                "errata_formerly",
                &[("place", &heading), ("edition", &before)],
            );
        }
        headings.push(heading.clone());
        let line = line(entry, locale, &text);
        match groups.last_mut() {
            Some(group) if group.heading == heading => group.lines.push(line),
            _ => groups.push(Group {
                heading,
                lines: vec![line],
            }),
        }
    }
    Errata {
        title: text("errata_title", &[("ruleset", &changes.name)]),
        editions: match (old, new) {
            // "Edición 1.0 → edición 1.1", or the author's own words where
            // they already name the edition ("Edición grognard, corregida").
            (Named::Edition(old), Named::Edition(new))
                if !locale.says_edition(old) && !locale.says_edition(new) =>
            {
                text("errata_editions", &[("old", old), ("new", new)])
            }
            (Named::Edition(old), Named::Edition(new)) => format!(
                "{} → {}",
                locale.edition_named(old),
                locale.edition_named(new)
            ),
            _ => {
                let name = |named: Named| match named {
                    Named::Edition(n) | Named::Revision(n) => n.to_string(),
                    Named::WorkingCopy => text("errata_working_copy", &[]),
                };
                text(
                    "errata_versions",
                    &[("old", &name(old)), ("new", &name(new))],
                )
            }
        },
        groups,
        concordance: changes.renumbered.clone(),
        reprint: changes
            .reprint
            .iter()
            .map(|r| {
                let mut held: Vec<String> = Vec::new();
                for heading in r.entries.iter().filter_map(|&i| headings.get(i)) {
                    if !held.contains(heading) {
                        held.push(heading.clone());
                    }
                }
                (r.path.clone(), held)
            })
            .collect(),
    }
}

fn heading(place: &Place, text: &impl Fn(&str, &[(&str, &str)]) -> String) -> String {
    match place {
        Place::Case { number, .. } if !number.contains('.') => {
            text("errata_intro", &[("number", number)])
        }
        Place::Case { number, .. } => number.clone(),
        Place::Section { number, .. } => text("errata_section", &[("number", number)]),
        Place::Table { number, title, .. } => {
            text("errata_table", &[("number", number), ("title", title)])
        }
        Place::Member {
            vocabulary, member, ..
        } => format!("{vocabulary} · {member}"),
        Place::Unit { title, name, .. } => format!("{title} · {name}"),
        Place::Layer { title, .. } => text("errata_layer", &[("scenario", title)]),
        Place::Profile => text("errata_profile", &[]),
    }
}

fn kind_word(kind: Kind, text: &impl Fn(&str, &[(&str, &str)]) -> String) -> String {
    let id = match kind {
        Kind::Correction => "errata_kind_correction",
        Kind::Addition => "errata_kind_addition",
        Kind::Clarification => "errata_kind_clarification",
        Kind::Deletion => "errata_kind_deletion",
        Kind::Change => "errata_kind_change",
    };
    text(id, &[])
}

fn line(entry: &Entry, locale: &Locale, text: &impl Fn(&str, &[(&str, &str)]) -> String) -> Line {
    let none = text("errata_none", &[]);
    let or_none = |s: &str| {
        if s.is_empty() {
            none.clone()
        } else {
            s.to_string()
        }
    };
    let plain = |s: String| vec![Run::Plain(s)];
    let runs = match &entry.change {
        Change::Added { text: t } => plain(text("errata_added", &[("text", t)])),
        Change::Removed { text: t } => plain(text("errata_removed", &[("text", t)])),
        Change::Reworded { words } => {
            // The sentence's frame around the runs: "Now reads: {runs}".
            let frame = text("errata_reworded", &[("text", "\u{1}")]);
            let (before, after) = frame.split_once('\u{1}').unwrap_or((&frame, ""));
            let mut runs = vec![Run::Plain(before.to_string())];
            runs.extend(words.iter().map(|w| match w {
                Words::Same(t) => Run::Plain(t.clone()),
                Words::Removed(t) => Run::Struck(t.clone()),
                Words::Inserted(t) => Run::Inserted(t.clone()),
            }));
            runs.push(Run::Plain(after.to_string()));
            runs
        }
        Change::Moved { from, to } => plain(text("errata_moved", &[("from", from), ("to", to)])),
        Change::Renumbered { from, .. } => plain(text("errata_renumbered", &[("from", from)])),
        Change::Cell {
            row,
            column,
            old,
            new,
        } => {
            let (old, new) = (or_none(old), or_none(new));
            if column.is_empty() {
                plain(text(
                    "errata_cell_row",
                    &[("row", row), ("old", &old), ("new", &new)],
                ))
            } else {
                plain(text(
                    "errata_cell",
                    &[
                        ("row", row),
                        ("column", column),
                        ("old", &old),
                        ("new", &new),
                    ],
                ))
            }
        }
        Change::RowAdded { row } => plain(text("errata_row_added", &[("row", row)])),
        Change::RowRemoved { row } => plain(text("errata_row_removed", &[("row", row)])),
        Change::Value { field, old, new } => {
            let field = text(&format!("errata_field_{field}"), &[]);
            plain(text(
                "errata_value",
                &[
                    ("field", &field),
                    ("old", &or_none(old)),
                    ("new", &or_none(new)),
                ],
            ))
        }
        Change::Counter { back, old, new } => {
            let id = if *back {
                "errata_counter_back"
            } else {
                "errata_counter"
            };
            plain(text(id, &[("old", &or_none(old)), ("new", &or_none(new))]))
        }
        Change::Deployed {
            who,
            arrival,
            old,
            new,
        } => {
            let spot = |s: &Option<Spot>| s.as_ref().map_or(none.clone(), |s| spot(s, locale));
            let id = if *arrival {
                "errata_arrival"
            } else {
                "errata_setup"
            };
            plain(text(
                id,
                &[("who", who), ("old", &spot(old)), ("new", &spot(new))],
            ))
        }
    };
    Line {
        tag: kind_word(entry.kind, text),
        runs,
        reason: entry
            .reason
            .as_ref()
            .map(|r| text("errata_reason", &[("reason", r)])),
    }
}

/// A set-up hex or an arrival, in words: "turn 3, Q1", "within 2 hexes of O26".
fn spot(spot: &Spot, locale: &Locale) -> String {
    let hex = match spot.within {
        Some(within) => locale.message(
            "errata_spot_within",
            &[
                ("within", Arg::Number(u64::from(within))),
                ("hex", Arg::Text(spot.hex.clone())),
            ],
        ),
        None => spot.hex.clone(),
    };
    match spot.turn {
        Some(turn) => locale.message(
            "errata_spot_turn",
            &[
                ("turn", Arg::Number(u64::from(turn))),
                ("hex", Arg::Text(hex)),
            ],
        ),
        None => hex,
    }
}

/// What the template reads: the errata and the words around them.
#[derive(Serialize)]
struct Sheet<'a> {
    #[serde(flatten)]
    errata: &'a Errata,
    paper: &'a str,
    language: &'a str,
    none: String,
    concordance_title: String,
    concordance_note: String,
    old_number: String,
    new_number: String,
}

/// The errata typeset as the rulebook is (`templates/errata.typ`).
pub fn pdf(
    errata: &Errata,
    locale: &Locale,
    paper: &str,
    press: &crate::render::typeset::templates::Press,
) -> RenderResult {
    let word = |id: &str| locale.message(id, &[]);
    let sheet = Sheet {
        errata,
        paper,
        language: &locale.language,
        none: word("errata_no_changes"),
        concordance_title: word("errata_concordance"),
        concordance_note: word("errata_concordance_note"),
        old_number: word("errata_old_number"),
        new_number: word("errata_new_number"),
    };
    let world =
        crate::render::typeset::templates::data_world(press, "errata.typ", "errata.json", &sheet)?;
    crate::render::typeset::pdf::typeset(&world, "grognard-errata", |error| {
        crate::render::typeset::templates::typst_diagnostic(
            error,
            &world,
            press.templates,
            "errata.typ",
            "the errata",
        )
    })
}

/// The errata as Markdown: every source string escaped, so that the
/// author's words print as written and never as markup.
pub fn markdown(errata: &Errata, locale: &Locale) -> String {
    let mut md = format!(
        "# {}\n\n{}\n",
        escape(&errata.title),
        escape(&errata.editions)
    );
    if errata.groups.is_empty() && errata.concordance.is_empty() {
        md.push_str(&format!(
            "\n{}\n",
            escape(&locale.message("errata_no_changes", &[]))
        ));
    }
    for group in &errata.groups {
        md.push_str(&format!("\n## {}\n\n", escape(&group.heading)));
        for line in &group.lines {
            md.push_str(&format!("- **{}.** ", escape(&line.tag)));
            for run in &line.runs {
                match run {
                    Run::Plain(t) => md.push_str(&escape(t)),
                    Run::Struck(t) => md.push_str(&wrap("~~", t)),
                    Run::Inserted(t) => md.push_str(&wrap("**", t)),
                }
            }
            if let Some(reason) = &line.reason {
                md.push_str(&format!(" *{}*", escape(reason)));
            }
            md.push('\n');
        }
    }
    if !errata.concordance.is_empty() {
        md.push_str(&format!(
            "\n## {}\n\n{}\n\n| {} | {} |\n|---|---|\n",
            escape(&locale.message("errata_concordance", &[])),
            escape(&locale.message("errata_concordance_note", &[])),
            escape(&locale.message("errata_old_number", &[])),
            escape(&locale.message("errata_new_number", &[])),
        ));
        for (old, new) in &errata.concordance {
            md.push_str(&format!("| {} | {} |\n", escape(old), escape(new)));
        }
    }
    if !errata.reprint.is_empty() {
        md.push_str(&format!(
            "\n## {}\n\n",
            escape(&locale.message("errata_reprint", &[]))
        ));
        for (path, held) in &errata.reprint {
            let held: Vec<String> = held.iter().map(|h| escape(h)).collect();
            md.push_str(&format!("- `{path}`: {}\n", held.join("; ")));
        }
    }
    md
}

/// A run set off by a Markdown mark, its spaces kept outside the mark (a
/// mark next to a space is not one).
fn wrap(mark: &str, text: &str) -> String {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return text.to_string();
    }
    let start = &text[..text.len() - text.trim_start().len()];
    let end = &text[text.trim_end().len()..];
    format!("{start}{mark}{}{mark}{end}", escape(trimmed))
}

/// Text that Markdown prints as it is: its punctuation escaped, its angle
/// brackets and ampersands as entities (no HTML gets through).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '|' | '~' | '$' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// The errata of one `diff`: for each ruleset that changed, its sheet as
/// Markdown and as a PDF, `out/<ruleset>/<ruleset>-errata-<old>-<new>.md`
/// and `.pdf`. A backend of the `diff` request, not of `build`: it carries
/// the sheets it prints, made from the comparison of two editions.
pub struct ErrataFiles {
    sheets: Vec<Sheets>,
}

/// Which sheet a planned file holds, in which format.
#[derive(Clone, Copy)]
struct Planned {
    sheet: usize,
    format: Format,
}

#[derive(Clone, Copy)]
enum Format {
    Markdown,
    Pdf,
}

/// One ruleset's errata and the file name they go under, without extension.
struct Sheets {
    ruleset: String,
    base: String,
    errata: Errata,
    /// The sheet as Markdown: the `.md` file, and what `diff` prints.
    markdown: String,
}

impl ErrataFiles {
    /// The errata of each ruleset's changes, in the new edition's words;
    /// `names` says how each ruleset's errata name the two editions.
    pub fn new<'a>(
        project: &crate::model::Project,
        changes: &'a [RulesetChanges],
        names: impl Fn(&'a RulesetChanges) -> (Named<'a>, Named<'a>),
    ) -> Self {
        let sheets = changes
            .iter()
            .map(|ruleset| {
                let (old, new) = names(ruleset);
                let locale = project.locales.get(&ruleset.language);
                let errata = errata(ruleset, old, new, locale);
                Sheets {
                    ruleset: ruleset.id.clone(),
                    base: format!(
                        "{}-errata-{}-{}",
                        ruleset.id,
                        old.file_part(),
                        new.file_part()
                    ),
                    markdown: markdown(&errata, locale),
                    errata,
                }
            })
            .collect();
        Self { sheets }
    }

    /// Each ruleset's errata as Markdown, as the `.md` file holds them.
    pub fn markdown(&self) -> impl Iterator<Item = &str> {
        self.sheets.iter().map(|sheets| sheets.markdown.as_str())
    }
}

impl Backend for ErrataFiles {
    fn name(&self) -> &'static str {
        "errata"
    }
    fn about(&self) -> &'static str {
        "Errata between two editions (`grognard diff`): out/<ruleset>/<ruleset>-errata-<old>-<new>.md and .pdf"
    }
    fn holds(&self, _: &Artifact, _: &Changed) -> bool {
        // The errata are the list of changes, not an output that prints one.
        false
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        let Some(ruleset) = cx.ruleset(target) else {
            return Vec::new();
        };
        let sheets = self.sheets.iter().enumerate();
        sheets
            .filter(|(_, s)| s.ruleset == ruleset.id)
            .flat_map(|(sheet, s)| {
                [(Format::Markdown, "md"), (Format::Pdf, "pdf")].map(|(format, ext)| {
                    let file = format!("{}.{ext}", s.base);
                    let planned = Planned { sheet, format };
                    Artifact::new(Subject::Ruleset(ruleset), file).with_part(planned)
                })
            })
            .collect()
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Ruleset(ruleset) = artifact.subject else {
            unreachable!("planned only for rulesets")
        };
        let Some(&Planned { sheet, format }) = artifact.part() else {
            unreachable!("planned with its sheet and format")
        };
        let sheets = &self.sheets[sheet];
        let locale = ruleset.locale();
        match format {
            Format::Markdown => Ok(Made {
                bytes: sheets.markdown.clone().into_bytes(),
                ..Made::default()
            }),
            Format::Pdf => {
                let press = cx.press(&ruleset.folder);
                pdf(&sheets.errata, locale, &cx.project.paper, &press).map(Made::from)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_in_the_authors_words_prints_as_written() {
        assert_eq!(
            escape("<b>*x*</b> [a](b)"),
            "&lt;b&gt;\\*x\\*&lt;/b&gt; \\[a\\](b)"
        );
        assert_eq!(wrap("**", " después "), " **después** ");
    }

    #[test]
    fn the_editions_line_names_each_edition_once() {
        let changes = RulesetChanges {
            id: "sombra".into(),
            name: "La Sombra del Águila".into(),
            language: "es".into(),
            old_edition: String::new(),
            new_edition: String::new(),
            entries: Vec::new(),
            renumbered: Vec::new(),
            reprint: Vec::new(),
        };
        let line = |old, new| {
            errata(
                &changes,
                Named::Edition(old),
                Named::Edition(new),
                Locale::builtin("es"),
            )
            .editions
        };
        assert_eq!(line("1.0", "1.1"), "Edición 1.0 → edición 1.1");
        assert_eq!(
            line("Primera edición", "Edición grognard, corregida"),
            "Primera edición → Edición grognard, corregida"
        );
    }
}
