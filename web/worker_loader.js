// Starts the model's Web Worker: loads the wasm-bindgen glue trunk built for
// the `worker` binary (no-modules target) beside this file, then its wasm.
importScripts("./worker.js");
wasm_bindgen({ module_or_path: "./worker_bg.wasm" });
