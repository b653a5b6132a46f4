//! Miniatures: unit labels sized to the bases' frontage, a roster card per
//! formation, and the rules' order markers.

use serde::Serialize;

use crate::convert::Conversion;
use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;
use crate::locale::Locale;
use crate::model::Project;
use crate::model::scenario::Scenario;

use crate::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult, Subject};
use crate::render::typeset::measure::Face;
use crate::render::typeset::pdf::RenderResult;
use crate::render::views::counter_names::{short_name, shorter_forms};

/// A label's depth, in millimetres: a strip behind the unit's front rank.
const DEPTH_MM: f64 = 12.0;
/// The text sizes, in points: the name, never under `SMALLEST_NAME_PT`; the
/// formation beside the strength.
const NAME_PT: f64 = 7.0;
const SMALLEST_NAME_PT: f64 = 6.0;
const PARENT_PT: f64 = 5.5;
const VALUES_PT: f64 = 7.0;
/// The colour bar and the insets, which the text does not have; the gap
/// between the formation and the strength.
const CHROME_MM: f64 = 5.6;
const GAP_MM: f64 = 1.0;
/// What a line broken between words may leave empty at its end.
const WORD_MM: f64 = 8.0;
/// The page's margins; the title over the labels, its size and the room
/// under it.
const MARGIN_MM: f64 = 12.0;
const TITLE_PT: f64 = 13.0;
const TITLE_GAP_MM: f64 = 3.0;

#[derive(Serialize, Clone)]
struct Label {
    name: String,
    name_pt: f64,
    parent: String,
    values: String,
    width: f64,
    colour: String,
    /// Top-left corner on the page's block of labels, in millimetres.
    x: f64,
    y: f64,
}

/// A page of labels: rows of them edge to edge, so that one cut serves two.
#[derive(Serialize)]
struct LabelPage {
    height: f64,
    labels: Vec<Label>,
}

/// A roster cell the sources leave empty.
const EMPTY: &str = "—";

/// The roster columns some unit fills (the unit's name always), and the
/// rows without the others.
fn filled_columns(headers: &[String], mut rosters: Vec<Roster>) -> (Vec<String>, Vec<Roster>) {
    let keep: Vec<bool> = (0..headers.len())
        .map(|i| {
            i == 0
                || rosters
                    .iter()
                    .flat_map(|r| &r.rows)
                    .any(|row| row.cells[i] != EMPTY)
        })
        .collect();
    for row in rosters.iter_mut().flat_map(|r| &mut r.rows) {
        let mut column = 0;
        row.cells.retain(|_| {
            column += 1;
            keep[column - 1]
        });
    }
    let headers = headers
        .iter()
        .zip(&keep)
        .filter(|(_, k)| **k)
        .map(|(h, _)| h.clone())
        .collect();
    (headers, rosters)
}

/// Casualty boxes a roster row draws: one per figure, in lines of ten, up
/// to this many (a larger unit is beyond any ruleset's largest).
const MOST_BOXES: u64 = 400;

#[derive(Serialize)]
struct Roster {
    title: String,
    /// The formation's general and rank, where the scenario gives one.
    general: String,
    rows: Vec<RosterRow>,
}

/// A unit's row: name, grade, figures, bases, what it represents (the
/// columns no unit of the sheet fills are left out), and a box per figure
/// to tick off as it is lost.
#[derive(Serialize)]
struct RosterRow {
    cells: Vec<String>,
    boxes: u64,
}

/// The roll a general makes for command each turn, as the roster names it:
/// "Puntos de mando (§ 10): 1d6", and boxes for the most it can give.
#[derive(Serialize)]
struct Command {
    text: String,
    boxes: i64,
}

#[derive(Serialize)]
struct Sheet {
    title: String,
    /// The room the title takes over the labels, in millimetres.
    title_mm: f64,
    paper: String,
    depth: f64,
    label_pages: Vec<LabelPage>,
    rosters: Vec<Roster>,
    headers: Vec<String>,
    casualties: String,
    general_label: String,
    /// The ruleset's orders, a box each to tick the one a formation holds.
    orders_title: String,
    orders: Vec<String>,
    command: Option<Command>,
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
    press: &crate::render::typeset::templates::Press,
) -> RenderResult {
    let ruleset = project.ruleset(&conversion.to);
    let locale = project.locales.get(ruleset.map_or("en", |r| &r.language));
    let represents = ruleset
        .and_then(|r| r.profile.as_ref())
        .map_or(locale.figures.as_str(), |p| {
            locale.represents(&p.represents)
        });
    let markers: Vec<String> = ruleset
        .and_then(|r| r.vocabulary("order"))
        .map(|v| v.members.iter().map(|m| m.label.clone()).collect())
        .unwrap_or_default();
    let mut warnings = Vec::new();
    let fitted = labels(project, scenario, conversion, locale, &mut warnings);
    let title = crate::render::views::with_edition(
        format!(
            "{} — {}",
            scenario.title,
            ruleset.map_or(conversion.to.as_str(), |r| r.name.as_str())
        ),
        ruleset,
    );
    let title_mm = title_mm(&title, &project.counters);
    let sheet = Sheet {
        title,
        title_mm,
        paper: project.paper.clone(),
        depth: DEPTH_MM,
        label_pages: gang(fitted, &project.counters, title_mm),
        rosters: Vec::new(),
        headers: Vec::new(),
        casualties: locale.casualties.clone(),
        general_label: locale.general.clone(),
        orders_title: ruleset
            .and_then(|r| r.vocabulary("order"))
            .map_or_else(String::new, |v| v.title.clone()),
        orders: markers.clone(),
        command: ruleset.and_then(command),
        markers_title: locale.order_markers.clone(),
        markers,
    };
    let headers = [
        locale.unit.clone(),
        locale.grade.clone(),
        represents.into(),
        locale.bases.clone(),
        if represents == locale.figures {
            locale.men_or_guns.clone()
        } else {
            locale.represented.clone()
        },
    ];
    let (headers, rosters) =
        filled_columns(&headers, rosters(project, scenario, conversion, locale));
    let sheet = Sheet {
        headers,
        rosters,
        ..sheet
    };
    let world =
        crate::render::typeset::templates::data_world(press, "labels.typ", "labels.json", &sheet)?;
    let mut rendered = crate::render::typeset::pdf::typeset(
        &world,
        &format!("grognard-{}-{}-labels", scenario.id, conversion.to),
        |error| {
            crate::render::typeset::templates::typst_diagnostic(
                error,
                &world,
                press.templates,
                "labels.typ",
                "the labels",
            )
        },
    )?;
    rendered.warnings.extend(warnings);
    Ok(rendered)
}

/// Millimetres a line of the aids' sans takes at `pt` points.
fn text_mm(text: &str, bold: bool, pt: f64) -> f64 {
    crate::render::views::table_layout::width(Face::Sans, text, bold) * pt * 25.4 / 72.0
}

/// Sets a label's text to its width: the name whole, else shortened, at
/// 7 pt on one line, else at 6 pt on two; the formation in the first of its ever shorter forms
/// that fits beside the strength. A name that fits in no way is returned
/// with the room it lacks.
fn fit(label: &mut Label) -> Option<(String, f64, f64)> {
    let room = label.width - CHROME_MM;
    let short = short_name(&label.name);
    let tries = [
        (label.name.clone(), NAME_PT),
        (short.clone(), NAME_PT),
        (short.clone(), SMALLEST_NAME_PT),
    ];
    // The smallest size may take two lines, with a word's room to spare.
    let lines = |pt: f64| if pt > SMALLEST_NAME_PT { 1.0 } else { 2.0 };
    let fits = tries.iter().find(|(text, pt)| {
        text_mm(text, true, *pt) <= lines(*pt) * room - (lines(*pt) - 1.0) * WORD_MM
    });
    let too_wide = match fits {
        Some((text, pt)) => {
            (label.name, label.name_pt) = (text.clone(), *pt);
            None
        }
        None => {
            (label.name, label.name_pt) = (short.clone(), SMALLEST_NAME_PT);
            Some((
                short.clone(),
                text_mm(&short, true, SMALLEST_NAME_PT),
                2.0 * room - WORD_MM,
            ))
        }
    };
    let beside = room - text_mm(&label.values, true, VALUES_PT) - GAP_MM;
    let forms = shorter_forms(&label.parent);
    label.parent = forms
        .iter()
        // A form cut inside an aside loses the aside's open bracket.
        .map(|form| {
            let form = if form.contains(')') {
                form.clone()
            } else {
                form.replace('(', "")
            };
            form.trim_end_matches([',', ':', ';']).to_string()
        })
        .find(|form| text_mm(form, false, PARENT_PT) <= beside)
        .unwrap_or_default();
    too_wide
}

/// The room a title takes over the labels: as many lines as it needs
/// across the page, and the gap under it.
fn title_mm(title: &str, settings: &crate::model::counter_spec::Settings) -> f64 {
    let across = settings.page_mm().0 - 2.0 * MARGIN_MM;
    // Broken between words, a line holds a little less than its width.
    let lines = (text_mm(title, true, TITLE_PT) / (across - WORD_MM))
        .ceil()
        .max(1.0);
    let line_mm = TITLE_PT * 1.3 * 25.4 / 72.0;
    lines * line_mm + TITLE_GAP_MM
}

/// Labels in rows edge to edge across the page, each in the first row with
/// room for it (so that the order of battle is kept but for the gaps a
/// narrower label fills), the rows paged under a title.
fn gang(
    labels: Vec<Label>,
    settings: &crate::model::counter_spec::Settings,
    title_mm: f64,
) -> Vec<LabelPage> {
    let (width, height) = settings.page_mm();
    let across = width - 2.0 * MARGIN_MM;
    let rows_per_page =
        (((height - 2.0 * MARGIN_MM - title_mm) / DEPTH_MM).floor() as usize).max(1);
    let mut rows: Vec<(f64, Vec<Label>)> = Vec::new();
    for mut label in labels {
        label.width = label.width.min(across);
        match rows
            .iter_mut()
            .find(|(used, _)| used + label.width <= across + 1e-6)
        {
            Some((used, row)) => {
                label.x = *used;
                *used += label.width;
                row.push(label);
            }
            None => {
                label.x = 0.0;
                rows.push((label.width, vec![label]));
            }
        }
    }
    rows.chunks(rows_per_page)
        .map(|page| LabelPage {
            height: page.len() as f64 * DEPTH_MM,
            labels: page
                .iter()
                .enumerate()
                .flat_map(|(r, (_, row))| {
                    row.iter().map(move |label| Label {
                        y: r as f64 * DEPTH_MM,
                        ..label.clone()
                    })
                })
                .collect(),
        })
        .collect()
}

/// One label per converted unit, as wide as its bases and in its side's
/// colour, its text fitted to it; a name that cannot fit is a warning.
fn labels(
    project: &Project,
    scenario: &Scenario,
    conversion: &Conversion,
    locale: &Locale,
    warnings: &mut Vec<Diagnostic>,
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
    // A unit of no figures has nothing to stand on the table.
    let without: Vec<&str> = conversion
        .units
        .iter()
        .filter(|u| u.value == 0)
        .map(|u| u.name.as_str())
        .collect();
    if !without.is_empty() {
        warnings.push(
            Diagnostic::of(
                codes::ZERO_STRENGTH,
                format!(
                    "{} → {}: {} unit(s) of no {represents} get no label or roster row: {}",
                    scenario.id,
                    conversion.to,
                    without.len(),
                    without.join(", ")
                ),
            )
            .note("the conversion report says why: no strength in the sources, or too few to make one"),
        );
    }
    conversion
        .units
        .iter()
        .filter(|u| u.value > 0)
        .map(|u| {
            let first = scenario.unit(&u.units[0]);
            let parent = first
                .and_then(|f| scenario.formation(&f.parent))
                .map_or_else(String::new, |f| f.name_in(&locale.language).to_string());
            let mut label = Label {
                name: u.name.clone(),
                name_pt: NAME_PT,
                parent,
                values: locale.count_represented(u.value, represents),
                width: width_mm(project, &conversion.to, &u.arm, u.value),
                colour: colour(&u.side),
                x: 0.0,
                y: 0.0,
            };
            if let Some((text, needs, room)) = fit(&mut label) {
                warnings.push(
                    Diagnostic::of(
                        codes::LABEL_OVERFLOW,
                        format!(
                            "the name of `{}` does not fit its {:.0} mm label",
                            u.id, label.width
                        ),
                    )
                    .at_location(first.map(|f| f.location.clone()))
                    .label("declared here")
                    .expected(format!("at most {room:.1} mm of text"))
                    .found(format!(
                        "`{text}` is {needs:.1} mm wide at {SMALLEST_NAME_PT} pt"
                    ))
                    .note("give the unit a shorter name; the label prints it cut at its border"),
                );
            }
            label
        })
        .collect()
}

/// The ruleset's command roll, from the table its profile names: the roll
/// and the most it can give with every favourable modifier.
fn command(ruleset: &crate::model::Ruleset) -> Option<Command> {
    use crate::model::table::{Base, Effect, TableKind};
    let (id, _) = ruleset.profile.as_ref()?.command_table.as_ref()?;
    let table = ruleset.table(id)?;
    let TableKind::Modifiers(modifiers) = &table.kind else {
        return None;
    };
    let Base::Roll(dice) = modifiers.base else {
        return None;
    };
    // Each group gives its best modifier if only one of it can apply, else all.
    let bonus: i64 = modifiers
        .groups
        .iter()
        .map(|group| {
            let adds = group.modifiers.iter().filter_map(|m| match m.effect {
                Effect::Add(n) if n > 0 => Some(n),
                _ => None,
            });
            if group.by.is_some() || group.exclusive || group.choice {
                adds.max().unwrap_or(0)
            } else {
                adds.sum()
            }
        })
        .sum();
    let rule = ruleset
        .numbering
        .rule_of(id)
        .map_or_else(String::new, |rule| format!(" (§ {rule})"));
    Some(Command {
        text: format!("{}{rule}: {dice}", table.title),
        boxes: (dice.max() + bonus).clamp(1, 20),
    })
}

/// A roster card for each formation with units of its own: its general,
/// and each unit's name, grade, figures, bases, what it represents and a
/// box per figure for its casualties.
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
        let bases = |arm: &str, figures: u64| {
            let per_base = ruleset
                .and_then(|r| r.profile.as_ref())
                .and_then(|p| p.figures_per_base.iter().find(|(a, _)| a == arm))
                .map(|(_, n)| u64::from(*n));
            per_base.map_or_else(|| EMPTY.into(), |n| locale.number(figures.div_ceil(n)))
        };
        let rows: Vec<RosterRow> = conversion
            .units
            .iter()
            .filter(|u| {
                u.value > 0
                    && scenario
                        .unit(&u.units[0])
                        .is_some_and(|f| f.parent == formation.id)
            })
            .map(|u| RosterRow {
                cells: vec![
                    u.name.clone(),
                    u.grade.as_deref().map_or_else(|| EMPTY.into(), grade),
                    locale.number(u.value),
                    bases(&u.arm, u.value),
                    locale.number(u.represented),
                ],
                boxes: u.value.min(MOST_BOXES),
            })
            .collect();
        if !rows.is_empty() {
            let leader = formation.leader.as_deref().and_then(|l| scenario.leader(l));
            rosters.push(Roster {
                title: formation.name_in(&locale.language).to_string(),
                general: leader.map_or_else(String::new, |l| l.name.clone()),
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
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        // Names and strengths, and the scale a converted layer reads.
        change.by_scale_or(artifact, change.in_order_of_battle(artifact))
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        let Some(scenario) = cx.scenario(target) else {
            return Vec::new();
        };
        let miniatures = |to: &str| {
            cx.ruleset(to)
                .and_then(|r| r.profile.as_ref())
                .is_some_and(|p| p.is_miniatures())
        };
        cx.conversions_of(target)
            .filter(|c| miniatures(&c.job.to))
            .map(|c| {
                let file = format!("{target}-{}-labels.pdf", c.job.to);
                Artifact::new(Subject::Converted(scenario, c), file)
            })
            .collect()
    }
    fn render(&self, cx: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Converted(scenario, conversion) = artifact.subject else {
            unreachable!("planned only for conversions")
        };
        let press = cx.press(&scenario.folder);
        let conversion = &conversion.converted.conversion;
        render(cx.project, scenario, conversion, &press).map(Made::from)
    }
}
