// The base of a game page's controls (Leopard's undo, hint, challenge, daily deal, tutorial and
// hand-over screen; a new game's own): a control acts through the page's turn loop (so its work
// waits its turn, ./turn-loop.js) and asks the engine what it needs. It holds no rules.

/** @typedef {import("./engine/client.js").Engine} Engine */

/** @template L the game's turn loop (a TurnLoop subclass) */
export class LoopControl {
  /** @param {L} loop @param {Engine} engine */
  constructor(loop, engine) {
    this.loop = loop;
    this.engine = engine;
  }
}
