//! The layer part of a scenario booklet: what one ruleset adds to the facts —
//! its turns, orders, command rules, set-up, reinforcements, victory
//! conditions, special rules and errata.

use crate::model::Ruleset;
use crate::model::scenario::{Layer, Placement, prose_in};

use crate::locale::{Counted, Locale};
use crate::render::views::booklet::{Booklet, Context, TurnCell, TurnDay, section_note};

/// Fills the booklet's layer sections from `layer`, played with `ruleset`.
pub(super) fn add_layer(cx: &Context, layer: &Layer, ruleset: &Ruleset, booklet: &mut Booklet) {
    let locale = cx.locale;
    if layer.timed {
        booklet.duration.push(turns_line(cx, layer, locale));
        booklet.turns = turn_track(cx, layer);
    }
    let order_label = |id: &str| {
        ruleset
            .vocabulary("order")
            .and_then(|v| v.member(id))
            .map_or_else(|| id.to_string(), |m| m.label.clone())
    };
    booklet.orders = layer
        .orders
        .iter()
        .map(|(leader, order)| [cx.leader_name(leader), order_label(order)])
        .collect();
    booklet.command.extend(command(cx, layer));
    booklet.demoralisation = layer
        .demoralisation
        .iter()
        .map(|(who, threshold, _)| [cx.who(who), threshold.to_string()])
        .collect();
    let language = booklet.language.as_str();
    // Set-up side by side, arrivals by turn and side: a player reads his
    // own. What names units of both sides is a row per side.
    let mut setup: Vec<_> = layer
        .setup
        .iter()
        .flat_map(|placement| {
            cx.scenario
                .split_by_side(&placement.who)
                .into_iter()
                .map(move |(side, who)| {
                    let (order, side) = cx.side_named(side);
                    let row = [side, cx.who(&who), place(placement, locale, language)];
                    (order, row)
                })
        })
        .collect();
    setup.sort_by_key(|(order, _)| *order);
    booklet.setup = setup.into_iter().map(|(_, row)| row).collect();
    let mut arrivals: Vec<_> = layer
        .reinforcements
        .iter()
        .flat_map(|r| {
            cx.scenario
                .split_by_side(&r.who)
                .into_iter()
                .map(move |(side, who)| {
                    let (order, side) = cx.side_named(side);
                    let row = [
                        r.turn.to_string(),
                        cx.moment(layer.turn_start(r.turn)),
                        side,
                        cx.who(&who),
                        r.entry.as_ref().map(|h| h.text.clone()).unwrap_or_default(),
                    ];
                    ((r.turn, order), row)
                })
        })
        .collect();
    arrivals.sort_by_key(|(key, _)| *key);
    booklet.reinforcements = arrivals.into_iter().map(|(_, row)| row).collect();
    booklet.victory = victory(cx, layer, language);
    booklet.victory_note = section_note(layer.victory.iter().map(|v| &v.text), language, cx.locale);
    booklet.special_rules = special_rules(layer, language);
    booklet.special_rules_note = section_note(
        layer
            .special_rules
            .iter()
            .flat_map(|(_, title, text)| [title, text]),
        language,
        cx.locale,
    );
    booklet.errata_note = section_note(&layer.errata, language, cx.locale);
    booklet.errata = layer
        .errata
        .iter()
        .filter_map(|e| prose_in(e, language).map(str::to_string))
        .collect();
    booklet.missing = layer.missing.iter().map(|(text, _)| text.clone()).collect();
}

/// "N turns × M min: start–last", the layer's clock in one line.
fn turns_line(cx: &Context, layer: &Layer, locale: &Locale) -> String {
    let last = layer.turn_start(layer.turns);
    format!(
        "{} × {}: {} – {}",
        locale.count(layer.turns.into(), Counted::Turns),
        locale.count(layer.turn_minutes.into(), Counted::Minutes),
        cx.moment(layer.start),
        cx.moment(last)
    )
}

/// The turns, a row per day of the action (one row when it lasts one day),
/// night turns marked.
fn turn_track(cx: &Context, layer: &Layer) -> Vec<TurnDay> {
    let mut days: Vec<TurnDay> = Vec::new();
    let mut current = None;
    for turn in 1..=layer.turns {
        let start = layer.turn_start(turn);
        if current != Some(start.day()) || days.is_empty() {
            current = Some(start.day());
            let day = if cx.several_days() {
                cx.day(start)
            } else {
                String::new()
            };
            days.push(TurnDay {
                day,
                turns: Vec::new(),
            });
        }
        if let Some(today) = days.last_mut() {
            let mut arrivals: Vec<(usize, [String; 2])> = layer
                .reinforcements
                .iter()
                .filter(|r| r.turn == turn)
                .flat_map(|r| {
                    let entry = r.entry.as_ref().map(|h| h.text.clone()).unwrap_or_default();
                    cx.scenario
                        .split_by_side(&r.who)
                        .into_iter()
                        .map(move |(side, _)| {
                            let (order, _) = cx.side_named(side);
                            let colour = cx
                                .scenario
                                .sides
                                .get(order)
                                .map_or_else(String::new, |s| s.colour.clone());
                            (order, [colour, entry.clone()])
                        })
                })
                .collect();
            // One mark per side and entry hex, the sides in order.
            arrivals.sort();
            arrivals.dedup();
            today.turns.push(TurnCell {
                number: turn,
                time: start.time_of_day().to_string(),
                night: layer.is_night_turn(turn),
                arrivals: arrivals.into_iter().map(|(_, a)| a).collect(),
            });
        }
    }
    days
}

/// Order changes, command radii and reorganisation bases, one line each.
fn command(cx: &Context, layer: &Layer) -> Vec<String> {
    let locale = cx.locale;
    let mut command = Vec::new();
    for (who, divisor, attempts) in &layer.order_changes {
        command.push(format!(
            "{}: {} {divisor}, {attempts} {}",
            cx.who(who),
            locale.order_change,
            locale.attempts
        ));
    }
    for (who, hexes) in &layer.command_radii {
        command.push(format!(
            "{}: {} {hexes} {}",
            cx.who(who),
            locale.radius,
            locale.hex_abbr
        ));
    }
    for (who, hexes) in &layer.reorganisation {
        let list: Vec<&str> = hexes.iter().map(|h| h.text.as_str()).collect();
        command.push(format!(
            "{}: {} {}",
            cx.who(who),
            locale.reorganisation,
            list.join(", ")
        ));
    }
    command
}

/// Where a set-up places its forces: a hex, near a hex or a point on the
/// table, followed by the placement's own text.
fn place(placement: &Placement, locale: &Locale, language: &str) -> String {
    let mut place = match (&placement.hex, placement.within, placement.at) {
        (Some(hex), Some(n), _) => {
            format!("{} {n} {} {}", locale.within, locale.hexes_of, hex.text)
        }
        (Some(hex), None, _) => hex.text.clone(),
        (None, _, Some((x, y))) => {
            let cm = &locale.cm_abbr;
            format!("({} {cm}, {} {cm})", locale.decimal(x), locale.decimal(y))
        }
        _ => String::new(),
    };
    if let Some(text) = prose_in(&placement.text, language) {
        if !place.is_empty() {
            place.push_str(". ");
        }
        place.push_str(text);
    }
    place
}

/// Each victory level: the side and level, its text, and its hexes.
fn victory(cx: &Context, layer: &Layer, language: &str) -> Vec<[String; 3]> {
    layer
        .victory
        .iter()
        .map(|v| {
            let side = cx.scenario.side(&v.side).map_or_else(
                || v.side.clone(),
                |s| s.name_in(&cx.locale.language).to_string(),
            );
            let hexes: Vec<&str> = v.hexes.iter().map(|h| h.text.as_str()).collect();
            let text = prose_in(&v.text, language).unwrap_or_default().to_string();
            let level = cx.locale.victory_level(&v.level);
            [format!("{side} ({level})"), text, hexes.join(", ")]
        })
        .collect()
}

/// Each special rule's title and text in the booklet's language.
fn special_rules(layer: &Layer, language: &str) -> Vec<[String; 2]> {
    layer
        .special_rules
        .iter()
        .map(|(_, title, text)| {
            [
                prose_in(title, language).unwrap_or_default().to_string(),
                prose_in(text, language).unwrap_or_default().to_string(),
            ]
        })
        .collect()
}
