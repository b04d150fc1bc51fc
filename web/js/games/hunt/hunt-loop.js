// The hunt page's turn loop: the person's moves and the computer's replies, one task at a time
// (exclusive()), so a double click makes one move and two flows never both ask for the computer's
// move. A new game bumps the epoch, which stops the loop of the game before it at its next step.
// It holds no rules: the engine (hunt.* methods) decides whose turn it is and what is legal.

import { describeEnd, describeMove, errorWords, oneAfterAnother, yourTurnText } from "./words.js";
import { t } from "../../platform/i18n/i18n.js";

/** @typedef {import("./types.js").HuntSnapshot} HuntSnapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */

/**
 * @typedef {object} HuntHooks
 * @property {() => void} render               draw the board from loop.snap and loop.path
 * @property {(phase: string) => void} phase   "busy", "bot-turn", "your-turn", "game-over"
 * @property {(text: string) => void} announce a sentence for the status line
 * @property {() => Promise<void>} persist     save the game after a change
 * @property {() => void} over                 the game has ended
 * @property {(message: string) => void} refused a move the engine refused
 */

const delay = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class HuntLoop {
  /**
   * @param {Engine} engine
   * @param {HuntHooks} hooks
   * @param {{pace: number}} options pace: ms before each computer move
   */
  constructor(engine, hooks, { pace }) {
    this.engine = engine;
    this.hooks = hooks;
    this.pace = pace;
    /** @type {HuntSnapshot|null} */
    this.snap = null;
    /** @type {string[]} the points picked for the person's next move */
    this.path = [];
    this.busy = false;
    this.epoch = 0;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
  }

  /** True when the person may choose a move now. */
  get yourTurn() {
    return Boolean(this.snap) && !this.snap.over && !this.snap.bot_to_move && !this.busy;
  }

  /**
   * Run task after every task before it; the loop is busy meanwhile.
   * @template T
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  exclusive(task) {
    const run = this.queue.then(async () => {
      this.busy = true;
      try {
        return await task();
      } finally {
        this.busy = false;
      }
    });
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * Start (or take over) a game with fn, which asks the engine for it, and play on.
   * @param {() => Promise<HuntSnapshot>} fn
   * @param {string} intro
   * @param {{save?: boolean}} [options] save: false for a game taken over as it is stored
   */
  replace(fn, intro, { save = true } = {}) {
    const epoch = ++this.epoch;
    return this.exclusive(async () => {
      this.hooks.phase("busy");
      this.snap = await fn();
      this.path = [];
      if (save) await this.hooks.persist();
      await this.advance(epoch, intro);
    });
  }

  /** The person's whole move (H8 text); ignored unless it is their turn. @param {string} move */
  play(move) {
    if (!this.yourTurn) return Promise.resolve();
    const epoch = this.epoch;
    this.busy = true; // at once, so a second click before the task starts does nothing
    return this.exclusive(async () => {
      this.path = [];
      this.hooks.phase("busy");
      const side = this.snap.to_move;
      try {
        this.snap = await this.engine.call("hunt.play", { move });
      } catch (err) {
        this.hooks.refused(t("hunt.status.refused", { reason: errorWords(err) }));
        this.busy = false;
        this.hooks.phase("your-turn");
        this.hooks.render();
        return;
      }
      await this.hooks.persist();
      await this.advance(epoch, describeMove(move, side, true));
    });
  }

  /**
   * Computer moves until the person must choose or the game ends.
   * @param {number} epoch the game this loop belongs to
   * @param {string} [intro]
   */
  async advance(epoch, intro = "") {
    const happened = intro ? [intro] : [];
    const { hooks } = this;
    for (;;) {
      if (epoch !== this.epoch) return;
      hooks.render();
      const snap = this.snap;
      if (snap.over) {
        hooks.phase("game-over");
        hooks.announce(oneAfterAnother([...happened.slice(-1), describeEnd(snap)]));
        hooks.over();
        return;
      }
      if (!snap.bot_to_move) break;
      hooks.phase("bot-turn");
      hooks.announce(t("hunt.status.thinking"));
      await delay(this.pace);
      if (epoch !== this.epoch) return;
      const side = snap.to_move;
      const { move, snapshot } = await this.engine.call("hunt.bot_move");
      this.snap = snapshot;
      await hooks.persist();
      happened.push(describeMove(move, side, false));
    }
    this.busy = false;
    hooks.phase("your-turn");
    hooks.render();
    hooks.announce(oneAfterAnother([...happened.slice(-2), yourTurnText(this.snap)]));
  }
}
