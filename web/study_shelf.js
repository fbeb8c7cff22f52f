// The studies kept in this browser, in IndexedDB. The app's wasm calls
// `boidsSchwarmRegal(command, ...args)` (web/app_loader.js loads this module
// on the first call); the calls and their answers are plain texts and
// numbers, read strictly by src/app/study/shelf.rs (keep the two equal).
// Written in JavaScript, not in the app: the app's wasm must stay small.
//
// Database `boids-schwarm-studien`, version 1:
// - `studies`, keyed by `hex` (the plan's hash): {hex, plan (JSON text),
//   runs, done, bytes, changed (ms since 1970), changedText};
// - `chunks`, keyed by `<hex>.<chunk>`: the rows' lines of 50 runs.
// A failure rejects the call's promise (the app keeps the rows in memory
// and says so).

const NAME = "boids-schwarm-studien";
let opened;

function open() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore("studies", { keyPath: "hex" });
      db.createObjectStore("chunks");
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab (or a test) deletes or upgrades the database: let it.
      db.onversionchange = () => {
        db.close();
        opened = undefined;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("blocked"));
  });
  // A failed opening is tried again on the next call.
  opened.catch(() => {
    opened = undefined;
  });
  return opened;
}

// One transaction over `stores`; `work` gets them and may set `result`.
async function transaction(stores, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(stores, mode);
    const box = { result: undefined };
    work(...stores.map((name) => tx.objectStore(name)), box);
    tx.oncomplete = () => resolve(box.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("aborted"));
  });
}

// The keys of a study's chunks: `<hex>.` up to `<hex>/` ("/" follows ".").
const chunkRange = (hex) => IDBKeyRange.bound(`${hex}.`, `${hex}/`, false, true);

// One tab computes a study at a time: it holds the Web Lock named after
// the study while its runs are computed. Another tab sees the lock held
// (the list says so), is refused a start and a deletion, and follows the
// study by listing again. The release functions of the locks this tab holds:
const held = new Map();
const lockName = (hex) => `boids-schwarm-studie-${hex}`;

// The names of the locks held by other tabs (none without Web Locks).
async function heldElsewhere() {
  if (!navigator.locks) return new Set();
  const mine = new Set([...held.keys()].map(lockName));
  const state = await navigator.locks.query();
  return new Set((state.held ?? []).map((lock) => lock.name).filter((name) => !mine.has(name)));
}

// Every stored study, the last changed first: six values each and whether
// another tab computes it (1) or not (0).
export async function list() {
  const studies = await transaction(["studies"], "readonly", (store, box) => {
    const request = store.getAll();
    request.onsuccess = () => {
      box.result = request.result;
    };
  });
  const elsewhere = await heldElsewhere();
  studies.sort((a, b) => b.changed - a.changed);
  return studies.flatMap((s) => [
    s.hex, s.plan, s.runs, s.done, s.bytes, s.changedText, elsewhere.has(lockName(s.hex)) ? 1 : 0,
  ]);
}

// Takes the study's lock if no other tab holds it: [1] held (also without
// Web Locks, where tabs cannot know of each other), [0] held elsewhere.
export function lock(hex) {
  if (held.has(hex)) return [1];
  if (!navigator.locks) return [1];
  return new Promise((resolve) => {
    navigator.locks.request(lockName(hex), { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolve([0]);
        return undefined;
      }
      resolve([1]);
      return new Promise((release) => held.set(hex, release));
    });
  });
}

// Releases the study's lock, if this tab holds it.
export function unlock(hex) {
  held.get(hex)?.();
  held.delete(hex);
  return [];
}

// A study's chunks: number and text each.
export function rows(hex) {
  return transaction(["chunks"], "readonly", (store, box) => {
    const keys = store.getAllKeys(chunkRange(hex));
    const texts = store.getAll(chunkRange(hex));
    texts.onsuccess = () => {
      box.result = keys.result.flatMap((key, index) => [
        Number(key.slice(hex.length + 1)),
        texts.result[index],
      ]);
    };
  });
}

// Keeps a study's record and chunks (number, text, …) in one transaction;
// answers the date written.
export async function put(hex, plan, runs, done, bytes, _changed, ...chunks) {
  const changed = Date.now();
  const changedText = new Date(changed).toLocaleString("de-DE", {
    dateStyle: "medium",
    timeStyle: "short",
  });
  await transaction(["studies", "chunks"], "readwrite", (studies, store) => {
    studies.put({ hex, plan, runs, done, bytes, changed, changedText });
    for (let i = 0; i + 1 < chunks.length; i += 2) store.put(chunks[i + 1], `${hex}.${chunks[i]}`);
  });
  return changedText;
}

// Deletes a study's record and its chunks, unless another tab computes
// it (then it throws and nothing is deleted).
async function remove(hex) {
  const erase = () =>
    transaction(["studies", "chunks"], "readwrite", (studies, store) => {
      studies.delete(hex);
      store.delete(chunkRange(hex));
    });
  if (!navigator.locks || held.has(hex)) {
    await erase();
    return [];
  }
  const done = await navigator.locks.request(lockName(hex), { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await erase();
    return true;
  });
  if (!done) throw new Error("elsewhere");
  return [];
}
export { remove as delete };
