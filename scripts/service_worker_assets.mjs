// trunk's post-build hook (Trunk.toml): writes the list of built files and a
// hash of their contents into the staged sw.js, so the service worker caches
// exactly this build, and a new build (other contents) gets a new cache and
// is offered as an update. Names are relative to sw.js, so the build works
// under any base path.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) {
  console.error("usage: TRUNK_STAGING_DIR=DIR node scripts/service_worker_assets.mjs (or pass DIR)");
  process.exit(2);
}
const WORKER = "sw.js";
// Compressed copies (make dist) are a host's business; 404.html is index.html.
const SKIP = new Set([WORKER, "404.html"]);
const files = readdirSync(dir)
  .filter((name) => statSync(join(dir, name)).isFile())
  .filter((name) => !SKIP.has(name) && !name.endsWith(".gz") && !name.endsWith(".br"))
  .sort();
const hash = createHash("sha256");
for (const name of files) {
  hash.update(name);
  hash.update(readFileSync(join(dir, name)));
}
const build = hash.digest("hex").slice(0, 16);

const path = join(dir, WORKER);
const source = readFileSync(path, "utf8");
const filled = source
  .replace(/^const BUILD = .*;$/m, `const BUILD = ${JSON.stringify(build)};`)
  .replace(/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(files)};`);
if (!filled.includes(build) || filled === source) {
  console.error(`${path}: the BUILD and FILES lines were not found`);
  process.exit(1);
}
writeFileSync(path, filled);
console.log(`sw.js: build ${build}, ${files.length} files`);
