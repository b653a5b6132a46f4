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
        "5.ª División de Infantería",
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
        "error[invalid-field]: invalid scenario: `men` must be a whole number of men, or a range such as \"950-1000\", not text \"about 600\"",
        "┌─ scenarios/skirmish-1809/scenario.toml:54:7",
        "error[invalid-field]: invalid scenario: `mne` is not one of its fields",
        "┌─ scenarios/skirmish-1809/scenario.toml:64:1",
        "did you mean `men`?",
        "`men` must be a whole number of men, or a range such as \"950-1000\", not the number -5",
        "┌─ scenarios/skirmish-1809/scenario.toml:74:7",
    ] {
        assert!(err.contains(expected), "missing `{expected}` in:\n{err}");
    }
    assert!(!err.contains("u32"), "{err}");
    assert!(!err.contains("missing field"), "{err}");
}

/// The repository's rulesets and neutral vocabularies with the three-day
/// action of tests/fixtures/multiday.
fn multiday_project() -> tempfile::TempDir {
    let dir = crate::common::copy_fixture("multiday");
    crate::common::copy_dir(&repo_root().join("content"), &dir.path().join("content"));
    std::fs::copy(
        repo_root().join("scenarios/neutral.toml"),
        dir.path().join("scenarios/neutral.toml"),
    )
    .unwrap();
    dir
}

#[test]
fn a_three_day_action_checks_and_its_booklet_shows_the_days_and_skips_the_nights() {
    let dir = multiday_project();
    let output = grognard(dir.path(), &["check", "skirmish-1811"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    // The layer gives no counter values: said once per value, not 6 silent "–".
    assert!(
        err.contains("warning[counter-values]: the `sombra` counters print `combat`, which this layer gives no unit"),
        "{err}"
    );
    let pdf = crate::common::output_file_of(
        dir.path(),
        &["build", "--only", "booklets"],
        "skirmish-1811/skirmish-1811-sombra.pdf",
    );
    let text = pdf_text(&pdf);
    assert!(text.contains("3–5 de mayo de 1811"), "{text}");
    // Two-hour turns from 12:00; no turn between 21:00 and 05:00: day one has
    // five turns (12:00–20:00), the second day begins at dawn with turn 6.
    for day in ["3 de mayo", "4 de mayo", "5 de mayo"] {
        assert!(text.contains(day), "the turn track names {day}: {text}");
    }
    assert!(text.contains("6 7 8"), "{text}");
    assert!(text.contains("05:00 07:00 09:00"), "{text}");
    // No turn between 20:00 and dawn: day one's row ends at 20:00.
    assert!(text.contains("16:00 18:00 20:00 4 de mayo 6 7"), "{text}");
    // Organisation, ranges, rival figures, pieces, contingents, status.
    assert!(text.contains("3 bon."), "{text}");
    assert!(
        text.contains("950–1000 hombres") || text.contains("950–1.000 hombres"),
        "{text}"
    );
    assert!(
        text.contains("otras cifras: 1.010") || text.contains("otras cifras: 1010"),
        "{text}"
    );
    assert!(text.contains("5 × 8-pounder, 1 × 6-inch (obús)"), "{text}");
    assert!(text.contains("Aliados del Rojo — General Aliado"), "{text}");
    assert!(
        text.contains("General Rojo (al mando nominal: General Viejo)"),
        "{text}"
    );
    assert!(text.contains("no comprometida"), "{text}");
    assert!(
        text.contains("Rojo — unidades no comprometidas, fuera de los totales: 1"),
        "{text}"
    );
    assert!(text.contains("España / Suiza"), "{text}");
}

/// The three-day skirmish converted with `args`: the output folder and what
/// grognard said.
fn convert_skirmish(args: &[&str]) -> (tempfile::TempDir, String) {
    let dir = multiday_project();
    let out = tempfile::tempdir().unwrap();
    let mut all = vec!["convert", "skirmish-1811"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out.path().to_str().unwrap()]);
    let output = grognard(dir.path(), &all);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    (out, err)
}

#[test]
fn converting_respects_organisation_participation_and_the_nights() {
    let (out, err) = convert_skirmish(&["--from", "sombra", "--to", "ved"]);
    let folder = out.path().join("skirmish-1811");
    let layer = std::fs::read_to_string(folder.join("skirmish-1811-ved.toml")).unwrap();
    let report = std::fs::read_to_string(folder.join("skirmish-1811-ved-report.md")).unwrap();
    // A regiment of three battalions at a battalion-level ruleset: three units
    // whose figures (1,800 men at 45 a figure = 40) add up within one each.
    let figures: Vec<u64> = (1..=3)
        .map(|i| {
            let row = report
                .lines()
                .find(|l| l.starts_with(&format!("| 1.º de Línea ({i}/3) |")))
                .unwrap_or_else(|| panic!("battalion {i} in {report}"));
            row.split('|').nth(5).unwrap().trim().parse().unwrap()
        })
        .collect();
    assert_eq!(figures.iter().sum::<u64>(), 40, "{figures:?}");
    assert!(figures.iter().max().unwrap() - figures.iter().min().unwrap() <= 1);
    assert!(layer.contains("id = \"blue-line-1\""), "{layer}");
    // A column of 5,463 men that says nothing of its battalions: a warning at its place.
    assert!(
        err.contains("warning[convert]: skirmish-1811 → ved: Columna Azul (5,463 men) does not say what it is made of: it becomes one unit of 121 figures in Valeur et Discipline"),
        "{err}"
    );
    assert!(
        err.contains("scenarios/skirmish-1811/scenario.toml:"),
        "{err}"
    );
    // The unit not engaged is in no converted total, and the report says so.
    assert!(!layer.contains("red-reserve"), "{layer}");
    assert!(
        report.contains("Se dejó fuera 1 unidad no comprometida."),
        "{report}"
    );
    // The night of the source layer holds, and the clock starts on day one.
    assert!(
        layer.contains("night = { from = \"21:00\", to = \"05:00\", turns = \"skip\" }"),
        "{layer}"
    );
    assert!(layer.contains("start = \"12:00\""), "{layer}");
}

#[test]
fn a_unit_larger_than_the_rules_allow_gets_a_warning_at_its_place() {
    let (out, err) = convert_skirmish(&["--to", "polk"]);
    // polk: «Пехотный полк 12–18 фигурок»; 5,463 men at 100 a figure are 55.
    assert!(
        err.contains("Columna Azul (5,463 men) becomes one unit of 55 figures in Полк: правила для наполеоновских войн 1796–1815, more than the 18 figures the rules allow an infantry unit"),
        "{err}"
    );
    let report = std::fs::read_to_string(
        out.path()
            .join("skirmish-1811/skirmish-1811-polk-report.md"),
    )
    .unwrap();
    // The report says it in the ruleset's language.
    assert!(report.contains("больше, чем 18 фигур"), "{report}");
}

#[test]
fn dates_are_checked_against_the_calendar_and_late_ends_need_their_date() {
    let dir = multiday_project();
    let path = dir.path().join("scenarios/skirmish-1811/scenario.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let broken = text
        .replace("date = \"1811-05-03\"", "date = \"1811-02-30\"")
        .replace("end = \"1811-05-05 18:00\"", "end = \"1811-05-05 6:00\"");
    std::fs::write(&path, broken).unwrap();
    let output = grognard(dir.path(), &["check", "skirmish-1811"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[invalid-date]: `1811-02-30` is not a date of the calendar"),
        "{err}"
    );
    assert!(
        err.contains("scenarios/skirmish-1811/scenario.toml:4:8"),
        "{err}"
    );
    assert!(
        err.contains("error[invalid-time]: `1811-05-05 6:00` is not a time"),
        "{err}"
    );
    // Without a valid first day, dated moments cannot be placed: said once each.
    assert!(
        err.contains("gives a date, but the scenario has no valid `date`"),
        "{err}"
    );
}

#[test]
fn an_end_before_the_start_says_how_to_run_past_midnight() {
    let dir = multiday_project();
    let path = dir.path().join("scenarios/skirmish-1811/scenario.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("end = \"1811-05-05 18:00\"", "end = \"02:00\""),
    )
    .unwrap();
    let output = grognard(dir.path(), &["check", "skirmish-1811"]);
    let err = stderr(&output);
    assert!(
        err.contains("error[clock]: the action ends (02:00) before it starts (12:00)"),
        "{err}"
    );
    assert!(err.contains("end = \"YYYY-MM-DD HH:MM\""), "{err}");
}

#[test]
fn reinforcements_are_sorted_by_turn_with_a_side_column_and_set_up_grouped_by_side() {
    let pdf = crate::common::output_file(
        &["build", "quatre-bras-1815", "--only", "booklets"],
        "quatre-bras-1815/quatre-bras-1815-sombra.pdf",
    );
    let text = pdf_text(&pdf);
    let sides = ["Francés", "Anglo-aliado"];
    // Arrival rows read "2 14:00 Francés Prince Jérôme …": turn, time, side.
    let start = text.find("Turno Hora Bando").expect("the arrivals' heads");
    let words: Vec<&str> = text[start..].split(' ').collect();
    let mut turns = Vec::new();
    for w in words.windows(3) {
        let is_time = w[1].len() == 5 && w[1].as_bytes()[2] == b':';
        if let (Ok(turn), true) = (w[0].parse::<u32>(), is_time) {
            assert!(
                sides.contains(&w[2]),
                "no side after {} {}: {:?}",
                w[0],
                w[1],
                w[2]
            );
            turns.push(turn);
        }
    }
    assert!(turns.len() >= 7, "{turns:?}");
    assert!(
        turns.windows(2).all(|w| w[0] <= w[1]),
        "not by turn: {turns:?}"
    );
    // Set-up: every French row before the first allied one.
    let setup = text.find("Despliegue Bando").expect("the set-up's heads");
    let end = text[setup..]
        .find("Refuerzos")
        .map_or(text.len(), |e| setup + e);
    let found: Vec<(usize, &str)> = sides
        .iter()
        .flat_map(|side| {
            text[setup..end]
                .match_indices(side)
                .map(move |(at, _)| (at, *side))
        })
        .collect();
    let last_french = found
        .iter()
        .filter(|(_, s)| *s == "Francés")
        .map(|(at, _)| *at)
        .max();
    let first_allied = found
        .iter()
        .filter(|(_, s)| *s == "Anglo-aliado")
        .map(|(at, _)| *at)
        .min();
    assert!(
        matches!((last_french, first_allied), (Some(f), Some(a)) if f < a),
        "set-up not grouped by side: {}",
        &text[setup..end]
    );
}

#[test]
fn the_turn_track_marks_each_turns_arrivals_at_their_entry_hex_in_the_sides_colours() {
    let pdf = crate::common::output_file(
        &["build", "quatre-bras-1815", "--only", "booklets"],
        "quatre-bras-1815/quatre-bras-1815-sombra.pdf",
    );
    let text = pdf_text(&pdf);
    // Turns 2 (French at O26, allies at Q1), 3, 4, 5 (French), 7 and 11.
    assert!(text.contains("O26 Q1 Q1 Q1 O26 Q1 Q1"), "{text}");
    assert!(
        text.contains("Llegadas, en su hex. de entrada: Francés Anglo-aliado"),
        "{text}"
    );
}
