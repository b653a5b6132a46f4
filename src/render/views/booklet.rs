//! Scenario booklets: the historical facts, and one ruleset layer's set-up,
//! schedule and rules, as display data for the `booklet.typ` template.

use std::collections::HashMap;

use serde::Serialize;

use crate::model::Project;
use crate::model::calendar;
use crate::model::scenario::{Clock, Formation, Layer, Prose, Scenario, Unit, prose_in};
use crate::model::schedule::Schedule;
use crate::model::strength::{Totals, formation_totals};

use crate::locale::Locale;

/// The turns of one day: the day is named on an action of several days.
#[derive(Serialize)]
pub struct TurnDay {
    pub day: String,
    pub turns: Vec<TurnCell>,
}

#[derive(Serialize)]
pub struct TurnCell {
    pub number: u32,
    pub time: String,
    /// A night turn, on a layer that marks the night.
    pub night: bool,
    /// What arrives on the turn: the side's colour and the entry hex.
    pub arrivals: Vec<[String; 2]>,
}

#[derive(Serialize)]
pub struct Booklet {
    pub title: String,
    pub subtitle: String,
    /// The rules edition the scenario is played with: "Edición 1.1".
    pub edition: String,
    pub date: String,
    pub place: String,
    pub language: String,
    pub paper: String,
    pub strings: Strings,
    pub introduction: Vec<String>,
    /// Where the prose is not in the booklet's language: a note saying so.
    pub introduction_note: String,
    pub outcome: Vec<String>,
    pub outcome_note: String,
    pub duration: Vec<String>,
    /// The turn track, a row of turns per day of the action.
    pub turns: Vec<TurnDay>,
    pub sides: Vec<SideView>,
    pub orders: Vec<[String; 2]>,
    pub command: Vec<String>,
    pub demoralisation: Vec<[String; 2]>,
    /// Side, who, where: grouped by side.
    pub setup: Vec<[String; 3]>,
    /// Turn, time, side, who, entry: by turn, then side.
    pub reinforcements: Vec<[String; 5]>,
    pub victory: Vec<[String; 3]>,
    pub victory_note: String,
    pub special_rules: Vec<[String; 2]>,
    pub special_rules_note: String,
    pub errata: Vec<String>,
    pub errata_note: String,
    pub missing: Vec<String>,
    /// The notes the order of battle holds — on units, leaders,
    /// formations, contingents, estimates and rival figures — numbered as
    /// the tree marks them (the order-of-battle booklet).
    pub notes: Vec<String>,
    /// Where the notes are not in the booklet's language: a note saying so.
    pub notes_note: String,
    /// The compiler's notes on the sources.
    pub compiler_notes: Vec<String>,
    pub arrivals: Chart,
    /// The counters' symbols and class marks, for a hex layer.
    pub counter_key: Vec<crate::render::views::counter_faces::KeyEntry>,
    /// The set-up drawn on the layer's map, for a hex layer.
    pub setup_map: Option<crate::render::views::booklet_map::SetupMap>,
    pub sources: Vec<String>,
}

#[derive(Serialize)]
pub struct Strings {
    hex: String,
    introduction: String,
    outcome: String,
    order_of_battle: String,
    setup: String,
    reinforcements: String,
    victory: String,
    special_rules: String,
    errata: String,
    strengths: String,
    left_out: String,
    arrivals: String,
    turn: String,
    night: String,
    clock: String,
    men: String,
    guns: String,
    units: String,
    missing_data: String,
    orders: String,
    command: String,
    duration: String,
    sources: String,
    entry: String,
    demoralisation: String,
    contents: String,
    counter_key: String,
    side: String,
    arriving: String,
    notes: String,
    compiler_notes: String,
}

#[derive(Serialize)]
pub struct SideView {
    pub(super) name: String,
    pub(super) colour: String,
    pub(super) commander: String,
    /// The end-note on the side's commander (0: none).
    pub(super) commander_note: usize,
    /// The contingents under their own command, with their commanders.
    pub(super) contingents: Vec<Noted>,
    /// Units left out of the totals as not engaged.
    pub(super) left_out: usize,
    pub(super) men: u64,
    pub(super) guns: u64,
    pub(super) units: u64,
    pub(super) tree: Vec<Node>,
}

/// A formation with its leader and children, or a unit with its figures.
#[derive(Serialize)]
pub struct Node {
    pub(super) name: String,
    pub(super) leader: String,
    pub(super) detail: String,
    /// The number of its end-note (0: none).
    pub(super) note: usize,
    pub(super) children: Vec<Node>,
}

/// A line of text and the number of its end-note (0: none).
#[derive(Serialize)]
pub struct Noted {
    pub(super) text: String,
    pub(super) note: usize,
}

/// Strength on the field over time: a step line per side.
#[derive(Serialize)]
pub struct Chart {
    pub(super) start: String,
    pub(super) end: String,
    pub(super) span: u32,
    pub(super) max: u64,
    pub(super) ticks: Vec<(u32, String)>,
    pub(super) sides: Vec<ChartSide>,
}

#[derive(Serialize)]
pub struct ChartSide {
    pub(super) name: String,
    pub(super) colour: String,
    /// (minutes after the start, men on the field from then on)
    pub(super) steps: Vec<(u32, u64)>,
}

fn paragraphs(text: Option<&str>) -> Vec<String> {
    // Line breaks and runs of spaces fold to one space; a no-break space
    // ("16 000", "1815 г.") stays one.
    let breakable = |c: char| c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{202f}');
    text.unwrap_or_default()
        .split("\n\n")
        .map(|p| {
            p.split(breakable)
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|p| !p.is_empty())
        .collect()
}

/// Where prose is not given in the booklet's language, the note in the
/// reader's language that says which language the text printed is in.
fn language_note(prose: &Prose, language: &str, locale: &Locale) -> String {
    section_note([prose], language, locale)
}

/// The note for a section of several texts (special rules, victory
/// conditions): said once, for the first text not in the booklet's language.
pub(super) fn section_note<'a>(
    texts: impl IntoIterator<Item = &'a Prose>,
    language: &str,
    locale: &Locale,
) -> String {
    texts
        .into_iter()
        .find_map(|prose| match prose.first() {
            Some((other, _)) if !prose.iter().any(|(l, _)| l == language) => {
                Some(locale.only_in(other))
            }
            _ => None,
        })
        .unwrap_or_default()
}

pub(super) fn thousands(n: u64, locale: &Locale) -> String {
    locale.number(n)
}

/// What every part of a booklet reads: the project, the scenario and layer,
/// the language, and the order of battle's structure.
pub(super) struct Context<'a> {
    pub(super) project: &'a Project,
    pub(super) scenario: &'a Scenario,
    pub(super) layer: Option<&'a Layer>,
    /// Where and when the layer brings each unit into play.
    pub(super) schedule: Option<Schedule>,
    pub(super) locale: &'a Locale,
    /// Each formation's totals and direct children, computed once.
    pub(super) totals: HashMap<&'a str, Totals>,
    pub(super) child_formations: HashMap<&'a str, Vec<&'a Formation>>,
    pub(super) child_units: HashMap<&'a str, Vec<&'a Unit>>,
    /// Whether the action, or the layer's turns, last more than one day.
    pub(super) several_days: bool,
    /// The end-notes the order of battle has numbered so far, where the
    /// booklet prints them (the order-of-battle booklet's).
    pub(super) notes: Option<std::cell::RefCell<Vec<String>>>,
    /// The leaders whose note is numbered: said once, where first named.
    pub(super) noted_leaders: Option<std::cell::RefCell<std::collections::HashSet<String>>>,
}

impl<'a> Context<'a> {
    /// The day of a moment as the reader writes it: "4 de mayo", or "día 2"
    /// where the scenario has no date.
    pub(super) fn day(&self, clock: Clock) -> String {
        match self.scenario.first_day.and_then(|d| clock.date(d)) {
            Some(date) => self.locale.day(date),
            None => self.locale.day_number(clock.day() + 1),
        }
    }

    /// A moment as the reader reads it: "13:30", with its day when the
    /// action lasts several ("4 de mayo, 06:00").
    pub(super) fn moment(&self, clock: Clock) -> String {
        let time = clock.time_of_day().to_string();
        if self.several_days {
            format!("{}, {time}", self.day(clock))
        } else {
            time
        }
    }

    pub(super) fn several_days(&self) -> bool {
        self.several_days
    }

    /// The booklet's context, with each formation's children and totals
    /// computed once for the order-of-battle tree.
    fn new(
        project: &'a Project,
        scenario: &'a Scenario,
        layer: Option<&'a Layer>,
        locale: &'a Locale,
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
        let last_day = scenario
            .end
            .into_iter()
            .chain(layer.filter(|l| l.timed).map(|l| l.turn_start(l.turns)))
            .map(Clock::day)
            .max()
            .unwrap_or(0);
        Context {
            project,
            scenario,
            layer,
            schedule: layer.map(|l| Schedule::new(scenario, l)),
            locale,
            totals: formation_totals(scenario),
            child_formations,
            child_units,
            several_days: last_day > 0,
            notes: layer.is_none().then(Default::default),
            noted_leaders: layer.is_none().then(Default::default),
        }
    }
}

pub fn booklet(project: &Project, scenario: &Scenario, layer: Option<&Layer>) -> Booklet {
    let ruleset = layer.and_then(|l| project.ruleset(&l.ruleset));
    // A ruleset's booklet is in its language; the order of battle alone in
    // the language the scenario's own prose is written in.
    let language = ruleset
        .map(|r| r.language.as_str())
        .or_else(|| scenario.introduction.first().map(|(l, _)| l.as_str()))
        .unwrap_or("en")
        .to_string();
    let locale = project.locales.get(&language);
    let cx = Context::new(project, scenario, layer, locale);
    let sides = cx.side_views();
    let notes = cx.notes.as_ref().map(|n| n.take()).unwrap_or_default();
    // Plain notes are in the scenario's stated language.
    let notes_note = match scenario.language.as_deref() {
        Some(written) if !notes.is_empty() && written != language => locale.only_in(written),
        _ => String::new(),
    };
    let mut duration = Vec::new();
    if let (Some(start), Some(end)) = (scenario.start, scenario.end) {
        duration.push(format!("{} – {}", cx.moment(start), cx.moment(end)));
    }
    let last_day = scenario.end.map_or(0, Clock::day);
    let date = match scenario.first_day {
        Some(first) => Clock(last_day * calendar::MINUTES_PER_DAY)
            .date(first)
            .map_or_else(|| locale.date(first), |last| locale.date_span(first, last)),
        None => scenario.date.clone(),
    };
    let mut booklet = Booklet {
        title: scenario.title.clone(),
        subtitle: ruleset.map_or_else(
            || locale.order_of_battle.to_string(),
            |r| format!("{} · {}", locale.scenario, r.name),
        ),
        edition: ruleset.map_or_else(String::new, |r| locale.edition_named(&r.edition)),
        date,
        place: scenario.place_in(&language).to_string(),
        language: language.clone(),
        paper: project.paper.clone(),
        strings: Strings::new(locale),
        introduction: paragraphs(prose_in(&scenario.introduction, &language)),
        introduction_note: language_note(&scenario.introduction, &language, locale),
        outcome: paragraphs(prose_in(&scenario.outcome, &language)),
        outcome_note: language_note(&scenario.outcome, &language, locale),
        duration,
        turns: Vec::new(),
        sides,
        orders: Vec::new(),
        command: Vec::new(),
        demoralisation: Vec::new(),
        setup: Vec::new(),
        reinforcements: Vec::new(),
        victory: Vec::new(),
        victory_note: String::new(),
        special_rules: Vec::new(),
        special_rules_note: String::new(),
        errata: Vec::new(),
        errata_note: String::new(),
        missing: Vec::new(),
        compiler_notes: if layer.is_none() {
            scenario.notes.iter().map(|n| cx.readable(n)).collect()
        } else {
            Vec::new()
        },
        notes,
        notes_note,
        arrivals: cx.chart(),
        counter_key: Vec::new(),
        setup_map: None,
        sources: scenario
            .sources
            .iter()
            .cloned()
            .chain(scenario.cited.iter().map(|c| match &c.url {
                Some(url) => format!("{} — {url}", c.text),
                None => c.text.clone(),
            }))
            .collect(),
    };
    if let (Some(layer), Some(ruleset)) = (layer, ruleset) {
        crate::render::views::booklet_layer::add_layer(&cx, layer, ruleset, &mut booklet);
        if layer.map.is_some() {
            booklet.counter_key =
                crate::render::views::counter_faces::layer_key(project, scenario, layer);
            booklet.setup_map =
                crate::render::views::booklet_map::setup_map(&cx, layer, Some(ruleset));
        }
    }
    booklet
}

impl Strings {
    /// The template's headings and labels in the booklet's language.
    fn new(locale: &Locale) -> Self {
        Strings {
            hex: locale.hex_abbr.clone(),
            introduction: locale.introduction.clone(),
            outcome: locale.outcome.clone(),
            order_of_battle: locale.order_of_battle.clone(),
            setup: locale.setup.clone(),
            reinforcements: locale.reinforcements.clone(),
            victory: locale.victory.clone(),
            special_rules: locale.special_rules.clone(),
            errata: locale.errata.clone(),
            strengths: locale.strengths.clone(),
            left_out: locale.left_out.clone(),
            arrivals: locale.arrivals.clone(),
            turn: locale.turn.clone(),
            night: locale.night.clone(),
            clock: locale.clock.clone(),
            men: locale.men.clone(),
            guns: locale.guns.clone(),
            units: locale.units.clone(),
            missing_data: locale.missing_data.clone(),
            orders: locale.orders.clone(),
            command: locale.command.clone(),
            duration: locale.duration.clone(),
            sources: locale.sources.clone(),
            entry: locale.entry.clone(),
            demoralisation: locale.demoralisation.clone(),
            contents: locale.contents.clone(),
            counter_key: locale.counter_key.clone(),
            side: locale.side.clone(),
            arriving: locale.arriving.clone(),
            notes: locale.message("booklet_notes", &[]),
            compiler_notes: locale.message("booklet_compiler_notes", &[]),
        }
    }
}
