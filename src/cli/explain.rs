//! `grognard explain [CODE]`: what a diagnostic code means, with the failing
//! and passing sources it is tested on, like `rustc --explain`. Without a
//! code, the list of codes.

use std::process::ExitCode;

use grognard::diagnostic::codes::{self, CODES, Code, severity_name};

/// Explain a diagnostic code (as in `error[range-bands]`), or list them all
#[derive(clap::Args)]
pub struct Args {
    /// The code to explain; without one, every code with its summary
    code: Option<String>,
}

pub fn run(args: Args) -> ExitCode {
    let Some(wanted) = args.code else {
        for code in CODES {
            println!(
                "{:<24} {:<8} {}",
                code.code,
                severity_name(code.severity),
                code.summary
            );
        }
        return ExitCode::SUCCESS;
    };
    // `error[range-bands]` as copied from a report works too.
    let name = wanted
        .rsplit('[')
        .next()
        .unwrap_or_default()
        .trim_end_matches(']');
    match codes::lookup(name) {
        Some(code) => {
            print!("{}", explanation(code));
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("error: no diagnostic code `{name}`");
            let names = CODES.iter().map(|c| c.code);
            if let Some(close) = grognard::diagnostic::closest(name, names) {
                eprintln!("  = did you mean `{close}`?");
            }
            eprintln!("  = `grognard explain` lists every code");
            ExitCode::from(2)
        }
    }
}

fn explanation(code: &Code) -> String {
    let mut text = format!(
        "{}[{}]: {}\n\n{}\n",
        severity_name(code.severity),
        code.code,
        code.summary,
        wrap(code.explanation, 78)
    );
    if let Some(example) = &code.example {
        let (path, source) = example.failing;
        text.push_str(&format!(
            "\nReported on this source ({path}):\n\n{}",
            indent(source)
        ));
        if let Some((path, source)) = example.passing {
            text.push_str(&format!(
                "\nAnd not on this one ({path}):\n\n{}",
                indent(source)
            ));
        }
    }
    text
}

fn indent(source: &str) -> String {
    source.lines().map(|l| format!("    {l}\n")).collect()
}

/// Wraps prose at `width` columns, keeping indented lines (examples) as they are.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for paragraph in text.split("\n\n") {
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        if paragraph.starts_with("    ") {
            out.push_str(paragraph);
            continue;
        }
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        out.push_str(&line);
    }
    out
}
