//! The conversion report: every rounding with its error, totals before and
//! after, what could not be converted, the judgement calls, the muster list.

use std::collections::BTreeMap;
use std::fmt::Write;

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
    let mut out = String::new();
    heading(&mut out, project, scenario, profile, c);
    totals(&mut out, scenario, profile, c);
    roundings(&mut out, profile, c);
    time(&mut out, c);
    if profile.is_miniatures() {
        muster(&mut out, project, profile, c);
    }
    let warnings: Vec<String> = c.warnings.iter().chain(&c.source_gaps).cloned().collect();
    for (title, items) in [
        ("Not converted", &c.unmapped),
        ("Judgement calls", &c.judgements),
        ("Warnings", &warnings),
    ] {
        if items.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n## {title}\n");
        for item in items {
            let _ = writeln!(out, "- {item}");
        }
    }
    out
}

/// The title, and what was converted to what at which scale.
fn heading(
    out: &mut String,
    project: &Project,
    scenario: &Scenario,
    profile: &Profile,
    c: &Conversion,
) {
    let target = project
        .ruleset(&c.to)
        .map_or(c.to.as_str(), |r| r.name.as_str());
    let origin = c
        .from
        .as_deref()
        .map_or("neutral facts".to_string(), |f| format!("`{f}` layer"));
    let _ = writeln!(out, "# {} → {target}\n", scenario.title);
    let _ = writeln!(
        out,
        "Converted from the {origin} of `{}` to `{}`. One {} = {} men (infantry, cavalry) or {} guns; the unit of play is the {}{}.\n",
        scenario.id,
        c.to,
        profile.represents.trim_end_matches('s'),
        profile.men_per,
        profile.guns_per,
        profile.level,
        if profile.aggregate == "regiment" {
            ", so the battalions of one regiment (one brigade, one name before the brackets) are played as one unit"
        } else {
            ""
        }
    );
}

/// Each side's historical totals beside what the converted units represent.
fn totals(out: &mut String, scenario: &Scenario, profile: &Profile, c: &Conversion) {
    let _ = writeln!(out, "## Totals per side\n");
    let _ = writeln!(
        out,
        "| side | men | guns | units | {} | men represented | guns represented | units after |",
        profile.represents
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|---:|");
    for side in &scenario.sides {
        let crate::model::strength::Totals { men, guns, units } =
            crate::model::strength::sum(scenario, Some(&side.id), None, None);
        let after: Vec<_> = c.units.iter().filter(|u| u.side == side.id).collect();
        let value: u64 = after.iter().map(|u| u.value).sum();
        let men_after: u64 = after
            .iter()
            .filter(|u| u.arm != "artillery")
            .map(|u| u.represented)
            .sum();
        let guns_after: u64 = after
            .iter()
            .filter(|u| u.arm == "artillery")
            .map(|u| u.represented)
            .sum();
        let _ = writeln!(
            out,
            "| {} | {men} | {guns} | {units} | {value} | {men_after} | {guns_after} | {} |",
            side.name,
            after.len()
        );
    }
    participation(out, scenario, c);
}

/// Who was left out, which strengths came from a range, which units were
/// split into several, and what the conversion says of particular units.
fn participation(out: &mut String, scenario: &Scenario, c: &Conversion) {
    let _ = writeln!(
        out,
        "\nThe totals count the units that take part. {}",
        match c.left_out {
            0 => "No unit was left out as not engaged.".to_string(),
            1 => "1 unit not engaged was left out.".to_string(),
            n => format!("{n} units not engaged were left out."),
        }
    );
    let ranged: Vec<String> = scenario
        .units
        .iter()
        .filter(|u| u.takes_part())
        .filter_map(|u| {
            let (low, high) = u.men_range?;
            Some(format!("`{}` {low}–{high} → {}", u.id, u.men.unwrap_or(0)))
        })
        .collect();
    if !ranged.is_empty() {
        let _ = writeln!(
            out,
            "\nWhere a source gives a range of men, the middle of the range is used: {}.",
            ranged.join(", ")
        );
    }
    // A unit of play stands for part of a neutral unit when several share it.
    let mut shares: std::collections::BTreeMap<&str, usize> = Default::default();
    for u in c.units.iter().filter(|u| u.units.len() == 1) {
        *shares.entry(u.units[0].as_str()).or_default() += 1;
    }
    let split_units: Vec<&str> = shares
        .into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|(id, _)| id)
        .collect();
    if !split_units.is_empty() {
        let _ = writeln!(
            out,
            "\n{} unit(s) made of several battalions or batteries became one unit of play each: {}.",
            split_units.len(),
            split_units
                .iter()
                .map(|u| format!("`{u}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for remark in &c.unit_remarks {
        let kind = if remark.note { "Note" } else { "Warning" };
        let _ = writeln!(out, "\n- {kind}: {}", remark.text);
    }
}

/// Every unit's rounding and its error.
fn roundings(out: &mut String, profile: &Profile, c: &Conversion) {
    let _ = writeln!(out, "\n## Roundings\n");
    let _ = writeln!(
        out,
        "Half or more rounds up. The error is what the {} represent minus the historical figure.\n",
        profile.represents
    );
    let _ = writeln!(
        out,
        "| unit | stands for | men | guns | {} | represents | error |",
        profile.represents
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---:|---:|");
    for u in &c.units {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {:+} |",
            u.name,
            u.units.join(", "),
            u.strength.men,
            u.strength.guns,
            u.value,
            u.represented,
            u.error()
        );
    }
}

/// The converted clock, and the arrivals that fall between turn starts.
fn time(out: &mut String, c: &Conversion) {
    let _ = writeln!(out, "\n## Time\n");
    match c.clock {
        Some((start, minutes, turns)) => {
            let _ = writeln!(
                out,
                "Turn 1 starts at {start}; {turns} turns of {minutes} minutes. An arrival between two turn starts comes on the turn under way.\n"
            );
            let late: Vec<_> = c.arrivals.iter().filter(|a| a.error > 0).collect();
            if late.is_empty() {
                let _ = writeln!(out, "Every arrival falls on the start of a turn.");
            } else {
                let _ = writeln!(
                    out,
                    "| unit | arrives | turn | minutes after the turn starts |"
                );
                let _ = writeln!(out, "|---|---|---:|---:|");
                for a in late {
                    let _ = writeln!(
                        out,
                        "| {} | {} | {} | {} |",
                        a.unit,
                        a.clock.written(c.first_day),
                        a.turn,
                        a.error
                    );
                }
            }
        }
        None => {
            let _ = writeln!(out, "No turns: see below.");
        }
    }
}

/// For miniatures: the figures, units and bases to field, by nation and arm.
fn muster(out: &mut String, project: &Project, profile: &Profile, c: &Conversion) {
    let _ = writeln!(out, "\n## Muster list\n");
    let _ = writeln!(
        out,
        "Figures to field the scenario, by nation and arm (artillery: gunner figures and one gun model per battery).\n"
    );
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
    let _ = writeln!(out, "| nation | arm | figures | units | bases |");
    let _ = writeln!(out, "|---|---|---:|---:|---:|");
    for ((nation, arm), (figures, units, bases)) in muster {
        let nation = project.neutral.label("nation", &nation, "en");
        let arm_label = project.neutral.label("arm", &arm, "en");
        let bases = if arm == "artillery" {
            format!("{units} (one per battery)")
        } else if bases > 0 {
            bases.to_string()
        } else {
            "by frontage".to_string()
        };
        let _ = writeln!(
            out,
            "| {nation} | {arm_label} | {figures} | {units} | {bases} |"
        );
    }
}
