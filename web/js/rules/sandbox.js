// The rules page's sandbox: the reader builds a position (both squares and a hand, N4), sees what each
// square is worth and, for a card in hand, where it may legally go. The engine (`position` call)
// answers every question; this module only keeps the reader's edits and draws the answers.
//
// Glossary:
//   side     -- "own" (the reader's square) or "opp" (the opponent's square), as in N3 moves.
//   selected -- the space being edited: {side, space}.
//   chosen   -- the index in the hand of the card whose legal moves are shown.

import { renderSquare, cardName } from "../cards/square-view.js";
import { labelCardButton, nameSpacesByText, placesSentence } from "../cards/diagram.js";
import {
  RANKS, SUIT_NAMES, formatPosition, parsePosition, parsePlay, parseCard,
} from "../cards/notation.js";

const START = "AH,2H,3D/4D,-,6H/7S,-,9H | -,2S,3S/-,5S,-/-,-,- | 7H,10D,KH,JC,QS,5D";
const SIDE_LABELS = { own: "Your square", opp: "Opponent's square" };

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

class Sandbox {
  constructor(root) {
    this.root = root;
    this.engine = null;
    this.position = parsePosition(START);
    this.variant = "standard";
    this.selected = { side: "own", space: 5 };
    this.chosen = 0;
    this.answer = null;
    this.legal = [];
    this.sequence = 0;
    this.find = (name) => root.querySelector(`[data-sb="${name}"]`);
    this.buildCardPickers();
    this.wire();
    this.render();
  }

  /** Fill the rank and suit menus. */
  buildCardPickers() {
    const rank = this.find("rank");
    for (const r of RANKS) rank.append(new Option(r, r));
    rank.value = "K";
    const suit = this.find("suit");
    for (const [letter, name] of Object.entries(SUIT_NAMES)) suit.append(new Option(`${name}`, letter));
    suit.value = "H";
  }

  /** Hook up the controls. */
  wire() {
    this.find("variant").addEventListener("change", (e) => { this.variant = e.target.value; this.refresh(); });
    this.find("put").addEventListener("click", () => this.putCard());
    this.find("clear").addEventListener("click", () => this.clearSpace());
    this.find("add-hand").addEventListener("click", () => this.addToHand());
    this.find("remove-hand").addEventListener("click", () => this.removeFromHand());
    this.find("n4-form").addEventListener("submit", (e) => { e.preventDefault(); this.loadText(); });
    this.find("reset").addEventListener("click", () => {
      this.position = parsePosition(START);
      this.chosen = 0;
      this.refresh();
    });
  }

  /** The card the rank and suit menus name. */
  pickedCard() {
    return parseCard(this.find("rank").value + this.find("suit").value);
  }

  /** Put the picked card on top of the selected space (face down when asked). */
  putCard() {
    const stack = this.position[this.selected.side][this.selected.space - 1];
    stack.push({ card: this.pickedCard(), up: !this.find("down").checked });
    this.refresh();
  }

  /** Empty the selected space. */
  clearSpace() {
    this.position[this.selected.side][this.selected.space - 1] = [];
    this.refresh();
  }

  /** Add the picked card to the hand and choose it. */
  addToHand() {
    this.position.hand.push(this.pickedCard());
    this.chosen = this.position.hand.length - 1;
    this.refresh();
  }

  /** Take the chosen card out of the hand. */
  removeFromHand() {
    if (this.chosen === null || !this.position.hand.length) return;
    this.position.hand.splice(this.chosen, 1);
    this.chosen = this.position.hand.length ? Math.min(this.chosen, this.position.hand.length - 1) : null;
    this.refresh();
  }

  /** Load the position typed in the N4 field. */
  loadText() {
    const text = this.find("n4").value;
    try {
      this.position = parsePosition(text);
    } catch (err) {
      this.showError(`That is not a position: ${err.message}.`);
      return;
    }
    this.chosen = this.position.hand.length ? 0 : null;
    this.refresh();
  }

  /** Say what the engine (or the notation) refused. */
  showError(message) {
    const box = this.find("error");
    box.textContent = message;
    box.hidden = !message;
  }

  /** Select a space for editing. */
  selectSpace(side, space) {
    this.selected = { side, space };
    this.render();
  }

  /** Choose the hand card whose moves are shown. */
  chooseCard(index) {
    this.chosen = index;
    this.refresh();
  }

  /** Draw from the local edit at once, then ask the engine. */
  refresh() {
    this.answer = null;
    this.legal = [];
    this.render();
    this.ask();
  }

  /** Ask the engine for values and legal moves of the current position. */
  async ask() {
    if (!this.engine) return;
    const sequence = ++this.sequence;
    const n4 = formatPosition(this.position);
    const card = this.chosen !== null ? this.position.hand[this.chosen] : undefined;
    try {
      const answer = await this.engine.call("position", { n4, variant: this.variant, card });
      if (sequence !== this.sequence) return;
      this.answer = answer;
      this.legal = answer.legal;
      this.showError("");
    } catch (err) {
      if (sequence !== this.sequence) return;
      this.answer = null;
      this.legal = [];
      this.showError(`The engine refuses this position: ${err.message}`);
    }
    this.render();
  }

  /** Spaces of one side where the chosen card may go (from the engine's legal moves). */
  targetsOf(side) {
    return new Set(this.legal.map(parsePlay).filter((p) => p && p.side === side).map((p) => p.space));
  }

  /** Draw one square with clickable spaces. */
  renderSide(side) {
    const box = this.find(side);
    const info = this.answer ? this.answer[side] : null;
    const data = info || { stacks: this.position[side] };
    const legal = this.targetsOf(side);
    const grid = renderSquare(box.querySelector(".sb-board"), data, {
      layout: info?.layout, label: SIDE_LABELS[side], idPrefix: `sb-${side}`,
      targets: [1, 2, 3, 4, 5, 6, 7, 8, 9], onSpace: (space) => this.selectSpace(side, space),
    });
    for (const cell of grid.querySelectorAll("[data-space]")) {
      const space = Number(cell.dataset.space);
      const isSelected = this.selected.side === side && this.selected.space === space;
      cell.classList.remove("target");
      cell.classList.toggle("legal", legal.has(space));
      cell.classList.toggle("selected", isSelected);
      cell.setAttribute("aria-disabled", "false");
      cell.setAttribute("aria-pressed", String(isSelected));
      let label = cell.getAttribute("aria-label").replace(/ \(you may play here\)$/, "");
      if (legal.has(space)) label += " (the chosen card may go here)";
      cell.setAttribute("aria-label", label);
    }
    nameSpacesByText(grid);
    const value = box.querySelector(".sb-value");
    if (info) {
      value.dataset.raw = String(info.raw);
      value.textContent = `Worth ${info.raw} ${info.raw === 1 ? "point" : "points"}`
        + (info.bonus > 0 ? ` (hand score ${info.score})` : "");
    } else {
      delete value.dataset.raw;
      value.textContent = this.engine ? "Asking the engine\u2026" : "Value: waiting for the engine\u2026";
    }
  }

  /** Draw the hand as buttons; the chosen one is pressed. */
  renderHand() {
    const list = this.find("hand");
    list.replaceChildren();
    this.position.hand.forEach((card, index) => {
      const item = el("li");
      const button = el("button", "sb-card");
      labelCardButton(button, card);
      button.type = "button";
      button.id = `sb-hand-${index}`;
      button.dataset.card = card;
      button.classList.add(["H", "D"].includes(card.slice(-1)) ? "red" : "black");
      button.setAttribute("aria-pressed", String(index === this.chosen));
      button.addEventListener("click", () => this.chooseCard(index));
      item.append(button);
      list.append(item);
    });
    if (!this.position.hand.length) list.append(el("li", "sb-empty", "(empty hand)"));
  }

  /** Words for the chosen card's legal moves. */
  describeLegal() {
    const out = this.find("legal");
    if (this.chosen === null || !this.position.hand.length) {
      out.textContent = "Choose a card in the hand to see where it may go.";
      return;
    }
    const card = this.position.hand[this.chosen];
    if (!this.answer) {
      out.textContent = `Where may the ${cardName(card)} go? Waiting for the engine\u2026`;
      return;
    }
    const plays = this.legal.map(parsePlay).filter(Boolean);
    const where = placesSentence(plays);
    const discard = this.legal.includes(`discard ${card}`);
    let text = where ? `The ${cardName(card)} may go on ${where}` : `The ${cardName(card)} cannot be played now`;
    text += discard ? (where ? "; or it may be discarded." : "; it may only be discarded.") : ".";
    if (this.legal.includes("out")) text += " You could also go out now (R6).";
    out.textContent = text;
  }

  /** Redraw everything. */
  render() {
    const focused = this.root.contains(document.activeElement) ? document.activeElement.id : "";
    this.renderSide("opp");
    this.renderSide("own");
    this.renderHand();
    this.describeLegal();
    const side = this.selected.side === "own" ? "your square" : "the opponent's square";
    this.find("selected").textContent = `Editing space ${this.selected.space} of ${side}.`;
    this.find("n4").value = formatPosition(this.position);
    this.root.dataset.state = this.answer ? "ready" : "pending";
    if (focused && document.getElementById(focused) && !this.root.contains(document.activeElement)) {
      document.getElementById(focused).focus();
    }
    this.root.dataset.card = this.chosen !== null && this.position.hand[this.chosen] ? this.position.hand[this.chosen] : "";
  }

  /** Start asking the engine. */
  attach(engine) {
    this.engine = engine;
    return this.ask();
  }

  /** The engine could not start: say so where the values would be. */
  engineFailed(err) {
    this.showError(`The engine did not start (${err.message}); values and legal moves are unavailable.`);
  }
}

/** Start the sandbox in `root` (null when the page has none). */
export function startSandbox(root) {
  return root ? new Sandbox(root) : null;
}
