//! A diagram of the rules as inline SVG: drawn by the same Typst template
//! as in the rulebook, so the web edition shows the same figure.

use crate::model::diagram::Diagram;
use crate::render::backends::html::writer::HtmlWriter;
use crate::render::typeset::escape::TypstWriter;
use crate::render::typeset::templates::{Template, find};
use crate::render::typeset::world::MemoryWorld;

/// The figure, or its caption alone where the diagram cannot be drawn
/// (`check` and the rulebook report why).
pub fn diagram_html(diagram: &Diagram, templates: &[Template]) -> HtmlWriter {
    let mut out = HtmlWriter::default();
    out.tag("<figure class=\"diagram\">");
    let caption = diagram.caption.as_deref().unwrap_or_default();
    if let Some(svg) = svg(diagram, templates) {
        out.tag("<div class=\"figure\" role=\"img\" aria-label=\"")
            .attr(caption)
            .tag("\">");
        // Typst's own SVG of text grognard escaped into Typst: no source
        // string reaches it as markup.
        out.typst_svg(&svg);
        out.tag("</div>");
    }
    if !caption.is_empty() {
        out.tag("<figcaption>").text(caption).tag("</figcaption>");
    }
    out.tag("</figure>\n");
    out
}

fn svg(diagram: &Diagram, templates: &[Template]) -> Option<String> {
    let mut typst = TypstWriter::default();
    typst.code(
        "#import \"/grognard.typ\": *\n#import \"/diagram.typ\": *\n#set page(width: auto, height: auto, margin: 1mm)\n",
    );
    let mut figure = diagram.clone();
    // The page's own caption, as HTML.
    figure.caption = None;
    crate::render::documents::diagram::to_typst(&figure, &mut typst);
    let mut world = MemoryWorld::new("main.typ");
    world.add_source("main.typ", typst.finish());
    world.add_source("grognard.typ", find(templates, "grognard.typ").text.clone());
    world.add_source("diagram.typ", find(templates, "diagram.typ").text.clone());
    // Within the default time budget: one diagram takes far less, and the
    // rulebook, typeset within the project's, reports a runaway template.
    let (document, _) = crate::render::typeset::pdf::layout(&world).ok()?;
    let page = document.pages().first()?;
    let svg = typst_svg::svg(page, &typst_svg::SvgOptions::default());
    // The XML prolog has no place inside an HTML page.
    Some(match svg.find("<svg") {
        Some(at) => svg[at..].to_string(),
        None => svg,
    })
}
