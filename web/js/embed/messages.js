// The embed's conversation with its host page (window.parent), through postMessage.
//
// Embed -> host (every message): {source: "leopard-embed", version: 1, id, mode, lang, title, type, ...}
//   lang is the frame's language ("en", "es"), title its name in that language (host.js makes it
//   the iframe's title unless the host page gave one)
//   type "ready"      the board is showing (square: + raw, score; position: + legal; play: + hand)
//   type "height"     + height (CSS pixels of content; sent at start and on every change)
//   type "hand-over"  + hand, hands, end_reason, went_out ("you"|"computer"|null),
//                       scores {you, computer}, raw {you, computer}, totals {you, computer}
//   type "game-over"  + totals {you, computer}, winner ("you"|"computer"|null), draw (bool)
//   type "error"      + message (a bad setting in the URL, or the engine could not start), in the
//                       frame's language (what the frame shows)
// `id` is the URL's `id` setting (so one host can tell several frames apart), or null.
//
// Host -> embed (validated; anything else is ignored without a word):
//   {source: "leopard-host", type: "get-height"}                   -> a "height" message
//   {source: "leopard-host", type: "show-square", square: N2}       (square mode only)
//   {source: "leopard-host", type: "show-position", n4: N4, card?}  (position mode only)
// Only messages from window.parent are read; strings are limited to MAX_TEXT characters.

export const SOURCE = "leopard-embed";
export const HOST_SOURCE = "leopard-host";
export const VERSION = 1;
export const MAX_TEXT = 400;

let identity = { id: null, mode: null };

/**
 * Remember the frame's id and mode (and its lang and title) for every message it sends.
 * @param {string|null} id @param {string|null} mode @param {{lang?: string, title?: string}} [more]
 */
export function setIdentity(id, mode, more = {}) {
  identity = { id: id ?? null, mode: mode ?? null, ...more };
}

/** Send one message to the host page (nothing when the page is not in a frame). */
export function post(type, data = {}) {
  if (window.parent === window) return;
  // The data is public (a board and its scores), so any host may read it: target "*".
  window.parent.postMessage({ ...data, source: SOURCE, version: VERSION, ...identity, type }, "*");
}

/** A host command if `event` is a well-formed one from our parent, else null. */
export function readCommand(event) {
  if (event.source !== window.parent || window.parent === window) return null;
  const data = event.data;
  if (!data || typeof data !== "object" || Array.isArray(data) || data.source !== HOST_SOURCE) return null;
  const text = (value) => typeof value === "string" && value.length > 0 && value.length <= MAX_TEXT;
  switch (data.type) {
    case "get-height":
      return { type: "get-height" };
    case "show-square":
      return text(data.square) ? { type: "show-square", square: data.square } : null;
    case "show-position":
      if (!text(data.n4) || (data.card !== undefined && !text(data.card))) return null;
      return { type: "show-position", n4: data.n4, card: data.card };
    default:
      return null;
  }
}

let lastHeight = 0;

/** Report the content height to the host whenever it changes. */
export function watchHeight(root) {
  const measure = () => {
    if (root.querySelector(".embed-loading")) return; // the page's placeholder: keep the host's size
    const style = getComputedStyle(document.body);
    const height = Math.ceil(root.getBoundingClientRect().height
      + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom));
    if (height !== lastHeight) {
      lastHeight = height;
      post("height", { height });
    }
  };
  // ResizeObserver catches width changes; a MutationObserver catches new content even while the
  // browser throttles rendering in an offscreen cross-origin frame (no resize callbacks there).
  new ResizeObserver(measure).observe(root);
  new MutationObserver(measure).observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
  measure();
  return { send: () => post("height", { height: lastHeight }) };
}
