// The page's side of the engine: one module Web Worker per page running Python (Pyodide) with the
// Leopard engine, shared by every part of the page through getEngine().
//
// getEngine({onProgress, timeoutMs}) -> Engine (the same object on every call)
//   engine.ready               Promise that resolves once Python and the engine are loaded, or
//                              rejects with an Error whose .kind is "unsupported", "timeout" or
//                              "load_failed"
//   engine.call(method, args)  Promise of the bridge's `result` (leopard_core.webapi.handle); rejects
//                              with an Error whose .kind is the bridge's kind ("bad_request",
//                              "corrupt_save") or "engine_down"
//   engine.onProgress(fn)      adds a listener fn({stage, fraction, label}); fraction 0..1 overall
//   engine.progress            the last progress message
//
// Worker protocol (see engine-worker.js): page -> worker {id, method, args};
// worker -> page {id, ok, result} | {id, ok: false, error, kind}, {type: "progress", stage, fraction,
// label}, {type: "ready", info}, {type: "fatal", error}.

const DEFAULT_TIMEOUT_MS = 90000;
let shared = null;

function engineError(message, kind) {
  const error = new Error(message);
  error.kind = kind;
  return error;
}

class Engine {
  constructor(timeoutMs) {
    this.listeners = [];
    this.pending = new Map();
    this.nextId = 1;
    this.progress = { stage: "start", fraction: 0, label: "Starting" };
    this.info = null;
    this.failed = null;
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {});
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      this.fail(engineError("This browser cannot run the game: it lacks WebAssembly or Web Workers.",
        "unsupported"));
      return;
    }
    this.timer = setTimeout(() => {
      this.fail(engineError(`Python did not start within ${Math.round(timeoutMs / 1000)} seconds.`, "timeout"));
    }, timeoutMs);
    try {
      this.worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
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
      for (const fn of this.listeners) fn(message);
    } else if (message.type === "ready") {
      clearTimeout(this.timer);
      this.info = message.info;
      this.resolveReady(message.info);
    } else if (message.type === "fatal") {
      this.fail(engineError(message.error, "load_failed"));
    } else if (message.id !== undefined && this.pending.has(message.id)) {
      const { resolve, reject } = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) resolve(message.result);
      else reject(engineError(message.error, message.kind || "bad_request"));
    }
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

export function getEngine({ onProgress, timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
  if (!shared) shared = new Engine(timeoutMs);
  if (onProgress) shared.onProgress(onProgress);
  return shared;
}
