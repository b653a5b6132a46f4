//! Scenario booklets and orders of battle: the booklet data typeset by
//! `booklet.typ`, one PDF per layer (and one of the facts alone).

use crate::model::Project;
use crate::model::scenario::{Layer, Scenario};
use crate::render::contract::{
    self as backend, Artifact, Backend, Changed, Made, MadeResult, Subject,
};
use crate::render::views::booklet::booklet;

/// Typesets a scenario booklet: the facts, and the layer when there is one.
pub fn render(
    project: &Project,
    scenario: &Scenario,
    layer: Option<&Layer>,
    press: &crate::render::typeset::templates::Press,
) -> crate::render::typeset::pdf::RenderResult {
    let data = booklet(project, scenario, layer);
    let world = crate::render::typeset::templates::data_world(
        press,
        "booklet.typ",
        "scenario.json",
        &data,
    )?;
    let ident = match layer {
        Some(l) => format!("grognard-{}-{}", scenario.id, l.ruleset),
        None => format!("grognard-{}", scenario.id),
    };
    crate::render::typeset::pdf::typeset(&world, &ident, |error| {
        crate::render::typeset::templates::typst_diagnostic(
            error,
            &world,
            press.templates,
            "booklet.typ",
            "the booklet",
        )
    })
}

/// Order-of-battle booklets: out/<battle>/<battle>-oob.pdf
pub struct Oob;

impl Backend for Oob {
    fn name(&self) -> &'static str {
        "oob"
    }
    fn about(&self) -> &'static str {
        "Order-of-battle booklets, the facts of each battle: out/<battle>/<battle>-oob.pdf"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // Names and strengths, not a ruleset's values.
        !change.scale() && change.in_order_of_battle(artifact)
    }
    fn plan<'p>(&self, cx: &backend::Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        let file =
            |s: &'p Scenario| Artifact::new(Subject::Scenario(s), format!("{}-oob.pdf", s.id));
        cx.scenario(target).map(file).into_iter().collect()
    }
    fn render(&self, cx: &backend::Context, artifact: &Artifact) -> MadeResult {
        let Subject::Scenario(scenario) = artifact.subject else {
            unreachable!("planned only for scenarios")
        };
        let press = cx.press(&scenario.folder);
        render(cx.project, scenario, None, &press).map(Made::from)
    }
}

/// Scenario booklets, one per layer (written or converted):
/// out/<battle>/<battle>-<ruleset>.pdf
pub struct Booklets;

impl Backend for Booklets {
    fn reads_conversions(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "booklets"
    }
    fn about(&self) -> &'static str {
        "Scenario booklets, one per ruleset layer: out/<battle>/<battle>-<ruleset>.pdf"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // The facts and the layer; a converted layer follows the scale it reads.
        change.by_scale_or(artifact, change.of_scenario(artifact))
    }
    fn plan<'p>(&self, cx: &backend::Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        let Some(scenario) = cx.scenario(target) else {
            return Vec::new();
        };
        cx.layers_of(scenario)
            .map(|subject| {
                let ruleset = subject.layer_ruleset().unwrap_or_default();
                Artifact::new(subject, format!("{target}-{ruleset}.pdf"))
            })
            .collect()
    }
    fn render(&self, cx: &backend::Context, artifact: &Artifact) -> MadeResult {
        let subject = artifact.subject;
        let Some(scenario) = subject.scenario() else {
            unreachable!("planned only for scenarios' layers")
        };
        let press = cx.press(&scenario.folder);
        render(cx.project, scenario, subject.layer(), &press).map(Made::from)
    }
}
