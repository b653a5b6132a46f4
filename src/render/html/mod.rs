//! The web edition of a ruleset: a static site in `out/<ruleset>/html/`,
//! opened from disk with no server. A page per chapter, the tables, the
//! glossary, a print view of the whole book and a search index built here.
//! Pages are laid out by the `page.html` template (minijinja, escaped);
//! their content is written by the walkers of this module, which escape
//! every source string.

mod chapter;
mod diagram;
mod search;
pub mod site;
mod tables;
pub mod writer;

use minijinja::Value;

use super::backend::{Artifact, Backend, Context, Made, MadeResult};
use super::templates::{Template, find};
use crate::model::Ruleset;
use site::{GLOSSARY_PAGE, Site, TABLES_PAGE, chapter_page, term_anchor};
use writer::HtmlWriter;

const INDEX_PAGE: &str = "index.html";
const PRINT_PAGE: &str = "print.html";
const SEARCH_INDEX: &str = "search-index.js";
/// The site's own style sheet and script, from the templates of the same names.
const ASSETS: [&str; 2] = ["grognard.css", "grognard.js"];

/// Web editions: out/<ruleset>/html/
pub struct Web;

impl Backend for Web {
    fn name(&self) -> &'static str {
        "html"
    }
    fn about(&self) -> &'static str {
        "Web editions: out/<ruleset>/html/ (a page per chapter, tables, glossary, search, print view)"
    }
    fn plan(&self, cx: &Context, target: &str) -> Vec<Artifact> {
        let Some(ruleset) = cx.ruleset(target) else {
            return Vec::new();
        };
        pages(ruleset)
            .into_iter()
            .map(|page| Artifact::new(target, None, format!("html/{page}")))
            .collect()
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let ruleset = cx.ruleset(&artifact.target).expect("planned for a ruleset");
        let templates = cx.templates(&ruleset.folder);
        let page = artifact
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let bytes = render_page(ruleset, templates, cx.sources, &page)?;
        Ok(Made {
            bytes,
            warnings: Vec::new(),
            problems: Vec::new(),
        })
    }
}

/// Every file of a ruleset's site, in a fixed order.
pub fn pages(ruleset: &Ruleset) -> Vec<String> {
    let mut pages = vec![INDEX_PAGE.to_string()];
    pages.extend(ruleset.chapters.iter().map(chapter_page));
    pages.extend(
        [TABLES_PAGE, GLOSSARY_PAGE, PRINT_PAGE, SEARCH_INDEX]
            .into_iter()
            .chain(ASSETS)
            .map(str::to_string),
    );
    pages
}

/// One file of the site, as bytes.
pub fn render_page(
    ruleset: &Ruleset,
    templates: &[Template],
    sources: &crate::source::Sources,
    page: &str,
) -> Result<Vec<u8>, Vec<crate::diagnostic::Diagnostic>> {
    if ASSETS.contains(&page) {
        return Ok(find(templates, page).text.clone().into_bytes());
    }
    let mut site = Site::new(ruleset, templates);
    if page == SEARCH_INDEX {
        return Ok(search::index_js(&site).into_bytes());
    }
    site.single_page = page == PRINT_PAGE;
    let (title, content) = content(&site, page);
    let context = page_context(&site, page, &title, content);
    super::templates::render(find(templates, "page.html"), context, sources)
        .map(String::into_bytes)
        .map_err(|d| vec![*d])
}

/// A page's title and its content.
fn content(site: &Site, page: &str) -> (String, HtmlWriter) {
    let locale = site.locale;
    let ruleset = site.ruleset;
    if let Some(chapter) = ruleset.chapters.iter().find(|c| chapter_page(c) == page) {
        let title = format!("{} {}. {}", locale.chapter, chapter.number, chapter.title);
        return (title, chapter::chapter_html(site, chapter));
    }
    match page {
        TABLES_PAGE => (locale.list_of_tables.clone(), tables::tables_page(site)),
        GLOSSARY_PAGE => (locale.glossary.clone(), glossary(site)),
        PRINT_PAGE => {
            let mut out = contents(site);
            for chapter in &ruleset.chapters {
                out.tag("<article class=\"chapter\">\n")
                    .append(&chapter::chapter_html(site, chapter))
                    .tag("</article>\n");
            }
            out.append(&tables::tables_page(site))
                .append(&glossary(site));
            (ruleset.name.clone(), out)
        }
        _ => (ruleset.name.clone(), contents(site)),
    }
}

/// The book's contents: chapters and their sections, then the tables and
/// the glossary.
fn contents(site: &Site) -> HtmlWriter {
    let ruleset = site.ruleset;
    let locale = site.locale;
    let mut out = HtmlWriter::default();
    out.tag("<h1 id=\"top\">")
        .text(&ruleset.name)
        .tag("</h1>\n");
    if !ruleset.edition.is_empty() {
        out.tag("<p class=\"edition\">")
            .text(&locale.edition)
            .tag(" ")
            .text(&ruleset.edition)
            .tag("</p>\n");
    }
    if !ruleset.authors.is_empty() {
        out.tag("<p class=\"authors\">")
            .text(&ruleset.authors.join(", "))
            .tag("</p>\n");
    }
    if !ruleset.summary.is_empty() {
        out.tag("<p class=\"summary\">")
            .text(&ruleset.summary)
            .tag("</p>\n");
    }
    out.tag("<nav class=\"contents\" aria-label=\"")
        .attr(&locale.contents)
        .tag("\"><h2>")
        .text(&locale.contents)
        .tag("</h2>\n<ol>\n");
    for chapter in &ruleset.chapters {
        let page = chapter_page(chapter);
        out.tag("<li><a href=\"")
            .attr(&site.link(&page))
            .tag("\"><span class=\"number\">")
            .text(&chapter.number.to_string())
            .tag("</span> ")
            .text(&chapter.title)
            .tag("</a>");
        let sections: Vec<_> = chapter.sections.iter().filter(|s| s.level <= 1).collect();
        if !sections.is_empty() {
            out.tag("\n<ol>\n");
            for section in sections {
                let href = format!("{page}#{}", site::section_anchor(&section.number));
                out.tag("<li><a href=\"")
                    .attr(&site.link(&href))
                    .tag("\"><span class=\"number\">")
                    .text(&section.number)
                    .tag("</span> ")
                    .text(&section.title)
                    .tag("</a></li>\n");
            }
            out.tag("</ol>");
        }
        out.tag("</li>\n");
    }
    for (page, label) in [
        (TABLES_PAGE, &locale.list_of_tables),
        (GLOSSARY_PAGE, &locale.glossary),
    ] {
        out.tag("<li class=\"back-matter\"><a href=\"")
            .attr(&site.link(page))
            .tag("\">")
            .text(label)
            .tag("</a></li>\n");
    }
    out.tag("</ol>\n</nav>\n");
    out
}

/// The glossary: each term with its definition, abbreviations with theirs.
fn glossary(site: &Site) -> HtmlWriter {
    let locale = site.locale;
    let mut out = HtmlWriter::default();
    let anchor = if site.single_page { "glossary" } else { "top" };
    out.tag("<h1 id=\"")
        .attr(anchor)
        .tag("\">")
        .text(&locale.glossary)
        .tag("</h1>\n<dl class=\"glossary\">\n");
    let mut order: Vec<(usize, &crate::model::ruleset::Term)> =
        site.ruleset.glossary.iter().enumerate().collect();
    locale.sort_by_word(&mut order, |(_, term)| &term.term);
    for (i, term) in order {
        out.tag("<dt id=\"")
            .attr(&term_anchor(i))
            .tag("\">")
            .text(&term.term);
        if let Some(abbr) = &term.abbr {
            out.tag(" <abbr>").text(abbr).tag("</abbr>");
        }
        out.tag("</dt>\n<dd>").text(&term.definition).tag("</dd>\n");
    }
    out.tag("</dl>\n");
    out
}

struct NavLink {
    href: String,
    label: String,
    current: bool,
}

impl NavLink {
    fn value(&self) -> Value {
        minijinja::context! { href => &self.href, label => &self.label, current => self.current }
    }
}

/// What `page.html` reads.
fn page_context(site: &Site, page: &str, title: &str, content: HtmlWriter) -> Value {
    let ruleset = site.ruleset;
    let locale = site.locale;
    let mut nav: Vec<NavLink> = vec![NavLink {
        href: INDEX_PAGE.into(),
        label: locale.contents.clone(),
        current: page == INDEX_PAGE,
    }];
    nav.extend(ruleset.chapters.iter().map(|c| NavLink {
        href: chapter_page(c),
        label: format!("{}. {}", c.number, c.title),
        current: chapter_page(c) == page,
    }));
    for (href, label) in [
        (TABLES_PAGE, &locale.list_of_tables),
        (GLOSSARY_PAGE, &locale.glossary),
        (PRINT_PAGE, &locale.web_print),
    ] {
        nav.push(NavLink {
            href: href.into(),
            label: label.clone(),
            current: page == href,
        });
    }
    let at = nav.iter().position(|n| n.current);
    let neighbour = |i: Option<usize>| i.and_then(|i| nav.get(i)).filter(|n| n.href != PRINT_PAGE);
    let previous = neighbour(at.and_then(|i| i.checked_sub(1)));
    let next = neighbour(at.map(|i| i + 1));
    minijinja::context! {
        lang => &ruleset.language,
        title => title,
        book => &ruleset.name,
        edition => &ruleset.edition,
        print => page == PRINT_PAGE,
        previous => previous.map(NavLink::value),
        next => next.map(NavLink::value),
        nav => nav.iter().map(NavLink::value).collect::<Vec<_>>(),
        strings => minijinja::context! {
            contents => &locale.contents,
            search => &locale.web_search,
            no_results => &locale.web_no_results,
            skip => &locale.web_skip,
            previous => &locale.web_previous,
            next => &locale.web_next,
        },
        content => Value::from_safe_string(content.finish()),
    }
}
