// Review a hand: the page's side. Opens the review of the game in play (the engine worker holds it:
// `review_open {}`, its last finished hand) or of a finished game kept in Statistics (its save, from
// review-store.js), draws it (review-view.js), has the engine look at the person's moves one at a
// time in the background (review-analysis.js), keeps each verdict with the game so that opening the
// review again is instant, and stops asking the moment the review is left. Play on from here is
// handed to the page (practice.js), which plays it apart from the kept game.
//
// Page state: <body data-review="open"> while the review is up.

import { errorText } from "../../../platform/i18n/i18n.js";
import { Analysis } from "./review-analysis.js";
import { ReviewState, keptVerdict } from "./review-state.js";
import { handKey } from "./review-store.js";
import { ReviewView } from "./review-view.js";

/** @typedef {import("./review-store.js").ReviewStore} ReviewStore */
/** @typedef {{call: (method: string, args?: Record<string, unknown>) => Promise<any>}} EngineLike */
/**
 * What is reviewed: the game in play (text null) or a finished game's save, and the game's id
 * (its statistics record's) under which the verdicts are kept.
 * @typedef {{id: string, text: string|null}} Reviewed
 */
/**
 * @typedef {object} ReviewPage
 * @property {(reviewed: Reviewed, hand: number, index: number) => void} playOn  play on from a person step
 * @property {() => void} closed  the review was left (the page puts the focus back)
 * @property {(text: string) => void} problem  the review could not open: say why
 * @property {(variant: string) => number[][]|undefined} layout  the squares' layout of a variant,
 *   when the page knows it (from the game on its table)
 */

export class ReviewControl {
  /**
   * @param {EngineLike} engine
   * @param {ReviewStore} store
   * @param {ReviewPage} page
   */
  constructor(engine, store, page) {
    this.engine = engine;
    this.store = store;
    this.page = page;
    /** @type {Reviewed|null} */
    this.reviewed = null;
    /** @type {ReviewState|null} */
    this.state = null;
    this.key = "";
    this.analysis = new Analysis((index) => this.engine.call("review_step", this.args({ index })), {
      verdict: (verdict) => this.verdict(verdict),
      failed: (err) => this.view.failed(errorText(err)),
      done: () => {},
    });
    this.view = new ReviewView({
      go: (position) => this.go(position),
      hand: (hand) => this.open(/** @type {Reviewed} */ (this.reviewed), hand),  // 0-based
      playOn: (index) => this.playOn(index),
      close: () => this.close(),
    });
  }

  /** Whether the review is open. */
  get isOpen() {
    return this.state !== null;
  }

  /** The arguments naming the reviewed game and hand, with more. @param {Record<string, unknown>} [more] */
  args(more = {}) {
    const text = this.reviewed?.text;
    return { ...(text ? { text } : {}), ...(this.state ? { hand: this.state.hand } : {}), ...more };
  }

  /**
   * Open the review of a game's hand (its last finished hand when none is named).
   * @param {Reviewed} reviewed @param {number} [hand] counted from 0
   * @returns {Promise<boolean>} whether it opened
   */
  async open(reviewed, hand) {
    this.analysis.stop();
    let opened;
    try {
      opened = await this.engine.call("review_open", { ...(reviewed.text ? { text: reviewed.text } : {}), ...(hand === undefined ? {} : { hand }) });
    } catch (err) {
      this.page.problem(errorText(err));
      return false;
    }
    this.reviewed = reviewed;
    const state = new ReviewState({ ...opened, layout: opened.layout ?? this.page.layout(opened.variant ?? "") });
    this.state = state;
    this.key = handKey(state.hand, state.steps.map((s) => s.move));
    for (const verdict of this.store.verdicts(reviewed.id, this.key)) state.record(verdict);
    document.body.dataset.review = "open";
    this.view.open(state);
    const missing = state.missing();
    if (missing.length) this.analysis.start(missing);
    return true;
  }

  /** @param {import("./review-state.js").Verdict} verdict */
  verdict(verdict) {
    const state = this.state;
    if (!state || !this.reviewed || !state.record(keptVerdict(verdict))) return;
    this.store.keep(this.reviewed.id, this.key, keptVerdict(verdict));
    this.view.drawVerdicts();
    if (verdict.index === state.position) this.view.drawStep();
  }

  /** @param {number} position */
  go(position) {
    if (this.state?.go(position)) this.view.draw();
  }

  /** Leave the review for a practice game from a person step. @param {number} index */
  playOn(index) {
    const reviewed = this.reviewed;
    const hand = this.state?.hand;
    if (!reviewed || hand === undefined) return;
    this.close();
    this.page.playOn(reviewed, hand, index);
  }

  /** Leave the review: the engine is asked nothing more. */
  close() {
    if (!this.state) return;
    this.analysis.stop();
    this.state = null;
    delete document.body.dataset.review;
    this.view.close();
    this.page.closed();
  }
}
