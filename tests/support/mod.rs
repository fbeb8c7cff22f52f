//! Shared harness of the browser tests: a static file server for `dist/`
//! (with the `index.html` fallback trunk serve has), chromedriver and a
//! headless Chromium driven through fantoccini. Everything started here is
//! stopped on drop, also when a test panics.
//!
//! A missing `dist/`, Chromium or chromedriver fails the test with a message
//! saying what to do; the tests never skip.

#![allow(dead_code)] // each test file uses a different part of the harness

pub mod app_page;
pub mod picture;

use app_page::AppPage;

use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, Shutdown, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use fantoccini::error::CmdError;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

/// Where the browser binaries are (Debian packages `chromium`, `chromium-driver`).
/// The native model's state after `steps` steps from Initialisieren: what
/// the app must show, bit for bit.
pub fn native_state(
    params: boids_schwarm::model::Params,
    steps: u64,
) -> boids_schwarm::model::Swarm {
    let mut swarm = boids_schwarm::model::Swarm::new(&params).expect("valid params");
    for _ in 0..steps {
        swarm.step();
    }
    swarm
}

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The app as built by `trunk build`.
pub fn dist_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("dist")
}

/// Where the tests save their screenshots for people to look at:
/// `$SCREENSHOT_DIR`, else `screenshots` in cargo's target directory.
pub fn screenshot_dir() -> PathBuf {
    let dir = std::env::var_os("SCREENSHOT_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            // CARGO_TARGET_TMPDIR is `<target>/tmp`.
            let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
            tmp.parent().unwrap_or(tmp).join("screenshots")
        });
    std::fs::create_dir_all(&dir).expect("create the screenshot dir");
    dir
}

/// A fresh, empty directory under the system temp dir; removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(prefix: &str) -> Self {
        // Sessions may start in parallel threads: a counter keeps names apart.
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let serial = NEXT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("{prefix}-{}-{nanos}-{serial}", std::process::id()));
        std::fs::create_dir_all(&path).expect("create a temp dir");
        Self(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes `contents` to a file `name` in a folder of its own in this
/// process' temp directory (for the file inputs) and returns its path. Its
/// own folder: scenarios running side by side may write the same name.
pub fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let serial = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir()
        .join(format!("boids-files-{}", std::process::id()))
        .join(serial.to_string());
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("write temp file");
    path
}

/// A free TCP port on 127.0.0.1 (bound, read, released).
pub fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .expect("find a free port")
}

/// Serves a directory over HTTP/1.1 on 127.0.0.1; paths that are not files
/// get `index.html`, so client-side routes such as `/tabelle` load. It can
/// serve the app below a base path (as a build with that public URL), or
/// several builds below several base paths of one origin, and it remembers
/// the paths asked for. Dropping it stops it: the port refuses.
pub struct StaticServer {
    port: u16,
    stop: Arc<AtomicBool>,
    requests: Arc<Mutex<Vec<String>>>,
    thread: Option<thread::JoinHandle<()>>,
    /// The rebased copies of the build it serves; removed after it stops.
    _copies: Vec<TempDir>,
}

impl StaticServer {
    pub fn start(root: PathBuf) -> Self {
        Self::start_under(root, "/")
    }

    /// Serves `root` below `base` (`"/boids/"`): what `trunk build
    /// --public-url /boids/` would have built (see [`build_under`]).
    pub fn start_under(root: PathBuf, base: &str) -> Self {
        Self::start_mounts(&[(root, base)])
    }

    /// Serves each build below its base path, on one origin; a request goes
    /// to the longest base path it lies below, and outside them all there is
    /// nothing (404).
    pub fn start_mounts(mounts: &[(PathBuf, &str)]) -> Self {
        let mut copies = Vec::new();
        let mut served = Vec::new();
        for (root, base) in mounts {
            assert!(
                base.starts_with('/') && base.ends_with('/'),
                "a base path is /…/"
            );
            if *base == "/" {
                served.push((root.clone(), (*base).to_owned()));
            } else {
                let copy = build_under(root, base);
                served.push((copy.path().to_owned(), (*base).to_owned()));
                copies.push(copy);
            }
        }
        // The longest base first: `/a/b/` before `/a/`.
        served.sort_by_key(|(_, base)| std::cmp::Reverse(base.len()));
        let served = Arc::new(served);
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).expect("bind the static server");
        let port = listener.local_addr().expect("server address").port();
        let stop = Arc::new(AtomicBool::new(false));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let stopped = Arc::clone(&stop);
        let log = Arc::clone(&requests);
        let thread = thread::spawn(move || {
            for stream in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(stream) = stream {
                    let (served, log) = (Arc::clone(&served), Arc::clone(&log));
                    let stopped = Arc::clone(&stopped);
                    thread::spawn(move || serve_one(stream, &served, &log, &stopped));
                }
            }
        });
        Self {
            port,
            stop,
            requests,
            thread: Some(thread),
            _copies: copies,
        }
    }

    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The paths asked for so far, in order.
    pub fn requests(&self) -> Vec<String> {
        self.requests
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect((Ipv4Addr::LOCALHOST, self.port));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// index.html of a build at `/` as the same build with the public URL
/// `base` has it: trunk writes the public URL into `<base href>` and in front
/// of each asset it links (`/name` becomes `/boids/name`).
pub fn rebase_index(html: &str, root: &Path, base: &str) -> String {
    let mut html = html.replace(r#"<base href="/""#, &format!(r#"<base href="{base}""#));
    let names = std::fs::read_dir(root)
        .expect("read dist/")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok());
    for name in names {
        for quote in ['"', '\''] {
            html = html.replace(&format!("{quote}/{name}"), &format!("{quote}{base}{name}"));
        }
    }
    html
}

/// Copies the files of `from` (not its folders) into `to`.
pub fn copy_files(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("read dist/").flatten() {
        if entry.path().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copy a file");
        }
    }
}

/// Runs the build's post-build hook that writes the service worker's list of
/// files (with their sizes and hashes) into `dir/sw.js`, as `trunk build`
/// does after each build.
pub fn run_service_worker_hook(dir: &Path) {
    let hook = Command::new("node")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/service_worker_assets.mjs"))
        .arg(dir)
        .status()
        .expect("run node (installed by `make setup`)");
    assert!(
        hook.success(),
        "the service worker hook ran on {}",
        dir.display()
    );
}

/// A copy of the build at `/` in `root` as `trunk build --public-url base`
/// makes it: index.html rebased ([`rebase_index`]), then the service
/// worker's list written anew by the build's own hook (it holds index.html's
/// hash, which the service worker checks).
pub fn build_under(root: &Path, base: &str) -> TempDir {
    let copy = TempDir::new("boids-dist-rebased");
    copy_files(root, copy.path());
    let index = copy.path().join("index.html");
    let html = std::fs::read_to_string(&index).expect("read index.html");
    std::fs::write(&index, rebase_index(&html, root, base)).expect("write index.html");
    run_service_worker_hook(copy.path());
    copy
}

fn serve_one(
    mut stream: TcpStream,
    served: &[(PathBuf, String)],
    log: &Mutex<Vec<String>>,
    stopped: &AtomicBool,
) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut reader = BufReader::new(match stream.try_clone() {
        Ok(s) => s,
        Err(_) => return,
    });
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    // Skip the headers.
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) if line == "\r\n" || line == "\n" => break,
            Ok(_) => {}
        }
    }
    // A stopped server answers nothing, also on a connection the browser
    // opened ahead while it ran: the page is offline.
    if stopped.load(Ordering::SeqCst) {
        let _ = stream.shutdown(Shutdown::Both);
        return;
    }
    let target = request_line.split_whitespace().nth(1).unwrap_or("/");
    let path = target.split(['?', '#']).next().unwrap_or("/");
    log.lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .push(path.to_owned());
    let below = served.iter().find_map(|(root, base)| {
        path.strip_prefix(base.as_str())
            .or_else(|| (path == base.trim_end_matches('/')).then_some(""))
            .map(|relative| (root, relative))
    });
    let (status, file, body) = match below {
        Some((root, relative)) => {
            let candidate = root.join(relative);
            let is_safe = !relative.split('/').any(|part| part == "..");
            let file = if is_safe && !relative.is_empty() && candidate.is_file() {
                candidate
            } else {
                root.join("index.html")
            };
            match std::fs::read(&file) {
                Ok(body) => ("200 OK", file, body),
                Err(_) => ("404 Not Found", file, b"not found".to_vec()),
            }
        }
        // Outside the base paths there is nothing.
        None => (
            "404 Not Found",
            PathBuf::from("missing.txt"),
            b"not found".to_vec(),
        ),
    };
    let content_type = match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("css") => "text/css; charset=utf-8",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("webmanifest") => "application/manifest+json",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
    let _ = stream.flush();
    let _ = stream.shutdown(Shutdown::Both);
}

/// A POST of a JSON body to `/session/{id}/{command}`: one of chromedriver's
/// own commands, which fantoccini has no method for, sent through
/// fantoccini's command API ([`Client::issue_cmd`]).
#[derive(Debug)]
struct SessionPost {
    command: String,
    body: Value,
}

impl WebDriverCompatibleCommand for SessionPost {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        // Without a session the id is empty and chromedriver answers with an error.
        base_url.join(&format!(
            "session/{}/{}",
            session_id.unwrap_or_default(),
            self.command
        ))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// The commands of one session that fantoccini has no method for: the
/// browser log and the Chrome DevTools Protocol.
#[derive(Debug, Clone)]
pub struct DriverHandle {
    client: Client,
}

impl DriverHandle {
    pub fn new(client: Client) -> Self {
        Self { client }
    }

    /// POSTs a JSON body to `/session/{id}/{command}` and returns the
    /// response's `value`, or chromedriver's error.
    pub async fn post(&self, command: &str, body: Value) -> Result<Value, CmdError> {
        self.client
            .issue_cmd(SessionPost {
                command: command.to_owned(),
                body,
            })
            .await
    }

    /// Runs a Chrome DevTools Protocol command.
    pub async fn cdp(&self, command: &str, params: Value) -> Value {
        self.post(
            "goog/cdp/execute",
            json!({ "cmd": command, "params": params }),
        )
        .await
        .unwrap_or_else(|e| panic!("the DevTools command {command} failed: {e}"))
    }

    /// Runs `source` in every document of this tab before its own scripts,
    /// until removed; returns the id for [`DriverHandle::remove_init_script`].
    pub async fn add_init_script(&self, source: &str) -> String {
        let value = self
            .cdp(
                "Page.addScriptToEvaluateOnNewDocument",
                json!({ "source": source }),
            )
            .await;
        value["identifier"].as_str().unwrap_or_default().to_owned()
    }

    pub async fn remove_init_script(&self, id: &str) {
        self.cdp(
            "Page.removeScriptToEvaluateOnNewDocument",
            json!({ "identifier": id }),
        )
        .await;
    }

    /// Console errors (level SEVERE) and warnings since the last call, as
    /// `level: message`.
    pub async fn take_console_problems(&self) -> Vec<String> {
        self.take_console()
            .await
            .into_iter()
            .filter(|(level, _)| level == "SEVERE" || level == "WARNING")
            // The tests' own screenshots read the WebGL canvas back; Chromium's
            // GL layer notes that as a performance warning. Not the app's doing.
            .filter(|(_, message)| !message.contains("GPU stall due to ReadPixels"))
            .map(|(level, message)| format!("{level}: {message}"))
            .collect()
    }

    /// The browser console entries since the last call (chromedriver hands
    /// each entry out once), as `(level, message)`. A log that cannot be read
    /// is one SEVERE entry saying so, so it cannot pass for a clean one.
    pub async fn take_console(&self) -> Vec<(String, String)> {
        let entries = match self.post("se/log", json!({ "type": "browser" })).await {
            Ok(entries) => entries,
            Err(e) => {
                return vec![(
                    "SEVERE".to_owned(),
                    format!("the browser log could not be read: {e}"),
                )];
            }
        };
        entries
            .as_array()
            .map(|entries| {
                entries
                    .iter()
                    .map(|entry| {
                        let text = |key: &str| entry[key].as_str().unwrap_or_default().to_owned();
                        (text("level"), text("message"))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// chromedriver in its own process group; the group (driver and the browser it
/// started) is killed on drop.
pub struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    pub fn start(log: &Path) -> Self {
        let port = free_port();
        let log_file = std::fs::File::create(log).expect("create the chromedriver log");
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(log_file)
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {CHROMEDRIVER}: {e}. Run `make setup`."));
        let driver = Self { child, port };
        let deadline = Instant::now() + Duration::from_secs(15);
        while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not listen on port {port} within 15 s"
            );
            thread::sleep(Duration::from_millis(50)); // between two connection attempts
        }
        driver
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The negative pid addresses the whole process group.
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The graphics mode Chromium runs in: which view the app shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `--disable-webgl`: no WebGL, the SVG view is the view.
    Svg,
    /// Software WebGL2 (SwiftShader): the three-d canvas is the view.
    Webgl,
}

impl Mode {
    /// The Chromium flags of this mode, on top of the base flags.
    pub fn args(self) -> &'static [&'static str] {
        match self {
            Self::Svg => &["--disable-webgl"],
            Self::Webgl => &["--disable-gpu", "--enable-unsafe-swiftshader"],
        }
    }
}

/// What the browser sessions of one process share: the static server with
/// the app and one chromedriver. Dropping it kills chromedriver and every
/// browser it started.
pub struct BrowserHost {
    driver: Driver,
    server: StaticServer,
    _dir: TempDir,
}

impl BrowserHost {
    /// Serves `dist/` and starts chromedriver; fails with a clear message
    /// when something is missing.
    pub fn start() -> Self {
        let dist = dist_dir();
        assert!(
            dist.join("index.html").is_file(),
            "{} is missing: build the app first with `trunk build` (or run `make test`)",
            dist.join("index.html").display()
        );
        for binary in [CHROMIUM, CHROMEDRIVER] {
            assert!(
                Path::new(binary).exists(),
                "{binary} is missing: install Chromium and chromedriver with `make setup`"
            );
        }
        let dir = TempDir::new("boids-browser");
        let server = StaticServer::start(dist);
        let driver = Driver::start(&dir.path().join("chromedriver.log"));
        Self {
            driver,
            server,
            _dir: dir,
        }
    }

    /// A new headless Chromium with a fresh, empty profile in `mode`.
    pub async fn session(&self, mode: Mode) -> Session {
        let profile = TempDir::new("boids-profile");
        let mut args: Vec<String> = [
            "--headless",
            "--no-sandbox",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1280,900",
        ]
        .iter()
        .chain(mode.args())
        .map(|arg| (*arg).to_owned())
        .collect();
        args.push(format!("--user-data-dir={}", profile.path().display()));
        let capabilities = json!({
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": args,
            },
            "goog:loggingPrefs": { "browser": "ALL" },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!("a JSON object literal")
        };
        let client = ClientBuilder::native()
            .capabilities(capabilities)
            .connect(&self.driver.url())
            .await
            .unwrap_or_else(|e| {
                panic!("cannot start a Chromium session through chromedriver: {e}")
            });
        Session {
            page: AppPage::new(client, self.server.base_url()),
            _profile: profile,
        }
    }
}

/// One browser (one WebDriver session) with its own profile directory.
pub struct Session {
    pub page: AppPage,
    _profile: TempDir,
}

impl Session {
    /// Ends the WebDriver session: the browser quits.
    pub async fn close(self) {
        let _ = self.page.client.clone().close().await;
    }
}

/// A host with one session, for the benchmarks. Fields drop in order:
/// session, then host (chromedriver and server).
pub struct Browser {
    session: Session,
    _host: BrowserHost,
}

impl Browser {
    pub async fn launch(mode: Mode) -> Self {
        let host = BrowserHost::start();
        let session = host.session(mode).await;
        Self {
            session,
            _host: host,
        }
    }

    pub fn page(&self) -> AppPage {
        self.session.page.clone()
    }

    pub async fn close(self) {
        self.session.close().await;
    }
}
