//! The versions of the build tools are written once, in `scripts/setup.sh`,
//! which installs them: every other file that names one (the crate pin in
//! Cargo.toml, trunk's tool pins in Trunk.toml, the README and
//! docs/DEVELOPING.md) must name the same, so that an update cannot leave a
//! stale line behind.

use std::fs;

fn read(path: &str) -> String {
    fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// The value of `NAME=value` in setup.sh.
fn pinned(setup: &str, name: &str) -> String {
    setup
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{name}=")))
        .unwrap_or_else(|| panic!("setup.sh pins {name}"))
        .trim()
        .to_owned()
}

/// Every version-like word (digits and dots) right after `marker` in `text`.
fn versions_after<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
    text.match_indices(marker)
        .map(|(at, _)| {
            let rest = &text[at + marker.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            rest[..end].trim_end_matches('.')
        })
        .collect()
}

struct Pins {
    trunk: String,
    wasm_bindgen: String,
    binaryen: String,
}

impl Pins {
    fn read() -> Self {
        let setup = read("scripts/setup.sh");
        Self {
            trunk: pinned(&setup, "TRUNK_VERSION"),
            wasm_bindgen: pinned(&setup, "WASM_BINDGEN_VERSION"),
            binaryen: pinned(&setup, "BINARYEN_VERSION"),
        }
    }

    /// binaryen's major version, as trunk names it (`version_132`).
    fn binaryen_major(&self) -> &str {
        self.binaryen.split('.').next().expect("a version")
    }
}

#[test]
fn the_crate_and_trunk_pin_the_versions_setup_installs() {
    let pins = Pins::read();
    let cargo = read("Cargo.toml");
    assert_eq!(
        versions_after(&cargo, "wasm-bindgen = { version = \"="),
        [pins.wasm_bindgen.as_str()],
        "Cargo.toml's wasm-bindgen"
    );
    let trunk = read("Trunk.toml");
    assert_eq!(
        versions_after(&trunk, "wasm_bindgen = \""),
        [pins.wasm_bindgen.as_str()]
    );
    assert_eq!(
        versions_after(&trunk, "wasm_opt = \"version_"),
        [pins.binaryen_major()]
    );
}

#[test]
fn the_docs_name_the_versions_setup_installs() {
    let pins = Pins::read();
    for path in ["README.md", "docs/DEVELOPING.md"] {
        let text = read(path);
        let named: Vec<(&str, Vec<&str>, &str)> = vec![
            ("trunk", versions_after(&text, "trunk 0."), &pins.trunk[2..]),
            (
                "wasm-bindgen",
                versions_after(&text, "wasm-bindgen-cli 0."),
                &pins.wasm_bindgen[2..],
            ),
            (
                "wasm-bindgen",
                versions_after(&text, "`=0."),
                &pins.wasm_bindgen[2..],
            ),
            (
                "binaryen",
                versions_after(&text, "binaryen@"),
                pins.binaryen.as_str(),
            ),
            (
                "wasm-opt",
                versions_after(&text, "version_"),
                pins.binaryen_major(),
            ),
        ];
        let mut seen = 0;
        for (tool, found, expected) in named {
            // A whole version must be the pin; a shorter one (binaryen's
            // major, say) its start. Other releases are named by their
            // first two numbers only ("every trunk 0.22 release").
            let whole = expected.matches('.').count();
            for version in found {
                if version.matches('.').count() < whole && !expected.starts_with(version) {
                    assert_eq!(tool, "trunk", "{path}: {tool} {version}");
                    continue;
                }
                seen += 1;
                assert!(
                    expected.starts_with(version) && !version.is_empty(),
                    "{path} names {tool} {version}, setup.sh installs {expected}"
                );
            }
        }
        assert!(seen >= 2, "{path} names the tools ({seen} found)");
    }
}
