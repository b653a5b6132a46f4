//! A new kind of output is one module and one line of the registry. The
//! module below is a whole backend (the chapter titles of a ruleset as a
//! text file); `more_backends` is the registry line a program using grognard
//! as a library writes. The build plans, renders and writes it beside the
//! built-in outputs with nothing else changed.

use grognard::render::contract::{Artifact, Backend, Changed, Context, Made, MadeResult, Subject};

use crate::common::copy_fixture;

/// The toy kind: `out/<ruleset>/<ruleset>-titles.txt`.
struct Titles;

impl Backend for Titles {
    fn name(&self) -> &'static str {
        "titles"
    }
    fn about(&self) -> &'static str {
        "Chapter titles: out/<ruleset>/<ruleset>-titles.txt"
    }
    fn holds(&self, artifact: &Artifact, change: &Changed) -> bool {
        change.of_ruleset(artifact) && change.in_rules()
    }
    fn plan<'p>(&self, cx: &Context<'p>, target: &str) -> Vec<Artifact<'p>> {
        cx.ruleset_file(target, "titles.txt")
    }
    fn render(&self, _: &Context, artifact: &Artifact) -> MadeResult {
        let Subject::Ruleset(ruleset) = artifact.subject else {
            unreachable!("planned only for rulesets")
        };
        let titles: Vec<&str> = ruleset.chapters.iter().map(|c| c.title.as_str()).collect();
        Ok(Made {
            bytes: titles.join("\n").into_bytes(),
            ..Made::default()
        })
    }
}

#[test]
fn a_new_kind_of_output_is_one_module_and_one_line_of_the_registry() {
    let project = copy_fixture("good");
    let out = project.path().join("out");
    let mut session = grognard::load(project.path());
    let targets = grognard::select_targets(&mut session, &[]);
    let options = grognard::build::Options {
        more_backends: vec![&Titles],
        ..Default::default()
    };
    let written = grognard::build_with(&mut session, &targets, &[], &out, &options, |_| {});
    let titles = std::fs::read_to_string(out.join("demo/demo-titles.txt"))
        .expect("the toy output is written where it planned it");
    let session = grognard::load(project.path());
    let ruleset = session.project.ruleset("demo").unwrap();
    let expected: Vec<&str> = ruleset.chapters.iter().map(|c| c.title.as_str()).collect();
    assert!(!expected.is_empty());
    assert_eq!(titles, expected.join("\n"));
    // Built beside the registry's own outputs, and `--only` picks it alone.
    assert!(written.iter().any(|o| o.path.ends_with("demo-rules.pdf")));
    let alone = project.path().join("alone");
    let mut session = grognard::load(project.path());
    let only = ["titles".to_string()];
    let written = grognard::build_with(&mut session, &targets, &only, &alone, &options, |_| {});
    let paths: Vec<String> = written
        .iter()
        .map(|o| o.path.display().to_string())
        .collect();
    assert_eq!(paths.len(), 1, "{paths:?}");
    assert!(paths[0].ends_with("demo-titles.txt"), "{paths:?}");
}
