//! `grognard messages <language>`: prints a message file grognard ships,
//! the starting point of a project's own language
//! (`grognard messages en > templates/messages/fr.ftl`, then translate).

use std::process::ExitCode;

use grognard::locale::MESSAGES;

/// Print the message file of a language grognard ships, to translate into another
#[derive(clap::Args)]
pub struct Args {
    /// The language: es, ru or en
    language: String,
}

pub fn run(args: Args) -> ExitCode {
    match MESSAGES.iter().find(|(l, _)| *l == args.language) {
        Some((_, text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        None => {
            let shipped: Vec<&str> = MESSAGES.iter().map(|(l, _)| *l).collect();
            eprintln!(
                "error: grognard ships no messages in `{}`; it ships {}",
                args.language,
                shipped.join(", ")
            );
            ExitCode::from(2)
        }
    }
}
