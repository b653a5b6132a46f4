//! A mutation fuzzer over real sources: every case takes a source file (one of
//! the project's own, a fixture's, or the corpus in tests/fuzz/corpus),
//! mutates it with what authors and attackers write, puts it into a small
//! project and runs `check` — and now and then a whole build — in process.
//! A panic, or a case that runs too long, fails the test with the input saved.
//!
//! It runs for `GROGNARD_FUZZ_SECONDS` (default 15; CI runs it longer) from
//! the seed `GROGNARD_FUZZ_SEED` (default: the clock, printed for replay).
//! Inputs worth keeping go into tests/fuzz/corpus/<slot>/.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Where in the project a mutated file goes, and the seeds for it.
struct Slot {
    name: &'static str,
    /// Path of the file in the fuzz project.
    path: &'static str,
    /// Globs (folder, extension) of seed files in the repository.
    seeds: &'static [(&'static str, &'static str)],
}

const SLOTS: &[Slot] = &[
    Slot {
        name: "manifest",
        path: "grognard.toml",
        seeds: &[("tests/fixtures/scenario", "grognard.toml")],
    },
    Slot {
        name: "ruleset",
        path: "content/demo/ruleset.toml",
        seeds: &[
            ("content/*", "ruleset.toml"),
            ("tests/fixtures/*/content/*", "ruleset.toml"),
        ],
    },
    Slot {
        name: "table",
        path: "content/demo/tables/fuzz.toml",
        seeds: &[
            ("content/*/tables", ".toml"),
            ("tests/fixtures/*/content/*/tables", ".toml"),
        ],
    },
    Slot {
        name: "chapter",
        path: "content/demo/chapters/09-fuzz.md",
        seeds: &[
            ("content/*/chapters", ".md"),
            ("tests/fixtures/*/content/*/chapters", ".md"),
        ],
    },
    Slot {
        name: "scenario",
        path: "scenarios/skirmish-1809/scenario.toml",
        seeds: &[
            ("scenarios/*", "scenario.toml"),
            ("tests/fixtures/scenario/scenarios/*", "scenario.toml"),
        ],
    },
    Slot {
        name: "layer",
        path: "scenarios/skirmish-1809/hexrules.toml",
        seeds: &[
            ("tests/fixtures/scenario/scenarios/*", "hexrules.toml"),
            ("scenarios/quatre-bras-1815", "sombra.toml"),
        ],
    },
    Slot {
        name: "neutral",
        path: "scenarios/neutral.toml",
        seeds: &[("scenarios", "neutral.toml")],
    },
    Slot {
        name: "template",
        path: "templates/booklet.typ",
        seeds: &[("templates", "booklet.typ")],
    },
];

/// What authors mistype and attackers try.
const TOKENS: &[&str] = &[
    "\"",
    "=",
    "[",
    "]",
    "[[",
    "]]",
    "{",
    "}",
    "\"\" = 1",
    ",",
    "nan",
    "inf",
    "-inf",
    "-1",
    "0",
    "4294967295",
    "9223372036854775807",
    "-9223372036854775808",
    "1e308",
    "0.5",
    "#",
    "](#",
    "[r]: #",
    "[r]",
    "\u{feff}",
    "\u{2028}",
    "+++",
    "\n",
    "\n## ",
    "\n- ",
    "\n> ",
    "\n```\n",
    "\n```table x\n```\n",
    "\n```example fire\ninputs = []\n```\n",
    "{#x}",
    "$",
    "<",
    ">",
    "😀",
    "\"+2:00\"",
    "\"25:61\"",
    "\"ZZZ9\"",
    "{{",
    "{%",
    "%}",
    "}}",
    "#read(\"/etc/passwd\")",
    ")[];#pagebreak();",
    "\\",
    "'",
    "\t",
    "\r\n",
    "true",
    "[]",
    "{}",
    "\"1/0\"",
    "\"1/4294967296\"",
    "\"20d100\"",
    "\"0d6\"",
    "id = \"\"",
    "parent = \"",
    "turns = 100000",
    "copies = 4000000",
];

/// Numbers that break arithmetic.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "1000001",
    "1e9",
    "-0.0",
];

/// A small, repeatable random source (xorshift*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn mutate(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let mut bytes = input.to_vec();
    for _ in 0..1 + rng.below(8) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(9) {
            0 | 1 => {
                let token = rng.pick(TOKENS).as_bytes();
                bytes.splice(at..at, token.iter().copied());
            }
            2 => {
                let end = (at + rng.below(64)).min(bytes.len());
                bytes.drain(at..end);
            }
            3 => {
                let end = (at + rng.below(256)).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                let to = rng.below(bytes.len() + 1);
                bytes.splice(to..to, copy);
            }
            4 => {
                // Replace the number that starts nearest after `at`.
                if let Some(start) = bytes[at..].iter().position(u8::is_ascii_digit) {
                    let start = at + start;
                    let len = bytes[start..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    let number = rng.pick(NUMBERS).as_bytes();
                    bytes.splice(start..start + len, number.iter().copied());
                }
            }
            5 => bytes.truncate(at),
            6 => {
                let byte = (rng.next() & 0xff) as u8;
                bytes.insert(at, byte);
            }
            7 => {
                // A long run: limits must hold, not time.
                let run = vec![b'a'; 1 + rng.below(20_000)];
                bytes.splice(at..at, run);
            }
            _ => {
                // Nesting, the way recursion breaks.
                let open = *rng.pick(&["[", "{ a = ", "- ", "> ", "\n  - "]);
                let depth = 1 + rng.below(2_000);
                let nest = open.repeat(depth);
                bytes.splice(at..at, nest.bytes());
            }
        }
    }
    bytes
}

/// Every file matching a seed pattern: `*` matches one folder level.
fn seed_files(root: &Path, folder: &str, suffix: &str) -> Vec<PathBuf> {
    let mut folders = vec![root.to_path_buf()];
    for part in folder.split('/') {
        folders = folders
            .into_iter()
            .flat_map(|f| -> Vec<PathBuf> {
                if part == "*" {
                    std::fs::read_dir(&f)
                        .into_iter()
                        .flatten()
                        .flatten()
                        .map(|e| e.path())
                        .filter(|p| p.is_dir())
                        .collect()
                } else {
                    vec![f.join(part)]
                }
            })
            .collect();
    }
    let mut files: Vec<PathBuf> = folders
        .iter()
        .flat_map(|f| std::fs::read_dir(f).into_iter().flatten().flatten())
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.to_string_lossy().ends_with(suffix))
        .collect();
    files.sort();
    files
}

fn seeds(slot: &Slot) -> Vec<Vec<u8>> {
    let root = crate::common::repo_root();
    let mut files: Vec<PathBuf> = slot
        .seeds
        .iter()
        .flat_map(|(folder, suffix)| seed_files(&root, folder, suffix))
        .collect();
    let corpus = root.join("tests/fuzz/corpus").join(slot.name);
    files.extend(seed_files(&corpus, ".", ""));
    files.iter().filter_map(|f| std::fs::read(f).ok()).collect()
}

/// The project every case starts from: the scenario fixture with the demo
/// ruleset of the good fixture beside it.
fn base_project() -> tempfile::TempDir {
    let project = crate::common::copy_fixture("scenario");
    crate::common::copy_dir(
        &crate::common::fixture("good/content/demo"),
        &project.path().join("content/demo"),
    );
    project
}

/// Loads, checks and (with `build`) builds the fuzz project as it stands.
fn run_case(project: &Path, out: &Path, build: bool) {
    let mut session = grognard::load(project);
    if build {
        let targets = grognard::select_targets(&mut session, &[]);
        grognard::build(&mut session, &targets, &[], out, |_| {});
    }
    // Diagnostics render whatever the sources hold.
    session.diagnostics.sort();
    grognard::diagnostic::render_human(&session.diagnostics, &session.sources, false);
    grognard::diagnostic::render_json(&session.diagnostics, &session.sources);
}

/// Every input kept in the corpus, unmutated, checks and builds without a panic.
#[test]
fn every_corpus_input_checks_and_builds() {
    let project = base_project();
    let out = tempfile::tempdir().unwrap();
    let corpus = crate::common::repo_root().join("tests/fuzz/corpus");
    for slot in SLOTS {
        for input in seed_files(&corpus.join(slot.name), ".", "") {
            let path = project.path().join(slot.path);
            let original = std::fs::read(&path).ok();
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::copy(&input, &path).unwrap();
            run_case(project.path(), out.path(), true);
            match original {
                Some(bytes) => std::fs::write(&path, bytes).unwrap(),
                None => std::fs::remove_file(&path).unwrap(),
            }
        }
    }
}

#[test]
fn mutated_sources_never_panic_or_hang() {
    let seconds: u64 = std::env::var("GROGNARD_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    let seed: u64 = std::env::var("GROGNARD_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        })
        | 1;
    println!("fuzzing for {seconds} s from seed {seed} (GROGNARD_FUZZ_SEED={seed} replays it)");
    let mut rng = Rng(seed);
    let project = base_project();
    let out = tempfile::tempdir().unwrap();
    let seeds: Vec<Vec<Vec<u8>>> = SLOTS.iter().map(seeds).collect();
    for (slot, found) in SLOTS.iter().zip(&seeds) {
        assert!(!found.is_empty(), "no seeds for {}", slot.name);
    }

    // A watchdog: a case that runs for a minute is a hang.
    let started = Arc::new(AtomicU64::new(u64::MAX));
    let clock = Instant::now();
    {
        let started = Arc::clone(&started);
        let failures = project.path().join("hang.txt");
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_secs(1));
                let at = started.load(Ordering::SeqCst);
                if at != u64::MAX && clock.elapsed().as_secs() > at + 60 {
                    eprintln!(
                        "a case ran for over a minute (a hang); its input is in {}",
                        failures.display()
                    );
                    std::process::abort();
                }
            }
        });
    }

    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut cases = 0u64;
    let mut builds = 0u64;
    let mut failures = Vec::new();
    while Instant::now() < deadline {
        let index = rng.below(SLOTS.len());
        let slot = &SLOTS[index];
        let seed_input = seeds[index][rng.below(seeds[index].len())].clone();
        let input = mutate(&mut rng, &seed_input);
        let path = project.path().join(slot.path);
        let original = std::fs::read(&path).ok();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &input).unwrap();
        std::fs::write(project.path().join("hang.txt"), &input).unwrap();
        let build = cases.is_multiple_of(40);
        started.store(clock.elapsed().as_secs(), Ordering::SeqCst);
        let result = std::panic::catch_unwind(|| {
            let mut session = grognard::load(project.path());
            if build {
                let targets = grognard::select_targets(&mut session, &[]);
                grognard::build(&mut session, &targets, &[], out.path(), |_| {});
            }
            // Diagnostics render whatever the sources hold.
            session.diagnostics.sort();
            grognard::diagnostic::render_human(&session.diagnostics, &session.sources, false);
            grognard::diagnostic::render_json(&session.diagnostics, &session.sources);
        });
        started.store(u64::MAX, Ordering::SeqCst);
        if result.is_err() {
            let saved = save_failure(slot.name, &input);
            failures.push(format!("{} (saved as {})", slot.name, saved.display()));
        }
        match original {
            Some(bytes) => std::fs::write(&path, bytes).unwrap(),
            None => std::fs::remove_file(&path).unwrap(),
        }
        cases += 1;
        builds += u64::from(build);
    }
    println!(
        "{cases} cases, {builds} of them built, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "panics on: {failures:#?} (seed {seed})"
    );
}

/// Keeps a failing input under target/fuzz-failures for the corpus.
fn save_failure(slot: &str, input: &[u8]) -> PathBuf {
    let folder = crate::common::repo_root()
        .join("target/fuzz-failures")
        .join(slot);
    std::fs::create_dir_all(&folder).unwrap();
    let name = format!("{:016x}", fxhash(input));
    let path = folder.join(name);
    std::fs::write(&path, input).unwrap();
    path
}

fn fxhash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
    })
}
