//! The module's images: the board and both faces of every counter, and the
//! quick-reference sheet's pages as charts, typeset by the templates of the
//! printed map, counter sheet and sheet, written as SVG sized in pixels.

use crate::diagnostic::Diagnostic;
use crate::model::Ruleset;
use crate::model::map::HexMap;
use crate::model::scenario::Scenario;
use crate::render::backends::vassal::grid::PX_PER_MM;
use crate::render::backends::vassal::module::hex_mm;
use crate::render::backends::vassal::pieces::Counter;
use crate::render::contract::Context;
use crate::render::typeset::templates::Press;
use crate::render::views::counter_faces::{self as counters};
use crate::render::views::map_view::{MapView, view};
use serde::Serialize;
use typst_layout::PagedDocument;

#[derive(Serialize)]
pub(super) struct ImageData<T: Serialize> {
    map: MapView,
    size: f64,
    faces: Vec<T>,
}

pub(super) struct Images {
    pub(super) board: Vec<u8>,
    pub(super) faces: Vec<(Vec<u8>, Vec<u8>)>,
}

/// The board and both faces of every counter, typeset in one document (a
/// page each) from the templates of the printed map and counter sheet.
pub(super) fn images(
    cx: &Context,
    scenario: &Scenario,
    map: &HexMap,
    ruleset: Option<&Ruleset>,
    counters: &[Counter],
) -> Result<Images, Vec<Diagnostic>> {
    let settings = &cx.project.counters;
    let language = ruleset.map_or("en", |r| r.language.as_str());
    let colour = crate::render::views::map_view::side_colour(scenario);
    let hex_mm = hex_mm(map, settings.size_mm);
    let data = ImageData {
        map: view(map, ruleset, language, hex_mm, None, &colour),
        size: settings.size_mm,
        faces: counters
            .iter()
            .flat_map(|c| [&c.front, &c.back])
            .map(|face| counters::lone_face(face, settings))
            .collect(),
    };
    let document = typeset(
        &cx.press(&scenario.folder),
        "vassal.typ",
        "vassal.json",
        &data,
        "the module's images",
    )?;
    let mut pages = svg_pages(&document).into_iter();
    let board = pages.next().unwrap_or_default();
    let mut faces = Vec::new();
    while let (Some(front), Some(back)) = (pages.next(), pages.next()) {
        faces.push((front, back));
    }
    Ok(Images { board, faces })
}

pub(super) fn typeset(
    press: &Press,
    main: &str,
    data_name: &str,
    data: &impl Serialize,
    what: &str,
) -> Result<PagedDocument, Vec<Diagnostic>> {
    let world = crate::render::typeset::templates::data_world(press, main, data_name, data)?;
    let map = |error: &typst::diag::SourceDiagnostic| {
        crate::render::typeset::templates::typst_diagnostic(
            error,
            &world,
            press.templates,
            main,
            what,
        )
    };
    crate::render::typeset::pdf::compile(&world, &map).map(|(document, _)| document)
}

/// The quick-reference sheet's pages, each a chart.
pub(super) fn chart_images(
    cx: &Context,
    ruleset: &Ruleset,
) -> Result<Vec<Vec<u8>>, Vec<Diagnostic>> {
    let press = cx.press(&ruleset.folder);
    let templates = press.templates;
    let world = crate::render::documents::player_aid::world(cx.project, ruleset, &press)?;
    let map = |error: &typst::diag::SourceDiagnostic| {
        let what = "the quick-reference sheet";
        crate::render::typeset::templates::typst_diagnostic(
            error, &world, templates, "qrs.typ", what,
        )
    };
    let (document, _) = crate::render::typeset::pdf::compile(&world, &map)?;
    Ok(svg_pages(&document))
}

/// Each page as an SVG image sized in pixels at [`PX_PER_MM`] (Typst writes
/// points, which image readers scale by guesses of their own).
pub(super) fn svg_pages(document: &PagedDocument) -> Vec<Vec<u8>> {
    document
        .pages()
        .iter()
        .map(|page| {
            let svg = typst_svg::svg(page, &typst_svg::SvgOptions::default());
            let size = page.frame.size();
            let pixels = |pt: f64| (pt * 25.4 / 72.0 * PX_PER_MM).round().max(1.0);
            in_pixels(&svg, pixels(size.x.to_pt()), pixels(size.y.to_pt())).into_bytes()
        })
        .collect()
}

/// The root element's `width` and `height` in pixels, the view box kept.
pub(super) fn in_pixels(svg: &str, width: f64, height: f64) -> String {
    let Some(end) = svg.find('>') else {
        return svg.to_string();
    };
    let (head, rest) = svg.split_at(end);
    let mut head = head.to_string();
    for (name, value) in [("width", width), ("height", height)] {
        let key = format!(" {name}=\"");
        if let Some(start) = head.find(&key) {
            let from = start + key.len();
            if let Some(len) = head[from..].find('"') {
                head.replace_range(from..from + len, &format!("{value}"));
            }
        }
    }
    head + rest
}
