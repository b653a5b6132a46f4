//! Scenarios: the four battles check clean; a broken copy gives every
//! diagnostic at its place; booklets show the order of battle and the schedule.

use crate::common::{fixture, grognard, pdf_text, repo_root, stderr, stdout};

#[test]
fn the_project_scenarios_load_and_check_without_errors() {
    let output = grognard(&repo_root(), &["check", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let scenario_diagnostics: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|d| {
            d["file"]
                .as_str()
                .is_some_and(|f| f.starts_with("scenarios/"))
        })
        .collect();
    // Only notes of what the sources do not give: where the game's schedule
    // departs from the historical arrival times, the layer allows it.
    assert!(!scenario_diagnostics.is_empty());
    for d in &scenario_diagnostics {
        assert_eq!(d["severity"], "note", "{d}");
        assert_eq!(d["code"], "missing-data", "{d}");
    }
}

#[test]
fn a_broken_scenario_reports_every_problem_where_it_is() {
    let output = grognard(&fixture("scenario-broken"), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    let scenario = "scenarios/skirmish-1809/scenario.toml";
    let layer = "scenarios/skirmish-1809/hexrules.toml";
    for (line, place) in [
        (
            "error[unknown-reference]: `frnace` is no member of the neutral vocabulary `nation`",
            format!("{scenario}:62:10"),
        ),
        (
            "error[arrival-outside-game]: `blue-2` arrives at 13:00, after the action ends (12:00)",
            format!("{scenario}:65:11"),
        ),
        (
            "error[unknown-reference]: `red-dvi` is no formation",
            format!("{scenario}:73:10"),
        ),
        (
            "error[formation-tree]: formation `loop-a` is its own ancestor",
            format!("{scenario}:102:6"),
        ),
        (
            "error[duplicate-id]: id `blue-1` is defined twice",
            format!("{scenario}:114:6"),
        ),
        (
            "error[inconsistent-unit]: unit `blue-1` is `cavalry` but its type `line-infantry` is infantry",
            format!("{scenario}:114:6"),
        ),
        (
            "error[stated-total]: the units add up to 1100 men, but the stated total is 1200",
            format!("{scenario}:"),
        ),
        (
            "error[clock]: 5 turns of 30 minutes from 10:00 make the last turn start at 12:00, not 12:30",
            format!("{layer}:3:7"),
        ),
        (
            "error[unknown-reference]: `atack` is no member of `order` in ruleset `hexrules`",
            format!("{layer}:17:9"),
        ),
        (
            "error[arrival-outside-game]: reinforcements on turn 7 of a 5-turn game",
            format!("{layer}:33:1"),
        ),
        (
            "error[hex-off-map]: hex K5 lies off the map",
            format!("{layer}:41:10"),
        ),
        (
            "error[invalid-hex]: `5E` is not a hex",
            format!("{layer}:41:16"),
        ),
        (
            "error[unknown-reference]: `blue-generl` is no leader",
            format!("{layer}:50:12"),
        ),
        (
            "error[unknown-reference]: `bleu` is no side",
            format!("{layer}:54:8"),
        ),
        (
            "error[hex-off-map]: hex Z99 lies off the map",
            format!("{layer}:55:16"),
        ),
        (
            "warning[arrival-rounding]: 1 arrival time(s) fall between turn starts (`blue-1`…)",
            format!("{layer}:1:11"),
        ),
    ] {
        let at = err
            .find(line)
            .unwrap_or_else(|| panic!("missing `{line}` in:\n{err}"));
        assert!(
            err[at..].contains(&format!("┌─ {place}")),
            "`{line}` not at {place}:\n{err}"
        );
    }
    assert!(err.contains("did you mean `france`?"), "{err}");
    assert!(err.contains("did you mean `red-div`?"), "{err}");
}

#[test]
fn the_summary_gives_strengths_per_side_and_formation() {
    let output = grognard(&fixture("scenario"), &["check", "--summary"]);
    assert_eq!(output.status.code(), Some(0));
    let out = stdout(&output);
    assert!(
        out.contains("A Skirmish (skirmish-1809) — strengths"),
        "{out}"
    );
    assert!(
        out.contains("Blue") && out.contains("1000 men    0 guns    2 units"),
        "{out}"
    );
    assert!(out.contains("800 men    6 guns    2 units"), "{out}");
}

#[test]
fn the_quatre_bras_booklet_shows_the_order_of_battle_schedule_and_victory_hexes() {
    let out = tempfile::tempdir().unwrap();
    let output = grognard(
        &repo_root(),
        &[
            "build",
            "quatre-bras-1815",
            "--out",
            out.path().to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let pdf = std::fs::read(
        out.path()
            .join("quatre-bras-1815/quatre-bras-1815-sombra.pdf"),
    )
    .unwrap();
    let text = pdf_text(&pdf);
    for expected in [
        "Quatre Bras",
        "Escenario · La Sombra del Águila",
        "Orden de batalla",
        "Michel Ney",
        "5th Infantry Division",
        "Refuerzos",
        "Condiciones de victoria",
        "P9",
        "AG20",
        "O26",
        "Llegada de fuerzas al campo",
    ] {
        assert!(
            text.contains(expected),
            "`{expected}` missing from the booklet"
        );
    }
    // The reinforcement schedule gives turn and clock: turn 2 is 14:00, turn 11 is 18:30.
    assert!(text.contains("2 14:00"), "turn 2 at 14:00");
    assert!(text.contains("11 18:30"), "turn 11 at 18:30");
    // The order-of-battle booklet is written too.
    assert!(
        out.path()
            .join("quatre-bras-1815/quatre-bras-1815-oob.pdf")
            .exists()
    );
}

#[test]
fn a_colour_that_is_not_a_hex_colour_is_an_error_at_its_side() {
    let project = crate::common::copy_fixture("scenario");
    let path = project.path().join("scenarios/skirmish-1809/scenario.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("colour = \"#1f3f8f\"", "colour = \"navy\""),
    )
    .unwrap();
    let output = grognard(project.path(), &["build"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[invalid-colour]: `navy` is not a colour"),
        "{err}"
    );
    assert!(
        err.contains("scenarios/skirmish-1809/scenario.toml:12:6"),
        "{err}"
    );
    assert!(!err.contains("typst"), "caught before Typst sees it: {err}");
}

/// Every wrong field of a file in one run, each at its place, in words an
/// author reads rather than type names.
#[test]
fn every_field_error_of_a_file_is_reported_in_one_run_in_words() {
    let project = crate::common::copy_fixture("scenario");
    let path = project.path().join("scenarios/skirmish-1809/scenario.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let text = text
        .replacen("men = 600", "men = \"about 600\"", 1)
        .replacen("men = 400", "mne = 400", 1)
        .replacen("men = 800", "men = -5", 1);
    std::fs::write(&path, text).unwrap();
    let output = grognard(project.path(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    for expected in [
        "error[invalid-field]: invalid scenario: `men` must be a whole number of men (0 or more), not text \"about 600\"",
        "┌─ scenarios/skirmish-1809/scenario.toml:54:7",
        "error[invalid-field]: invalid scenario: `mne` is not one of its fields",
        "┌─ scenarios/skirmish-1809/scenario.toml:64:1",
        "did you mean `men`?",
        "`men` must be a whole number of men (0 or more), not the number -5",
        "┌─ scenarios/skirmish-1809/scenario.toml:74:7",
    ] {
        assert!(err.contains(expected), "missing `{expected}` in:\n{err}");
    }
    assert!(!err.contains("u32"), "{err}");
    assert!(!err.contains("missing field"), "{err}");
}
