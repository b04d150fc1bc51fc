// The notice above the table: one line per problem the player should know about (storage full or
// blocked, an unreadable save, a game that went on in another tab), each said once, with any
// controls that go with it (a download link, a button). Dismiss clears it; a sticky line stays
// until its cause is gone.

import { byId, el } from "./dom.js";

/**
 * Add a line to the notice (unless it says the same as one already shown) and show the notice.
 * @param {string} text
 * @param {{extras?: Node[], sticky?: boolean, id?: string}} [options]
 */
export function showNotice(text, { extras = [], sticky = false, id } = {}) {
  const box = byId("notice-text");
  const lines = /** @type {HTMLElement[]} */ ([...box.querySelectorAll(".notice-line")]);
  if (!lines.some((line) => line.dataset.text === text)) {
    const line = el("span", "notice-line", text);
    line.dataset.text = text;
    if (sticky) line.dataset.sticky = "true";
    if (id) line.id = id;
    for (const extra of extras) line.append(" ", extra);
    if (lines.length) box.append(el("br"));
    box.append(line);
  }
  byId("notice").hidden = false;
}

/** Take one line away (its cause is gone). @param {string} id */
export function dropNotice(id) {
  document.getElementById(id)?.remove();
  tidy();
}

/** Clear every line but the sticky ones; hide the notice when none is left. */
export function clearNotices() {
  for (const line of byId("notice-text").querySelectorAll(".notice-line:not([data-sticky])")) line.remove();
  tidy();
}

/** Line breaks only between lines; hidden when empty. */
function tidy() {
  const box = byId("notice-text");
  const lines = [...box.querySelectorAll(".notice-line")];
  box.replaceChildren(...lines.flatMap((line, i) => (i ? [el("br"), line] : [line])));
  byId("notice").hidden = lines.length === 0;
}
