#!/usr/bin/env bash
# Installs the tools the build and the tests need, at pinned versions,
# skipping each one whose right version is already present. Idempotent.
# Facts behind the choices: docs/DEVELOPING.md ("Toolchain").
#
#   scripts/setup.sh serve   what building and serving the app needs: the wasm
#                            target, trunk, wasm-bindgen-cli, wasm-opt (npm);
#                            no root needed
#   scripts/setup.sh test    the same, plus Chromium and chromedriver for the
#                            browser tests, GNU parallel, Slurm and munge for
#                            the cluster tests, ffmpeg to read films back,
#                            nginx to serve the build as DEPLOYING.md says
#                            (apt: root, or sudo)
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
MEDIABUNNY_VERSION=1.61.0
ESBUILD_VERSION=0.28.2
WASM_TARGET=wasm32-unknown-unknown

export PATH="$HOME/.cargo/bin:$PATH"
cd "$(dirname "$0")/.."

log() { printf '[setup] %s\n' "$*"; }

# Jobs run in the background, each with its output prefixed by its name;
# `wait_for_jobs` waits for all of them and fails if any failed. Each says
# how long it took (at second `SECONDS` of the script).
job_pids=()
job_names=()
start_job() {
  local name=$1
  shift
  log "$name: started at ${SECONDS} s"
  (
    set -o pipefail
    "$@" 2>&1 | sed -u "s/^/[$name] /"
    log "$name: finished at ${SECONDS} s"
  ) &
  job_pids+=("$!")
  job_names+=("$name")
}
wait_for_jobs() {
  local i failed=()
  for i in "${!job_pids[@]}"; do
    wait "${job_pids[$i]}" || failed+=("${job_names[$i]}")
  done
  job_pids=()
  job_names=()
  if [ "${#failed[@]}" -gt 0 ]; then
    log "failed: ${failed[*]}"
    exit 1
  fi
}

# Debian packages the tests use, each with a file that shows it is there.
APT_PACKAGES=(chromium chromium-driver parallel slurm-wlm munge ffmpeg nginx)
APT_MARKERS=(/usr/bin/chromium /usr/bin/chromedriver /usr/bin/parallel /usr/sbin/slurmctld /usr/sbin/munged /usr/bin/ffprobe /usr/sbin/nginx)
missing_apt_packages() {
  local i
  for i in "${!APT_PACKAGES[@]}"; do
    [ -x "${APT_MARKERS[$i]}" ] || printf '%s\n' "${APT_PACKAGES[$i]}"
  done
}
install_apt_packages() {
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

# The apt packages first, in the background: apt mostly waits for the
# network and dpkg, and the cargo builds below want the cores.
if [ "$PURPOSE" != serve ]; then
  mapfile -t missing < <(missing_apt_packages)
  if [ "${#missing[@]}" -eq 0 ]; then
    log "${APT_PACKAGES[*]} present"
  else
    as_root=()
    if [ "$(id -u)" -ne 0 ]; then
      command -v sudo >/dev/null || { log "apt needs root: run as root or install sudo"; exit 1; }
      as_root=(sudo)
    fi
    start_job apt install_apt_packages "${missing[@]}"
  fi
fi

if rustup target list --installed | grep -qx "$WASM_TARGET"; then
  log "$WASM_TARGET present"
else
  log "adding $WASM_TARGET"
  rustup target add "$WASM_TARGET"
fi

# trunk and wasm-bindgen-cli build side by side: each has long stretches on
# one core (trunk's last step is one fat-LTO codegen unit), which the other
# fills. cargo holds the install root's lock only before and after a build.
if [ "$(trunk --version 2>/dev/null || true)" = "trunk $TRUNK_VERSION" ]; then
  log "trunk $TRUNK_VERSION present"
else
  # Without default features: no self-update check and no TLS download stack,
  # which this offline build never uses; it also builds minutes faster.
  start_job trunk cargo install --locked --no-default-features trunk --version "$TRUNK_VERSION"
fi

if [ "$(wasm-bindgen --version 2>/dev/null || true)" = "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  log "wasm-bindgen-cli $WASM_BINDGEN_VERSION present"
else
  # Not --locked: its lockfile pins a crate version the registry lacks.
  start_job wasm-bindgen-cli cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# Debian's binaryen 108 produces a wasm that fails at start-up; npm's 132 works.
if wasm-opt --version 2>/dev/null | grep -q "version ${BINARYEN_VERSION%%.*}"; then
  log "wasm-opt ${BINARYEN_VERSION%%.*} present"
else
  log "installing binaryen@$BINARYEN_VERSION from npm"
  npm install --global --no-audit --no-fund "binaryen@$BINARYEN_VERSION"
fi

# Pictures and films: Mediabunny (muxer) and esbuild (bundles web/media.js
# with it after every trunk build), pinned by tools/media/package-lock.json.
if [ "$(cd tools/media && node -p 'const v = (p) => require("./node_modules/" + p + "/package.json").version; v("mediabunny") + " " + v("esbuild")' 2>/dev/null || true)" = "$MEDIABUNNY_VERSION $ESBUILD_VERSION" ]; then
  log "mediabunny $MEDIABUNNY_VERSION and esbuild $ESBUILD_VERSION present"
else
  log "installing mediabunny $MEDIABUNNY_VERSION and esbuild $ESBUILD_VERSION from npm into tools/media"
  (cd tools/media && npm ci --no-audit --no-fund)
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
wait_for_jobs
log "all tools for $PURPOSE present"
