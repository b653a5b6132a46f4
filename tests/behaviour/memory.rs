//! One process that builds again and again (a watch, a server) must not grow.
//! Measured in a process of its own, so that no other test moves the numbers.

use std::process::Command;

/// Set in the child process that measures.
const CHILD: &str = "GROGNARD_MEMORY_CHILD";

/// Resident memory of this process, in bytes.
fn resident() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("Linux /proc");
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

#[test]
fn building_the_four_rulebooks_again_and_again_holds_memory_flat() {
    if std::env::var_os(CHILD).is_none() {
        // This test binary again, running this test alone.
        let status = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "memory::building_the_four_rulebooks_again_and_again_holds_memory_flat",
                "--nocapture",
            ])
            .env(CHILD, "1")
            .status()
            .unwrap();
        assert!(status.success(), "the measuring process failed");
        return;
    }
    // Memoised results live for a few compilations (less than a round); by
    // the fourth round the cache and the allocator's heaps are as full as
    // they get. Fifty rounds:
    // GROGNARD_MEMORY_ROUNDS=50 cargo test --release --test behaviour memory:: -- --nocapture
    const WARM: usize = 4;
    let rounds: usize = std::env::var("GROGNARD_MEMORY_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(7)
        .max(WARM + 2);
    let mut session = grognard::load(&crate::common::repo_root());
    let targets: Vec<String> = ["ved", "bataille", "sombra", "polk"]
        .map(String::from)
        .to_vec();
    let only = vec!["rules".to_string()];
    let out = tempfile::tempdir().unwrap();
    let mut sizes = Vec::new();
    for round in 0..rounds {
        // A new edition each round, as a watch would see: nothing is served
        // from the previous round's memoised results.
        for ruleset in &mut session.project.rulesets {
            ruleset.edition = format!("round {round}");
        }
        let outputs = grognard::build(&mut session, &targets, &only, out.path(), |_| {});
        assert_eq!(outputs.len(), 4);
        sizes.push(resident());
    }
    eprintln!(
        "resident after each round (MB): {:?}",
        sizes.iter().map(|s| s / (1024 * 1024)).collect::<Vec<_>>()
    );
    // Resident memory moves by ±10 % from round to round (each document is
    // typeset on a thread of its own, whose heap the allocator takes back
    // later): the last two rounds are held to the highest warm one. A leak
    // of one rulebook a round (40 MB and more) shows within three rounds.
    let warm = sizes[..WARM].iter().copied().max().unwrap_or(0);
    let last = (sizes[rounds - 1] + sizes[rounds - 2]) / 2;
    let mb = |b: u64| b / (1024 * 1024);
    assert!(
        last as f64 <= warm as f64 * 1.10,
        "memory grew from {} MB over the first {WARM} rounds to {} MB over the last two of {rounds}: {:?} MB",
        mb(warm),
        mb(last),
        sizes.iter().map(|s| mb(*s)).collect::<Vec<_>>()
    );
}
