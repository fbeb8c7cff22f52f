#!/usr/bin/env bash
# Installs the tools the build and the tests need, at pinned versions,
# skipping each one whose right version is already present. Idempotent.
# Facts behind the choices: docs/DEVELOPING.md ("Toolchain").
#
#   scripts/setup.sh serve   what building and serving the app needs: the wasm
#                            target, trunk, wasm-bindgen-cli, wasm-opt (npm);
#                            no root needed
#   scripts/setup.sh test    the same, plus Chromium and chromedriver for the
#                            browser tests (apt: root, or sudo)
#   scripts/setup.sh lighthouse
#                            as `test`, plus Lighthouse (npm, pinned by
#                            tools/lighthouse/package-lock.json) for
#                            `make lighthouse`; never needed by `make test`
#   scripts/setup.sh         as `test`
set -euo pipefail

PURPOSE=${1:-test}
case "$PURPOSE" in
  serve | test | lighthouse) ;;
  *)
    echo "usage: $0 [serve|test|lighthouse]" >&2
    exit 2
    ;;
esac

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
BINARYEN_VERSION=132.0.0
# 12.x: Lighthouse 13 needs Node 22, the machines have Node 20.
LIGHTHOUSE_VERSION=12.2.3
WASM_TARGET=wasm32-unknown-unknown

export PATH="$HOME/.cargo/bin:$PATH"
cd "$(dirname "$0")/.."

log() { printf '[setup] %s\n' "$*"; }

if rustup target list --installed | grep -qx "$WASM_TARGET"; then
  log "$WASM_TARGET present"
else
  log "adding $WASM_TARGET"
  rustup target add "$WASM_TARGET"
fi

if [ "$(trunk --version 2>/dev/null || true)" = "trunk $TRUNK_VERSION" ]; then
  log "trunk $TRUNK_VERSION present"
else
  # Without default features: no self-update check and no TLS download stack,
  # which this offline build never uses; it also builds minutes faster.
  log "installing trunk $TRUNK_VERSION (about 7 minutes)"
  cargo install --locked --no-default-features trunk --version "$TRUNK_VERSION"
fi

if [ "$(wasm-bindgen --version 2>/dev/null || true)" = "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  log "wasm-bindgen-cli $WASM_BINDGEN_VERSION present"
else
  # Not --locked: its lockfile pins a crate version the registry lacks.
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# Debian's binaryen 108 produces a wasm that fails at start-up; npm's 132 works.
if wasm-opt --version 2>/dev/null | grep -q "version ${BINARYEN_VERSION%%.*}"; then
  log "wasm-opt ${BINARYEN_VERSION%%.*} present"
else
  log "installing binaryen@$BINARYEN_VERSION from npm"
  npm install --global --no-audit --no-fund "binaryen@$BINARYEN_VERSION"
fi

if [ "$PURPOSE" != serve ]; then
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    log "chromium and chromedriver present"
  else
    log "installing chromium and chromium-driver (apt)"
    as_root=()
    if [ "$(id -u)" -ne 0 ]; then
      command -v sudo >/dev/null || { log "apt needs root: run as root or install sudo"; exit 1; }
      as_root=(sudo)
    fi
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
  fi
fi

if [ "$PURPOSE" = lighthouse ]; then
  if [ "$(tools/lighthouse/node_modules/.bin/lighthouse --version 2>/dev/null || true)" = "$LIGHTHOUSE_VERSION" ]; then
    log "lighthouse $LIGHTHOUSE_VERSION present"
  else
    log "installing lighthouse $LIGHTHOUSE_VERSION from npm into tools/lighthouse"
    (cd tools/lighthouse && npm ci --no-audit --no-fund)
  fi
fi

if [ -f Cargo.lock ]; then
  # trunk builds offline; fetch the locked crates first.
  cargo fetch --locked
fi
log "all tools for $PURPOSE present"
