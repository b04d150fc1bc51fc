// Module Web Worker: starts Python (Pyodide) with the Leopard engine, all from this site (paths
// from wheels/manifest.json), then answers {id, method, args} with leopard_core.webapi.handle
// (and kept.* requests with ./kept-saves.js: the worker keeps a save the page must not see).
// Posts {type: "progress", stage, fraction, label, bytes?: {done, total}} while loading (label is
// English, for logs; pages show their catalog's game.load.<stage>: ./progress-text.js), then {type: "ready", info},
// or {type: "fatal", error} when it cannot start; {type: "snapshot-cached", url} once a memory
// snapshot fetched in the background is stored. Calls that arrive early wait for the start.
//
// Two ways to start (info.boot says which one was used):
//   "snapshot"  restore the build's memory snapshot (Python with the engine already imported,
//               made by tools/snapshot.mjs): about a second. Used when the snapshot is in this
//               worker's cache (a return visit, online or offline) or when the page asks for it.
//   "normal"    start Python, unpack the engine wheel (no micropip), import the engine: 3-5 s.
//               Used on a first visit (the snapshot's 31 MB, about 4 MB compressed, would cost
//               more than they save on a slow link); the snapshot is then fetched in the
//               background once the engine is ready, for the next visit. It is also the fallback
//               when the snapshot is missing, fails to download or fails to restore: the reason
//               goes to the console once (console.warn) and to info.fallback; nothing else shows.
// The page chooses with the worker's name, JSON {boot: "auto"|"snapshot"|"normal", expect}:
// "auto" (the default) as above; "snapshot" fetches the snapshot now even on a first visit;
// "normal" never uses it. expect holds the stage times (ms) of the last start on each path, {normal:
// {stage: ms}, snapshot: {...}}, kept by client.js, so the progress bar moves with time.

import { isKeptSaveRequest, keptSaveCall } from "./kept-saves.js";

const SITE = new URL("../../../", import.meta.url);
// Cache Storage of this worker's own: the service worker's precache leaves the snapshot out, so a
// first visit does not download it during its start. One entry: the current build's snapshot.
const SNAPSHOT_CACHE = "leopard-snapshot";
// sys.executable on both paths: tools/snapshot.mjs passes the same (SYS_EXECUTABLE there).
const SYS_EXECUTABLE = "/bin/python";
// Run after a restore: every visitor would otherwise share the build's random state, and module
// state (the current game) must start empty. Returns the bridge's answer to "levels" as a check.
const AFTER_RESTORE = `
import random
import leopard_core.webapi as _webapi
random.seed()
_webapi.reset()
_webapi.handle('{"method": "levels"}')
`;

/** @typedef {{boot?: string, expect?: Object<string, Object<string, number>>}} BootOptions */

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
const TYPICAL_MS = {
  manifest: 30, download: 1500, python: 3200, engine: 150, snapshot: 250, fetch: 1500, restore: 900,
  check: 20,
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
const PLANS = {
  normal: ["manifest", "download", "python", "engine"],
  snapshot: ["manifest", "snapshot", "restore", "check"],
  // The same start with the snapshot downloaded now (?boot=snapshot, or a failed cached copy).
  fetch: ["manifest", "fetch", "restore", "check"],
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
  }

  expected(stage) {
    // Stage times are remembered per start path; the fetch plan is the snapshot path.
    const times = OPTIONS.expect && OPTIONS.expect[this.planName === "fetch" ? "snapshot" : this.planName];
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
    this.ticker = setInterval(() => this.report(), 100);
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
    // The page words the stage itself (game.load.<stage> in its catalog); label is the English.
    postMessage({ type: "progress", stage: this.stage, fraction, label: this.label, ...(this.bytes ? { bytes: this.bytes } : {}) });
  }

  done() {
    clearInterval(this.ticker);
    postMessage({ type: "progress", stage: "ready", fraction: 1, label: "Ready" });
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
      if (attempt < attempts) console.warn(`retrying ${url}: ${lastError.message}`);
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

// Downloads the files of a normal start at once, counting bytes for a real progress bar; Pyodide's
// own requests then come from the HTTP or service-worker cache (these paths are versioned and cached
// long). Returns the engine wheel's bytes (unpacked straight into site-packages) and the total.
async function prefetch(manifest, progress) {
  const sizes = manifest.sizes;
  const total = Object.values(sizes).reduce((a, b) => a + b, 0) || 1;
  const received = {};
  const sum = () => Object.values(received).reduce((a, b) => a + b, 0);
  let wheel = null;
  await Promise.all(Object.keys(sizes).map((rel) => fetchWithRetry(new URL(rel, SITE), {}, async (response, alive) => {
    received[rel] = 0; // a retry starts this file again
    const keep = rel === manifest.engine;
    const onBytes = (n) => {
      received[rel] = n;
      const done = sum();
      progress.report(Math.min(1, done / total),
        `Downloading Python (${(done / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB)`, { done, total });
    };
    if (keep) {
      wheel = await readBody(response, alive, onBytes);
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
  })));
  return { wheel, downloaded: sum() };
}

async function importPyodide(indexURL) {
  const [{ loadPyodide }, asm] = await Promise.all([
    import(new URL("pyodide.mjs", indexURL).href),
    import(new URL("pyodide.asm.mjs", indexURL).href),
  ]);
  return { loadPyodide, createModule: asm.default };
}

const quiet = { stdout: () => {}, stderr: (line) => console.warn(line) };

async function normalStart(manifest, progress, mark) {
  progress.usePlan("normal");
  progress.enter("download");
  const indexURL = new URL(manifest.pyodide, SITE).href;
  const [{ wheel, downloaded }, { loadPyodide }] = await Promise.all([
    prefetch(manifest, progress), importPyodide(indexURL),
  ]);
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

/** Whether this worker can keep a snapshot (Cache Storage needs a secure context). */
function canCache() {
  return typeof caches === "object" && caches !== null;
}

async function cachedSnapshot(url) {
  if (!canCache()) return null;
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    return (await cache.match(url)) ?? null;
  } catch {
    return null;
  }
}

async function forgetSnapshot() {
  if (!canCache()) return;
  try { await caches.delete(SNAPSHOT_CACHE); } catch { /* nothing kept, nothing to forget */ }
}

/** The snapshot's bytes, from this worker's cache (cached = a Response) or the network. */
async function snapshotBytes(manifest, cached, progress) {
  const url = new URL(manifest.snapshot, SITE);
  const total = manifest.snapshot_bytes || 1;
  const onBytes = (n) => progress.report(Math.min(1, n / total),
    cached ? LABELS.snapshot : `Downloading the saved engine (${(n / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB)`,
    cached ? undefined : { done: n, total });
  const bytes = cached
    ? new Uint8Array(await cached.arrayBuffer())
    : await fetchWithRetry(url, {}, (response, alive) => readBody(response, alive, onBytes), 1);
  if (bytes.byteLength !== manifest.snapshot_bytes) {
    throw new Error(`the snapshot has ${bytes.byteLength} bytes, the build made ${manifest.snapshot_bytes}`);
  }
  return bytes;
}

async function snapshotStart(manifest, cached, progress, mark) {
  progress.usePlan(cached ? "snapshot" : "fetch");
  progress.enter(cached ? "snapshot" : "fetch");
  const indexURL = new URL(manifest.pyodide, SITE).href;
  const [bytes, { loadPyodide, createModule }] = await Promise.all([
    snapshotBytes(manifest, cached, progress), importPyodide(indexURL),
  ]);
  mark(cached ? "snapshot" : "fetch");
  progress.enter("restore");
  // The heap the snapshot was taken with (after its header); Pyodide's default heap is 30 MiB and a
  // bigger snapshot fails to restore ("offset is out of bounds", pyodide issue 6254) unless the
  // module's memory is grown first.
  const heapBytes = bytes.byteLength - new Uint32Array(bytes.buffer, bytes.byteOffset, 4)[1];
  const pyodide = await loadPyodide({
    indexURL,
    _loadSnapshot: bytes,
    _sysExecutable: SYS_EXECUTABLE,
    createPyodideModule: async (settings) => {
      const module = await createModule(settings);
      if (module.HEAP8.length < heapBytes && !module.growMemory(heapBytes)) {
        throw new Error(`could not grow the heap to the snapshot's ${heapBytes} bytes`);
      }
      return module;
    },
    ...quiet,
  });
  mark("restore");
  progress.enter("check");
  const levels = JSON.parse(pyodide.runPython(AFTER_RESTORE));
  if (!levels.ok) throw new Error(`the restored engine does not answer: ${levels.error}`);
  const handle = pyodide.pyimport("leopard_core.webapi").handle;
  mark("check");
  return { pyodide, handle, downloaded: cached ? 0 : bytes.byteLength, fetched: cached ? null : bytes };
}

/** After a start that did not find the snapshot in the cache: keep it for the next visit, from the
 * bytes just restored or else fetched now (after a normal first start). Several engines of one site
 * (a page with four embeds) take turns under a Web Lock, and only the first downloads it. */
async function keepSnapshotForNextVisit(manifest, bytes = null) {
  const url = new URL(manifest.snapshot, SITE).href;
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
    postMessage({ type: "snapshot-cached", url });
  } catch (err) {
    console.warn(`the engine's snapshot could not be kept for the next visit: ${err.message || err}`);
  }
}

const NOT_KEPT_YET = "no snapshot kept yet (first visit, or first since a new build): it is fetched once the engine is ready";

async function start() {
  const started = performance.now();
  const progress = new Progress();
  progress.enter("manifest");
  const stages = {};
  const stageMs = {};
  let previous = 0;
  const mark = (name) => {
    const now = Math.round(performance.now() - started);
    stages[name] = now;
    stageMs[name] = now - previous;
    previous = now;
  };
  const manifest = await fetchManifest();
  mark("manifest");

  const wanted = ["auto", "snapshot", "normal"].includes(OPTIONS.boot) ? OPTIONS.boot : "auto";
  let fallback = null;
  let result = null;
  let boot = "normal";
  let fetchLater = false;
  if (wanted !== "normal" && !manifest.snapshot) {
    fallback = "this build has no snapshot";
  } else if (wanted !== "normal") {
    const cached = await cachedSnapshot(new URL(manifest.snapshot, SITE).href);
    if (cached || wanted === "snapshot") {
      try {
        result = await snapshotStart(manifest, cached, progress, mark);
        boot = "snapshot";
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
      fallback = NOT_KEPT_YET;
      fetchLater = canCache();
    }
  }
  // Not an error on a first visit (or the first after a new build): that is the plan.
  if (fallback && fallback !== NOT_KEPT_YET) console.warn(`Python starts the normal way: ${fallback}`);
  if (!result) result = await normalStart(manifest, progress, mark);
  progress.done();
  const { pyodide, handle, downloaded } = result;
  return {
    handle,
    fetchLater: fetchLater ? () => keepSnapshotForNextVisit(manifest, result.fetched || null) : null,
    info: {
      pyodide: manifest.pyodide_version,
      python: pyodide.runPython("import sys; sys.version.split()[0]"),
      startMs: Math.round(performance.now() - started),
      boot,
      fallback,
      stages,
      stageMs,
      downloadedBytes: downloaded,
    },
  };
}

const booting = start();
booting.then(
  ({ info, fetchLater }) => {
    postMessage({ type: "ready", info });
    if (fetchLater) fetchLater();
  },
  (err) => postMessage({ type: "fatal", error: `Python could not start: ${err.message || err}` }),
);

addEventListener("message", async (event) => {
  const { id, method, args } = event.data ?? {};
  if (typeof id !== "number" || typeof method !== "string") return;
  let handle;
  try {
    ({ handle } = await booting);
  } catch (err) {
    postMessage({ id, ok: false, error: String(err.message || err), kind: "engine_down" });
    return;
  }
  const t0 = performance.now();
  const call = (name, given) => JSON.parse(handle(JSON.stringify({ method: name, args: given ?? {} })));
  let answer;
  try {
    // A save the page must not see is kept here (./kept-saves.js); everything else goes to Python.
    answer = isKeptSaveRequest(method) ? await keptSaveCall(call, method, args) : call(method, args);
  } catch (err) {
    answer = { ok: false, error: `engine failure: ${err.message || err}`, kind: "engine_error" };
  }
  answer.id = id;
  answer.ms = performance.now() - t0;
  postMessage(answer);
});
