//! Names the build: a hash of every source the app's two wasm binaries are
//! made from, as `BOIDS_BUILD_ID`. The page and its Web Workers compare it
//! in their messages, so that a worker of another build (a tab that was not
//! reloaded after an update, or a stale cache) is refused.

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let roots = ["src", "Cargo.toml", "Cargo.lock"];
    let mut files = Vec::new();
    for root in roots {
        println!("cargo:rerun-if-changed={root}");
        collect(Path::new(root), &mut files);
    }
    files.sort();
    // FNV-1a, 64 bits: stable across Rust versions, unlike `DefaultHasher`.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &byte in bytes {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for file in &files {
        feed(file.to_string_lossy().as_bytes());
        feed(&[0]);
        feed(&fs::read(file).unwrap_or_default());
        feed(&[0]);
    }
    println!(
        "cargo:rustc-env=BOIDS_BUILD_ID={}-{hash:016x}",
        env!("CARGO_PKG_VERSION")
    );
}

fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let Ok(entries) = fs::read_dir(path) else {
            return;
        };
        for entry in entries.flatten() {
            collect(&entry.path(), files);
        }
    } else if path.is_file() {
        files.push(path.to_path_buf());
    }
}
