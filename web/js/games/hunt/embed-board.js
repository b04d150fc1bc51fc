// embed.html?mode=hunt: a game of Cows and Leopards against the computer in a host page's frame.
// The same board, turn loop and click handling as hunt.html (web/js/games/hunt/); no save (a frame on
// someone else's page starts afresh). Tells the host when the game is ready and when it is over.
// When the game ends it offers Review (review-view.js, as on the hunt page; the marks are kept for
// the frame's life only) and Play on from here, a practice game after which the review of the game
// comes back (the game's save is kept in memory meanwhile).
//
// Settings: side=L|C (the person's, default L), level=random|greedy|search, seed, capture=
// compulsory|free, pace (ms before each computer move). <main data-state="ready" data-turn=
// "your-turn|bot-turn|busy|game-over" data-moves="N">.

import { BoardView } from "./board-view.js";
import { HuntLoop } from "./hunt-loop.js";
import { HuntController } from "./controller.js";
import { levelName, resultTitle, describeEnd } from "./words.js";
import { post } from "../../embed/messages.js";
import { problemText } from "../../embed/words.js";
import { t } from "../../platform/i18n/i18n.js";
import { el } from "../../platform/dom.js";
import { EmbedBoard } from "../../embed/board.js";
import { HuntReview } from "./review-view.js";

/** @typedef {import("./types.js").HuntSnapshot} HuntSnapshot */
/** @typedef {import("./types.js").HuntBoard} HuntBoard */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */

export class HuntPlayBoard extends EmbedBoard {
  /**
   * @param {HTMLElement} root
   * @param {any} settings side, capture, level?, seed?, pace (checked by embed-modes.js)
   * @param {import("../../embed/board.js").FrameHelpers} helpers
   */
  constructor(root, settings, helpers) {
    super(root, settings, helpers);
    this.frame = el("div", "board-frame");
    this.boardNode = el("div");
    this.boardNode.setAttribute("aria-label", t("embed.hunt.board"));
    this.frame.append(this.boardNode);
    this.status = el("p", "embed-status", t("embed.hunt.starting"));
    this.status.setAttribute("aria-live", "polite");
    this.meter = /** @type {HTMLProgressElement} */ (el("progress", "embed-progress"));
    this.meter.max = 1;
    this.info = el("p", "embed-info");
    this.again = /** @type {HTMLButtonElement} */ (el("button", "", t("embed.hunt.again")));
    this.again.type = "button";
    this.again.hidden = true;
    this.again.addEventListener("click", () => this.newGame());
    this.reviewButton = /** @type {HTMLButtonElement} */ (el("button", "primary", t("embed.hunt.review")));
    this.reviewButton.type = "button";
    this.reviewButton.hidden = true;
    this.reviewButton.addEventListener("click", () => this.openReview());
    this.reviewBox = el("section", "embed-review");
    this.reviewBox.id = "embed-review";
    this.reviewBox.hidden = true;
    /** @type {string|null} the game's save while a practice game is played from its review */
    this.kept = null;
    /** True while the game is put back after a practice game: its end is not told again. */
    this.quietEnd = false;
    const actions = el("div", "embed-hunt-actions", this.reviewButton, this.again);
    const box = el("div", "embed-hunt");
    box.append(this.frame, this.status, this.meter, actions, this.reviewBox, this.info);
    root.replaceChildren(box, this.credit());
    root.dataset.turn = "loading";
  }

  /** Python's start-up progress. @param {{fraction: number}} p */
  progress(p) {
    this.meter.value = p.fraction;
  }

  /** Start the game once the engine is ready. @param {Engine} engine @param {() => boolean} [stale] unused: no host command replaces a game */
  async fill(engine, stale) {
    /** @type {HuntBoard} */
    let geometry;
    try {
      const response = await fetch("data/hunt-board.json");
      geometry = response.ok ? await response.json() : await engine.call("hunt.board");
    } catch {
      geometry = await engine.call("hunt.board");
    }
    const say = (/** @type {string} */ text) => { this.status.textContent = text; };
    this.loop = new HuntLoop(engine, {
      render: () => this.render(),
      phase: (phase) => { this.root.dataset.turn = phase; },
      announce: say,
      persist: async () => {},
      over: () => this.over(),
      refused: say,
    }, { pace: this.settings.pace });
    this.board = new BoardView(this.boardNode, geometry, (point, byKeyboard) => this.controller.onPoint(point, byKeyboard));
    this.controller = new HuntController(this.loop, this.board, { announce: say, tell: say });
    /** @type {Record<string, any>} */
    const kept = {};
    this.review = new HuntReview(this.reviewBox, {
      engine, board: this.board,
      store: { read: (key) => kept[key] ?? null, write: (key, marks) => { kept[key] = marks; } },
      onPlayOn: (text, ply) => this.playOn(text, ply),
      onClose: () => this.closeReview(),
    });
    this.meter.hidden = true;
    await this.newGame();
  }

  /** A new game with the frame's settings. */
  async newGame() {
    const { side, level, seed, capture } = this.settings;
    /** @type {Record<string, unknown>} */
    const args = { side, compulsory_capture: capture === "compulsory" };
    if (level) args.level = level;
    if (seed !== undefined) args.seed = seed;
    this.again.hidden = true;
    this.reviewButton.hidden = true;
    this.reviewButton.textContent = t("embed.hunt.review");
    this.kept = null;
    delete this.root.dataset.practice;
    delete this.root.dataset.review;
    this.review?.hide();
    try {
      await this.loop.replace(async () => {
        const snap = await this.loop.engine.call("hunt.new_game", args);
        this.root.dataset.state = "ready";
        post("ready", { side: snap.person, level: snap.level });
        return snap;
      }, "");
    } catch (err) {
      this.showProblem(err.kind === "engine_down" ? problemText(err) : t("embed.problem.badSetting", { detail: problemText(err) }));
    }
  }

  render() {
    const snap = this.loop.snap;
    if (!this.review.isOpen) this.board.update(this.controller.marks(), this.loop.yourTurn);
    this.root.dataset.moves = String(snap.history.length);
    this.info.textContent = t(`embed.hunt.info.${snap.person === "C" ? "C" : "L"}`, {
      level: levelName(snap.level), captured: snap.captured, goal: snap.capture_goal, reserve: snap.reserve,
    });
  }

  /** The review of the game (after a practice game, of the game it came from). */
  async openReview() {
    let text = this.kept;
    if (text === null) text = (await this.loop.engine.call("hunt.save")).text;
    else {
      this.kept = null;
      this.quietEnd = true;
      await this.loop.replace(() => this.loop.engine.call("hunt.restore", { text }), "");
      this.quietEnd = false;
    }
    this.reviewButton.hidden = true;
    this.reviewButton.textContent = t("embed.hunt.review");
    delete this.root.dataset.practice;
    this.root.dataset.review = "on";
    const opened = this.review.open(text);
    this.review.navButtons.back.focus();
    await opened;
  }

  closeReview() {
    this.review.hide();
    delete this.root.dataset.review;
    this.render();
    this.reviewButton.hidden = false;
    this.reviewButton.focus();
  }

  /** A practice game from before the person's move `ply`, against the same computer. @param {string} text @param {number} ply */
  playOn(text, ply) {
    this.review.hide();
    delete this.root.dataset.review;
    this.kept = text;
    this.root.dataset.practice = "on";
    this.again.hidden = true;
    this.reviewButton.hidden = false;
    this.reviewButton.textContent = t("hunt.practice.back");
    this.loop.replace(() => this.loop.engine.call("hunt.review_play_on", { text, ply }),
      `${t("hunt.practice.banner")} ${t("hunt.practice.started", { number: ply + 1 })}`);
  }

  over() {
    if (this.quietEnd) return;
    const snap = this.loop.snap;
    this.status.textContent = t("embed.hunt.over", { title: resultTitle(snap), end: describeEnd(snap) });
    this.again.hidden = false;
    this.reviewButton.hidden = false;
    if (this.kept !== null) return; // a practice game's end: no news for the host page
    const winner = snap.winner === null ? null : snap.winner === snap.person ? "you" : "computer";
    post("game-over", { winner, draw: snap.winner === null, reason: snap.reason, captured: snap.captured });
  }
}
