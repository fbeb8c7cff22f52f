// Pictures and films of the view (SPEC §9), loaded only when one is asked
// for: the app's wasm calls `boidsSchwarmMedien(command, ...args)` (defined
// in web/app_loader.js), which imports this module and calls the export of
// that name. esbuild bundles it with the parts of Mediabunny it uses into
// dist/media.js (scripts/media_bundle.mjs).
//
// What the wasm hands over: the view's element (the 3D canvas right after a
// complete picture went on it, in the same task, or the SVG element) and the
// caption's lines, German and ready to print. Everything that needs pixels
// happens here: the caption strip, rasterising the SVG, the PNG, and the
// film, encoded frame by frame with WebCodecs through Mediabunny's
// CanvasSource (VP9 in WebM where the browser encodes it, else H.264 in
// MP4) and muxed by Mediabunny.
import {
  BufferTarget,
  CanvasSource,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  StreamTarget,
  WebMOutputFormat,
  canEncodeVideo,
} from "mediabunny";

/** An error whose message is German and meant for the user as it is. */
function hint(message) {
  const error = new Error(message);
  error.name = "Hinweis";
  return error;
}

/** Frames per second of every film: one second of film is 25 steps. */
const FPS = 25;

/** The caption's lines: the wasm hands them over as one text, a line
 * feed between them (empty: no caption strip). */
const captionLines = (caption) => (caption ? caption.split("\n") : []);

/** The caption's font size in pixels for a picture `width` pixels wide. */
const fontSize = (width) => Math.max(12, Math.round(width / 64));

/** The caption strip's height for `lines` under a picture `width` wide. */
const stripHeight = (width, lines) =>
  lines.length === 0 ? 0 : Math.round(fontSize(width) * (1.45 * lines.length + 0.9));

/** The view element's background colour (the page's, where it has none). */
function background(element) {
  for (let node = element; node instanceof Element; node = node.parentElement) {
    const colour = getComputedStyle(node).backgroundColor;
    if (colour && colour !== "transparent" && !/^rgba\(.*,\s*0\)$/.test(colour)) return colour;
  }
  return "#ffffff";
}

/** Path data per part of the SVG view drawn in one task: a browser
 * rasterises an SVG image on the page's thread when it is drawn, and the
 * whole view of 50 000 boids took a quarter of a second. */
const PART_PATH_DATA = 150_000;

/** The SVG view as self-contained images, each with a run of the view's
 * top-level elements in their order and at most about PART_PATH_DATA
 * characters of path data; drawn one over the other they are the view.
 * Each element carries the computed styles the page's style sheet gives
 * it. The copy is taken at once, so the view may change meanwhile. */
async function svgImages(svg) {
  const copy = svg.cloneNode(true);
  const properties = [
    "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray",
    "stroke-linecap", "stroke-linejoin", "opacity", "visibility", "display", "font-family",
    "font-size", "font-weight", "text-anchor", "dominant-baseline", "paint-order",
    "vector-effect",
  ];
  const originals = [svg, ...svg.querySelectorAll("*")];
  const copies = [copy, ...copy.querySelectorAll("*")];
  originals.forEach((original, i) => {
    const computed = getComputedStyle(original);
    copies[i].setAttribute(
      "style",
      properties.map((name) => `${name}:${computed.getPropertyValue(name)}`).join(";"),
    );
  });
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  const pathData = (element) =>
    [element, ...element.querySelectorAll("path")].reduce(
      (sum, path) => sum + (path.getAttribute("d")?.length ?? 0),
      0,
    );
  const parts = [[]];
  let weight = 0;
  for (const child of [...copy.children]) {
    const own = pathData(child);
    if (weight > 0 && weight + own > PART_PATH_DATA) {
      parts.push([]);
      weight = 0;
    }
    parts[parts.length - 1].push(child);
    weight += own;
  }
  const images = [];
  for (const children of parts) {
    const part = copy.cloneNode(false);
    part.append(...children);
    const markup = new XMLSerializer().serializeToString(part);
    const url = URL.createObjectURL(new Blob([markup], { type: "image/svg+xml" }));
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      images.push(image);
    } finally {
      URL.revokeObjectURL(url);
    }
  }
  return images;
}

/** Resolves in a task of its own: the page may draw and answer between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Draws the view `element` into `width` × `height` pixels of `context`,
 * its aspect ratio kept (centred on the background), and the caption's
 * `lines` in a strip below it. A canvas is read at once, before this
 * returns its promise; the SVG is rasterised part by part, a task each. */
async function compose(context, element, width, height, lines) {
  const isCanvas = element instanceof HTMLCanvasElement;
  const box = isCanvas ? null : element.viewBox.baseVal;
  const [sourceWidth, sourceHeight] = isCanvas ? [element.width, element.height] : [box.width, box.height];
  const sources = isCanvas ? [element] : await svgImages(element);
  const scale = Math.min(width / sourceWidth, height / sourceHeight);
  const w = sourceWidth * scale;
  const h = sourceHeight * scale;
  context.fillStyle = background(element);
  context.fillRect(0, 0, context.canvas.width, context.canvas.height);
  for (const [i, source] of sources.entries()) {
    if (i > 0) await nextTask();
    context.drawImage(source, (width - w) / 2, (height - h) / 2, w, h);
  }
  writeCaption(context, width, height, lines);
}

function writeCaption(context, width, top, lines) {
  if (lines.length === 0) return;
  const size = fontSize(width);
  context.fillStyle = "#ffffff";
  context.fillRect(0, top, width, context.canvas.height - top);
  context.fillStyle = "#1d2330";
  context.font = `${size}px system-ui, sans-serif`;
  context.textBaseline = "alphabetic";
  lines.forEach((line, i) => {
    context.fillText(line, Math.round(size * 0.7), top + Math.round(size * (1.45 * i + 1.35)), width - size);
  });
}

/** The size of `element`'s picture in pixels: the 3D canvas' drawing
 * buffer, the SVG's box times the device pixel ratio. */
function pictureSize(element) {
  if (element instanceof HTMLCanvasElement) return [element.width, element.height];
  const box = element.getBoundingClientRect();
  const ratio = devicePixelRatio || 1;
  return [Math.max(1, Math.round(box.width * ratio)), Math.max(1, Math.round(box.height * ratio))];
}

function download(blob, fileName) {
  const anchor = document.createElement("a");
  anchor.href = URL.createObjectURL(blob);
  anchor.download = fileName;
  anchor.click();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(anchor.href), 60_000);
}

/** „Bild speichern“: the view as shown, with the `caption` under it
 * (none: no strip), downloaded as `fileName`. Resolves to the PNG's size
 * in bytes. */
export async function picture(element, caption, fileName) {
  const lines = captionLines(caption);
  const [width, height] = pictureSize(element);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height + stripHeight(width, lines);
  await compose(canvas.getContext("2d"), element, width, height, lines);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw hint("Das Bild ließ sich nicht erzeugen.");
  download(blob, fileName);
  return blob.size;
}

/** The film being recorded, if any. */
let film = null;

/** Which codec and container this browser can record, or null. */
async function chooseFormat(width, height) {
  if (typeof VideoEncoder === "undefined") return null;
  const options = { width, height, frameRate: FPS, quality: QUALITY_HIGH };
  if (await canEncodeVideo("vp9", options)) {
    return { codec: "vp9", format: new WebMOutputFormat(), extension: "webm", mime: "video/webm" };
  }
  if (await canEncodeVideo("avc", options)) {
    return { codec: "avc", format: new Mp4OutputFormat(), extension: "mp4", mime: "video/mp4" };
  }
  return null;
}

/** „Film aufnehmen“ begins. With `width` and `height` (pixels) the
 * frames have that size, the caption strip inside; with 0 and 0 they are
 * the view `element`'s picture with its strip below, as „Bild speichern“
 * makes it. `caption` is the first frame's (its line count sets the
 * strip). With `toFile` 1 the film is written into a file the user
 * chooses, as it is encoded (the app asks for that when the film is too
 * large for memory); else it is built in memory and downloaded at the end.
 * Resolves to [view width, view height, file extension]: the size the view
 * must be drawn at. Rejects with a German message when this browser cannot
 * encode a film or no file was chosen. */
export async function filmStart(element, width, height, caption, toFile) {
  const lines = captionLines(caption);
  filmCancel();
  const grow = width === 0;
  if (grow) [width, height] = pictureSize(element);
  const strip = stripHeight(width, lines);
  let viewHeight = grow ? height : height - strip;
  let frameHeight = grow ? height + strip : height;
  // Both codecs want even sides; the view gives up a row where needed.
  const frameWidth = width - (width % 2);
  if (frameHeight % 2) {
    frameHeight -= 1;
    viewHeight -= 1;
  }
  if (viewHeight < 16 || frameWidth < 16) {
    throw hint("Die Ansicht ist zu klein für einen Film.");
  }
  const chosen = await chooseFormat(frameWidth, frameHeight);
  if (!chosen) {
    throw hint(
      "Dieser Browser kann keine Filme erzeugen (WebCodecs mit VP9 oder H.264 fehlt). " +
        "„Bild speichern“ geht trotzdem; Chrome, Edge und Firefox können Filme aufnehmen.",
    );
  }
  const canvas = document.createElement("canvas");
  canvas.width = frameWidth;
  canvas.height = frameHeight;
  const file = toFile ? await chooseFile(chosen) : null;
  const target = file ? new StreamTarget(file.writable, { chunked: true }) : new BufferTarget();
  const output = new Output({ format: chosen.format, target });
  const source = new CanvasSource(canvas, {
    codec: chosen.codec,
    quality: QUALITY_HIGH,
    keyFrameInterval: 2,
  });
  output.addVideoTrack(source, { frameRate: FPS });
  await output.start();
  film = {
    output,
    source,
    context: canvas.getContext("2d", { alpha: false }),
    width: frameWidth,
    viewHeight,
    frames: 0,
    encodeMs: 0,
    began: performance.now(),
    chosen,
    file,
  };
  return [frameWidth, viewHeight, chosen.extension];
}

/** One frame of the film: the view `element` (read at once) with the
 * `caption`. Resolves once the encoder can take the next frame, to
 * the milliseconds this frame spent composing and encoding. */
export async function filmFrame(element, caption) {
  const lines = captionLines(caption);
  const current = film;
  if (!current) throw hint("Es wird kein Film aufgenommen.");
  const began = performance.now();
  await compose(current.context, element, current.width, current.viewHeight, lines);
  const index = current.frames;
  current.frames += 1;
  await current.source.add(index / FPS, 1 / FPS);
  const ms = performance.now() - began;
  current.encodeMs += ms;
  return ms;
}

/** The film is complete: encodes what is left, muxes and downloads it as
 * `stem` plus the extension. Resolves to [bytes, frames]. */
export async function filmEnd(stem) {
  const current = film;
  if (!current) throw hint("Es wird kein Film aufgenommen.");
  const began = performance.now();
  await current.output.finalize();
  film = null;
  let size;
  if (current.file) {
    // Written already; finalising closed the file.
    size = (await current.file.handle.getFile()).size;
  } else {
    const bytes = current.output.target.buffer;
    download(new Blob([bytes], { type: current.chosen.mime }), `${stem}.${current.chosen.extension}`);
    size = bytes.byteLength;
  }
  const end = performance.now();
  lastFilm = {
    frames: current.frames,
    workMs: current.encodeMs + end - began,
    wallMs: end - current.began,
  };
  return [size, current.frames];
}

/** Asks where a film too large for memory goes (File System Access): the
 * file's handle and a stream that writes into it. */
async function chooseFile(chosen) {
  let handle;
  try {
    handle = await showSaveFilePicker({
      suggestedName: `boids-schwarm-film.${chosen.extension}`,
      types: [{ description: "Film", accept: { [chosen.mime]: [`.${chosen.extension}`] } }],
    });
  } catch (error) {
    throw hint(
      error?.name === "AbortError"
        ? "Kein Speicherort gewählt: Der Film wurde nicht begonnen."
        : "Der Browser ließ keine Datei für den Film anlegen; der Film wurde nicht begonnen.",
    );
  }
  return { handle, writable: await handle.createWritable() };
}

/** What the last film cost: its frames, the milliseconds spent composing
 * and encoding them, and the milliseconds from start to file (for the
 * benchmark). */
let lastFilm = null;
export function lastFilmTiming() {
  return lastFilm;
}

/** Abbrechen: the film is dropped. */
export function filmCancel() {
  const current = film;
  film = null;
  if (current) current.output.cancel().catch(() => {});
}

/** The build this module belongs to (set when it is bundled): the app
 * refuses a module of another build. Awaiting it also loads this module, so
 * that the next command runs in the task that calls it (a canvas must be
 * read before that task ends). */
export function ready() {
  // eslint-disable-next-line no-undef
  return BOIDS_BUILD;
}
