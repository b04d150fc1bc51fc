// Review of a hunt game, shared by the hunt page (main.js) and the embed's play board: the board
// replays the game position by position (buttons, the arrow keys, Home and End, a slider), every
// move is a button in a list a screen reader reads, and each of the person's moves gets its mark
// from the engine (`hunt.review_step`, one move per call, in the background, with a progress bar):
// what it let the other side do and the better move, in the page's language. The costliest three
// are listed at the top and marked on the slider. "Play on from here" hands the position back to
// the page, which starts a practice game there. No rule is decided here: the engine says it all.
//
// State for tests and styles: root[data-review="loading|checking|done"], root[data-at="K"] (the
// position shown, 0 = the opening), each move's button [data-ply][data-slip="true"].

import { el } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";
import { engineWords, errorWords, sideName } from "./words.js";

/** @typedef {import("./board-view.js").BoardView} BoardView */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */
/** @typedef {import("../../platform/i18n/catalog.js").Msg} Msg */

/**
 * One frame of the replay: the board after some moves (leopard_core/games/hunt/review.py).
 * @typedef {{cells: string, to_move: "L"|"C", last_move: string|null, captured: number, reserve: number, room: Record<string, number>}} ReviewFrame
 * @typedef {{kind: string, cost: number, msg: Msg, text: string}} ReviewFinding
 * @typedef {{ply: number, side: "L"|"C", played: string, best: string, best_words?: Msg, same: boolean, flagged: boolean, cost: number, findings: ReviewFinding[]}} ReviewMark
 * @typedef {{person: "L"|"C", level: string, moves: string[], moves_words: Msg[], frames: ReviewFrame[], persons_plies: number[], key: string, capture_goal: number}} ReviewOpening
 *   moves_words: each move in words, told to the person ("Your leopard on e5 jumped ...")
 * @typedef {{read: (key: string) => Record<string, ReviewMark>|null, write: (key: string, marks: Record<string, ReviewMark>) => void}} MarkStore
 */

/** How many of the costliest slips the top list and the slider show. */
const COSTLIEST = 3;

/** The side that plays move `ply` (the Leopards move first). @param {number} ply */
const sideOf = (ply) => (ply % 2 === 0 ? "L" : "C");

export class HuntReview {
  /**
   * @param {HTMLElement} root an empty element to draw the review in
   * @param {{engine: Engine, board: BoardView, store: MarkStore, onPlayOn: (text: string, ply: number) => void,
   *   onClose: () => void, headingLevel?: "h2"|"h3"}} options
   */
  constructor(root, { engine, board, store, onPlayOn, onClose, headingLevel = "h2" }) {
    this.root = root;
    this.engine = engine;
    this.board = board;
    this.store = store;
    this.onPlayOn = onPlayOn;
    this.onClose = onClose;
    /** @type {ReviewOpening|null} */
    this.game = null;
    /** @type {Record<string, ReviewMark>} marks by ply */
    this.marks = {};
    this.at = 0;
    this.text = "";
    this.run = 0; // the background checking stops when a newer review (or close) changes it
    root.classList.add("hunt-review");
    this.title = el(headingLevel, "review-title", t("hunt.review.title"));
    this.title.id = `${root.id || "hunt-review"}-title`;
    root.setAttribute("aria-labelledby", this.title.id);
    /** @type {HTMLButtonElement[]} */
    this.moveButtons = [];
    this.meter = /** @type {HTMLProgressElement} */ (el("progress", "review-meter"));
    this.progressText = el("span", "review-progress-text");
    this.progress = el("p", "review-progress", this.meter, this.progressText);
    this.meter.setAttribute("aria-label", t("hunt.review.title"));
    const nav = el("div", "review-nav");
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", t("hunt.review.slider"));
    /** @type {Record<string, HTMLButtonElement>} */
    this.navButtons = {};
    for (const [go, glyph] of [["first", "«"], ["back", "‹"], ["forward", "›"], ["last", "»"]]) {
      const node = el("button", "review-go", el("span", "", glyph));
      node.type = "button";
      node.dataset.go = go;
      node.setAttribute("aria-label", t(`hunt.review.${go}`));
      node.title = t(`hunt.review.${go}`);
      /** @type {HTMLElement} */ (node.firstChild).setAttribute("aria-hidden", "true");
      node.addEventListener("click", () => this.go(go));
      this.navButtons[go] = node;
      nav.append(node);
    }
    this.slider = /** @type {HTMLInputElement} */ (el("input", "review-slider"));
    this.slider.type = "range";
    this.slider.min = "0";
    this.slider.step = "1";
    this.slider.setAttribute("aria-label", t("hunt.review.slider"));
    this.slider.addEventListener("input", () => this.show(Number(this.slider.value)));
    this.sliderMarks = el("div", "review-slider-marks");
    this.sliderMarks.setAttribute("aria-hidden", "true");
    const sliderBox = el("div", "review-slider-box", this.slider, this.sliderMarks);
    this.where = el("p", "review-where");
    this.where.setAttribute("aria-live", "polite");
    this.markText = el("div", "review-mark");
    this.playOn = /** @type {HTMLButtonElement} */ (el("button", "primary review-play-on", t("hunt.review.playOn")));
    this.playOn.type = "button";
    this.playOn.title = t("hunt.review.playOnHint");
    this.playOn.addEventListener("click", () => {
      const ply = this.playOnPly();
      if (ply !== null) this.onPlayOn(this.text, ply);
    });
    this.playOnHint = el("p", "review-hint", t("hunt.review.playOnHint"));
    this.slipsTitle = el(headingLevel === "h2" ? "h3" : "h4", "review-subtitle", t("hunt.review.slipsTitle"));
    this.slips = el("ol", "review-slips");
    this.slipsNote = el("p", "review-hint");
    this.movesTitle = el(headingLevel === "h2" ? "h3" : "h4", "review-subtitle", t("hunt.review.movesTitle"));
    this.notation = el("p", "review-hint review-notation", t("hunt.log.key")); // how the list writes a move
    this.moveList = el("ol", "review-moves");
    this.close = /** @type {HTMLButtonElement} */ (el("button", "ghost review-close", t("hunt.review.close")));
    this.close.type = "button";
    this.close.addEventListener("click", () => this.onClose());
    const keys = el("p", "review-hint review-keys", t("hunt.review.keys"));
    root.replaceChildren(this.title, this.progress, nav, sliderBox, this.where, this.markText, this.playOn,
      this.playOnHint, this.slipsTitle, this.slipsNote, this.slips, this.movesTitle, this.notation, this.moveList, keys, this.close);
    this.onKey = this.onKey.bind(this);
  }

  /**
   * Open the review of a session's save: the replay at once, the marks kept from an earlier visit
   * at once, the others checked one move at a time.
   * @param {string} text the session's save (hunt.save)
   * @param {{at?: number}} [options] at: the position to show first (default: the last)
   */
  async open(text, { at } = {}) {
    const run = ++this.run;
    this.text = text;
    this.root.hidden = false;
    this.root.dataset.review = "loading";
    document.addEventListener("keydown", this.onKey);
    try {
      this.game = await this.engine.call("hunt.review_open", { text });
    } catch (err) {
      this.where.textContent = t("hunt.review.unavailable", { reason: errorWords(err) });
      this.root.dataset.review = "failed";
      return;
    }
    if (run !== this.run) return;
    this.marks = { ...(this.store.read(this.game.key) ?? {}) };
    this.slider.max = String(this.game.moves.length);
    this.buildMoveList();
    this.show(at ?? this.game.moves.length);
    this.refreshMarks();
    await this.checkRemaining(run);
  }

  /** Check the person's moves not yet marked, one per engine call, until done or closed. @param {number} run */
  async checkRemaining(run) {
    const game = this.game;
    for (const ply of game.persons_plies) {
      if (run !== this.run) return;
      if (this.marks[ply]) continue;
      this.root.dataset.review = "checking";
      this.showProgress();
      try {
        this.marks[ply] = await this.engine.call("hunt.review_step", { text: this.text, ply });
      } catch (err) {
        if (run === this.run) this.progressText.textContent = t("hunt.review.unavailable", { reason: errorWords(err) });
        return;
      }
      if (run !== this.run) return;
      this.store.write(game.key, this.marks);
      this.refreshMarks();
      if (this.at === ply + 1 || this.at === ply) this.show(this.at);
    }
    this.root.dataset.review = "done";
    this.showProgress();
  }

  /** Stop the background checking and hide the review (the page restores its own view). */
  hide() {
    this.run += 1;
    this.root.hidden = true;
    document.removeEventListener("keydown", this.onKey);
  }

  get isOpen() {
    return !this.root.hidden;
  }

  showProgress() {
    const total = this.game.persons_plies.length;
    const done = this.game.persons_plies.filter((ply) => this.marks[ply]).length;
    this.meter.max = Math.max(total, 1);
    this.meter.value = done;
    this.meter.hidden = done >= total;
    this.progressText.textContent = done >= total ? t("hunt.review.progressDone") : t("hunt.review.progress", { done, total });
  }

  /** Each move of the game as a button that shows the position after it. */
  buildMoveList() {
    /** @type {HTMLButtonElement[]} */
    this.moveButtons = this.game.moves.map((move, ply) => {
      const node = /** @type {HTMLButtonElement} */ (el("button", "review-move"));
      node.type = "button";
      node.dataset.ply = String(ply);
      node.addEventListener("click", () => this.show(ply + 1));
      this.labelMove(node, ply, move);
      return node;
    });
    this.moveList.replaceChildren(...this.moveButtons.map((node, ply) => el("li", sideOf(ply) === this.game.person ? "yours" : "theirs", node)));
  }

  /** @param {HTMLButtonElement} node @param {number} ply @param {string} move */
  labelMove(node, ply, move) {
    const slip = Boolean(this.marks[ply]?.flagged);
    const params = { number: ply + 1, side: sideName(sideOf(ply)), move };
    node.textContent = t(slip ? "hunt.review.entrySlip" : "hunt.review.entry", params);
    node.dataset.slip = String(slip);
  }

  /** The costliest flagged marks, the costliest first (earlier on ties). @returns {ReviewMark[]} */
  costliest() {
    return Object.values(this.marks).filter((m) => m.flagged)
      .sort((a, b) => b.cost - a.cost || a.ply - b.ply).slice(0, COSTLIEST);
  }

  /** The move list's slip labels, the top list and the slider's marks, from the marks so far. */
  refreshMarks() {
    const game = this.game;
    this.moveButtons.forEach((node, ply) => this.labelMove(node, ply, game.moves[ply]));
    const worst = this.costliest();
    this.slips.replaceChildren(...worst.map((mark) => {
      const node = /** @type {HTMLButtonElement} */ (el("button", "review-slip", t("hunt.review.slipEntry", {
        number: mark.ply + 1, move: this.moveWords(mark.ply), reason: this.reason(mark),
      })));
      node.type = "button";
      node.dataset.ply = String(mark.ply);
      node.addEventListener("click", () => this.show(mark.ply + 1));
      return el("li", "", node);
    }));
    const finished = game.persons_plies.every((ply) => this.marks[ply]);
    this.slipsNote.hidden = worst.length > 0;
    this.slipsNote.textContent = finished ? t("hunt.review.noSlips") : t("hunt.review.slipsPending");
    const total = Math.max(game.moves.length, 1);
    this.sliderMarks.replaceChildren(...worst.map((mark) => {
      const dot = el("span", "review-slider-mark");
      dot.style.setProperty("--at", String((mark.ply + 1) / total));
      dot.title = t("hunt.review.sliderMark");
      return dot;
    }));
    this.showProgress();
  }

  /** Move `ply` of the game in the engine's words, told to the person. @param {number} ply */
  moveWords(ply) {
    return engineWords(this.game.moves_words[ply]);
  }

  /** A mark's findings in words. @param {ReviewMark} mark */
  reason(mark) {
    return mark.findings.map((f) => engineWords(f.msg, f.text)).join(" ");
  }

  /** @param {string} go first, back, forward or last */
  go(go) {
    const last = this.game ? this.game.moves.length : 0;
    const to = { first: 0, back: this.at - 1, forward: this.at + 1, last }[go];
    this.show(Math.max(0, Math.min(last, to)));
  }

  /** Show position `at` (0: the opening; k: after move k) on the board and in words. @param {number} at */
  show(at) {
    const game = this.game;
    if (!game) return;
    this.at = at;
    this.root.dataset.at = String(at);
    const frame = game.frames[at];
    this.board.update({ cells: frame.cells, lastMove: frame.last_move, room: frame.room }, false);
    this.slider.value = String(at);
    this.slider.setAttribute("aria-valuetext", t("hunt.review.at", { at, total: game.moves.length }));
    this.navButtons.first.disabled = this.navButtons.back.disabled = at === 0;
    this.navButtons.forward.disabled = this.navButtons.last.disabled = at === game.moves.length;
    this.moveButtons.forEach((node, ply) => {
      if (ply === at - 1) node.setAttribute("aria-current", "step");
      else node.removeAttribute("aria-current");
    });
    this.keepInView(this.moveButtons[at - 1]);
    const ply = at - 1;
    const position = t("hunt.review.at", { at, total: game.moves.length });
    if (ply < 0) {
      this.where.textContent = `${position}. ${t("hunt.review.opening")}`;
      this.markText.replaceChildren();
    } else {
      const byPerson = sideOf(ply) === game.person;
      this.where.textContent = `${position}. ${this.moveWords(ply)}.`;
      this.markText.replaceChildren(...(byPerson ? this.markWords(ply) : []));
    }
    this.markText.dataset.slip = String(Boolean(this.marks[ply]?.flagged));
    this.playOn.hidden = this.playOnPly() === null;
    this.playOnHint.hidden = this.playOn.hidden;
  }

  /**
   * Scroll the move list (only it: scrolling the page or the panel would take the controls away on
   * a phone) so that the current move shows. @param {HTMLElement|undefined} node
   */
  keepInView(node) {
    const list = this.moveList;
    if (!node || list.scrollHeight <= list.clientHeight) return;
    const top = node.offsetTop; // the list is the positioned parent (hunt-review.css)
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + node.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + node.offsetHeight - list.clientHeight;
  }

  /** The words of the person's move `ply`'s mark. @param {number} ply @returns {HTMLElement[]} */
  markWords(ply) {
    const mark = this.marks[ply];
    if (!mark) return [el("p", "review-pending", t("hunt.review.pending"))];
    const best = engineWords(mark.best_words, mark.best); // the move to make, in words
    if (!mark.flagged) return [el("p", "review-fine", t(mark.same ? "hunt.review.same" : "hunt.review.fine", { best }))];
    return [el("p", "review-reason", this.reason(mark)), el("p", "review-better", t("hunt.review.better", { best }))];
  }

  /**
   * The person's move that "Play on from here" replays at the position shown: the one about to be
   * played there, else the one just played (so both sides of a slip lead to it); null if none.
   */
  playOnPly() {
    const { game, at } = this;
    if (!game) return null;
    if (at < game.moves.length && sideOf(at) === game.person) return at;
    if (at > 0 && sideOf(at - 1) === game.person) return at - 1;
    return null;
  }

  /** Arrow keys, Home and End step through the game (not while typing, in a dialog, or on the slider, which has its own). @param {KeyboardEvent} event */
  onKey(event) {
    if (!this.isOpen || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = /** @type {HTMLElement|null} */ (event.target);
    if (target && (target === this.slider || target.closest("input, select, textarea, dialog, .hunt-point"))) return;
    const go = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
    if (!go) return;
    event.preventDefault();
    this.go(go);
  }
}
