//! The web edition in a real browser: Chromium driven through WebDriver
//! (chromedriver) opens the pages from disk, as a reader does, follows a
//! cross-reference, reads its preview, searches and reaches a case, and
//! finds no error in the console of any page.
//!
//! Where no chromedriver is installed the test says so and passes, unless
//! `GROGNARD_REQUIRE_BROWSER` is set (as `.ci/run` does): then it fails.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use super::common::{copy_dir, grognard, repo_root, stderr};

/// A program on the PATH (or at an absolute path).
fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// chromedriver, running on a free port for as long as it lives.
struct Driver {
    process: Child,
    url: String,
}

impl Driver {
    fn start(program: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let process = Command::new(program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not listen within 20 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver {
            process,
            url: format!("http://127.0.0.1:{port}"),
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// The browser's console since the last call (chromedriver's log endpoint).
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/se/log",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({"type": "browser"}).to_string()),
        )
    }
}

/// The console entries of level SEVERE (errors, failed loads) since the last call.
async fn console_errors(client: &Client) -> Vec<String> {
    let log = client.issue_cmd(BrowserLog).await.expect("the browser log");
    log.as_array()
        .into_iter()
        .flatten()
        .filter(|entry| entry["level"] == "SEVERE")
        .map(|entry| entry["message"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn session(driver: &Driver, profile: &Path) -> Client {
    let mut options = json!({
        "args": [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1200,900",
            format!("--user-data-dir={}", profile.display()),
        ]
    });
    if let Some(chromium) = find_program(&["chromium", "chromium-browser", "google-chrome"]) {
        options["binary"] = json!(chromium);
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("browserName".into(), json!("chrome"));
    capabilities.insert("goog:chromeOptions".into(), options);
    capabilities.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&driver.url)
        .await
        .expect("a browser session")
}

/// Runs a script in the page and returns what it returns.
async fn script(client: &Client, code: &str) -> Value {
    client.execute(code, vec![]).await.expect(code)
}

/// Waits until `code` returns true in the page.
async fn until(client: &Client, what: &str, code: &str) {
    let started = Instant::now();
    while script(client, code).await != json!(true) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{what}: not so after 10 s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// True when the element the page's address names exists and is on screen.
const LANDED: &str = "const id = decodeURIComponent(location.hash.slice(1));
     const target = document.getElementById(id);
     if (!target) return false;
     const r = target.getBoundingClientRect();
     return r.top >= 0 && r.top < window.innerHeight;";

fn file_url(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// chromedriver, or none where it is not installed (and not required).
fn chromedriver() -> Option<PathBuf> {
    let found = find_program(&["chromedriver"]);
    if found.is_none() {
        assert!(
            std::env::var_os("GROGNARD_REQUIRE_BROWSER").is_none(),
            "GROGNARD_REQUIRE_BROWSER is set but no chromedriver is on the PATH"
        );
        eprintln!(
            "browser test skipped: no chromedriver on the PATH \
             (Debian: apt-get install chromium chromium-driver)"
        );
    }
    found
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn a_reader_follows_a_reference_sees_its_preview_and_searches_to_a_case() {
    let Some(chromedriver) = chromedriver() else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    let built = grognard(
        &repo_root(),
        &["build", "ved", "--only", "html", "--out"]
            .into_iter()
            .chain([out.path().to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    assert!(built.status.success(), "{}", stderr(&built));
    let site = out.path().join("ved/html");
    let profile = tempfile::tempdir().unwrap();
    let driver = Driver::start(&chromedriver);
    runtime().block_on(async {
        let client = session(&driver, profile.path()).await;
        read_as_a_player(&client, &site).await;
        every_page_loads_without_console_errors(&client, &site).await;
        client.close().await.unwrap();
    });
}

#[test]
fn a_reader_sees_what_changed_since_the_earlier_edition() {
    let Some(chromedriver) = chromedriver() else {
        return;
    };
    // Edition 1.1 of the `editions` fixture changes one table cell.
    let editions = tempfile::tempdir().unwrap();
    let (old, new) = (editions.path().join("old"), editions.path().join("new"));
    copy_dir(&super::common::fixture("editions"), &old);
    copy_dir(&super::common::fixture("editions"), &new);
    for (file, from, to) in [
        (
            "content/hexrules/ruleset.toml",
            "edition = \"1.0\"",
            "edition = \"1.1\"",
        ),
        (
            "content/hexrules/tables/movement-costs.toml",
            "infantry = 2, cavalry = 3",
            "infantry = 2, cavalry = 4",
        ),
    ] {
        let path = new.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    }
    let built = grognard(
        &new,
        &[
            "build",
            "--only",
            "html",
            "--changes-since",
            old.to_str().unwrap(),
        ],
    );
    assert!(built.status.success(), "{}", stderr(&built));
    let page = new.join("out/hexrules/html/01-movement.html");
    let profile = tempfile::tempdir().unwrap();
    let driver = Driver::start(&chromedriver);
    runtime().block_on(async {
        let client = session(&driver, profile.path()).await;
        client.goto(&file_url(&page)).await.unwrap();
        // The cells the reader sees on a ground of their own, and what
        // pointing at them says.
        let tinted = script(
            &client,
            "return [...document.querySelectorAll('figure.table tbody th, figure.table tbody td')]
               .filter(c => getComputedStyle(c).backgroundColor !== 'rgba(0, 0, 0, 0)')
               .map(c => [c.parentElement.cells[0].textContent, c.textContent, c.title,
                          c.getBoundingClientRect().width > 0]);",
        )
        .await;
        assert_eq!(
            tinted,
            json!([["Woods", "4", "changed in edition 1.1", true]])
        );
        client.close().await.unwrap();
    });
}

#[test]
fn a_page_open_from_grognard_serve_shows_an_edit_by_itself() {
    let Some(chromedriver) = chromedriver() else {
        return;
    };
    // The VED ruleset alone, served on a free port.
    let project = tempfile::tempdir().unwrap();
    copy_dir(
        &repo_root().join("content/ved"),
        &project.path().join("content/ved"),
    );
    std::fs::write(project.path().join("grognard.toml"), "title = \"VED\"\n").unwrap();
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let mut serve = Command::new(env!("CARGO_BIN_EXE_grognard"))
        .arg("--root")
        .arg(project.path())
        .args(["serve", "ved", "--port", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("grognard serve starts");
    let page = format!("http://127.0.0.1:{port}/ved/html/01-bases-y-escalas.html");
    let profile = tempfile::tempdir().unwrap();
    let driver = Driver::start(&chromedriver);
    runtime().block_on(async {
        let client = session(&driver, profile.path()).await;
        // A load that stalls on a loaded machine is asked again, not waited
        // for the driver's five minutes.
        let timeouts =
            fantoccini::wd::TimeoutConfiguration::new(None, Some(Duration::from_secs(15)), None);
        client.update_timeouts(timeouts).await.unwrap();
        // The first build may still be running: ask until the page is there.
        let started = Instant::now();
        loop {
            let served = "return document.querySelector('main h1') !== null;";
            if client.goto(&page).await.is_ok()
                && client.execute(served, vec![]).await.ok() == Some(json!(true))
            {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(90),
                "{page} never served"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        // The author adds a paragraph; the open page shows it without a touch.
        let chapter = project
            .path()
            .join("content/ved/chapters/01-bases-y-escalas.md");
        let mut text = std::fs::read_to_string(&chapter).unwrap();
        text.push_str("\n\nLas peanas de los generales son redondas.\n");
        std::fs::write(&chapter, text).unwrap();
        let reloaded = Instant::now();
        // (A script may meet the page mid-reload and fail: ask again.)
        let shown = "return document.body.textContent.includes(\
                     'Las peanas de los generales son redondas.');";
        while client.execute(shown, vec![]).await.ok() != Some(json!(true)) {
            assert!(
                reloaded.elapsed() < Duration::from_secs(30),
                "the open page did not reload within 30 s"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let errors = console_errors(&client).await;
        assert!(errors.is_empty(), "console errors: {errors:#?}");
        client.close().await.unwrap();
    });
    let _ = serve.kill();
    let _ = serve.wait();
}

async fn read_as_a_player(client: &Client, site: &Path) {
    // A chapter that cites a case of another chapter.
    let chapter = site.join("05-formaciones.html");
    client.goto(&file_url(&chapter)).await.unwrap();
    let link = client
        .find(Locator::Css("main a.xref[href*='.html#']"))
        .await
        .expect("a cross-reference to a case of another chapter");
    let href = link.attr("href").await.unwrap().unwrap();
    let preview = link.attr("data-preview").await.unwrap().unwrap();
    assert!(!preview.is_empty());

    // Under the mouse, the reference shows its target's words.
    let hover = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: link.clone(),
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    client.perform_actions(hover).await.unwrap();
    until(
        client,
        "a preview under the mouse",
        "return document.getElementById('preview')?.textContent === \
         document.querySelector(\"a[aria-describedby=preview]\")?.dataset.preview;",
    )
    .await;
    client.release_actions().await.unwrap();

    // Reached by the keyboard, it does too.
    client
        .execute(
            "arguments[0].focus();",
            vec![serde_json::to_value(&link).unwrap()],
        )
        .await
        .unwrap();
    let shown = client
        .wait()
        .at_most(Duration::from_secs(5))
        .for_element(Locator::Id("preview"))
        .await
        .expect("a preview box");
    assert!(shown.is_displayed().await.unwrap());
    assert_eq!(shown.text().await.unwrap(), preview);
    assert_eq!(
        link.attr("aria-describedby").await.unwrap().as_deref(),
        Some("preview")
    );
    // Escape puts it away.
    client
        .active_element()
        .await
        .unwrap()
        .send_keys("\u{e00c}")
        .await
        .unwrap();
    until(
        client,
        "the preview is closed",
        "return !document.getElementById('preview');",
    )
    .await;

    // Followed, it lands on the cited case, on screen.
    link.click().await.unwrap();
    let (file, anchor) = href.split_once('#').unwrap();
    until(
        client,
        &format!("landing on {href}"),
        &format!("return location.pathname.endsWith('/{file}') && location.hash === '#{anchor}';"),
    )
    .await;
    until(client, &format!("{href} on screen"), LANDED).await;

    // The page reads in the rulebook's serif, shipped with the site.
    until(
        client,
        "the site's own Libertinus Serif",
        "return [...document.fonts].some(f => f.family.includes('Libertinus Serif') \
         && f.status === 'loaded');",
    )
    .await;

    // Search: two words of a case's text find it; the keyboard reaches the
    // result and Enter opens the case.
    let entry = script(
        client,
        "return window.GG_SEARCH.find(e => e.n.startsWith('14.') && e.t.length > 80);",
    )
    .await;
    let case = entry["n"]
        .as_str()
        .expect("a case of chapter 14 in the index");
    // Its two longest words, as a reader remembering the rule would type them.
    let mut words: Vec<&str> = entry["t"]
        .as_str()
        .unwrap()
        .split(|c: char| !c.is_alphabetic())
        .collect();
    words.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    words.dedup();
    words.truncate(2);
    assert_eq!(words.len(), 2, "{entry}");
    let search = client.find(Locator::Id("search")).await.unwrap();
    search.send_keys(&words.join(" ")).await.unwrap();
    until(
        client,
        "search results",
        "return document.querySelectorAll('#results a').length > 0;",
    )
    .await;
    let results = script(
        client,
        "return Array.from(document.querySelectorAll('#results a .n')).map(n => n.textContent);",
    )
    .await;
    assert!(
        results.as_array().unwrap().contains(&json!(case)),
        "searching {words:?} lists {results} but not {case}"
    );
    // Arrow down from the box to the first result, down to the case, Enter.
    search.send_keys("\u{e015}").await.unwrap();
    let position = results
        .as_array()
        .unwrap()
        .iter()
        .position(|n| n == case)
        .unwrap();
    for _ in 0..position {
        client
            .active_element()
            .await
            .unwrap()
            .send_keys("\u{e015}")
            .await
            .unwrap();
    }
    let focused = script(
        client,
        "return document.activeElement.querySelector('.n')?.textContent;",
    )
    .await;
    assert_eq!(focused, json!(case));
    client
        .active_element()
        .await
        .unwrap()
        .send_keys("\u{e007}")
        .await
        .unwrap();
    until(
        client,
        &format!("landing on case {case}"),
        &format!("return decodeURIComponent(location.hash) === '#{case}';"),
    )
    .await;
    until(client, &format!("case {case} on screen"), LANDED).await;
    let errors = console_errors(client).await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}

async fn every_page_loads_without_console_errors(client: &Client, site: &Path) {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(site)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    assert!(pages.len() > 10);
    for page in pages {
        client.goto(&file_url(&page)).await.unwrap();
        until(
            client,
            "the page's scripts",
            "return document.readyState === 'complete';",
        )
        .await;
        // A page with a search box has its index (a missing script file is
        // also a console error, below).
        assert_eq!(
            script(
                client,
                "return !document.getElementById('search') || Array.isArray(window.GG_SEARCH);"
            )
            .await,
            json!(true),
            "{}",
            page.display()
        );
        let errors = console_errors(client).await;
        assert!(errors.is_empty(), "{}: {errors:#?}", page.display());
    }
}
