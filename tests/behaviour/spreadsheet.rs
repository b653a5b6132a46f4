//! Orders of battle in spreadsheets: `grognard export --csv` and
//! `grognard import` give back every battle's units, and a sheet's bad cells
//! are reported each at its row and column.

use crate::common::{grognard, repo_root, stderr, stdout};

/// A project with the repository's rulesets and neutral vocabularies but no
/// scenarios, for imports.
fn empty_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    crate::common::copy_dir(&repo_root().join("content"), &dir.path().join("content"));
    std::fs::create_dir_all(dir.path().join("scenarios")).unwrap();
    std::fs::copy(
        repo_root().join("scenarios/neutral.toml"),
        dir.path().join("scenarios/neutral.toml"),
    )
    .unwrap();
    std::fs::write(dir.path().join("grognard.toml"), "title = \"Imports\"\n").unwrap();
    dir
}

fn export(root: &std::path::Path, scenario: &str) -> String {
    let output = grognard(root, &["export", scenario, "--csv"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output)
}

#[test]
fn every_battle_comes_back_from_its_spreadsheet() {
    let project = empty_project();
    for (battle, date) in [
        ("quatre-bras-1815", "1815-06-16"),
        ("cardedeu-1808", "1808-12-16"),
        ("bailen-1808", "1808-07-19"),
        ("somosierra-1808", "1808-11-30"),
        ("albuera-1811", "1811-05-16"),
        ("fuentes-de-onoro-1811", "1811-05-03"),
    ] {
        let sheet = export(&repo_root(), battle);
        let rows = sheet.lines().count() - 1;
        assert!(rows > 10, "{battle}: {rows} rows");
        let file = project.path().join(format!("{battle}.csv"));
        std::fs::write(&file, &sheet).unwrap();
        let copy = format!("{battle}-copy");
        let output = grognard(
            project.path(),
            &[
                "import",
                file.to_str().unwrap(),
                "--scenario",
                &copy,
                "--date",
                date,
            ],
        );
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(0), "{battle}: {err}");
        assert!(err.contains("0 errors, 0 warnings"), "{battle}: {err}");
        assert_eq!(export(project.path(), &copy), sheet, "{battle} round trip");
    }
}

#[test]
fn five_bad_cells_give_five_diagnostics_each_at_its_row_and_column() {
    let project = empty_project();
    let sheet = "\
side;formation;unit;type;nation;men;arrives
Azul;1.ª División [division] > 1.ª Brigada;1.º de Línea;line-infantry;france;800;10:00
Azul;1.ª División [division] > 1.ª Brigada;2.º de Línea;line-infantri;france;about 600;10:00
Azul;1.ª División [division] > 1.ª Brigada;3.º Ligero;light-infantry;frnace;700;25:00
Rojo;División Roja [divison];Batallón;line-infantry;spain;500;
";
    let file = project.path().join("bad.csv");
    std::fs::write(&file, sheet).unwrap();
    let output = grognard(
        project.path(),
        &[
            "import",
            file.to_str().unwrap(),
            "--scenario",
            "bad",
            "--format",
            "json",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let found: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let places: Vec<(u64, u64, &str)> = found
        .iter()
        .map(|d| {
            (
                d["line"].as_u64().unwrap(),
                d["column"].as_u64().unwrap(),
                d["code"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        places,
        vec![
            (3, 57, "unknown-reference"),
            (3, 78, "invalid-field"),
            (4, 70, "unknown-reference"),
            (4, 81, "invalid-time"),
            (5, 6, "unknown-reference"),
        ],
        "{found:#?}"
    );
    assert!(
        found[0]["notes"][0]
            .as_str()
            .unwrap()
            .contains("`line-infantry`")
    );
    assert!(
        !project.path().join("scenarios/bad").exists(),
        "nothing is written"
    );
}

#[test]
fn an_unknown_column_is_named_with_the_closest_one() {
    let project = empty_project();
    let file = project.path().join("typo.tsv");
    std::fs::write(&file, "side\tformation\tunit\ttype\tnation\tmne\n").unwrap();
    // An earlier import of the same scenario survives a failed one, even with --force.
    let earlier = project.path().join("scenarios/typo/scenario.toml");
    std::fs::create_dir_all(earlier.parent().unwrap()).unwrap();
    std::fs::write(&earlier, "# the earlier import\n").unwrap();
    let output = grognard(
        project.path(),
        &[
            "import",
            file.to_str().unwrap(),
            "--scenario",
            "typo",
            "--force",
        ],
    );
    assert_eq!(
        std::fs::read_to_string(&earlier).unwrap(),
        "# the earlier import\n"
    );
    let err = stderr(&output);
    assert!(
        err.contains("`mne` is not a column grognard reads"),
        "{err}"
    );
    assert!(err.contains("did you mean `men`?"), "{err}");
}

#[test]
fn a_layers_values_come_back_from_a_sheet_and_the_rest_of_its_file_stays() {
    let project = crate::common::project_copy();
    let export = |root: &std::path::Path| {
        let output = grognard(root, &["export", "albuera-1811", "--csv", "--layer", "ved"]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        stdout(&output)
    };
    let sheet = export(project.path());
    assert!(sheet.starts_with("id,name,figures\n"), "{sheet}");
    assert!(sheet.contains("\nfr-34e-1,34e Ligne (1/2),11\n"), "{sheet}");
    // A designer corrects one value and fills in a second key.
    let edited = sheet
        .replace("id,name,figures\n", "id,name,figures,morale\n")
        .replace(
            "\nfr-34e-1,34e Ligne (1/2),11\n",
            "\nfr-34e-1,34e Ligne (1/2),12,B\n",
        );
    let file = project.path().join("values.csv");
    std::fs::write(&file, &edited).unwrap();
    let layer = project.path().join("scenarios/albuera-1811/ved.toml");
    let before = std::fs::read_to_string(&layer).unwrap();
    let output = grognard(
        project.path(),
        &[
            "import",
            file.to_str().unwrap(),
            "--scenario",
            "albuera-1811",
            "--layer",
            "ved",
        ],
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("0 errors"), "{err}");
    let after = std::fs::read_to_string(&layer).unwrap();
    assert!(
        after.contains("fr-34e-1 = { figures = 12, morale = \"B\" }"),
        "{after}"
    );
    let head = |text: &str| text.split("[values]").next().unwrap().to_string();
    assert_eq!(
        head(&after),
        head(&before),
        "the file above [values] is kept"
    );
    let again = export(project.path());
    assert!(
        again.contains("\nfr-34e-1,34e Ligne (1/2),12,B\n"),
        "{again}"
    );
    assert_eq!(again.lines().count(), sheet.lines().count());
}

#[test]
fn a_values_sheet_with_bad_rows_is_reported_cell_by_cell_and_writes_nothing() {
    let project = crate::common::project_copy();
    let sheet = "\
id,Figures,figures
fr-34e-1,1,11
fr-34e-9,1,9
fr-34e-1,1,10
";
    let file = project.path().join("values.csv");
    std::fs::write(&file, sheet).unwrap();
    let layer = project.path().join("scenarios/albuera-1811/ved.toml");
    let before = std::fs::read_to_string(&layer).unwrap();
    let args = [
        "import",
        file.to_str().unwrap(),
        "--scenario",
        "albuera-1811",
        "--layer",
        "ved",
    ];
    let output = grognard(project.path(), &args);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(err.contains("`Figures` is not a value's key"), "{err}");
    assert!(err.contains("values.csv:1:4"), "{err}");
    std::fs::write(&file, sheet.replace("id,Figures,", "id,name,")).unwrap();
    let output = grognard(project.path(), &args);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("`fr-34e-9` is no unit, aggregate or leader"),
        "{err}"
    );
    assert!(err.contains("values.csv:3:1"), "{err}");
    assert!(err.contains("did you mean `fr-34e-"), "{err}");
    assert!(err.contains("`fr-34e-1` has two rows"), "{err}");
    assert!(err.contains("values.csv:4:1"), "{err}");
    assert_eq!(std::fs::read_to_string(&layer).unwrap(), before);
}

/// Defect: `import sheet.csv --scenario quatre-bras-1815 --force` over the
/// existing scenario kept only the unit rows — its 38 leaders, contingents,
/// stated totals, places, prose, dates and sources were gone, and `check`
/// was clean afterwards.
#[test]
fn a_sheet_imported_over_a_scenario_merges_its_rows_and_keeps_the_rest() {
    let project = crate::common::project_copy();
    let file = project
        .path()
        .join("scenarios/quatre-bras-1815/scenario.toml");
    let before = std::fs::read_to_string(&file).unwrap();
    // The sheet as a designer edits it: one strength changed, one unit
    // gone, one added to an existing brigade.
    let sheet = export(project.path(), "quatre-bras-1815");
    let mut lines: Vec<String> = sheet.lines().map(String::from).collect();
    let gemioncourt = lines.iter().position(|l| l.contains(",al-7line,")).unwrap();
    lines[gemioncourt] = lines[gemioncourt].replace(",689,", ",700,");
    lines.retain(|l| !l.contains(",al-nas-jag,"));
    let template = lines
        .iter()
        .find(|l| l.contains(",al-8mil,"))
        .unwrap()
        .clone();
    lines.push(
        template
            .replace(",al-8mil,", ",al-new,")
            .replace("8th National Militia Battalion", "A new battalion"),
    );
    let csv = project.path().join("edited.csv");
    std::fs::write(&csv, lines.join("\n") + "\n").unwrap();
    let output = grognard(
        project.path(),
        &[
            "import",
            csv.to_str().unwrap(),
            "--scenario",
            "quatre-bras-1815",
        ],
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("104 unit(s) updated, 1 added"), "{err}");
    assert!(
        err.contains("kept 1 unit(s) no row names: al-nas-jag"),
        "{err}"
    );
    let after = std::fs::read_to_string(&file).unwrap();
    // Everything a row cannot hold is still there, as it was written.
    for kept in [
        "[[leader]]\nid = \"wellington\"",
        "introduction = { es = \"\"\"",
        "place = { es = \"Quatre Bras, Brabante\"",
        "start = \"14:00\"",
        "[[stated]]",
        "sources = [",
        "entry = \"frasnes-road\"",
    ] {
        assert!(after.contains(kept), "lost {kept:?}");
    }
    assert_eq!(
        after.matches("[[leader]]").count(),
        before.matches("[[leader]]").count()
    );
    assert!(after.contains("id = \"al-new\""));
    assert!(after.contains("men = 700"));
    assert!(
        after.contains("id = \"al-nas-jag\""),
        "a unit no row names is kept"
    );
    // --replace starts afresh, and says what it drops.
    let output = grognard(
        project.path(),
        &[
            "import",
            csv.to_str().unwrap(),
            "--scenario",
            "quatre-bras-1815",
            "--replace",
        ],
    );
    let err = stderr(&output);
    assert!(
        err.contains("--replace drops from quatre-bras-1815: 38 × [[leader]]"),
        "{err}"
    );
    assert!(err.contains("1 × units no row names"), "{err}");
    let replaced = std::fs::read_to_string(&file).unwrap();
    assert!(!replaced.contains("[[leader]]"));
}

/// A sheet without ids names sides and formations as the file does: its
/// rows join them rather than making copies.
#[test]
fn a_sheet_without_ids_finds_the_files_sides_and_formations_by_name() {
    let project = crate::common::project_copy();
    let file = project
        .path()
        .join("scenarios/quatre-bras-1815/scenario.toml");
    let csv = project.path().join("plain.csv");
    std::fs::write(
        &csv,
        "side,formation,unit,type,nation,men\n\
         Anglo-aliado,\"I Cuerpo > 2.ª División neerlandesa > 2.ª División neerlandesa, 1.ª Brigada\",Extra militia,militia,netherlands,500\n",
    )
    .unwrap();
    let output = grognard(
        project.path(),
        &[
            "import",
            csv.to_str().unwrap(),
            "--scenario",
            "quatre-bras-1815",
        ],
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("0 side(s) and 0 formation(s) added"), "{err}");
    let after = std::fs::read_to_string(&file).unwrap();
    assert!(after.contains("name = \"Extra militia\""));
    let unit = &after[after.find("name = \"Extra militia\"").unwrap()..];
    assert!(unit.contains("parent = \"al-2nl-1bde\""), "{unit}");
}
