// The page's side of the engine: one module Web Worker per page running Python (Pyodide) with the
// Leopard engine, shared by every part of the page through getEngine().
//
// getEngine({onProgress, timeoutMs, boot}) -> Engine (the same object on every call; the worker
// starts at the first call, so call it as early as possible, before drawing anything)
//   engine.ready               Promise that resolves with `info` once Python and the engine are
//                              loaded, or rejects with an Error whose .kind is "unsupported",
//                              "timeout" or "load_failed"
//   engine.call(method, args)  Promise of the bridge's `result` (leopard_core.webapi.handle); rejects
//                              with an Error whose .kind is the bridge's kind ("bad_request",
//                              "corrupt_save") or "engine_down"
//   engine.onProgress(fn)      adds a listener fn({stage, fraction, label, bytes?}); fraction 0..1
//                              overall, in proportion to the expected time (see worker.js); label is
//                              English: a page shows progressText() of ./progress-text.js
//   engine.progress            the last progress message
//   engine.progressLog         every progress message with t, ms since getEngine() (bench, tests)
//   engine.info                once ready: {boot: "snapshot"|"normal", fallback: reason|null,
//                              startMs, stages, stageMs, pyodide, python, downloadedBytes}
//   engine.snapshotCached      Promise resolved when a first (normal) start has kept the memory
//                              snapshot for the next visit
// The page's <html> element gets data-boot="snapshot|normal" (and data-boot-fallback="reason") when
// ready, and data-snapshot="cached" once the snapshot is kept: tests and bench/web_start.py read them.
// `boot` ("auto" by default, or the page's ?boot= parameter) chooses how the worker starts:
// "snapshot" forces the snapshot, "normal" never uses it (see worker.js).
//
// Worker protocol (see worker.js): page -> worker {id, method, args};
// worker -> page {id, ok, result} | {id, ok: false, error, kind}, {type: "progress", stage, fraction,
// label}, {type: "ready", info}, {type: "fatal", error}, {type: "snapshot-cached", url}.

import { quietRead, quietWrite } from "../storage-area.js";

const DEFAULT_TIMEOUT_MS = 90000;
// Stage times of the last start on each path (snapshot, normal): the worker's progress bar uses them.
const TIMING_KEY = "leopard.engine.timing.v1";
const BOOT_MODES = ["auto", "snapshot", "normal"];
let shared = null;

/** Reads a small JSON value from localStorage; null when absent, unreadable or not allowed. */
function readStored(key) {
  try {
    return JSON.parse(quietRead(key) || "null");
  } catch {
    return null;
  }
}

function writeStored(key, value) {
  // Storage may be full or forbidden (a sandboxed embed): the bar then uses typical times.
  quietWrite(key, JSON.stringify(value));
}

/** The start the page asks for: the option, else ?boot= in the page's address, else "auto". */
function bootMode(option) {
  let mode = option;
  if (!mode && typeof location === "object") mode = new URLSearchParams(location.search).get("boot");
  return BOOT_MODES.includes(mode) ? mode : "auto";
}

function markDocument(name, value) {
  if (typeof document === "object" && document.documentElement) document.documentElement.dataset[name] = value;
}

/**
 * @typedef {Error & {kind: string, msg?: import("../i18n/catalog.js").Msg}} EngineError  kind says
 * what went wrong, for the page; msg is the engine's {code, params}, for i18n.tMsg (message is the
 * English text, for logs); an error that did not come from the engine has no msg.
 */

/**
 * @param {string} message @param {string} kind @param {import("../i18n/catalog.js").Msg} [msg]
 * @returns {EngineError}
 */
function engineError(message, kind, msg) {
  return Object.assign(new Error(message), { kind }, msg ? { msg } : {});
}

export class Engine {
  constructor(timeoutMs, boot = "auto") {
    this.listeners = [];
    this.pending = new Map();
    this.nextId = 1;
    this.progress = { stage: "start", fraction: 0, label: "Starting" };
    this.created = performance.now();
    /** @type {{t: number, stage: string, fraction: number}[]} */
    this.progressLog = [];
    this.info = null;
    this.failed = null;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {});
    this.snapshotCached = new Promise((resolve) => { this.resolveSnapshotCached = resolve; });
    this.boot = boot;
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      this.fail(engineError("This browser cannot run the game: it lacks WebAssembly or Web Workers.",
        "unsupported"));
      return;
    }
    this.timer = setTimeout(() => {
      const seconds = Math.round(timeoutMs / 1000);
      this.fail(Object.assign(engineError(`Python did not start within ${seconds} seconds.`, "timeout"), { seconds }));
    }, timeoutMs);
    try {
      const timing = readStored(TIMING_KEY) || {};
      // A worker's name is the one thing it can read before any message: its start options.
      const name = JSON.stringify({ boot, expect: timing });
      this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
    } catch (err) {
      this.fail(engineError(`The engine's worker could not start: ${err.message}`, "unsupported"));
      return;
    }
    this.worker.addEventListener("message", (event) => this.receive(event.data));
    this.worker.addEventListener("error", (event) => {
      this.fail(engineError(`The engine's worker failed: ${event.message || "unknown error"}`, "load_failed"));
    });
  }

  onProgress(fn) {
    this.listeners.push(fn);
    fn(this.progress);
  }

  receive(message) {
    if (message.type === "progress") {
      this.progress = message;
      this.progressLog.push({ t: Math.round(performance.now() - this.created), stage: message.stage,
        fraction: message.fraction });
      for (const fn of this.listeners) fn(message);
    } else if (message.type === "ready") {
      clearTimeout(this.timer);
      this.info = message.info;
      this.remember(message.info);
      markDocument("boot", message.info.boot);
      if (message.info.fallback) markDocument("bootFallback", message.info.fallback);
      this.resolveReady(message.info);
    } else if (message.type === "snapshot-cached") {
      markDocument("snapshot", "cached");
      this.resolveSnapshotCached(message.url);
    } else if (message.type === "fatal") {
      this.fail(engineError(message.error, "load_failed"));
    } else if (message.id !== undefined && this.pending.has(message.id)) {
      const { resolve, reject } = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) resolve(message.result);
      else reject(engineError(message.error, message.kind || "bad_request", message.msg));
    }
  }

  /** Keeps this start's stage times for the progress bar of the next start on the same path. */
  remember(info) {
    if (!info || !info.stageMs) return;
    const timing = readStored(TIMING_KEY) || {};
    // Merged: a snapshot start read from the cache and one downloading it have different stages.
    timing[info.boot] = { ...(timing[info.boot] || {}), ...info.stageMs };
    writeStored(TIMING_KEY, timing);
  }

  fail(error) {
    if (this.failed) return;
    this.failed = error;
    clearTimeout(this.timer);
    this.rejectReady(error);
    for (const { reject } of this.pending.values()) reject(engineError(error.message, "engine_down"));
    this.pending.clear();
    if (this.worker) this.worker.terminate();
  }

  call(method, args = {}) {
    if (this.failed) return Promise.reject(engineError(this.failed.message, "engine_down"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, args });
    });
  }
}

/**
 * The page's one engine.
 * @param {{onProgress?: (progress: {stage: string, fraction: number, label: string, bytes?: {done: number, total: number}}) => void,
 *   timeoutMs?: number, boot?: "auto"|"snapshot"|"normal"}} [options]
 * @returns {Engine}
 */
export function getEngine({ onProgress, timeoutMs = DEFAULT_TIMEOUT_MS, boot } = {}) {
  if (!shared) shared = new Engine(timeoutMs, bootMode(boot));
  if (onProgress) shared.onProgress(onProgress);
  return shared;
}
