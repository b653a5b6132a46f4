//! The local web server of `grognard serve`: hyper on one tokio thread, so an
//! idle connection or a page waiting for the next build costs a task, not a
//! thread. It is built to outlast a hostile page or client on the same
//! machine: a bounded number of connections (the rest wait in the kernel's
//! queue), request heads of bounded size read within a deadline, connections
//! closed after a while, accept errors such as running out of file
//! descriptors waited out rather than fatal. It answers only requests whose
//! `Host` is the loopback address it bound (a DNS-rebinding page names its
//! own host), and only with regular files whose every link resolves inside
//! the output folder.

use std::convert::Infallible;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, StreamBody, combinators::BoxBody};
use hyper::body::{Frame, Incoming};
use hyper::header::{ALLOW, CACHE_CONTROL, CONTENT_LENGTH, CONTENT_TYPE, HOST, HeaderValue};
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use percent_encoding::percent_decode_str;
use tokio::io::AsyncReadExt;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};

/// The address a page polls for the next build.
pub const RELOAD_PATH: &str = "/__grognard/reload";
/// How long a page's reload request waits for a build before asking again.
const RELOAD_WAIT: Duration = Duration::from_secs(25);
/// A client has this long to send a request head (and an idle kept-alive
/// connection this long to send the next one).
const HEAD_DEADLINE: Duration = Duration::from_secs(10);
/// A connection is closed (after its request in flight) once it is this old.
const LIFETIME: Duration = Duration::from_secs(120);
/// The largest request head read; larger ones get 431 and are closed.
const MAX_HEAD: usize = 16 * 1024;
/// Files are sent in pieces of this size, so memory does not grow with them.
const CHUNK: usize = 64 * 1024;
/// How long the server waits before accepting again when the process has no
/// file descriptor left.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

type Body = BoxBody<Bytes, io::Error>;

/// What the server serves, and the number of the last build.
pub struct Site {
    pub out: PathBuf,
    pub port: u16,
    pub builds: watch::Sender<u64>,
}

/// The most connections served at once under a limit of `descriptors`
/// open files: a quarter of them, so builds keep theirs.
pub fn connection_limit(descriptors: u64) -> usize {
    (descriptors / 4).clamp(16, 512) as usize
}

/// Serves `listener` for as long as the process lives.
pub fn serve(
    listener: std::net::TcpListener,
    site: Arc<Site>,
    connections: usize,
) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(4)
        .build()?;
    runtime.block_on(async move {
        let listener = TcpListener::from_std(listener)?;
        let slots = Arc::new(Semaphore::new(connections));
        let mut warned = false;
        loop {
            // Wait for a free slot before accepting: clients beyond the
            // bound wait in the kernel's queue, not in this process.
            let Ok(slot) = Arc::clone(&slots).acquire_owned().await else {
                return Ok(());
            };
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                Err(error) => {
                    // Out of descriptors, or a client gone before it was
                    // accepted: neither ends the server.
                    if !warned {
                        eprintln!("warning: serve: cannot accept a connection: {error}");
                        warned = true;
                    }
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            };
            let site = Arc::clone(&site);
            tokio::spawn(async move {
                connection(stream, site).await;
                drop(slot);
            });
        }
    })
}

/// One connection: requests answered until the client closes it, is too
/// slow, or it has lived its time.
async fn connection(stream: tokio::net::TcpStream, site: Arc<Site>) {
    let service = service_fn(move |request| {
        let site = Arc::clone(&site);
        async move { Ok::<_, Infallible>(answer(request, &site).await) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEAD_DEADLINE)
        .max_buf_size(MAX_HEAD.max(8192))
        .max_headers(64);
    let connection = builder.serve_connection(TokioIo::new(stream), service);
    tokio::pin!(connection);
    if tokio::time::timeout(LIFETIME, connection.as_mut())
        .await
        .is_err()
    {
        connection.as_mut().graceful_shutdown();
        let _ = tokio::time::timeout(RELOAD_WAIT + HEAD_DEADLINE, connection).await;
    }
}

/// Answers one request: the reload poll, or a file of the output folder.
async fn answer(request: Request<Incoming>, site: &Site) -> Response<Body> {
    if !from_loopback_host(&request, site.port) {
        return status(
            StatusCode::MISDIRECTED_REQUEST,
            &format!(
                "grognard serve answers for 127.0.0.1:{0} and localhost:{0} only\n",
                site.port
            ),
        );
    }
    let head = match *request.method() {
        Method::GET => false,
        Method::HEAD => true,
        _ => {
            let mut response = status(StatusCode::METHOD_NOT_ALLOWED, "");
            response
                .headers_mut()
                .insert(ALLOW, HeaderValue::from_static("GET, HEAD"));
            return response;
        }
    };
    let path = request.uri().path();
    if path == RELOAD_PATH {
        let seen = request
            .uri()
            .query()
            .and_then(|q| q.strip_prefix("since="))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        let build = next_build(&site.builds, seen).await;
        let mut response = text(build.to_string(), "text/plain; charset=utf-8");
        response
            .headers_mut()
            .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
        return response;
    }
    let Some(file) = inside(&site.out, path) else {
        // Browsers ask for an icon the site does not have: no content, not an error.
        return if path == "/favicon.ico" {
            status(StatusCode::NO_CONTENT, "")
        } else {
            status(StatusCode::NOT_FOUND, "not found\n")
        };
    };
    let kind = content_type(&file);
    if kind.starts_with("text/html") {
        let Ok(page) = tokio::fs::read(&file).await else {
            return status(StatusCode::NOT_FOUND, "not found\n");
        };
        let build = *site.builds.borrow();
        return text(with_reload(&String::from_utf8_lossy(&page), build), kind);
    }
    match tokio::fs::File::open(&file).await {
        Ok(opened) => file_response(opened, kind, head).await,
        Err(_) => status(StatusCode::NOT_FOUND, "not found\n"),
    }
}

/// Whether the request names this server as its host: the loopback address
/// or `localhost`, with the bound port or none.
fn from_loopback_host(request: &Request<Incoming>, port: u16) -> bool {
    let Some(host) = request.headers().get(HOST).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    let (name, given_port) = match host.rsplit_once(':') {
        Some((name, p)) => (name, Some(p)),
        None => (host, None),
    };
    let name_ok = name.eq_ignore_ascii_case("localhost") || name == "127.0.0.1";
    let port_ok = given_port.is_none_or(|p| p.parse() == Ok(port));
    name_ok && port_ok
}

/// The number of the first build after `seen`, or of the last one if none
/// comes within the wait.
async fn next_build(builds: &watch::Sender<u64>, seen: u64) -> u64 {
    let mut receiver = builds.subscribe();
    let _ = tokio::time::timeout(RELOAD_WAIT, receiver.wait_for(|n| *n > seen)).await;
    *builds.borrow()
}

/// The file a URL path names inside the output folder, its index page for a
/// folder; none for a path that would leave it (`..`, a hidden name, a link
/// resolving outside at any step, the index included), does not decode, or
/// is not a regular file.
pub fn inside(out: &Path, path: &str) -> Option<PathBuf> {
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
    let out = out.canonicalize().ok()?;
    // A link on disk may point anywhere: what it reaches must be inside too.
    let mut real = file.canonicalize().ok()?;
    if real.is_dir() {
        real = real.join("index.html").canonicalize().ok()?;
    }
    let regular = std::fs::metadata(&real).ok()?.is_file();
    (real.starts_with(&out) && regular).then_some(real)
}

/// A file sent in pieces, or only its head.
async fn file_response(file: tokio::fs::File, kind: &'static str, head: bool) -> Response<Body> {
    let length = file.metadata().await.map(|m| m.len()).unwrap_or(0);
    let body = if head {
        empty()
    } else {
        let chunks = futures_util::stream::unfold(file, |mut reader| async move {
            let mut chunk = Vec::with_capacity(CHUNK);
            match (&mut reader)
                .take(CHUNK as u64)
                .read_to_end(&mut chunk)
                .await
            {
                Ok(0) => None,
                Ok(_) => Some((Ok(Frame::data(Bytes::from(chunk))), reader)),
                Err(error) => Some((Err(error), reader)),
            }
        });
        BodyExt::boxed(StreamBody::new(chunks))
    };
    let mut response = Response::new(body);
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(CONTENT_LENGTH, HeaderValue::from(length));
    response
}

/// The page with a script that waits for the next build and reloads.
pub fn with_reload(page: &str, build: u64) -> String {
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

fn empty() -> Body {
    Full::new(Bytes::new())
        .map_err(|never| match never {})
        .boxed()
}

fn text(body: String, kind: &'static str) -> Response<Body> {
    let mut response = Response::new(
        Full::new(Bytes::from(body))
            .map_err(|never| match never {})
            .boxed(),
    );
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    response
}

fn status(code: StatusCode, message: &str) -> Response<Body> {
    let mut response = text(message.to_string(), "text/plain; charset=utf-8");
    *response.status_mut() = code;
    response
}
