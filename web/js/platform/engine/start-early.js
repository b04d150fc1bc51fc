// The engine started before the page's own modules have loaded. A classic script in the head of each
// page that starts the engine as it opens (tools/build_site.py writes the tag): the game pages'
// modules take 0.5-0.9 s to load on a first visit, and Python's start need not wait for them. It
// calls getEngine(), whose engine the page's modules get again. Not on the embed frame, which starts
// no engine for a board with a bad setting.
// No preload of Pyodide's wasm from here: a page's preload hands the wasm's body to the page's own
// thread, busy with the page's scripts on a first visit, which slowed its download (a cold first
// visit on localhost took 0.24 s longer; no difference over a 4G- or 3G-like link); the worker's
// own request does not wait for the page.
(() => {
  const script = /** @type {HTMLScriptElement|null} */ (document.currentScript);
  if (!script) return;
  // A failure here is the page's to report: its own getEngine() tries again and says why.
  import(new URL("client.js", script.src).href).then(({ getEngine }) => getEngine(), () => {});
})();
