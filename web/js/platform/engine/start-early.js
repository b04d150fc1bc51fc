// What the engine needs, started before the page's own modules have loaded. A classic script in the
// head of each page that starts the engine (tools/build_site.py writes the tag, the wasm's address
// and, for a page that always starts the engine as it opens, data-start-engine):
// - Pyodide's wasm is preloaded, what every start needs, but only on a visit the service worker does
//   not serve yet (a first visit): the engine's worker then finds it in the HTTP cache. On a later
//   visit the service worker has it, and a preload would only read its 9.6 MB out of the cache once
//   more for nothing, in every frame of a page of boards.
// - The engine's worker is started (getEngine, whose engine the page's modules get again): the game
//   page's 60-odd modules take 0.5-0.9 s to load on a first visit, and Python's start need not wait
//   for them. Not on the embed frame, which starts no engine for a board with a bad setting.
(() => {
  const script = /** @type {HTMLScriptElement|null} */ (document.currentScript);
  if (!script) return;
  const wasm = script.dataset.wasm;
  if (wasm && !(navigator.serviceWorker && navigator.serviceWorker.controller)) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.href = wasm;
    link.as = "fetch";
    link.type = "application/wasm";
    link.crossOrigin = "anonymous";
    document.head.append(link);
  }
  if ("startEngine" in script.dataset) {
    // A failure here is the page's to report: its own getEngine() tries again and says why.
    import(new URL("client.js", script.src).href).then(({ getEngine }) => getEngine(), () => {});
  }
})();
