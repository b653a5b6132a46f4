//! The `grognard` command line: one module per subcommand, sharing the
//! arguments that choose what to report and how.

pub mod build;
pub mod calibrate;
pub mod check;
pub mod convert;
pub mod diff;
pub mod explain;
pub mod export;
pub mod import;
pub mod list;
pub mod messages;
pub mod report;
pub mod serve;
pub mod summary;
pub mod watch;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use grognard::load::MANIFEST;

#[derive(Parser)]
#[command(
    name = "grognard",
    version,
    about = "A compiler for wargame publications"
)]
pub struct Cli {
    /// Project folder (default: the nearest folder upwards with a grognard.toml)
    #[arg(long, global = true)]
    root: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Build(build::Args),
    Calibrate(calibrate::Args),
    Check(check::Args),
    Convert(convert::Args),
    Diff(diff::Args),
    Explain(explain::Args),
    Export(export::Args),
    Import(import::Args),
    List(list::Args),
    Messages(messages::Args),
    Serve(serve::Args),
    Watch(watch::Args),
}

impl Cli {
    pub fn run(self) -> ExitCode {
        // Explaining a code, or printing messages, needs no project.
        match self.command {
            Command::Explain(args) => return explain::run(args),
            Command::Messages(args) => return messages::run(args),
            _ => {}
        }
        let root = match self.root.clone().map_or_else(find_root, Ok) {
            Ok(root) => root,
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(2);
            }
        };
        match self.command {
            Command::Build(args) => build::run(&root, args),
            Command::Calibrate(args) => calibrate::run(&root, args),
            Command::Check(args) => check::run(&root, args),
            Command::Convert(args) => convert::run(&root, args),
            Command::Diff(args) => diff::run(&root, args),
            Command::Export(args) => export::run(&root, args),
            Command::Import(args) => import::run(&root, args),
            Command::List(args) => list::run(&root, args),
            Command::Serve(args) => serve::run(&root, args),
            Command::Watch(args) => watch::run(&root, args),
            Command::Explain(_) | Command::Messages(_) => unreachable!("run above"),
        }
    }
}

fn find_root() -> Result<PathBuf, String> {
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    cwd.ancestors()
        .find(|dir| dir.join(MANIFEST).is_file())
        .map(Path::to_path_buf)
        .ok_or_else(|| format!("no {MANIFEST} in {} or any parent folder", cwd.display()))
}
