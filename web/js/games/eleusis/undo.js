// Undo on the Eleusis page, as the rules allow it (docs/eleusis-rules.md E18): a card picked for a
// string is only a choice, so Undo unpicks the last one; "Go on", "Not now" and "Become the prophet"
// are judged by nobody, so the engine takes them back (eleusis.undo) until the next player moves:
// the turn loop waits a moment longer before that move (turn-loop.js UNDO_WINDOW_MS). A play, a
// "No play", a guess and a judgement are judged at once and never taken back. Ctrl+Z (⌘Z on a Mac),
// the site's undo key (../../platform/undo-key.js), does what the button does, and only while it shows.

import { button } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";
import { isUndoKey, typedInField } from "../../platform/undo-key.js";
import { refusalWords } from "./words.js";

/** @typedef {import("./turn-loop.js").EleusisLoop} EleusisLoop */

/** An Undo of a move, as the page notes it until the game is kept after it (main.js, PendingMove). */
export const UNDO_STEP = "undo";
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */

/**
 * What Undo would take back now: "pick" (the last card picked for a string), "move" (the person's
 * unjudged move, by the engine) or "" (nothing).
 * @param {EleusisLoop} loop
 * @returns {"pick"|"move"|""}
 */
export function undoable(loop) {
  const snap = loop.snap;
  if (!snap || snap.over) return "";
  if (loop.yourTurn && snap.phase === "play" && loop.selection.length) return "pick";
  return snap.undoable ? "move" : "";
}

/**
 * True when the undo key should take something back now: something is undoable, no dialog is open
 * and the key is not meant for a field being typed in.
 * @param {KeyboardEvent} event
 * @param {EleusisLoop} loop
 */
export function undoKeyApplies(event, loop) {
  if (!isUndoKey(event) || !undoable(loop) || typedInField(event)) return false;
  return !document.querySelector("dialog[open]");
}

/**
 * Wire the Undo button and its key; the returned function shows or hides the button (call it from
 * render). `note` hears of an Undo of a move as it is sent (UNDO_STEP), as the loop's `sending` hook
 * hears of a move.
 * @param {{loop: EleusisLoop, engine: Engine, render: () => void, tell: (text: string) => void,
 *   note?: (step: string) => void}} deps
 * @returns {() => void}
 */
export function wireUndo({ loop, engine, render, tell, note = () => {} }) {
  const undo = button("undo-move");
  const takeBack = () => {
    const what = undoable(loop);
    if (what === "pick") {
      loop.selection.pop();
      render();
    } else if (what === "move") {
      note(UNDO_STEP);
      loop.replace(async () => {
        try {
          return await engine.call("eleusis.undo");
        } catch (err) {
          tell(t("eleusis.status.refused", { reason: refusalWords(err) }));
          return engine.call("eleusis.state");
        }
      }, t("eleusis.undo.done"));
    }
  };
  undo.addEventListener("click", takeBack);
  document.addEventListener("keydown", (event) => {
    if (!undoKeyApplies(event, loop)) return;
    event.preventDefault();
    takeBack();
  });
  return () => {
    const what = undoable(loop);
    undo.hidden = !what;
    undo.dataset.undo = what;
  };
}
