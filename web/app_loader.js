// Starts the app once the static shell of index.html has been painted.
// trunk inlines this file as the app's module script (Trunk.toml:
// pattern_script, pattern_params); the script element carries the addresses
// of the app's JavaScript and wasm in data-app-js and data-app-wasm.
//
// Why after the paint: the shell's first paint needs only the HTML and the
// CSS, so the wasm does not compete with them for the network, and the app's
// first task does not compete with the paint for the main thread.
const script = document.querySelector("script[data-app-js]");
const { appJs, appWasm } = script.dataset;

// A frame callback runs just before the next paint; a timeout set there runs
// after it. A hidden page paints no frames: it starts after a short wait.
await new Promise((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, 200);
});

// When the app's wasm panics (or traps), it stops for good: whatever it
// would still draw or answer is unreliable. The message below is plain
// JavaScript, made without createElement (so a broken DOM binding that
// caused the panic cannot stop it), and it is shown at most once. The
// panic hook (src/app/crash.rs) calls boidsSchwarmAbsturz with the current
// state as „JSON exportieren“ writes it, when the swarm could still be read;
// a trap without a panic reaches the page as an uncaught RuntimeError.
let crashed = false;
globalThis.boidsSchwarmAbsturz = (fileName, json) => {
  if (crashed) return;
  crashed = true;
  document.body.insertAdjacentHTML(
    "beforeend",
    `<div id="absturz" class="crash" role="alertdialog" aria-modal="true" aria-labelledby="absturz-titel" aria-describedby="absturz-text">
      <div class="crash-box">
        <h2 id="absturz-titel">Ein Fehler ist aufgetreten</h2>
        <p id="absturz-text">Die Seite rechnet nicht mehr weiter und reagiert nicht mehr zuverlässig. „Neu laden“ startet sie neu.${
          json ? " Vorher sichert „Zustand sichern“ den Schwarm als JSON-Datei, die sich danach mit „Zustand laden“ wieder laden lässt." : ""
        }</p>
        <p class="crash-actions">
          <button id="btn-crash-reload" type="button">Neu laden</button>
          ${json ? '<button id="btn-crash-save" type="button">Zustand sichern</button><a hidden></a>' : ""}
        </p>
      </div>
    </div>`,
  );
  const panel = document.getElementById("absturz");
  panel.querySelector("#btn-crash-reload").addEventListener("click", () => location.reload());
  const save = panel.querySelector("#btn-crash-save");
  if (save) {
    save.addEventListener("click", () => {
      const anchor = panel.querySelector("a");
      anchor.href = URL.createObjectURL(new Blob([json], { type: "application/json" }));
      anchor.download = fileName;
      anchor.click();
    });
    save.focus();
  } else {
    panel.querySelector("#btn-crash-reload").focus();
  }
};
const onTrap = (error) => {
  if (error instanceof WebAssembly.RuntimeError) globalThis.boidsSchwarmAbsturz();
};
addEventListener("error", (event) => onTrap(event.error));
addEventListener("unhandledrejection", (event) => onTrap(event.reason));

// Pictures and films (web/media.js, bundled into media.js) load only when
// the app first asks for one. Once loaded, a command runs at once, in the
// task that calls it: a 3D canvas is readable only until that task ends.
let media;
globalThis.boidsSchwarmMedien = async (command, ...args) => {
  media ??= await import(new URL("media.js", document.baseURI).href);
  return media[command](...args);
};

// The studies kept in IndexedDB (web/study_shelf.js) load when the app
// first asks for them.
let shelf;
globalThis.boidsSchwarmRegal = async (command, ...args) => {
  shelf ??= await import(new URL("study_shelf.js", document.baseURI).href);
  return shelf[command](...args);
};

const wasm = fetch(appWasm);
const glue = import(appJs);

try {
  const { default: init } = await glue;
  await init({ module_or_path: wasm });
} catch (error) {
  onTrap(error);
  // Where „Lädt …“ stood, or below the Info text that the shell shows in
  // its place.
  let loading = document.querySelector("[data-shell] .shell-loading");
  const main = document.querySelector("main[data-shell]");
  if (!loading && main) {
    loading = document.createElement("p");
    loading.className = "shell-loading";
    loading.setAttribute("role", "status");
    main.append(loading);
  }
  if (loading) {
    loading.textContent = "Die App ließ sich nicht laden. Bitte die Verbindung prüfen und die Seite neu laden.";
  }
  throw error;
}
