// The one turn loop of every game page. Every change to the game goes through `exclusive()`, so
// tasks run one after another: two flows can never both ask the engine for the computer's move,
// and a double click makes one move. A new game bumps the epoch, which stops a loop that belongs
// to the game before it at its next step.
//
// The loop owns the page's game state (the engine's latest snapshot) and tells the page what to
// draw through the hooks it is given; it holds no rules: the engine decides whose turn it is, what
// is legal and what the computer plays. A game adapts it by extending the class and filling in the
// few places where games differ (the words, who may move, a pause such as pass-and-play, a move the
// engine forces), as games/leopard/turn-loop.js and games/hunt/hunt-loop.js do.
//
// Glossary:
//   snapshot   -- the engine's JSON view of the game for this page (over, bot_to_move, ...).
//   choice     -- what the person has picked towards their next move (a card, a path of points):
//                 the game's own field, cleared by clearChoice() whenever the snapshot changes.
//   happened   -- the sentences of what was played since the person last chose, announced together
//                 with what comes now ("The computer played 5♠. Your turn.").
//   methods    -- the bridge's request names for a move and the computer's move, for example
//                 {play: "hunt.play", botMove: "hunt.bot_move"}.

/**
 * @typedef {object} LoopHooks
 * @property {(move: string) => void} [sending]  the person's move, just before the engine is asked to
 *   play it (a page notes it at once, so that a move made as the page is left is not lost)
 * @property {() => void} render  draw the table from loop.snap and the game's choice
 * @property {(phase: string) => void} phase  "busy", "bot-turn", "your-turn", "hand-over", "game-over", ...
 * @property {(text: string) => void} announce  a sentence for the status line and screen readers
 * @property {() => Promise<void>} persist  save the game after a change
 * @property {(message: string, err?: unknown) => void} refused  a move the engine refused: the
 *   page's sentence, and the engine's error (for a page that says the reason alone)
 */

/**
 * The bridge's request names a loop uses.
 * @typedef {object} LoopMethods
 * @property {string} play     the person's move: {move} -> snapshot
 * @property {string} botMove  the computer's move: {} -> {move, snapshot}
 */

const delay = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A snapshot the loop can read: the fields every game's bridge sends.
 * @typedef {{over: boolean, bot_to_move: boolean}} LoopSnapshot
 */

/** @template {LoopSnapshot} S */
export class TurnLoop {
  /**
   * @param {import("./engine/client.js").Engine} engine
   * @param {LoopHooks} hooks
   * @param {{pace: number, methods: LoopMethods}} options pace: ms before each computer move
   */
  constructor(engine, hooks, { pace, methods }) {
    this.engine = engine;
    this.hooks = hooks;
    this.pace = pace;
    this.methods = methods;
    /** @type {S|null} */
    this.snap = null;
    this.busy = false;
    this.epoch = 0;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
  }

  // ---- what a game fills in ----

  /** Forget the person's half-made move (the snapshot changed). */
  clearChoice() {}

  /** Whether the game, apart from the loop being busy or the game over, waits for the person. @param {S} snap */
  awaitsPerson(snap) {
    return !snap.bot_to_move;
  }

  /** The sentence for a move the engine refused. @param {unknown} err @returns {string} */
  refusedText(err) {
    return String(err);
  }

  /**
   * The sentence for a move just played (by the person when byPerson).
   * @param {string} move @param {S} before @param {S} after @param {boolean} byPerson
   * @returns {string}
   */
  describeMove(move, before, after, byPerson) {
    return move;
  }

  /**
   * The text of "thinking" while the computer moves. A game may say first what happened since the
   * status line last changed (unsaid: the person's own move, or the computer move before), so that
   * no verdict is lost under "thinking"; by default only the turn's own sentences come back later,
   * in yourTurnText.
   * @param {string[]} [unsaid] @returns {string}
   */
  thinkingText(unsaid) {
    return "";
  }

  /** The game (or a part of it) has ended: phase, announce, show it. @param {S} snap @param {string[]} happened */
  ended(snap, happened) {}

  /**
   * A stop before anybody moves (pass-and-play's hand-over); true when the loop must wait.
   * @param {S} snap @param {string[]} happened @returns {boolean}
   */
  pauses(snap, happened) {
    return false;
  }

  /** A move the engine leaves no choice about, played for the person; null when none. @param {S} snap @returns {{move: string, words: string}|null} */
  forcedMove(snap) {
    return null;
  }

  /** The pause before the computer's move in snap, in ms (a game may wait longer). @param {S} snap */
  botPause(snap) {
    return this.pace;
  }

  /** What to announce when the person's turn comes. @param {string[]} happened @param {S} snap @returns {string} */
  yourTurnText(happened, snap) {
    return "";
  }

  // ---- the loop ----

  /** True when the person may choose a move now. */
  get yourTurn() {
    return Boolean(this.snap) && !this.snap.over && !this.busy && this.awaitsPerson(this.snap);
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
   * @param {S} snap
   * @param {string} [intro] first sentence to announce
   */
  async begin(snap, intro) {
    const epoch = ++this.epoch;
    return this.exclusive(async () => {
      this.snap = snap;
      this.clearChoice();
      await this.advance(epoch, intro);
    });
  }

  /**
   * Start a game with fn (which asks the engine for it) and play on; stops the old game's loop.
   * @param {() => Promise<S>} fn
   * @param {string} intro
   * @param {{save?: boolean}} [options] save: false for a game taken over as it is stored
   */
  async replace(fn, intro, { save = true } = {}) {
    const epoch = ++this.epoch;
    return this.exclusive(async () => {
      this.hooks.phase("busy");
      this.snap = await fn();
      this.clearChoice();
      if (save) await this.hooks.persist();
      await this.advance(epoch, intro);
    });
  }

  /** The person's move (the game's text notation); ignored unless it is their turn. @param {string} move */
  play(move) {
    if (!this.yourTurn) return Promise.resolve();
    const epoch = this.epoch;
    this.busy = true; // at once, so a second click before the task starts does nothing
    return this.exclusive(async () => {
      this.clearChoice();
      this.hooks.sending?.(move);
      this.hooks.phase("busy");
      const before = this.snap;
      try {
        this.snap = await this.engine.call(this.methods.play, { move });
      } catch (err) {
        this.hooks.refused(this.refusedText(err), err);
        this.busy = false;
        this.hooks.phase("your-turn");
        this.hooks.render();
        return;
      }
      await this.hooks.persist();
      await this.advance(epoch, this.describeMove(move, before, this.snap, true));
    });
  }

  /**
   * Computer turns and forced moves until the person must choose or the game ends.
   * @param {number} epoch the game this loop belongs to
   * @param {string} [intro]
   */
  async advance(epoch, intro = "") {
    const happened = intro ? [intro] : [];
    let said = 0; // how many of happened a "thinking" line has said already
    const { hooks } = this;
    for (;;) {
      if (epoch !== this.epoch) return; // a new game took over
      hooks.render();
      const snap = this.snap;
      if (snap.over) {
        this.ended(snap, happened);
        return;
      }
      if (this.pauses(snap, happened)) {
        this.busy = false;
        return;
      }
      if (snap.bot_to_move) {
        hooks.phase("bot-turn");
        hooks.announce(this.thinkingText(happened.slice(said)));
        said = happened.length;
        await delay(this.botPause(snap));
        if (epoch !== this.epoch) return;
        const { move, snapshot } = await this.engine.call(this.methods.botMove);
        this.snap = snapshot;
        await hooks.persist();
        happened.push(this.describeMove(move, snap, snapshot, false));
        continue;
      }
      const forced = this.forcedMove(snap);
      if (forced) {
        this.snap = await this.engine.call(this.methods.play, { move: forced.move });
        await hooks.persist();
        happened.push(forced.words);
        continue;
      }
      break;
    }
    this.busy = false;
    hooks.phase("your-turn");
    hooks.render();
    hooks.announce(this.yourTurnText(happened, this.snap));
  }
}
