# The two commands of the README. Each first installs whatever is missing
# (pinned versions, skipped when present), then does its job.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
export TRUNK_SKIP_VERSION_CHECK := true

.PHONY: setup setup-serve setup-lighthouse serve test build dist lint bench lighthouse \
	wasm-target test-checks test-app

## Every tool: what serving needs, plus Chromium, chromedriver, GNU parallel,
## Slurm, munge, ffmpeg and nginx (apt, root). The wasm target comes first, from one place:
## under `make -j2 test` two rustup target adds would race.
setup: wasm-target
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

## fmt and clippy: native, wasm32, and native without default features.
define LINT
	cargo fmt --all -- --check
	cargo clippy --locked --all-targets -- -D warnings
	cargo clippy --locked --all-targets --target wasm32-unknown-unknown -- -D warnings
	cargo clippy --locked --no-default-features --all-targets -- -D warnings
endef

lint: setup-serve
	$(LINT)

## Every test: formatting, lints (native and wasm), model tests, browser tests.
## Without incremental caches: a one-off build does not reuse them, and they
## cost gigabytes of disk.
## Two lines of work overlap, since each has long stretches on one core that
## the other fills: the lints and the native test build, and beside them the
## set-up and the app's build. Then every test runs.
test: export CARGO_INCREMENTAL = 0
test:
	$(MAKE) --no-print-directory -j2 test-checks test-app
	mkdir -p target
	set -o pipefail; cargo test --locked 2>&1 | tee target/test-output.log
	@awk '/^test result:/ { passed += $$4; failed += $$6 } \
	  END { printf "%d passed, %d failed\n", passed, failed; exit (passed == 0 || failed > 0) }' \
	  target/test-output.log

## The wasm target, once, before the two lines of `test` both need it.
wasm-target:
	rustup target list --installed | grep -qx wasm32-unknown-unknown \
	  || rustup target add wasm32-unknown-unknown

## `test`'s first line: lints, then the native tests' build (its run waits
## for the app). Neither needs trunk or Chromium.
test-checks: wasm-target
	$(LINT)
	cargo test --locked --no-run

## `test`'s second line: every tool, then `dist/` for the browser tests.
test-app: setup
	trunk build

## Lighthouse (mobile preset) on the four pages of `make dist`, served with
## the precompressed files; prints the scores. A benchmark, not a test.
lighthouse: setup-lighthouse dist
	node scripts/lighthouse.mjs --dir dist

## The model's step, measures, study-measures and correlations benchmarks, then the 3D frame, the worker, the correlations page, the study and the film benchmarks in headless Chromium.
bench: setup build
	cargo bench --locked --bench step
	cargo bench --locked --bench measures
	cargo bench --locked --bench correlations
	cargo bench --locked --bench study_memory
	cargo bench --locked --bench study_measures
	cargo bench --locked --bench frame
	cargo bench --locked --bench workers
	cargo bench --locked --bench correlations_page
	cargo bench --locked --bench study
	cargo bench --locked --bench film
