// The computer players of a new (or resumed) game, made in short slices while the person reads the
// hand. Making them means building their hypothesis spaces, seconds of Python in the browser the
// first time in a worker; the engine's worker is shared by every page of the site, so one long call
// would hold the other pages' calls until it ends. The page asks eleusis.prepare {slice_ms} again
// and again instead: each answer comes after about SLICE_MS ({ready: false} while work remains), and
// the worker answers the other pages' calls in between.
//
// While the players are being made (after the first slice said more remains), the status line says
// so (./waiting.js, wait "players"). A new game starts a new preparation; the older one stops at its
// next answer.
//
// Example: const players = new Preparation(engine, {line, text: () => t("eleusis.status.preparing")});
//   players.begin();            after eleusis.new or a resumed game
//   await players.ready();      before a computer player's move

/** How long (ms) one eleusis.prepare call may work in the worker: one slice. */
export const SLICE_MS = 100;

export class Preparation {
  /**
   * @param {import("../../platform/engine/client.js").Engine} engine the engine itself (its calls unwatched)
   * @param {{line: import("./waiting.js").StatusLine, text: () => string}} options the line, and the
   *   sentence while the players are being made (in the page's language now)
   */
  constructor(engine, { line, text }) {
    this.engine = engine;
    this.line = line;
    this.text = text;
    /** which preparation is the current one: a newer begin() stops an older loop */
    this.round = 0;
    /** @type {Promise<void>} */
    this.made = Promise.resolve();
  }

  /** Make the current game's computer players, in slices. @returns {Promise<void>} */
  begin() {
    const round = ++this.round;
    this.made = this.slices(round);
    return this.made;
  }

  /** Resolves once the current game's players are made (or the making failed: the call that
   * needs them then makes them or says why). @returns {Promise<void>} */
  ready() {
    return this.made;
  }

  /** @param {number} round */
  async slices(round) {
    try {
      for (let slice = 0; round === this.round; slice++) {
        const answer = await this.engine.call("eleusis.prepare", { slice_ms: SLICE_MS });
        if (answer.ready) break;
        if (slice === 0 && round === this.round) this.line.wait("players", this.text());
      }
    } catch {
      // No game (yet), or the engine failed: whoever needs the players next says so.
    } finally {
      if (round === this.round) this.line.done("players");
    }
  }
}
