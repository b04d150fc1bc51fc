// The frame every game page shares around its table: the turn banner, the status line, the load
// progress and the load error, the notice's close button, the service worker, and cleaning a
// link's settings out of the URL once they are used. Each game page calls these from its main.js;
// none of them knows a game's rules or words (the page passes its catalog keys).
//
// The page's markup must have: #turn (the banner), #status (the status line), #load-progress and
// #load-label (the load progress), #load-error with #load-error-text and #reload (the load error),
// #notice with #notice-close (notices: ./notice.js).
//
// Glossary:
//   phase   -- what the page is doing: <body data-phase="loading|busy|your-turn|bot-turn|...|error">,
//              for tests and styles; a game lists the phases that change the banner and their texts.
//   banner  -- #turn: data-turn ("you", "computer", "over", "starting") and a sentence.

import { byId, button, dialog } from "./dom.js";
import { addressWithout } from "./link-input.js";
import { clearNotices } from "./notice.js";
import { t } from "./i18n/i18n.js";
import { progressText } from "./engine/progress-text.js";

/**
 * A phase setter: the body's data-phase, and the banner for the phases listed.
 * @param {Record<string, [string, string]>} banners phase -> [data-turn, catalog key],
 *   e.g. {"your-turn": ["you", "hunt.turn.you"]}; a phase not listed keeps the banner as it is
 * @param {(phase: string) => void} [after] the page's own work on every phase change
 * @returns {(phase: string) => void}
 */
export function phaseSetter(banners, after = () => {}) {
  return (phase) => {
    document.body.dataset.phase = phase;
    const banner = banners[phase];
    if (banner) showBanner(banner[0], banner[1]);
    after(phase);
  };
}

/** Put a sentence in the turn banner. @param {string} turn data-turn @param {string} key catalog key */
export function showBanner(turn, key) {
  const node = byId("turn");
  node.dataset.turn = turn;
  node.textContent = t(key);
}

/** What happens now, in the status line (read by screen readers too). @param {string} text */
export function announce(text) {
  const status = byId("status");
  status.classList.remove("refusal");
  status.textContent = text;
}

/** A short, polite refusal in the status line, highlighted. @param {string} text */
export function tell(text) {
  const status = byId("status");
  status.textContent = text;
  status.classList.remove("refusal");
  void status.offsetWidth; // restart the highlight when the same message repeats
  status.classList.add("refusal");
}

/**
 * The engine's start in the load progress bar and its label ("Downloading Python (3.2 of 14.0 MB) – 42 %").
 * @param {import("./engine/progress-text.js").Progress} progress
 */
export function showLoadProgress(progress) {
  /** @type {HTMLProgressElement} */ (byId("load-progress")).value = progress.fraction;
  byId("load-label").textContent = progressText(progress);
}

/** The engine did not start: say why and offer to try again. @param {string} text */
export function showLoadError(text) {
  document.body.classList.remove("starting");
  byId("load-error-text").textContent = text;
  byId("load-error").hidden = false;
}

/** The shell's own buttons: try again after a load error, close the notice. */
export function wireShell() {
  button("reload").addEventListener("click", () => location.reload());
  button("notice-close").addEventListener("click", () => {
    clearNotices();
    byId("notice").hidden = true;
  });
}

/**
 * The "How to play" and New game dialogs of a game page that has both (#open-rules / #rules-close
 * on <dialog id="rules">, #open-new-game / #new-game-cancel on <dialog id="new-game">).
 * @param {() => void} openNewGame  fills the New game dialog with the current settings and opens it
 */
export function wireRulesAndNewGame(openNewGame) {
  button("open-rules").addEventListener("click", () => dialog("rules").showModal());
  button("rules-close").addEventListener("click", () => dialog("rules").close());
  button("open-new-game").addEventListener("click", openNewGame);
  button("new-game-cancel").addEventListener("click", () => dialog("new-game").close());
}

/**
 * Take a link's settings out of the address once used, so that a reload resumes the game instead
 * of starting the link's again. @param {Iterable<string>} keys the URL parameters to drop
 */
export function dropParams(keys) {
  const keep = new URLSearchParams(location.search);
  for (const key of keys) keep.delete(key);
  history.replaceState(null, "", addressWithout(keep.toString()));
}


/**
 * Register the service worker (offline play) and mark <html data-sw="controlled"> once it controls
 * the page. Called once the engine is ready, so its precache download does not slow the first start.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const mark = () => { if (navigator.serviceWorker.controller) document.documentElement.dataset.sw = "controlled"; };
  mark();
  navigator.serviceWorker.addEventListener("controllerchange", mark);
  navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err.message));
}

/**
 * The page's start, once its first drawing is up: wait for the engine, register the service worker,
 * pick the first game (choose); then the loading box goes. When anything fails, failed(err) says
 * so and the result is null.
 * @template S
 * @param {import("./engine/client.js").Engine} engine
 * @param {{before?: () => Promise<void>, choose: () => Promise<S>, failed: (err: any) => void}} steps
 *   before: what the page draws while Python starts (it may fetch, and so fail)
 * @returns {Promise<S|null>}
 */
export async function startFirstGame(engine, { before, choose, failed }) {
  /** @type {S} */
  let first;
  try {
    await before?.();
    await engine.ready;
    registerServiceWorker(); // only now, so its precache download does not slow the first start
    first = await choose();
  } catch (err) {
    failed(err);
    return null;
  }
  byId("loading").hidden = true;
  document.body.classList.remove("starting");
  return first;
}
