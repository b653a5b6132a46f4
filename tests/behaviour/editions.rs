//! `grognard diff`: two editions of the `editions` fixture that differ by a
//! reworded case, a moved case, an added and a deleted case, a changed table
//! cell and a changed counter value, compared from folders and from git
//! revisions.

use std::path::Path;
use std::process::Command;

use crate::common::{copy_dir, fixture, grognard, pdf_text, stderr, stdout};

/// The edits that make edition 1.1 of the fixture.
fn make_edition_1_1(project: &Path) {
    let edit = |file: &str, from: &str, to: &str| {
        let path = project.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file} lacks {from:?}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    };
    let chapter = "content/hexrules/chapters/01-movement.md";
    // Reworded.
    edit(chapter, "a leader has eight.", "a leader has ten.");
    // Deleted.
    edit(
        chapter,
        "A road through a village is still a road. {#road-village}\n\n",
        "",
    );
    // Added.
    edit(
        chapter,
        "Points not spent are lost",
        "A unit may always move one hex, whatever the cost. {#mp-minimum}\n\nPoints not spent are lost",
    );
    // Moved from the movement points to the end of the roads.
    let engaged = "A unit that starts its move next to an enemy unit may only leave that hex by retreating. {#mp-engaged}\n";
    edit(chapter, &format!("{engaged}\n"), "");
    let path = project.join(chapter);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{text}\n{engaged}")).unwrap();
    // A table cell and a counter value.
    edit(
        "content/hexrules/tables/movement-costs.toml",
        "{ terrain = \"woods\", infantry = 2, cavalry = 3 }",
        "{ terrain = \"woods\", infantry = 2, cavalry = 4 }",
    );
    edit(
        "scenarios/skirmish-1809/hexrules.toml",
        "\"blue-1\" = { combat = 4, morale = \"B\" }",
        "\"blue-1\" = { combat = 5, morale = \"B\" }",
    );
    edit(
        "content/hexrules/ruleset.toml",
        "edition = \"1.0\"",
        "edition = \"1.1\"",
    );
    std::fs::write(
        project.join("content/hexrules/changelog.toml"),
        "[[change]]\ncase = \"mp-allowance\"\nkind = \"correction\"\nreason = \"The source gives ten points to leaders.\"\n",
    )
    .unwrap();
}

/// The two editions side by side in a temporary folder: `old/` and `new/`.
fn two_editions() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixture("editions"), &dir.path().join("old"));
    copy_dir(&fixture("editions"), &dir.path().join("new"));
    make_edition_1_1(&dir.path().join("new"));
    dir
}

const ERRATA: &str = "out/hexrules/hexrules-errata-1.0-1.1.md";

/// Each change of the fixture, as its errata line reads, under its heading.
const EXPECTED: [(&str, &str); 6] = [
    (
        "## 1.1.1",
        "- **Correction.** Now reads: Each unit has six movement points a turn; a leader has ~~eight.~~**ten.** *Why: The source gives ten points to leaders.*",
    ),
    (
        "## 1.1.3",
        "- **Addition.** New text: A unit may always move one hex, whatever the cost.",
    ),
    (
        "## 1.2.2 (edition 1.0)",
        "- **Deletion.** Deleted: A road through a village is still a road.",
    ),
    ("## 1.2.3", "- **Change.** Moved from 1.1.4 to 1.2.3."),
    (
        "## Table 1.1 · Movement costs",
        "- **Change.** Row “Woods”, column “Cavalry”: 3 → 4.",
    ),
    (
        "## A Skirmish · 1st Blue Line",
        "- **Change.** Counter: 4-B → 5-B.",
    ),
];

fn assert_errata(errata: &str) {
    for (heading, line) in EXPECTED {
        assert_eq!(errata.matches(line).count(), 1, "{line}\n---\n{errata}");
        let at = errata.find(line).unwrap();
        let above = errata[..at].rfind("\n## ").map(|h| &errata[h + 1..at]);
        assert!(
            above.is_some_and(|a| a.starts_with(&format!("{heading}\n"))),
            "{line} is not under {heading}\n---\n{errata}"
        );
    }
    let entries = errata.lines().filter(|l| l.starts_with("- **")).count();
    assert_eq!(entries, EXPECTED.len(), "{errata}");
    // What to reprint: exactly the outputs that print something that changed.
    let reprint: Vec<&str> = errata
        .lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split_once('`').map(|(path, _)| path))
        .collect();
    assert_eq!(
        reprint,
        [
            // The table is on the sheet (and so on the cards).
            "hexrules/hexrules-cards.pdf",
            "hexrules/hexrules-qrs.pdf",
            "hexrules/hexrules-rules.pdf",
            "hexrules/html/",
            // The counter value: the counter sheet, the booklet's forces, the module.
            "skirmish-1809/skirmish-1809-hexrules-counters.pdf",
            "skirmish-1809/skirmish-1809-hexrules.pdf",
            "skirmish-1809/skirmish-1809-hexrules.vmod",
        ],
        "{errata}"
    );
    assert!(
        errata.contains("- `hexrules/hexrules-qrs.pdf`: Table 1.1 · Movement costs\n"),
        "{errata}"
    );
    // The cases that only changed number are listed apart, not as entries.
    assert!(errata.contains("| 1.1.3 | 1.1.4 |"), "{errata}");
    assert!(errata.contains("| 1.2.3 | 1.2.2 |"), "{errata}");
    assert!(errata.starts_with("# Errata · Hex Rules\n\nEdition 1.0 → edition 1.1\n"));
}

#[test]
fn the_errata_of_two_editions_list_each_change_once_with_its_kind() {
    let editions = two_editions();
    let new = editions.path().join("new");
    let old = editions.path().join("old");
    let output = grognard(&new, &["diff", old.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let errata = std::fs::read_to_string(new.join(ERRATA)).unwrap();
    assert_errata(&errata);
    // The terminal shows the same errata.
    assert!(stdout(&output).contains(&errata), "{}", stdout(&output));
    // The PDF sets the same lines, each once, with the struck and the new words.
    let pdf = std::fs::read(new.join(ERRATA.replace(".md", ".pdf"))).unwrap();
    let text = pdf_text(&pdf);
    for line in [
        "Correction. Now reads: Each unit has six movement points a turn; a leader has eight. ten. Why: The source gives ten points to leaders.",
        "Addition. New text: A unit may always move one hex, whatever the cost.",
        "1.2.2 (edition 1.0)",
        "Deletion. Deleted: A road through a village is still a road.",
        "Change. Moved from 1.1.4 to 1.2.3.",
        "Table 1.1 · Movement costs",
        "Change. Row “Woods”, column “Cavalry”: 3 → 4.",
        "A Skirmish · 1st Blue Line",
        "Change. Counter: 4-B → 5-B.",
    ] {
        assert_eq!(text.matches(line).count(), 1, "{line}\n---\n{text}");
    }
}

#[test]
fn the_changes_as_json_carry_their_places_and_kinds() {
    let editions = two_editions();
    let new = editions.path().join("new");
    let old = editions.path().join("old");
    let output = grognard(&new, &["diff", old.to_str().unwrap(), "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json = stdout(&output);
    let line = json
        .lines()
        .find(|l| l.starts_with('['))
        .expect("the changes as a JSON array");
    let changes: serde_json::Value = serde_json::from_str(line).unwrap();
    let entries = changes[0]["entries"].as_array().unwrap();
    let kinds: Vec<&str> = entries
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "correction",
            "addition",
            "deletion",
            "change",
            "change",
            "change"
        ]
    );
    let cell = &entries[4];
    assert_eq!(cell["place"]["at"], "table");
    assert_eq!(cell["change"]["what"], "cell");
    assert_eq!(cell["change"]["old"], "3");
    assert_eq!(cell["change"]["new"], "4");
}

fn git(dir: &Path, args: &[&str]) -> bool {
    Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com"])
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn two_git_revisions_are_compared_without_a_git_program() {
    let dir = tempfile::tempdir().unwrap();
    // The project sits in a folder of its repository, as a book's often does.
    let project = dir.path().join("books/hexrules");
    copy_dir(&fixture("editions"), &project);
    if !git(dir.path(), &["init", "-q"]) {
        eprintln!("skipped: no git program to make the test's repository with");
        return;
    }
    assert!(git(dir.path(), &["add", "-A"]));
    assert!(git(dir.path(), &["commit", "-q", "-m", "1.0"]));
    assert!(git(dir.path(), &["tag", "-a", "v1.0", "-m", "Edition 1.0"]));
    make_edition_1_1(&project);
    assert!(git(dir.path(), &["add", "-A"]));
    assert!(git(dir.path(), &["commit", "-q", "-m", "1.1"]));
    // A change not committed yet, which the revisions do not hold.
    std::fs::write(
        project.join("content/hexrules/tables/movement-costs.toml"),
        "broken",
    )
    .unwrap();

    let out = dir.path().join("errata");
    let output = grognard(
        &project,
        &["diff", "v1.0", "HEAD", "--out", out.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let errata = std::fs::read_to_string(out.join("hexrules/hexrules-errata-1.0-1.1.md")).unwrap();
    assert_errata(&errata);

    let output = grognard(&project, &["diff", "v1.0~5"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("`v1.0~5` is neither a folder nor a revision of the repository"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_changelog_entry_for_no_change_is_a_warning_at_its_line() {
    let editions = two_editions();
    let new = editions.path().join("new");
    let old = editions.path().join("old");
    std::fs::write(
        new.join("content/hexrules/changelog.toml"),
        "[[change]]\ncase = \"9.9.9\"\nkind = \"clarification\"\n\n[[change]]\ntable = \"movement-costs\"\nkind = \"typo\"\n",
    )
    .unwrap();
    let output = grognard(&new, &["diff", old.to_str().unwrap()]);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(err.contains("warning[changelog-unmatched]"), "{err}");
    assert!(
        err.contains("┌─ content/hexrules/changelog.toml:1:1"),
        "{err}"
    );
    assert!(err.contains("`typo` is not a kind of change"), "{err}");
    assert!(
        err.contains("┌─ content/hexrules/changelog.toml:7:8"),
        "{err}"
    );
    assert!(
        err.contains("correction, addition, clarification, deletion, change"),
        "{err}"
    );
}

#[test]
fn the_rulebook_marks_exactly_the_changed_cases_in_its_margin() {
    let editions = two_editions();
    let new = editions.path().join("new");
    let old = editions.path().join("old");
    let output = grognard(
        &new,
        &[
            "build",
            "hexrules",
            "--only",
            "rules,html",
            "--changes-since",
            old.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let pdf = std::fs::read(new.join("out/hexrules/hexrules-rules.pdf")).unwrap();
    // Each mark names the edition that made the change, in the margin, at
    // the top of its case: the case is the first word of the line beside it.
    let mut marked = Vec::new();
    for (_, _, glyphs) in crate::common::page_glyphs(&pdf) {
        let in_margin: Vec<&crate::common::Glyph> = glyphs.iter().filter(|g| g.x < 50.0).collect();
        let mut tops: Vec<f64> = in_margin.iter().map(|g| g.y).collect();
        tops.sort_by(f64::total_cmp);
        tops.dedup_by(|a, b| (*a - *b).abs() < 1.0);
        for top in tops {
            let label: String = in_margin
                .iter()
                .filter(|g| (g.y - top).abs() < 1.0)
                .map(|g| g.text.as_str())
                .collect();
            assert_eq!(label, "1.1", "a margin mark names edition 1.1");
            // The body line whose baseline is nearest below the mark's.
            let line_y = glyphs
                .iter()
                .filter(|g| g.x > 50.0 && g.y >= top - 1.0)
                .map(|g| g.y)
                .min_by(f64::total_cmp)
                .unwrap();
            let line: Vec<crate::common::Glyph> = glyphs
                .iter()
                .filter(|g| g.x > 50.0 && (g.y - line_y).abs() < 1.0)
                .map(|g| crate::common::Glyph {
                    text: g.text.clone(),
                    ..*g
                })
                .collect();
            let mut runs = crate::common::runs(&line);
            runs.sort_by(|a, b| a.x.total_cmp(&b.x));
            marked.push(runs[0].text.trim().to_string());
        }
    }
    // The reworded, the added and the moved case; not the deleted one (it is
    // not in this edition), nor those that only changed number.
    assert_eq!(marked, ["1.1.1", "1.1.3", "1.2.3"]);
    // The changed cell, and no other, is tinted: the grey of a changed cell
    // lies under the new value "4", on the row of the woods.
    let pages = crate::common::page_glyphs(&pdf);
    let mut tinted = Vec::new();
    for (page, fills) in crate::common::page_fills(&pdf).iter().enumerate() {
        let glyphs = &pages[page].2;
        for fill in fills.iter().filter(|f| {
            f.colour.iter().all(|c| (c - 222.0 / 255.0).abs() < 0.01)
                && !f.colour.is_empty()
                && f.right - f.left > 4.0
        }) {
            let inside: String = glyphs
                .iter()
                .filter(|g| {
                    g.x >= fill.left - 0.5
                        && g.x <= fill.right
                        && g.y >= fill.top
                        && g.y <= fill.bottom + 0.5
                })
                .map(|g| g.text.as_str())
                .collect();
            if inside.trim().is_empty() {
                continue; // the legend's sample of the tint
            }
            let row: Vec<&crate::common::Glyph> = glyphs
                .iter()
                .filter(|g| g.y >= fill.top && g.y <= fill.bottom + 0.5)
                .collect();
            let first = row.iter().min_by(|a, b| a.x.total_cmp(&b.x)).unwrap();
            let label: String = row
                .iter()
                .filter(|g| (g.y - first.y).abs() < 0.5 && g.x < fill.left)
                .map(|g| g.text.as_str())
                .collect();
            tinted.push((label, inside.trim().to_string()));
        }
    }
    // The table is printed in its chapter and again in the appendix.
    assert_eq!(tinted.len(), 2, "the cell in each printing: {tinted:?}");
    for (row, value) in &tinted {
        assert!(row.starts_with("Woods"), "{tinted:?}");
        assert_eq!(value, "4", "{tinted:?}");
    }
    // The colophon says what the marks mean, naming the earlier edition.
    let text = pdf_text(&pdf)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        text.contains("A bar in the margin marks each case changed since the earlier edition (Edition 1.0); a grey ground, each table cell changed."),
        "{text}"
    );
    // The web edition says so beside the same cases.
    let page = std::fs::read_to_string(new.join("out/hexrules/html/01-movement.html")).unwrap();
    let case = "<a class=\"case\" id=\"";
    let marked_html: Vec<&str> = page
        .match_indices("<span class=\"changed\">changed in edition 1.1</span>")
        .map(|(at, _)| {
            let open = page[..at].rfind(case).unwrap() + case.len();
            page[open..].split('"').next().unwrap()
        })
        .collect();
    assert_eq!(marked_html, ["1.1.1", "1.1.3", "1.2.3"]);
    // And tints the changed cell of its table, and no other.
    let cells: Vec<&str> = page
        .match_indices("<td class=\"num changed\"")
        .chain(page.match_indices("<td class=\"changed\""))
        .chain(page.match_indices("<th scope=\"row\" class=\"changed\""))
        .map(|(at, _)| {
            let open = at + page[at..].find('>').unwrap() + 1;
            &page[open..open + page[open..].find('<').unwrap()]
        })
        .collect();
    assert_eq!(cells, ["4"], "{page}");
    assert!(
        page.contains("title=\"changed in edition 1.1\">4</td>"),
        "{page}"
    );
}

#[test]
fn a_unit_renamed_asks_for_the_scenarios_converted_to_a_ruleset_to_be_reprinted() {
    // La Albuera has a layer for Valeur et Discipline only; grognard.toml
    // converts it to Polk and to La Sombra del Águila.
    let (_project, out) = diff_the_project_edited(&[(
        "scenarios/albuera-1811/scenario.toml",
        "name = \"34e Ligne\"",
        "name = \"34e de Ligne\"",
    )]);
    let reprint = |ruleset: &str| reprint_list(&errata_of(&out, ruleset));
    assert_eq!(
        reprint("polk"),
        [
            "albuera-1811/albuera-1811-oob.pdf",
            "albuera-1811/albuera-1811-polk-labels.pdf",
            "albuera-1811/albuera-1811-polk-report.md",
            "albuera-1811/albuera-1811-polk.pdf",
            "albuera-1811/albuera-1811-polk.toml",
            "polk/html/",
        ]
    );
    assert_eq!(
        reprint("ved"),
        [
            "albuera-1811/albuera-1811-oob.pdf",
            "albuera-1811/albuera-1811-ved.pdf",
            "ved/html/",
        ]
    );
    // A ruleset that neither plays nor converts the battle has nothing to reprint.
    assert_eq!(reprint("bataille"), Vec::<String>::new());
}

#[test]
fn every_output_of_a_ruleset_names_its_edition() {
    let project = crate::common::copy_fixture("editions");
    let out = project.path().join("out");
    let output = grognard(project.path(), &["build", "--out", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let mut checked = Vec::new();
    let mut folders = vec![out.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                if name != ".cache" && name != "html" {
                    folders.push(path);
                }
                continue;
            }
            let says = match path.extension().and_then(|e| e.to_str()) {
                // The order of battle belongs to no ruleset.
                Some("pdf") if name.ends_with("-oob.pdf") => continue,
                Some("pdf") => pdf_text(&std::fs::read(&path).unwrap()).contains("Edition 1.0"),
                Some("vmod") => {
                    let module = std::fs::read(&path).unwrap();
                    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(module)).unwrap();
                    let mut data = String::new();
                    std::io::Read::read_to_string(
                        &mut archive.by_name("moduledata").unwrap(),
                        &mut data,
                    )
                    .unwrap();
                    data.contains("<version>1.0</version>")
                }
                Some("tmj") => {
                    let map: serde_json::Value =
                        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
                    map["properties"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|p| p["name"] == "edition" && p["value"] == "1.0")
                }
                // The map's terrain images.
                _ => continue,
            };
            assert!(says, "{name} does not name edition 1.0");
            checked.push(name);
        }
    }
    checked.sort();
    assert_eq!(
        checked,
        [
            "hexrules-cards.pdf",
            "hexrules-qrs.pdf",
            "hexrules-rules.pdf",
            "skirmish-1809-hexrules-counters.pdf",
            "skirmish-1809-hexrules-map-a4.pdf",
            "skirmish-1809-hexrules-map.pdf",
            "skirmish-1809-hexrules-map.tmj",
            "skirmish-1809-hexrules.pdf",
            "skirmish-1809-hexrules.vmod",
        ]
    );
    // The web edition, on its contents and on every page's head.
    let index = std::fs::read_to_string(out.join("hexrules/html/index.html")).unwrap();
    assert!(
        index.contains("<p class=\"edition\">Edition 1.0</p>"),
        "{index}"
    );
    let chapter = std::fs::read_to_string(out.join("hexrules/html/01-movement.html")).unwrap();
    assert!(
        chapter.contains("<span class=\"edition\">Edition 1.0</span>"),
        "{chapter}"
    );
}

/// A copy of the repository's project with `edits` (file, text, new text)
/// compared by `grognard diff` with a copy without them; the edited project
/// (kept while it is read) and the folder of the errata.
fn diff_the_project_edited(
    edits: &[(&str, &str, &str)],
) -> (tempfile::TempDir, std::path::PathBuf) {
    let old = crate::common::project_copy();
    let new = crate::common::project_copy();
    for (file, from, to) in edits {
        let path = new.path().join(file);
        // An edit from nothing writes a new file.
        let text = if from.is_empty() {
            String::new()
        } else {
            std::fs::read_to_string(&path).unwrap()
        };
        assert!(text.contains(from), "{file} lacks {from:?}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    }
    let out = new.path().join("errata");
    let output = grognard(
        new.path(),
        &[
            "diff",
            old.path().to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    (new, out)
}

/// The errata (Markdown) `grognard diff` wrote for a ruleset under `out`.
fn errata_of(out: &Path, ruleset: &str) -> String {
    let file = std::fs::read_dir(out.join(ruleset))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "md"))
        .unwrap();
    std::fs::read_to_string(file).unwrap()
}

/// The files an errata asks to reprint.
fn reprint_list(errata: &str) -> Vec<String> {
    errata
        .lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split_once('`').map(|(path, _)| path.to_string()))
        .collect()
}

#[test]
fn a_new_scale_asks_for_every_conversion_to_the_ruleset_to_be_reprinted() {
    let (_project, out) = diff_the_project_edited(&[
        (
            "content/polk/ruleset.toml",
            "turn_minutes = 10\n",
            "turn_minutes = 12\n",
        ),
        (
            "content/polk/ruleset.toml",
            "infantry = 18, cavalry = 6",
            "infantry = 16, cavalry = 6",
        ),
        (
            "content/polk/changelog.toml",
            "",
            "[[change]]\nprofile = true\nkind = \"correction\"\nreason = \"Так в источнике.\"\n",
        ),
    ]);
    let errata = errata_of(&out, "polk");
    assert!(
        errata.contains(
            "## Масштаб и единица игры (для конвертации)\n\n\
             - **Исправление.** Минут в ходе: 10 → 12. *Причина: Так в источнике.*\n\
             - **Исправление.** Наибольшее подразделение (фигур или очков): \
             кавалерия: 6; пехота: 18 → кавалерия: 6; пехота: 16. *Причина: Так в источнике.*\n"
        ),
        "{errata}"
    );
    // Every scenario converted to Polk: its converted layer, report, booklet, labels.
    let mut expected = Vec::new();
    for scenario in [
        "albuera-1811",
        "cardedeu-1808",
        "fuentes-de-onoro-1811",
        "quatre-bras-1815",
    ] {
        for file in [
            "-polk-labels.pdf",
            "-polk-report.md",
            "-polk.pdf",
            "-polk.toml",
        ] {
            expected.push(format!("{scenario}/{scenario}{file}"));
        }
    }
    assert_eq!(reprint_list(&errata), expected);
    // The scale is Polk's alone.
    assert!(
        !errata_of(&out, "ved").contains("## "),
        "{}",
        errata_of(&out, "ved")
    );
}

/// Regression: a project's own message file was installed for the whole
/// process, so the edition loaded last gave every output its words:
/// `build --changes-since` printed the OLD edition's words in the new
/// rulebook and web edition, and `diff` either edition's at random.
#[test]
fn each_edition_prints_its_own_words_whichever_loads_first() {
    let editions = two_editions();
    let english = include_str!("../../templates/messages/en.ftl");
    for (edition, contents, title) in [
        ("old", "Old Summary", "Old Errata of { $ruleset }"),
        ("new", "New Summary", "New Errata of { $ruleset }"),
    ] {
        let words = english
            .replacen(
                "\ncontents = Contents\n",
                &format!("\ncontents = {contents}\n"),
                1,
            )
            .replacen(
                "\nerrata_title = Errata · { $ruleset }\n",
                &format!("\nerrata_title = {title}\n"),
                1,
            );
        assert_ne!(words, english);
        let file = editions
            .path()
            .join(edition)
            .join("templates/messages/en.ftl");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, words).unwrap();
    }
    let (old, new) = (editions.path().join("old"), editions.path().join("new"));
    let output = grognard(
        &new,
        &[
            "build",
            "hexrules",
            "--only",
            "rules,html",
            "--changes-since",
            old.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let rulebook = pdf_text(&std::fs::read(new.join("out/hexrules/hexrules-rules.pdf")).unwrap());
    assert!(rulebook.contains("New Summary"), "{rulebook}");
    assert!(!rulebook.contains("Old Summary"), "{rulebook}");
    let web = std::fs::read_to_string(new.join("out/hexrules/html/index.html")).unwrap();
    assert!(
        web.contains("New Summary") && !web.contains("Old Summary"),
        "{web}"
    );
    // The two editions load side by side: each run the same words.
    for _ in 0..4 {
        let output = grognard(&new, &["diff", old.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let errata = std::fs::read_to_string(new.join(ERRATA)).unwrap();
        assert!(errata.starts_with("# New Errata of "), "{errata}");
    }
}
