//! Hostile and broken input: every case a located diagnostic or a correct
//! build — no code from a source runs, nothing outside the project is read,
//! no panic, no hang, no silent wrong result.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{copy_fixture, pdf_text};

/// A writable copy of a fixture project.
struct Project(tempfile::TempDir);

/// What one run printed and how it ended.
struct Run {
    code: Option<i32>,
    stderr: String,
    stdout: String,
}

impl Run {
    /// The JSON diagnostics of `check --format json`.
    fn json(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
            .collect()
    }

    /// Asserts a diagnostic with this code at `file:line`, and returns its message.
    fn has(&self, code: &str, file: &str, line: u64) -> String {
        let found = self.json().into_iter().find(|d| {
            d["code"] == code
                && d["file"].as_str().is_some_and(|f| f.ends_with(file))
                && d["line"] == line
        });
        match found {
            Some(d) => d["message"].as_str().unwrap_or_default().to_string(),
            None => panic!(
                "no `{code}` at {file}:{line}; got:\n{}",
                self.json()
                    .iter()
                    .map(|d| format!("{} {}:{} {}", d["code"], d["file"], d["line"], d["message"]))
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
        }
    }
}

impl Project {
    fn new(fixture: &str) -> Self {
        Self(copy_fixture(fixture))
    }

    fn path(&self) -> &Path {
        self.0.path()
    }

    fn write(&self, relative: &str, text: impl AsRef<[u8]>) -> &Self {
        let path = self.path().join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        self
    }

    fn append(&self, relative: &str, text: &str) -> &Self {
        let mut old = std::fs::read_to_string(self.path().join(relative)).unwrap();
        old.push_str(text);
        self.write(relative, old)
    }

    fn replace(&self, relative: &str, from: &str, to: &str) -> &Self {
        let old = std::fs::read_to_string(self.path().join(relative)).unwrap();
        assert!(old.contains(from), "{relative} has no `{from}`");
        self.write(relative, old.replacen(from, to, 1))
    }

    /// `grognard check --format json`, and the same in human form.
    fn check(&self) -> Run {
        let json = self.run(&["check", "--format", "json"], &[]);
        let human = self.run(&["check"], &[]);
        Run {
            code: json.code,
            stderr: human.stderr,
            stdout: json.stdout,
        }
    }

    fn build(&self, args: &[&str]) -> Run {
        let mut all = vec!["build"];
        all.extend_from_slice(args);
        self.run(&all, &[])
    }

    /// Runs grognard to its end, with the peak resident memory of that one
    /// process (as the kernel counts it for the child waited for).
    #[cfg(unix)]
    // The child is waited for by wait4, which also gives its peak memory.
    #[allow(clippy::zombie_processes)]
    fn run_measured(&self, args: &[&str]) -> (Run, u64) {
        let child = Command::new(env!("CARGO_BIN_EXE_grognard"))
            .arg("--root")
            .arg(self.path())
            .args(args)
            .env("NO_COLOR", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("grognard runs");
        let pid = child.id() as libc::pid_t;
        let mut stderr = child.stderr.expect("piped");
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut stderr, &mut text).ok();
            text
        });
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value for wait4 to fill in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 writes the child's status and usage into the two
        // locals, which live for the call.
        let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        assert_eq!(waited, pid);
        let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
        let run = Run {
            code,
            stderr: reader.join().unwrap_or_default(),
            stdout: String::new(),
        };
        (run, usage.ru_maxrss as u64 * 1024)
    }

    /// Runs grognard; a run that takes a minute is a hang and fails the test.
    fn run(&self, args: &[&str], env: &[(&str, &str)]) -> Run {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grognard"))
            .arg("--root")
            .arg(self.path())
            .args(args)
            .env("NO_COLOR", "1")
            .env_remove("SOURCE_DATE_EPOCH")
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("grognard runs");
        let started = Instant::now();
        loop {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            if started.elapsed() > Duration::from_secs(60) {
                child.kill().unwrap();
                panic!("grognard {args:?} hung");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let output = child.wait_with_output().unwrap();
        Run {
            code: output.status.code(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        }
    }
}

const CHAPTER: &str = "content/demo/chapters/01-fuego.md";
const SCENARIO: &str = "scenarios/skirmish-1809/scenario.toml";
const LAYER: &str = "scenarios/skirmish-1809/hexrules.toml";

// ——— Code from sources never runs ———

#[test]
fn a_reference_link_cannot_smuggle_typst_code_and_is_checked() {
    let project = Project::new("good");
    project.append(
        CHAPTER,
        "\nVéase [esto][r].\n\n[r]: #fuego>\\)[];#text(size:60pt,fill:red)[X];#pagebreak();#link\\(<fuego\n",
    );
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    run.has("broken-reference", CHAPTER, 42);
    let build = project.build(&[]);
    assert_eq!(build.code, Some(1));
    assert!(!project.path().join("out/demo/demo-rules.pdf").exists());
}

#[test]
fn reference_links_of_every_kind_print_their_targets_number() {
    let project = Project::new("good");
    project.append(
        CHAPTER,
        "\nVéase [la sección][alc], [alc][] y [alc].\n\n[alc]: #fuego-alcances\n",
    );
    let build = project.build(&[]);
    assert_eq!(build.code, Some(0), "{}", build.stderr);
    let pdf = std::fs::read(project.path().join("out/demo/demo-rules.pdf")).unwrap();
    let text = pdf_text(&pdf);
    assert!(text.contains("Véase 1.2 , 1.2 y 1.2 ."), "{text}");
}

#[test]
fn files_that_lead_outside_the_project_are_refused_and_never_quoted() {
    let project = Project::new("good");
    let outside = tempfile::tempdir().unwrap();
    let secret = "TOP-SECRET-4471";
    std::fs::write(
        outside.path().join("secret.md"),
        format!("+++\nid = \"secreto\"\ntitle = \"{secret}\"\n+++\n{secret}\n"),
    )
    .unwrap();
    std::fs::write(
        outside.path().join("secret.toml"),
        format!("{secret} = =\n"),
    )
    .unwrap();
    std::fs::create_dir(outside.path().join("ruleset")).unwrap();
    let link = |target: &Path, at: &str| {
        let at = project.path().join(at);
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(target, at).unwrap();
    };
    link(
        &outside.path().join("secret.md"),
        "content/demo/chapters/05-secret.md",
    );
    link(
        &outside.path().join("secret.toml"),
        "content/demo/tables/secret.toml",
    );
    link(
        &outside.path().join("secret.toml"),
        "templates/grognard.typ",
    );
    link(&outside.path().join("ruleset"), "content/linked");
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    for path in [
        "content/demo/chapters/05-secret.md",
        "content/demo/tables/secret.toml",
        "templates/grognard.typ",
        "content/linked",
    ] {
        assert!(
            run.stderr.contains(&format!(
                "error[outside-project]: {path} is a symbolic link that leads outside the project folder"
            )),
            "{path}: {}",
            run.stderr
        );
    }
    assert!(!run.stderr.contains(secret), "{}", run.stderr);
    let build = project.build(&[]);
    assert_eq!(build.code, Some(1));
    assert!(!build.stderr.contains(secret));
}

#[test]
fn a_link_inside_the_project_is_followed() {
    let project = Project::new("good");
    std::fs::rename(
        project.path().join("content/demo/tables/luck.toml"),
        project.path().join("luck.toml"),
    )
    .unwrap();
    std::os::unix::fs::symlink(
        project.path().join("luck.toml"),
        project.path().join("content/demo/tables/luck.toml"),
    )
    .unwrap();
    let run = project.check();
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

// ——— No hang, no panic ———

#[test]
fn an_empty_key_is_reported_not_searched_for_ever() {
    let project = Project::new("good");
    project.write(
        "content/demo/tables/empty-key.toml",
        "id = \"empty\"\nkind = \"missing\"\ntitle = \"Vacía\"\n\"\" = 1\n",
    );
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("unknown field ``"), "{}", run.stderr);
}

#[test]
fn factors_too_fine_to_hold_are_errors_not_panics() {
    let project = Project::new("good");
    project.write(
        "content/demo/tables/fine.toml",
        "id = \"fine\"\nkind = \"modifiers\"\ntitle = \"Fina\"\nbase = 7\n\n[[group]]\ntitle = \"F\"\nmodifiers = [\n  { id = \"f0\", label = \"F\", factor = \"1/4294967296\" },\n]\n",
    );
    let factors: Vec<String> = (1..=7)
        .map(|i| format!("  {{ id = \"t{i}\", label = \"T{i}\", factor = \"1/1000\" }},\n"))
        .collect();
    project.write(
        "content/demo/tables/tiny.toml",
        format!(
            "id = \"tiny\"\nkind = \"modifiers\"\ntitle = \"Diminuta\"\nbase = 7\n\n[[group]]\ntitle = \"T\"\nmodifiers = [\n{}]\n",
            factors.concat()
        ),
    );
    project.append(
        CHAPTER,
        "\n```example tiny\ninputs = [\"t1\", \"t2\", \"t3\", \"t4\", \"t5\", \"t6\", \"t7\"]\nclaims = { result = 0 }\n```\n",
    );
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    run.has("invalid-field", "tables/fine.toml", 9);
    let message = run.has("invalid-example", CHAPTER, 42);
    assert!(message.contains("too fine"), "{message}");
}

/// Regression: the most negative 64-bit number as a factor's numerator
/// panicked taking its absolute value (exit 101).
#[test]
fn the_most_negative_number_as_a_factor_is_a_located_error() {
    let project = Project::new("good");
    project.write(
        "content/demo/tables/min.toml",
        "id = \"min\"\nkind = \"modifiers\"\ntitle = \"Mínima\"\nbase = 7\n\n[[group]]\ntitle = \"F\"\nmodifiers = [\n  { id = \"f0\", label = \"F\", factor = \"-9223372036854775808/1\" },\n]\n",
    );
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    run.has("invalid-field", "tables/min.toml", 9);
}

#[test]
fn sheet_settings_that_are_not_numbers_are_located_errors() {
    let project = Project::new("scenario");
    project.append(
        "grognard.toml",
        "\n[counters]\nmargin_mm = nan\nbleed_mm = 9\n",
    );
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let message = run.has("invalid-field", "grognard.toml", 4);
    assert_eq!(message, "`nan` is not a number grognard can use");
    run.has("invalid-field", "grognard.toml", 5);
    assert_eq!(project.build(&[]).code, Some(1));
}

#[test]
fn a_profile_with_no_turn_or_no_figures_per_base_is_an_error() {
    let project = Project::new("scenario");
    project.append(
        "content/hexrules/ruleset.toml",
        "\n[profile]\nrepresents = \"figures\"\nmen_per = 50\nguns_per = 2\nlevel = \"battalion\"\nturn_minutes = 0\nfigures_per_base = { cavalry = 0 }\nfrontage_mm = { infantry = nan }\n",
    );
    project.append(
        "grognard.toml",
        "\n[[convert]]\nscenario = \"skirmish-1809\"\nto = [\"hexrules\"]\n",
    );
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let ruleset = "content/hexrules/ruleset.toml";
    let lines = std::fs::read_to_string(project.path().join(ruleset)).unwrap();
    let line_of =
        |needle: &str| lines.lines().position(|l| l.starts_with(needle)).unwrap() as u64 + 1;
    run.has("invalid-field", ruleset, line_of("turn_minutes"));
    run.has("invalid-field", ruleset, line_of("figures_per_base"));
    run.has("invalid-field", ruleset, line_of("frontage_mm"));
    assert_eq!(project.build(&[]).code, Some(1));
}

// ——— Limits on what a small file can inflate ———

#[test]
fn turns_copies_and_counters_have_limits_that_can_be_raised() {
    let project = Project::new("scenario");
    project.replace(LAYER, "turns = 5", "turns = 4294967295");
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let message = run.has("limit", LAYER, 5);
    assert!(message.contains("4294967295 turns"), "{message}");
    assert!(
        run.stderr
            .contains("raise it in grognard.toml with `[limits] turns = …`")
    );

    project.replace(LAYER, "turns = 4294967295", "turns = 1000000");
    assert_eq!(project.check().code, Some(1));

    project.replace(
        "content/hexrules/ruleset.toml",
        "copies = 2",
        "copies = 4000000000",
    );
    let run = project.check();
    run.has("limit", "content/hexrules/ruleset.toml", 24);

    // A longer game than the default allows, when the manifest says so.
    project.replace(
        "content/hexrules/ruleset.toml",
        "copies = 4000000000",
        "copies = 2",
    );
    project.replace(LAYER, "turns = 1000000", "turns = 1500");
    project.replace(LAYER, "end = \"12:00\"\n", "");
    project.append("grognard.toml", "\n[limits]\nturns = 2000\n");
    let run = project.check();
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn a_dice_test_with_too_many_totals_is_refused_without_enumerating() {
    let project = Project::new("good");
    // 22 modifiers that are powers of two (and two odd ones) reach millions
    // of totals; the check stops at the limit.
    let mut modifiers: Vec<String> = (0..20)
        .map(|i| {
            format!(
                "  {{ id = \"p{i}\", label = \"P{i}\", value = {} }},\n",
                1 << i
            )
        })
        .collect();
    modifiers.push("  { id = \"q1\", label = \"Q1\", value = 3 },\n".into());
    modifiers.push("  { id = \"q2\", label = \"Q2\", value = 5 },\n".into());
    project.write(
        "content/demo/tables/powers.toml",
        format!(
            "id = \"powers\"\nkind = \"dice-test\"\ntitle = \"Potencias\"\ndice = \"2d10\"\nbase = 10\n\n[[group]]\ntitle = \"P\"\nmodifiers = [\n{}]\n",
            modifiers.concat()
        ),
    );
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let message = run.has("limit", "tables/powers.toml", 1);
    assert!(message.contains("too many different totals"), "{message}");
}

#[test]
fn a_deep_formation_chain_is_one_located_error() {
    let project = Project::new("scenario");
    let mut chain = String::new();
    for i in 0..5_000 {
        let parent = if i == 0 {
            "side = \"blue\"".to_string()
        } else {
            format!("parent = \"f{}\"", i - 1)
        };
        chain.push_str(&format!(
            "\n[[formation]]\nid = \"f{i}\"\nname = \"F{i}\"\nlevel = \"division\"\n{parent}\n"
        ));
    }
    project.append(SCENARIO, &chain);
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let deep: Vec<_> = run
        .json()
        .into_iter()
        .filter(|d| d["code"] == "limit")
        .collect();
    assert_eq!(deep.len(), 1, "{deep:?}");
    assert!(deep[0]["message"].as_str().unwrap().contains("`f33`"));
}

#[test]
fn long_strings_and_large_files_are_refused() {
    let project = Project::new("good");
    project.replace(
        "content/demo/tables/luck.toml",
        "title = \"Suerte del general\"",
        &format!("title = \"{}\"", "Suerte ".repeat(3_000)),
    );
    project.write(
        "content/demo/chapters/02-grande.md",
        format!(
            "+++\nid = \"grande\"\ntitle = \"Grande\"\n+++\n{}",
            "palabra ".repeat(700_000)
        ),
    );
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let message = run.has("limit", "tables/luck.toml", 3);
    assert!(message.contains("21,000 characters"), "{message}");
    assert!(
        run.stderr.contains(
            "error[limit]: content/demo/chapters/02-grande.md is larger than a source file may be"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn json_names_the_file_of_a_diagnostic_that_has_no_place_in_it() {
    let project = Project::new("good");
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.toml"), "x = 1\n").unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("secret.toml"),
        project.path().join("content/demo/tables/secret.toml"),
    )
    .unwrap();
    project.write(
        "content/demo/chapters/02-grande.md",
        format!(
            "+++\nid = \"grande\"\ntitle = \"Grande\"\n+++\n{}",
            "palabra ".repeat(700_000)
        ),
    );
    let run = project.check();
    let files = |run: &Run, code: &str| -> Vec<serde_json::Value> {
        run.json()
            .into_iter()
            .filter(|d| d["code"] == code)
            .map(|d| d["file"].clone())
            .collect()
    };
    assert_eq!(
        files(&run, "outside-project"),
        vec![serde_json::json!("content/demo/tables/secret.toml")]
    );
    assert!(
        files(&run, "limit").contains(&serde_json::json!("content/demo/chapters/02-grande.md")),
        "{:?}",
        run.json()
    );
    // An output that cannot be written names the file it is.
    let project = Project::new("good");
    std::fs::create_dir_all(project.path().join("out/demo/demo-rules.pdf/in-the-way")).unwrap();
    let build = project.run(
        &["build", "demo", "--only", "rules", "--format", "json"],
        &[],
    );
    assert_eq!(build.code, Some(1), "{}", build.stderr);
    let written = files(&build, "io-error");
    assert!(
        written.iter().any(|f| f
            .as_str()
            .is_some_and(|f| f.ends_with("out/demo/demo-rules.pdf"))),
        "{written:?}\n{}",
        build.stdout
    );
}

#[test]
fn a_ruleset_over_its_chapters_or_bytes_is_refused_before_it_is_read() {
    let project = Project::new("good");
    let chapter = |i: usize, words: usize| {
        format!(
            "+++\nid = \"c{i}\"\ntitle = \"Capítulo {i}\"\n+++\n{}\n",
            "palabra ".repeat(words)
        )
    };
    for i in 0..201 {
        project.write(&format!("content/demo/chapters/c{i:03}.md"), chapter(i, 10));
    }
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let found = run
        .json()
        .into_iter()
        .find(|d| d["code"] == "limit")
        .expect("a limit error");
    assert_eq!(found["file"], "content/demo/chapters");
    assert!(
        found["message"].as_str().unwrap().contains("202 chapters"),
        "{found}"
    );
    // Fewer chapters, but more text than the default allows, and allowed
    // once the limit is raised.
    let project = Project::new("good");
    for i in 0..8 {
        project.write(
            &format!("content/demo/chapters/c{i:03}.md"),
            chapter(i, 9_000),
        );
    }
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("more than one ruleset may") && run.stderr.contains("ruleset_bytes"),
        "{}",
        run.stderr
    );
    project.append("grognard.toml", "\n[limits]\nruleset_bytes = 1000000\n");
    let run = project.check();
    assert!(
        !run.stderr.contains("more than one ruleset may"),
        "{}",
        run.stderr
    );
}

/// The defaults of `[limits]` hold a build under 2 GB: six rulesets each
/// as large as `ruleset_bytes` allows (150 chapters, about 160 pages each,
/// typeset together), and a map of as many hexes as `map_hexes` allows,
/// each built whole. (Measured on this test's build; the benchmark
/// `limits` measures the release build.)
#[cfg(unix)]
#[test]
fn a_build_at_the_default_limits_peaks_under_two_gigabytes() {
    use grognard::model::limits::{MAP_HEXES, RULESET_BYTES};
    const CEILING: u64 = 2 * 1024 * 1024 * 1024;
    let rulesets = Project::new("good");
    let demo = rulesets.path().join("content/demo");
    let used: u64 = ["chapters", "tables"]
        .iter()
        .flat_map(|folder| std::fs::read_dir(demo.join(folder)).unwrap())
        .map(|entry| entry.unwrap().metadata().unwrap().len())
        .sum();
    let paragraph = "La infantería de línea avanza en columna hasta la distancia de carga y \
                     despliega en línea cuando el enemigo está a menos de tres hexágonos. ";
    let chapters = 150;
    let chapter_bytes = (RULESET_BYTES.default - used) as usize / chapters;
    for i in 0..chapters {
        let mut text = format!("+++\nid = \"c{i}\"\ntitle = \"Capítulo {i}\"\n+++\n\n");
        while text.len() + paragraph.len() + 40 < chapter_bytes {
            if text.len() / 2000 > text.matches("## ").count() {
                text.push_str(&format!(
                    "\n## Sección {i}.{}\n\n",
                    text.matches("## ").count() + 1
                ));
            }
            text.push_str(paragraph);
        }
        rulesets.write(&format!("content/demo/chapters/c{i:03}.md"), text);
    }
    for copy in ["demob", "democ", "demod", "demoe", "demof"] {
        crate::common::copy_dir(&demo, &rulesets.path().join("content").join(copy));
        rulesets.replace(
            &format!("content/{copy}/ruleset.toml"),
            "id = \"demo\"",
            &format!("id = \"{copy}\""),
        );
    }
    let map = Project::new("scenario");
    // 100 rows of as many columns as the default `map_hexes` allows
    // (16 mm hexes, to keep the sheet within Typst's page size).
    let columns = MAP_HEXES.default / 100;
    let last = |n: u64| {
        let (high, low) = ((n - 1) / 26, (n - 1) % 26);
        let letter = |i: u64| char::from(b'A' + i as u8);
        match high {
            0 => letter(low).to_string(),
            _ => format!("{}{}", letter(high - 1), letter(low)),
        }
    };
    let columns = format!("columns = [\"A\", \"{}\"]", last(columns));
    map.replace(LAYER, "columns = [\"A\", \"L\"]", &columns)
        .replace(LAYER, "rows = [1, 12]", "rows = [1, 100]")
        .replace(LAYER, "hex_mm = 25", "hex_mm = 16");
    for (what, project, files) in [("six rulesets", &rulesets, 1000), ("the map", &map, 20)] {
        let (run, peak) = project.run_measured(&["build"]);
        assert_eq!(run.code, Some(0), "{what}: {}", run.stderr);
        assert!(run.stderr.contains("files written"), "{}", run.stderr);
        let written: usize = run
            .stderr
            .lines()
            .find_map(|line| line.split(" files written").next()?.parse().ok())
            .unwrap_or(0);
        assert!(written >= files, "{what}: {written} files: {}", run.stderr);
        eprintln!("{what}: peak {} MB", peak >> 20);
        assert!(peak < CEILING, "{what} peaked at {} MB", peak >> 20);
    }
}

#[test]
fn an_error_on_a_ten_megabyte_line_prints_a_short_excerpt() {
    let project = Project::new("good");
    project.append(
        "grognard.toml",
        "\n[limits]\nfile_bytes = 16000000\nruleset_bytes = 64000000\nstring_chars = 20000000\n",
    );
    project.write(
        "content/demo/tables/huge.toml",
        format!(
            "id = \"huge\"\nkind = \"missing\"\ntitle = \"Enorme\"\nnote = {{ a = \"{}\", b = = }}\n",
            "x".repeat(10_000_000)
        ),
    );
    let run = project.check();
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.len() < 20_000, "{} bytes", run.stderr.len());
    assert!(
        run.stderr.contains("huge.toml:4:"),
        "{}",
        &run.stderr[..2000.min(run.stderr.len())]
    );
}

// ——— Writes ———

#[test]
fn a_failed_write_is_that_outputs_error_and_every_other_output_is_written() {
    let project = Project::new("scenario");
    // A folder where the rulebook goes: it cannot be replaced by a file.
    project.write("out/hexrules/hexrules-rules.pdf/keep", "");
    let build = project.build(&[]);
    assert_eq!(build.code, Some(1), "{}", build.stderr);
    assert!(
        build.stderr.contains("error[io-error]: cannot write")
            && build.stderr.contains("hexrules-rules.pdf"),
        "{}",
        build.stderr
    );
    for later in [
        "out/hexrules/hexrules-qrs.pdf",
        "out/skirmish-1809/skirmish-1809-oob.pdf",
        "out/skirmish-1809/skirmish-1809-hexrules-counters.pdf",
    ] {
        assert!(
            project.path().join(later).is_file(),
            "{later} was not written"
        );
    }
}

#[test]
fn a_build_killed_mid_write_leaves_nothing_the_next_build_does_not_remove() {
    let project = Project::new("good");
    let temporaries = |project: &Project| -> Vec<String> {
        let folder = project.path().join("out/demo");
        std::fs::read_dir(folder)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".grognard-tmp"))
            .collect()
    };
    // Files may grow to 8 KiB: the write of the first PDF kills the process.
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -f 16; exec '{}' --root '{}' build",
            env!("CARGO_BIN_EXE_grognard"),
            project.path().display()
        ))
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(!status.success());
    assert!(!project.path().join("out/demo/demo-rules.pdf").exists());
    // A temporary file of a build that ended long ago, under a dead pid.
    project.write("out/demo/.demo-qrs.pdf.4294967.aB3dE5.grognard-tmp", "half");
    let build = project.build(&[]);
    assert_eq!(build.code, Some(0), "{}", build.stderr);
    assert_eq!(temporaries(&project), Vec::<String>::new());
    assert!(project.path().join("out/demo/demo-rules.pdf").is_file());
}

// ——— No silent wrong result ———

#[test]
fn numbers_that_would_wrap_are_refused() {
    let project = Project::new("scenario");
    project.replace(SCENARIO, "men = 600", "men = 4294967295");
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let message = run.has("invalid-field", SCENARIO, 54);
    assert!(message.contains("more than one unit can have"), "{message}");

    let project = Project::new("good");
    project.replace(
        "content/demo/tables/fire.toml",
        "base = 7",
        "base = 9223372036854775807",
    );
    project.replace("content/demo/tables/ranges.toml", "[0, 2]", "[-5, 2]");
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    run.has("invalid-field", "tables/fire.toml", 4);
    assert!(
        run.stderr.contains("has a negative range bound"),
        "{}",
        run.stderr
    );
}

#[test]
fn clock_times_are_exactly_two_digits_a_colon_and_two_digits() {
    let project = Project::new("scenario");
    project.replace(SCENARIO, "arrives = \"11:00\"", "arrives = \"+2:00\"");
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    run.has("invalid-time", SCENARIO, 65);
}

#[test]
fn conversions_the_manifest_asks_for_are_checked() {
    let project = Project::new("scenario");
    project.append(
        "grognard.toml",
        "\n[[convert]]\nscenario = \"nowhere\"\nto = [\"nothing\", \"hexrules\"]\n",
    );
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let message = run.has("convert", "grognard.toml", 4);
    assert!(message.contains("no scenario `nowhere`"), "{message}");
    let found: Vec<String> = run
        .json()
        .iter()
        .filter(|d| d["code"] == "convert" && d["line"] == 5)
        .map(|d| d["message"].as_str().unwrap().to_string())
        .collect();
    assert!(
        found.contains(&"no ruleset `nothing` to convert to".to_string()),
        "{found:?}"
    );
    assert!(
        found.contains(&"ruleset `hexrules` cannot be converted to".to_string()),
        "{found:?}"
    );
}

#[test]
fn ruleset_ids_are_lower_case_ascii() {
    for id in ["VED", "véd"] {
        let project = Project::new("good");
        std::fs::rename(
            project.path().join("content/demo"),
            project.path().join("content").join(id),
        )
        .unwrap();
        let ruleset = format!("content/{id}/ruleset.toml");
        project.replace(&ruleset, "id = \"demo\"", &format!("id = \"{id}\""));
        let run = project.check();
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        run.has("invalid-id", &ruleset, 1);
    }
}

// ——— Reported by check, at the right place ———

#[test]
fn template_errors_are_found_by_check_at_their_line() {
    let project = Project::new("scenario");
    project.write(
        "templates/booklet.typ",
        "#import \"grognard.typ\": *\n#let s = json(\"scenario.json\")\n{% if s %}\n#gg-booklet-body(s)\n",
    );
    project.write(
        "templates/grognard.typ",
        include_str!("../../templates/grognard.typ").replacen("#let ", "#let = ", 1),
    );
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.json()
            .iter()
            .any(|d| d["code"] == "template-error" && d["file"] == "templates/booklet.typ"),
        "{}",
        run.stderr
    );
    let line = include_str!("../../templates/grognard.typ")
        .lines()
        .position(|l| l.starts_with("#let "))
        .unwrap() as u64
        + 1;
    run.has("template-error", "templates/grognard.typ", line);
}

#[test]
fn a_template_that_loops_for_ever_runs_out_of_steps_at_its_line() {
    let project = Project::new("scenario");
    project.write(
        "templates/booklet.typ",
        "#import \"grognard.typ\": *\n#let s = json(\"scenario.json\")\n\
         {% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}\n\
         #gg-booklet-body(s)\n",
    );
    let started = Instant::now();
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let message = run.has("template-error", "templates/booklet.typ", 3);
    assert!(message.contains("fuel"), "{message}");
    assert!(
        run.stderr.contains("at most 50000000 steps"),
        "{}",
        run.stderr
    );
    assert!(started.elapsed() < Duration::from_secs(60));
}

/// Typst counts no steps: a loop in a template is stopped by the time
/// budget, as an error of that output, while the others are written.
#[test]
fn a_typst_loop_that_runs_for_minutes_is_stopped_by_its_time_budget() {
    let project = Project::new("good");
    let qrs = include_str!("../../templates/qrs.typ");
    project.write(
        "templates/qrs.typ",
        format!("{qrs}\n#let n = 0\n#for i in range(100000000) {{ n += i }}\n#n\n"),
    );
    project.append("grognard.toml", "\n[limits]\ntypeset_seconds = 2\n");
    let started = Instant::now();
    let build = project.build(&[]);
    assert_eq!(build.code, Some(1), "{}", build.stderr);
    assert!(
        build
            .stderr
            .contains("typesetting took longer than 2 s and was stopped"),
        "{}",
        build.stderr
    );
    assert!(build.stderr.contains("typeset_seconds"), "{}", build.stderr);
    assert!(started.elapsed() < Duration::from_secs(40));
    assert!(project.path().join("out/demo/demo-rules.pdf").is_file());
    assert!(!project.path().join("out/demo/demo-qrs.pdf").exists());
}

#[test]
fn a_typst_error_in_a_main_template_points_at_its_line() {
    let project = Project::new("good");
    let qrs = include_str!("../../templates/qrs.typ");
    let lines = qrs.lines().count();
    project.write("templates/qrs.typ", format!("{qrs}\n#no-such-function()\n"));
    let build = project.build(&[]);
    assert_eq!(build.code, Some(1), "{}", build.stderr);
    assert!(
        build
            .stderr
            .contains(&format!("templates/qrs.typ:{}:", lines + 2)),
        "{}",
        build.stderr
    );
}

#[test]
fn an_action_that_ends_before_it_starts_points_at_its_end() {
    let project = Project::new("scenario");
    project.replace(SCENARIO, "end = \"12:00\"", "end = \"09:00\"");
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    run.has("clock", SCENARIO, 6);
}

#[test]
fn text_that_is_not_utf8_is_located() {
    let project = Project::new("good");
    let mut bytes = std::fs::read(project.path().join("content/demo/tables/luck.toml")).unwrap();
    let third_line = bytes
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .nth(1)
        .unwrap()
        .0
        + 1;
    bytes.splice(third_line + 3..third_line + 3, [0xff, 0xfe]);
    project.write("content/demo/tables/luck.toml", bytes);
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("error[invalid-utf8]: the file is not valid UTF-8 text"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("content/demo/tables/luck.toml:3:4"),
        "{}",
        run.stderr
    );
}

#[test]
fn ten_thousand_nested_quotes_are_one_error() {
    let project = Project::new("good");
    project.append(CHAPTER, &format!("\n{} hondo\n", ">".repeat(10_000)));
    let run = project.check();
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let errors: Vec<_> = run
        .json()
        .into_iter()
        .filter(|d| d["severity"] == "error")
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0]["code"], "limit");
}

// ——— What a reader would see ———

#[test]
fn characters_without_a_glyph_and_text_off_the_page_are_warnings() {
    let project = Project::new("scenario");
    project.replace(
        SCENARIO,
        "name = \"2nd Blue Light\"",
        "name = \"Guardia 🛡 Ligera\"",
    );
    project.replace(
        SCENARIO,
        "name = \"1st Blue Line\"",
        &format!("name = \"{}\"", "Regimentsgrenadierbataillon".repeat(8)),
    );
    let build = project.build(&[]);
    assert_eq!(build.code, Some(0), "{}", build.stderr);
    assert!(
        build
            .stderr
            .contains("warning[layout]: `🛡` (U+1F6E1) prints as an empty box on page 1 of skirmish-1809-oob.pdf"),
        "{}",
        build.stderr
    );
    assert!(
        build.stderr.contains("scenario.toml:59:17"),
        "{}",
        build.stderr
    );
    assert!(
        build
            .stderr
            .contains("text runs off page 1 of skirmish-1809-hexrules-counters.pdf"),
        "{}",
        build.stderr
    );
}

// ——— Small things ———

#[test]
fn a_byte_order_mark_before_front_matter_is_accepted() {
    let project = Project::new("good");
    let text = std::fs::read_to_string(project.path().join(CHAPTER)).unwrap();
    project.write(CHAPTER, format!("\u{feff}{text}"));
    let run = project.check();
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn json_diagnostics_never_carry_a_raw_line_separator() {
    let project = Project::new("good");
    project.replace(
        "content/demo/tables/luck.toml",
        "kind = \"dice-test\"",
        "kind = \"dice\u{2028}test\"",
    );
    let run = project.check();
    assert_eq!(run.code, Some(1));
    assert!(!run.stdout.contains('\u{2028}'));
    assert!(run.stdout.contains("\\u2028"), "{}", run.stdout);
    assert_eq!(run.json().len(), run.stdout.lines().count());
}

#[test]
fn an_unusable_source_date_epoch_is_a_warning() {
    let project = Project::new("good");
    let run = project.run(&["build"], &[("SOURCE_DATE_EPOCH", "banana")]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("warning[source-date-epoch]: SOURCE_DATE_EPOCH is `banana`"),
        "{}",
        run.stderr
    );
}

// ——— Spreadsheets ———

/// Regression: unit names starting with `=`, `+`, `-`, `@` were exported as
/// written, and a spreadsheet ran them as formulas (`=HYPERLINK(…)`,
/// `=cmd|' /C calc'!A0`). Export writes them after a `'`, as OWASP advises,
/// and import takes them back as they were.
#[test]
fn an_exported_sheet_holds_no_live_formula_and_imports_back_as_it_was() {
    let project = Project::new("scenario");
    project.replace(
        SCENARIO,
        "name = \"1st Blue Line\"",
        "name = \"=cmd|' /C calc'!A0\"",
    );
    project.replace(
        SCENARIO,
        "name = \"2nd Blue Light\"",
        "name = \"@SUM(1+1)\"\nnote = \"-2 men\\t+1\"",
    );
    let exported = project.run(&["export", "skirmish-1809", "--csv"], &[]);
    assert_eq!(exported.code, Some(0), "{}", exported.stderr);
    let mut reader = csv::Reader::from_reader(exported.stdout.as_bytes());
    for record in reader.records() {
        for cell in record.unwrap().iter() {
            assert!(
                !cell.starts_with(['=', '+', '-', '@', '\t', '\r']),
                "a live formula: {cell:?}"
            );
        }
    }
    assert!(exported.stdout.contains("'=cmd|' /C calc'!A0"));
    project.write("sheet.csv", &exported.stdout);
    let sheet = project.path().join("sheet.csv");
    let imported = project.run(
        &[
            "import",
            sheet.to_str().unwrap(),
            "--scenario",
            "skirmish-copy",
        ],
        &[],
    );
    assert_eq!(imported.code, Some(0), "{}", imported.stderr);
    let again = project.run(&["export", "skirmish-copy", "--csv"], &[]);
    assert_eq!(
        again.stdout, exported.stdout,
        "the names come back as written"
    );
}

/// Regression: an id `../../x` or a 10 MB name was written into
/// scenarios/<id>/scenario.toml and only then rejected, leaving the whole
/// project failing `check`; an unterminated quote swallowed the next row
/// (a unit lost, exit 0); a second column with the same head won silently;
/// cells beyond the header were ignored. Each is now an error at its cell,
/// and nothing is written.
#[test]
fn an_import_validates_the_whole_sheet_before_it_writes_anything() {
    let project = Project::new("scenario");
    let head = "side,formation,id,unit,type,nation,men\n";
    let row =
        |id: &str, name: &str| format!("Blue,Blue Division,{id},{name},line-infantry,france,500\n");
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "an id that climbs out",
            format!("{head}{}", row("../../x", "Climber")),
            "`../../x` is not a valid id",
        ),
        (
            "a ten-megabyte name",
            format!("{head}{}", row("big", &"x".repeat(10 * 1024 * 1024))),
            "a cell of 10,485,760 characters",
        ),
        (
            "a quote left open",
            format!(
                "{head}Blue,Blue Division,a,\"Open quote,line-infantry,france,500\n{}{}",
                row("b", "Second"),
                row("c", "Third")
            ),
            "a quote left open in this cell takes in the row after it",
        ),
        (
            "a column twice",
            "side,formation,id,unit,type,nation,men,men\nBlue,Blue Division,a,A,line-infantry,france,500,600\n"
                .to_string(),
            "column `men` is given twice",
        ),
        (
            "a cell past the header",
            format!("{head}Blue,Blue Division,a,A,line-infantry,france,500,oops\n"),
            "a cell beyond the last column: `oops`",
        ),
    ];
    for (what, sheet, message) in cases {
        project.write("sheet.csv", &sheet);
        let path = project.path().join("sheet.csv");
        let run = project.run(
            &["import", path.to_str().unwrap(), "--scenario", "imported"],
            &[],
        );
        assert_eq!(run.code, Some(1), "{what}: {}", run.stderr);
        assert!(
            run.stderr.contains(message),
            "{what}: {}",
            &run.stderr[..run.stderr.len().min(3000)]
        );
        let line = if what == "a column twice" { 1 } else { 2 };
        assert!(
            run.stderr.contains(&format!("sheet.csv:{line}:")),
            "{what}: located at its row: {}",
            &run.stderr[..run.stderr.len().min(3000)]
        );
        assert!(
            !project.path().join("scenarios/imported").exists(),
            "{what}: nothing is written"
        );
    }
    // The project still checks clean.
    let check = project.check();
    assert_eq!(check.code, Some(0), "{}", check.stderr);
}

/// Regression: a scenario target ignored the errors of the rulesets it
/// reads: with a marker's `copies` over its limit `check` failed, but
/// `check quatre-bras-1815` and `build quatre-bras-1815` exited 0 and the
/// counter sheet had no order markers. A scenario is now stopped by the
/// errors of every ruleset its layers and conversions use, as `build
/// <ruleset>` is, and they are reported with it.
#[test]
fn a_scenario_target_is_stopped_by_the_errors_of_the_rulesets_it_reads() {
    let project = Project(crate::common::project_copy());
    project.replace(
        "content/sombra/ruleset.toml",
        "copies = 3",
        "copies = 1000000",
    );
    let check = project.run(&["check", "quatre-bras-1815"], &[]);
    assert_eq!(check.code, Some(1), "{}", check.stderr);
    assert!(
        check.stderr.contains("content/sombra/ruleset.toml"),
        "the ruleset's error is reported with the scenario: {}",
        check.stderr
    );
    let out = tempfile::tempdir().unwrap();
    let build = project.build(&["quatre-bras-1815", "--out", out.path().to_str().unwrap()]);
    assert_eq!(build.code, Some(1), "{}", build.stderr);
    assert!(
        !out.path().join("quatre-bras-1815").exists(),
        "nothing of the scenario is written"
    );
    // A scenario that reads no broken ruleset still builds.
    let somosierra = project.build(&[
        "somosierra-1808",
        "--only",
        "oob",
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert_eq!(somosierra.code, Some(0), "{}", somosierra.stderr);
}

// ——— The typeset cache ———

/// Regression: a kept entry was checked against its own record, not its
/// key, so a consistent entry copied under another key was used (the
/// rulebook came out as the quick-reference sheet). Entries swapped round
/// are all misses: a build gives the files it gave before.
#[test]
fn kept_entries_swapped_under_other_keys_are_not_used() {
    let project = Project::new("good");
    let first = project.build(&[]);
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    let read = |file: &str| std::fs::read(project.path().join("out").join(file)).unwrap();
    let before = (read("demo/demo-rules.pdf"), read("demo/demo-qrs.pdf"));
    let folder = project.path().join("out/.cache/typeset");
    let mut keys: Vec<std::path::PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .map(|p| p.with_extension(""))
        .collect();
    keys.sort();
    assert!(keys.len() >= 2, "{keys:?}");
    // Each entry's files under the next one's key.
    let contents: Vec<(Vec<u8>, Vec<u8>)> = keys
        .iter()
        .map(|k| {
            (
                std::fs::read(k.with_extension("pdf")).unwrap(),
                std::fs::read(k.with_extension("json")).unwrap(),
            )
        })
        .collect();
    for (i, key) in keys.iter().enumerate() {
        let (pdf, json) = &contents[(i + 1) % keys.len()];
        std::fs::write(key.with_extension("pdf"), pdf).unwrap();
        std::fs::write(key.with_extension("json"), json).unwrap();
    }
    let second = project.build(&[]);
    assert_eq!(second.code, Some(0), "{}", second.stderr);
    assert!(
        before.0 == read("demo/demo-rules.pdf"),
        "the rulebook is the rulebook"
    );
    assert!(
        before.1 == read("demo/demo-qrs.pdf"),
        "the sheet is the sheet"
    );
}

/// Regression: with `out/.cache` a link to another folder, the cache was
/// kept there and its tidy could delete the author's own `.pdf` and
/// `.json` files. A cache folder that is a link is not used.
#[cfg(unix)]
#[test]
fn a_cache_folder_that_is_a_link_is_not_used() {
    let project = Project::new("good");
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::write(elsewhere.path().join("mine.json"), "{}").unwrap();
    std::fs::write(elsewhere.path().join("mine.pdf"), "%PDF").unwrap();
    std::fs::create_dir_all(project.path().join("out")).unwrap();
    std::os::unix::fs::symlink(elsewhere.path(), project.path().join("out/.cache")).unwrap();
    let run = project.build(&[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut left: Vec<String> = std::fs::read_dir(elsewhere.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        ["mine.json", "mine.pdf"],
        "nothing is kept through the link"
    );
}

// ——— grognard diff ———

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("git runs");
    assert!(status.success(), "git {args:?}");
}

/// A project under git with one commit, tagged `v1`.
fn repository() -> Project {
    let project = Project::new("editions");
    git(project.path(), &["init", "-q"]);
    git(project.path(), &["add", "-A"]);
    git(project.path(), &["commit", "-q", "-m", "one"]);
    git(project.path(), &["tag", "v1"]);
    project
}

/// Regression: `diff` quoted a whole outside file through a ref that is a
/// link (`.git/refs/tags/pw -> /etc/passwd`); echoed a 100,000-character
/// revision name whole; and dropped the earlier edition's load errors
/// (against an empty folder or /etc it exited 0, and a ruleset whose
/// ruleset.toml did not parse was silently left out of the errata).
#[cfg(unix)]
#[test]
fn diff_quotes_no_outside_file_and_reports_both_editions_errors() {
    let project = repository();
    let secret = tempfile::tempdir().unwrap();
    let outside = secret.path().join("secret.txt");
    std::fs::write(&outside, "the-secret-line\n").unwrap();
    std::os::unix::fs::symlink(&outside, project.path().join(".git/refs/tags/pw")).unwrap();
    let run = project.run(&["diff", "pw"], &[]);
    assert_ne!(run.code, Some(0));
    assert!(!run.stderr.contains("the-secret-line"), "{}", run.stderr);
    assert!(
        run.stderr.contains("a link out of the repository"),
        "{}",
        run.stderr
    );
    let long = "x".repeat(100_000);
    let run = project.run(&["diff", &long], &[]);
    assert_ne!(run.code, Some(0));
    assert!(run.stderr.len() < 2_000, "{} bytes", run.stderr.len());
    // Not a project.
    let empty = tempfile::tempdir().unwrap();
    for folder in [empty.path(), Path::new("/etc")] {
        let run = project.run(&["diff", folder.to_str().unwrap()], &[]);
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        assert!(
            run.stderr.contains("holds no grognard.toml"),
            "{}",
            run.stderr
        );
    }
    // An earlier edition whose ruleset does not parse.
    let old = tempfile::tempdir().unwrap();
    crate::common::copy_dir(project.path(), old.path());
    std::fs::write(
        old.path().join("content/hexrules/ruleset.toml"),
        "id = \"hexrules\"\nname = [\n",
    )
    .unwrap();
    let run = project.run(&["diff", old.path().to_str().unwrap()], &[]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("the earlier edition"), "{}", run.stderr);
    assert!(
        run.stderr.contains("content/hexrules/ruleset.toml"),
        "{}",
        run.stderr
    );
}

/// Regression: `diff` inflated a whole blob before its size limit: a 1 GiB
/// blob from a few MB of `.git` took a gigabyte. Its size is read first.
#[test]
fn diff_refuses_a_huge_blob_before_reading_it() {
    let project = repository();
    // 600 MB of one byte compresses to well under a megabyte.
    let big = project.path().join("content/hexrules/big.txt");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(600 * 1024 * 1024).unwrap();
    git(project.path(), &["add", "-A"]);
    git(project.path(), &["commit", "-q", "-m", "big"]);
    git(project.path(), &["tag", "v2"]);
    std::fs::remove_file(&big).unwrap();
    let (run, peak) = project.run_measured(&["diff", "v2"]);
    assert_ne!(run.code, Some(0));
    assert!(
        run.stderr.contains("not a project to compare"),
        "{}",
        run.stderr
    );
    assert!(peak < 450 * 1024 * 1024, "peak {} MB", peak >> 20);
}

/// Regression: Ctrl-C during `diff` left its temporary checkout behind,
/// every time. It is removed, and the run ends with 130.
#[cfg(unix)]
#[test]
fn an_interrupted_diff_leaves_no_temporary_checkout() {
    let project = repository();
    let temporary = tempfile::tempdir().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_grognard"))
        .arg("--root")
        .arg(project.path())
        .args(["diff", "v1"])
        .env("TMPDIR", temporary.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("grognard runs");
    // Interrupted once the checkout is there.
    let started = Instant::now();
    while std::fs::read_dir(temporary.path())
        .unwrap()
        .next()
        .is_none()
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no checkout made"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    // SAFETY: sends a signal to the child this test started.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let status = child.wait_with_output().unwrap().status;
    let left: Vec<_> = std::fs::read_dir(temporary.path()).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?} ({status:?})");
    assert_eq!(status.code(), Some(130), "interrupted, not finished");
}

// `serve` and `watch` under a hostile page, client or project.

mod served {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    use std::process::Command;
    use std::time::{Duration, Instant};

    use crate::common::copy_fixture;
    use crate::watch::{Running, free_port, get};

    /// The smallest project with a web edition: the fixture's one ruleset.
    fn project() -> tempfile::TempDir {
        copy_fixture("good")
    }

    /// Starts `serve demo` (under a shell that first runs `limit`), waits for its first build.
    fn serve(root: &std::path::Path, limit: &str) -> (Running, u16) {
        let port = free_port();
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("{limit} exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_grognard"))
            .arg("--root")
            .arg(root)
            .args(["serve", "demo", "--port", &port.to_string()]);
        let mut running = Running::spawn(command);
        running.next_build();
        (running, port)
    }

    /// The raw response to raw request bytes, read until the server closes or
    /// `within` passes; none when the connection fails.
    fn exchange(port: u16, request: &[u8], within: Duration) -> Option<String> {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
        stream.set_read_timeout(Some(within)).unwrap();
        stream.write_all(request).ok()?;
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        Some(String::from_utf8_lossy(&response).into_owned())
    }

    /// A process's threads and resident memory in kB, from /proc.
    fn threads_and_memory(pid: u32) -> (u64, u64) {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
                .unwrap_or(0)
        };
        (field("Threads:"), field("VmRSS:"))
    }

    const PAGE: &str = "/demo/html/index.html";

    #[test]
    fn serve_outlasts_thousands_of_connections_idle_clients_waiting_pages_and_huge_heads() {
        let project = project();
        let (server, port) = serve(project.path(), "");
        // 2,000 connections opened and closed, half of them mid-request.
        for n in 0..2000 {
            let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the server accepts");
            if n % 2 == 0 {
                let _ = stream.write_all(b"GET /demo/html/ HTTP/1.1\r\nHo");
            }
        }
        // 200 idle connections and 300 pages waiting for the next build, held.
        let idle: Vec<TcpStream> = (0..200)
            .map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap())
            .collect();
        let waiting: Vec<TcpStream> = (0..300)
            .map(|_| {
                let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
                let request = "GET /__grognard/reload?since=1 HTTP/1.1\r\nHost: localhost\r\n\r\n";
                stream.write_all(request.as_bytes()).unwrap();
                stream
            })
            .collect();
        std::thread::sleep(Duration::from_millis(300));
        let asked = Instant::now();
        let (status, page) = get(port, PAGE);
        assert_eq!(status, 200);
        assert!(page.contains("<html"), "{page}");
        assert!(
            asked.elapsed() < Duration::from_secs(2),
            "{:?}",
            asked.elapsed()
        );
        // Waiting pages are tasks, not threads.
        let (threads, memory) = threads_and_memory(server.id());
        assert!(threads < 40, "{threads} threads for 500 open connections");
        // A head of ten megabytes is cut off at its bound: the memory it can
        // hold is that bound, and the connection is answered 431 or closed.
        let mut huge = b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Long: ".to_vec();
        huge.resize(10 << 20, b'a');
        let answer = exchange(port, &huge, Duration::from_secs(10)).unwrap_or_default();
        assert!(
            answer.is_empty() || answer.starts_with("HTTP/1.1 431"),
            "{answer:.200}"
        );
        let (_, after) = threads_and_memory(server.id());
        assert!(
            after < memory + 20_000,
            "{memory} kB before, {after} kB after"
        );
        // A client that sends nothing is closed within the deadline for heads.
        let mut silent = TcpStream::connect(("127.0.0.1", port)).unwrap();
        silent
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let opened = Instant::now();
        let mut buffer = [0; 256];
        let read = silent.read(&mut buffer);
        assert!(
            read.is_ok() && opened.elapsed() < Duration::from_secs(20),
            "{read:?} after {:?}",
            opened.elapsed()
        );
        drop((idle, waiting));
        assert_eq!(get(port, PAGE).0, 200);
    }

    #[test]
    fn serve_outlasts_running_out_of_file_descriptors() {
        let project = project();
        let (_server, port) = serve(project.path(), "ulimit -n 128 &&");
        // More connections than the process may have descriptors, held at once.
        // (150: what the kernel's queue of 128 holds beyond those accepted.)
        let held: Vec<TcpStream> = (0..150)
            .filter_map(|_| TcpStream::connect(("127.0.0.1", port)).ok())
            .collect();
        assert!(held.len() > 128, "{} connections", held.len());
        drop(held);
        // Closed: the server answers again (the idle ones it had accepted
        // are closed by the deadline for heads at the latest).
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let answer = exchange(
                port,
                format!("GET {PAGE} HTTP/1.0\r\nHost: localhost\r\n\r\n").as_bytes(),
                Duration::from_secs(15),
            );
            match answer {
                Some(answer) if answer.starts_with("HTTP/1.0 200") => break,
                other => assert!(
                    Instant::now() < deadline,
                    "no answer 30 s after the connections closed: {other:?}"
                ),
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    #[test]
    fn serve_keeps_to_out_and_its_own_host_and_answers_head() {
        let project = project();
        let (_server, port) = serve(project.path(), "");
        let out = project.path().join("out");
        // An index page, a file and a folder linked out of out/, and a pipe
        // that would block a reader: none is served.
        std::fs::create_dir_all(out.join("x")).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", out.join("x/index.html")).unwrap();
        std::os::unix::fs::symlink("/etc", out.join("etc")).unwrap();
        std::os::unix::fs::symlink(project.path().join("grognard.toml"), out.join("m.txt"))
            .unwrap();
        let made = Command::new("mkfifo").arg(out.join("pipe.txt")).status();
        assert!(made.is_ok_and(|s| s.success()));
        for path in [
            "/x/",
            "/x/index.html",
            "/x",
            "/etc/passwd",
            "/etc/",
            "/m.txt",
            "/pipe.txt",
        ] {
            let (status, body) = get(port, path);
            assert_eq!(status, 404, "{path}: {body:.200}");
            assert!(!body.contains("root:"), "{path}");
        }
        // Only the loopback address it bound, by address or as localhost.
        let ask = |host: &str| {
            let request = format!("GET {PAGE} HTTP/1.0\r\nHost: {host}\r\n\r\n");
            exchange(port, request.as_bytes(), Duration::from_secs(10)).unwrap()
        };
        for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}")] {
            assert!(ask(&host).starts_with("HTTP/1.0 200"), "{host}");
        }
        for host in [
            format!("attacker.example:{port}"),
            "attacker.example".to_string(),
            format!("127.0.0.1:{}", port.wrapping_add(1)),
            format!("localhost.attacker.example:{port}"),
        ] {
            let answer = ask(&host);
            assert!(answer.starts_with("HTTP/1.0 421"), "{host}: {answer:.200}");
            assert!(!answer.contains("<html"), "{host}");
        }
        let no_host = exchange(port, b"GET / HTTP/1.0\r\n\r\n", Duration::from_secs(10)).unwrap();
        assert!(no_host.starts_with("HTTP/1.0 421"), "{no_host:.200}");
        // HEAD: the head of GET's answer, no body.
        let head = exchange(
            port,
            b"HEAD /demo/html/index.html HTTP/1.0\r\nHost: localhost\r\n\r\n",
            Duration::from_secs(10),
        )
        .unwrap();
        assert!(head.starts_with("HTTP/1.0 200"), "{head:.200}");
        assert!(
            head.ends_with("\r\n\r\n"),
            "a body after the head: {head:.400}"
        );
        let post = exchange(
            port,
            b"POST / HTTP/1.0\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n",
            Duration::from_secs(10),
        )
        .unwrap();
        assert!(
            post.starts_with("HTTP/1.0 405") && post.contains("GET, HEAD"),
            "{post:.300}"
        );
    }

    #[test]
    fn watch_builds_once_its_files_are_quiet_whatever_else_is_written() {
        let project = project();
        let mut watch = Running::start(project.path(), &["watch", "demo", "--only", "html"]);
        watch.next_build();
        // Other programs write in the project without pause: a log at its
        // root, files in a folder of their own, an editor's swap file.
        let root = project.path().to_path_buf();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let writer = {
            let (root, stop) = (root.clone(), std::sync::Arc::clone(&stop));
            std::thread::spawn(move || {
                std::fs::create_dir_all(root.join("notes")).unwrap();
                let swap = root.join("content/demo/chapters/.01-fuego.md.swp");
                let mut n = 0u64;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    std::fs::write(root.join("session.log"), n.to_string()).unwrap();
                    std::fs::write(root.join("notes/draft.txt"), n.to_string()).unwrap();
                    std::fs::write(&swap, n.to_string()).unwrap();
                    n += 1;
                    std::thread::sleep(Duration::from_millis(5));
                }
            })
        };
        std::thread::sleep(Duration::from_millis(300));
        let chapter = root.join("content/demo/chapters/01-fuego.md");
        let mut text = std::fs::read_to_string(&chapter).unwrap();
        text.push_str("\n\nOtro párrafo.\n");
        let edited = Instant::now();
        std::fs::write(&chapter, text).unwrap();
        let build = watch.next_build().join("\n");
        let waited = edited.elapsed();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        writer.join().unwrap();
        let took: u64 = build
            .rsplit(" changed in ")
            .next()
            .and_then(|rest| rest.split(" ms").next()?.parse().ok())
            .unwrap_or_else(|| panic!("no build time in {build}"));
        let started_after = waited.saturating_sub(Duration::from_millis(took));
        assert!(
            started_after < Duration::from_secs(2),
            "the build started {started_after:?} after the edit:\n{build}"
        );
    }
}
