// trunk's post-build step, first: bundles web/media.js (pictures and films)
// with the parts of Mediabunny it imports into one minified media.js in the
// staged build, which the app imports when a picture or film is first asked
// for. esbuild and Mediabunny come from tools/media (npm ci, pinned by its
// lockfile; scripts/setup.sh installs them).
import { join } from "node:path";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) {
  console.error("usage: TRUNK_STAGING_DIR=DIR node scripts/media_bundle.mjs (or pass DIR)");
  process.exit(2);
}
const root = new URL("..", import.meta.url).pathname;
const require = createRequire(join(root, "tools/media/package.json"));
let esbuild;
try {
  esbuild = require("esbuild");
} catch {
  console.error("esbuild is missing in tools/media: run `make setup-serve` (npm ci there)");
  process.exit(1);
}
// The build this media.js belongs to, as the wasm names it (build.rs:
// the crate's version and a hash of its sources): the worker's wasm holds
// it verbatim. media.js's `ready()` answers it, and the app refuses a media
// module of another build.
const version = readFileSync(join(root, "Cargo.toml"), "utf8").match(/^version = "([^"]+)"/m)[1];
const wasmText = readFileSync(join(dir, "worker_bg.wasm")).toString("latin1");
const escaped = version.replaceAll(".", "\\.");
const found = wasmText.match(new RegExp(`${escaped}-[0-9a-f]{16}`));
if (!found) {
  console.error(`media.js: no build id (${version}-…) in worker_bg.wasm`);
  process.exit(1);
}
const build = found[0];
await esbuild.build({
  define: { BOIDS_BUILD: JSON.stringify(build) },
  entryPoints: [join(root, "web/media.js")],
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2022",
  nodePaths: [join(root, "tools/media/node_modules")],
  outfile: join(dir, "media.js"),
  legalComments: "eof",
  logLevel: "warning",
});
console.log(`media.js: web/media.js with Mediabunny, bundled, build ${build}`);
