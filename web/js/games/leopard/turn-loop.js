// The one turn loop of the game page. Every change to the game goes through `exclusive()`, so
// tasks run one after another: two flows can never both ask the engine for the computer's move,
// and a double click makes one move. A new game bumps the epoch, which stops a loop that belongs
// to the game before it at its next step.
//
// The loop owns the page's game state (the engine's latest snapshot and the chosen card) and tells
// the page what to draw through the hooks it is given; it holds no rules: the engine decides
// whose turn it is, what is legal and what the computer plays. In pass-and-play the engine's
// snapshot says when the device must be passed on (snapshot.handover); the loop then stops until
// the next player reveals their hand.

import { describeEnd, describeMove, yourTurnText } from "./move-words.js";
import { errorText, t } from "../../platform/i18n/i18n.js";
import { shownName } from "./players.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */

/**
 * @typedef {object} LoopHooks
 * @property {() => void} render  draw the table from loop.snap and loop.selected
 * @property {(phase: string) => void} phase  "busy", "bot-turn", "your-turn", "hand-over", "game-over"
 * @property {(text: string) => void} announce  a sentence for the status line and screen readers
 * @property {() => Promise<void>} persist  save the game after a change
 * @property {() => void} handOver  show the end of the hand (or game)
 * @property {(message: string) => void} refused  a move the engine refused
 * @property {(snap: Snapshot) => void} passDevice  pass-and-play: show the hand-over screen (the
 *   snapshot, and so the table just drawn, holds nothing private until the next player reveals)
 */

/**
 * The last three things that happened, then what comes now, as one announcement.
 * @param {string[]} happened sentences without their full stop @param {string} now a whole sentence
 */
function sentences(happened, now) {
  const recent = happened.slice(-3).filter(Boolean);
  return recent.length ? t("game.happenedThen", { happened: recent.join(t("game.sentenceJoin")), now }) : now;
}

const delay = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class TurnLoop {
  /**
   * @param {Engine} engine
   * @param {LoopHooks} hooks
   * @param {{pace: number}} options pace: ms before each computer move
   */
  constructor(engine, hooks, { pace }) {
    this.engine = engine;
    this.hooks = hooks;
    this.pace = pace;
    /** @type {Snapshot|null} */
    this.snap = null;
    /** @type {number|null} index in snap.hand of the chosen card */
    this.selected = null;
    this.busy = false;
    this.epoch = 0;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
  }

  /** True when the person may choose a move now. */
  get yourTurn() {
    return Boolean(this.snap) && this.snap.to_move === "own" && !this.snap.over && !this.snap.handover && !this.busy;
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
   * Take over a game the engine already holds (new, restored, or next hand) and play on.
   * @param {Snapshot} snap
   * @param {string} [intro] first sentence to announce
   */
  async begin(snap, intro) {
    const epoch = ++this.epoch;
    return this.exclusive(async () => {
      this.snap = snap;
      this.selected = null;
      await this.advance(epoch, intro);
    });
  }

  /**
   * Start a game with fn (which asks the engine for it) and play on; stops the old game's loop.
   * @param {() => Promise<Snapshot>} fn
   * @param {string} intro
   * @param {{save?: boolean}} [options] save: false for a game taken over as it is stored
   */
  async replace(fn, intro, { save = true } = {}) {
    const epoch = ++this.epoch;
    return this.exclusive(async () => {
      this.hooks.phase("busy");
      this.snap = await fn();
      this.selected = null;
      if (save) await this.hooks.persist();
      await this.advance(epoch, intro);
    });
  }

  /** The person's move (N3 text); ignored unless it is their turn. @param {string} move */
  play(move) {
    if (!this.yourTurn) return Promise.resolve();
    const epoch = this.epoch;
    this.busy = true; // at once, so a second click before the task starts does nothing
    return this.exclusive(async () => {
      this.selected = null;
      this.hooks.phase("busy");
      try {
        this.snap = await this.engine.call("play", { move });
      } catch (err) {
        this.hooks.refused(t("game.refused", { reason: errorText(err) }));
        this.busy = false;
        this.hooks.phase("your-turn");
        this.hooks.render();
        return;
      }
      await this.hooks.persist();
      const last = this.snap.log[this.snap.log.length - 1];
      await this.advance(epoch, last ? describeMove(last, this.snap) : "");
    });
  }

  /** Deal the next hand after one ended. */
  nextHand() {
    if (!this.snap?.over || this.snap.game.over) return Promise.resolve();
    return this.replace(() => this.engine.call("next_hand"), "");
  }

  /**
   * Computer turns and forced passes until the person must choose or the hand ends.
   * @param {number} epoch the game this loop belongs to
   * @param {string} [intro]
   */
  async advance(epoch, intro = "") {
    const happened = intro ? [intro] : [];
    const { hooks } = this;
    for (;;) {
      if (epoch !== this.epoch) return; // a new game took over
      hooks.render();
      const snap = this.snap;
      if (snap.over) {
        hooks.phase(snap.game.over ? "game-over" : "hand-over");
        hooks.announce(describeEnd(snap));
        hooks.handOver();
        return;
      }
      if (snap.handover) {
        // Pass-and-play, after a completed turn (or a new game, hand or restore): the engine shows
        // no hand until the next player says they hold the device. No computer move is asked for.
        this.busy = false;
        hooks.phase("pass-device");
        // The status line is rewritten: it may still name a card of the hand just hidden.
        hooks.announce(sentences(happened, t("game.passTo", { name: shownName(snap.to_move_name ?? "") })));
        hooks.passDevice(snap);
        return;
      }
      if (snap.bot_to_move) {
        hooks.phase("bot-turn");
        hooks.announce(t("game.thinking"));
        await delay(this.pace);
        if (epoch !== this.epoch) return;
        const { move, snapshot } = await this.engine.call("bot_move");
        this.snap = snapshot;
        await hooks.persist();
        happened.push(describeMove(move));
        continue;
      }
      if (snap.legal_moves.length === 1 && snap.legal_moves[0] === "pass") {
        this.snap = await this.engine.call("play", { move: "pass" });
        await hooks.persist();
        happened.push(t("game.forcedPass"));
        continue;
      }
      break;
    }
    this.busy = false;
    hooks.phase("your-turn");
    hooks.render();
    hooks.announce(sentences(happened, yourTurnText(this.snap)));
  }
}
