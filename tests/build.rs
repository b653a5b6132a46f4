//! `grognard build`: the rulebook PDF as readers and printers see it.

mod common;

use common::{copy_fixture, grognard, pdf_text, repo_root, stderr};

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
    let document = lopdf::Document::load_mem(&pdf).unwrap();
    let pages = document.get_pages();
    assert!(pages.len() > 20, "only {} pages", pages.len());
    for (_, page) in pages {
        let (width, height) = common::media_box(&document, page);
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
        ["demo-qrs.pdf", "demo-rules.pdf"],
        "no temporary files are left"
    );
}

#[test]
fn a_typst_error_in_a_template_points_into_that_template() {
    let project = copy_fixture("good");
    let templates = project.path().join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    let library = include_str!("../templates/grognard.typ").replace(
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
    let main = include_str!("../templates/rulebook.typ").replace(
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
    assert!(err.contains("┌─ templates/rulebook.typ:9:1"), "{err}");
    assert!(err.contains("9 │ {{ no_such_value }}"), "{err}");
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
fn files_under(dir: &std::path::Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
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

    let output = grognard(project.path(), &["build", "--only", "maps"]);
    assert_eq!(output.status.code(), Some(2), "a usage error");
    assert!(
        stderr(&output)
            .contains("possible values: rules, qrs, oob, booklets, counters, conversions, labels"),
        "{}",
        stderr(&output)
    );
}
