// The classroom game's hand-over screen (E16.3): "Pass the device to Ana", and a button "I am Ana —
// show my hand". It comes up whenever the engine's snapshot says so (snapshot.handover), over a
// table drawn from a snapshot that holds no hand at all: the engine sends none until the person
// taps. Before the screen shows, whatever may still name a card of the last hand goes too (the
// hand, a selection, the notebook's marks on the hand). Escape cannot dismiss it. Like Leopard's
// (../leopard/handover-screen.js), with the platform's words (game.handover.*).

import { byId, button, dialog } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";
import { LoopControl } from "../../platform/loop-control.js";
import { refusalWords } from "./words.js";

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */
/** @typedef {import("./turn-loop.js").EleusisLoop} EleusisLoop */

/**
 * The hand's heading: "Your hand"; in a classroom game the name of the person whose hand it is, or
 * that no hand shows now. @param {EleusisSnapshot} snap
 */
export function handTitleText(snap) {
  if (!snap.classroom) return t("eleusis.hand.title");
  const name = typeof snap.person === "number" ? snap.names?.[snap.person] : null;
  return name ? t("eleusis.classroom.handOf", { name }) : t("eleusis.classroom.noHand");
}

/** @extends {LoopControl<EleusisLoop>} */
export class EleusisHandover extends LoopControl {
  /**
   * @param {EleusisLoop} loop
   * @param {import("../../platform/engine/client.js").Engine} engine
   * @param {(message: string) => void} problem  tell the players when the engine refused
   */
  constructor(loop, engine, problem) {
    super(loop, engine);
    this.problem = problem;
    const box = dialog("handover");
    box.addEventListener("cancel", (event) => event.preventDefault());
    button("handover-reveal").addEventListener("click", () => this.reveal());
  }

  /** Clear every trace of a hand and bring up the screen for the person to move. @param {EleusisSnapshot} snap */
  show(snap) {
    byId("hand").replaceChildren();
    byId("guess-box").hidden = true;
    byId("hand-title").textContent = t("eleusis.classroom.noHand");
    const name = snap.to_move_name ?? "";
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

  /** The person to move holds the device: ask the engine for their view and play on. */
  reveal() {
    const box = dialog("handover");
    if (!box.open || !this.loop.snap?.handover) return Promise.resolve();
    box.close();
    const { engine, problem } = this;
    return this.loop.replace(async () => {
      try {
        return await engine.call("eleusis.reveal");
      } catch (err) {
        problem(t("game.handover.failed", { reason: refusalWords(err) }));
        return engine.call("eleusis.state"); // still the hand-over: the screen comes back
      }
    }, "", { save: false });
  }
}
