// The service worker: keeps the built app in the browser's cache so that it
// starts and runs without network after the first visit.
//
// The build fills in BUILD and FILES (scripts/service_worker_assets.mjs, run
// by trunk after each build): FILES are the built files relative to this
// script (so the app works under any base path), BUILD a hash of their
// contents. Each build has its own cache `boids-schwarm-<BUILD>`; a new build
// therefore changes this script, the browser installs it beside the running
// one, and the page shows „Neue Version verfügbar – neu laden“. The new
// version takes over only when the page asks (message "skip-waiting"), then
// deletes the caches of older builds.
const BUILD = "dev";
const FILES = [];

const CACHE = `boids-schwarm-${BUILD}`;
const PREFIX = "boids-schwarm-";
// The app's pages are one document: every navigation below the scope gets it.
const APP_DOCUMENT = new URL("index.html", self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // `reload`: past the HTTP cache, so the cache holds this build's files.
      cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
        ),
      )
      // The first version also serves the page that installed it.
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const key = request.mode === "navigate" ? APP_DOCUMENT : request;
      const cached = await cache.match(key, { ignoreSearch: request.mode === "navigate" });
      return cached ?? fetch(request);
    })(),
  );
});
