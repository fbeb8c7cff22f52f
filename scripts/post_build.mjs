// trunk's post-build step: the hooks that must run one after the other.
// trunk starts the hooks of one stage side by side, so as two hooks the
// service worker's list could hash index.html before the policy was written
// into it (a size and hash that never match: the offline copy never
// installs). Each script also runs alone (see its head).
import { execFileSync } from "node:child_process";

for (const script of [
  "media_bundle.mjs",
  "short_import_names.mjs",
  "content_security_policy.mjs",
  "service_worker_assets.mjs",
]) {
  execFileSync(process.execPath, [new URL(script, import.meta.url).pathname], {
    stdio: "inherit",
  });
}
