#![cfg(not(target_arch = "wasm32"))]
//! docs/DEPLOYING.md's nginx configuration, served for real: Debian's nginx
//! (installed by `scripts/setup.sh test`) runs the page's one ```nginx block
//! word for word, with only its two placeholders filled in (the build's
//! policy and the folder), inside a minimal `nginx.conf` such as Debian's
//! own (its `mime.types`, a `server` on a free port of 127.0.0.1), and
//! serves the built app (`dist/`, from `trunk build`) below `/boids/`.
//! Every kind of path must bring the headers the page promises: the app's
//! pages, the routes that fall back to index.html, the worker files and the
//! service worker, the hashed files, and a missing file. nginx is stopped
//! when a test ends, also when it fails. A missing nginx or `dist/` fails
//! the tests; they never skip.

use std::fmt;
use std::fs::File;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Debian's nginx (package `nginx`) and the types list its nginx.conf includes.
const NGINX: &str = "/usr/sbin/nginx";
const MIME_TYPES: &str = "/etc/nginx/mime.types";

/// What the page's block serves, and its two placeholders.
const BASE: &str = "/boids/";
const POLICY: &str = "POLICY";
const ROOT: &str = "root /srv/www;";

/// The cache headers the page promises: the hashed names for a year,
/// everything else revalidated.
const FOR_A_YEAR: &str = "max-age=31536000";
const REVALIDATE: &str = "no-cache";

/// How long nginx may take to listen (it takes milliseconds).
const PATIENCE: Duration = Duration::from_secs(20);

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn dist() -> PathBuf {
    repo().join("dist")
}

/// The text of the one ```nginx block in docs/DEPLOYING.md.
fn documented_block() -> String {
    let page = std::fs::read_to_string(repo().join("docs/DEPLOYING.md")).expect("DEPLOYING.md");
    let mut blocks = Vec::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        if line == "```nginx" {
            let block: Vec<&str> = lines.by_ref().take_while(|line| *line != "```").collect();
            blocks.push(block.join("\n"));
        }
    }
    assert_eq!(
        blocks.len(),
        1,
        "docs/DEPLOYING.md has exactly one ```nginx block, the configuration this test serves"
    );
    blocks.pop().unwrap()
}

/// The Content-Security-Policy of the build in dist/, as its index.html
/// carries it (what the page's `sed` line prints).
fn built_policy() -> String {
    let index = dist().join("index.html");
    let html = std::fs::read_to_string(&index).unwrap_or_else(|error| {
        panic!(
            "{}: {error}; build the app first with `trunk build` (`make test` does)",
            index.display()
        )
    });
    let marker = r#"http-equiv="Content-Security-Policy" content=""#;
    let start = html
        .find(marker)
        .expect("dist/index.html has the build's Content-Security-Policy")
        + marker.len();
    let length = html[start..].find('"').expect("the policy ends");
    html[start..start + length].to_owned()
}

/// The page's block with its placeholders filled in, each of which must be
/// there exactly once: the policy, and `root` at a folder whose `boids` is
/// the build.
fn filled_block(policy: &str, www: &Path) -> String {
    let block = documented_block();
    for placeholder in [POLICY, ROOT] {
        assert_eq!(
            block.matches(placeholder).count(),
            1,
            "the nginx block of DEPLOYING.md has `{placeholder}` once:\n{block}"
        );
    }
    block
        .replace(POLICY, policy)
        .replace(ROOT, &format!("root \"{}\";", www.display()))
}

/// Does the page's pattern of hashed names, `-[0-9a-f]{8,}(_bg)?\.(js|wasm|css)$`,
/// match `path`?
fn is_hashed(path: &str) -> bool {
    let Some((stem, extension)) = path.rsplit_once('.') else {
        return false;
    };
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    let hash = stem.rsplit_once('-').map_or("", |(_, hash)| hash);
    ["js", "wasm", "css"].contains(&extension)
        && hash.len() >= 8
        && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// nginx with the page's block, serving dist/ below /boids/, in a folder of
/// its own (configuration, logs, pid, temporary files). One process
/// (`master_process off`), so that killing it stops it all; dropped, it is
/// killed and the folder removed.
struct Nginx {
    child: Child,
    port: u16,
    dir: PathBuf,
    policy: String,
}

impl Nginx {
    fn start(name: &str) -> Self {
        assert!(
            Path::new(NGINX).is_file(),
            "{NGINX} is missing: the deployment test needs Debian's nginx \
             (`make setup` installs it, or `apt-get install nginx`)"
        );
        let policy = built_policy();
        let dir = std::env::temp_dir().join(format!("boids-nginx-{}-{name}", std::process::id()));
        let www = dir.join("www");
        let block = filled_block(&policy, &www);
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&www).unwrap();
        std::os::unix::fs::symlink(dist(), www.join(BASE.trim_matches('/'))).unwrap();
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let path = |name: &str| format!("\"{}\"", dir.join(name).display());
        // As Debian's nginx.conf: its types, the default type; then the
        // page's block in a server of its own. Everything nginx writes goes
        // into the test's folder.
        let config = format!(
            "pid {pid};
error_log {log};
events {{
    worker_connections 64;
}}
http {{
    include {MIME_TYPES};
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path {body};
    proxy_temp_path {proxy};
    fastcgi_temp_path {fastcgi};
    uwsgi_temp_path {uwsgi};
    scgi_temp_path {scgi};
    server {{
        listen 127.0.0.1:{port};
{block}
    }}
}}
",
            pid = path("nginx.pid"),
            log = path("error.log"),
            body = path("client_body"),
            proxy = path("proxy"),
            fastcgi = path("fastcgi"),
            uwsgi = path("uwsgi"),
            scgi = path("scgi"),
        );
        std::fs::write(dir.join("nginx.conf"), config).unwrap();
        let child = Command::new(NGINX)
            .arg("-p")
            .arg(&dir)
            .arg("-e")
            .arg(dir.join("error.log"))
            .arg("-c")
            .arg(dir.join("nginx.conf"))
            .args(["-g", "daemon off; master_process off;"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(dir.join("stderr.log")).unwrap())
            .spawn()
            .unwrap_or_else(|error| panic!("{NGINX} starts: {error}"));
        let mut nginx = Self {
            child,
            port,
            dir,
            policy,
        };
        nginx.wait_until_it_listens();
        nginx
    }

    fn wait_until_it_listens(&mut self) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!(
                    "nginx stopped ({status}) with DEPLOYING.md's block:\n{}",
                    self.logs()
                );
            }
            if TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "nginx did not listen within {PATIENCE:?}:\n{}",
                self.logs()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// nginx's messages and the configuration it was given.
    fn logs(&self) -> String {
        let read = |name: &str| std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
        format!(
            "{}{}\n--- nginx.conf ---\n{}",
            read("stderr.log"),
            read("error.log"),
            read("nginx.conf")
        )
    }

    /// A GET of `target`, sent as written, read to the end. A connection
    /// reset before any byte of an answer is the loopback's, not an
    /// answer (seen once in a full test run, never alone): asked once more.
    fn get(&self, target: &str) -> Answer {
        match self.try_get(target) {
            Err(error) if error.kind() == std::io::ErrorKind::ConnectionReset => self
                .try_get(target)
                .unwrap_or_else(|error| panic!("GET {target}, twice: {error}")),
            answer => answer.unwrap_or_else(|error| panic!("GET {target}: {error}")),
        }
    }

    fn try_get(&self, target: &str) -> std::io::Result<Answer> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect to nginx");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        write!(
            stream,
            "GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut bytes = Vec::new();
        match stream.read_to_end(&mut bytes) {
            Ok(_) => Ok(Answer::parse(target, &bytes)),
            Err(error) if bytes.is_empty() => Err(error),
            Err(error) => panic!("GET {target}: {error} after {} bytes", bytes.len()),
        }
    }

    /// Checks the headers DEPLOYING.md promises on every answer, each sent
    /// once: no sniffing, no referrer, the build's policy (which also
    /// governs the workers, each by the answer that brought its script).
    fn assert_policy_headers(&self, answer: &Answer) {
        let policy = format!("{}; frame-ancestors *", self.policy);
        for (name, value) in [
            ("x-content-type-options", "nosniff"),
            ("referrer-policy", "no-referrer"),
            ("content-security-policy", policy.as_str()),
        ] {
            assert_eq!(answer.all(name), [value], "{name} once\n{answer}");
        }
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

/// An HTTP answer: status, headers (lower-case names, in order), body.
struct Answer {
    target: String,
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn parse(target: &str, bytes: &[u8]) -> Self {
        let end = bytes
            .windows(4)
            .position(|window| window == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("GET {target}: no end of the headers"));
        let head = String::from_utf8_lossy(&bytes[..end]);
        let mut lines = head.split("\r\n");
        let status_line = lines.next().unwrap_or_default();
        let status = status_line
            .split(' ')
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("GET {target}: status line {status_line:?}"));
        let headers = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(name, value)| (name.trim().to_lowercase(), value.trim().to_owned()))
            .collect();
        Self {
            target: target.to_owned(),
            status,
            headers,
            body: bytes[end + 4..].to_vec(),
        }
    }

    /// Every value of the header `name` (lower case).
    fn all(&self, name: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, value)| value.as_str())
            .collect()
    }

    fn content_type(&self) -> &str {
        self.all("content-type")
            .first()
            .copied()
            .unwrap_or_default()
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "GET {} -> {}", self.target, self.status)?;
        for (name, value) in &self.headers {
            writeln!(f, "  {name}: {value}")?;
        }
        Ok(())
    }
}

/// Every file below `dir`, as a path relative to it with `/` between the
/// parts; not the precompressed copies `make dist` writes beside them.
fn files_below(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    let mut pending = vec![PathBuf::new()];
    while let Some(relative) = pending.pop() {
        for entry in std::fs::read_dir(dir.join(&relative)).unwrap().flatten() {
            let path = relative.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                pending.push(path);
            } else {
                let name = path.to_str().expect("a UTF-8 name").to_owned();
                if !name.ends_with(".gz") && !name.ends_with(".br") {
                    files.push(name);
                }
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_file_of_the_build_has_the_policy_headers_and_its_cache_header() {
    let nginx = Nginx::start("files");
    let files = files_below(&dist());
    // Each kind of file is there to be checked: the page, the app's hashed
    // script, wasm and style, the worker's files and the service worker.
    for name in [
        "index.html",
        "worker.js",
        "worker_bg.wasm",
        "worker_loader.js",
        "sw.js",
        "manifest.webmanifest",
    ] {
        assert!(files.iter().any(|file| file == name), "dist/{name}");
    }
    for (prefix, suffix) in [
        ("boids-schwarm-", ".js"),
        ("boids-schwarm-", "_bg.wasm"),
        ("main-", ".css"),
    ] {
        assert!(
            files
                .iter()
                .any(|file| file.starts_with(prefix) && file.ends_with(suffix) && is_hashed(file)),
            "a hashed dist/{prefix}…{suffix} in {files:?}"
        );
    }

    for file in &files {
        let answer = nginx.get(&format!("{BASE}{file}"));
        assert_eq!(answer.status, 200, "{answer}");
        assert!(
            answer.body == std::fs::read(dist().join(file)).unwrap(),
            "the body is dist/{file}\n{answer}"
        );
        nginx.assert_policy_headers(&answer);
        let cache = if is_hashed(file) {
            FOR_A_YEAR
        } else {
            REVALIDATE
        };
        assert_eq!(answer.all("cache-control"), [cache], "{answer}");
        let expected_type = match file.rsplit_once('.').map(|(_, extension)| extension) {
            Some("wasm") => Some("application/wasm"),
            Some("js") => Some("application/javascript"),
            Some("html") => Some("text/html"),
            Some("css") => Some("text/css"),
            _ => None,
        };
        if let Some(expected_type) = expected_type {
            assert!(
                answer.content_type().starts_with(expected_type),
                "{expected_type}\n{answer}"
            );
        }
    }
}

#[test]
fn the_app_s_pages_fall_back_to_index_html_with_the_policy_headers() {
    let nginx = Nginx::start("pages");
    let index = std::fs::read(dist().join("index.html")).unwrap();
    for target in [
        "/boids/",
        "/boids/?einbetten",
        "/boids/tabelle",
        "/boids/studie",
        "/boids/info",
        "/boids/gibt/es/nicht",
    ] {
        let answer = nginx.get(target);
        assert_eq!(answer.status, 200, "{answer}");
        assert!(answer.body == index, "the body is index.html\n{answer}");
        assert!(answer.content_type().starts_with("text/html"), "{answer}");
        nginx.assert_policy_headers(&answer);
        assert_eq!(answer.all("cache-control"), [REVALIDATE], "{answer}");
    }
}

#[test]
fn a_missing_hashed_file_is_a_404_with_the_policy_headers_never_index_html() {
    let nginx = Nginx::start("missing");
    for name in [
        "boids-schwarm-0123456789abcdef_bg.wasm",
        "main-00000000deadbeef.css",
    ] {
        assert!(!dist().join(name).exists(), "dist/{name} is missing");
        let answer = nginx.get(&format!("{BASE}{name}"));
        assert_eq!(
            answer.status, 404,
            "a missing hashed name is no page: index.html kept for a year in its place \
             would break the app until the cache expires\n{answer}"
        );
        nginx.assert_policy_headers(&answer);
        assert!(
            !answer.all("cache-control").concat().contains("max-age"),
            "{answer}"
        );
    }
}

#[test]
fn the_test_knows_hashed_names_as_the_nginx_block_does() {
    let block = documented_block();
    assert!(
        block.contains(r#"location ~ "-[0-9a-f]{8,}(_bg)?\.(js|wasm|css)$" {"#),
        "the test's is_hashed follows the pattern of the nginx block:\n{block}"
    );
    for (name, hashed) in [
        ("boids-schwarm-0123456789abcdef.js", true),
        ("boids-schwarm-0123456789abcdef_bg.wasm", true),
        ("main-deadbeef.css", true),
        ("main-deadbee.css", false),
        ("main-Deadbeef.css", false),
        ("worker.js", false),
        ("worker_bg.wasm", false),
        ("media-0123456789abcdef.mjs", false),
        ("info-text.html", false),
    ] {
        assert_eq!(is_hashed(name), hashed, "{name}");
    }
}
