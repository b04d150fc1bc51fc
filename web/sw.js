// Service worker: precaches every file of the built site (Pyodide and the wheels included) so the
// game starts and plays offline after one visit. tools/build_site.py fills PRECACHE with the built
// files and CACHE_NAME with a hash of all of them, so any change to the site makes a new cache.
// Strategy: cache first (every file is precached and versioned by CACHE_NAME), network as fallback;
// navigations ignore the query string (?seed=... still gets index.html).
// The engine's memory snapshot is not precached (a first visit would download its 31 MB while
// Python starts): the engine's worker fetches it once ready and keeps it in a cache of its own,
// SNAPSHOT_CACHE, which this worker must leave alone when it clears old caches (it survives a new
// build: after an engine-only release the engine's worker still restores it and swaps in the new
// engine; it replaces the entry when the snapshot's Python changes: a new Pyodide or new standard
// modules). Offline return visits therefore have everything: this cache's files and the snapshot.
// The normal start's own downloads (Pyodide's standard library zip and the engine wheel: a snapshot
// start needs neither) are left out of the precache too, so a first visit does not download them for
// nothing; they are versioned, and kept in this worker's cache when a page first fetches them.

/** @type {ServiceWorkerGlobalScope} */
const worker = /** @type {any} */ (self);

const CACHE_NAME = "leopard-dev";
const PRECACHE = [];
const SNAPSHOT_CACHE = "leopard-snapshot"; // the same name as in js/platform/engine/worker.js
/** Files whose folder changes with their content: Pyodide's and the engine's. */
const versioned = (/** @type {string} */ path) => /^(pyodide|wheels)\/[^/]+\//.test(path);

worker.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_NAME);
    // Versioned files (their folder changes with their content) may come from the HTTP cache, where
    // the first start has just put them; every other file skips it (cache: "reload") so a new build
    // never precaches an old file.
    await cache.addAll(PRECACHE.map((path) => new Request(path, { cache: versioned(path) ? "default" : "reload" })));
    await worker.skipWaiting();
  })());
});

worker.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("leopard-") && name !== CACHE_NAME && name !== SNAPSHOT_CACHE) await caches.delete(name);
    }
    await worker.clients.claim();
  })());
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== worker.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE_NAME);
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    try {
      const response = await fetch(request);
      const path = new URL(request.url).pathname.slice(new URL(worker.registration.scope).pathname.length);
      // Kept while the page reads it (not awaited: the page's download must not wait for the cache).
      if (response.status === 200 && versioned(path) && !/\.snapshot(\.br)?$/.test(path)) {
        event.waitUntil(cache.put(request, response.clone()));
      }
      return response;
    } catch (err) {
      if (request.mode === "navigate") {
        const page = await cache.match("./");
        if (page) return page;
      }
      throw err;
    }
  })());
});
