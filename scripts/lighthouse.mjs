// Runs Lighthouse (mobile preset, simulated throttling) on the built app,
// served with precompressed files by scripts/serve_dist.mjs, and prints the
// scores and the main metrics of each page. `make lighthouse` calls it after
// `make dist`; Lighthouse itself is installed into tools/lighthouse by
// `scripts/setup.sh lighthouse`.
//
//   node scripts/lighthouse.mjs [--dir dist] [--pages /,/tabelle,/studie,/info] [--runs 5]
//
// Each page is measured `runs` times and the median performance run is
// printed (single runs scatter by several points on a busy machine).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const options = { dir: "dist", pages: "/,/tabelle,/studie,/info", runs: "5" };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, "");
  if (!(key in options) || process.argv[i + 1] === undefined) {
    console.error("usage: node scripts/lighthouse.mjs [--dir DIR] [--pages /,/tabelle,/studie,/info] [--runs N]");
    process.exit(2);
  }
  options[key] = process.argv[i + 1];
}
const lighthouse = join(here, "..", "tools", "lighthouse", "node_modules", ".bin", "lighthouse");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function serve(port) {
  const server = spawn(process.execPath, [join(here, "serve_dist.mjs"), "--dir", options.dir, "--port", String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    server.stdout.once("data", resolve);
    server.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return server;
}

function measure(url) {
  const out = mkdtempSync(join(tmpdir(), "boids-lighthouse-"));
  const report = join(out, "report.json");
  const flags = [
    "--headless=new", "--no-sandbox", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ].join(" ");
  const run = spawnSync(lighthouse, [
    url, "--quiet", "--output=json", `--output-path=${report}`,
    "--only-categories=performance,accessibility,best-practices",
    `--chrome-flags=${flags}`,
  ], { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "inherit", "inherit"] });
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${run.status})`);
  const result = JSON.parse(readFileSync(report, "utf8"));
  rmSync(out, { recursive: true, force: true });
  if (result.runtimeError) throw new Error(`${url}: ${result.runtimeError.message}`);
  const score = (id) => Math.round(result.categories[id].score * 100);
  const metric = (id) => result.audits[id].numericValue;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    si: metric("speed-index"),
  };
}

const port = await freePort();
const server = await serve(port);
let failed = false;
try {
  console.log(`Lighthouse (mobile, simulated throttling), median of ${options.runs} runs by performance`);
  console.log("page        perf  a11y  best   FCP s   LCP s  TBT ms    CLS     SI s");
  for (const page of options.pages.split(",")) {
    const runs = [];
    for (let i = 0; i < Number(options.runs); i += 1) runs.push(measure(`http://127.0.0.1:${port}${page}`));
    runs.sort((a, b) => a.performance - b.performance);
    const r = runs[Math.floor(runs.length / 2)];
    console.log(
      `${page.padEnd(10)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ` +
      `${String(r.bestPractices).padStart(5)} ${(r.fcp / 1000).toFixed(2).padStart(7)} ` +
      `${(r.lcp / 1000).toFixed(2).padStart(7)} ${r.tbt.toFixed(0).padStart(7)} ` +
      `${r.cls.toFixed(3).padStart(6)} ${(r.si / 1000).toFixed(2).padStart(8)}` +
      `   (performance of the runs: ${runs.map((run) => run.performance).join(", ")})`,
    );
  }
} catch (error) {
  console.error(String(error));
  failed = true;
} finally {
  server.kill();
}
process.exit(failed ? 1 : 0);
