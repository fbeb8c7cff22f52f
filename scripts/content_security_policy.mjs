// trunk's post-build hook (Trunk.toml), before the service worker's list:
// writes a Content-Security-Policy into the built index.html. Its inline
// scripts (the shell's two, and the update watcher and the app loader that
// trunk inlines) are allowed by the SHA-256 of their exact text, which
// changes with every build (the loader names the hashed files); everything
// else must come from the app's own origin. `serve_dist.mjs` sends the same policy as a header.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) {
  console.error("usage: TRUNK_STAGING_DIR=DIR node scripts/content_security_policy.mjs (or pass DIR)");
  process.exit(2);
}
const path = join(dir, "index.html");
const html = readFileSync(path, "utf8");
if (html.includes('http-equiv="Content-Security-Policy"')) {
  console.error(`${path}: already has a Content-Security-Policy`);
  process.exit(1);
}

// Inline scripts: a <script> without src; its text up to </script>.
const hashes = [];
for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
  if (/\ssrc\s*=/.test(match[1] ?? "")) continue;
  hashes.push(`'sha256-${createHash("sha256").update(match[2], "utf8").digest("base64")}'`);
}
if (hashes.length === 0) {
  console.error(`${path}: no inline script found`);
  process.exit(1);
}

const policy = [
  "default-src 'self'",
  // The wasm is compiled from the app's own files ('wasm-unsafe-eval' allows
  // WebAssembly compilation only, no eval of JavaScript).
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(" ")}`,
  "worker-src 'self'",
  // Leptos sets style attributes; no style sheet comes from elsewhere.
  "style-src 'self' 'unsafe-inline'",
  // Pictures of the view and downloads are made in the page.
  "img-src 'self' data: blob:",
  // Downloads are made by fetching blob: URLs the page created.
  "connect-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

const meta =
  `<meta http-equiv="Content-Security-Policy" content="${policy}" />\n` +
  `    <meta name="referrer" content="no-referrer" />`;
const charset = /<meta charset="utf-8" \/>/;
if (!charset.test(html)) {
  console.error(`${path}: <meta charset="utf-8" /> not found`);
  process.exit(1);
}
writeFileSync(path, html.replace(charset, (found) => `${found}\n    ${meta}`));
console.log(`index.html: Content-Security-Policy with ${hashes.length} inline script hashes`);
