// Module Web Worker: loads Pyodide, micropip and the engine wheel (all from this site, paths from
// wheels/manifest.json), then answers {id, method, args} with leopard_core.webapi.handle.
// Posts {type: "progress", stage, fraction, label} while loading, then {type: "ready", info},
// or {type: "fatal", error} when it cannot start. Calls that arrive early wait for the start.

const SITE = new URL("../", import.meta.url);
// Share of the progress bar for each stage: downloads, Python start, engine install.
const DOWNLOAD_SHARE = 0.6;
const START_SHARE = 0.25;

function progress(stage, fraction, label) {
  postMessage({ type: "progress", stage, fraction: Math.min(1, Math.max(0, fraction)), label });
}

// A download that receives nothing for this long is cancelled and tried again (a stalled
// connection must not leave the player staring at a frozen bar until the page's time-out).
const STALL_MS = 12000;
const ATTEMPTS = 3;

async function fetchWithRetry(url, init, consume) {
  let lastError;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
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
      if (attempt < ATTEMPTS) console.warn(`retrying ${url}: ${lastError.message}`);
    } finally {
      clearTimeout(timer);
    }
  }
  throw lastError;
}

async function fetchManifest() {
  return fetchWithRetry(new URL("wheels/manifest.json", SITE), { cache: "no-cache" }, (r) => r.json());
}

// Downloads the big files once, counting bytes for a real progress bar; Pyodide's own requests
// then come from the HTTP or service-worker cache (these paths are versioned and cached long).
async function prefetch(manifest) {
  const sizes = manifest.sizes;
  const total = Object.values(sizes).reduce((a, b) => a + b, 0) || 1;
  let done = 0;
  const bytes = {};
  await Promise.all(Object.keys(sizes).map((rel) => fetchWithRetry(new URL(rel, SITE), {}, async (response, alive) => {
    done -= bytes[rel] ?? 0; // a retry starts this file again
    bytes[rel] = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done: finished, value } = await reader.read();
      if (finished) break;
      alive();
      done += value.length;
      bytes[rel] += value.length;
      progress("download", DOWNLOAD_SHARE * done / total,
        `Downloading Python (${(done / 1e6).toFixed(1)} of ${(total / 1e6).toFixed(1)} MB)`);
    }
  })));
  return done;
}

async function start() {
  const started = performance.now();
  progress("download", 0, "Downloading Python");
  const stages = {};
  const mark = (name) => { stages[name] = Math.round(performance.now() - started); };
  const manifest = await fetchManifest();
  mark("manifest");
  const downloaded = await prefetch(manifest);
  mark("download");
  progress("python", DOWNLOAD_SHARE, "Starting Python");
  const indexURL = new URL(manifest.pyodide, SITE).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  let tick = DOWNLOAD_SHARE;
  const ticker = setInterval(() => {
    tick += (DOWNLOAD_SHARE + START_SHARE - tick) * 0.15;
    progress("python", tick, "Starting Python");
  }, 100);
  let pyodide;
  try {
    pyodide = await loadPyodide({
      indexURL,
      packages: [new URL(manifest.micropip, SITE).href],
      stdout: () => {},
      stderr: (line) => console.warn(line),
    });
  } finally {
    clearInterval(ticker);
  }
  mark("python");
  progress("engine", DOWNLOAD_SHARE + START_SHARE, "Installing the Leopard engine");
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(new URL(manifest.engine, SITE).href);
  mark("install");
  const handle = pyodide.pyimport("leopard_core.webapi").handle;
  mark("import");
  progress("engine", 1, "Ready");
  return {
    handle,
    info: {
      pyodide: manifest.pyodide_version,
      python: pyodide.runPython("import sys; sys.version.split()[0]"),
      startMs: Math.round(performance.now() - started),
      stages,
      downloadedBytes: downloaded,
    },
  };
}

const booting = start();
booting.then(
  ({ info }) => postMessage({ type: "ready", info }),
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
  let answer;
  try {
    answer = JSON.parse(handle(JSON.stringify({ method, args: args ?? {} })));
  } catch (err) {
    answer = { ok: false, error: `engine failure: ${err.message || err}`, kind: "engine_error" };
  }
  answer.id = id;
  answer.ms = performance.now() - t0;
  postMessage(answer);
});
