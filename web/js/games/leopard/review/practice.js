// Play on from here: the rest of a reviewed hand played again from one of the person's moves,
// against the same computer with the same deal, as practice. The practice game lives in a lane of
// the engine worker (a second client of the bridge: client.js lane()), so the game the page keeps
// is never touched; the page knows it is practising from the snapshot itself (`practice: true`),
// never saves it and never counts it in Statistics (main.js asks isPractice). The bar above the
// table says so and leads back to the kept game, or back to the review.
//
// Page state: <body data-practice="on"> while a practice game is on the table (#practice-bar).
// Example: const practice = new Practice(loop, engine, {...}); engineFor = practice.route;
//   practice.start({id, text: null}, 1, 12) plays on from the 13th move of hand 1 of the game in play.

import { lane } from "../../../platform/engine/client.js";
import { byId, button } from "../../../platform/dom.js";
import { errorText, t } from "../../../platform/i18n/i18n.js";

/** @typedef {import("../../../platform/engine/client.js").Engine} Engine */
/** @typedef {import("../turn-loop.js").LeopardLoop} LeopardLoop */
/** @typedef {import("./review-control.js").Reviewed} Reviewed */
/** @typedef {import("../../../platform/engine/types.js").Snapshot} Snapshot */

/** Whether a snapshot is a practice game's. @param {Snapshot|null|undefined} snap */
export const isPractice = (snap) => Boolean(/** @type {any} */ (snap)?.practice);

export class Practice {
  /**
   * @param {LeopardLoop} loop
   * @param {Engine} engine
   * @param {{review: (reviewed: Reviewed, hand: number) => void, problem: (text: string) => void,
   *   kept: {game: string, key: string}}} page  review: open the review again; problem: say why the
   *   practice could not start; kept: where the worker keeps the game in play
   */
  constructor(loop, engine, page) {
    this.loop = loop;
    this.engine = engine;
    this.lane = lane(engine, "practice");
    this.page = page;
    /** @type {{reviewed: Reviewed, hand: number, index: number}|null} where the practice started */
    this.from = null;
    /** The engine the turn loop, undo and hints talk to: the practice lane while practising. */
    this.route = {
      call: (/** @type {string} */ method, /** @type {Record<string, unknown>} */ args = {}) =>
        (isPractice(this.loop.snap) ? this.lane : this.engine).call(method, args),
    };
    button("practice-leave").addEventListener("click", () => this.leave(false));
    button("practice-review").addEventListener("click", () => this.leave(true));
  }

  /**
   * Play on from a person step of a reviewed hand (hand counted from 0, as the engine does).
   * @param {Reviewed} reviewed @param {number} hand @param {number} index
   */
  async start(reviewed, hand, index) {
    try {
      // The game in play goes into the practice lane from the worker's kept save (kept.resume in
      // the lane's own sessions): its save never passes through the page.
      if (!reviewed.text && !(await this.lane.call("kept.resume", this.page.kept))) {
        throw new Error(t("game.practice.notKept"));
      }
      const args = reviewed.text ? { text: reviewed.text, hand, index } : { hand, index };
      this.from = { reviewed, hand, index };
      await this.loop.replace(() => this.lane.call("review_play_on", args),
        t("game.practice.started", { move: index + 1, hand: hand + 1 }), { save: false });
    } catch (err) {
      this.page.problem(t("game.practice.failed", { why: errorText(err) }));
      if (isPractice(this.loop.snap)) await this.leave(false);
    }
  }

  /** Draw the bar for the snapshot on the table (after each drawing). @param {Snapshot|null} snap */
  sync(snap) {
    const on = isPractice(snap);
    byId("practice-bar").hidden = !on;
    if (on) document.body.dataset.practice = "on";
    else delete document.body.dataset.practice;
    if (!on) return;
    byId("practice-text").textContent = this.from
      ? t("game.practice.from", { move: this.from.index + 1, hand: this.from.hand + 1 })
      : t("game.practice.what");
    const result = byId("practice-result");
    result.textContent = snap?.over ? t("game.practice.over", { own: snap.own.score, opp: snap.opp.score }) : "";
    result.hidden = !snap?.over;
    button("practice-review").hidden = !this.from;
  }

  /** The practice hand is over: the bar says how it went (the hand-end sheet is the kept game's). */
  ended() {
    this.sync(this.loop.snap);
    button("practice-leave").focus();
  }

  /** Back to the kept game, as the engine holds it, and to the review when asked. @param {boolean} review */
  async leave(review) {
    const from = this.from;
    this.from = null;
    await this.loop.replace(() => this.engine.call("snapshot"), t("game.practice.back"), { save: false });
    if (review && from) this.page.review(from.reviewed, from.hand);
  }
}
