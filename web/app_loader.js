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

const wasm = fetch(appWasm);
const glue = import(appJs);

try {
  const { default: init } = await glue;
  await init({ module_or_path: wasm });
} catch (error) {
  const loading = document.querySelector("[data-shell] .shell-loading");
  if (loading) {
    loading.textContent = "Die App ließ sich nicht laden. Bitte die Verbindung prüfen und die Seite neu laden.";
  }
  throw error;
}
