// Undo: the person takes back their last move (with the computer's replies after it). The engine
// does it (webapi "undo": the hand replayed from its deal without that move, same seeds) and
// says when it is possible (snapshot.can_undo, false when the game's setting turned undo off).
// The page only offers the button and Ctrl+Z / Cmd+Z, and runs the undo through the turn loop,
// so it can never overlap a move or the computer's turn.

import { button, dialog } from "../../platform/dom.js";
import { errorText, t } from "../../platform/i18n/i18n.js";
import { LoopControl } from "../../platform/loop-control.js";
import { isUndoKey, typedInField } from "../../platform/undo-key.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */
/** @typedef {import("./turn-loop.js").LeopardLoop} TurnLoop */

/**
 * @typedef {object} UndoHooks
 * @property {(message: string) => void} refused  the engine refused the undo
 * @property {(before: Snapshot) => void} [undone]  called with the snapshot the undo replaced
 */

/** @extends {LoopControl<TurnLoop>} */
export class UndoControl extends LoopControl {
  /**
   * @param {TurnLoop} loop
   * @param {Engine} engine
   * @param {UndoHooks} hooks
   */
  constructor(loop, engine, hooks) {
    super(loop, engine);
    this.hooks = hooks;
    button("undo").addEventListener("click", () => this.undo());
    document.addEventListener("keydown", (event) => {
      if (!isUndoKey(event) || typedInField(event)) return;
      const open = document.querySelector("dialog[open]");
      if (open && open.id !== "hand-end") return;
      event.preventDefault();
      this.undo();
    });
  }

  /** True when an undo may be asked for now: the engine allows it and no task is running. */
  get available() {
    const snap = this.loop.snap;
    return Boolean(snap?.can_undo) && !this.loop.busy;
  }

  /** Show the button as the engine allows (hidden when undo is off for this game). */
  update() {
    const undo = button("undo");
    const snap = this.loop.snap;
    undo.hidden = Boolean(snap) && snap.undo_allowed === false;
    undo.disabled = !this.available;
  }

  /** Take back the person's last move, through the turn loop. */
  undo() {
    if (!this.available) return Promise.resolve();
    const { loop, engine, hooks } = this;
    const before = loop.snap;
    loop.busy = true; // at once, so a second press before the task starts does nothing
    this.update();
    return loop.replace(async () => {
      try {
        const snap = await engine.call("undo");
        const box = dialog("hand-end");
        if (box.open) box.close();
        hooks.undone?.(before);
        return snap;
      } catch (err) {
        hooks.refused(t("game.undo.refused", { reason: errorText(err) }));
        return engine.call("snapshot");
      }
    }, t("game.undo.done"));
  }
}
