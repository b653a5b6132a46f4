//! `grognard serve [TARGET…]`: `watch`, plus a small local web server over the
//! output folder whose pages reload themselves after each build (like
//! `mdbook serve`). It answers on the loopback address only, serves files
//! inside the output folder only, and adds its reload script to pages as it
//! sends them: the files on disk stay as `build` writes them.

use std::io::Read;
use std::net::{IpAddr, Ipv4Addr};
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use grognard::watch::Watch;
use percent_encoding::percent_decode_str;
use tiny_http::{Header, Method, Request, Response, Server};

use super::build::Selection;
use super::report::Report;

/// How long a page's reload request waits for a build before asking again.
const RELOAD_WAIT: Duration = Duration::from_secs(25);
/// The address a page polls for the next build.
const RELOAD_PATH: &str = "/__grognard/reload";

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

/// The number of the last build, and a signal when it changes.
#[derive(Default)]
struct Builds {
    count: Mutex<u64>,
    changed: Condvar,
}

impl Builds {
    fn current(&self) -> u64 {
        *self.count.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn next(&self) {
        *self.count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.changed.notify_all();
    }

    /// Waits until a build after `seen` ends (or the wait runs out); the last build's number.
    fn after(&self, seen: u64) -> u64 {
        let count = self.count.lock().unwrap_or_else(|e| e.into_inner());
        let (count, _) = self
            .changed
            .wait_timeout_while(count, RELOAD_WAIT, |count| *count <= seen)
            .unwrap_or_else(|e| e.into_inner());
        *count
    }
}

pub fn run(root: &Path, args: Args) -> ExitCode {
    let out = args.selection.out(root);
    let Selection { targets, only, .. } = args.selection;
    let only = if only.is_empty() {
        vec!["html".to_string()]
    } else {
        only
    };
    let address = (IpAddr::V4(Ipv4Addr::LOCALHOST), args.port);
    let server = match Server::http(address) {
        Ok(server) => server,
        Err(error) => {
            eprintln!("error: cannot listen on 127.0.0.1:{}: {error}", args.port);
            eprintln!("  = help: another program may use the port; choose one with --port");
            return ExitCode::from(2);
        }
    };
    let watch = Watch::new(root.to_path_buf(), targets, only, out.clone());
    let builds = Arc::new(Builds::default());
    {
        let (builds, out) = (Arc::clone(&builds), out.clone());
        std::thread::spawn(move || {
            for request in server.incoming_requests() {
                let (builds, out) = (Arc::clone(&builds), out.clone());
                std::thread::spawn(move || answer(request, &out, &builds));
            }
        });
    }
    let mut announced = false;
    super::watch::watch_loop(&watch, &args.report, |round| {
        builds.next();
        if !announced {
            let start = round
                .targets
                .iter()
                .find(|t| out.join(t).join("html/index.html").is_file())
                .map_or(String::new(), |t| format!("{t}/html/index.html"));
            eprintln!(
                "serving {} at http://127.0.0.1:{}/{start}",
                out.display(),
                args.port
            );
            announced = true;
        }
    })
}

/// Answers one request: the reload poll, or a file of the output folder.
fn answer(request: Request, out: &Path, builds: &Builds) {
    if *request.method() != Method::Get {
        let _ = request.respond(Response::empty(405));
        return;
    }
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    if path == RELOAD_PATH {
        let seen = query
            .strip_prefix("since=")
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        let _ = request.respond(text(builds.after(seen).to_string(), "text/plain"));
        return;
    }
    let Some(file) = inside(out, path) else {
        // Browsers ask for an icon the site does not have: no content, not an error.
        let status = if path == "/favicon.ico" { 204 } else { 404 };
        let _ = request.respond(Response::empty(status));
        return;
    };
    let file = if file.is_dir() {
        file.join("index.html")
    } else {
        file
    };
    let mut bytes = Vec::new();
    let read = std::fs::File::open(&file).and_then(|mut f| f.read_to_end(&mut bytes));
    if read.is_err() {
        let _ = request.respond(Response::empty(404));
        return;
    }
    let kind = content_type(&file);
    if kind.starts_with("text/html") {
        let page = with_reload(&String::from_utf8_lossy(&bytes), builds.current());
        let _ = request.respond(text(page, kind));
    } else {
        let _ = request.respond(Response::from_data(bytes).with_header(header(kind)));
    }
}

/// The file a URL path names inside the output folder; none for a path that
/// would leave it (`..`, a hidden name) or does not decode.
fn inside(out: &Path, path: &str) -> Option<PathBuf> {
    let decoded = percent_decode_str(path).decode_utf8().ok()?;
    let mut file = out.to_path_buf();
    for part in Path::new(decoded.trim_start_matches('/')).components() {
        match part {
            Component::Normal(name) if !name.to_string_lossy().starts_with('.') => {
                file.push(name);
            }
            _ => return None,
        }
    }
    // A link on disk may point anywhere: what it reaches must be inside too.
    let real = file.canonicalize().ok()?;
    real.starts_with(out.canonicalize().ok()?).then_some(real)
}

/// The page with a script that waits for the next build and reloads.
fn with_reload(page: &str, build: u64) -> String {
    let script = format!(
        "<script>(function poll(){{fetch('{RELOAD_PATH}?since={build}')\
         .then(function(r){{return r.text();}})\
         .then(function(n){{if(Number(n)>{build})location.reload();else poll();}})\
         .catch(function(){{setTimeout(poll,2000);}});}})();</script>"
    );
    match page.rfind("</body>") {
        Some(at) => format!("{}{script}{}", &page[..at], &page[at..]),
        None => format!("{page}{script}"),
    }
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "pdf" => "application/pdf",
        "json" | "tmj" | "tsj" => "application/json",
        "md" | "txt" | "csv" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

fn header(kind: &str) -> Header {
    Header::from_bytes("Content-Type", kind).expect("a valid header")
}

fn text(body: String, kind: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string(body).with_header(header(kind))
}
