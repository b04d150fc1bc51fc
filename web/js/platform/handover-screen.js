// The hand-over screen of a game between people on one device (Leopard's pass-and-play, Eleusis's
// classroom game): "Pass the device to Ana", and a button "I am Ana — show my hand". A game's page
// brings it up whenever the engine's snapshot says so (snapshot.handover), over a table drawn from
// a snapshot that holds no hand; before it shows, the game clears whatever may still name a card of
// the last hand (clearPrivate). Only the button asks the engine to show the next player's hand; the
// screen cannot be dismissed with Escape (the table would stay without a hand and without a way to
// show it). The page holds <dialog id="handover"> with #handover-title, #handover-text and
// #handover-reveal, and the turn banner #turn; the words are the platform's (game.handover.*).
//
//   class MyHandover extends HandoverScreen { clearPrivate() { byId("hand").replaceChildren(); } }
//   const handover = new MyHandover(loop, engine, showNotice, { reveal: "reveal", state: "snapshot" });
//   handover.show(snap);

import { byId, button, dialog } from "./dom.js";
import { errorText, t } from "./i18n/i18n.js";
import { LoopControl } from "./loop-control.js";

/** @typedef {import("./turn-loop.js").TurnLoop<any>} AnyLoop */

/** @extends {LoopControl<AnyLoop>} */
export class HandoverScreen extends LoopControl {
  /**
   * @param {AnyLoop} loop
   * @param {import("./engine/client.js").Engine} engine
   * @param {(message: string) => void} problem  tell the players when the engine refused
   * @param {{reveal: string, state: string}} methods  the bridge's requests: show the hand of the
   *   player to move; the snapshot as it is (still the hand-over)
   */
  constructor(loop, engine, problem, methods) {
    super(loop, engine);
    this.problem = problem;
    this.methods = methods;
    const box = dialog("handover");
    box.addEventListener("cancel", (event) => event.preventDefault());
    button("handover-reveal").addEventListener("click", () => this.reveal());
  }

  /** Take from the page whatever may still name a card of the last hand (the game's own places). @param {any} snap */
  clearPrivate(snap) {}

  /** The name of the player to move, as shown. @param {any} snap @returns {string} */
  nameOf(snap) {
    return snap.to_move_name ?? "";
  }

  /** The engine's refusal in words. @param {unknown} err @returns {string} */
  errorWords(err) {
    return errorText(err);
  }

  /** Clear the hand and bring up the screen for the player to move. @param {any} snap */
  show(snap) {
    this.clearPrivate(snap);
    const name = this.nameOf(snap);
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
    const { engine, problem, methods } = this;
    return this.loop.replace(async () => {
      try {
        return await engine.call(methods.reveal);
      } catch (err) {
        problem(t("game.handover.failed", { reason: this.errorWords(err) }));
        return engine.call(methods.state); // still the hand-over snapshot: the screen comes back
      }
    }, "", { save: false });
  }
}
