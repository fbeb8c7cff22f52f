// The service worker: keeps the built app in the browser's cache so that it
// starts and runs without network after the first visit.
//
// The build fills in BUILD and FILES (scripts/service_worker_assets.mjs, run
// by trunk after each build): FILES are the built files relative to this
// script (so the app works under any base path) with their size and SHA-256,
// BUILD a hash of them all. Each build has its own cache; a new build
// therefore changes this script, the browser installs it beside the running
// one, and the page shows „Neue Version verfügbar – neu laden“. The new
// version takes over only when the page asks (message "skip-waiting"), then
// deletes the caches of older builds of the same base path.
//
// Why every file is checked before it is stored: a visit while a new build
// is being uploaded can meet the new sw.js beside old or missing files, and
// hosts answer a missing path with index.html and status 200. Stored
// unchecked, such an answer would be served under a wasm's name until the
// next build (the finished upload yields the same sw.js, which the browser
// does not install again). A failed check fails the install instead: the
// previous build stays, and the next visit tries again.
const BUILD = "dev";
const FILES = [];

// The registration's scope is the app's base path (`https://host/boids/`);
// two deployments on one host have two scopes and keep to their own caches.
const SCOPE = self.registration.scope;
const BASE = new URL(SCOPE).pathname;
// Caches are per origin; a URL path holds no space, so the base path and the
// build stay apart in the name, and `/a/` never matches the caches of `/a/b/`.
const OURS = `boids-schwarm ${BASE} `;
const CACHE = `${OURS}${BUILD}`;
// The names before the base path was part of them: `boids-schwarm-` and the
// build's hash. Whose such a cache is, its stored addresses tell.
const OLD_NAME = /^boids-schwarm-[0-9a-f]{16}$/;
const APP_DOCUMENT = new URL("index.html", SCOPE).href;
// The app's pages (its routes, src/app/mod.rs; `tests/service_worker.rs`
// checks they match), relative to the scope. Only these are answered with
// the cached app: any other address below the scope goes to the network (at
// `/` that is every other page of the host), and only when the network fails
// does the app's own „Seite nicht gefunden“ answer it.
const PAGES = ["", "index.html", "tabelle", "studie", "info"];

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The build's file `file` from the network, checked against the build's list;
// throws with the reason when it is not exactly that file.
async function fetchChecked(file) {
  // `reload`: past the HTTP cache, so the cache holds this build's files.
  const response = await fetch(new Request(file.name, { cache: "reload" }));
  if (response.status !== 200) throw new Error(`${file.name}: status ${response.status}`);
  const type = response.headers.get("Content-Type") ?? "";
  if (!file.name.endsWith(".html") && type.startsWith("text/html")) {
    throw new Error(`${file.name}: the server answered with an HTML page`);
  }
  const body = await response.arrayBuffer();
  if (body.byteLength !== file.size) {
    throw new Error(`${file.name}: ${body.byteLength} bytes, the build has ${file.size}`);
  }
  if (hex(await crypto.subtle.digest("SHA-256", body)) !== file.sha256) {
    throw new Error(`${file.name}: the contents differ from the build's`);
  }
  // What is stored is exactly the checked bytes: a fresh answer (also when
  // the host redirected, which a navigation could not use), with the
  // server's headers but those of the transfer (the body is decoded).
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return new Response(body, { status: 200, statusText: "OK", headers });
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // Every file is fetched and checked before anything is stored.
      const checked = await Promise.all(FILES.map(fetchChecked));
      const cache = await caches.open(CACHE);
      try {
        await Promise.all(FILES.map((file, i) => cache.put(new URL(file.name, SCOPE).href, checked[i])));
      } catch (error) {
        // A half-filled cache must not stay for the next attempt.
        await caches.delete(CACHE);
        throw error;
      }
    })(),
  );
});

// Whether `name` is an older cache of this base path (never another's).
async function isOlderOfOurs(name) {
  if (name === CACHE) return false;
  if (name.startsWith(OURS)) return true;
  if (!OLD_NAME.test(name)) return false;
  const cache = await caches.open(name);
  return (await cache.match(APP_DOCUMENT)) !== undefined;
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const older = await Promise.all(names.map(isOlderOfOurs));
      await Promise.all(names.filter((_, i) => older[i]).map((name) => caches.delete(name)));
      // The first version also serves the page that installed it. On an
      // update every open tab of the app gets the new controller, and its
      // `controllerchange` (web/app_update.js) reloads or tells it.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

// A navigation to one of the app's pages: the cached app, else the network.
async function appPage(request) {
  const cached = await caches.match(APP_DOCUMENT, { cacheName: CACHE });
  return cached ?? fetch(request);
}

// Any other navigation below the scope: the network; offline, the app (it
// shows its „Seite nicht gefunden“).
async function otherPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(APP_DOCUMENT, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  if (request.mode === "navigate") {
    const page = request.url.slice(SCOPE.length).replace(/[?#].*$/, "");
    event.respondWith(PAGES.includes(page) ? appPage(request) : otherPage(request));
    return;
  }
  event.respondWith(
    (async () => (await caches.match(request, { cacheName: CACHE })) ?? fetch(request))(),
  );
});
