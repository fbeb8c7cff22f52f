// Writes `NAME.gz` (gzip -9) and `NAME.br` (brotli, quality 11) beside each
// text or wasm file of a built dist/, for hosts that serve precompressed
// files, and prints every asset's size raw, gzip and brotli. Node's own zlib
// does both formats, so nothing is installed for it.
//
//   node scripts/compress_dist.mjs [DIR]
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = process.argv[2] ?? "dist";
const COMPRESSIBLE = /\.(html|js|mjs|css|wasm|svg|json|webmanifest)$/;

const rows = [];
for (const name of readdirSync(dir).sort()) {
  const path = join(dir, name);
  if (!statSync(path).isFile() || !COMPRESSIBLE.test(name)) continue;
  const raw = readFileSync(path);
  const gzip = gzipSync(raw, { level: 9 });
  const brotli = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  writeFileSync(`${path}.gz`, gzip);
  writeFileSync(`${path}.br`, brotli);
  rows.push([name, raw.length, gzip.length, brotli.length]);
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const width = Math.max(...rows.map(([name]) => name.length), 5);
console.log(`${"asset".padEnd(width)}  ${"raw".padStart(10)}  ${"gzip".padStart(10)}  ${"brotli".padStart(10)}`);
for (const [name, raw, gzip, brotli] of rows) {
  console.log(`${name.padEnd(width)}  ${kb(raw).padStart(10)}  ${kb(gzip).padStart(10)}  ${kb(brotli).padStart(10)}`);
}
const total = rows.reduce((sum, row) => sum.map((value, i) => value + row[i + 1]), [0, 0, 0]);
console.log(`${"total".padEnd(width)}  ${total.map((bytes) => kb(bytes).padStart(10)).join("  ")}`);
