// Leopard's diagrams for embed.html: mode=square (one square, its lines and value) and
// mode=position (a position; the chosen card's legal moves). They draw from the notation at once
// and fill in what the engine says; the host may send another square or position (command()).
// Nothing here decides a rule: values and legal moves come from the engine.

import { renderSquare } from "./cards/square-view.js";
import { parseSquare, parsePosition, parseCard, parsePlay } from "./cards/notation.js";
import { labelCardButton, linesList, placesSentence, valueSentence } from "./cards/diagram.js";
import { post } from "../../embed/messages.js";
import { problemText } from "../../embed/words.js";
import { t } from "../../platform/i18n/i18n.js";
import { el } from "../../platform/dom.js";
import { EmbedBoard } from "../../embed/board.js";

// ---------------------------------------------------------------- square mode

export class SquareBoard extends EmbedBoard {
  /**
   * @param {HTMLElement} root
   * @param {any} settings square, variant (checked by embed-modes.js)
   * @param {import("../../embed/board.js").FrameHelpers} helpers
   */
  constructor(root, settings, helpers) {
    super(root, settings, helpers);
    this.variant = settings.variant;
    this.figure = el("figure", "leopard-square embed-square");
    this.board = el("div", "diagram-board");
    this.caption = el("figcaption");
    this.value = el("p", "diagram-value", t("embed.square.working"));
    this.value.setAttribute("aria-live", "polite");
    this.caption.append(this.value);
    this.figure.append(this.board, this.caption);
    this.root.replaceChildren(this.figure, this.credit());
    this.draw(settings.square);
  }

  /** Draw a square from notation at once (or say it is not notation). */
  draw(n2) {
    this.n2 = n2;
    this.figure.dataset.n2 = n2;
    delete this.figure.dataset.raw;
    try {
      renderSquare(this.board, { stacks: parseSquare(n2) }, { label: t("cards.square") });
      return true;
    } catch (err) {
      this.value.textContent = t("embed.square.checking", { detail: err.message });
      return false;
    }
  }

  /** Ask the engine; show its value or its objection (unless a newer command took over). */
  async fill(engine, stale = () => false) {
    try {
      const info = await engine.call("square", { n2: this.n2, variant: this.variant });
      if (stale()) return;
      renderSquare(this.board, info, { layout: info.layout, label: t("cards.square") });
      this.figure.dataset.raw = String(info.raw);
      this.value.textContent = valueSentence(info);
      this.caption.querySelector(".lines-list")?.remove();
      if (info.lines.length) this.caption.append(linesList(info));
      this.root.dataset.state = "ready";
      post("ready", { n2: info.n2, raw: info.raw, score: info.score });
    } catch (err) {
      if (stale()) return;
      this.showProblem(problemText(err));
    }
  }

  /** A host asked for another square. */
  async command(cmd, engine, stale) {
    if (cmd.type !== "show-square") return;
    if (!this.root.contains(this.figure)) this.root.replaceChildren(this.figure, this.credit());
    this.draw(cmd.square);
    await this.fill(engine, stale);
  }
}

// ---------------------------------------------------------------- position mode

export class PositionBoard extends EmbedBoard {
  /**
   * @param {HTMLElement} root
   * @param {any} settings n4, card, variant (checked by embed-modes.js)
   * @param {import("../../embed/board.js").FrameHelpers} helpers
   */
  constructor(root, settings, helpers) {
    super(root, settings, helpers);
    this.variant = settings.variant;
    this.engine = null;
    this.box = el("div", "embed-position");
    this.status = el("p", "embed-status", t("embed.position.working"));
    this.status.setAttribute("aria-live", "polite");
    this.oppBox = el("section", "embed-side");
    this.ownBox = el("section", "embed-side");
    this.oppBox.append(el("h2", "", t("embed.position.oppSquare")), el("div", "embed-board"), el("p", "embed-value"));
    this.ownBox.append(el("h2", "", t("embed.position.ownSquare")), el("div", "embed-board"), el("p", "embed-value"));
    this.oppBox.dataset.side = "opp";
    this.ownBox.dataset.side = "own";
    const boards = el("div", "embed-boards");
    boards.append(this.oppBox, this.ownBox);
    const handBox = el("section", "embed-hand-box");
    handBox.append(el("h2", "", t("embed.position.hand")));
    this.hand = el("ul", "embed-hand");
    handBox.append(this.hand);
    this.box.append(boards, handBox, this.status);
    this.root.replaceChildren(this.box, this.credit());
    this.load(settings.n4, settings.card);
  }

  /** Take a new position (and chosen card); false when it is not even notation. */
  load(n4, card) {
    this.n4 = n4;
    this.answer = null;
    try {
      this.position = parsePosition(n4);
    } catch (err) {
      this.position = null;
      this.problem = t("embed.problem.positionNotation", { detail: err.message });
      return false;
    }
    this.problem = null;
    if (card) {
      let wanted;
      try {
        wanted = parseCard(card);
      } catch (err) {
        this.problem = t("embed.problem.cardNotation", { detail: err.message });
        return false;
      }
      if (!this.position.hand.includes(wanted)) {
        const hand = this.position.hand;
        this.problem = hand.length ? t("embed.problem.notInHand", { card: wanted, hand: hand.join(", ") })
          : t("embed.problem.notInEmptyHand", { card: wanted });
        return false;
      }
      this.card = wanted;
    } else {
      this.card = this.position.hand[0] ?? null;
    }
    this.render();
    return true;
  }

  /** Spaces of one side where the chosen card may go. */
  targets(side) {
    const legal = this.answer ? this.answer.legal : [];
    return legal.map(parsePlay).filter((p) => p && p.side === side).map((p) => p.space);
  }

  /** Draw squares, hand and the legal-move sentence. */
  render() {
    for (const [side, box, label] of /** @type {Array<[string, HTMLElement, string]>} */ ([["opp", this.oppBox, t("embed.position.oppSquare")], ["own", this.ownBox, t("embed.position.ownSquare")]])) {
      const info = this.answer ? this.answer[side] : null;
      renderSquare(box.querySelector(".embed-board"), info || { stacks: this.position[side] }, {
        layout: info?.layout, label, targets: this.targets(side), idPrefix: `embed-${side}`,
      });
      box.querySelector(".embed-value").textContent = info ? valueSentence(info) : "";
    }
    this.hand.replaceChildren();
    this.position.hand.forEach((card) => {
      const item = el("li");
      const button = el("button", `embed-card ${/[HD]$/.test(card) ? "red" : "black"}`);
      labelCardButton(button, card);
      button.type = "button";
      button.dataset.card = card;
      button.setAttribute("aria-pressed", String(card === this.card));
      button.addEventListener("click", () => this.choose(card));
      item.append(button);
      this.hand.append(item);
    });
    if (!this.position.hand.length) this.hand.append(el("li", "", t("embed.position.emptyHand")));
    if (!this.answer) return;
    const plays = this.answer.legal.map(parsePlay).filter(Boolean);
    if (!this.card) {
      this.status.textContent = t("embed.position.handIsEmpty");
    } else {
      const places = placesSentence(plays);
      const discard = this.answer.legal.includes(`discard ${this.card}`);
      const key = places ? (discard ? "mayGoOrDiscard" : "mayGo") : (discard ? "onlyDiscard" : "cannot");
      this.status.textContent = t(`embed.position.${key}`, { card: this.card, places });
    }
  }

  /** Choose another card of the hand. */
  async choose(card) {
    this.card = card;
    this.answer = null;
    this.render();
    await this.fill(this.engine, () => false, false);
  }

  /** Ask the engine for the chosen card's legal moves (shown unless a newer command took over). */
  async fill(engine, stale = () => false, announce = true) {
    this.engine = engine;
    if (this.problem) { this.showProblem(this.problem); return; }
    try {
      const args = { n4: this.n4, variant: this.variant };
      if (this.card) args.card = this.card;
      const answer = await engine.call("position", args);
      if (stale()) return;
      this.answer = answer;
      this.render();
      this.root.dataset.state = "ready";
      if (announce) post("ready", { n4: this.n4, card: this.card, legal: this.answer.legal });
    } catch (err) {
      if (stale()) return;
      this.showProblem(problemText(err));
    }
  }

  /** A host asked for another position. */
  async command(cmd, engine, stale) {
    if (cmd.type !== "show-position") return;
    if (!this.root.contains(this.box)) this.root.replaceChildren(this.box, this.credit());
    this.load(cmd.n4, cmd.card);
    await this.fill(engine, stale);
  }
}
