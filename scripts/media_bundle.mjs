// trunk's post-build step, first: bundles web/media.js (pictures and films)
// with the parts of Mediabunny it imports into one minified media.js in the
// staged build, which the app imports when a picture or film is first asked
// for. esbuild and Mediabunny come from tools/media (npm ci, pinned by its
// lockfile; scripts/setup.sh installs them).
import { join } from "node:path";
import { createRequire } from "node:module";

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
await esbuild.build({
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
console.log("media.js: web/media.js with Mediabunny, bundled");
