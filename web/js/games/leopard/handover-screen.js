// Pass-and-play's hand-over screen: "Pass the device to Ana", and a button "I am Ana — show my
// hand". It comes up whenever the engine's snapshot says so (snapshot.handover: after every
// completed turn, at a new game or hand, and on resuming a saved game), over a table drawn from a
// snapshot that holds nothing private: no hand, no drawn card, no face-down identity. The hand is
// cleared from the page before the screen appears, so the DOM never holds a hand that is not the
// player's at the device. Only the button asks the engine to show the next player's hand
// (webapi "reveal"); the screen cannot be dismissed with Escape.

import { byId, button, dialog } from "../../platform/dom.js";
import { errorText, t } from "../../platform/i18n/i18n.js";
import { shownName } from "./players.js";
import { LoopControl } from "../../platform/loop-control.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */
/** @typedef {import("./turn-loop.js").LeopardLoop} TurnLoop */

/** @extends {LoopControl<TurnLoop>} */
export class HandoverScreen extends LoopControl {
  /**
   * @param {TurnLoop} loop
   * @param {Engine} engine
   * @param {(message: string) => void} problem  tell the players when the engine refused
   */
  constructor(loop, engine, problem) {
    super(loop, engine);
    this.problem = problem;
    const box = dialog("handover");
    // Escape would leave the table without a hand and without a way to show it.
    box.addEventListener("cancel", (event) => event.preventDefault());
    button("handover-reveal").addEventListener("click", () => this.reveal());
  }

  /** Clear the hand and bring up the screen for the player to move. @param {Snapshot} snap */
  show(snap) {
    // The table was just drawn from a snapshot without a hand; what else may still name a card of
    // the last player's hand goes too: a hint, a card in flight.
    byId("hand").replaceChildren();
    byId("hint-line").hidden = true;
    byId("hint-move").textContent = "";
    byId("hint-reason").textContent = "";
    for (const flight of document.querySelectorAll(".flight")) flight.remove();
    const name = snap.to_move_name ? shownName(snap.to_move_name) : "";
    const who = name ? "named" : "unnamed";
    byId("handover-title").textContent = t(`game.handover.title.${who}`, { name });
    byId("handover-text").textContent = t(`game.handover.text.${who}`, { name });
    button("handover-reveal").textContent = t(`game.handover.reveal.${who}`, { name });
    const turn = byId("turn");
    turn.dataset.turn = "pass";
    turn.textContent = t(`game.handover.turn.${who}`, { name });
    for (const open of document.querySelectorAll("dialog[open]")) {
      if (open.id !== "handover") /** @type {HTMLDialogElement} */ (open).close();
    }
    const box = dialog("handover");
    if (!box.open) box.showModal();
    button("handover-reveal").focus();
  }

  /** The player to move holds the device: ask the engine for their view and play on. */
  reveal() {
    const box = dialog("handover");
    if (!box.open || !this.loop.snap?.handover) return Promise.resolve();
    box.close();
    const { engine, problem } = this;
    return this.loop.replace(async () => {
      try {
        return await engine.call("reveal");
      } catch (err) {
        problem(t("game.handover.failed", { reason: errorText(err) }));
        return engine.call("snapshot"); // still the hand-over snapshot: the screen comes back
      }
    }, "", { save: false });
  }
}
