//! The order of battle and the arrivals chart of a scenario booklet: each
//! side's commanders, contingents and totals, its formation tree with each
//! unit's organisation, strength and status.

use crate::locale::Counted;
use crate::model::scenario::{Clock, Formation, Layer, Status, Unit, Who};
use crate::model::schedule::Entry;
use crate::model::strength::{Totals, sum};

use crate::render::views::booklet::{Chart, ChartSide, Context, Node, Noted, SideView, thousands};

impl Context<'_> {
    /// Each side with its commander, totals and order-of-battle tree.
    pub(super) fn side_views(&self) -> Vec<SideView> {
        let scenario = self.scenario;
        scenario
            .sides
            .iter()
            .map(|side| {
                let Totals { men, guns, units } = sum(scenario, Some(&side.id), None, None);
                let commander_note = side
                    .commander
                    .as_deref()
                    .map_or(0, |leader| self.leader_note(leader));
                SideView {
                    name: side.name_in(&self.locale.language).to_string(),
                    colour: side.colour.clone(),
                    commander: self
                        .commanders(side.commander.as_deref(), side.nominal_commander.as_deref()),
                    commander_note,
                    contingents: scenario
                        .contingents
                        .iter()
                        .filter(|c| c.side == side.id)
                        .map(|c| {
                            let text = match &c.commander {
                                Some(leader) => {
                                    format!("{} — {}", c.name, self.leader_name(leader))
                                }
                                None => c.name.clone(),
                            };
                            let mut notes = vec![c.note.clone()];
                            notes.extend(c.commander.as_deref().map(|l| self.leader_text(l)));
                            Noted {
                                text,
                                note: self.note(&notes),
                            }
                        })
                        .collect(),
                    left_out: scenario
                        .units
                        .iter()
                        .filter(|u| {
                            !u.takes_part() && scenario.unit_side(u) == Some(side.id.as_str())
                        })
                        .count(),
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

    /// Numbers an end-note made of `parts` (the empty ones left out) and
    /// returns its number; a note already numbered keeps its number. 0
    /// where the booklet prints no notes or there is nothing to say.
    fn note(&self, parts: &[String]) -> usize {
        let Some(notes) = &self.notes else {
            return 0;
        };
        let parts: Vec<&str> = parts
            .iter()
            .map(|p| p.trim())
            .filter(|p| !p.is_empty())
            .collect();
        if parts.is_empty() {
            return 0;
        }
        let text = self.readable(&parts.join(" "));
        let mut notes = notes.borrow_mut();
        match notes.iter().position(|n| *n == text) {
            Some(i) => i + 1,
            None => {
                notes.push(text);
                notes.len()
            }
        }
    }

    /// A note as a reader reads it: the ids of the scenario's units,
    /// formations, leaders and sides it names are their names, and words
    /// the compiler marked as code (`nation`) plain words.
    pub(super) fn readable(&self, note: &str) -> String {
        let scenario = self.scenario;
        let language = &self.locale.language;
        let name_of = |id: &str| -> Option<String> {
            scenario
                .unit(id)
                .map(|u| u.name.clone())
                .or_else(|| {
                    scenario
                        .formation(id)
                        .map(|f| f.name_in(language).to_string())
                })
                .or_else(|| scenario.leader(id).map(|l| l.name.clone()))
                .or_else(|| scenario.side(id).map(|s| s.name_in(language).to_string()))
        };
        let unquoted = note.replace('`', "");
        // Ids are lowercase words joined by hyphens ("fr-pino-1").
        let mut out = String::with_capacity(unquoted.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            let named = word.contains('-').then(|| name_of(word)).flatten();
            out.push_str(named.as_deref().unwrap_or(word));
            word.clear();
        };
        for c in unquoted.chars() {
            if c.is_ascii_lowercase() || c.is_ascii_digit() || (c == '-' && !word.is_empty()) {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    }

    /// A leader's note as an end-note says it: his name, then the note;
    /// said once, where he is first named (empty after).
    fn leader_text(&self, id: &str) -> String {
        let Some(leader) = self
            .scenario
            .leader(id)
            .filter(|l| !l.note.trim().is_empty())
        else {
            return String::new();
        };
        let Some(noted) = &self.noted_leaders else {
            return String::new();
        };
        if !noted.borrow_mut().insert(id.to_string()) {
            return String::new();
        }
        format!("{}: {}", leader.name, leader.note.trim())
    }

    fn leader_note(&self, id: &str) -> usize {
        self.note(&[self.leader_text(id)])
    }

    /// A unit's end-note: its note, how an estimate was made, and the
    /// sources of rival figures.
    fn unit_note(&self, unit: &Unit) -> usize {
        if self.notes.is_none() {
            return 0;
        }
        let mut parts = vec![unit.note.clone()];
        if let Some(method) = unit.estimate.as_deref().filter(|m| !m.trim().is_empty()) {
            parts.push(self.locale.message(
                "booklet_note_estimate",
                &[(
                    "method",
                    crate::locale::Arg::Text(method.trim().to_string()),
                )],
            ));
        }
        let sourced: Vec<String> = unit
            .values
            .iter()
            .filter_map(|v| {
                let source = v.source.as_deref()?;
                let text = self
                    .scenario
                    .cited
                    .iter()
                    .find(|c| c.id == source)
                    .map_or(source, |c| c.text.as_str());
                Some(format!(
                    "{} ({text})",
                    thousands(u64::from(v.men), self.locale)
                ))
            })
            .collect();
        if !sourced.is_empty() {
            parts.push(self.locale.message(
                "booklet_note_figures",
                &[("figures", crate::locale::Arg::Text(sourced.join("; ")))],
            ));
        }
        self.note(&parts)
    }

    /// "Beresford (al mando nominal: Castaños)": who commanded, and who
    /// was nominally senior where a source says so.
    fn commanders(&self, actual: Option<&str>, nominal: Option<&str>) -> String {
        let actual = actual.map(|c| self.leader_name(c)).unwrap_or_default();
        match nominal {
            Some(nominal) => format!(
                "{actual} ({}: {})",
                self.locale.nominal,
                self.leader_name(nominal)
            ),
            None => actual,
        }
    }

    pub(super) fn leader_name(&self, id: &str) -> String {
        self.scenario
            .leader(id)
            .map_or_else(|| id.to_string(), |l| l.name.clone())
    }

    fn formation_name(&self, id: &str) -> String {
        self.scenario.formation(id).map_or_else(
            || id.to_string(),
            |f| f.name_in(&self.locale.language).to_string(),
        )
    }

    fn unit_name(&self, id: &str) -> String {
        self.scenario
            .unit(id)
            .map_or_else(|| id.to_string(), |u| u.name.clone())
    }

    /// A side by its id, as the booklet names it, with its place among the
    /// scenario's sides to sort by (an unknown side last, unnamed).
    pub(super) fn side_named(&self, id: Option<&str>) -> (usize, String) {
        let scenario = self.scenario;
        let Some(id) = id else {
            return (usize::MAX, String::new());
        };
        let order = scenario
            .sides
            .iter()
            .position(|s| s.id == id)
            .unwrap_or(usize::MAX);
        let name = scenario.side(id).map_or_else(
            || id.to_string(),
            |s| s.name_in(&self.locale.language).to_string(),
        );
        (order, name)
    }

    pub(super) fn who(&self, who: &Who) -> String {
        let mut parts = Vec::new();
        if let Some(side) = &who.side {
            parts.push(self.scenario.side(side).map_or_else(
                || side.clone(),
                |s| s.name_in(&self.locale.language).to_string(),
            ));
        }
        parts.extend(who.nations.iter().map(|n| {
            self.project
                .neutral
                .label("nation", n, &self.locale.language)
                .to_string()
        }));
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
        let mut detail = vec![self.strength(men, guns)];
        if self.takes_no_part(id, 0) {
            detail.push(self.locale.not_engaged.clone());
        }
        for attachment in &formation.attachments {
            let mut text = format!(
                "{} {}",
                self.locale.attached_to,
                self.formation_name(&attachment.to)
            );
            if let Some(from) = attachment.from {
                text.push_str(&format!(" {}", self.moment(from)));
            }
            if let Some(until) = attachment.until {
                text.push_str(&format!("–{}", self.moment(until)));
            }
            detail.push(text);
        }
        detail.retain(|d| !d.is_empty());
        // The formation's note, and those of its leaders not noted before.
        let mut notes = vec![formation.note.clone()];
        for leader in [&formation.leader, &formation.nominal_leader]
            .into_iter()
            .flatten()
        {
            notes.push(self.leader_text(leader));
        }
        Node {
            name: formation.name_in(&self.locale.language).to_string(),
            leader: self.commanders(
                formation.leader.as_deref(),
                formation.nominal_leader.as_deref(),
            ),
            detail: detail.join(" · "),
            note: self.note(&notes),
            children,
        }
    }

    /// Whether a formation has units and none of them, at any depth, is engaged.
    fn takes_no_part(&self, id: &str, depth: usize) -> bool {
        let units: Vec<&&Unit> = self.child_units.get(id).into_iter().flatten().collect();
        let formations: Vec<&&Formation> = self
            .child_formations
            .get(id)
            .into_iter()
            .flatten()
            .collect();
        if depth > 8 || (units.is_empty() && formations.is_empty()) {
            return false;
        }
        units.iter().all(|u| u.status == Status::NotEngaged)
            && formations
                .iter()
                .all(|f| self.takes_no_part(&f.id, depth + 1))
    }

    /// "6 cañones: 5 × 9-pounder, 1 × 5.5-inch (obús)" where the pieces are known.
    fn guns(&self, unit: &crate::model::scenario::Unit) -> String {
        let total = self.strength(0, u64::from(unit.guns.unwrap_or(0)));
        if unit.pieces.is_empty() {
            // "8 cañones (6-pounder)": the calibre where no pieces are listed.
            return match unit.calibre.as_deref().filter(|c| !c.trim().is_empty()) {
                Some(calibre) if !total.is_empty() => format!("{total} ({})", calibre.trim()),
                _ => total,
            };
        }
        let pieces: Vec<String> = unit
            .pieces
            .iter()
            .map(|p| {
                let kind = if p.kind == "howitzer" {
                    format!(" ({})", self.locale.howitzer)
                } else {
                    String::new()
                };
                if p.calibre.is_empty() {
                    format!("{}{kind}", p.count)
                } else {
                    format!("{} × {}{kind}", p.count, p.calibre)
                }
            })
            .collect();
        format!("{total}: {}", pieces.join(", "))
    }

    fn strength(&self, men: u64, guns: u64) -> String {
        let mut parts = Vec::new();
        if men > 0 {
            parts.push(self.locale.count(men, Counted::Men));
        }
        if guns > 0 {
            parts.push(self.locale.count(guns, Counted::Guns));
        }
        parts.join(", ")
    }

    /// One of a layer's values: the strength it represents counted in the
    /// ruleset's words ("18 фигур"); a value of one of the ruleset's
    /// vocabularies by its title and label ("Moral: B"); any other as its
    /// key and value.
    fn value(&self, key: &str, value: &str) -> String {
        let ruleset = self.layer.and_then(|l| self.project.ruleset(&l.ruleset));
        let represents = ruleset
            .and_then(|r| r.profile.as_ref())
            .map(|p| p.represents.as_str());
        if let (Ok(n), true) = (value.parse::<u64>(), Some(key) == represents) {
            return self.locale.count_represented(n, key);
        }
        match ruleset.and_then(|r| r.vocabulary(key)) {
            Some(vocabulary) => {
                let label = vocabulary.member(value).map_or(value, |m| m.label.as_str());
                format!("{}: {label}", vocabulary.title)
            }
            None => format!("{key} {value}"),
        }
    }

    /// A unit's men (or their range), guns and the rival figures of other sources.
    fn figures(&self, unit: &crate::model::scenario::Unit) -> Vec<String> {
        let mut detail = Vec::new();
        let strength = match unit.men_range {
            Some((low, high)) => format!(
                "{}–{}",
                thousands(u64::from(low), self.locale),
                self.locale.count(u64::from(high), Counted::Men)
            ),
            None => self.strength(u64::from(unit.men.unwrap_or(0)), 0),
        };
        let guns = self.guns(unit);
        detail.extend([strength, guns].into_iter().filter(|s| !s.is_empty()));
        let others: Vec<String> = unit
            .values
            .iter()
            .filter(|v| Some(v.men) != unit.men)
            .map(|v| thousands(u64::from(v.men), self.locale))
            .collect();
        if !others.is_empty() {
            detail.push(format!(
                "{}: {}",
                self.locale.other_figures,
                others.join(", ")
            ));
        }
        detail
    }

    /// When a unit comes into play, as the layer's schedule has it (the
    /// same turn the set-up, the reinforcement table and the turn track
    /// print), with the historical time where the two differ; without a
    /// layer, the historical time.
    fn arrival(&self, unit: &Unit) -> Option<String> {
        let historical = unit.arrives.as_ref().map(|(c, _)| *c);
        let (Some(layer), Some(schedule)) = (self.layer.filter(|l| l.timed), &self.schedule) else {
            return historical.map(|c| self.moment(c));
        };
        // Arriving after the action and the game have begun: a unit there
        // from the start is simply there.
        let after_start =
            historical.filter(|c| *c > layer.start && self.scenario.start.is_none_or(|s| *c > s));
        let time = |c: Clock| crate::locale::Arg::Text(self.moment(c));
        match schedule.entry(&unit.id) {
            Some(Entry::SetUp(_)) => after_start.map(|c| {
                self.locale
                    .message("oob_set_up_historically", &[("time", time(c))])
            }),
            Some(Entry::Arrives(_)) => {
                let turn = schedule.turn(layer, &unit.id)?;
                let number = crate::locale::Arg::Number(u64::from(turn));
                Some(match historical {
                    Some(c) if layer.turn_of(c) == turn => self
                        .locale
                        .message("oob_arrives", &[("time", time(c)), ("turn", number)]),
                    Some(c) => self.locale.message(
                        "oob_arrives_historically",
                        &[("turn", number), ("time", time(c))],
                    ),
                    None => self.locale.message("oob_arrives_turn", &[("turn", number)]),
                })
            }
            // A unit the layer does not bring: its historical time alone.
            None => after_start.map(|c| self.moment(c)),
        }
    }

    fn unit_node(&self, unit: &crate::model::scenario::Unit) -> Node {
        let mut detail = vec![
            unit.nations
                .iter()
                .map(|n| {
                    self.project
                        .neutral
                        .label("nation", n, &self.locale.language)
                })
                .filter(|_| unit.nations.len() > 1)
                .collect::<Vec<_>>()
                .join(" / "),
            self.project
                .neutral
                .label("type", &unit.kind, &self.locale.language)
                .to_string(),
        ];
        detail.retain(|d| !d.is_empty());
        if let Some((part, count)) = unit.organisation {
            detail.push(format!("{count} {}", self.locale.parts()[part as usize]));
        }
        if let Some(of) = &unit.detached_from {
            detail.push(format!(
                "{} {}",
                self.locale.detached_from,
                self.unit_name(of)
            ));
        }
        detail.extend(self.figures(unit));
        if let Some(layer) = self.layer
            && let Some((holder, values)) = layer.values_of(&unit.id)
        {
            let values: Vec<String> = values.iter().map(|(k, v)| self.value(k, v)).collect();
            if holder == unit.id {
                detail.extend(values);
            } else {
                // The aggregate the layer plays the unit in, by its name.
                let name = layer
                    .aggregates
                    .iter()
                    .find(|(id, _, _)| id == holder)
                    .map_or(holder, |(_, name, _)| name.as_str());
                detail.push(format!("{name}: {}", values.join(", ")));
            }
        }
        detail.extend(self.arrival(unit));
        if let Some((departs, _)) = &unit.departs {
            detail.push(format!("{} {}", self.locale.departs, self.moment(*departs)));
        }
        if unit.is_estimate() {
            detail.push(self.locale.estimate.to_string());
        }
        match unit.status {
            Status::Engaged => {}
            Status::Present => detail.push(self.locale.present.to_string()),
            Status::NotEngaged => detail.push(self.locale.not_engaged.to_string()),
        }
        Node {
            name: unit.name.clone(),
            leader: unit.commander.clone().unwrap_or_default(),
            detail: detail.join(" · "),
            note: self.unit_note(unit),
            children: Vec::new(),
        }
    }

    /// When a unit comes onto the field: when the layer brings it, else at
    /// its historical time.
    fn comes_at(&self, unit: &Unit) -> Option<Clock> {
        let scheduled = self
            .layer
            .filter(|l| l.timed)
            .zip(self.schedule.as_ref())
            .and_then(|(layer, schedule)| {
                schedule
                    .turn(layer, &unit.id)
                    .map(|turn| layer.turn_start(turn))
            });
        scheduled.or(unit.arrives.as_ref().map(|(c, _)| *c))
    }

    pub(super) fn chart(&self) -> Chart {
        let timed = self.layer.filter(|l| l.timed);
        let start = timed
            .map(|l| l.start)
            .or(self.scenario.start)
            .unwrap_or(Clock(0));
        let end = timed
            .map(Layer::end_of_play)
            .or(self.scenario.end)
            .unwrap_or(start);
        let span = end.0.saturating_sub(start.0).max(1);
        let mut max = 1;
        let sides = self
            .scenario
            .sides
            .iter()
            .map(|side| {
                // Men come on the field when they arrive and leave it when they depart.
                let mut changes: Vec<(u32, i64)> = Vec::new();
                let offset = |c: Clock| c.0.saturating_sub(start.0).min(span);
                for u in self.scenario.units.iter().filter(|u| {
                    u.takes_part() && self.scenario.unit_side(u) == Some(side.id.as_str())
                }) {
                    let men = i64::from(u.men.unwrap_or(0));
                    let at = self.comes_at(u).unwrap_or(start);
                    changes.push((offset(at), men));
                    if let Some((departs, _)) = &u.departs {
                        changes.push((offset(*departs), -men));
                    }
                }
                changes.sort();
                let mut steps: Vec<(u32, u64)> = Vec::new();
                let mut total: i64 = 0;
                for (at, men) in changes {
                    total += men;
                    let shown = total.max(0) as u64;
                    max = max.max(shown);
                    match steps.last_mut() {
                        Some(last) if last.0 == at => last.1 = shown,
                        _ => steps.push((at, shown)),
                    }
                }
                ChartSide {
                    name: side.name_in(&self.locale.language).to_string(),
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
        // A tick names its day where the day changes, on an action of several.
        let mut day = None;
        let ticks = (0..=span)
            .step_by(step as usize)
            .map(|m| {
                let at = Clock(start.0 + m);
                let time = at.time_of_day().to_string();
                let new_day = self.several_days && day.replace(at.day()) != Some(at.day());
                let label = if new_day {
                    format!("{} {time}", self.day(at))
                } else {
                    time
                };
                (m, label)
            })
            .collect();
        Chart {
            start: self.moment(start),
            end: self.moment(end),
            span,
            max,
            ticks,
            sides,
        }
    }
}
