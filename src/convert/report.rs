//! The conversion report: every rounding with its error, totals before and
//! after, what could not be converted, the judgement calls, the muster list.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::locale::{Arg, Counted, Locale, Said};
use crate::model::Project;
use crate::model::profile::Profile;
use crate::model::scenario::Scenario;

use super::Conversion;

pub fn markdown(
    project: &Project,
    scenario: &Scenario,
    profile: &Profile,
    c: &Conversion,
) -> String {
    // The report is in the target ruleset's language, like the layer.
    let locale = project
        .locales
        .get(project.ruleset(&c.to).map_or("en", |r| &r.language));
    let mut out = String::new();
    heading(&mut out, project, scenario, profile, c, locale);
    totals(&mut out, scenario, profile, c, locale);
    roundings(&mut out, scenario, profile, c, locale);
    time(&mut out, scenario, c, locale);
    if profile.is_miniatures() {
        muster(&mut out, project, profile, c, locale);
    }
    let warnings: Vec<Said> = c.warnings.iter().chain(&c.source_gaps).cloned().collect();
    for (title, items) in [
        ("report_not_converted", &c.unmapped),
        ("report_judgements", &c.judgements),
        ("report_warnings", &warnings),
    ] {
        if items.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n## {}\n", locale.message(title, &[]));
        for item in items {
            let _ = writeln!(out, "- {}", item.in_language(locale));
        }
    }
    out
}

/// Messages without arguments, in order: a table's column heads.
fn words(locale: &Locale, ids: &[&str]) -> Vec<String> {
    ids.iter().map(|id| locale.message(id, &[])).collect()
}

/// A table's header row and its alignment row; `numbers` columns from the
/// second on are right-aligned.
fn header(out: &mut String, cells: &[String], text_columns: usize) {
    let _ = writeln!(out, "| {} |", cells.join(" | "));
    let align: Vec<&str> = (0..cells.len())
        .map(|i| if i < text_columns { "---" } else { "---:" })
        .collect();
    let _ = writeln!(out, "|{}|", align.join("|"));
}

/// The title, and what was converted to what at which scale.
fn heading(
    out: &mut String,
    project: &Project,
    scenario: &Scenario,
    profile: &Profile,
    c: &Conversion,
    locale: &Locale,
) {
    let target = project
        .ruleset(&c.to)
        .map_or(c.to.as_str(), |r| r.name.as_str());
    let origin = c
        .from
        .as_deref()
        .map(|f| project.ruleset(f).map_or(f, |r| r.name.as_str()));
    let _ = writeln!(out, "# {} → {target}\n", scenario.title);
    // The edition whose values the converted layer holds.
    let edition = project
        .ruleset(&c.to)
        .map_or_else(String::new, |r| locale.edition_named(&r.edition));
    if !edition.is_empty() {
        let _ = writeln!(out, "{edition}\n");
    }
    let represents = if profile.represents == "points" {
        Counted::Points
    } else {
        Counted::Figures
    };
    let intro = locale.message(
        "report_intro",
        &[
            ("from", origin.unwrap_or("none").into()),
            ("target", target.into()),
            ("one", Arg::Counted(1, represents)),
            ("men", Arg::Counted(profile.men_per.into(), Counted::Men)),
            ("guns", Arg::Counted(profile.guns_per.into(), Counted::Guns)),
            ("level", profile.level.as_str().into()),
            ("aggregate", profile.aggregate.as_str().into()),
        ],
    );
    let _ = writeln!(out, "{intro}\n");
}

/// Each side's historical totals beside what the converted units represent.
fn totals(
    out: &mut String,
    scenario: &Scenario,
    profile: &Profile,
    c: &Conversion,
    locale: &Locale,
) {
    let _ = writeln!(out, "## {}\n", locale.message("report_totals", &[]));
    let mut cells: Vec<String> = words(
        locale,
        &["report_side", "report_men", "report_guns", "report_units"],
    );
    cells.push(locale.represents(&profile.represents).to_string());
    cells.extend(words(
        locale,
        &[
            "report_men_represented",
            "report_guns_represented",
            "report_units_after",
        ],
    ));
    header(out, &cells, 1);
    for side in &scenario.sides {
        let crate::model::strength::Totals { men, guns, units } =
            crate::model::strength::sum(scenario, Some(&side.id), None, None);
        let after: Vec<_> = c.units.iter().filter(|u| u.side == side.id).collect();
        let value: u64 = after.iter().map(|u| u.value).sum();
        let represented = |artillery: bool| -> u64 {
            after
                .iter()
                .filter(|u| (u.arm == "artillery") == artillery)
                .map(|u| u.represented)
                .sum()
        };
        let n = |n: u64| locale.number(n);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            side.name_in(&locale.language),
            n(men),
            n(guns),
            n(units),
            n(value),
            n(represented(false)),
            n(represented(true)),
            n(after.len() as u64)
        );
    }
    participation(out, scenario, c, locale);
}

/// Who was left out, which strengths came from a range, which units were
/// split into several, and what the conversion says of particular units.
fn participation(out: &mut String, scenario: &Scenario, c: &Conversion, locale: &Locale) {
    let left_out = locale.message("report_left_out", &[("count", c.left_out.into())]);
    let _ = writeln!(out, "\n{left_out}");
    let ranged: Vec<String> = scenario
        .units
        .iter()
        .filter(|u| u.takes_part())
        .filter_map(|u| {
            let (low, high) = u.men_range?;
            let used = locale.number(u.men.unwrap_or(0).into());
            let (low, high) = (locale.number(low.into()), locale.number(high.into()));
            Some(format!("{} {low}–{high} → {used}", u.name))
        })
        .collect();
    if !ranged.is_empty() {
        let text = locale.message("report_ranges", &[("units", ranged.join(", ").into())]);
        let _ = writeln!(out, "\n{text}");
    }
    // A unit of play stands for part of a neutral unit when several share it.
    let mut shares: BTreeMap<&str, usize> = BTreeMap::new();
    for u in c.units.iter().filter(|u| u.units.len() == 1) {
        *shares.entry(u.units[0].as_str()).or_default() += 1;
    }
    let split_units: Vec<&str> = shares
        .into_iter()
        .filter(|(_, n)| *n > 1)
        .filter_map(|(id, _)| scenario.unit(id).map(|u| u.name.as_str()))
        .collect();
    if !split_units.is_empty() {
        let text = locale.message(
            "report_split",
            &[
                ("count", split_units.len().into()),
                ("units", split_units.join(", ").into()),
            ],
        );
        let _ = writeln!(out, "\n{text}");
    }
    for remark in &c.unit_remarks {
        let kind = if remark.note {
            "report_note"
        } else {
            "report_warning"
        };
        let _ = writeln!(
            out,
            "\n- {}: {}",
            locale.message(kind, &[]),
            remark.text.in_language(locale)
        );
    }
}

/// Every unit's rounding and its error.
fn roundings(
    out: &mut String,
    scenario: &Scenario,
    profile: &Profile,
    c: &Conversion,
    locale: &Locale,
) {
    let represents = locale.represents(&profile.represents).to_string();
    let _ = writeln!(out, "\n## {}\n", locale.message("report_roundings", &[]));
    let intro = locale.message(
        "report_roundings_intro",
        &[("represents", represents.as_str().into())],
    );
    let _ = writeln!(out, "{intro}\n");
    let mut cells: Vec<String> = words(
        locale,
        &[
            "report_unit",
            "report_stands_for",
            "report_men",
            "report_guns",
        ],
    );
    cells.push(represents);
    cells.extend(words(locale, &["report_represents", "report_error"]));
    header(out, &cells, 2);
    for u in &c.units {
        let stands_for: Vec<&str> = u
            .units
            .iter()
            .map(|id| scenario.unit(id).map_or(id.as_str(), |n| n.name.as_str()))
            .collect();
        let error = match u.error() {
            0 => "0".to_string(),
            e => locale.signed(e),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {error} |",
            u.name,
            stands_for.join(", "),
            locale.number(u.strength.men),
            locale.number(u.strength.guns),
            locale.number(u.value),
            locale.number(u.represented),
        );
    }
}

/// The converted clock, and the arrivals that fall between turn starts.
fn time(out: &mut String, scenario: &Scenario, c: &Conversion, locale: &Locale) {
    let _ = writeln!(out, "\n## {}\n", locale.message("report_time", &[]));
    let Some((start, minutes, turns)) = c.clock else {
        let _ = writeln!(out, "{}", locale.message("report_no_turns", &[]));
        return;
    };
    let clock = locale.message(
        "report_clock",
        &[
            ("start", scenario.moment(start).into()),
            ("turns", Arg::Counted(turns.into(), Counted::Turns)),
            ("minutes", Arg::Counted(minutes.into(), Counted::Minutes)),
        ],
    );
    let _ = writeln!(out, "{clock}\n");
    let late: Vec<_> = c.arrivals.iter().filter(|a| a.error > 0).collect();
    if late.is_empty() {
        let _ = writeln!(out, "{}", locale.message("report_on_turn_starts", &[]));
        return;
    }
    let cells: Vec<String> = words(
        locale,
        &[
            "report_unit",
            "report_arrives",
            "report_turn",
            "report_minutes_after",
        ],
    );
    header(out, &cells, 2);
    for a in late {
        let unit = scenario
            .unit(&a.unit)
            .map_or(a.unit.as_str(), |u| u.name.as_str());
        let _ = writeln!(
            out,
            "| {unit} | {} | {} | {} |",
            scenario.moment(a.clock),
            a.turn,
            a.error
        );
    }
}

/// For miniatures: the figures, units and bases to field, by nation and arm.
fn muster(out: &mut String, project: &Project, profile: &Profile, c: &Conversion, locale: &Locale) {
    let _ = writeln!(out, "\n## {}\n", locale.message("report_muster", &[]));
    let _ = writeln!(out, "{}\n", locale.message("report_muster_intro", &[]));
    let mut muster: BTreeMap<(String, String), (u64, usize, u64)> = BTreeMap::new();
    for u in &c.units {
        let entry = muster.entry((u.nation.clone(), u.arm.clone())).or_default();
        entry.0 += u.value;
        entry.1 += u.units.len();
        // Figures per base are at least 1 (checked when the profile loads).
        if let Some((_, per)) = profile
            .figures_per_base
            .iter()
            .find(|(arm, per)| *arm == u.arm && *per > 0)
        {
            entry.2 += u.value.div_ceil(u64::from(*per));
        }
    }
    let cells: Vec<String> = words(
        locale,
        &[
            "report_nation",
            "report_arm",
            "report_figures",
            "report_units",
            "report_bases",
        ],
    );
    header(out, &cells, 2);
    for ((nation, arm), (figures, units, bases)) in muster {
        let nation = project.neutral.label("nation", &nation, &locale.language);
        let arm_label = project.neutral.label("arm", &arm, &locale.language);
        let bases = if arm == "artillery" {
            locale.message("report_bases_battery", &[("count", units.into())])
        } else if bases > 0 {
            locale.number(bases)
        } else {
            locale.message("report_bases_frontage", &[])
        };
        let _ = writeln!(
            out,
            "| {nation} | {arm_label} | {} | {units} | {bases} |",
            locale.number(figures)
        );
    }
}
