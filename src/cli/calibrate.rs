//! `grognard calibrate`: the duplex calibration sheet, printed once to read
//! the printer's `[print] back_offset_mm`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::report::{Report, finish, print_outputs};

/// Write a one-sheet duplex calibration page: print it as you print counters,
/// hold it to the light and read the back's offset
#[derive(clap::Args)]
pub struct Args {
    /// The language of its words (default: the first ruleset's)
    #[arg(long)]
    lang: Option<String>,
    /// The file to write (default: <root>/out/print-calibration.pdf)
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    report: Report,
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let started = std::time::Instant::now();
    let mut session = grognard::load(root);
    let project = &session.project;
    let language = args
        .lang
        .clone()
        .or_else(|| project.rulesets.first().map(|r| r.language.clone()))
        .unwrap_or_else(|| "en".into());
    if !project.locales.has(&language) {
        let known = project.locales.languages().join(", ");
        eprintln!("error: no language `{language}`; grognard speaks {known}");
        return ExitCode::from(2);
    }
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| root.join("out/print-calibration.pdf"));
    let outputs = grognard::calibrate(&mut session, &language, &path);
    let code = finish(&mut session, &args.report, &[]);
    print_outputs(&outputs, root, started);
    code
}
