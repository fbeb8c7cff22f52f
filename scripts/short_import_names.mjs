// Gives the app's wasm short import names. wasm-bindgen names each of the
// ~420 functions the wasm imports from its JavaScript glue
// `__wbg_<name>_<16 hex digits>`, under the module name
// `./boids-schwarm_bg.js`, and the glue defines them under the same keys.
// Those hex digits are random to gzip: the import section alone was 7.9 KB
// of the wasm's gzip size. This step renames every import to a short name
// (`a`, `b`, …, `ba`, …) in module `a`, in the wasm's import section and in
// the glue's import object alike, and the exports named after a hash
// (`_0`, `_1`, …) where the wasm exports them and where the glue uses
// them; nothing else in either file changes.
//
// Run by scripts/post_build.mjs on trunk's staging folder; alone:
//   TRUNK_STAGING_DIR=dist node scripts/short_import_names.mjs
// It fails (and so fails the build) when the glue does not have the shape
// it expects, rather than leave a wasm and a glue that do not fit.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error("TRUNK_STAGING_DIR is not set");
const APP = /^boids-schwarm-[0-9a-f]+_bg\.wasm$/;
const wasmName = readdirSync(dir).find((name) => APP.test(name));
if (!wasmName) throw new Error(`no app wasm in ${dir}`);
const glueName = wasmName.replace(/_bg\.wasm$/, ".js");
const MODULE = "./boids-schwarm_bg.js";
const SHORT_MODULE = "a";

/** The short names in order: a … z, ba … zz, baa …, each a valid key
 * (a letter first). */
function* shortNames() {
  for (let n = 0; ; n++) {
    let name = "";
    let rest = n;
    do {
      name = String.fromCharCode(97 + (rest % 26)) + name;
      rest = Math.floor(rest / 26);
    } while (rest > 0);
    yield name;
  }
}

function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

function leb(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const name = (text) => {
  const bytes = encoder.encode(text);
  return [...leb(bytes.length), ...bytes];
};

/** The bytes of one import's descriptor, from `at`; returns its end. */
function descriptorEnd(bytes, at) {
  const kind = bytes[at++];
  const limits = (from) => {
    const flags = bytes[from++];
    let [, next] = readLeb(bytes, from);
    if (flags & 1) [, next] = readLeb(bytes, next);
    return next;
  };
  switch (kind) {
    case 0: // function: type index
    case 4: // tag: attribute, type index
      return readLeb(bytes, kind === 4 ? at + 1 : at)[1];
    case 1: // table: reference type, limits
      return limits(at + 1);
    case 2: // memory: limits
      return limits(at);
    case 3: // global: value type, mutability
      return at + 2;
    default:
      throw new Error(`unknown import kind ${kind}`);
  }
}

/** The name (a length, then UTF-8) at `at` in `bytes`, and where it ends. */
function readName(bytes, at) {
  const [length, from] = readLeb(bytes, at);
  return [decoder.decode(bytes.subarray(from, from + length)), from + length];
}

/** A section whose entries are read by `entry(p)` (returning the entry's
 * new bytes and where it ends), written anew under section `id`. */
function rewriteSection(id, bytes, start, end, entry) {
  let [count, p] = readLeb(bytes, start);
  const body = [...leb(count)];
  for (let i = 0; i < count; i++) {
    const [bytesOfEntry, next] = entry(p);
    body.push(...bytesOfEntry);
    p = next;
  }
  if (p !== end) throw new Error(`section ${id} did not read to its end`);
  return Uint8Array.from([id, ...leb(body.length), ...body]);
}

/** Imports from the glue are renamed `a`, `b`, … in module `a`. */
const renamed = new Map();
const names = shortNames();
function importEntry(bytes, p) {
  const [module, afterModule] = readName(bytes, p);
  const [field, descriptorStart] = readName(bytes, afterModule);
  const end = descriptorEnd(bytes, descriptorStart);
  let newNames = [...name(module), ...name(field)];
  if (module === MODULE) {
    if (!renamed.has(field)) renamed.set(field, names.next().value);
    newNames = [...name(SHORT_MODULE), ...name(renamed.get(field))];
  }
  return [[...newNames, ...bytes.subarray(descriptorStart, end)], end];
}

/** Exports named after a hash (wasm-bindgen's closure shims,
 * `…_invoke__h<16 hex digits>…`) are renamed `_0`, `_1`, …; the others
 * keep their names. */
const HASHED_EXPORT = /__h[0-9a-f]{16}/;
const renamedExports = new Map();
function exportEntry(bytes, p) {
  const [field, kindAt] = readName(bytes, p);
  const end = readLeb(bytes, kindAt + 1)[1];
  let short = field;
  if (HASHED_EXPORT.test(field)) {
    short = `_${renamedExports.size}`;
    renamedExports.set(field, short);
  }
  return [[...name(short), ...bytes.subarray(kindAt, end)], end];
}

const wasmPath = join(dir, wasmName);
const wasm = readFileSync(wasmPath);
const out = [wasm.subarray(0, 8)];
let at = 8;
while (at < wasm.length) {
  const id = wasm[at];
  const [size, start] = readLeb(wasm, at + 1);
  const end = start + size;
  const entry = { 2: importEntry, 7: exportEntry }[id];
  out.push(
    entry
      ? rewriteSection(id, wasm, start, end, (p) => entry(wasm, p))
      : wasm.subarray(at, end),
  );
  at = end;
}
if (renamed.size === 0) throw new Error(`no imports from ${MODULE} in ${wasmName}`);

const gluePath = join(dir, glueName);
let glue = readFileSync(gluePath, "utf8");
const moduleEntry = `"${MODULE}": import0,`;
if (!glue.includes(moduleEntry)) throw new Error(`${glueName}: no ${moduleEntry}`);
glue = glue.replace(moduleEntry, `"${SHORT_MODULE}": import0,`);
// Each import is a key of `import0`, one per line: `        NAME: function(`
// (or `: Symbol…`/other values): renamed where it is defined, once each.
for (const [field, short] of renamed) {
  const key = new RegExp(`^( {8})${field}:`, "m");
  if (!key.test(glue)) throw new Error(`${glueName}: no key ${field}`);
  glue = glue.replace(key, `$1${short}:`);
}

for (const [field, short] of renamedExports) {
  const use = new RegExp(`\\bwasm\\.${field}\\b`, "g");
  if (!use.test(glue)) throw new Error(`${glueName}: no use of export ${field}`);
  glue = glue.replace(use, `wasm.${short}`);
}

writeFileSync(wasmPath, Buffer.concat(out));
writeFileSync(gluePath, glue);
console.log(
  `short_import_names: ${renamed.size} imports and ${renamedExports.size} exports of ${wasmName} renamed`,
);
