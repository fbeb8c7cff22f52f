# The two commands of the README. Each first installs whatever is missing
# (pinned versions, skipped when present), then does its job.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
export TRUNK_SKIP_VERSION_CHECK := true

.PHONY: setup setup-serve setup-lighthouse serve test build dist lint unit browser bench lighthouse

## Every tool: what serving needs, plus Chromium and chromedriver (apt, root).
setup:
	bash scripts/setup.sh test

## Only what building and serving the app needs (no apt, no root).
setup-serve:
	bash scripts/setup.sh serve

## Lighthouse too (npm, into tools/lighthouse), for `make lighthouse` only.
setup-lighthouse:
	bash scripts/setup.sh lighthouse

## Serve the app on http://127.0.0.1:8080
serve: setup-serve
	trunk serve

build: setup-serve
	trunk build

## The base path the app is deployed under (trunk's public URL), e.g.
## `make dist PUBLIC_URL=/boids/`.
PUBLIC_URL ?= /

## The release for a static host: dist/ with a .gz and a .br beside each
## file, 404.html for hosts that serve it at unknown paths; prints the sizes.
dist: setup-serve
	trunk build --public-url $(PUBLIC_URL)
	cp dist/index.html dist/404.html
	node scripts/compress_dist.mjs dist

lint: setup-serve
	cargo fmt --all -- --check
	cargo clippy --locked --all-targets -- -D warnings
	cargo clippy --locked --all-targets --target wasm32-unknown-unknown -- -D warnings
	cargo clippy --locked --no-default-features --all-targets -- -D warnings

## Every test: formatting, lints (native and wasm), model tests, browser tests.
test: setup lint build
	mkdir -p target
	set -o pipefail; cargo test --locked 2>&1 | tee target/test-output.log
	@awk '/^test result:/ { passed += $$4; failed += $$6 } \
	  END { printf "%d passed, %d failed\n", passed, failed; exit (passed == 0 || failed > 0) }' \
	  target/test-output.log

## Lighthouse (mobile preset) on / and /tabelle of `make dist`, served with
## the precompressed files; prints the scores. A benchmark, not a test.
lighthouse: setup-lighthouse dist
	node scripts/lighthouse.mjs --dir dist

## The model's step and measures benchmarks, then the 3D frame and the worker benchmarks in headless Chromium.
bench: setup build
	cargo bench --locked --bench step
	cargo bench --locked --bench measures
	cargo bench --locked --bench frame
	cargo bench --locked --bench workers
