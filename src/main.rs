//! The `grognard` command line: parse arguments, call the library, print
//! diagnostics, map the outcome to an exit code.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use grognard::diagnostic::{self, Diagnostics};
use grognard::{Session, load::MANIFEST};

#[derive(Parser)]
#[command(
    name = "grognard",
    version,
    about = "A compiler for wargame publications"
)]
struct Cli {
    /// Project folder (default: the nearest folder upwards with a grognard.toml)
    #[arg(long, global = true)]
    root: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check the sources and build publications into out/
    Build {
        /// Rulesets and scenarios to build (default: everything)
        targets: Vec<String>,
        /// Output folder (default: <root>/out)
        #[arg(long)]
        out: Option<PathBuf>,
        /// Make only these kinds of output (default: all); repeat or separate with commas
        #[arg(long, value_enum, value_delimiter = ',')]
        only: Vec<grognard::Kind>,
        #[command(flatten)]
        report: Report,
    },
    /// Check the sources and report every problem, building nothing
    Check {
        #[command(flatten)]
        report: Report,
        /// Also print each dice test's chance of success at its extremes, and each
        /// scenario's strengths per side and formation
        #[arg(long)]
        summary: bool,
    },
    /// Convert a scenario to another ruleset: an editable layer, a report, a booklet
    Convert {
        /// The scenario to convert
        scenario: String,
        /// The ruleset to convert to
        #[arg(long)]
        to: String,
        /// Convert from this ruleset's layer instead of the neutral facts
        #[arg(long)]
        from: Option<String>,
        /// Output folder (default: <root>/out)
        #[arg(long)]
        out: Option<PathBuf>,
        #[command(flatten)]
        report: Report,
    },
    /// List the rulesets and scenarios of the project, with each scenario's layers
    List,
}

#[derive(clap::Args)]
struct Report {
    /// How to print diagnostics
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Treat warnings as errors: `--deny warnings`
    #[arg(long, value_parser = ["warnings"])]
    deny: Option<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
}

fn main() -> ExitCode {
    // A panic is a bug in grognard, never the author's fault: say so plainly.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default_hook(info);
        eprintln!(
            "error: grognard stopped on an internal error (a bug in grognard, not in your sources); \
             please report it with the sources that caused it"
        );
    }));
    let cli = Cli::parse();
    let root = match cli.root.clone().map_or_else(find_root, Ok) {
        Ok(root) => root,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Command::Check { report, summary } => {
            let mut session = grognard::load(&root);
            if summary {
                print!("{}", grognard::summary::dice_chances(&session.project));
                print!("{}", grognard::summary::scenario_totals(&session.project));
            }
            finish(&mut session, &report)
        }
        Command::Build {
            targets,
            out,
            only,
            report,
        } => {
            let mut session = grognard::load(&root);
            let named = !targets.is_empty();
            let targets = grognard::select_targets(&mut session, &targets);
            if named {
                grognard::retain_for_targets(&mut session, &targets);
            }
            if report.deny.is_some() {
                session.diagnostics.deny_warnings();
            }
            let out = out.unwrap_or_else(|| root.join("out"));
            let spinner = spinner();
            let only = grognard::Only(only);
            let outputs = grognard::build(&mut session, &targets, &only, &out, |target| {
                spinner.set_message(format!("building {target}"));
            });
            spinner.finish_and_clear();
            let code = finish(&mut session, &report);
            print_outputs(&outputs, &root);
            code
        }
        Command::Convert {
            scenario,
            to,
            from,
            out,
            report,
        } => {
            let mut session = grognard::load(&root);
            let targets = vec![scenario.clone()];
            grognard::retain_for_targets(&mut session, &targets);
            let out = out.unwrap_or_else(|| root.join("out"));
            let job = grognard::model::ConvertJob {
                scenario,
                from,
                to,
                location: None,
            };
            let outputs = if session.diagnostics.has_errors() {
                Vec::new()
            } else {
                grognard::convert(&mut session, &job, &out)
            };
            let code = finish(&mut session, &report);
            print_outputs(&outputs, &root);
            code
        }
        Command::List => {
            let session = grognard::load(&root);
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
                let layers: Vec<&str> =
                    scenario.layers.iter().map(|l| l.ruleset.as_str()).collect();
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
            ExitCode::SUCCESS
        }
    }
}

/// Prints the diagnostics; exit 1 if any is an error.
fn finish(session: &mut Session, report: &Report) -> ExitCode {
    if report.deny.is_some() {
        session.diagnostics.deny_warnings();
    }
    session.diagnostics.sort();
    print_diagnostics(&session.diagnostics, session, report.format);
    if session.diagnostics.has_errors() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn print_diagnostics(diagnostics: &Diagnostics, session: &Session, format: Format) {
    match format {
        Format::Json => print!("{}", diagnostic::render_json(diagnostics, &session.sources)),
        Format::Human => {
            let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            eprint!(
                "{}",
                diagnostic::render_human(diagnostics, &session.sources, color)
            );
            if !diagnostics.is_empty() {
                eprintln!("{}", diagnostic::summary(diagnostics));
            }
        }
    }
}

/// "wrote out/ved/ved-rules.pdf (550 KiB)" for each file written.
fn print_outputs(outputs: &[grognard::Output], root: &Path) {
    for output in outputs {
        eprintln!(
            "wrote {} ({} KiB)",
            output
                .path
                .strip_prefix(root)
                .unwrap_or(&output.path)
                .display(),
            output.bytes.div_ceil(1024)
        );
    }
}

fn spinner() -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.enable_steady_tick(Duration::from_millis(100));
    bar
}

fn find_root() -> Result<PathBuf, String> {
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    cwd.ancestors()
        .find(|dir| dir.join(MANIFEST).is_file())
        .map(Path::to_path_buf)
        .ok_or_else(|| format!("no {MANIFEST} in {} or any parent folder", cwd.display()))
}
