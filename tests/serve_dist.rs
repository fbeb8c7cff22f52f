#![cfg(not(target_arch = "wasm32"))]
//! `scripts/serve_dist.mjs`, the reference static host: it serves the files
//! of its folder with the hardening headers, answers client-side routes with
//! index.html, and never lets a request leave the folder, neither by `..`,
//! nor by separators hidden in percent-encoding, nor by a symlink, nor into
//! a sibling folder whose name starts with the folder's.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A folder `site/` with `dist/` (served), a sibling `dist-old/` and a file
/// beside them, each holding a secret; removed on drop.
struct Site(PathBuf);

impl Site {
    fn new(name: &str) -> Self {
        let root = std::env::temp_dir().join(format!("boids-serve-{}-{name}", std::process::id()));
        std::fs::remove_dir_all(&root).ok();
        let dist = root.join("dist");
        std::fs::create_dir_all(dist.join("sub")).unwrap();
        std::fs::create_dir_all(root.join("dist-old")).unwrap();
        std::fs::write(dist.join("index.html"), "INDEX").unwrap();
        std::fs::write(dist.join("app.txt"), "APP").unwrap();
        std::fs::write(dist.join("sub").join("deep.txt"), "DEEP").unwrap();
        std::fs::write(root.join("dist-old").join("secret.txt"), "SECRET-SIBLING").unwrap();
        std::fs::write(root.join("secret.txt"), "SECRET-PARENT").unwrap();
        std::os::unix::fs::symlink(root.join("secret.txt"), dist.join("link.txt")).unwrap();
        Self(root)
    }

    fn dist(&self) -> PathBuf {
        self.0.join("dist")
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// `node scripts/serve_dist.mjs` on a free port; stopped on drop.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(dist: &Path, base: &str) -> Self {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/serve_dist.mjs");
        let mut child = Command::new("node")
            .arg(script)
            .args(["--dir", dist.to_str().unwrap(), "--port", &port.to_string()])
            .args(["--base", base])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("node runs");
        // It says so once it listens.
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(line.starts_with("serving"), "{line}");
        Self { child, port }
    }

    /// The status line, the headers (lower-case names) and the body of a
    /// GET of `target`, sent as written (no normalisation by a client).
    fn get(&self, target: &str) -> (String, Vec<(String, String)>, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        write!(
            stream,
            "GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
        let mut lines = head.lines();
        let status = lines.next().unwrap_or_default().to_owned();
        let headers = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(name, value)| (name.trim().to_lowercase(), value.trim().to_owned()))
            .collect();
        (status, headers, body.to_owned())
    }

    fn body(&self, target: &str) -> String {
        self.get(target).2
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// Ways out of the folder a request might try, relative to the base.
const ESCAPES: [&str; 9] = [
    "../secret.txt",
    "..%2fsecret.txt",
    "..%2Fdist-old%2Fsecret.txt",
    "%2e%2e/dist-old/secret.txt",
    "%2e%2e%2fsecret.txt",
    "sub/..%2f..%2fsecret.txt",
    "..%5csecret.txt",
    "link.txt",
    "sub%2f..%2f..%2fdist-old%2fsecret.txt",
];

fn assert_no_escape(server: &Server, base: &str) {
    for escape in ESCAPES {
        let (status, _, body) = server.get(&format!("{base}{escape}"));
        assert!(!body.contains("SECRET"), "{escape}: {status} {body}");
        assert!(!status.contains(" 500"), "{escape}: {status}");
    }
}

#[test]
fn serves_files_and_routes_with_the_hardening_headers() {
    let site = Site::new("files");
    let server = Server::start(&site.dist(), "/");
    let (status, headers, body) = server.get("/app.txt");
    assert!(status.contains(" 200"), "{status}");
    assert_eq!(body, "APP");
    for (name, value) in [
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
    ] {
        assert!(
            headers.iter().any(|(n, v)| n == name && v == value),
            "{name}: {headers:?}"
        );
    }
    assert_eq!(server.body("/sub/deep.txt"), "DEEP");
    assert_eq!(
        server.body("/sub%2Fdeep.txt"),
        "INDEX",
        "an encoded separator is no separator"
    );
    assert_eq!(server.body("/tabelle"), "INDEX");
    // Malformed percent-encoding is no file, not a server error.
    let (status, _, body) = server.get("/%E0%A4%A");
    assert!(status.contains(" 200"), "{status}");
    assert_eq!(body, "INDEX");
}

#[test]
fn no_request_leaves_the_folder() {
    let site = Site::new("escape");
    let server = Server::start(&site.dist(), "/");
    assert_no_escape(&server, "/");
}

#[test]
fn no_request_leaves_the_folder_below_a_base_path() {
    let site = Site::new("base");
    let server = Server::start(&site.dist(), "/boids/");
    assert_eq!(server.body("/boids/app.txt"), "APP");
    assert_no_escape(&server, "/boids/");
    let (status, _, body) = server.get("/elsewhere/app.txt");
    assert!(status.contains(" 404"), "{status}");
    assert!(!body.contains("APP"));
}
