//! `grognard list`: the rulesets, the scenarios and their layers, and the
//! kinds of output a build makes.

use std::path::Path;
use std::process::ExitCode;

use grognard::render::registry::BACKENDS;

/// List the rulesets and scenarios of the project, with each scenario's
/// layers, and the kinds of output `build --only` takes
#[derive(clap::Args)]
pub struct Args {}

pub fn run(root: &Path, _args: Args) -> ExitCode {
    let session = grognard::load(root);
    println!("rulesets");
    for ruleset in &session.project.rulesets {
        println!(
            "  {:<18} {} ({}; {} chapters, {} tables)",
            ruleset.id,
            ruleset.name,
            ruleset.language,
            ruleset.chapters.len(),
            ruleset.tables.len()
        );
    }
    println!("scenarios");
    for scenario in &session.project.scenarios {
        let layers: Vec<&str> = scenario.layers.iter().map(|l| l.ruleset.as_str()).collect();
        println!(
            "  {:<18} {} ({}; {} units; layers: {})",
            scenario.id,
            scenario.title,
            scenario.date,
            scenario.units.len(),
            if layers.is_empty() {
                "none".to_string()
            } else {
                layers.join(", ")
            }
        );
    }
    println!("outputs (build --only)");
    for backend in BACKENDS {
        println!("  {:<18} {}", backend.name(), backend.about());
    }
    ExitCode::SUCCESS
}
