//! The web edition (`build --only html`): a static site per ruleset whose
//! every link lands on a page and an anchor that exist, whose pages say
//! their language, whose source strings stay text, and which two builds
//! write byte for byte the same.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::common::{grognard, project_copy, repo_root, stderr};

/// Builds the web edition of `ruleset` from `root` into `out`.
fn build_site(root: &Path, ruleset: &str, out: &Path) {
    let output = grognard(
        root,
        &[
            "build",
            ruleset,
            "--only",
            "html",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
}

/// Every page of a site by file name.
fn pages(site: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(site)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

fn attribute_values<'a>(html: &'a str, name: &str) -> Vec<&'a str> {
    let needle = format!(" {name}=\"");
    html.match_indices(&needle)
        .map(|(at, _)| {
            let rest = &html[at + needle.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect()
}

/// The links of a site that lead nowhere: a missing file or anchor.
fn broken_links(site: &Path) -> (usize, Vec<String>) {
    let pages = pages(site);
    let ids: BTreeMap<&str, BTreeSet<&str>> = pages
        .iter()
        .map(|(name, html)| {
            (
                name.as_str(),
                attribute_values(html, "id").into_iter().collect(),
            )
        })
        .collect();
    let mut checked = 0;
    let mut broken = Vec::new();
    for (name, html) in &pages {
        for href in attribute_values(html, "href")
            .into_iter()
            .chain(attribute_values(html, "src"))
        {
            if href.starts_with("http") || href.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = href.split_once('#').unwrap_or((href, ""));
            let file = if file.is_empty() { name.as_str() } else { file };
            if !site.join(file).is_file() {
                broken.push(format!("{name}: {href} (no file)"));
                continue;
            }
            let anchor = anchor.replace("&amp;", "&");
            if !anchor.is_empty()
                && !ids
                    .get(file)
                    .is_some_and(|ids| ids.contains(anchor.as_str()))
            {
                broken.push(format!("{name}: {href} (no anchor)"));
            }
        }
    }
    (checked, broken)
}

#[test]
fn every_link_of_every_site_lands_on_a_page_and_anchor_that_exist() {
    let out = tempfile::tempdir().unwrap();
    let root = repo_root();
    for ruleset in ["ved", "polk", "sombra", "bataille"] {
        build_site(&root, ruleset, out.path());
        let site = out.path().join(ruleset).join("html");
        let (checked, broken) = broken_links(&site);
        assert!(broken.is_empty(), "{ruleset}: {broken:#?}");
        assert!(checked > 100, "{ruleset}: only {checked} links");
    }
}

#[test]
fn a_chapter_page_links_its_references_with_previews_and_says_who_cites_each_case() {
    let out = tempfile::tempdir().unwrap();
    build_site(&repo_root(), "ved", out.path());
    let site = out.path().join("ved/html");
    let pages = pages(&site);
    let all: String = pages.values().cloned().collect();
    // Every cross-reference is a link with its target's opening words.
    let xrefs = all.matches("class=\"xref\" href=\"").count();
    assert!(xrefs > 20, "{xrefs} cross-references");
    assert!(!all.contains("data-preview=\"\""), "an empty preview");
    assert!(all.contains("<p class=\"cited-by\">Citado en <a href=\""));
    // Glossary terms lead to their definition.
    assert!(all.contains("class=\"term\" href=\"glossary.html#term-"));
    // Tables are tables, with headers for their columns and rows.
    assert!(all.contains("<th scope=\"col\">"));
    assert!(all.contains("<th scope=\"row\">"));
    // The book's language, on every page.
    for (name, html) in &pages {
        assert!(html.contains("<html lang=\"es\">"), "{name}");
        // Headings in order: one h1 per page (the print view has one per part).
        if name != "print.html" {
            assert_eq!(html.matches("<h1").count(), 1, "{name}");
        }
    }
    let polk = tempfile::tempdir().unwrap();
    build_site(&repo_root(), "polk", polk.path());
    let index = std::fs::read_to_string(polk.path().join("polk/html/index.html")).unwrap();
    assert!(index.contains("<html lang=\"ru\">"));
}

#[test]
fn the_search_index_holds_every_case_and_stays_small() {
    let out = tempfile::tempdir().unwrap();
    build_site(&repo_root(), "ved", out.path());
    let index = std::fs::read_to_string(out.path().join("ved/html/search-index.js")).unwrap();
    assert!(index.len() < 1_000_000, "{} bytes", index.len());
    let json = index
        .trim()
        .strip_prefix("window.GG_SEARCH = ")
        .and_then(|s| s.strip_suffix(';'))
        .unwrap();
    let entries: Vec<serde_json::Value> = serde_json::from_str(json).unwrap();
    let chapters = std::fs::read_dir(out.path().join("ved/html"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("0")
        })
        .count();
    assert!(chapters > 3);
    // Each case's anchor is in the index, with its words.
    let page = pages(&out.path().join("ved/html"));
    let cases: Vec<&str> = page
        .values()
        .flat_map(|html| {
            html.match_indices("<a class=\"case\" id=\"")
                .map(move |(at, m)| {
                    let rest = &html[at + m.len()..];
                    &rest[..rest.find('"').unwrap()]
                })
        })
        .collect();
    assert!(cases.len() > 50);
    for case in &cases {
        assert!(
            entries
                .iter()
                .any(|e| e["n"] == *case && !e["t"].as_str().unwrap().is_empty()),
            "case {case} is not in the index"
        );
    }
}

#[test]
fn two_builds_of_a_site_are_byte_identical() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    build_site(&repo_root(), "sombra", a.path());
    build_site(&repo_root(), "sombra", b.path());
    let (a, b) = (a.path().join("sombra/html"), b.path().join("sombra/html"));
    let mut names: Vec<_> = std::fs::read_dir(&a)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|name| a.join(name).is_file())
        .collect();
    // The fonts, with their licences.
    for font in std::fs::read_dir(a.join("fonts")).unwrap() {
        names.push(
            std::path::Path::new("fonts")
                .join(font.unwrap().file_name())
                .into(),
        );
    }
    assert!(names.len() > 15);
    for name in names {
        assert_eq!(
            std::fs::read(a.join(&name)).unwrap(),
            std::fs::read(b.join(&name)).unwrap(),
            "{name:?}"
        );
    }
}

#[test]
fn source_strings_never_become_markup_on_a_page() {
    let project = project_copy();
    let chapter = project
        .path()
        .join("content/ved/chapters/01-bases-y-escalas.md");
    let mut text = std::fs::read_to_string(&chapter).unwrap();
    text.push_str(
        "\n\nUn párrafo <script>alert(1)</script> con <b onclick=\"x()\">marcas</b>, \
         [un enlace](javascript:alert(2)) y `<img src=x onerror=alert(3)>`.\n",
    );
    std::fs::write(&chapter, text).unwrap();
    let out = tempfile::tempdir().unwrap();
    build_site(project.path(), "ved", out.path());
    let page =
        std::fs::read_to_string(out.path().join("ved/html/01-bases-y-escalas.html")).unwrap();
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!page.contains("<script>alert"));
    assert!(!page.contains("<b onclick"));
    assert!(!page.contains("<img src=x"));
    assert!(!page.contains("href=\"javascript:"));
    assert!(page.contains("un enlace"));
}

#[test]
fn a_scenario_played_with_the_ruleset_has_its_booklet_as_a_page() {
    let out = tempfile::tempdir().unwrap();
    build_site(&repo_root(), "sombra", out.path());
    let site = out.path().join("sombra/html");
    let page = std::fs::read_to_string(site.join("scenario-quatre-bras-1815.html")).unwrap();
    // The booklet's sections in the ruleset's language, with the order of
    // battle, the set-up and its hexes.
    assert!(page.contains("<html lang=\"es\">"));
    assert_eq!(page.matches("<h1").count(), 1);
    for heading in ["Orden de batalla", "Despliegue", "Refuerzos", "Fuentes"] {
        assert!(page.contains(heading), "no {heading}");
    }
    assert!(page.contains("Ney"), "the French commander");
    assert!(page.contains("<th scope=\"col\">"));
    // The index and every page's navigation lead to it.
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("href=\"scenario-quatre-bras-1815.html\""));
    let chapter = pages(&site)
        .into_iter()
        .find(|(name, _)| name.starts_with("01-"))
        .unwrap()
        .1;
    assert!(chapter.contains("href=\"scenario-quatre-bras-1815.html\""));
    // A ruleset no scenario is played with has no such page.
    build_site(&repo_root(), "bataille", out.path());
    assert!(
        !pages(&out.path().join("bataille/html"))
            .keys()
            .any(|name| name.starts_with("scenario-"))
    );
}
