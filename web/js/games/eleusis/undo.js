// Undo on the Eleusis page, as the rules allow it (docs/eleusis-rules.md E18): a card picked for a
// string is only a choice, so Undo unpicks the last one; "Go on", "Not now" and "Become the prophet"
// are judged by nobody, so the engine takes them back (eleusis.undo) until the next player moves:
// the turn loop waits a moment longer before that move (turn-loop.js UNDO_WINDOW_MS). A play, a
// "No play", a guess and a judgement are judged at once and never taken back.

import { button } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";
import { refusalWords } from "./words.js";

/** @typedef {import("./turn-loop.js").EleusisLoop} EleusisLoop */
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
 * Wire the Undo button; the returned function shows or hides it (call it from render).
 * @param {{loop: EleusisLoop, engine: Engine, render: () => void, tell: (text: string) => void}} deps
 * @returns {() => void}
 */
export function wireUndo({ loop, engine, render, tell }) {
  const undo = button("undo-move");
  undo.addEventListener("click", () => {
    const what = undoable(loop);
    if (what === "pick") {
      loop.selection.pop();
      render();
    } else if (what === "move") {
      loop.replace(async () => {
        try {
          return await engine.call("eleusis.undo");
        } catch (err) {
          tell(t("eleusis.status.refused", { reason: refusalWords(err) }));
          return engine.call("eleusis.state");
        }
      }, t("eleusis.undo.done"));
    }
  });
  return () => {
    const what = undoable(loop);
    undo.hidden = !what;
    undo.dataset.undo = what;
  };
}
