// Pass-and-play's hand-over screen (the platform's, ../../platform/handover-screen.js): it comes up
// whenever the engine's snapshot says so (snapshot.handover: after every completed turn, at a new
// game or hand, and on resuming a saved game), over a table drawn from a snapshot that holds nothing
// private: no hand, no drawn card, no face-down identity. Before it shows, the hand and what else
// may still name a card of it go: a hint, a card in flight. Only its button asks the engine to show
// the next player's hand (webapi "reveal").

import { byId } from "../../platform/dom.js";
import { shownName } from "./players.js";
import { HandoverScreen as PlatformHandover } from "../../platform/handover-screen.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */
/** @typedef {import("./turn-loop.js").LeopardLoop} TurnLoop */

export class HandoverScreen extends PlatformHandover {
  /**
   * @param {TurnLoop} loop
   * @param {Engine} engine
   * @param {(message: string) => void} problem  tell the players when the engine refused
   */
  constructor(loop, engine, problem) {
    super(loop, engine, problem, { reveal: "reveal", state: "snapshot" });
  }

  clearPrivate() {
    byId("hand").replaceChildren();
    byId("hint-line").hidden = true;
    byId("hint-move").textContent = "";
    byId("hint-reason").textContent = "";
    for (const flight of document.querySelectorAll(".flight")) flight.remove();
  }

  /** @param {Snapshot} snap */
  nameOf(snap) {
    return snap.to_move_name ? shownName(snap.to_move_name) : "";
  }
}
