//! Scenario booklets: the historical facts, and one ruleset layer's set-up,
//! schedule and rules, as display data for the `booklet.typ` template.

use std::collections::HashMap;

use serde::Serialize;

use crate::model::Project;
use crate::model::scenario::{Clock, Formation, Layer, Scenario, Unit, Who, prose_in};
use crate::model::strength::{Totals, formation_totals, sum};

use super::backend::{self, Artifact, Backend, Made, MadeResult};
use super::locale::Locale;

#[derive(Serialize)]
pub struct Booklet {
    pub title: String,
    pub subtitle: String,
    pub date: String,
    pub place: String,
    pub language: String,
    pub paper: String,
    pub strings: Strings,
    pub introduction: Vec<String>,
    pub outcome: Vec<String>,
    pub duration: Vec<String>,
    pub turns: Vec<[String; 2]>,
    pub sides: Vec<SideView>,
    pub orders: Vec<[String; 2]>,
    pub command: Vec<String>,
    pub demoralisation: Vec<[String; 2]>,
    pub setup: Vec<[String; 2]>,
    pub reinforcements: Vec<[String; 4]>,
    pub victory: Vec<[String; 3]>,
    pub special_rules: Vec<[String; 2]>,
    pub errata: Vec<String>,
    pub missing: Vec<String>,
    pub arrivals: Chart,
    pub sources: Vec<String>,
}

#[derive(Serialize)]
pub struct Strings {
    introduction: &'static str,
    outcome: &'static str,
    order_of_battle: &'static str,
    setup: &'static str,
    reinforcements: &'static str,
    victory: &'static str,
    special_rules: &'static str,
    errata: &'static str,
    strengths: &'static str,
    arrivals: &'static str,
    turn: &'static str,
    clock: &'static str,
    men: &'static str,
    guns: &'static str,
    units: &'static str,
    missing_data: &'static str,
    orders: &'static str,
    command: &'static str,
    duration: &'static str,
    sources: &'static str,
    entry: &'static str,
    demoralisation: &'static str,
    contents: &'static str,
}

#[derive(Serialize)]
pub struct SideView {
    name: String,
    colour: String,
    commander: String,
    men: u64,
    guns: u64,
    units: u64,
    tree: Vec<Node>,
}

/// A formation with its leader and children, or a unit with its figures.
#[derive(Serialize)]
pub struct Node {
    name: String,
    leader: String,
    detail: String,
    children: Vec<Node>,
}

/// Strength on the field over time: a step line per side.
#[derive(Serialize)]
pub struct Chart {
    start: String,
    end: String,
    span: u32,
    max: u64,
    ticks: Vec<(u32, String)>,
    sides: Vec<ChartSide>,
}

#[derive(Serialize)]
pub struct ChartSide {
    name: String,
    colour: String,
    /// (minutes after the start, men on the field from then on)
    steps: Vec<(u32, u64)>,
}

fn paragraphs(text: Option<&str>) -> Vec<String> {
    text.unwrap_or_default()
        .split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect()
}

fn thousands(n: u64, locale: &Locale) -> String {
    let digits = n.to_string();
    let separator = if locale.decimal_comma { '.' } else { ',' };
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(c);
    }
    out
}

/// What every part of a booklet reads: the project, the scenario and layer,
/// the language, and the order of battle's structure.
pub(super) struct Context<'a> {
    project: &'a Project,
    pub(super) scenario: &'a Scenario,
    layer: Option<&'a Layer>,
    pub(super) locale: &'static Locale,
    /// Each formation's totals and direct children, computed once.
    totals: HashMap<&'a str, Totals>,
    child_formations: HashMap<&'a str, Vec<&'a Formation>>,
    child_units: HashMap<&'a str, Vec<&'a Unit>>,
}

impl<'a> Context<'a> {
    /// The booklet's context, with each formation's children and totals
    /// computed once for the order-of-battle tree.
    fn new(
        project: &'a Project,
        scenario: &'a Scenario,
        layer: Option<&'a Layer>,
        locale: &'static Locale,
    ) -> Self {
        let mut child_formations: HashMap<&str, Vec<&Formation>> = HashMap::new();
        for formation in &scenario.formations {
            if let Some(parent) = &formation.parent {
                child_formations.entry(parent).or_default().push(formation);
            }
        }
        let mut child_units: HashMap<&str, Vec<&Unit>> = HashMap::new();
        for unit in &scenario.units {
            child_units.entry(&unit.parent).or_default().push(unit);
        }
        Context {
            project,
            scenario,
            layer,
            locale,
            totals: formation_totals(scenario),
            child_formations,
            child_units,
        }
    }
}

impl Context<'_> {
    /// Each side with its commander, totals and order-of-battle tree.
    fn side_views(&self) -> Vec<SideView> {
        let scenario = self.scenario;
        scenario
            .sides
            .iter()
            .map(|side| {
                let Totals { men, guns, units } = sum(scenario, Some(&side.id), None, None);
                SideView {
                    name: side.name.clone(),
                    colour: side.colour.clone(),
                    commander: side
                        .commander
                        .as_deref()
                        .map(|c| self.leader_name(c))
                        .unwrap_or_default(),
                    men,
                    guns,
                    units,
                    tree: scenario
                        .formations
                        .iter()
                        .filter(|f| {
                            f.parent.is_none() && f.side.as_deref() == Some(side.id.as_str())
                        })
                        .map(|f| self.formation_node(f, 0))
                        .collect(),
                }
            })
            .collect()
    }

    pub(super) fn leader_name(&self, id: &str) -> String {
        self.scenario
            .leader(id)
            .map_or_else(|| id.to_string(), |l| l.name.clone())
    }

    fn formation_name(&self, id: &str) -> String {
        self.scenario
            .formation(id)
            .map_or_else(|| id.to_string(), |f| f.name.clone())
    }

    fn unit_name(&self, id: &str) -> String {
        self.scenario
            .unit(id)
            .map_or_else(|| id.to_string(), |u| u.name.clone())
    }

    pub(super) fn who(&self, who: &Who) -> String {
        let mut parts = Vec::new();
        if let Some(side) = &who.side {
            parts.push(
                self.scenario
                    .side(side)
                    .map_or_else(|| side.clone(), |s| s.name.clone()),
            );
        }
        parts.extend(
            who.nations
                .iter()
                .map(|n| self.project.neutral.label("nation", n).to_string()),
        );
        parts.extend(who.leaders.iter().map(|l| self.leader_name(l)));
        parts.extend(who.formations.iter().map(|f| self.formation_name(f)));
        parts.extend(who.units.iter().map(|u| self.unit_name(u)));
        parts.join(", ")
    }

    fn formation_node(&self, formation: &Formation, depth: usize) -> Node {
        let mut children: Vec<Node> = Vec::new();
        let id = formation.id.as_str();
        if depth < 8 {
            let formations = self.child_formations.get(id).into_iter().flatten();
            children.extend(formations.map(|f| self.formation_node(f, depth + 1)));
        }
        let units = self.child_units.get(id).into_iter().flatten();
        children.extend(units.map(|u| self.unit_node(u)));
        let Totals { men, guns, .. } = self.totals.get(id).copied().unwrap_or_default();
        Node {
            name: formation.name.clone(),
            leader: formation
                .leader
                .as_deref()
                .map(|l| self.leader_name(l))
                .unwrap_or_default(),
            detail: self.strength(men, guns),
            children,
        }
    }

    fn strength(&self, men: u64, guns: u64) -> String {
        let mut parts = Vec::new();
        if men > 0 {
            parts.push(format!(
                "{} {}",
                thousands(men, self.locale),
                self.locale.men
            ));
        }
        if guns > 0 {
            parts.push(format!("{guns} {}", self.locale.guns));
        }
        parts.join(", ")
    }

    fn unit_node(&self, unit: &crate::model::scenario::Unit) -> Node {
        let mut detail = vec![self.project.neutral.label("type", &unit.kind).to_string()];
        let men = u64::from(unit.men.unwrap_or(0));
        let strength = self.strength(men, u64::from(unit.guns.unwrap_or(0)));
        if !strength.is_empty() {
            detail.push(strength);
        }
        if let Some((holder, values)) = self.layer.and_then(|l| l.values_of(&unit.id)) {
            let values: Vec<String> = values.iter().map(|(k, v)| format!("{k} {v}")).collect();
            if holder == unit.id {
                detail.extend(values);
            } else {
                detail.push(format!("{holder}: {}", values.join(", ")));
            }
        }
        if let Some((arrives, _)) = &unit.arrives {
            detail.push(match self.layer.filter(|l| l.timed) {
                Some(layer) => format!(
                    "{arrives} ({} {})",
                    self.locale.turn.to_lowercase(),
                    layer.turn_of(*arrives)
                ),
                None => arrives.to_string(),
            });
        }
        if unit.is_estimate() {
            detail.push(self.locale.estimate.to_string());
        }
        if !unit.engaged {
            detail.push(self.locale.not_engaged.to_string());
        }
        Node {
            name: unit.name.clone(),
            leader: unit.commander.clone().unwrap_or_default(),
            detail: detail.join(" · "),
            children: Vec::new(),
        }
    }

    fn chart(&self) -> Chart {
        let timed = self.layer.filter(|l| l.timed);
        let start = timed
            .map(|l| l.start)
            .or(self.scenario.start)
            .unwrap_or(Clock(0));
        let end = timed
            .map(|l| Clock(l.turn_start(l.turns).0 + l.turn_minutes))
            .or(self.scenario.end)
            .unwrap_or(start);
        let span = end.0.saturating_sub(start.0).max(1);
        let mut max = 1;
        let sides = self
            .scenario
            .sides
            .iter()
            .map(|side| {
                let mut arrivals: Vec<(u32, u64)> = self
                    .scenario
                    .units
                    .iter()
                    .filter(|u| u.engaged && self.scenario.unit_side(u) == Some(side.id.as_str()))
                    .map(|u| {
                        let at = u.arrives.as_ref().map_or(start, |(c, _)| *c);
                        let men = u64::from(u.men.unwrap_or(0));
                        (at.0.saturating_sub(start.0).min(span), men)
                    })
                    .collect();
                arrivals.sort();
                let mut steps: Vec<(u32, u64)> = Vec::new();
                let mut total = 0;
                for (at, men) in arrivals {
                    total += men;
                    match steps.last_mut() {
                        Some(last) if last.0 == at => last.1 = total,
                        _ => steps.push((at, total)),
                    }
                }
                max = max.max(total);
                ChartSide {
                    name: side.name.clone(),
                    colour: side.colour.clone(),
                    steps,
                }
            })
            .collect();
        // Hourly ticks, or every two hours, or as many hours as keep about a dozen.
        let step = match span {
            0..=360 => 60,
            361..=1440 => 120,
            _ => span.div_ceil(12 * 60) * 60,
        };
        let ticks = (0..=span)
            .step_by(step as usize)
            .map(|m| (m, Clock(start.0 + m).to_string()))
            .collect();
        Chart {
            start: start.to_string(),
            end: end.to_string(),
            span,
            max,
            ticks,
            sides,
        }
    }
}

pub fn booklet(project: &Project, scenario: &Scenario, layer: Option<&Layer>) -> Booklet {
    let ruleset = layer.and_then(|l| project.ruleset(&l.ruleset));
    let language = ruleset.map_or("es", |r| r.language.as_str()).to_string();
    let locale = Locale::for_language(&language);
    let cx = Context::new(project, scenario, layer, locale);
    let sides = cx.side_views();
    let mut duration = Vec::new();
    if let (Some(start), Some(end)) = (scenario.start, scenario.end) {
        duration.push(format!("{start}–{end}"));
    }
    let mut booklet = Booklet {
        title: scenario.title.clone(),
        subtitle: ruleset.map_or_else(
            || locale.order_of_battle.to_string(),
            |r| format!("{} · {}", locale.scenario, r.name),
        ),
        date: scenario.date.clone(),
        place: scenario.place.clone(),
        language: language.clone(),
        paper: project.paper.clone(),
        strings: Strings::new(locale),
        introduction: paragraphs(prose_in(&scenario.introduction, &language)),
        outcome: paragraphs(prose_in(&scenario.outcome, &language)),
        duration,
        turns: Vec::new(),
        sides,
        orders: Vec::new(),
        command: Vec::new(),
        demoralisation: Vec::new(),
        setup: Vec::new(),
        reinforcements: Vec::new(),
        victory: Vec::new(),
        special_rules: Vec::new(),
        errata: Vec::new(),
        missing: Vec::new(),
        arrivals: cx.chart(),
        sources: scenario.sources.clone(),
    };
    if let (Some(layer), Some(ruleset)) = (layer, ruleset) {
        super::booklet_layer::add_layer(&cx, layer, ruleset, &mut booklet);
    }
    booklet
}

impl Strings {
    /// The template's headings and labels in the booklet's language.
    fn new(locale: &'static Locale) -> Self {
        Strings {
            introduction: locale.introduction,
            outcome: locale.outcome,
            order_of_battle: locale.order_of_battle,
            setup: locale.setup,
            reinforcements: locale.reinforcements,
            victory: locale.victory,
            special_rules: locale.special_rules,
            errata: locale.errata,
            strengths: locale.strengths,
            arrivals: locale.arrivals,
            turn: locale.turn,
            clock: locale.clock,
            men: locale.men,
            guns: locale.guns,
            units: locale.units,
            missing_data: locale.missing_data,
            orders: locale.orders,
            command: locale.command,
            duration: locale.duration,
            sources: locale.sources,
            entry: locale.entry,
            demoralisation: locale.demoralisation,
            contents: locale.contents,
        }
    }
}

/// Typesets a scenario booklet: the facts, and the layer when there is one.
pub fn render(
    project: &Project,
    scenario: &Scenario,
    layer: Option<&Layer>,
    templates: &[super::templates::Template],
    sources: &crate::source::Sources,
) -> super::pdf::RenderResult {
    let data = booklet(project, scenario, layer);
    let world =
        super::templates::data_world(templates, "booklet.typ", "scenario.json", &data, sources)?;
    let ident = match layer {
        Some(l) => format!("grognard-{}-{}", scenario.id, l.ruleset),
        None => format!("grognard-{}", scenario.id),
    };
    super::pdf::typeset(&world, &ident, |error| {
        super::templates::typst_diagnostic(error, &world, templates, "booklet.typ", "the booklet")
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
    fn plan(&self, cx: &backend::Context, target: &str) -> Vec<Artifact> {
        let file = |s: &Scenario| Artifact::new(target, None, format!("{}-oob.pdf", s.id));
        cx.scenario(target).map(file).into_iter().collect()
    }
    fn render(&self, cx: &backend::Context, artifact: &Artifact) -> MadeResult {
        let scenario = cx
            .scenario(&artifact.target)
            .expect("planned for a scenario");
        let templates = cx.templates(&scenario.folder);
        render(cx.project, scenario, None, templates, cx.sources).map(Made::from)
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
    fn plan(&self, cx: &backend::Context, target: &str) -> Vec<Artifact> {
        let Some(scenario) = cx.scenario(target) else {
            return Vec::new();
        };
        let file = |ruleset: &str| format!("{target}-{ruleset}.pdf");
        let written = scenario
            .layers
            .iter()
            .map(|l| Artifact::new(target, Some(&l.ruleset), file(&l.ruleset)));
        let converted = cx.conversions_of(target).map(|c| Artifact {
            converted: true,
            ..Artifact::new(target, Some(&c.job.to), file(&c.job.to))
        });
        written.chain(converted).collect()
    }
    fn render(&self, cx: &backend::Context, artifact: &Artifact) -> MadeResult {
        let scenario = cx
            .scenario(&artifact.target)
            .expect("planned for a scenario");
        let ruleset = artifact.layer.as_deref().expect("planned for a layer");
        let layer = if artifact.converted {
            cx.conversion(&scenario.id, ruleset).map(|c| &c.layer)
        } else {
            scenario.layers.iter().find(|l| l.ruleset == ruleset)
        };
        let templates = cx.templates(&scenario.folder);
        render(cx.project, scenario, layer, templates, cx.sources).map(Made::from)
    }
}
