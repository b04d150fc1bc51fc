// The review dialog (#review in index.html), drawn from a ReviewState: the biggest slips at the top
// (buttons that jump there), the chart, the table of the position, the controls (back, forward, a
// slider with the slips marked, the arrow keys, Home and End), what the person played against the
// engine's best with the reason and the cost, Play on from here, and every move of the hand as a
// list of buttons (what a screen reader reads through). Draws and reports; decides nothing.
//
// Page state for tests and styles: #review[data-position="N"] (the reader's position),
// [data-analysed="done/total"], [data-state="working|done|failed"].

import { byId, button, dialog, el, select } from "../../../platform/dom.js";
import { t } from "../../../platform/i18n/i18n.js";
import { drawBoard } from "./review-board.js";
import { marginChart } from "./review-chart.js";
import {
  bestText, costText, endText, moveName, progressText, reasonText, stepSentence, tenths, verdictText, whereText,
} from "./review-words.js";

/** @typedef {import("./review-state.js").ReviewState} ReviewState */

/**
 * @typedef {object} ReviewActions
 * @property {(position: number) => void} go  move the reader to a position
 * @property {(hand: number) => void} hand  review another hand of the game
 * @property {(index: number) => void} playOn  play on from a person step
 * @property {() => void} close
 */

export class ReviewView {
  /** @param {ReviewActions} actions */
  constructor(actions) {
    this.actions = actions;
    /** @type {ReviewState|null} */
    this.state = null;
    this.box = dialog("review");
    this.slider = /** @type {HTMLInputElement} */ (byId("review-slider"));
    this.slider.addEventListener("input", () => actions.go(Number(this.slider.value)));
    button("review-back").addEventListener("click", () => this.step(-1));
    button("review-forward").addEventListener("click", () => this.step(1));
    button("review-close").addEventListener("click", () => actions.close());
    button("review-play-on").addEventListener("click", () => {
      if (this.state?.step?.seat === "person") actions.playOn(this.state.position);
    });
    select("review-hand").addEventListener("change", () => actions.hand(Number(select("review-hand").value)));
    this.box.addEventListener("keydown", (event) => this.key(event));
    // Escape (or the browser's own close) leaves the review like the close button.
    this.box.addEventListener("close", () => actions.close());
  }

  /**
   * Go to a position from a slip or the list of moves, and bring what is said of it into sight
   * (on a phone the step's words are below the table, out of sight of the list).
   * @param {number} position
   */
  jump(position) {
    this.actions.go(position);
    byId("review-verdict").scrollIntoView({ block: "nearest" });
  }

  /** @param {number} by */
  step(by) {
    if (this.state) this.actions.go(this.state.position + by);
  }

  /** The arrow keys, Home and End step through the hand (the slider and the hand list do their own). @param {KeyboardEvent} event */
  key(event) {
    const target = /** @type {HTMLElement} */ (event.target);
    if (!this.state || target === this.slider || target instanceof HTMLSelectElement) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
    if (event.key in moves) {
      event.preventDefault();
      this.step(moves[/** @type {keyof typeof moves} */ (event.key)]);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      this.actions.go(event.key === "Home" ? 0 : this.state.count);
    }
  }

  /** Open the dialog on a review. @param {ReviewState} state */
  open(state) {
    this.state = state;
    const hands = select("review-hand");
    // The engine counts hands from 0; a person from 1.
    hands.replaceChildren(...Array.from({ length: state.hands }, (_, i) => Object.assign(
      el("option", "", t("dialogs.review.handOption", { hand: i + 1 })), { value: String(i) })));
    hands.value = String(state.hand);
    byId("review-hand-label").hidden = state.hands < 2;
    byId("review-title").textContent = t("dialogs.review.title", { hand: state.hand + 1 });
    this.slider.max = String(state.count);
    this.drawMoves();
    this.draw();
    if (!this.box.open) this.box.showModal();
    byId("review-title").focus();
  }

  /** Draw everything that depends on the position and the verdicts. */
  draw() {
    const state = this.state;
    if (!state) return;
    this.box.dataset.position = String(state.position);
    this.slider.value = String(state.position);
    this.slider.setAttribute("aria-valuetext", whereText(state));
    button("review-back").disabled = state.position <= 0;
    button("review-forward").disabled = state.position >= state.count;
    const next = state.position < state.count ? state.entryOf(state.position) : null;
    drawBoard(byId("review-board"), state.tableAt(), next, state.layout);
    this.drawStep();
    this.drawVerdicts();
    for (const item of byId("review-moves").querySelectorAll("button")) {
      const current = Number(/** @type {HTMLElement} */ (item).dataset.index) === state.position;
      if (current) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
  }

  /** What happened at the position, and the engine's verdict when it is the person's choice. */
  drawStep() {
    const state = /** @type {ReviewState} */ (this.state);
    byId("review-where").textContent = whereText(state);
    const what = byId("review-what");
    const verdictBox = byId("review-verdict");
    const playOn = button("review-play-on");
    const step = state.step;
    playOn.hidden = step?.seat !== "person";
    if (!step) {
      what.textContent = endText(state);
      verdictBox.replaceChildren();
      return;
    }
    what.textContent = stepSentence(state, state.position);
    if (step.seat !== "person" || !state.isPersonStep(state.position)) {
      verdictBox.replaceChildren(step.seat === "person" ? el("p", "hint", t("dialogs.review.onlyMove")) : "");
      return;
    }
    const verdict = state.verdicts.get(state.position);
    if (!verdict) {
      verdictBox.replaceChildren(el("p", "hint", t("dialogs.review.waiting")));
      return;
    }
    verdictBox.dataset.asGood = String(verdict.as_good);
    const cost = el("p", `review-cost ${verdict.as_good ? "good" : "slip"}`, verdictText(verdict));
    cost.id = "review-cost";
    const parts = [cost];
    if (verdict.as_good && verdict.best === verdict.played) {
      parts.push(el("p", "review-best", t("dialogs.review.wasBest", { reason: reasonText(verdict.played_reason_msg ?? verdict.reason_msg) })));
    } else {
      const best = el("p", "review-best", bestText(verdict));
      best.id = "review-best";
      parts.push(best);
    }
    verdictBox.replaceChildren(...parts);
  }

  /** The slips list, their marks on the slider, the chart, the progress and the moves' costs. */
  drawVerdicts() {
    const state = /** @type {ReviewState} */ (this.state);
    const progress = state.progress();
    this.box.dataset.analysed = `${progress.done}/${progress.total}`;
    const bar = /** @type {HTMLProgressElement} */ (byId("review-progress"));
    bar.max = Math.max(1, progress.total);
    bar.value = progress.done;
    if (this.box.dataset.state !== "failed") {
      byId("review-progress-text").textContent = progressText(progress);
      this.box.dataset.state = progress.done >= progress.total ? "done" : "working";
    }
    byId("review-progress-box").classList.toggle("finished", progress.done >= progress.total);
    const slips = state.slips();
    byId("review-slips").replaceChildren(...slips.map((verdict) => {
      const jump = el("button", "review-slip", t("dialogs.review.slip", {
        move: verdict.index + 1, played: moveName(verdict.played), cost: costText(verdict),
      }));
      jump.type = "button";
      jump.dataset.index = String(verdict.index);
      jump.addEventListener("click", () => this.jump(verdict.index));
      return el("li", "", jump);
    }));
    const noSlips = byId("review-no-slips");
    noSlips.hidden = slips.length > 0;
    noSlips.textContent = t(progress.done >= progress.total ? "dialogs.review.noSlips" : "dialogs.review.noSlipsYet");
    const marks = byId("review-marks");
    marks.replaceChildren(...slips.map((verdict, rank) => {
      const mark = el("span", "review-mark", String(rank + 1));
      mark.dataset.index = String(verdict.index);
      mark.dataset.at = String(Math.round((verdict.index / Math.max(1, state.count)) * 100));
      return mark;
    }));
    /** @type {number[]} */
    const placed = [];
    for (const mark of /** @type {HTMLElement[]} */ ([...marks.children])) {
      const at = Number(mark.dataset.at) / 100;
      // Two marks too close to read apart: the later one stands above the other.
      if (placed.some((other) => Math.abs(other - at) < 0.05)) mark.classList.add("raised");
      placed.push(at);
      // The CSP forbids inline style attributes, not styles set through the DOM.
      mark.style.setProperty("--at", String(at));
    }
    byId("review-chart").replaceChildren(marginChart(state));
    const slipSet = new Set(slips.map((v) => v.index));
    for (const item of byId("review-moves").querySelectorAll("button")) {
      const index = Number(/** @type {HTMLElement} */ (item).dataset.index);
      const verdict = state.verdicts.get(index);
      const note = item.querySelector(".review-note");
      if (!note || !verdict) continue;
      note.textContent = verdict.as_good ? t("dialogs.review.noteGood") : t("dialogs.review.noteCost", { cost: tenths(verdict.cost) });
      item.classList.toggle("slip", slipSet.has(index));
      item.classList.toggle("good", verdict.as_good);
    }
  }

  /** The moves of the hand, one button each (the person's with room for their cost). */
  drawMoves() {
    const state = /** @type {ReviewState} */ (this.state);
    const items = state.steps.map((step, index) => {
      const jump = el("button", `review-move by-${step.seat}`);
      jump.type = "button";
      jump.dataset.index = String(index);
      jump.append(el("span", "review-move-number", `${index + 1}.`), " ", el("span", "", stepSentence(state, index)));
      if (state.isPersonStep(index)) jump.append(" ", el("span", "review-note"));
      jump.addEventListener("click", () => this.jump(index));
      return el("li", "", jump);
    });
    const end = el("button", "review-move end", t("dialogs.review.endItem"));
    end.type = "button";
    end.dataset.index = String(state.count);
    end.addEventListener("click", () => this.jump(state.count));
    byId("review-moves").replaceChildren(...items, el("li", "", end));
  }

  /** The engine could not look at a move: the review stays usable, without more verdicts. @param {string} why */
  failed(why) {
    this.box.dataset.state = "failed";
    byId("review-progress-text").textContent = t("dialogs.review.failed", { why });
  }

  close() {
    this.state = null;
    if (this.box.open) this.box.close();
  }
}
