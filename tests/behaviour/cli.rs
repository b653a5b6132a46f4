//! The command line as users meet it: `check` and `build`, their
//! diagnostics, exit codes, JSON for editors and the files they write.

use crate::common::{copy_fixture, fixture, grognard, pdf_text, repo_root, stderr, stdout};

// ---- `grognard check`: diagnostics users see, exit codes, JSON for editors.

#[test]
fn the_project_content_checks_clean() {
    let output = grognard(&repo_root(), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("0 errors"), "{err}");
}

#[test]
fn a_good_fixture_exits_zero_with_only_warnings() {
    let output = grognard(&fixture("good"), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("warning[unsupported-markdown]"), "{err}");
    // A table the author declared missing is a note, listed with --verbose.
    assert!(!err.contains("missing-table"), "{err}");
    assert!(
        err.contains(
            "1 ruleset, 0 scenarios: 0 errors, 1 warning, 1 note (`--verbose` lists the notes)"
        ),
        "{err}"
    );
    let verbose = stderr(&grognard(&fixture("good"), &["check", "--verbose"]));
    assert!(verbose.contains("note[missing-table]"), "{verbose}");
    assert!(!verbose.contains("lists the notes"), "{verbose}");
}

#[test]
fn deny_warnings_turns_warnings_but_not_notes_into_a_failure() {
    let output = grognard(&fixture("good"), &["check", "--deny", "warnings"]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains("error[unsupported-markdown]"), "{err}");
    assert!(err.contains("1 error, 0 warnings, 1 note"), "{err}");
}

#[test]
fn the_project_passes_deny_warnings() {
    let output = grognard(&repo_root(), &["check", "--deny", "warnings"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(err.contains("0 errors, 0 warnings"), "{err}");
}

#[test]
fn check_of_one_ruleset_reports_only_what_concerns_it() {
    let output = grognard(
        &repo_root(),
        &["check", "ved", "--verbose", "--format", "json"],
    );
    assert_eq!(output.status.code(), Some(0));
    let files: Vec<String> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter_map(|d| d["file"].as_str().map(str::to_string))
        .collect();
    assert!(!files.is_empty());
    for file in &files {
        assert!(file.starts_with("content/ved/"), "{file}");
    }
    let err = stderr(&grognard(&repo_root(), &["check", "ved"]));
    assert!(err.contains("1 ruleset, 0 scenarios: 0 errors"), "{err}");
}

#[test]
fn every_problem_of_a_broken_project_is_reported_in_one_run() {
    let output = grognard(&fixture("broken"), &["check"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    let expected = [
        // Malformed TOML: the exact character.
        "error[toml-syntax]: invalid TOML",
        "┌─ content/demo/tables/bad-syntax.toml:3:8",
        "3 │ base = = 7",
        // A misspelt table kind, with the valid ones.
        "error[unknown-table-kind]: unknown table kind `modifers`",
        "┌─ content/demo/tables/bad-kind.toml:2:8",
        "expected: one of \"modifiers\", \"dice-test\"",
        // A misspelt vocabulary key, with a suggestion.
        "error[unknown-vocabulary-key]: `veteranso` is not a member of vocabulary `grade`",
        "┌─ content/demo/tables/bad-key.toml:9:23",
        "did you mean `veteranos`?",
        // A duplicate id, pointing at both definitions.
        "error[duplicate-id]: id `sequence` is defined twice",
        "first defined here",
        // Broken cross-reference and table embed in a chapter.
        "error[broken-reference]: cross-reference to `no-such-section`",
        "┌─ content/demo/chapters/02-roto.md:6:10",
        "error[unknown-table]: no table `no-such-table` to embed",
        "┌─ content/demo/chapters/02-roto.md:8:1",
        // A worked example whose arithmetic disagrees with the table.
        "error[example-claim]: example claims sum = 10, but table `fire` gives 9",
        "┌─ content/demo/chapters/02-roto.md:13:12",
        "7 errors, 2 warnings, 1 note",
    ];
    for line in expected {
        assert!(err.contains(line), "missing `{line}` in:\n{err}");
    }
}

#[test]
fn json_diagnostics_carry_code_position_expected_and_found() {
    let output = grognard(&fixture("broken"), &["check", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    let claim = lines
        .iter()
        .find(|d| d["code"] == "example-claim")
        .expect("the wrong claim is reported");
    assert_eq!(claim["severity"], "error");
    assert_eq!(claim["file"], "content/demo/chapters/02-roto.md");
    assert_eq!(claim["line"], 13);
    assert_eq!(claim["column"], 12);
    assert_eq!(claim["expected"], "9");
    assert_eq!(claim["found"], "10");
    assert_eq!(lines.iter().filter(|d| d["severity"] == "error").count(), 7);
}

#[test]
fn a_folder_without_a_manifest_is_a_clear_error() {
    let empty = tempfile::tempdir().unwrap();
    let output = grognard(empty.path(), &["check"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("error[io-error]: cannot read grognard.toml"));
}

// ---- `grognard build`: the rulebook PDF as readers and printers see it.

fn build_ved(out: &std::path::Path) -> Vec<u8> {
    let output = grognard(
        &repo_root(),
        &["build", "ved", "--out", out.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    std::fs::read(out.join("ved/ved-rules.pdf")).expect("the rulebook is written")
}

#[test]
fn the_ved_rulebook_holds_every_chapter_and_the_table_values() {
    let out = tempfile::tempdir().unwrap();
    let pdf = build_ved(out.path());
    let text = pdf_text(&pdf);
    for title in [
        "Bases y escalas",
        "Organización",
        "Definición de las tropas",
        "Clasificación de las tropas",
        "Formaciones",
        "Secuencia de juego",
        "Órdenes",
        "Menú de órdenes",
        "Activación",
        "Puntos de mando",
        "Movimiento",
        "Sostén",
        "Fuego",
        "Cargas y cuerpo a cuerpo",
    ] {
        assert!(text.contains(title), "chapter `{title}` missing");
    }
    // The fire-points table: Milicia −2.
    assert!(text.contains("Milicia −2"), "Milicia −2 missing");
    // Heavy artillery ranges with decimal commas.
    assert!(
        text.contains("Artillería pesada 0–20 20,1–40 40,1–50"),
        "heavy artillery ranges missing"
    );
    // The missing fire table is declared honestly.
    assert!(text.contains("Tabla no incluida en la fuente"));
}

#[test]
fn the_rulebook_is_a4_with_contents_and_page_numbers() {
    let out = tempfile::tempdir().unwrap();
    let pdf = build_ved(out.path());
    let document = pdf_extract::Document::load_mem(&pdf).unwrap();
    let pages = document.get_pages();
    assert!(pages.len() > 20, "only {} pages", pages.len());
    for (_, page) in pages {
        let (width, height) = crate::common::media_box(&document, page);
        // A4 is 595.28 × 841.89 pt.
        assert!((width - 595.28).abs() < 0.1 && (height - 841.89).abs() < 0.1);
    }
    let text = pdf_text(&pdf);
    assert!(text.contains("Índice"));
    assert!(text.contains("13.4 Procedimiento de fuego"));
}

#[test]
fn two_builds_of_the_same_sources_are_byte_identical() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    assert!(build_ved(a.path()) == build_ved(b.path()));
}

#[test]
fn source_strings_print_as_text_and_never_run_as_typst() {
    let project = copy_fixture("good");
    let output = grognard(project.path(), &["build"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let pdf = std::fs::read(project.path().join("out/demo/demo-rules.pdf")).unwrap();
    let text = pdf_text(&pdf);
    assert!(text.contains("#read(\"/etc/passwd\")"), "{text}");
    assert!(text.contains("$x^2$"));
    assert!(text.contains("// comentario y /* bloque */"));
    assert!(text.contains("Blanco en columna $x$ *negrita* // no comment"));
    assert!(!text.contains("root:x:0"));
}

#[test]
fn a_failed_build_leaves_the_previous_output_untouched() {
    let project = copy_fixture("good");
    assert_eq!(grognard(project.path(), &["build"]).status.code(), Some(0));
    let pdf_path = project.path().join("out/demo/demo-rules.pdf");
    let before = std::fs::read(&pdf_path).unwrap();

    let table = project.path().join("content/demo/tables/fire.toml");
    let text = std::fs::read_to_string(&table).unwrap();
    std::fs::write(&table, text.replace("base = 7", "base = = 7")).unwrap();
    let output = grognard(project.path(), &["build"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("error[toml-syntax]"));
    assert!(std::fs::read(&pdf_path).unwrap() == before);
    let mut files: Vec<String> = std::fs::read_dir(pdf_path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        ["demo-cards.pdf", "demo-qrs.pdf", "demo-rules.pdf", "html"],
        "no temporary files are left"
    );
    let site = pdf_path.parent().unwrap().join("html");
    assert!(
        std::fs::read_dir(&site).unwrap().all(|e| !e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .ends_with(".grognard-tmp")),
        "no temporary files are left in the web edition"
    );
}

#[test]
fn a_typst_error_in_a_template_points_into_that_template() {
    let project = copy_fixture("good");
    let templates = project.path().join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    let library = include_str!("../../templates/grognard.typ").replace(
        "#let gg-rule = 0.4pt + luma(120)",
        "#let gg-rule = 0.4pt + no-such-colour",
    );
    std::fs::write(templates.join("grognard.typ"), library).unwrap();
    let output = grognard(project.path(), &["build"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "error[typst-error]: typesetting the rulebook failed: unknown variable: no-such-colour"
        ),
        "{err}"
    );
    assert!(err.contains("┌─ templates/grognard.typ:4:"), "{err}");
    assert!(!project.path().join("out/demo/demo-rules.pdf").exists());
}

#[test]
fn an_unknown_build_target_is_reported_with_a_suggestion() {
    let output = grognard(&repo_root(), &["build", "vde"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        err.contains("error[unknown-target]: nothing to build called `vde`"),
        "{err}"
    );
    assert!(err.contains("did you mean `ved`?"), "{err}");
}

#[test]
fn a_template_error_points_at_the_template_line() {
    let project = copy_fixture("good");
    let templates = project.path().join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    let main = include_str!("../../templates/rulebook.typ").replace(
        "#gg-contents(book)",
        "#gg-contents(book)\n{{ no_such_value }}",
    );
    std::fs::write(templates.join("rulebook.typ"), main).unwrap();
    let output = grognard(project.path(), &["build"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[template-error]: template `rulebook.typ`"),
        "{err}"
    );
    assert!(err.contains("┌─ templates/rulebook.typ:10:1"), "{err}");
    assert!(err.contains("10 │ {{ no_such_value }}"), "{err}");
}

#[test]
fn building_one_ruleset_is_not_stopped_by_another_rulesets_errors() {
    let project = copy_fixture("good");
    let other = project.path().join("content/other");
    std::fs::create_dir_all(other.join("tables")).unwrap();
    std::fs::write(
        other.join("ruleset.toml"),
        "id = \"other\"\nname = \"Other\"\nlanguage = \"en\"\n",
    )
    .unwrap();
    std::fs::write(other.join("tables/bad.toml"), "id = \"bad\"\nkind = = 1\n").unwrap();

    let output = grognard(project.path(), &["build", "demo"]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{err}");
    assert!(!err.contains("content/other"), "{err}");
    assert!(project.path().join("out/demo/demo-rules.pdf").exists());

    // Building everything, or checking, reports the broken ruleset.
    let output = grognard(project.path(), &["build"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("content/other/tables/bad.toml:2:8"));
    assert!(!project.path().join("out/other/other-rules.pdf").exists());
}

/// Every file under `dir`, relative to it, sorted.
/// The outputs under `dir`: its files, without the PDFs kept for the next
/// run (`.cache`).
fn files_under(dir: &std::path::Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if entry.file_name() == ".cache" {
            continue;
        }
        if path.is_dir() {
            let name = entry.file_name().to_string_lossy().into_owned();
            found.extend(
                files_under(&path)
                    .into_iter()
                    .map(|f| format!("{name}/{f}")),
            );
        } else {
            found.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    found.sort();
    found
}

#[test]
fn build_only_makes_the_kinds_of_output_asked_for() {
    let project = copy_fixture("scenario");
    let output = grognard(project.path(), &["build", "--only", "counters"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        files_under(&project.path().join("out")),
        ["skirmish-1809/skirmish-1809-hexrules-counters.pdf"]
    );

    let output = grognard(project.path(), &["build", "--only", "rules,oob"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let files = files_under(&project.path().join("out"));
    assert!(
        files.contains(&"hexrules/hexrules-rules.pdf".to_string()),
        "{files:?}"
    );
    assert!(
        files.contains(&"skirmish-1809/skirmish-1809-oob.pdf".to_string()),
        "{files:?}"
    );
    assert!(!files.iter().any(|f| f.ends_with("-qrs.pdf")), "{files:?}");
    // The order of battle alone: the layer's booklet is another kind.
    assert!(
        !files.contains(&"skirmish-1809/skirmish-1809-hexrules.pdf".to_string()),
        "{files:?}"
    );

    let output = grognard(project.path(), &["build", "--only", "posters"]);
    assert_eq!(output.status.code(), Some(2), "a usage error");
    assert!(
        stderr(&output).contains(
            "possible values: rules, qrs, cards, oob, booklets, counters, maps, conversions, labels, html"
        ),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_build_of_named_targets_reads_only_what_they_need() {
    let root = repo_root();
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let ids = |session: &grognard::Session| {
        let project = &session.project;
        (
            project
                .rulesets
                .iter()
                .map(|r| r.id.clone())
                .collect::<Vec<_>>(),
            project.scenarios.len(),
        )
    };
    // A rulebook needs its ruleset alone.
    let rules = grognard::load_for(&root, &names(&["ved"]), &names(&["rules"]));
    assert_eq!(ids(&rules), (names(&["ved"]), 0));
    // A counter sheet needs its scenario and the rulesets its layers name.
    let counters = grognard::load_for(&root, &names(&["quatre-bras-1815"]), &names(&["counters"]));
    let (rulesets, scenarios) = ids(&counters);
    assert_eq!(scenarios, 1);
    assert!(rulesets.len() >= 4, "{rulesets:?}");
    // The web edition has a page per scenario played with the ruleset.
    let site = grognard::load_for(&root, &names(&["ved"]), &names(&["html"]));
    assert!(ids(&site).1 >= 6);
    // An unknown name reads everything, to say which names there are.
    let output = grognard(&root, &["build", "vde", "--only", "rules"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("did you mean `ved`?"),
        "{}",
        stderr(&output)
    );

    // A broken scenario does not stop, or even concern, a rulebook's build.
    let project = crate::common::project_copy();
    let scenario = project.path().join("scenarios/bailen-1808/scenario.toml");
    std::fs::write(&scenario, "title = [unclosed\n").unwrap();
    let output = grognard(project.path(), &["build", "ved", "--only", "rules"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!stderr(&output).contains("bailen"), "{}", stderr(&output));
    assert!(project.path().join("out/ved/ved-rules.pdf").is_file());
}
