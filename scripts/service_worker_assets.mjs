// trunk's post-build hook (Trunk.toml): writes the list of built files, each
// with its size and SHA-256, and a hash of them all into the staged sw.js.
// The service worker caches exactly this build and checks every file it
// fetches against the list before storing it (a host in the middle of an
// upload may answer with an old file or with index.html); a new build (other
// contents) gets a new cache and is offered as an update. Names are relative
// to sw.js, so the build works under any base path. Runs after
// content_security_policy.mjs, which changes index.html.
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
const names = readdirSync(dir)
  .filter((name) => statSync(join(dir, name)).isFile())
  .filter((name) => !SKIP.has(name) && !name.endsWith(".gz") && !name.endsWith(".br"))
  .sort();
if (!names.includes("index.html")) {
  console.error(`${dir}: no index.html (the service worker answers the app's pages with it)`);
  process.exit(1);
}
const files = names.map((name) => {
  const bytes = readFileSync(join(dir, name));
  return { name, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
});
const hash = createHash("sha256");
for (const file of files) hash.update(`${file.name} ${file.size} ${file.sha256}\n`);
const build = hash.digest("hex").slice(0, 16);

const path = join(dir, WORKER);
const source = readFileSync(path, "utf8");
const filled = source
  .replace(/^const BUILD = .*;$/m, `const BUILD = ${JSON.stringify(build)};`)
  .replace(/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(files)};`);
if (!filled.includes(`const BUILD = "${build}";`) || !filled.includes(`const FILES = [{`)) {
  console.error(`${path}: the BUILD and FILES lines were not found`);
  process.exit(1);
}
writeFileSync(path, filled);
console.log(`sw.js: build ${build}, ${files.length} files`);
