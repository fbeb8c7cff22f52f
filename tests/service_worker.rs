#![cfg(not(target_arch = "wasm32"))]
//! The service worker's build step and source: `scripts/service_worker_assets.mjs`
//! (trunk's post-build hook) writes every built file with its size and
//! SHA-256 into `sw.js`, which checks each file against that list before it
//! stores it; and `web/sw.js` answers exactly the app's pages with the app.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// A fresh folder with a fake build: `web/sw.js` as trunk copies it, an
/// index.html, a wasm, a script, and what the hook must leave out (the
/// compressed copies, 404.html, a folder); removed on drop.
struct Build(PathBuf);

impl Build {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("boids-sw-{}-{name}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(dir.join("snippets")).unwrap();
        std::fs::copy(repo().join("web/sw.js"), dir.join("sw.js")).unwrap();
        std::fs::write(dir.join("index.html"), "<!doctype html><title>App</title>").unwrap();
        std::fs::write(dir.join("app_bg.wasm"), b"\0asm\x01\0\0\0 a wasm of sorts").unwrap();
        std::fs::write(dir.join("app.js"), "export default 1;\n").unwrap();
        std::fs::write(dir.join("app.js.gz"), "compressed").unwrap();
        std::fs::write(dir.join("app.js.br"), "compressed").unwrap();
        std::fs::write(dir.join("404.html"), "<!doctype html><title>App</title>").unwrap();
        std::fs::write(dir.join("snippets").join("x.js"), "in a folder").unwrap();
        Self(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn sw(&self) -> String {
        std::fs::read_to_string(self.0.join("sw.js")).unwrap()
    }
}

impl Drop for Build {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn hook(dir: &Path) -> Output {
    Command::new("node")
        .arg(repo().join("scripts/service_worker_assets.mjs"))
        .arg(dir)
        .output()
        .expect("run node (installed by `make setup`)")
}

/// The value of `const NAME = …;` in a script, as JSON.
fn constant(source: &str, name: &str) -> Value {
    let prefix = format!("const {name} = ");
    let line = source
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no line `{prefix}…`"));
    serde_json::from_str(line.trim_end_matches(';')).expect("a JSON value")
}

/// The SHA-256 of a file in hex, by coreutils' sha256sum (not by the hook's
/// own code).
fn sha256sum(path: &Path) -> String {
    let out = Command::new("sha256sum")
        .arg(path)
        .output()
        .expect("sha256sum");
    String::from_utf8(out.stdout).unwrap()[..64].to_owned()
}

#[test]
fn the_hook_lists_every_built_file_with_its_size_and_sha256() {
    let build = Build::new("list");
    let out = hook(build.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files = constant(&build.sw(), "FILES");
    let files = files.as_array().expect("a list");
    let names: Vec<&str> = files.iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["app.js", "app_bg.wasm", "index.html"],
        "the built files only: not sw.js, 404.html, compressed copies or folders"
    );
    for file in files {
        let path = build.path().join(file["name"].as_str().unwrap());
        assert_eq!(
            file["size"].as_u64(),
            Some(std::fs::metadata(&path).unwrap().len()),
            "{file}"
        );
        assert_eq!(file["sha256"].as_str(), Some(sha256sum(&path).as_str()));
    }
    let build_id = constant(&build.sw(), "BUILD");
    assert!(
        build_id
            .as_str()
            .is_some_and(|id| id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())),
        "{build_id}"
    );
}

#[test]
fn the_build_changes_with_any_byte_and_the_hook_can_run_again() {
    let build = Build::new("again");
    assert!(hook(build.path()).status.success());
    let first = build.sw();
    assert!(hook(build.path()).status.success());
    assert_eq!(
        build.sw(),
        first,
        "a second run on the same files changes nothing"
    );

    // One byte of the wasm, same size: a new build, a new hash in the list.
    std::fs::write(
        build.path().join("app_bg.wasm"),
        b"\0asm\x01\0\0\0 a wasm of sortS",
    )
    .unwrap();
    assert!(hook(build.path()).status.success());
    let second = build.sw();
    assert_ne!(constant(&second, "BUILD"), constant(&first, "BUILD"));
    let wasm = |source: &str| constant(source, "FILES")[1].clone();
    assert_eq!(wasm(&second)["size"], wasm(&first)["size"]);
    assert_ne!(wasm(&second)["sha256"], wasm(&first)["sha256"]);
}

#[test]
fn the_hook_fails_without_its_lines_or_without_index_html() {
    let build = Build::new("broken");
    std::fs::write(build.path().join("sw.js"), "// no list here\n").unwrap();
    let out = hook(build.path());
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("the BUILD and FILES lines were not found"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let build = Build::new("no-index");
    std::fs::remove_file(build.path().join("index.html")).unwrap();
    let out = hook(build.path());
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no index.html"));
    assert_eq!(
        build.sw(),
        std::fs::read_to_string(repo().join("web/sw.js")).unwrap(),
        "sw.js is left as it was"
    );
}

/// The pages the service worker answers with the app are the app's routes
/// (`<Route path=path!("/tabelle") …/>` in src/app/mod.rs), relative to the
/// base path, and index.html.
#[test]
fn the_service_worker_answers_exactly_the_apps_pages() {
    let app = std::fs::read_to_string(repo().join("src/app/mod.rs")).unwrap();
    let mut routes: Vec<String> = app
        .split("<Route path=path!(\"/")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_owned())
        .collect();
    assert!(routes.len() >= 4, "the router's routes: {routes:?}");
    routes.push("index.html".to_owned());
    routes.sort();
    let sw = std::fs::read_to_string(repo().join("web/sw.js")).unwrap();
    let pages = constant(&sw, "PAGES");
    let mut pages: Vec<String> = pages
        .as_array()
        .expect("a list")
        .iter()
        .map(|page| page.as_str().unwrap().to_owned())
        .collect();
    pages.sort();
    assert_eq!(pages, routes);
}

/// The list in the real build (`dist/`, which `make test` builds before the
/// tests run) matches the files beside it: nothing changed a file after the
/// hook hashed it (trunk starts one stage's hooks side by side, which once
/// let the Content-Security-Policy hook rewrite index.html after it was
/// hashed, and the offline copy never installed).
#[test]
fn the_built_list_matches_the_built_files() {
    let dist = repo().join("dist");
    let sw = std::fs::read_to_string(dist.join("sw.js"))
        .expect("dist/sw.js: build the app first (`trunk build`, done by `make test`)");
    let files = constant(&sw, "FILES");
    let files = files.as_array().expect("a list");
    assert!(files.iter().any(|f| f["name"] == "index.html"));
    for file in files {
        let path = dist.join(file["name"].as_str().unwrap());
        assert_eq!(
            file["size"].as_u64(),
            Some(std::fs::metadata(&path).unwrap().len()),
            "{file}"
        );
        assert_eq!(file["sha256"].as_str(), Some(sha256sum(&path).as_str()));
    }
}
