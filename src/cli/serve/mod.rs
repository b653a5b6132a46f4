//! `grognard serve [TARGET…]`: `watch`, plus a small local web server over the
//! output folder whose pages reload themselves after each build (like
//! `mdbook serve`). It answers on the loopback address only, serves files
//! inside the output folder only, and adds its reload script to pages as it
//! sends them: the files on disk stay as `build` writes them.

use std::net::{Ipv4Addr, TcpListener};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use grognard::watch::Watch;

use super::build::Selection;
use super::report::Report;

mod server;

/// Build the web edition, serve it on this machine, and reload open pages after each change
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    selection: Selection,
    /// Port to listen on, on 127.0.0.1
    #[arg(long, short, default_value_t = 3000)]
    port: u16,
    #[command(flatten)]
    report: Report,
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let out = args.selection.out(root);
    let Selection { targets, only, .. } = args.selection;
    // By default, what is published as a folder: the web editions.
    let published = grognard::build::published_folders();
    let only = if only.is_empty() {
        published.iter().map(|(kind, _)| kind.to_string()).collect()
    } else {
        only
    };
    let listener = match TcpListener::bind((Ipv4Addr::LOCALHOST, args.port)) {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("error: cannot listen on 127.0.0.1:{}: {error}", args.port);
            eprintln!("  = help: another program may use the port; choose one with --port");
            return ExitCode::from(2);
        }
    };
    // Connections and builds share the process's file descriptors: use all
    // the system allows, and serve at most a quarter of them at once.
    let descriptors = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
    let connections = server::connection_limit(descriptors);
    let watch = Watch::new(root.to_path_buf(), targets, only, out.clone());
    let (builds, _) = tokio::sync::watch::channel(0u64);
    let site = Arc::new(server::Site {
        out: out.clone(),
        port: args.port,
        builds,
    });
    {
        let site = Arc::clone(&site);
        std::thread::spawn(move || {
            if let Err(error) = server::serve(listener, site, connections) {
                eprintln!("error: serve: {error}");
                std::process::exit(2);
            }
        });
    }
    let mut announced = false;
    super::watch::watch_loop(&watch, &args.report, |round| {
        site.builds.send_modify(|count| *count += 1);
        if !announced {
            let start = round
                .targets
                .iter()
                .flat_map(|t| {
                    published
                        .iter()
                        .map(move |(_, folder)| format!("{t}/{folder}/index.html"))
                })
                .find(|page| out.join(page).is_file())
                .unwrap_or_default();
            eprintln!(
                "serving {} at http://127.0.0.1:{}/{start}",
                out.display(),
                args.port
            );
            announced = true;
        }
    })
}
