// Serves a built dist/ the way a real static host should (see README,
// "Deploying"): the precompressed `.br` or `.gz` beside a file when the
// browser accepts it, `application/wasm` for .wasm, long caching for the
// hashed assets, and `index.html` for paths that are no file (client-side
// routes such as /tabelle), with the hardening headers a host should add
// (nosniff, referrer policy; see README, "Deploying"). Paths are resolved
// safely: no escape from the folder by `..`, encoded separators or
// symlinks. Node's standard library only.
//
//   node scripts/serve_dist.mjs [--dir dist] [--port 8090] [--base /boids/]
//
// With --base the app is served under that path (and / redirects there).
import { createServer } from "node:http";
import { readFile, realpath, stat } from "node:fs/promises";
import { extname, isAbsolute, join, relative, resolve, sep } from "node:path";

const options = { dir: "dist", port: "8090", base: "/" };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, "");
  if (!(key in options) || process.argv[i + 1] === undefined) {
    console.error(`usage: node scripts/serve_dist.mjs [--dir DIR] [--port PORT] [--base /PATH/]`);
    process.exit(2);
  }
  options[key] = process.argv[i + 1];
}
const root = await realpath(resolve(options.dir));
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

// The build's Content-Security-Policy, as its index.html carries it
// (scripts/content_security_policy.mjs); as a header it also covers the
// workers, and it can forbid framing, which a <meta> cannot.
const builtPolicy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(
  await readFile(join(root, "index.html"), "utf8").catch(() => ""),
)?.[1];

// Sent with every answer: no MIME sniffing, no referrer to other sites, the
// build's policy.
const HARDENING = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  ...(builtPolicy ? { "Content-Security-Policy": `${builtPolicy}; frame-ancestors *` } : {}),
};

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

// The file below `root` that a URL path (after the base) names, or null
// when it names none or would leave the folder: `..` segments, separators
// or NUL hidden in percent-encoding, and symlinks that point outside are
// all refused, whatever the operating system's path rules.
async function fileBelowRoot(urlPath) {
  const segments = [];
  for (const raw of urlPath.split("/")) {
    let segment;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === "" || segment === ".") continue;
    if (segment === ".." || /[\\/\0]/.test(segment)) return null;
    segments.push(segment);
  }
  const candidate = join(root, ...segments);
  let real;
  try {
    real = await realpath(candidate);
  } catch {
    return null;
  }
  const inside = relative(root, real);
  if (inside.startsWith(`..${sep}`) || inside === ".." || isAbsolute(inside)) return null;
  return (await isFile(real)) ? real : null;
}

async function answer(request, response) {
  const url = new URL(request.url, "http://localhost");
  if (!url.pathname.startsWith(base)) {
    if (url.pathname === "/" || `${url.pathname}/` === base) {
      response.writeHead(302, { ...HARDENING, Location: base });
    } else {
      response.writeHead(404, { ...HARDENING, "Content-Type": "text/plain" });
    }
    response.end(url.pathname === "/" ? "" : "not found");
    return;
  }
  const path = (await fileBelowRoot(url.pathname.slice(base.length))) ?? join(root, "index.html");
  const headers = {
    ...HARDENING,
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
    console.error(error);
    response.writeHead(500, { ...HARDENING, "Content-Type": "text/plain" });
    response.end("internal error");
  });
}).listen(Number(options.port), "127.0.0.1", () => {
  console.log(`serving ${root} on http://127.0.0.1:${options.port}${base}`);
});
