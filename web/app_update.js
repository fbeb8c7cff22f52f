// Brings an update of the app to every open tab. trunk inlines this file as
// a module script beside the app loader (Trunk.toml: pattern_script), so it
// listens from the start, before the app has loaded.
//
// „Neue Version verfügbar – neu laden“ (src/app/components/update_notice.rs)
// asks the waiting service worker to take over; it then controls every open
// tab of the app (web/sw.js claims them), and each gets `controllerchange`.
// The tab whose notice was clicked reloads into the new version. Any other
// tab still runs the old one, whose files are no longer cached and would not
// match the new ones (a worker started later would load the new build's):
// it is told, and reloads when its notice is clicked. It is not reloaded
// unasked, since it may hold a swarm that has run for an hour.
//
// Written in JavaScript, not in the app: the app's wasm must stay small.
const container = navigator.serviceWorker; // undefined outside a secure context
const NOTICE = "update-reload";
// Keep equal to texts::NEW_VERSION.
const TEXT = "Neue Version verfügbar – neu laden";

if (container) {
  // The first install also changes the controller; that is no update.
  let controlled = Boolean(container.controller);
  let asked = false;
  let switched = false;

  document.addEventListener(
    "click",
    (event) => {
      if (!event.target.closest?.(`#${NOTICE}, #update-active`)) return;
      // Here the new version took over already, on a click in another tab.
      if (switched) location.reload();
      else asked = true;
    },
    true,
  );

  container.addEventListener("controllerchange", () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    switched = true;
    if (asked) {
      location.reload();
      return;
    }
    // Usually the app's notice shows already (the new version waited); if
    // not, a notice of the same look says so.
    if (document.getElementById(NOTICE) || document.getElementById("update-active")) return;
    const notice = document.createElement("div");
    notice.className = "update-notice";
    notice.setAttribute("role", "status");
    const button = document.createElement("button");
    button.type = "button";
    button.id = "update-active";
    button.textContent = TEXT;
    notice.append(button);
    document.body.append(notice);
  });
}
