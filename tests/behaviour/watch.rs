//! `grognard watch` and `grognard serve` as an author uses them: edit a
//! table value and only the documents that print it are written again;
//! break a file and the error shows, mend it and it goes; a served page
//! learns of the new build and the server keeps to its folder.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime};

use super::common::{copy_dir, pdf_text, repo_root};

/// A running `grognard watch` or `serve`, its stderr read line by line.
pub(super) struct Running {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Running {
    pub(super) fn start(root: &Path, args: &[&str]) -> Running {
        let mut command = Command::new(env!("CARGO_BIN_EXE_grognard"));
        command.arg("--root").arg(root).args(args);
        Self::spawn(command)
    }

    /// Runs a command that ends in grognard (such as a shell setting a limit first).
    pub(super) fn spawn(mut command: Command) -> Running {
        let mut child = command
            .env("NO_COLOR", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("grognard starts");
        let stderr: ChildStderr = child.stderr.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                if tx.send(line.unwrap_or_default()).is_err() {
                    break;
                }
            }
        });
        Running {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    pub(super) fn id(&self) -> u32 {
        self.child.id()
    }

    /// The lines up to and including the end of the next build.
    pub(super) fn next_build(&mut self) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut build = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).unwrap_or_else(|_| {
                panic!(
                    "no build ended in 120 s; the output so far:\n{}",
                    self.seen.join("\n")
                )
            });
            self.seen.push(line.clone());
            let end = line.contains("watching for changes");
            build.push(line);
            if end {
                return build;
            }
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The VED ruleset and one battle converted to it, with a manifest that says so.
fn project() -> tempfile::TempDir {
    let project = tempfile::tempdir().unwrap();
    let root = repo_root();
    copy_dir(
        &root.join("content/ved"),
        &project.path().join("content/ved"),
    );
    copy_dir(&root.join("scenarios"), &project.path().join("scenarios"));
    std::fs::write(
        project.path().join("grognard.toml"),
        "title = \"VED\"\n\n[[convert]]\nscenario = \"cardedeu-1808\"\nto = [\"ved\"]\n",
    )
    .unwrap();
    project
}

fn modified(path: &Path) -> SystemTime {
    std::fs::metadata(path).unwrap().modified().unwrap()
}

#[test]
fn an_edited_table_value_rewrites_the_rulebook_and_sheet_that_print_it_and_nothing_else() {
    let project = project();
    let out = project.path().join("out");
    let mut watch = Running::start(
        project.path(),
        &[
            "watch",
            "ved",
            "cardedeu-1808",
            "--only",
            "rules,qrs,booklets",
        ],
    );
    let first = watch.next_build();
    assert!(first.last().unwrap().contains("0 errors"), "{first:#?}");
    let booklets: Vec<_> = std::fs::read_dir(out.join("cardedeu-1808"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(!booklets.is_empty());
    let before: Vec<SystemTime> = booklets.iter().map(|p| modified(p)).collect();

    let table = project.path().join("content/ved/tables/ranges.toml");
    let text = std::fs::read_to_string(&table).unwrap();
    std::fs::write(&table, text.replace("[40.1, 50]", "[40.1, 55]")).unwrap();
    let second = watch.next_build();
    let written: Vec<&String> = second.iter().filter(|l| l.starts_with("wrote ")).collect();
    assert_eq!(
        written,
        ["wrote out/ved/ved-rules.pdf", "wrote out/ved/ved-qrs.pdf"],
        "{second:#?}"
    );
    assert!(
        second.last().unwrap().contains("2 files changed"),
        "{second:#?}"
    );
    for name in ["ved-rules.pdf", "ved-qrs.pdf"] {
        let text = pdf_text(&std::fs::read(out.join("ved").join(name)).unwrap());
        assert!(text.contains("40,1–55"), "{name} lacks the new value");
    }
    let after: Vec<SystemTime> = booklets.iter().map(|p| modified(p)).collect();
    assert_eq!(before, after, "a booklet was written again");
}

#[test]
fn a_broken_file_shows_its_error_and_mending_it_clears_it() {
    let project = project();
    let mut watch = Running::start(project.path(), &["watch", "ved", "--only", "qrs"]);
    watch.next_build();
    let table = project.path().join("content/ved/tables/ranges.toml");
    let text = std::fs::read_to_string(&table).unwrap();
    std::fs::write(&table, format!("{text}\nrows = oops\n")).unwrap();
    let broken = watch.next_build().join("\n");
    assert!(broken.contains("error[toml-syntax]"), "{broken}");
    assert!(
        broken.contains("content/ved/tables/ranges.toml:"),
        "{broken}"
    );
    assert!(!broken.contains(" 0 errors"), "{broken}");
    std::fs::write(&table, &text).unwrap();
    let mended = watch.next_build().join("\n");
    assert!(mended.contains("0 errors"), "{mended}");
    assert!(!mended.contains("ranges.toml:"), "{mended}");
}

/// A GET on the local server: the status code and the body.
pub(super) fn get(port: u16, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

/// A port no one listens on.
pub(super) fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[test]
fn a_served_page_hears_of_the_next_build_and_the_server_keeps_to_its_folder() {
    let project = project();
    let port = free_port();
    let mut serve = Running::start(
        project.path(),
        &["serve", "ved", "--port", &port.to_string()],
    );
    let first = serve.next_build().join("\n");
    assert!(
        first.contains(&format!("at http://127.0.0.1:{port}/ved/html/index.html")),
        "{first}"
    );
    let (status, page) = get(port, "/ved/html/01-bases-y-escalas.html");
    assert_eq!(status, 200);
    assert!(page.contains("<html lang=\"es\">"));
    assert!(
        page.contains("/__grognard/reload?since=1"),
        "no reload script"
    );
    // Outside the folder, hidden files and other methods are refused.
    for path in [
        "/../grognard.toml",
        "/%2e%2e/grognard.toml",
        "/ved/../../grognard.toml",
    ] {
        assert_eq!(get(port, path).0, 404, "{path}");
    }
    // A page waiting for the next build hears of it when a chapter changes.
    let waiting = std::thread::spawn(move || get(port, "/__grognard/reload?since=1"));
    std::thread::sleep(Duration::from_millis(200));
    let chapter = project
        .path()
        .join("content/ved/chapters/01-bases-y-escalas.md");
    let mut text = std::fs::read_to_string(&chapter).unwrap();
    text.push_str("\n\nUn párrafo nuevo sobre las peanas.\n");
    std::fs::write(&chapter, text).unwrap();
    serve.next_build();
    let (status, build) = waiting.join().unwrap();
    assert_eq!((status, build.as_str()), (200, "2"));
    let (_, page) = get(port, "/ved/html/01-bases-y-escalas.html");
    assert!(page.contains("Un párrafo nuevo sobre las peanas."));
}
