//! Speed of the main jobs, as medians over repeated runs (`cargo bench`).
//! Targets on the 2-core reference machine: rulebook ≤ 500 ms, check ≤ 50 ms.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn time(runs: usize, mut job: impl FnMut()) -> Duration {
    job(); // warm up caches (fonts, file system)
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                job();
                start.elapsed()
            })
            .collect(),
    )
}

fn report(name: &str, median: Duration, target_ms: u128) {
    let ms = median.as_secs_f64() * 1000.0;
    let verdict = if median.as_millis() <= target_ms {
        "ok"
    } else {
        "OVER"
    };
    println!("{name:<44} median {ms:>8.1} ms   target ≤ {target_ms} ms   {verdict}");
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = tempfile::tempdir().expect("temporary folder");
    let binary = Path::new(env!("CARGO_BIN_EXE_grognard"));
    // `cargo bench -- check` runs only the groups whose name holds "check".
    let filter = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    let wants = |group: &str| filter.as_deref().is_none_or(|f| group.contains(f));

    // First, while this process is small: a child's peak memory as Linux
    // reports it includes the parent's at the moment it was spawned.
    if wants("counters") {
        counters_whole_process(binary);
    }
    if wants("limits") {
        memory_at_the_default_limits(binary);
    }

    if wants("check") {
        let check = time(50, || {
            let session = grognard::load(&root);
            assert!(!session.diagnostics.has_errors());
        });
        report("check (load + lints, whole project)", check, 50);
    }
    if wants("vassal") {
        // The Quatre Bras module as a whole process: its images typeset, the
        // quick-reference charts, the rulebook for the Help menu, zipped.
        // As a build after another: the rulebook's PDF is the one kept from
        // the run before (its sources did not change), the rest is made anew.
        let kept = tempfile::tempdir().expect("temporary folder");
        let (module, cold) = side_by_side(
            7,
            || {
                let command = Command::new(binary);
                build_in(command, &root, "quatre-bras-1815", "vassal", kept.path())
            },
            || build_one(binary, &root, "quatre-bras-1815", "vassal", out.path()),
        );
        report("VASSAL module of Quatre Bras, whole process", module, 1000);
        report("  the same with nothing kept (rulebook too)", cold, 1000);
    }
    if wants("diff") {
        diff_two_revisions(binary, &root);
    }
    if wants("html") {
        let session = grognard::load(&root);
        let ruleset = session.project.ruleset("ved").expect("the VED ruleset");
        let templates = session.templates.of(&ruleset.folder);
        let web = time(20, || {
            for page in grognard::render::backends::html::pages(ruleset) {
                grognard::render::backends::html::render_page(
                    ruleset,
                    templates,
                    &session.sources,
                    &[],
                    None,
                    &page,
                )
                .expect("every page renders");
            }
        });
        report("VED web edition, every page, in process", web, 100);
    }
    if wants("watch") {
        watch_edit_to_pdf(binary, &root);
    }
    if wants("parallel") {
        serial_against_parallel(binary, &root);
    }
    if wants("readback") {
        readback_and_package_check(binary, &root);
    }
    if wants("compare") {
        against_pandoc(binary, &root);
        against_latex_wargame(binary, &root);
    }
    if !wants("rest") {
        return;
    }

    let test = dice_test_with_twenty_modifiers();
    let location = grognard::diagnostic::Location::new(0, 0..0);
    let coverage = time(50, || {
        let mut found = Vec::new();
        let limits = grognard::model::limits::Limits::default();
        grognard::check::dice::check(&test, 11, &location, &limits, &mut found);
        assert!(found.iter().all(|d| d.code != "dice-coverage"));
    });
    report("dice coverage, 2d10 with 20 modifiers", coverage, 100);

    let project = grognard::load(&root).project;
    let scenario = battalions(500);
    for to in ["ved", "polk"] {
        let conversion = time(50, || {
            let converted = grognard::convert::convert(&project, &scenario, to, None).unwrap();
            assert_eq!(converted.conversion.arrivals.len(), 500);
        });
        report(
            &format!("convert 500 units to {to} (layer + report)"),
            conversion,
            20,
        );
    }
    // Conversion grows with its units: 40 times the units, about 40 times the time.
    let large = battalions(20_000);
    let conversion = time(5, || {
        let converted = grognard::convert::convert(&project, &large, "polk", None).unwrap();
        assert_eq!(converted.conversion.arrivals.len(), 20_000);
    });
    report(
        "convert 20,000 units to polk (layer + report)",
        conversion,
        800,
    );
    let small = time(50, || {
        grognard::convert::convert(&project, &scenario, "polk", None).unwrap();
    });
    println!(
        "  linearity: {:.2}× the time per unit at 20,000 as at 500 (1.00 = linear)",
        (conversion.as_secs_f64() / 20_000.0) / (small.as_secs_f64() / 500.0)
    );

    counters_bench();
    map_bench();
    import_bench(binary, &root);

    // Typst memoizes across compilations in one process; evicting its cache
    // makes every run a cold build, as a fresh `build` is.
    let rulebook = time(15, || {
        typst::comemo::evict(0);
        build_in_process(&root, out.path());
    });
    report("VED rulebook, in process, cold (load → PDF)", rulebook, 500);
    let warm = time(15, || build_in_process(&root, out.path()));
    report("VED rulebook, in process, warm (rebuild)", warm, 500);

    // A deck of quick-reference cards, as `build --only cards` makes it.
    for ruleset in ["ved", "polk"] {
        let deck = time(15, || {
            typst::comemo::evict(0);
            let mut session = grognard::load(&root);
            let targets = grognard::select_targets(&mut session, &[ruleset.to_string()]);
            let only = ["cards".to_string()];
            let outputs = grognard::build(&mut session, &targets, &only, out.path(), |_| {});
            assert_eq!(outputs.len(), 1, "the deck");
        });
        report(&format!("{ruleset} card deck, in process, cold"), deck, 300);
    }

    let process = time(10, || {
        let status = grognard(binary)
            .args([
                "--root",
                root.to_str().unwrap(),
                "build",
                "ved",
                "--only",
                "rules,qrs",
                "--out",
            ])
            .arg(out.path())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("grognard runs");
        assert!(status.success());
    });
    report("VED rulebook, whole process (`build ved`)", process, 500);
}

/// `grognard import` of a 2,000-unit spreadsheet into a project with the
/// repository's rulesets, then the check of the new scenario: one process,
/// as a designer runs it.
fn import_bench(binary: &Path, root: &Path) {
    let project = tempfile::tempdir().expect("temporary folder");
    copy_dir(&root.join("content"), &project.path().join("content"));
    std::fs::create_dir_all(project.path().join("scenarios")).unwrap();
    std::fs::copy(
        root.join("scenarios/neutral.toml"),
        project.path().join("scenarios/neutral.toml"),
    )
    .unwrap();
    std::fs::write(project.path().join("grognard.toml"), "title = \"Import\"\n").unwrap();
    let mut sheet = String::from("side,formation,unit,type,nation,battalions,men,arrives,source\n");
    for i in 0..2_000 {
        let side = if i % 2 == 0 {
            "Francés [french]"
        } else {
            "Aliado [allies]"
        };
        sheet.push_str(&format!(
            "{side},Army [army] > Corps {} [corps] > Division {} [division] > Brigade {},Regiment {i},line-infantry,france,{},{},{:02}:00,\"Oman, vol. IV\"\n",
            i % 4,
            i % 20,
            i % 100,
            1 + i % 3,
            400 + i % 900,
            8 + i % 10,
        ));
    }
    let file = project.path().join("oob.csv");
    std::fs::write(&file, sheet).unwrap();
    let import = time(10, || {
        let status = grognard(binary)
            .arg("--root")
            .arg(project.path())
            .args([
                "import",
                file.to_str().unwrap(),
                "--scenario",
                "big",
                "--force",
            ])
            .stderr(std::process::Stdio::null())
            .status()
            .expect("grognard runs");
        assert!(status.success());
    });
    report("import + check a 2,000-unit CSV (process)", import, 200);
}

/// `grognard build --only counters` on generated scenarios, as a user runs it:
/// load, check, lay out, typeset, write. Sizes grow so that the children's
/// peak memory (the largest so far) belongs to the run just timed; the
/// bench's own peak is printed as the floor of that figure.
fn counters_whole_process(binary: &Path) {
    let mut per_counter = Vec::new();
    // The fixture's ruleset adds a numbered marker per two units of a side, so
    // these unit counts make about 120, 2,000 and 10,000 counters.
    for (units, runs, target) in [(72, 10, 100), (1326, 5, 1000), (6660, 3, 5000)] {
        let project = hex_project(units);
        let count = counter_count(project.path());
        let out = project.path().join("out");
        let median = time(runs, || {
            let status = grognard(binary)
                .arg("--root")
                .arg(project.path())
                .args(["build", "skirmish-1809", "--only", "counters", "--out"])
                .arg(&out)
                .stderr(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .status()
                .expect("grognard runs");
            assert!(status.success());
        });
        report(
            &format!("{count} double-sided counters, whole process"),
            median,
            target,
        );
        println!(
            "  peak memory of the process: {} MB (this bench itself: {} MB)",
            peak_kb(libc::RUSAGE_CHILDREN) / 1024,
            peak_kb(libc::RUSAGE_SELF) / 1024
        );
        per_counter.push((count, median.as_secs_f64() * 1e6 / count as f64));
    }
    for (n, us) in &per_counter {
        println!("  {n:>6} counters: {us:.1} µs per counter (whole process)");
    }
    let (small, large) = (per_counter[1].1, per_counter[2].1);
    println!(
        "  linearity: {:.2}× the time per counter at {} as at {} (1.00 = linear)",
        large / small,
        per_counter[2].0,
        per_counter[1].0
    );
}

/// The peak memory of whole builds at the default `[limits]`: six rulesets
/// of chapters as large as `ruleset_bytes` allows, and a map of as many
/// hexes as `map_hexes` allows. Target: 2 GB each (issue 40).
// Each child is waited for by wait4, which also gives its peak memory.
#[allow(clippy::zombie_processes)]
fn memory_at_the_default_limits(binary: &Path) {
    use grognard::model::limits;
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/good");
    let rulesets = tempfile::tempdir().expect("temporary folder");
    copy_dir(&fixture, rulesets.path());
    let paragraph = "La infantería de línea avanza en columna hasta la distancia de carga y \
                     despliega en línea cuando el enemigo está a menos de tres hexágonos. ";
    let budget = limits::RULESET_BYTES.default as usize;
    let demo = rulesets.path().join("content/demo");
    let used: usize = ["chapters", "tables"]
        .iter()
        .flat_map(|f| std::fs::read_dir(demo.join(f)).expect("fixture folder"))
        .map(|e| e.expect("entry").metadata().expect("size").len() as usize)
        .sum();
    let chapter_bytes = (budget - used) / 150;
    for i in 0..150 {
        let mut text = format!("+++\nid = \"c{i}\"\ntitle = \"Capítulo {i}\"\n+++\n\n");
        let mut section = 0;
        while text.len() + paragraph.len() + 40 < chapter_bytes {
            if text.len() / 2000 > section {
                section += 1;
                text.push_str(&format!("\n## Sección {i}.{section}\n\n"));
            }
            text.push_str(paragraph);
        }
        std::fs::write(demo.join(format!("chapters/c{i:03}.md")), text).expect("write");
    }
    for copy in ["demob", "democ", "demod", "demoe", "demof"] {
        let to = rulesets.path().join("content").join(copy);
        copy_dir(&demo, &to);
        let manifest = to.join("ruleset.toml");
        let text = std::fs::read_to_string(&manifest).expect("manifest");
        let text = text.replacen("id = \"demo\"", &format!("id = \"{copy}\""), 1);
        std::fs::write(&manifest, text).expect("write");
    }
    let map = tempfile::tempdir().expect("temporary folder");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenario"),
        map.path(),
    );
    // 200 columns × 100 rows of 16 mm hexes: the default limit, within 5 m a side.
    let layer = map.path().join("scenarios/skirmish-1809/hexrules.toml");
    let text = std::fs::read_to_string(&layer).expect("layer");
    let text = text
        .replacen("columns = [\"A\", \"L\"]", "columns = [\"A\", \"GR\"]", 1)
        .replacen("rows = [1, 12]", "rows = [1, 100]", 1)
        .replacen("hex_mm = 25", "hex_mm = 16", 1);
    std::fs::write(&layer, text).expect("write");
    for (name, project) in [
        ("six rulesets of 512 KiB, whole build", rulesets.path()),
        ("a map of 20,000 hexes, whole build", map.path()),
    ] {
        let started = std::time::Instant::now();
        let mut child = grognard(binary)
            .arg("--root")
            .arg(project)
            .arg("build")
            .stderr(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("grognard runs");
        let (status, peak_kb) = wait_with_peak(&mut child);
        assert_eq!(status, 0, "{name}: the build failed");
        let mb = peak_kb / 1024;
        let verdict = if mb <= 2048 { "ok" } else { "OVER" };
        println!(
            "{name:<44} peak {mb:>6} MB   target ≤ 2048 MB   {verdict}   ({:.1} s)",
            started.elapsed().as_secs_f64()
        );
    }
}

/// Waits for a child; its exit status and its own peak resident set in KiB.
fn wait_with_peak(child: &mut std::process::Child) -> (i32, i64) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: wait4 writes the status and usage into the locals, which live
    // for the call; an all-zero rusage is a valid value.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::wait4(pid, &mut status, 0, &mut usage);
        usage
    };
    (libc::WEXITSTATUS(status), usage.ru_maxrss)
}

/// Peak resident set in KiB: this process's (`RUSAGE_SELF`), or the largest
/// of the child processes waited for so far (`RUSAGE_CHILDREN`).
fn peak_kb(who: libc::c_int) -> i64 {
    // SAFETY: getrusage only writes into the struct we pass.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(who, &mut usage);
        usage.ru_maxrss
    }
}

/// The small hex fixture of the tests with `units` more battalions.
fn hex_project(units: usize) -> tempfile::TempDir {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenario");
    let project = tempfile::tempdir().expect("temporary folder");
    copy_dir(&fixture, project.path());
    let scenario = project.path().join("scenarios/skirmish-1809/scenario.toml");
    let text = std::fs::read_to_string(&scenario).expect("fixture scenario");
    // The stated total (the last table of the fixture) is for the four units.
    let mut text = text[..text.find("[[stated]]").expect("a stated total")].to_string();
    for i in 0..units {
        let (side, nation) = if i % 2 == 0 {
            ("blue", "france")
        } else {
            ("red", "spain")
        };
        text.push_str(&format!(
            "\n[[unit]]\nid = \"gen-{i}\"\nname = \"{}e Ligne ({}st bn)\"\narm = \"infantry\"\n\
             type = \"line-infantry\"\nnation = \"{nation}\"\nparent = \"{side}-div\"\n\
             men = {}\narrives = \"10:00\"\n",
            i / 3 + 1,
            i % 3 + 1,
            400 + i % 300,
        ));
    }
    std::fs::write(&scenario, text).expect("write the scenario");
    // The largest sheet is above the default limit of 10,000 counters.
    let manifest = project.path().join("grognard.toml");
    let mut text = std::fs::read_to_string(&manifest).expect("fixture manifest");
    text.push_str("\n[limits]\ncounters = 20000\n");
    std::fs::write(&manifest, text).expect("write the manifest");
    project
}

/// A 60 × 40 hex map with terrain in every hex, a road across it and a
/// stream down it, drawn whole on one page at its true scale.
fn map_bench() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenario");
    let project = tempfile::tempdir().expect("temporary folder");
    copy_dir(&fixture, project.path());
    let layer = project.path().join("scenarios/skirmish-1809/hexrules.toml");
    let text = std::fs::read_to_string(&layer).expect("fixture layer");
    let (before, after) = text.split_at(text.find("[map]").expect("the demo map"));
    let after = &after[after.find("\n[[area]]").expect("the map's end")..];
    let column = |n: u32| {
        let letters = if n > 26 {
            vec![b'A' + ((n - 1) / 26 - 1) as u8, b'A' + ((n - 1) % 26) as u8]
        } else {
            vec![b'A' + (n - 1) as u8]
        };
        String::from_utf8(letters).unwrap()
    };
    let mut terrain: [Vec<String>; 4] = Default::default();
    for c in 1..=60 {
        for r in 1..=40 {
            terrain[((c * 7 + r * 13) % 4) as usize].push(format!("\"{}{r}\"", column(c)));
        }
    }
    let road: Vec<String> = (1..=60).map(|c| format!("\"{}20\"", column(c))).collect();
    let stream: Vec<String> = (1..=39)
        .map(|r| format!("[\"AD{r}\", \"AE{r}\"]"))
        .collect();
    let map = format!(
        "[map]\ncolumns = [\"A\", \"BH\"]\nrows = [1, 40]\nhex_mm = 16\nmetres_per_hex = 100\n\
         north = 0\n\n[map.terrain]\nclear = [{}]\nwoods = [{}]\nvillage = [{}]\nmarsh = [{}]\n\n\
         [[map.path]]\nfeature = \"road\"\nhexes = [{}]\n\n[[map.hexside]]\nfeature = \"stream\"\n\
         between = [{}]\n",
        terrain[0].join(", "),
        terrain[1].join(", "),
        terrain[2].join(", "),
        terrain[3].join(", "),
        road.join(", "),
        stream.join(", ")
    );
    std::fs::write(&layer, format!("{before}{map}{after}")).expect("write the layer");
    let session = grognard::load(project.path());
    assert!(!session.diagnostics.has_errors(), "the 60 × 40 map checks");
    let scenario = session
        .project
        .scenario("skirmish-1809")
        .expect("the scenario");
    let layer = &scenario.layers[0];
    let map = layer.map.as_ref().expect("the map");
    let ruleset = session.project.ruleset("hexrules");
    let press = session.context().press(&scenario.folder);
    let median = time(10, || {
        typst::comemo::evict(0);
        let rendered =
            grognard::render::backends::map::render(scenario, layer, map, ruleset, None, &press)
                .expect("the map renders");
        assert_eq!(rendered.pages, 1);
    });
    report("60 × 40 hex map with terrain, one page, cold", median, 300);
}

/// How many counters the project's hex layer makes (units, leaders, markers).
fn counter_count(root: &Path) -> usize {
    scenario_counter_count(root, "skirmish-1809")
}

/// The counters of a scenario's first layer.
fn scenario_counter_count(root: &Path, scenario: &str) -> usize {
    let session = grognard::load(root);
    assert!(!session.diagnostics.has_errors(), "the project checks");
    let project = &session.project;
    let scenario = project.scenario(scenario).expect("the scenario");
    let layer = &scenario.layers[0];
    grognard::render::views::counter_faces::counters(project, scenario, layer).len()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a folder");
    for entry in std::fs::read_dir(from).expect("read a folder") {
        let entry = entry.expect("a folder entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// A 2d10 test with 20 modifiers in four groups: the coverage check enumerates
/// reachable sums, never the 2^20 subsets.
fn dice_test_with_twenty_modifiers() -> grognard::model::table::DiceTest {
    use grognard::diagnostic::Location;
    use grognard::model::table::{
        Base, DiceTest, Effect, FailureBand, Group, Modifier, ModifierTable, Pass, Rounding,
    };
    let here = Location::new(0, 0..0);
    let group = |g: usize, exclusive: bool| Group {
        title: format!("group {g}"),
        by: None,
        by_location: None,
        exclusive,
        choice: false,
        partial: false,
        monotonic: None,
        modifiers: (0..5)
            .map(|i| Modifier {
                id: format!("m{g}-{i}"),
                label: format!("modifier {g}.{i}"),
                effect: Effect::Add(i as i64 - 2 + g as i64),
                location: here.clone(),
            })
            .collect(),
        location: here.clone(),
    };
    DiceTest {
        dice: "2d10".parse().unwrap(),
        pass: Pass::AtMost,
        modifiers: ModifierTable {
            base: Base::Fixed(11),
            rounding: Rounding::None,
            minimum: None,
            groups: vec![
                group(0, false),
                group(1, false),
                group(2, true),
                group(3, false),
            ],
            feeds: None,
        },
        modifies_roll: false,
        on_success: None,
        successes: Vec::new(),
        failures: vec![
            FailureBand {
                from: 1,
                to: Some(4),
                result: "halt".into(),
                then: None,
                location: here.clone(),
            },
            FailureBand {
                from: 5,
                to: None,
                result: "rout".into(),
                then: None,
                location: here,
            },
        ],
    }
}

/// An order of battle of `battalions` battalions: brigades of 10 battalions,
/// 5 regiments each.
fn battalions(battalions: usize) -> grognard::model::scenario::Scenario {
    use grognard::diagnostic::Location;
    use grognard::model::scenario::{Clock, Formation, Scenario, Side, Unit};
    let here = Location::new(0, 0..0);
    let mut scenario = Scenario {
        id: "bench".into(),
        title: "Bench".into(),
        start: Some(Clock(8 * 60)),
        end: Some(Clock(20 * 60)),
        ..Scenario::default()
    };
    scenario.sides.push(Side {
        id: "a".into(),
        name: "A".into(),
        names: Vec::new(),
        commander: None,
        nominal_commander: None,
        colour: String::new(),
        location: here.clone(),
    });
    for b in 0..battalions / 10 {
        scenario.formations.push(Formation {
            id: format!("bde-{b}"),
            name: format!("Brigade {b}"),
            names: Vec::new(),
            short: None,
            shorts: Vec::new(),
            level: "brigade".into(),
            side: Some("a".into()),
            contingent: None,
            parent: None,
            leader: None,
            nominal_leader: None,
            attachments: Vec::new(),
            note: String::new(),
            location: here.clone(),
        });
        for i in 0..10 {
            scenario.units.push(Unit {
                id: format!("reg-{b}-{}-{}", i / 2, i % 2 + 1),
                name: format!("Regiment {b}.{} ({} bn)", i / 2, ["1st", "2nd"][i % 2]),
                short: None,
                arm: "infantry".into(),
                kind: "line-infantry".into(),
                nation: "france".into(),
                nations: vec!["france".into()],
                parent: format!("bde-{b}"),
                organisation: None,
                echelon: None,
                regiment: None,
                detached_from: None,
                men: Some(400 + (b * 37 + i * 11) as u32 % 500),
                men_range: None,
                values: Vec::new(),
                guns: None,
                calibre: None,
                pieces: Vec::new(),
                source: None,
                estimate: None,
                quality: Some("veteran".into()),
                commander: None,
                arrives: Some((Clock(8 * 60 + (b as u32 * 13) % 600), here.clone())),
                departs: None,
                entry: None,
                status: Default::default(),
                note: String::new(),
                location: here.clone(),
            });
        }
    }
    scenario
}

fn build_in_process(root: &Path, out: &Path) {
    let mut session = grognard::load(root);
    let targets = grognard::select_targets(&mut session, &["ved".to_string()]);
    let only = ["rules".to_string(), "qrs".to_string()];
    let outputs = grognard::build(&mut session, &targets, &only, out, |_| {});
    assert_eq!(
        outputs.len(),
        2,
        "the rulebook and the quick-reference sheet"
    );
}

/// Counter sheets: 120 and 2,000 double-sided counters, then 10,000 to see
/// that time grows linearly; peak memory as the kernel reports it.
fn counters_bench() {
    use grognard::model::counter_spec::Settings;
    use grognard::render::backends::counters::render_faces;
    use grognard::render::views::counter_faces::{Face, Legend};
    let mut sources = grognard::source::Sources::default();
    let mut diagnostics = grognard::diagnostic::Diagnostics::default();
    let files = grognard::load::ProjectFiles::new(Path::new("/nonexistent"));
    let templates = grognard::load::templates::load(
        &files,
        Path::new("x"),
        &mut Default::default(),
        &mut sources,
        &mut diagnostics,
    );
    let faces = |n: usize| -> Vec<(Face, Face)> {
        (0..n)
            .map(|i| {
                let front = Face {
                    id: format!("u{i}"),
                    title: format!("{}e Ligne {}", i % 120 + 1, i % 3 + 1),
                    subtitle: format!("{}e Division", i % 12 + 1),
                    symbol: ["infantry", "cavalry", "foot-artillery"][i % 3].into(),
                    size: ["II", "III", "I"][i % 3].into(),
                    values: vec![(i % 9 + 1).to_string(), ["A", "B", "C"][i % 3].to_string()],
                    colour: "#2b4c9b".into(),
                    ink: "#ffffff".into(),
                    reduced: false,
                    circles: (i % 4) as u32,
                    turned: false,
                    location: None,
                };
                let back = Face {
                    reduced: true,
                    ..front.clone()
                };
                (front, back)
            })
            .collect()
    };
    let settings = Settings::default();
    let mut per_counter = Vec::new();
    for (n, runs, target) in [(120, 10, 100), (2000, 5, 1000), (10000, 3, 5000)] {
        let all = faces(n);
        let median = time(runs, || {
            typst::comemo::evict(0);
            let rendered = render_faces(
                "bench",
                &all,
                &settings,
                &Legend {
                    locale: grognard::locale::Locale::builtin("en"),
                    classes: Vec::new(),
                },
                &grognard::render::typeset::templates::Press {
                    templates: &templates,
                    sources: &sources,
                    limits: &grognard::model::limits::Limits::default(),
                    created: grognard::env::Created::default(),
                    stored: None,
                    reuse: None,
                },
            )
            .unwrap();
            assert!(rendered.pages >= 2);
        });
        report(
            &format!("{n} double-sided counters, in process"),
            median,
            target,
        );
        per_counter.push((n, median.as_secs_f64() * 1e6 / n as f64));
        if let Ok(status) = std::fs::read_to_string("/proc/self/status")
            && let Some(line) = status.lines().find(|l| l.starts_with("VmHWM"))
        {
            println!(
                "  peak memory so far: {}",
                line.trim_start_matches("VmHWM:").trim()
            );
        }
    }
    for (n, us) in per_counter {
        println!("  {n:>6} counters: {us:.1} µs per counter");
    }
}

/// A project with the VED ruleset alone, as an author editing its rules has it.
fn ved_project() -> tempfile::TempDir {
    let project = tempfile::tempdir().expect("temporary folder");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    copy_dir(
        &root.join("content/ved"),
        &project.path().join("content/ved"),
    );
    std::fs::write(project.path().join("grognard.toml"), "title = \"VED\"\n").unwrap();
    project
}

/// `grognard watch ved --only rules` as a whole process: from writing a
/// changed table value to the end of the build that wrote the new PDF
/// (file event, debounce, load, check, Typst with its memo warm, PDF).
fn watch_edit_to_pdf(binary: &Path, _root: &Path) {
    use std::io::{BufRead, BufReader};
    let project = ved_project();
    let mut child = grognard(binary)
        .arg("--root")
        .arg(project.path())
        .args(["watch", "ved", "--only", "rules"])
        .env("NO_COLOR", "1")
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("grognard watch runs");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut next_build = || -> Vec<String> {
        let mut build = Vec::new();
        for line in lines.by_ref() {
            let line = line.unwrap();
            let end = line.contains("watching for changes");
            build.push(line);
            if end {
                return build;
            }
        }
        panic!("grognard watch stopped: {build:?}");
    };
    next_build();
    let table = project.path().join("content/ved/tables/ranges.toml");
    let text = std::fs::read_to_string(&table).unwrap();
    let mut samples = Vec::new();
    // A new value each time: Typst's memo has seen none of them.
    for run in 1..=16 {
        let value = format!("[40.1, {}]", 50 + run);
        let started = Instant::now();
        std::fs::write(&table, text.replace("[40.1, 50]", &value)).unwrap();
        let build = next_build();
        samples.push(started.elapsed());
        assert!(
            build.iter().any(|l| l == "wrote out/ved/ved-rules.pdf"),
            "{build:?}"
        );
    }
    let _ = child.kill();
    let _ = child.wait();
    report(
        "watch: VED table value edited → new rulebook PDF",
        median(samples),
        150,
    );
}

/// The whole project's `build` as one process, one file at a time
/// (`--jobs 1`) against one per core, run alternately.
fn serial_against_parallel(binary: &Path, root: &Path) {
    let out = tempfile::tempdir().expect("temporary folder");
    let build = |jobs: Option<&str>| {
        let mut command = grognard(binary);
        command
            .arg("--root")
            .arg(root)
            .arg("build")
            .arg("--out")
            .arg(out.path());
        if let Some(jobs) = jobs {
            command.args(["--jobs", jobs]);
        }
        let started = Instant::now();
        let status = command
            .stderr(std::process::Stdio::null())
            .status()
            .expect("grognard runs");
        assert!(status.success());
        started.elapsed()
    };
    build(None); // warm the file system
    let (mut serial, mut parallel) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        serial.push(build(Some("1")));
        parallel.push(build(None));
    }
    let (serial, parallel) = (median(serial), median(parallel));
    println!(
        "{:<44} median {:>8.1} ms serial, {:.1} ms parallel: {:.2}× (target ≥ 1.70×, {} cores)",
        "full build, whole process",
        serial.as_secs_f64() * 1000.0,
        parallel.as_secs_f64() * 1000.0,
        serial.as_secs_f64() / parallel.as_secs_f64(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
}

/// What reading every page back and the package check add to a full build:
/// whole builds alternately with and without the read-back (nothing kept,
/// so that every page is typeset and read), and the package check of every
/// layer in process. Target: at most 15 %.
fn readback_and_package_check(binary: &Path, root: &Path) {
    let out = tempfile::tempdir().expect("temporary folder");
    let build = |read_back: bool| {
        let mut command = grognard(binary);
        if !read_back {
            command.env("GROGNARD_NO_READBACK", "1");
        }
        let status = command
            .arg("--root")
            .arg(root)
            .args(["build", "--out"])
            .arg(out.path())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("grognard runs");
        assert!(status.success());
    };
    let (with, without) = side_by_side(5, || build(true), || build(false));
    let session = grognard::load(root);
    let project = &session.project;
    let package = time(20, || {
        let mut found = grognard::diagnostic::Diagnostics::default();
        for scenario in &project.scenarios {
            for layer in &scenario.layers {
                grognard::check::package::check_layer(project, scenario, layer, &mut found);
            }
        }
    });
    let added = (with.saturating_sub(without) + package).as_secs_f64() / without.as_secs_f64();
    let verdict = if added <= 0.15 { "ok" } else { "OVER" };
    println!(
        "{:<44} median {:>8.1} ms, without read-back {:.1} ms, package check {:.2} ms: +{:.1} %   target ≤ 15 %   {verdict}",
        "full build with read-back and package check",
        with.as_secs_f64() * 1000.0,
        without.as_secs_f64() * 1000.0,
        package.as_secs_f64() * 1000.0,
        added * 100.0
    );
}

/// `grognard build <target> --only <kind>` as a whole process.
/// grognard without the PDFs kept from earlier runs, so that each run
/// typesets what it is timed for.
fn grognard(binary: &Path) -> Command {
    let mut command = Command::new(binary);
    command.env("GROGNARD_NO_CACHE", "1");
    command
}

fn build_one(binary: &Path, root: &Path, target: &str, kind: &str, out: &Path) {
    build_in(grognard(binary), root, target, kind, out);
}

fn build_in(mut command: Command, root: &Path, target: &str, kind: &str, out: &Path) {
    let status = command
        .arg("--root")
        .arg(root)
        .args(["build", target, "--only", kind, "--out"])
        .arg(out)
        .stderr(std::process::Stdio::null())
        .status()
        .expect("grognard runs");
    assert!(status.success(), "build {target} --only {kind} failed");
}

/// Whether a program runs (`--version`).
fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs `job` and `other` alternately; their medians.
fn side_by_side(
    runs: usize,
    mut job: impl FnMut(),
    mut other: impl FnMut(),
) -> (Duration, Duration) {
    job();
    other();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let started = Instant::now();
        job();
        ours.push(started.elapsed());
        let started = Instant::now();
        other();
        theirs.push(started.elapsed());
    }
    (median(ours), median(theirs))
}

fn print_ratio(name: &str, ours: Duration, theirs: Duration, who: &str, target: f64) {
    let ratio = theirs.as_secs_f64() / ours.as_secs_f64();
    let verdict = if ratio >= target { "ok" } else { "UNDER" };
    println!(
        "{name:<44} median {:>8.1} ms, {who} {:.1} ms: {ratio:.1}× faster   target ≥ {target}×   {verdict}",
        ours.as_secs_f64() * 1000.0,
        theirs.as_secs_f64() * 1000.0,
    );
}

/// The VED rulebook (`build ved --only rules`) against pandoc + pdflatex on
/// the seed's VED text as rough Markdown (paragraphs as they are).
fn against_pandoc(binary: &Path, root: &Path) {
    if !installed("pandoc") || !installed("pdflatex") {
        println!("VED rulebook against pandoc: skipped (pandoc or pdflatex is not installed)");
        return;
    }
    let seeds = root.join("../shared/seeds");
    let Some(seed) = std::fs::read_dir(&seeds)
        .ok()
        .into_iter()
        .flatten()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("000_"))
        })
    else {
        println!(
            "VED rulebook against pandoc: skipped (no VED seed in {})",
            seeds.display()
        );
        return;
    };
    let work = tempfile::tempdir().expect("temporary folder");
    let markdown = work.path().join("ved.md");
    std::fs::copy(&seed, &markdown).unwrap();
    let out = work.path().join("out");
    let (ours, theirs) = side_by_side(
        5,
        || {
            build_one(binary, root, "ved", "rules", &out);
        },
        || {
            let status = Command::new("pandoc")
                .current_dir(work.path())
                .args([
                    "ved.md",
                    "-o",
                    "ved.pdf",
                    "--pdf-engine=pdflatex",
                    "-V",
                    "lang=es",
                ])
                .stderr(std::process::Stdio::null())
                .status()
                .unwrap();
            assert!(status.success(), "pandoc failed");
        },
    );
    print_ratio(
        "VED rulebook, whole process",
        ours,
        theirs,
        "pandoc + pdflatex",
        10.0,
    );
}

/// The Quatre Bras counter sheet (`build quatre-bras-1815 --only counters`)
/// against the LaTeX `wargame` package setting as many double-sided counters.
fn against_latex_wargame(binary: &Path, root: &Path) {
    let work = tempfile::tempdir().expect("temporary folder");
    let probe = work.path().join("probe.tex");
    std::fs::write(
        &probe,
        "\\documentclass{article}\\usepackage{wargame}\\begin{document}x\\end{document}\n",
    )
    .unwrap();
    let has_wargame = installed("pdflatex")
        && Command::new("pdflatex")
            .current_dir(work.path())
            .args(["-interaction=batchmode", "probe.tex"])
            .stdout(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    if !has_wargame {
        println!(
            "counters against LaTeX wargame: skipped (pdflatex or the wargame package is not installed)"
        );
        return;
    }
    let out = work.path().join("out");
    build_one(binary, root, "quatre-bras-1815", "counters", &out);
    let count = scenario_counter_count(root, "quatre-bras-1815");
    std::fs::write(work.path().join("counters.tex"), wargame_sheet(count)).unwrap();
    let (ours, theirs) = side_by_side(
        5,
        || {
            build_one(binary, root, "quatre-bras-1815", "counters", &out);
        },
        || {
            let status = Command::new("pdflatex")
                .current_dir(work.path())
                .args(["-interaction=batchmode", "counters.tex"])
                .stdout(std::process::Stdio::null())
                .status()
                .unwrap();
            assert!(status.success(), "pdflatex failed on counters.tex");
        },
    );
    print_ratio(
        &format!("{count} counters, whole process"),
        ours,
        theirs,
        "LaTeX wargame",
        100.0,
    );
}

/// A LaTeX document that sets `count` double-sided NATO-symbol counters with
/// the `wargame` package: fronts, then mirrored backs, as a counter sheet.
fn wargame_sheet(count: usize) -> String {
    let mut tex = String::from(
        "\\documentclass{article}\n\\usepackage[margin=1cm]{geometry}\n\\usepackage{wargame}\n\
         \\begin{document}\n",
    );
    for (side, colour) in [("front", "blue!30"), ("back", "red!30")] {
        tex.push_str("\\begin{tikzpicture}\n");
        for i in 0..count {
            let (x, y) = ((i % 10) as f64 * 1.7, -((i / 10) as f64) * 1.7);
            let echelon = ["battalion", "regiment", "brigade"][i % 3];
            let factors = if side == "front" { "4,3" } else { "2,3" };
            tex.push_str(&format!(
                "\\chit[fill={colour},symbol={{[faction=friendly,command=land,main=infantry,\
                 echelon={echelon}]}},factors={{chit/2 factors={{{factors}}}}},\
                 left={{chit/identifier={{{i}}}}}]({x:.1},{y:.1});\n"
            ));
        }
        tex.push_str("\\end{tikzpicture}\n\\newpage\n");
    }
    tex.push_str("\\end{document}\n");
    tex
}

/// `grognard diff` between two revisions of this repository's whole project
/// (4 rulesets, 6 scenarios) as a whole process: both read from git, loaded,
/// checked and compared, the errata written as Markdown and PDF. The
/// revisions are made in a repository of their own (with `git`, which the
/// benchmark needs and grognard does not): the project, then the same with a
/// table value and a case changed.
fn diff_two_revisions(binary: &Path, root: &Path) {
    let repo = tempfile::tempdir().expect("temporary folder");
    let git = |args: &[&str]| {
        Command::new("git")
            .current_dir(repo.path())
            .args([
                "-c",
                "user.name=Bench",
                "-c",
                "user.email=bench@example.com",
            ])
            .args(args)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !git(&["init", "-q"]) {
        println!("diff of two revisions: skipped (no git program to make them with)");
        return;
    }
    copy_dir(&root.join("content"), &repo.path().join("content"));
    copy_dir(&root.join("scenarios"), &repo.path().join("scenarios"));
    std::fs::copy(
        root.join("grognard.toml"),
        repo.path().join("grognard.toml"),
    )
    .unwrap();
    assert!(git(&["add", "-A"]) && git(&["commit", "-q", "-m", "first"]));
    let table = repo.path().join("content/ved/tables/ranges.toml");
    let text = std::fs::read_to_string(&table).unwrap();
    std::fs::write(&table, text.replace("[40.1, 50]", "[40.1, 55]")).unwrap();
    assert!(git(&["commit", "-q", "-a", "-m", "second"]));
    let out = tempfile::tempdir().expect("temporary folder");
    let diff = time(9, || {
        let status = grognard(binary)
            .arg("--root")
            .arg(repo.path())
            .args(["diff", "HEAD~1", "HEAD", "--out"])
            .arg(out.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("grognard runs");
        assert!(status.success(), "grognard diff failed");
    });
    report("diff of two revisions, whole project", diff, 1000);
}
