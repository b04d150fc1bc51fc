// Module worker, dedicated (one page) or shared (every frame and tab of the site): starts Python
// (Pyodide) with the Leopard engine once, all from this site (paths from wheels/manifest.json), then
// answers each page's {id, method, args} with leopard_core.webapi.handle, in that page's own sessions.
//
// Clients: each page (a tab, or a frame of an embedding page) is one client, a port of this worker
// (in a dedicated worker the worker itself is the one port). The worker names each client ("c1",
// "c2", ...) and passes that name as the bridge's `client`, so every page has its own games
// (leopard_core.platform.bridge keeps sessions per client and game); a page that goes away (its
// {type: "bye"}, or its port's close event) has its sessions dropped. Per-page state lives in
// CLIENTS, never in module globals.
//
// Protocol, page -> worker: {type: "hello", expect, page} first, then {id, method, args, lane?}, and
// {type: "bye"} when the page goes. Worker -> page: {type: "welcome", client, clients, worker,
// shared} at once; {type: "progress", stage, fraction, label, bytes?: {done, total}} while loading
// (label is English, for logs; pages show their catalog's game.load.<stage>: ./progress-text.js);
// {type: "ready", info} or {type: "fatal", error} (a page that connects later gets the same at
// once); {type: "snapshot-cached", url} once a memory snapshot fetched in the background is stored;
// {type: "warning", text} for the page's console; {id, ok, result} | {id, ok: false, error, kind}.
// Calls that arrive early wait for the start. kept.* requests are answered by ./kept-saves.js (the
// worker keeps a save the page must not see), in the page's own sessions too.
//
// Two ways to start (info.boot says which one was used):
//   "snapshot"  restore the build's memory snapshot (Python with the standard modules the engine
//               needs and the engine imported, made by tools/snapshot.mjs): about a second. Used
//               when the snapshot is in this worker's cache (a return visit, online or offline), when
//               the page asks for it, or on a first visit over a fast link (see chooseFirstStart).
//               After a release that changed only the engine the cached snapshot of the earlier
//               build (same Python: manifest.snapshot_base) still serves: the worker drops its
//               engine, unpacks the new wheel and imports it (info.engineSwapped), and keeps that
//               snapshot, so the visitor downloads the new wheel only.
//   "normal"    start Python, unpack the engine wheel (no micropip), import the engine: 3-5 s.
//               Used on a first visit over a slow link (the snapshot's bytes would cost more than
//               they save); the snapshot is then fetched in the background once the engine is
//               ready and the pages are quiet (whenQuiet), for the next visit. It is also the
//               fallback when the snapshot is missing, fails to download or fails to restore: the
//               reason goes to the page's console once (a warning) and to info.fallback; nothing
//               else shows.
// The page chooses with the worker's name, JSON {boot: "auto"|"snapshot"|"normal"} (the same name
// for every page that asks the same, so they share one worker): "auto" (the default) as above;
// "snapshot" fetches the snapshot now even on a first visit; "normal" never uses it. The first
// hello's expect holds the stage times (ms) of the last start on each path, {normal: {stage: ms},
// snapshot: {...}}, kept by client.js, so the progress bar moves with time.

import { AFTER_RESTORE, DROP_ENGINE, mountStdlibOnDemand, restoreOptions } from "./after-restore.js";
import { isKeptSaveRequest, keptSaveCall } from "./kept-saves.js";
import { SNAPSHOT_DELTA, xorWithInitialMemory } from "./snapshot-delta.js";
import { stageClock } from "./stage-clock.js";

const SITE = new URL("../../../", import.meta.url);
// Cache Storage of this worker's own: the service worker's precache leaves the snapshot out, so a
// first visit does not download it during its start. One entry: the current build's snapshot.
const SNAPSHOT_CACHE = "leopard-snapshot";
// sys.executable on both paths: tools/snapshot.mjs passes the same (SYS_EXECUTABLE there).
const SYS_EXECUTABLE = "/bin/python";

/** @typedef {{boot?: string, expect?: Object<string, Object<string, number>>}} BootOptions */

// Whether this is a SharedWorker (several pages) or a dedicated one (one page).
const SHARED = typeof (/** @type {any} */ (self)).onconnect !== "undefined";
// This worker's name for the pages, so that tests and the bench can tell one shared engine from two.
const WORKER_ID = Math.random().toString(36).slice(2, 10);

/** @returns {BootOptions} */
function bootOptions() {
  try {
    const parsed = JSON.parse(self.name || "{}");
    return typeof parsed === "object" && parsed ? parsed : {};
  } catch {
    return {};
  }
}

const OPTIONS = bootOptions();

// Typical stage times (ms) on an idle desktop, used until this browser has its own (OPTIONS.expect).
// The engine stage unpacks the wheel and imports some 90 precompiled modules: 0.4-0.8 s measured.
const TYPICAL_MS = {
  manifest: 30, download: 1500, python: 3200, engine: 400, snapshot: 250, fetch: 1500, restore: 900,
  check: 250,
};
const LABELS = {
  manifest: "Starting",
  download: "Downloading Python",
  python: "Starting Python",
  engine: "Loading the Leopard engine",
  snapshot: "Reading the saved engine",
  fetch: "Downloading the saved engine",
  restore: "Starting Python",
  check: "Loading the Leopard engine",
};
// How often the progress bar moves: the pages get at most one progress message per tick.
const PROGRESS_TICK_MS = 100;
const PLANS = {
  normal: ["manifest", "download", "python", "engine"],
  snapshot: ["manifest", "snapshot", "restore", "check"],
  // The same start with the snapshot downloaded now (?boot=snapshot, or a failed cached copy).
  fetch: ["manifest", "fetch", "restore", "check"],
  // A first visit that measured a fast link while downloading Pyodide, then chose the snapshot.
  first: ["manifest", "download", "fetch", "restore", "check"],
};

/**
 * The progress bar: each stage gets a share in proportion to its expected time, and inside a stage
 * the bar moves with the bytes received or with the time spent (up to 95% of the stage's share when
 * the stage takes longer than expected), so the fraction follows the real wait.
 */
class Progress {
  constructor() {
    this.usePlan("normal");
    this.stage = "manifest";
    this.stageStart = performance.now();
    this.ticker = 0;
    this.last = 0;
    this.sentAt = -Infinity;
  }

  expected(stage) {
    // Stage times are remembered per start path; the fetch plan is the snapshot path.
    // The first plan's download is the normal start's stage, its other stages the snapshot's.
    const path = this.planName === "normal" || (this.planName === "first" && stage === "download") ? "normal" : "snapshot";
    const times = OPTIONS.expect && OPTIONS.expect[path];
    const remembered = times && Number(times[stage]);
    return remembered > 0 ? remembered : TYPICAL_MS[stage];
  }

  /** A new plan after the start has chosen its path; the bar never moves back. */
  usePlan(name) {
    this.planName = name;
    this.plan = PLANS[name];
  }

  enter(stage, label = LABELS[stage]) {
    this.stage = stage;
    this.label = label;
    this.bytes = null;
    this.stageStart = performance.now();
    clearInterval(this.ticker);
    this.ticker = setInterval(() => this.report(), PROGRESS_TICK_MS);
    this.report(0);
  }

  /**
   * @param {number} [within] the share of the stage done (0..1); time-based when omitted
   * @param {string} [label]
   * @param {{done: number, total: number}} [bytes] bytes received of the stage's download
   */
  report(within, label, bytes) {
    if (label) this.label = label;
    if (bytes) this.bytes = bytes;
    const expect = this.expected(this.stage);
    if (within === undefined) {
      const spent = performance.now() - this.stageStart;
      within = spent < expect ? spent / expect : 1 - 0.05 * Math.exp(-(spent - expect) / expect);
      within = Math.min(0.95, within);
    }
    const total = this.plan.reduce((sum, s) => sum + this.expected(s), 0);
    const index = this.plan.indexOf(this.stage);
    const before = this.plan.slice(0, Math.max(0, index)).reduce((sum, s) => sum + this.expected(s), 0);
    const fraction = Math.max(this.last, Math.min(1, (before + within * this.expected(this.stage)) / total));
    this.last = fraction;
    // A download reports every chunk it receives (some 300 on a first visit), and every page words
    // and draws each message on its main thread while it is starting too: at most one message per
    // tick, the ticker's next one carrying the latest bytes and fraction.
    const now = performance.now();
    if (bytes && now - this.sentAt < PROGRESS_TICK_MS) return;
    this.sentAt = now;
    // The page words the stage itself (game.load.<stage> in its catalog); label is the English.
    broadcast({ type: "progress", stage: this.stage, fraction, label: this.label, ...(this.bytes ? { bytes: this.bytes } : {}) });
  }

  done() {
    clearInterval(this.ticker);
    broadcast({ type: "progress", stage: "ready", fraction: 1, label: "Ready" });
  }
}

// A download that receives nothing for this long is cancelled and tried again (a stalled
// connection must not leave the player staring at a frozen bar until the page's time-out).
const STALL_MS = 12000;
const ATTEMPTS = 3;

async function fetchWithRetry(url, init, consume, attempts = ATTEMPTS) {
  let lastError;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const controller = new AbortController();
    let timer = setTimeout(() => controller.abort(), STALL_MS);
    const alive = () => { clearTimeout(timer); timer = setTimeout(() => controller.abort(), STALL_MS); };
    try {
      const response = await fetch(url, { ...init, signal: controller.signal });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      alive();
      return await consume(response, alive);
    } catch (err) {
      lastError = controller.signal.aborted ? new Error(`${url}: no data for ${STALL_MS / 1000} s`) : err;
      if (attempt < attempts) warn(`retrying ${url}: ${lastError.message}`);
    } finally {
      clearTimeout(timer);
    }
  }
  throw lastError;
}

async function fetchManifest() {
  return fetchWithRetry(new URL("wheels/manifest.json", SITE), { cache: "no-cache" }, (r) => r.json());
}

/** Reads a response's body, calling onBytes(received) as chunks arrive; returns the bytes. */
async function readBody(response, alive, onBytes) {
  const reader = response.body.getReader();
  const chunks = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    alive();
    chunks.push(value);
    received += value.length;
    onBytes(received);
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.length; }
  return bytes;
}

/** Pyodide's files that both starts need (its wasm and its module), of the manifest's downloads;
 * the standard library's zip and the engine's wheel are the normal start's alone. */
function bothStartsFiles(manifest) {
  return Object.keys(manifest.sizes).filter((rel) => rel.endsWith(".wasm") || rel.endsWith(".mjs"));
}

/**
 * The bytes of the downloads that fill one stage of the progress bar together (a first visit's
 * download of what both starts need, then the normal start's own files, or these alone), and the
 * encoding each file came in. A muted count stops moving the bar: the download goes on behind
 * another stage (the snapshot's).
 */
class ByteCount {
  constructor(progress) {
    this.progress = progress;
    /** @type {Object<string, number>} */
    this.received = {};
    /** @type {Object<string, string>} */
    this.encodings = {};
    this.total = 0;
    this.muted = false;
  }

  done(files = Object.keys(this.received)) {
    return files.reduce((sum, rel) => sum + (this.received[rel] || 0), 0);
  }

  got(rel, n) {
    this.received[rel] = n;
    if (this.muted) return;
    const done = this.done();
    const total = Math.max(1, this.total);
    this.progress.report(Math.min(1, done / total),
      `Downloading Python (${(done / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB)`, { done, total });
  }
}

// Downloads `files` (of manifest.sizes) at once, counting bytes for a real progress bar (count);
// Pyodide's own requests then come from the HTTP or service-worker cache (these paths are versioned
// and cached long). onFileDone(rel) as each file is in. Returns the engine wheel's bytes (unpacked
// straight into site-packages), the wasm's when it was fetched (a snapshot start undoes its delta
// with it), and the total.
async function prefetch(manifest, count, files, onFileDone = (rel) => {}) {
  const sizes = manifest.sizes;
  count.total += files.reduce((sum, rel) => sum + (sizes[rel] || 0), 0);
  let wheel = null;
  let wasm = null;
  await Promise.all(files.map((rel) => fetchWithRetry(new URL(rel, SITE), {}, async (response, alive) => {
    count.got(rel, 0); // a retry starts this file again
    count.encodings[rel] = response.headers.get("content-encoding") || "";
    const keep = rel === manifest.engine || rel.endsWith(".wasm");
    const onBytes = (n) => count.got(rel, n);
    if (keep) {
      const bytes = await readBody(response, alive, onBytes);
      if (rel === manifest.engine) wheel = bytes;
      else wasm = bytes;
    } else {
      // Read and drop: only the cache matters here.
      const reader = response.body.getReader();
      for (let n = 0; ;) {
        const { done, value } = await reader.read();
        if (done) break;
        alive();
        n += value.length;
        onBytes(n);
      }
    }
    onFileDone(rel);
  })));
  return { wheel, wasm, downloaded: count.done(files) };
}

/**
 * A first visit's download of what both starts need (Pyodide's wasm and module), and the link
 * measured while it runs. `measured` resolves once the module files are in (0.2 MB on the wire,
 * a fifth of the way through the wasm on any link): the bytes of every file so far over the time
 * taken, from which the start is chosen while the wasm still comes, so that what the chosen start
 * alone needs (the snapshot, or the standard library and the wheel) downloads alongside it rather
 * than after it. `download` resolves with prefetch's result.
 * @typedef {{ms: number, received: Object<string, number>, encodings: Object<string, string>, complete: string[]}} LinkReading
 */
function downloadBothStarts(manifest, progress) {
  const files = bothStartsFiles(manifest);
  const modules = files.filter((rel) => !rel.endsWith(".wasm"));
  const count = new ByteCount(progress);
  const complete = [];
  const t0 = performance.now();
  /** @returns {LinkReading} */
  const reading = () => ({ ms: performance.now() - t0, received: { ...count.received },
    encodings: { ...count.encodings }, complete: [...complete] });
  let modulesIn = () => {};
  const modulesDone = new Promise((resolve) => { modulesIn = () => resolve(undefined); });
  const download = prefetch(manifest, count, files, (rel) => {
    complete.push(rel);
    if (modules.every((module) => complete.includes(module))) modulesIn();
  });
  quietly(download);
  /** @type {Promise<LinkReading>} */
  const measured = Promise.race([modulesDone, download]).then(reading);
  return { files, count, download, measured };
}

// ---------------------------------------------------------------- the first start's choice

// What the snapshot saves: starting Python and importing the engine (the normal start's "python"
// and "engine" stages) against restoring (its "restore" and "check"); remembered times of this
// browser first (OPTIONS.expect), typical ones otherwise.
function expectedMs(path, stages) {
  const times = (OPTIONS.expect && OPTIONS.expect[path]) || {};
  return stages.reduce((sum, stage) => sum + (Number(times[stage]) > 0 ? Number(times[stage]) : TYPICAL_MS[stage]), 0);
}

/** Whether a file just fetched came from a cache (HTTP or service worker), not over the link. */
function fromCache(url) {
  const entries = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByName(url));
  const entry = entries[entries.length - 1];
  return !entry || entry.transferSize === 0 || entry.workerStart > 0;
}

/**
 * A first visit's start, chosen from the link measured while downloading what both starts need
 * (downloadBothStarts): the snapshot when downloading it is expected to take less time than the
 * normal start would still take, that is downloading its own files (the standard library and the
 * engine wheel) and starting Python and the engine, less restoring.
 * Bytes are those on the wire: the build's compressed sizes (manifest.wire) for the encoding the
 * server used, in proportion to the bytes received so far. Files that came from a cache say nothing
 * of the link: then the normal start (the snapshot is fetched in the background). Returns
 * {snapshot: boolean, why: {...}} for info.
 * @param {any} manifest @param {LinkReading} reading
 */
function chooseFirstStart(manifest, reading) {
  const wire = manifest.wire || {};
  const onWire = (rel, encoding) => (wire[rel] && wire[rel][encoding]) || manifest.sizes[rel] || 0;
  const common = Object.keys(reading.encodings).filter((rel) => rel !== manifest.engine);
  const cachedFiles = reading.complete.filter((rel) => fromCache(new URL(rel, SITE).href));
  const share = (rel) => Math.min(1, (reading.received[rel] || 0) / (manifest.sizes[rel] || 1));
  const wireBytes = common.reduce((sum, rel) => sum + onWire(rel, reading.encodings[rel] || "") * share(rel), 0);
  const bytesPerMs = Math.max(1e-6, wireBytes / Math.max(1, reading.ms));
  const encoding = reading.encodings[common[0]] || "";
  // The snapshot comes as its brotli file where the build made one (snapshotURL), else like the rest.
  const snapshotEncoding = snapshotURL(manifest).endsWith(".br") ? "br" : encoding;
  const snapshotWire = (wire[manifest.snapshot] && wire[manifest.snapshot][snapshotEncoding]) || manifest.snapshot_bytes;
  const both = bothStartsFiles(manifest);
  const normalOnly = Object.keys(manifest.sizes).filter((rel) => !both.includes(rel));
  const normalOnlyWire = normalOnly.reduce((sum, rel) => sum + onWire(rel, encoding), 0);
  const why = {
    mbps: Math.round(bytesPerMs * 8 / 1000 * 10) / 10,
    fetchMs: Math.round(snapshotWire / bytesPerMs),
    savesMs: Math.round(normalOnlyWire / bytesPerMs)
      + expectedMs("normal", ["python", "engine"]) - expectedMs("snapshot", ["restore", "check"]),
    cached: cachedFiles.length > 0,
  };
  return { snapshot: !why.cached && why.fetchMs < why.savesMs, why };
}

async function importPyodide(indexURL) {
  const [{ loadPyodide }, asm] = await Promise.all([
    import(new URL("pyodide.mjs", indexURL).href),
    import(new URL("pyodide.asm.mjs", indexURL).href),
  ]);
  return { loadPyodide, createModule: asm.default };
}

const quiet = { stdout: () => {}, stderr: (line) => warn(line) };

/**
 * @param {{files: string[], count: ByteCount, download: Promise<any>}|null} begun a first visit's
 *   download of what both starts need, still running: the rest downloads alongside it, in one count
 */
async function normalStart(manifest, progress, mark, begun = null) {
  progress.usePlan("normal");
  const indexURL = new URL(manifest.pyodide, SITE).href;
  const missing = Object.keys(manifest.sizes).filter((rel) => !begun || !begun.files.includes(rel));
  if (!begun) progress.enter("download");
  const count = begun ? begun.count : new ByteCount(progress);
  const [rest, earlier, { loadPyodide }] = await Promise.all([
    prefetch(manifest, count, missing), begun ? begun.download : null, importPyodide(indexURL),
  ]);
  const wheel = rest.wheel;
  const downloaded = rest.downloaded + (earlier ? earlier.downloaded : 0);
  mark("download");
  progress.enter("python");
  const pyodide = await loadPyodide({ indexURL, _sysExecutable: SYS_EXECUTABLE, ...quiet });
  mark("python");
  progress.enter("engine");
  // unpackArchive puts the wheel's files in site-packages in a few ms; micropip.install took 0.5 s.
  pyodide.unpackArchive(wheel, "wheel");
  const handle = pyodide.pyimport("leopard_core.webapi").handle;
  mark("engine");
  return { pyodide, handle, downloaded };
}

/**
 * Where the snapshot is downloaded from: its brotli file when the build made one (the host sends
 * it with Content-Encoding: br, netlify.toml; the browser unpacks it), else the plain file.
 * @returns {string}
 */
function snapshotURL(manifest) {
  return new URL(manifest.snapshot_download || manifest.snapshot, SITE).href;
}

/** Whether this worker can keep a snapshot (Cache Storage needs a secure context). */
function canCache() {
  return typeof caches === "object" && caches !== null;
}

/**
 * The cached snapshot to start from: this build's own (older: false), else one of an older build
 * with the same Python (its URL in manifest.snapshot_base: only the engine changed since; older:
 * true, the engine is swapped after restoring), else null.
 * @returns {Promise<{response: Response, older: boolean}|null>}
 */
async function cachedSnapshot(manifest) {
  if (!canCache()) return null;
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const own = await cache.match(snapshotURL(manifest));
    if (own) return { response: own, older: false };
    if (!manifest.snapshot_base) return null;
    const base = new URL(manifest.snapshot_base, SITE).href;
    const older = (await cache.keys()).find((request) => request.url.startsWith(base));
    const response = older && (await cache.match(older));
    return response ? { response, older: true } : null;
  } catch {
    return null;
  }
}

async function forgetSnapshot() {
  if (!canCache()) return;
  try { await caches.delete(SNAPSHOT_CACHE); } catch { /* nothing kept, nothing to forget */ }
}

/** The engine wheel's bytes (on a return visit from the service worker's cache) and how many of
 * them came over the link. */
async function wheelBytes(manifest) {
  const url = new URL(manifest.engine, SITE).href;
  const bytes = await fetchWithRetry(url, {}, async (response) => new Uint8Array(await response.arrayBuffer()));
  return { bytes, downloaded: fromCache(url) ? 0 : bytes.byteLength };
}

/**
 * pyodide.asm.wasm for a restore: its bytes (the snapshot's delta is undone with them) and the module
 * compiled now, while the snapshot is read or downloaded. loadPyodide compiles the wasm only once it
 * has the snapshot (it awaits _loadSnapshot first), so every restore waited for that compile after
 * the snapshot had come (0.4 s). The bytes are kept from a first visit's download, else read from
 * the HTTP or service worker's cache (every start has just loaded them).
 * @returns {Promise<{bytes: Uint8Array, module: Promise<WebAssembly.Module>}>}
 */
async function wasmForRestore(indexURL, prefetchedWasm) {
  if (prefetchedWasm) {
    const bytes = await prefetchedWasm;
    return { bytes, module: quietly(WebAssembly.compile(bytes)) };
  }
  const response = await fetchWithRetry(new URL("pyodide.asm.wasm", indexURL).href, {}, async (r) => r);
  const module = quietly(WebAssembly.compileStreaming(response.clone()));
  return { bytes: new Uint8Array(await response.arrayBuffer()), module };
}

/** A promise whose failure is handled where it is awaited, never reported as unhandled before. */
function quietly(promise) {
  promise.catch(() => {});
  return promise;
}

/**
 * Has Pyodide's loader instantiate the module compiled early (wasmForRestore) rather than compile
 * its wasm again, once; a failed early compile leaves the loader its own. Returns the undo, for a
 * start that never got that far.
 * @param {Promise<WebAssembly.Module>} compiled
 */
function useCompiledModule(compiled) {
  const wasmApi = /** @type {any} */ (WebAssembly);
  const own = wasmApi.instantiateStreaming;
  wasmApi.instantiateStreaming = async (source, imports) => {
    wasmApi.instantiateStreaming = own;
    let module;
    try {
      module = await compiled;
    } catch {
      return own(source, imports);
    }
    // The loader has already asked for its wasm: its 9.6 MB would be read out of the cache and
    // decoded for nothing, while Python restores and the page draws.
    Promise.resolve(source).then((response) => response.body?.cancel(), () => {});
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  return () => { wasmApi.instantiateStreaming = own; };
}

/** The full standard library's zip, read synchronously (Python's import is synchronous; a worker
 * may block on a request): only for a module the snapshot did not foresee (mountStdlibOnDemand). */
function readFullStdlib(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`${url}: HTTP ${request.status}`);
  warn(`a module outside the engine's snapshot was imported: the standard library was fetched (${request.response.byteLength} bytes)`);
  return new Uint8Array(request.response);
}

/** The snapshot's bytes, from this worker's cache (cached = a Response) or the network. */
async function snapshotBytes(manifest, cached, progress) {
  const url = snapshotURL(manifest);
  const total = manifest.snapshot_bytes || 1;
  const onBytes = (n) => progress.report(Math.min(1, n / total),
    cached ? LABELS.snapshot : `Downloading the saved engine (${(n / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB)`,
    cached ? undefined : { done: n, total });
  const bytes = cached
    ? new Uint8Array(await cached.arrayBuffer())
    : await fetchWithRetry(url, {}, (response, alive) => readBody(response, alive, onBytes), 1);
  // An older build's snapshot has its own size; this build's must have the size the build wrote.
  if (!cached && bytes.byteLength !== manifest.snapshot_bytes) {
    throw new Error(`the snapshot has ${bytes.byteLength} bytes, the build made ${manifest.snapshot_bytes}`);
  }
  return bytes;
}

/**
 * Restores the snapshot (the engine is in it); a snapshot of an older engine (older) gets this
 * build's engine from its wheel instead.
 * @param {{response: Response, older: boolean}|null} cached
 */
async function snapshotStart(manifest, cached, progress, mark, afterDownload = false, prefetchedWasm = null) {
  progress.usePlan(cached ? "snapshot" : afterDownload ? "first" : "fetch");
  progress.enter(cached ? "snapshot" : "fetch");
  const indexURL = new URL(manifest.pyodide, SITE).href;
  const older = Boolean(cached && cached.older);
  const delta = manifest.snapshot_delta === SNAPSHOT_DELTA;
  const wasmReady = wasmForRestore(indexURL, prefetchedWasm);
  const [sent, wasm, engine, { loadPyodide, createModule }] = await Promise.all([
    snapshotBytes(manifest, cached && cached.response, progress),
    wasmReady,
    older ? wheelBytes(manifest) : { bytes: null, downloaded: 0 },
    importPyodide(indexURL),
  ]);
  mark(cached ? "snapshot" : "fetch");
  progress.enter("restore");
  // Kept for the next visit as it was sent (a delta), so a download is copied before the delta is
  // undone; bytes read from the cache are used once (31 MB less to copy on every return visit).
  const bytes = delta && !cached ? sent.slice() : sent;
  if (delta) xorWithInitialMemory(bytes, wasm.bytes);
  const undoCompiled = useCompiledModule(wasm.module);
  // The build's near-empty zip (an older build without one: the full zip).
  const emptyStdlib = manifest.stdlib_after_restore ? new URL(manifest.stdlib_after_restore, SITE).href : null;
  const pyodide = await loadPyodide({
    indexURL,
    _sysExecutable: SYS_EXECUTABLE,
    ...restoreOptions(bytes, createModule, emptyStdlib),
    ...quiet,
  }).finally(undoCompiled);
  mark("restore");
  progress.enter("check");
  if (emptyStdlib) {
    const full = new URL("python_stdlib.zip", indexURL).href;
    mountStdlibOnDemand(pyodide, () => readFullStdlib(full));
  }
  if (older) {
    pyodide.runPython(DROP_ENGINE);
    pyodide.unpackArchive(engine.bytes, "wheel");
  }
  const levels = JSON.parse(pyodide.runPython(AFTER_RESTORE));
  if (!levels.ok) throw new Error(`the restored engine does not answer: ${levels.error}`);
  const handle = pyodide.pyimport("leopard_core.webapi").handle;
  mark("check");
  return { pyodide, handle, older, downloaded: engine.downloaded + (cached ? 0 : sent.byteLength), fetched: cached ? null : sent };
}

/** After a start that did not find the snapshot in the cache: keep it for the next visit, from the
 * bytes just restored or else fetched now (after a normal first start). Several engines of one site
 * (a page with four embeds) take turns under a Web Lock, and only the first downloads it. */
async function keepSnapshotForNextVisit(manifest, bytes = null) {
  const url = snapshotURL(manifest);
  const keep = async () => {
    const cache = await caches.open(SNAPSHOT_CACHE);
    if (!(await cache.match(url))) {
      const response = bytes
        ? new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } })
        : await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await cache.put(url, response);
    }
    for (const request of await cache.keys()) {
      if (request.url !== url) await cache.delete(request);
    }
  };
  try {
    const locks = /** @type {any} */ (navigator).locks;
    if (locks) await locks.request(SNAPSHOT_CACHE, keep);
    else await keep();
    broadcast({ type: "snapshot-cached", url });
  } catch (err) {
    warn(`the engine's snapshot could not be kept for the next visit: ${err.message || err}`);
  }
}

const NOT_KEPT_YET = "no snapshot kept yet (first visit, or first since a new build): it is fetched once the engine is ready";

async function start() {
  const { mark, stages, stageMs, elapsed } = stageClock();
  const progress = new Progress();
  progress.enter("manifest");
  const manifest = await fetchManifest();
  mark("manifest");

  const wanted = ["auto", "snapshot", "normal"].includes(OPTIONS.boot) ? OPTIONS.boot : "auto";
  let fallback = null;
  let result = null;
  let boot = "normal";
  let fetchLater = false;
  let prefetched = null;
  let begun = null;
  let firstStart = null;
  if (wanted !== "normal" && !manifest.snapshot) {
    fallback = "this build has no snapshot";
  } else if (wanted !== "normal") {
    const cached = await cachedSnapshot(manifest);
    if (cached || wanted === "snapshot") {
      try {
        result = await snapshotStart(manifest, cached, progress, mark);
        boot = "snapshot";
        // An older build's snapshot is kept and serves again (its engine swapped at each start): a
        // release that changed only the engine costs a returning visitor its wheel, not 6 MB.
        fetchLater = Boolean(result.fetched) && canCache();
      } catch (err) {
        fallback = `the snapshot could not be used (${err.message || err})`;
        // A bad copy in the cache is dropped and fetched again for the next visit.
        if (cached) {
          await forgetSnapshot();
          fetchLater = canCache();
        }
      }
    } else {
      // A first visit: download what both starts need, timing the link, and choose while the
      // wasm still comes (downloadBothStarts).
      progress.enter("download");
      begun = downloadBothStarts(manifest, progress);
      const choice = chooseFirstStart(manifest, await begun.measured);
      mark("download");
      firstStart = choice.why;
      fetchLater = canCache();
      if (choice.snapshot) {
        begun.count.muted = true; // the bar shows the snapshot's download now
        try {
          result = await snapshotStart(manifest, null, progress, mark, true, begun.download.then((d) => d.wasm));
          boot = "snapshot";
          prefetched = await begun.download;
        } catch (err) {
          fallback = `the snapshot could not be used (${err.message || err})`;
        }
        begun = null; // a normal start after a failed restore downloads (or reads) all it needs
      } else {
        fallback = NOT_KEPT_YET;
      }
    }
  }
  // Not an error on a first visit (or the first after a new build): that is the plan.
  if (fallback && fallback !== NOT_KEPT_YET) warn(`Python starts the normal way: ${fallback}`);
  if (!result) result = await normalStart(manifest, progress, mark, begun);
  progress.done();
  const { pyodide, handle, downloaded } = result;
  return {
    handle,
    forget: pyodide.pyimport("leopard_core.webapi").reset,
    fetchLater: fetchLater ? () => keepSnapshotForNextVisit(manifest, result.fetched || null) : null,
    info: {
      pyodide: manifest.pyodide_version,
      python: pyodide.runPython("import sys; sys.version.split()[0]"),
      startMs: elapsed(),
      boot,
      engineSwapped: Boolean(result.older),
      fallback,
      stages,
      stageMs,
      downloadedBytes: downloaded + (prefetched && boot === "snapshot" ? prefetched.downloaded : 0),
      firstStart,
    },
  };
}

// ---------------------------------------------------------------- clients

/**
 * A page this worker serves: its port, its name for the bridge's sessions, its page address, and
 * the lanes it asked for (each a second set of sessions of the same page: see laneClient).
 * @typedef {{port: MessagePort|any, client: string, page: string, lanes: Set<string>}} Client
 */
/** @type {Map<string, Client>} */
const CLIENTS = new Map();
let clientCount = 0;
/** The messages every page gets, the last of each type kept for a page that connects later. */
const LATEST = { progress: null, ready: null, fatal: null, snapshot: null };

/** Sends a message to every page this worker serves (and keeps it for pages that come later). */
function broadcast(message) {
  if (message.type === "progress") LATEST.progress = message;
  if (message.type === "ready") LATEST.ready = message;
  if (message.type === "fatal") LATEST.fatal = message;
  if (message.type === "snapshot-cached") LATEST.snapshot = message;
  for (const { port } of CLIENTS.values()) port.postMessage(message);
}

/** A warning for the pages' consoles (a shared worker's own console is out of the pages' sight). */
function warn(text) {
  broadcast({ type: "warning", text: String(text) });
}

/** @type {Promise<{handle: (request: string) => string, forget: (client: string) => void,
 *   fetchLater: null|(() => Promise<void>), info: object}>|null} */
let booting = null;

/** Starts Python once, at the first page's hello (whose remembered stage times steer the bar). */
function boot(expect) {
  if (booting) return booting;
  if (expect && typeof expect === "object") OPTIONS.expect = expect;
  booting = start();
  booting.then(
    ({ info, fetchLater }) => {
      broadcast({ type: "ready", info: { ...info, shared: SHARED, worker: WORKER_ID } });
      if (fetchLater) whenQuiet(fetchLater);
    },
    (err) => broadcast({ type: "fatal", error: `Python could not start: ${err.message || err}` }),
  );
  return booting;
}

// The snapshot is kept for the next visit once the pages have drawn their first table: written to
// the cache the moment the engine was ready, its 31 MB slowed the first drawing by 0.2 s on a
// 2-core machine. The worker waits for a second without requests, or at most ten.
const QUIET_MS = 1000;
const QUIET_AT_MOST_MS = 10000;
let lastRequestAt = 0;

/** Runs fn once no page has asked anything for QUIET_MS, or after QUIET_AT_MOST_MS at the latest. */
function whenQuiet(fn) {
  const from = performance.now();
  const check = () => {
    const now = performance.now();
    const quiet = now - lastRequestAt;
    if (quiet >= QUIET_MS || now - from >= QUIET_AT_MOST_MS) fn();
    else setTimeout(check, QUIET_MS - quiet);
  };
  setTimeout(check, QUIET_MS);
}

// A lane: a page's second set of sessions, for a game played beside the one the page keeps (the
// card game's practice from a review): a request with `lane: "practice"` goes to the bridge as
// client "c3~practice", whose sessions are apart from "c3"'s and are forgotten with the page.
const LANE = /^[a-z]{1,16}$/;

/** The bridge's client of a request: the page's own, or its lane's. @param {Client} client @param {unknown} lane */
function laneClient(client, lane) {
  if (typeof lane !== "string" || !LANE.test(lane)) return client.client;
  client.lanes.add(lane);
  return `${client.client}~${lane}`;
}

/**
 * One request of one page: the bridge's answer, in that page's sessions (or its lane's).
 * (The place for a per-request hook, e.g. keeping a game's save: it sees the client, the method,
 * the arguments and the answer.)
 */
async function answerRequest(client, id, method, args, lane) {
  let engine;
  try {
    engine = await boot(undefined);
  } catch (err) {
    return { id, ok: false, error: String(err.message || err), kind: "engine_down" };
  }
  const t0 = performance.now();
  lastRequestAt = t0;
  const bridgeClient = laneClient(client, lane);
  const call = (name, given) =>
    JSON.parse(engine.handle(JSON.stringify({ method: name, args: given ?? {}, client: bridgeClient })));
  let answer;
  try {
    // A save the page must not see is kept here (./kept-saves.js); everything else goes to Python.
    answer = isKeptSaveRequest(method) ? await keptSaveCall(call, method, args) : call(method, args);
  } catch (err) {
    answer = { ok: false, error: `engine failure: ${err.message || err}`, kind: "engine_error" };
  }
  answer.id = id;
  answer.ms = performance.now() - t0;
  return answer;
}

/** A page has gone: forget it and its games. */
async function dropClient(client) {
  if (!CLIENTS.delete(client.client)) return;
  try {
    const engine = await booting;
    for (const name of [client.client, ...[...client.lanes].map((lane) => `${client.client}~${lane}`)]) engine?.forget(name);
  } catch {
    // Python never started: the page had no game to forget.
  }
}

/** A new page: name it, greet it, catch it up on the start, and serve its messages. */
function connect(port) {
  clientCount += 1;
  /** @type {Client} */
  const client = { port, client: `c${clientCount}`, page: "", lanes: new Set() };
  CLIENTS.set(client.client, client);
  port.postMessage({ type: "welcome", client: client.client, clients: CLIENTS.size, worker: WORKER_ID, shared: SHARED });
  for (const message of [LATEST.progress, LATEST.ready, LATEST.fatal, LATEST.snapshot]) {
    if (message) port.postMessage(message);
  }
  port.addEventListener("message", async (event) => {
    const message = event.data ?? {};
    if (message.type === "hello") {
      client.page = typeof message.page === "string" ? message.page : "";
      boot(message.expect).catch(() => {});
      return;
    }
    if (message.type === "bye") {
      dropClient(client);
      return;
    }
    const { id, method, args, lane } = message;
    if (typeof id !== "number" || typeof method !== "string" || !CLIENTS.has(client.client)) return;
    port.postMessage(await answerRequest(client, id, method, args, lane));
  });
  // A closed port (the page's document is gone, where the browser says so) forgets the page too.
  port.addEventListener("close", () => dropClient(client));
  if ("start" in port) port.start();
}

if (SHARED) {
  self.addEventListener("connect", (event) => connect(/** @type {MessageEvent} */ (event).ports[0]));
} else {
  connect(/** @type {any} */ (self));
}
