// The classroom game's hand-over screen (E16.3, the platform's ../../platform/handover-screen.js):
// "Pass the device to Ana", and a button "I am Ana — show my hand". It comes up whenever the
// engine's snapshot says so (snapshot.handover), over a table drawn from a snapshot that holds no
// hand at all: the engine sends none until the person taps (eleusis.reveal). Before the screen
// shows, whatever may still name a card of the last hand goes too (the hand, the guess box).

import { byId } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";
import { HandoverScreen } from "../../platform/handover-screen.js";
import { refusalWords } from "./words.js";

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */

/**
 * The hand's heading: "Your hand"; in a classroom game the name of the person whose hand it is, or
 * that no hand shows now. @param {EleusisSnapshot} snap
 */
export function handTitleText(snap) {
  if (!snap.classroom) return t("eleusis.hand.title");
  const name = typeof snap.person === "number" ? snap.names?.[snap.person] : null;
  return name ? t("eleusis.classroom.handOf", { name }) : t("eleusis.classroom.noHand");
}

export class EleusisHandover extends HandoverScreen {
  /**
   * @param {import("./turn-loop.js").EleusisLoop} loop
   * @param {import("../../platform/engine/client.js").Engine} engine
   * @param {(message: string) => void} problem  tell the players when the engine refused
   */
  constructor(loop, engine, problem) {
    super(loop, engine, problem, { reveal: "eleusis.reveal", state: "eleusis.state" });
  }

  /** @param {EleusisSnapshot} snap */
  clearPrivate(snap) {
    byId("hand").replaceChildren();
    byId("guess-box").hidden = true;
    byId("hand-title").textContent = handTitleText(snap);
  }

  /** @param {unknown} err */
  errorWords(err) {
    return refusalWords(err);
  }
}
