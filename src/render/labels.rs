//! Miniatures: unit labels sized to the bases' frontage, a roster card per
//! formation, and the rules' order markers.

use serde::Serialize;

use crate::convert::Conversion;
use crate::locale::Locale;
use crate::model::Project;
use crate::model::scenario::Scenario;
use crate::source::Sources;

use super::backend::{Artifact, Backend, Context, Made, MadeResult};
use super::pdf::RenderResult;
use super::templates::Template;

#[derive(Serialize)]
struct Label {
    id: String,
    name: String,
    parent: String,
    values: String,
    width: f64,
    colour: String,
}

#[derive(Serialize)]
struct Roster {
    title: String,
    rows: Vec<[String; 4]>,
}

#[derive(Serialize)]
struct Sheet {
    title: String,
    paper: String,
    labels: Vec<Label>,
    rosters: Vec<Roster>,
    headers: [String; 4],
    markers_title: String,
    markers: Vec<String>,
}

/// Millimetres of frontage per figure, by arm, from the profile (40 mm where none is given).
fn width_mm(project: &Project, ruleset: &str, arm: &str, figures: u64) -> f64 {
    let frontage = project
        .ruleset(ruleset)
        .and_then(|r| r.profile.as_ref())
        .and_then(|p| {
            p.frontage_mm
                .iter()
                .find(|(a, _)| a == arm)
                .map(|(_, mm)| *mm)
        });
    match frontage {
        Some(mm) if arm == "artillery" => mm,
        Some(mm) => (mm * figures.max(1) as f64).clamp(20.0, 120.0),
        None => 40.0,
    }
}

pub fn render(
    project: &Project,
    scenario: &Scenario,
    conversion: &Conversion,
    templates: &[Template],
    sources: &Sources,
) -> RenderResult {
    let ruleset = project.ruleset(&conversion.to);
    let locale = Locale::for_language(ruleset.map_or("en", |r| &r.language));
    let represents = ruleset
        .and_then(|r| r.profile.as_ref())
        .map_or(locale.figures.as_str(), |p| {
            locale.represents(&p.represents)
        });
    let markers = ruleset
        .and_then(|r| r.vocabulary("order"))
        .map(|v| v.members.iter().map(|m| m.label.clone()).collect())
        .unwrap_or_default();
    let sheet = Sheet {
        title: format!(
            "{} — {}",
            scenario.title,
            ruleset.map_or(conversion.to.as_str(), |r| r.name.as_str())
        ),
        paper: project.paper.clone(),
        labels: labels(project, scenario, conversion, locale),
        rosters: rosters(project, scenario, conversion, locale),
        headers: [
            locale.unit.clone(),
            locale.grade.clone(),
            represents.into(),
            if represents == locale.figures {
                locale.men_or_guns.clone()
            } else {
                locale.represented.clone()
            },
        ],
        markers_title: locale.order_markers.clone(),
        markers,
    };
    let world =
        super::templates::data_world(templates, "labels.typ", "labels.json", &sheet, sources)?;
    super::pdf::typeset(
        &world,
        &format!("grognard-{}-{}-labels", scenario.id, conversion.to),
        |error| {
            super::templates::typst_diagnostic(error, &world, templates, "labels.typ", "the labels")
        },
    )
}

/// One label per converted unit, as wide as its bases and in its side's colour.
fn labels(
    project: &Project,
    scenario: &Scenario,
    conversion: &Conversion,
    locale: &Locale,
) -> Vec<Label> {
    let represents = project
        .ruleset(&conversion.to)
        .and_then(|r| r.profile.as_ref())
        .map_or("figures", |p| p.represents.as_str());
    let colour = |side: &str| {
        scenario
            .side(side)
            .map_or_else(|| "#777777".to_string(), |s| s.colour.clone())
    };
    conversion
        .units
        .iter()
        .map(|u| {
            let first = scenario.unit(&u.units[0]);
            let parent = first
                .and_then(|f| scenario.formation(&f.parent))
                .map_or_else(String::new, |f| f.name_in(&locale.language).to_string());
            Label {
                id: u.id.clone(),
                name: u.name.clone(),
                parent,
                values: locale.count_represented(u.value, represents),
                width: width_mm(project, &conversion.to, &u.arm, u.value),
                colour: colour(&u.side),
            }
        })
        .collect()
}

/// A roster card for each formation with units of its own: name, grade,
/// value and what it represents.
fn rosters(
    project: &Project,
    scenario: &Scenario,
    conversion: &Conversion,
    locale: &Locale,
) -> Vec<Roster> {
    let ruleset = project.ruleset(&conversion.to);
    // A grade as the ruleset's vocabulary prints it, not its id.
    let grade = |id: &str| {
        ruleset
            .and_then(|r| {
                let vocabulary = r.profile.as_ref()?.grade_vocabulary.as_deref()?;
                Some(r.vocabulary(vocabulary)?.member(id)?.label.clone())
            })
            .unwrap_or_else(|| id.to_string())
    };
    let mut rosters = Vec::new();
    for formation in scenario
        .formations
        .iter()
        .filter(|f| scenario.units.iter().any(|u| u.parent == f.id))
    {
        let rows: Vec<[String; 4]> = conversion
            .units
            .iter()
            .filter(|u| {
                scenario
                    .unit(&u.units[0])
                    .is_some_and(|f| f.parent == formation.id)
            })
            .map(|u| {
                [
                    u.name.clone(),
                    u.grade.as_deref().map_or_else(|| "—".into(), grade),
                    locale.number(u.value),
                    locale.number(u.represented),
                ]
            })
            .collect();
        if !rows.is_empty() {
            let leader = formation
                .leader
                .as_deref()
                .and_then(|l| scenario.leader(l))
                .map_or_else(String::new, |l| format!(" — {}", l.name));
            rosters.push(Roster {
                title: format!("{}{leader}", formation.name_in(&locale.language)),
                rows,
            });
        }
    }
    rosters
}

/// Unit labels, roster cards and order markers for scenarios converted to a
/// miniatures ruleset: out/<battle>/<battle>-<ruleset>-labels.pdf
pub struct Labels;

impl Backend for Labels {
    fn reads_conversions(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "labels"
    }
    fn about(&self) -> &'static str {
        "Unit labels and roster cards of miniatures conversions: out/<battle>/<battle>-<ruleset>-labels.pdf"
    }
    fn plan(&self, cx: &Context, target: &str) -> Vec<Artifact> {
        let miniatures = |to: &str| {
            cx.ruleset(to)
                .and_then(|r| r.profile.as_ref())
                .is_some_and(|p| p.is_miniatures())
        };
        cx.conversions_of(target)
            .filter(|c| miniatures(&c.job.to))
            .map(|c| Artifact {
                converted: true,
                ..Artifact::new(
                    target,
                    Some(&c.job.to),
                    format!("{target}-{}-labels.pdf", c.job.to),
                )
            })
            .collect()
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let scenario = cx
            .scenario(&artifact.target)
            .expect("planned for a scenario");
        let to = artifact.layer.as_deref().expect("planned for a conversion");
        let conversion = cx
            .conversion(&scenario.id, to)
            .expect("planned for a conversion");
        let templates = cx.templates(&scenario.folder);
        let conversion = &conversion.converted.conversion;
        render(cx.project, scenario, conversion, templates, cx.sources).map(Made::from)
    }
}
