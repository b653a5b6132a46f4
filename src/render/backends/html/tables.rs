//! Tables and worked examples as HTML tables, from the display data the
//! rulebook sets: the same cells, the same chances, the same derivations.

use crate::model::{Chapter, TableKind};
use crate::render::backends::html::site::{Site, table_anchor};
use crate::render::backends::html::writer::HtmlWriter;
use crate::render::views::table_layout::numeric_columns;
use crate::render::views::tables::{Row, display_example, display_unmeasured};

/// A table by id, captioned with its number; `copy` for a table printed
/// again on the page of all tables (its anchor stays on its chapter's page).
pub fn table_html(site: &Site, id: &str, copy: bool) -> Option<HtmlWriter> {
    let ruleset = site.ruleset;
    let table = ruleset.table(id)?;
    let number = ruleset
        .numbering
        .tables()
        .iter()
        .find(|(t, _)| t == id)
        .map(|(_, n)| n.as_str())?;
    let mut display = display_unmeasured(ruleset, table, number);
    // Cells changed since an earlier edition are tinted, as in the rulebook.
    if let Some(marks) = site.marks {
        let cells = marks.cells.iter().filter(|(t, _, _)| t == id);
        display.mark_changed(cells.map(|(_, row, column)| (row.as_str(), column.as_str())));
    }
    let display = &display;
    let changed_title = site
        .marks
        .map(|m| crate::render::backends::html::chapter::changed_words(site, m));
    let numeric = numeric_columns(&display.columns, &display.rows);
    let locale = site.locale;
    let mut out = HtmlWriter::default();
    out.tag("<figure class=\"table");
    if display.missing {
        out.tag(" missing");
    }
    out.tag("\"");
    if !copy {
        out.tag(" id=\"").attr(&table_anchor(id)).tag("\"");
    }
    out.tag(">\n<figcaption>")
        .text(&format!("{} {number}. {}", locale.table, table.title))
        .tag("</figcaption>\n");
    if display.missing {
        out.tag("<p class=\"notice\" role=\"note\">")
            .text(&locale.missing)
            .tag("</p>\n");
    }
    for line in &display.header {
        out.tag("<p class=\"table-head\">").text(line).tag("</p>\n");
    }
    let width = display.columns.len().max(1);
    out.tag("<div class=\"scroll\"><table>\n");
    if display.columns.iter().any(|c| !c.is_empty()) {
        out.tag("<thead><tr>");
        for column in &display.columns {
            out.tag("<th scope=\"col\">").text(column).tag("</th>");
        }
        out.tag("</tr></thead>\n");
    }
    out.tag("<tbody>\n");
    for (r, row) in display.rows.iter().enumerate() {
        match row {
            Row::Group { group } => {
                out.tag("<tr class=\"group\"><th scope=\"rowgroup\" colspan=\"")
                    .attr(&width.to_string())
                    .tag("\">")
                    .text(group)
                    .tag("</th></tr>\n");
            }
            Row::Cells { cells } => {
                out.tag("<tr>");
                for (i, cell) in cells.iter().enumerate() {
                    let numeric = numeric.get(i).copied().unwrap_or(false);
                    let changed = display.changed.contains(&[r, i]);
                    let classes: Vec<&str> = [(numeric && i > 0, "num"), (changed, "changed")]
                        .into_iter()
                        .filter_map(|(on, class)| on.then_some(class))
                        .collect();
                    out.tag(if i == 0 { "<th scope=\"row\"" } else { "<td" });
                    if !classes.is_empty() {
                        out.tag(" class=\"").attr(&classes.join(" ")).tag("\"");
                    }
                    if let Some(title) = changed_title.as_ref().filter(|_| changed) {
                        out.tag(" title=\"").attr(title).tag("\"");
                    }
                    out.tag(">")
                        .text(cell)
                        .tag(if i == 0 { "</th>" } else { "</td>" });
                }
                out.tag("</tr>\n");
            }
        }
    }
    out.tag("</tbody></table></div>\n");
    if !display.outcomes.is_empty() {
        out.tag("<dl class=\"outcomes\">\n");
        for [label, text] in &display.outcomes {
            out.tag("<dt>")
                .text(label)
                .tag("</dt><dd>")
                .text(text)
                .tag("</dd>\n");
        }
        out.tag("</dl>\n");
    }
    if let Some(note) = &display.note {
        out.tag("<p class=\"table-note\">").text(note).tag("</p>\n");
    }
    if let Some(note) = &display.editor_note {
        out.tag("<p class=\"editor-note\"><strong>")
            .text(&locale.editor_note)
            .tag("</strong> ")
            .text(note)
            .tag("</p>\n");
    }
    if let Some(source) = &display.source {
        out.tag("<p class=\"source\">")
            .text(&locale.source)
            .tag(": ")
            .text(source)
            .tag("</p>\n");
    }
    out.tag("</figure>\n");
    Some(out)
}

/// The chapter's example at `base` among its own, with its derivation.
pub fn example_html(site: &Site, chapter: &Chapter, base: usize) -> Option<HtmlWriter> {
    let example = chapter.examples.get(base)?;
    let number = format!("{}.{}", chapter.number, base + 1);
    let display = display_example(site.ruleset, example, &number);
    let mut out = HtmlWriter::default();
    out.tag("<figure class=\"example\" id=\"example-")
        .attr(&number)
        .tag("\">\n<figcaption>")
        .text(&display.title)
        .tag("</figcaption>\n");
    if !display.table.is_empty() {
        out.tag("<p class=\"example-table\">")
            .text(&display.table)
            .tag("</p>\n");
    }
    out.tag("<table>\n<tbody>\n");
    for [label, value] in display.lines.iter().chain(&display.claims) {
        out.tag("<tr><th scope=\"row\">")
            .text(label)
            .tag("</th><td class=\"num\">")
            .text(value)
            .tag("</td></tr>\n");
    }
    out.tag("</tbody></table>\n</figure>\n");
    Some(out)
}

/// Every table by number, as the rulebook's appendix: the tables a player
/// consults, on one page.
pub fn tables_page(site: &Site) -> HtmlWriter {
    let mut out = HtmlWriter::default();
    let anchor = if site.single_page { "tables" } else { "top" };
    out.tag("<h1 id=\"")
        .attr(anchor)
        .tag("\">")
        .text(&site.locale.list_of_tables)
        .tag("</h1>\n");
    for (id, _) in site.ruleset.numbering.tables() {
        let embedded = site.table_page(id) != crate::render::backends::html::site::TABLES_PAGE;
        let missing = site
            .ruleset
            .table(id)
            .is_some_and(|t| matches!(t.kind, TableKind::Missing(_)));
        if missing && embedded {
            continue;
        }
        if let Some(html) = table_html(site, id, embedded) {
            out.append(&html);
        }
    }
    out
}
