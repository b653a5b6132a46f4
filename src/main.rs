//! The `grognard` binary: parse the command line (see `cli/`) and run it.

mod cli;

use std::process::ExitCode;

use clap::Parser;

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
    cli::Cli::parse().run()
}
