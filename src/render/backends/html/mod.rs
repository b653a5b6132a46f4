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

use crate::diagnostic::codes;
use minijinja::Value;

use crate::model::Ruleset;
use crate::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult, Subject};
use crate::render::typeset::templates::{Template, find};
use site::{GLOSSARY_PAGE, ScenarioPage, Site, TABLES_PAGE, chapter_page, term_anchor};
use writer::HtmlWriter;

const INDEX_PAGE: &str = "index.html";
const PRINT_PAGE: &str = "print.html";
const SEARCH_INDEX: &str = "search-index.js";
/// The site's own style sheet and script, from the templates of the same names.
const ASSETS: [&str; 2] = ["grognard.css", "grognard.js"];

/// The faces the style sheet names, shipped beside the pages so that the
/// site reads as the rulebook prints on any machine: the file, the family
/// as the embedded fonts name it (Typst knows Roboto Condensed as "Roboto")
/// and whether italic and bold.
const FONTS: [(&str, &str, bool, bool); 7] = [
    (
        "fonts/LibertinusSerif-Regular.otf",
        "Libertinus Serif",
        false,
        false,
    ),
    (
        "fonts/LibertinusSerif-Italic.otf",
        "Libertinus Serif",
        true,
        false,
    ),
    (
        "fonts/LibertinusSerif-Bold.otf",
        "Libertinus Serif",
        false,
        true,
    ),
    (
        "fonts/LibertinusSerif-BoldItalic.otf",
        "Libertinus Serif",
        true,
        true,
    ),
    ("fonts/RobotoCondensed-Regular.ttf", "Roboto", false, false),
    ("fonts/RobotoCondensed-Italic.ttf", "Roboto", true, false),
    ("fonts/RobotoCondensed-Bold.ttf", "Roboto", false, true),
];

/// The fonts' licences, which go with them.
const FONT_LICENCES: [(&str, &str); 2] = [
    (
        "fonts/LICENSE-LibertinusSerif.txt",
        include_str!("../../typeset/fonts/LICENSE-LibertinusSerif.txt"),
    ),
    (
        "fonts/LICENSE-RobotoCondensed.txt",
        include_str!("../../typeset/fonts/LICENSE-RobotoCondensed.txt"),
    ),
];

/// Web editions: out/<ruleset>/html/
pub struct Web;

/// The folder of a ruleset's output that holds its site.
const SITE: &str = "html";

impl Backend for Web {
    fn name(&self) -> &'static str {
        "html"
    }
    fn about(&self) -> &'static str {
        "Web editions: out/<ruleset>/html/ (a page per chapter, tables, glossary, search, print view)"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // Chapters, tables and the scenario pages played with the ruleset.
        !change.scale() && change.of_ruleset(artifact)
    }
    fn reads_scenarios(&self) -> bool {
        true
    }
    fn publishes_folder(&self) -> Option<&'static str> {
        Some(SITE)
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        let Some(ruleset) = cx.ruleset(target) else {
            return Vec::new();
        };
        let scenarios = scenario_pages(cx, ruleset);
        pages(ruleset)
            .into_iter()
            .chain(scenarios.iter().map(ScenarioPage::file))
            .map(|page| Artifact::new(Subject::Ruleset(ruleset), format!("{SITE}/{page}")))
            .collect()
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Ruleset(ruleset) = artifact.subject else {
            unreachable!("planned only for rulesets")
        };
        let templates = cx.templates(&ruleset.folder);
        // The file's path inside the site: "01-x.html", "fonts/…".
        let page = artifact
            .path
            .strip_prefix(std::path::Path::new(&ruleset.id).join(SITE))
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        let scenarios = scenario_pages(cx, ruleset);
        let bytes = match scenarios.iter().find(|s| s.file() == page) {
            Some(scenario) => scenario_page(cx, ruleset, templates, &scenarios, scenario)?,
            None => {
                let marks = cx
                    .marks
                    .iter()
                    .find(|(id, _)| *id == ruleset.id)
                    .map(|(_, m)| m);
                render_page(ruleset, templates, cx.sources, &scenarios, marks, &page)?
            }
        };
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
            .chain(FONTS.map(|(file, ..)| file))
            .chain(FONT_LICENCES.map(|(file, _)| file))
            .map(str::to_string),
    );
    pages
}

/// The bytes of a font file of the site: the face the PDFs embed.
fn font_file(page: &str) -> Option<Vec<u8>> {
    use typst::text::{FontStretch, FontStyle, FontVariant, FontWeight};
    let (_, family, italic, bold) = FONTS.iter().find(|(file, ..)| *file == page)?;
    let variant = FontVariant::new(
        if *italic {
            FontStyle::Italic
        } else {
            FontStyle::Normal
        },
        if *bold {
            FontWeight::BOLD
        } else {
            FontWeight::REGULAR
        },
        FontStretch::NORMAL,
    );
    let font = crate::render::typeset::world::font(&family.to_lowercase(), variant)?;
    let info = font.info();
    (info.family == *family
        && info.variant.style == variant.style
        && info.variant.weight == variant.weight)
        .then(|| font.data().as_slice().to_vec())
}

/// The scenarios played with the ruleset (a layer of it in their sources)
/// that checked, in the project's order.
fn scenario_pages(cx: &Context, ruleset: &Ruleset) -> Vec<ScenarioPage> {
    cx.project
        .scenarios
        .iter()
        .filter(|s| !cx.failed.contains(&s.id.as_str()))
        .filter(|s| s.layers.iter().any(|l| l.ruleset == ruleset.id))
        .map(|s| ScenarioPage {
            id: s.id.clone(),
            title: s.title.clone(),
        })
        .collect()
}

/// A scenario's booklet as a page: the PDF booklet's data through `booklet.html`.
fn scenario_page(
    cx: &Context,
    ruleset: &Ruleset,
    templates: &[Template],
    scenarios: &[ScenarioPage],
    page: &ScenarioPage,
) -> Result<Vec<u8>, Vec<crate::diagnostic::Diagnostic>> {
    let scenario = cx.scenario(&page.id).expect("planned for a scenario");
    let layer = scenario.layers.iter().find(|l| l.ruleset == ruleset.id);
    let booklet = crate::render::views::booklet::booklet(cx.project, scenario, layer);
    let body = crate::render::typeset::templates::render(
        find(templates, "booklet.html"),
        minijinja::context! { s => minijinja::value::Serde(&booklet) },
        cx.sources,
    )
    .map_err(|d| vec![*d])?;
    let mut site = Site::new(ruleset, templates);
    site.scenarios = scenarios.to_vec();
    // The body is the booklet template's output, escaped as it was written.
    let context = page_context(&site, &page.file(), &page.title, body);
    crate::render::typeset::templates::render(find(templates, "page.html"), context, cx.sources)
        .map(String::into_bytes)
        .map_err(|d| vec![*d])
}

/// One file of the site, as bytes.
pub fn render_page(
    ruleset: &Ruleset,
    templates: &[Template],
    sources: &crate::source::Sources,
    scenarios: &[ScenarioPage],
    marks: Option<&crate::model::changes::Marks>,
    page: &str,
) -> Result<Vec<u8>, Vec<crate::diagnostic::Diagnostic>> {
    if ASSETS.contains(&page) {
        return Ok(find(templates, page).text.clone().into_bytes());
    }
    if let Some((_, licence)) = FONT_LICENCES.iter().find(|(file, _)| *file == page) {
        return Ok(licence.as_bytes().to_vec());
    }
    if page.starts_with("fonts/") {
        return font_file(page).ok_or_else(|| {
            vec![crate::diagnostic::Diagnostic::of(
                codes::IO_ERROR,
                format!("grognard holds no font for the web edition's {page}"),
            )]
        });
    }
    let mut site = Site::new(ruleset, templates);
    site.scenarios = scenarios.to_vec();
    site.marks = marks;
    if page == SEARCH_INDEX {
        return Ok(search::index_js(&site).into_bytes());
    }
    site.single_page = page == PRINT_PAGE;
    let (title, content) = content(&site, page);
    let context = page_context(&site, page, &title, content.finish());
    crate::render::typeset::templates::render(find(templates, "page.html"), context, sources)
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
    let edition = locale.edition_named(&ruleset.edition);
    if !edition.is_empty() {
        out.tag("<p class=\"edition\">")
            .text(&edition)
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
    // The scenarios have pages of their own, which the print view leaves out.
    if !site.scenarios.is_empty() && !site.single_page {
        out.tag("<h2 id=\"scenarios\">")
            .text(&locale.web_scenarios)
            .tag("</h2>\n<ul class=\"scenarios\">\n");
        for scenario in &site.scenarios {
            out.tag("<li><a href=\"")
                .attr(&scenario.file())
                .tag("\">")
                .text(&scenario.title)
                .tag("</a></li>\n");
        }
        out.tag("</ul>\n");
    }
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
/// `content` is the page's body: HTML grognard wrote, every source string escaped.
fn page_context(site: &Site, page: &str, title: &str, content: String) -> Value {
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
    nav.extend(site.scenarios.iter().map(|s| NavLink {
        href: s.file(),
        label: s.title.clone(),
        current: s.file() == page,
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
        edition => locale.edition_named(&ruleset.edition),
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
        content => Value::from_safe_string(content),
    }
}
