// Serves a built dist/ the way a real static host should (see README,
// "Deploying"): the precompressed `.br` or `.gz` beside a file when the
// browser accepts it, `application/wasm` for .wasm, long caching for the
// hashed assets, and `index.html` for paths that are no file (client-side
// routes such as /tabelle). Node's standard library only.
//
//   node scripts/serve_dist.mjs [--dir dist] [--port 8090] [--base /boids/]
//
// With --base the app is served under that path (and / redirects there).
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";

const options = { dir: "dist", port: "8090", base: "/" };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, "");
  if (!(key in options) || process.argv[i + 1] === undefined) {
    console.error(`usage: node scripts/serve_dist.mjs [--dir DIR] [--port PORT] [--base /PATH/]`);
    process.exit(2);
  }
  options[key] = process.argv[i + 1];
}
const root = resolve(options.dir);
const base = options.base.endsWith("/") ? options.base : `${options.base}/`;

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
};
// trunk puts a content hash into these names: they never change.
const HASHED = /-[0-9a-f]{8,}(_bg)?\.(js|wasm|css)$/;

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function answer(request, response) {
  const url = new URL(request.url, "http://localhost");
  if (!url.pathname.startsWith(base)) {
    if (url.pathname === "/" || `${url.pathname}/` === base) {
      response.writeHead(302, { Location: base });
    } else {
      response.writeHead(404, { "Content-Type": "text/plain" });
    }
    response.end(url.pathname === "/" ? "" : "not found");
    return;
  }
  const relative = normalize(decodeURIComponent(url.pathname.slice(base.length)));
  let path = join(root, relative);
  if (!path.startsWith(root) || !(await isFile(path))) {
    path = join(root, "index.html");
  }
  const headers = {
    "Content-Type": TYPES[extname(path)] ?? "application/octet-stream",
    "Cache-Control": HASHED.test(path) ? "public, max-age=31536000, immutable" : "no-cache",
    Vary: "Accept-Encoding",
  };
  const accepted = String(request.headers["accept-encoding"] ?? "");
  let body = null;
  for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]]) {
    if (accepted.includes(encoding) && (await isFile(path + suffix))) {
      body = await readFile(path + suffix);
      headers["Content-Encoding"] = encoding;
      break;
    }
  }
  body ??= await readFile(path);
  headers["Content-Length"] = body.length;
  response.writeHead(200, headers);
  response.end(request.method === "HEAD" ? undefined : body);
}

createServer((request, response) => {
  answer(request, response).catch((error) => {
    response.writeHead(500, { "Content-Type": "text/plain" });
    response.end(String(error));
  });
}).listen(Number(options.port), "127.0.0.1", () => {
  console.log(`serving ${root} on http://127.0.0.1:${options.port}${base}`);
});
