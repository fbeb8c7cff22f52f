//! What the command-line tests share: running `boids-schwarm-cli` and a
//! folder of files that is removed when the test ends.

#![allow(dead_code)] // each test binary uses its own part of this

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The command-line program cargo built for these tests.
pub const CLI: &str = env!("CARGO_BIN_EXE_boids-schwarm-cli");

pub fn run(args: &[&str]) -> Output {
    Command::new(CLI)
        .args(args)
        .output()
        .expect("run boids-schwarm-cli")
}

/// The standard output of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let output = run(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Exit code 2, nothing on stdout, one line on stderr containing `expected`.
pub fn assert_refused(args: &[&str], expected: &str) {
    let output = run(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(expected), "{stderr}");
}

/// A folder of files for one test, removed on drop.
pub struct Dir(PathBuf);

impl Dir {
    pub fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("boids-study-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap();
        Self(path)
    }

    pub fn file(&self, name: &str, content: &str) -> String {
        let path = self.path(name);
        std::fs::write(&path, content).unwrap();
        path
    }

    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_owned()
    }

    pub fn root(&self) -> &Path {
        &self.0
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}
