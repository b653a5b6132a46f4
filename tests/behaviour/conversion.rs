//! `grognard convert`: editable layers, reports, booklets; golden files for
//! Quatre Bras (reviewed by hand against the reference order of battle).

use std::path::Path;
use std::sync::OnceLock;

use crate::common::{grognard, repo_root, stderr};

fn convert(args: &[&str]) -> (tempfile::TempDir, std::process::Output) {
    let out = tempfile::tempdir().unwrap();
    let mut all: Vec<&str> = vec!["convert"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out.path().to_str().unwrap()]);
    let output = grognard(&repo_root(), &all);
    (out, output)
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// The layer and report of Quatre Bras converted from the sombra layer to
/// `to`, as `grognard convert` writes them; converted once for every test.
fn quatre_bras(to: &str) -> &'static (String, String) {
    static CONVERTED: OnceLock<Vec<(String, (String, String))>> = OnceLock::new();
    let all = CONVERTED.get_or_init(|| {
        ["ved", "polk"]
            .into_iter()
            .map(|to| {
                let (out, output) = convert(&["quatre-bras-1815", "--from", "sombra", "--to", to]);
                assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
                let folder = out.path().join("quatre-bras-1815");
                assert!(folder.join(format!("quatre-bras-1815-{to}.pdf")).exists());
                let layer = read(&folder, &format!("quatre-bras-1815-{to}.toml"));
                let report = read(&folder, &format!("quatre-bras-1815-{to}-report.md"));
                (to.to_string(), (layer, report))
            })
            .collect()
    });
    &all.iter().find(|(t, _)| t == to).expect("converted").1
}

#[test]
fn quatre_bras_from_the_sombra_layer_matches_the_golden_files() {
    for to in ["ved", "polk"] {
        let (layer, report) = quatre_bras(to);
        crate::common::golden(&format!("quatre-bras-1815-{to}.toml"), layer);
        crate::common::golden(&format!("quatre-bras-1815-{to}-report.md"), report);
    }
}

#[test]
fn the_ved_conversion_rounds_each_unit_and_reports_the_error() {
    let (layer, report) = quatre_bras("ved");
    // 27th Jägers: 762 men (23 officers + 739) at 45 men a figure: 17 figures, +3 men.
    // The report is in VED's language, and names units, not ids.
    assert!(
        report
            .contains("| 27th Jager Battalion | 27th Jager Battalion | 762 | 0 | 17 | 765 | +3 |"),
        "{report}"
    );
    // An 8-gun battery: 4 gunner figures of 2 guns, exact.
    assert!(
        report.contains(
            "| 5th Division foot battery | 5th Division foot battery | 0 | 8 | 4 | 8 | 0 |"
        )
    );
    // What could not be converted, and the judgement calls, are listed.
    assert!(report.contains("## Lo que no se convierte"));
    // In the target's language: the notes go into the VED layer and its booklet.
    assert!(
        report.contains("referencias a hexes de la capa de La Sombra del Águila"),
        "{report}"
    );
    assert!(report.contains("## Decisiones de criterio"));
    assert!(report.contains("se toma 45, el punto medio"));
    assert!(report.contains("## Lista de efectivos"));
    // Cooke's division arrives on sombra turn 11 (18:30): VED turn 16 of 20 minutes from 13:30.
    assert!(layer.contains("turn = 16\nunits = [\"al-bru-1lt\", \"al-bru-3lt\", \"al-2-1g\""));
}

#[test]
fn polk_plays_the_battalions_of_a_regiment_as_one_unit() {
    let (layer, _) = quatre_bras("polk");
    assert!(layer.contains(
        "[[aggregate]]\nid = \"fr-2leger\"\nname = \"2e Léger\"\nunits = [\"fr-2leger-1\", \"fr-2leger-2\", \"fr-2leger-3\", \"fr-2leger-4\"]"
    ));
    // 4 × 455 = 1,820 men at 100 a figure: 18 figures.
    assert!(layer.contains("\"fr-2leger\" = { figures = 18 }"));
}

#[test]
fn a_converted_layer_loads_and_checks_clean_inside_the_scenario() {
    let (out, output) = convert(&["cardedeu-1808", "--to", "ved"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let project = tempfile::tempdir().unwrap();
    for part in ["grognard.toml", "content", "scenarios", "templates"] {
        crate::common::copy_dir(&repo_root().join(part), &project.path().join(part));
    }
    std::fs::copy(
        out.path().join("cardedeu-1808/cardedeu-1808-ved.toml"),
        project.path().join("scenarios/cardedeu-1808/ved.toml"),
    )
    .unwrap();
    let output = grognard(project.path(), &["check", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let d: serde_json::Value = serde_json::from_str(line).unwrap();
        if d["file"] == "scenarios/cardedeu-1808/ved.toml" {
            assert_eq!(d["code"], "missing-data", "{d}");
        }
    }
    let list = grognard(project.path(), &["list"]);
    assert!(String::from_utf8_lossy(&list.stdout).contains("layers: ved"));
}

#[test]
fn bad_conversions_are_diagnostics_not_panics() {
    let (_, output) = convert(&["cardedeu-1809", "--to", "ved"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("error[convert]: no scenario `cardedeu-1809` to convert"));
    assert!(stderr(&output).contains("did you mean `cardedeu-1808`?"));

    let (_, output) = convert(&["cardedeu-1808", "--to", "bataille"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("ruleset `bataille` declares no [profile]"));

    let (_, output) = convert(&["cardedeu-1808", "--from", "ved", "--to", "polk"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("scenario `cardedeu-1808` has no `ved` layer"));
}

#[test]
fn a_quality_the_target_cannot_grade_is_a_warning_not_a_silent_drop() {
    let project = crate::common::copy_fixture("scenario");
    let ruleset = project.path().join("content/hexrules/ruleset.toml");
    let mut text = std::fs::read_to_string(&ruleset).unwrap();
    text.push_str(
        "\n[vocabulary.grade]\ntitle = \"Grades\"\nmembers = [{ id = \"good\", label = \"Good\" }]\n\n[profile]\nrepresents = \"points\"\nmen_per = 100\nguns_per = 1\nlevel = \"battalion\"\nturn_minutes = 30\ngrade_vocabulary = \"grade\"\ngrades_to = { elite = \"good\" }\n",
    );
    std::fs::write(&ruleset, text).unwrap();
    let scenario = project.path().join("scenarios/skirmish-1809/scenario.toml");
    let text = std::fs::read_to_string(&scenario).unwrap();
    std::fs::write(
        &scenario,
        text.replace("men = 600\n", "men = 600\nquality = \"veteran\"\n"),
    )
    .unwrap();
    let output = grognard(
        project.path(),
        &["convert", "skirmish-1809", "--to", "hexrules"],
    );
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(
        err.contains(
            "warning[convert]: skirmish-1809 → hexrules: The quality \"veteran\" has no grade in"
        ),
        "{err}"
    );
    let report = std::fs::read_to_string(
        project
            .path()
            .join("out/skirmish-1809/skirmish-1809-hexrules-report.md"),
    )
    .unwrap();
    assert!(
        report.contains("## Warnings") && report.contains("The quality \"veteran\" has no grade"),
        "{report}"
    );
}
