//! Every ruleset builds its rulebook, in its own language.

mod common;

use common::{grognard, pdf_text, repo_root, stderr, stdout};

fn build(id: &str) -> String {
    pdf_text(&common::output_file(
        &["build", id],
        &format!("{id}/{id}-rules.pdf"),
    ))
}

#[test]
fn check_reports_exactly_the_declared_missing_tables() {
    let output = grognard(&repo_root(), &["check", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let diagnostics: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Scenarios have checks of their own; here only the rulesets' content.
    let mut reported: Vec<String> = diagnostics
        .iter()
        .filter(|d| {
            d["file"]
                .as_str()
                .is_some_and(|f| f.starts_with("content/"))
        })
        .map(|d| {
            assert_eq!(d["code"], "missing-table", "{d}");
            d["file"].as_str().unwrap().to_string()
        })
        .collect();
    reported.sort();
    // Every table file declared `kind = "missing"`, and nothing else.
    let mut declared = Vec::new();
    for ruleset in std::fs::read_dir(repo_root().join("content")).unwrap() {
        let tables = ruleset.unwrap().path().join("tables");
        for table in std::fs::read_dir(&tables).unwrap() {
            let path = table.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            if text.lines().any(|l| l.trim() == "kind = \"missing\"") {
                declared.push(
                    path.strip_prefix(repo_root())
                        .unwrap()
                        .display()
                        .to_string(),
                );
            }
        }
    }
    declared.sort();
    assert_eq!(reported, declared);
}

#[test]
fn the_bataille_rulebook_prints_its_formations_and_the_square_modifier() {
    let text = build("bataille");
    for title in [
        "Las formaciones",
        "Orden General",
        "Columna de Marcha",
        "Cuadro",
        "Escaramuza",
        "Desorden y Gran Desorden",
    ] {
        assert!(text.contains(title), "chapter `{title}` missing");
    }
    assert!(text.contains("Cuadro +6"), "the +6 square morale modifier");
    assert!(
        text.contains("Columna de Marcha −12"),
        "the −12 march column modifier"
    );
    assert!(text.contains("Tabla no incluida en la fuente"));
}

#[test]
fn the_polk_rulebook_is_typeset_in_russian() {
    let text = build("polk");
    for title in [
        "Содержание",
        "Общие положения",
        "Стрельба пехоты",
        "Кавалерия",
        "Артиллерия",
        "Боевой дух",
        "Генералы",
    ] {
        assert!(text.contains(title), "chapter `{title}` missing");
    }
    // The general's death on 11–12 with 2d6, and its chance printed beside the test.
    assert!(text.contains("Тест на гибель генерала"));
    assert!(text.contains("11 или 12"));
    assert!(text.contains("Вероятность успеха"));
}

#[test]
fn the_sombra_rulebook_prints_its_limits_and_declares_the_unprinted_tables() {
    let text = build("sombra");
    for title in [
        "Secuencia de juego",
        "Órdenes",
        "Formaciones",
        "Apilado",
        "Zonas de control",
        "Fuego",
        "Choque",
        "Pruebas de moral",
        "Comandantes",
        "Desmoralización",
        "Regla opcional: información limitada",
    ] {
        assert!(text.contains(title), "chapter `{title}` missing");
    }
    assert!(
        text.contains("Relación de fuerzas máxima 5:1"),
        "the 5:1 odds cap"
    );
    assert!(text.contains("Relación de fuerzas mínima para atacar 1:4"));
    // The shock, fire and morale tables are referred to but not printed.
    assert!(text.contains("Tabla de choque"));
    assert!(text.matches("Tabla no incluida en la fuente").count() >= 10);
}
