// Preloads Pyodide's wasm, what every start of the engine needs, while the page's own scripts load,
// but only on a visit the service worker does not serve yet (a first visit): the engine's worker
// then finds it in the HTTP cache. On a later visit the service worker has it, and a preload would
// only read its 9.6 MB out of the cache once more for nothing, in every frame of a page of boards
// (the embed demo's four frames started a second later with it). A classic script in the head of
// each page that starts the engine (tools/build_site.py writes the tag and the wasm's address).
(() => {
  const script = document.currentScript;
  const wasm = script && script.dataset.wasm;
  if (!wasm || (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.href = wasm;
  link.as = "fetch";
  link.type = "application/wasm";
  link.crossOrigin = "anonymous";
  document.head.append(link);
})();
