// The page's side of the engine: Python (Pyodide) with the Leopard engine in a module worker,
// shared by every part of the page through getEngine(). Where the browser has SharedWorker, one
// worker serves every page and frame of the site (two tabs, or the four boards of an embedding page,
// start Python once); each page is its own client in it with its own games. Where SharedWorker is
// missing, fails (an error event) or does not answer within CONNECT_MS, the page starts a dedicated
// worker of its own instead, the same code; ?engine=dedicated in the page's address forces that.
//
// getEngine({onProgress, timeoutMs, boot, transport}) -> Engine (the same object on every call; the
// worker starts at the first call, so call it as early as possible, before drawing anything)
//   engine.ready               Promise that resolves with `info` once Python and the engine are
//                              loaded, or rejects with an Error whose .kind is "unsupported",
//                              "timeout" or "load_failed"
//   engine.call(method, args, {lane?})  Promise of the bridge's `result` (leopard_core.webapi.handle); rejects
//                              with an Error whose .kind is the bridge's kind ("bad_request",
//                              "corrupt_save") or "engine_down"
//   engine.onProgress(fn)      adds a listener fn({stage, fraction, label, bytes?}); fraction 0..1
//                              overall, in proportion to the expected time (see worker.js); label is
//                              English: a page shows progressText() of ./progress-text.js
//   engine.progress            the last progress message
//   engine.progressLog         every progress message with t, ms since getEngine() (bench, tests)
//   engine.info                once ready: {boot: "snapshot"|"normal", fallback: reason|null,
//                              startMs, stages, stageMs, pyodide, python, downloadedBytes, shared,
//                              worker} (startMs and stages are those of the worker's one start)
//   engine.transport           "shared" or "dedicated": the worker this page ended up with
//   engine.welcome             the worker's greeting: {client, clients, worker, shared} (clients:
//                              how many pages it served when this one came; worker: its id)
//   engine.snapshotCached      Promise resolved when a first (normal) start has kept the memory
//                              snapshot for the next visit
// lane(engine, name) -> {call}: the same engine under a second client of the bridge (the worker's
// lanes): its games are apart from the page's own, and forgotten with the page.
// The page's <html> element gets data-boot="snapshot|normal" (and data-boot-fallback="reason") and
// data-engine="shared|dedicated" when ready, and data-snapshot="cached" once the snapshot is kept:
// tests and bench/web_start.py read them.
// `boot` ("auto" by default, or the page's ?boot= parameter) chooses how the worker starts:
// "snapshot" forces the snapshot, "normal" never uses it (see worker.js). Pages asking different
// boots get different shared workers (the boot is in the worker's name).
//
// Worker protocol: see worker.js. The page says hello first and bye when it goes (pagehide).

import { quietRead, quietWrite } from "../storage-area.js";

const DEFAULT_TIMEOUT_MS = 90000;
// Stage times of the last start on each path (snapshot, normal): the worker's progress bar uses them.
const TIMING_KEY = "leopard.engine.timing.v1";
/** The most characters of the stored stage times (a few paths of a few stages: under 500). */
const TIMING_LIMIT = 5_000;
const BOOT_MODES = ["auto", "snapshot", "normal"];
const TRANSPORTS = ["shared", "dedicated"];
// The build's name (tools/build_site.py writes it): in the shared worker's name, so that the pages
// of a new release start a worker of their own instead of joining an older release's.
const BUILD = "dev";
// How long a shared worker may take to greet the page before the page starts its own worker.
const CONNECT_MS = 10000;
let shared = null;

/**
 * The stage times of the last starts, {path: {stage: ms}}, checked where they are read: {} when
 * absent, unreadable or not of that shape (a number stored there made remember() throw and the page
 * never start). Only the browser's own measurements, not the player's: a bad value is replaced by
 * the next start's, without a word. The worker checks each time again (a number above 0).
 * @param {string} key
 * @returns {Record<string, Record<string, number>>}
 */
export function readStoredTimes(key) {
  const isObject = (/** @type {unknown} */ value) => typeof value === "object" && value !== null && !Array.isArray(value);
  // Each path's stages hold numbers and nothing deeper: times nested 3,000 objects deep, handed to
  // the worker in the hello, kept the card game's and the hunt's pages at "Starting 0%" for good.
  const isStages = (/** @type {unknown} */ value) => isObject(value)
    && Object.values(/** @type {object} */ (value)).every((ms) => typeof ms === "number" && Number.isFinite(ms));
  try {
    const text = quietRead(key) || "null";
    if (text.length > TIMING_LIMIT) return {};
    const times = JSON.parse(text);
    return isObject(times) && Object.values(times).every(isStages) ? times : {};
  } catch {
    return {};
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

/** The worker the page asks for: the option, else ?engine= in the page's address, else "shared". */
function transportMode(option) {
  let mode = option;
  if (!mode && typeof location === "object") mode = new URLSearchParams(location.search).get("engine");
  return TRANSPORTS.includes(mode) ? mode : "shared";
}

function markDocument(name, value) {
  if (typeof document === "object" && document.documentElement) document.documentElement.dataset[name] = value;
}

/**
 * @typedef {Error & {kind: string, msg?: import("../i18n/catalog.js").Msg, keptAs?: string}} EngineError
 * kind says what went wrong, for the page; msg is the engine's {code, params}, for i18n.tMsg
 * (message is the English text, for logs); an error that did not come from the engine has no msg;
 * keptAs names where the worker kept a save it could not read.
 */

/**
 * @param {string} message @param {string} kind @param {import("../i18n/catalog.js").Msg} [msg]
 * @returns {EngineError}
 */
function engineError(message, kind, msg) {
  return Object.assign(new Error(message), { kind }, msg ? { msg } : {});
}

export class Engine {
  constructor(timeoutMs, boot = "auto", transport = "shared") {
    this.listeners = [];
    this.pending = new Map();
    this.nextId = 1;
    this.progress = { stage: "start", fraction: 0, label: "Starting" };
    this.created = performance.now();
    /** @type {{t: number, stage: string, fraction: number}[]} */
    this.progressLog = [];
    this.info = null;
    this.failed = null;
    this.welcome = null;
    /** @type {MessagePort|Worker|null} where requests go once the worker has greeted the page */
    this.channel = null;
    /** @type {any[]} requests made before the greeting (sent again to a fallback worker) */
    this.outbox = [];
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
    // A worker's name is the one thing it can read before any message: the start the page asks for.
    this.name = JSON.stringify({ boot, build: BUILD });
    if (transport === "shared" && typeof SharedWorker === "function" && this.startShared()) return;
    this.startDedicated();
  }

  /**
   * Connects to the site's shared worker; false when it cannot even be created.
   * DevTools note (issue 33, item 11): Chromium announces a new shared worker's script request to
   * the page that made it (Network.requestWillBeSent, in WorkerScriptFetcher) but reports its
   * response and end only to the shared worker's own DevTools target. Nothing fails and the console
   * stays clean; a tool that watches the page and not the worker (Playwright does not attach to
   * shared workers) sees the request open until the page goes, then calls it net::ERR_ABORTED.
   */
  startShared() {
    this.transport = "shared";
    let worker;
    try {
      worker = new SharedWorker(new URL("./worker.js", import.meta.url), { type: "module", name: this.name });
    } catch (err) {
      console.warn(`the shared engine could not start (${err.message}): this page starts its own`);
      return false;
    }
    this.shared = worker;
    const port = worker.port;
    const giveUp = (why) => {
      if (this.channel || this.failed || this.transport !== "shared") return;
      console.warn(`the shared engine ${why}: this page starts its own`);
      port.close();
      this.startDedicated();
    };
    this.connectTimer = setTimeout(() => giveUp(`did not answer within ${CONNECT_MS / 1000} s`), CONNECT_MS);
    worker.addEventListener("error", () => giveUp("failed"));
    port.addEventListener("message", (event) => {
      if (this.transport === "shared") this.receive(event.data, port);
    });
    port.start();
    this.hello(port);
    // The worker forgets this page's games when it goes; a page kept for the back button keeps them
    // (if the browser later drops it, its port's close event tells the worker).
    addEventListener("pagehide", (event) => { if (!event.persisted) port.postMessage({ type: "bye" }); });
    return true;
  }

  /** Starts this page's own worker (no SharedWorker, or the shared one failed). */
  startDedicated() {
    this.transport = "dedicated";
    clearTimeout(this.connectTimer);
    try {
      this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: this.name });
    } catch (err) {
      this.fail(engineError(`The engine's worker could not start: ${err.message}`, "unsupported"));
      return;
    }
    const worker = this.worker;
    worker.addEventListener("message", (event) => this.receive(event.data, worker));
    worker.addEventListener("error", (event) => {
      this.fail(engineError(`The engine's worker failed: ${event.message || "unknown error"}`, "load_failed"));
    });
    this.hello(worker);
  }

  hello(channel) {
    const page = typeof location === "object" ? location.pathname + location.search : "";
    channel.postMessage({ type: "hello", expect: readStoredTimes(TIMING_KEY), page });
  }

  onProgress(fn) {
    this.listeners.push(fn);
    fn(this.progress);
  }

  receive(message, channel) {
    if (message.type === "welcome") {
      clearTimeout(this.connectTimer);
      this.welcome = message;
      this.channel = channel;
      for (const request of this.outbox) channel.postMessage(request);
      this.outbox = [];
    } else if (message.type === "warning") {
      console.warn(message.text);
    } else if (message.type === "progress") {
      this.progress = message;
      this.progressLog.push({ t: Math.round(performance.now() - this.created), stage: message.stage,
        fraction: message.fraction });
      for (const fn of this.listeners) fn(message);
    } else if (message.type === "ready") {
      clearTimeout(this.timer);
      this.info = message.info;
      this.remember(message.info);
      markDocument("boot", message.info.boot);
      markDocument("engine", this.transport);
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
      // kept_as: where the worker kept a save it could not read (kept-saves.js), for the notice.
      else reject(Object.assign(engineError(message.error, message.kind || "bad_request", message.msg),
        typeof message.kept_as === "string" ? { keptAs: message.kept_as } : {}));
    }
  }

  /** Keeps this start's stage times for the progress bar of the next start on the same path. */
  remember(info) {
    if (!info || !info.stageMs) return;
    const timing = readStoredTimes(TIMING_KEY);
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
    clearTimeout(this.connectTimer);
    if (this.worker) this.worker.terminate();
    if (this.shared) {
      this.shared.port.postMessage({ type: "bye" });
      this.shared.port.close();
    }
  }

  /**
   * @param {string} method
   * @param {Record<string, unknown>} [args]
   * @param {{lane?: string}} [options] lane: the page's second set of sessions (see lane())
   */
  call(method, args = {}, { lane } = {}) {
    if (this.failed) return Promise.reject(engineError(this.failed.message, "engine_down"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const request = lane ? { id, method, args, lane } : { id, method, args };
      if (this.channel) this.channel.postMessage(request);
      else this.outbox.push(request);
    });
  }
}

/**
 * The same engine under another client of the bridge: a lane's games are apart from the page's own
 * (a practice game never touches the game the page keeps) and are forgotten with the page. `name`
 * is a few lower-case letters ("practice").
 * @param {Engine} engine @param {string} name
 * @returns {{call: (method: string, args?: Record<string, unknown>) => Promise<any>}}
 */
export function lane(engine, name) {
  return { call: (method, args = {}) => engine.call(method, args, { lane: name }) };
}

/**
 * The page's one engine.
 * @param {{onProgress?: (progress: {stage: string, fraction: number, label: string, bytes?: {done: number, total: number}}) => void,
 *   timeoutMs?: number, boot?: "auto"|"snapshot"|"normal", transport?: "shared"|"dedicated"}} [options]
 * @returns {Engine}
 */
export function getEngine({ onProgress, timeoutMs = DEFAULT_TIMEOUT_MS, boot, transport } = {}) {
  if (!shared) shared = new Engine(timeoutMs, bootMode(boot), transportMode(transport));
  if (onProgress) shared.onProgress(onProgress);
  return shared;
}
