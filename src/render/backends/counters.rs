//! Counter sheets for hex games: one counter per unit and leader of a layer,
//! the rules' markers, fronts and backs as the user's duplex mode turns the
//! sheet, cut marks on every edge.

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::model::Project;
use crate::model::counter_spec::Settings;
use crate::model::scenario::{Layer, Scenario};

use crate::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult, Subject};
use crate::render::typeset::imposition::Mark;
use crate::render::typeset::pdf::RenderResult;
use crate::render::views::counter_faces::{
    Face, KeyEntry, Legend, Placed, Position, class_names, counters, key, overflow,
};

#[derive(Serialize)]
struct SheetPage {
    items: Vec<Placed>,
    /// What the page's symbols and class marks mean.
    key: Vec<KeyEntry>,
    marks: Vec<Mark>,
    /// Where a gutter-fold page folds, in millimetres from its top.
    fold: Option<f64>,
}

#[derive(Serialize)]
struct Sheet {
    title: String,
    paper: String,
    /// The page's width in millimetres.
    width: f64,
    size: f64,
    bleed: f64,
    /// How far from the cut every character stays, in millimetres.
    safe: f64,
    pages: Vec<SheetPage>,
}

/// One printed page of a sheet: its faces and its cut marks, and where a
/// gutter-fold page is folded.
pub struct LaidPage {
    pub faces: Vec<Position>,
    pub marks: Vec<Mark>,
    pub fold_mm: Option<f64>,
}

/// Lays counters out on pages (see `imposition::impose`); a turned back is
/// drawn upside down.
pub fn layout(settings: &Settings, counters: &[(Face, Face)]) -> Vec<LaidPage> {
    crate::render::typeset::imposition::impose(
        &crate::render::typeset::imposition::Sheet::for_counters(settings),
        counters,
    )
    .into_iter()
    .map(|page| LaidPage {
        faces: page
            .items
            .into_iter()
            .map(|p| {
                let face = Face {
                    turned: p.turned,
                    ..p.item
                };
                (p.x, p.y, face)
            })
            .collect(),
        marks: page.marks,
        fold_mm: page.fold_mm,
    })
    .collect()
}

pub fn render(
    project: &Project,
    scenario: &Scenario,
    layer: &Layer,
    settings: &Settings,
    press: &crate::render::typeset::templates::Press,
) -> RenderResult {
    let all = counters(project, scenario, layer);
    let ruleset = project.ruleset(&layer.ruleset);
    let legend = Legend {
        locale: ruleset.map_or_else(|| project.locales.get("en"), |r| r.locale()),
        classes: ruleset.map(class_names).unwrap_or_default(),
    };
    let name = ruleset.map_or(layer.ruleset.as_str(), |r| r.name.as_str());
    let title = crate::render::views::with_edition(format!("{} — {name}", scenario.title), ruleset);
    render_faces(&title, &all, settings, &legend, press)
}

/// Typesets a list of counters (also used by the benchmark).
pub fn render_faces(
    title: &str,
    all: &[(Face, Face)],
    settings: &Settings,
    legend: &Legend,
    press: &crate::render::typeset::templates::Press,
) -> RenderResult {
    let mut warnings: Vec<(String, Diagnostic)> = Vec::new();
    let mut page = |laid: LaidPage| SheetPage {
        key: key(&laid.faces, legend),
        marks: laid.marks,
        fold: laid.fold_mm,
        items: laid
            .faces
            .into_iter()
            .map(|position| {
                let (placed, too_wide) = Placed::new(position, settings);
                if let Some(too_wide) = too_wide {
                    warnings.push((
                        placed.face.id.clone(),
                        overflow(&placed.face, &too_wide, settings),
                    ));
                }
                placed
            })
            .collect(),
    };
    let pages = layout(settings, all).into_iter().map(&mut page).collect();
    let sheet = Sheet {
        title: title.to_string(),
        paper: settings.paper.clone(),
        width: settings.page_mm().0,
        size: settings.size_mm,
        bleed: settings.bleed_mm,
        safe: settings.safe_mm,
        pages,
    };
    let world = crate::render::typeset::templates::data_world(
        press,
        "counters.typ",
        "counters.json",
        &sheet,
    )?;
    let mut rendered =
        crate::render::typeset::pdf::typeset(&world, "grognard-counters", |error| {
            crate::render::typeset::templates::typst_diagnostic(
                error,
                &world,
                press.templates,
                "counters.typ",
                "the counters",
            )
        })?;
    // Fronts and backs share an id: name each counter once.
    warnings.sort_by(|a, b| a.0.cmp(&b.0));
    warnings.dedup_by(|a, b| a.0 == b.0);
    rendered
        .warnings
        .extend(warnings.into_iter().map(|(_, w)| w));
    Ok(rendered)
}

/// Counter sheets of hex layers: out/<battle>/<battle>-<ruleset>-counters.pdf
pub struct Counters;

impl Backend for Counters {
    fn name(&self) -> &'static str {
        "counters"
    }
    fn about(&self) -> &'static str {
        "Counter sheets of hex layers: out/<battle>/<battle>-<ruleset>-counters.pdf"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // A unit, its name and its values.
        !change.scale() && change.of_scenario(artifact) && change.named()
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        let Some(scenario) = cx.scenario(target) else {
            return Vec::new();
        };
        // Hex games get counter sheets.
        scenario
            .layers
            .iter()
            .filter(|l| l.map.is_some())
            .map(|l| {
                let file = format!("{target}-{}-counters.pdf", l.ruleset);
                Artifact::new(Subject::Layer(scenario, l), file)
            })
            .collect()
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Layer(scenario, layer) = artifact.subject else {
            unreachable!("planned only for scenarios' layers")
        };
        let settings = &cx.project.counters;
        let press = cx.press(&scenario.folder);
        render(cx.project, scenario, layer, settings, &press).map(Made::from)
    }
}
