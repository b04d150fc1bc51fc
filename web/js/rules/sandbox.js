// The rules page's sandbox: the reader builds a position (both squares and a hand, N4), sees what each
// square is worth and, for a card in hand, where it may legally go. The engine (`position` call)
// answers every question; this module only keeps the reader's edits and draws the answers.
//
// Glossary:
//   side     -- "own" (the reader's square) or "opp" (the opponent's square), as in N3 moves.
//   selected -- the space being edited: {side, space}.
//   chosen   -- the index in the hand of the card whose legal moves are shown.
//   refusal  -- the engine's reason for refusing the position, in one short sentence (null when it
//               answered): the position stays as edited, the squares and the hand line say that it
//               was refused instead of waiting, and the next edit asks again.
//
// <div id="sandbox" data-state="pending|ready|refused">: tests and styles wait on it.
//
// The reader's position and variant are kept in localStorage as they edit them (SANDBOX_KEY, read
// as every record is: GameStorage.readObject), so a reload shows the sandbox as they left it;
// "Start again" goes back to the page's position.

import { renderSquare } from "../games/leopard/cards/square-view.js";
import { labelCardButton, nameSpacesByText, placesSentence } from "../games/leopard/cards/diagram.js";
import { formatPosition, parsePosition, parsePlay, parseCard } from "../games/leopard/cards/notation.js";
import { RANKS, SUIT_LETTERS } from "../cards/cards.js";
import { errorText, t, tMsg } from "../platform/i18n/i18n.js";
import { isMsg } from "../platform/i18n/catalog.js";
import { el } from "../platform/dom.js";
import { GameStorage } from "../platform/storage.js";

const START = "AH,2H,3D/4D,-,6H/7S,-,9H | -,2S,3S/-,5S,-/-,-,- | 7H,10D,KH,JC,QS,5D";
/** {n4, variant}: the reader's position in the notation (N4) and the variant chosen. */
export const SANDBOX_KEY = "leopard.rules.sandbox.v1";
const VARIANTS = ["standard", "classic", "running"];

/** Why `kept` is not a kept sandbox ("" when it is one). @param {Record<string, any>} kept */
function keptProblem(kept) {
  if (!VARIANTS.includes(kept.variant)) return "variant";
  try {
    parsePosition(kept.n4);
  } catch {
    return "n4";
  }
  return "";
}
/** The accessible name of each side's square. @param {"own"|"opp"} side */
const sideLabel = (side) => t(side === "own" ? "rules.sandbox.ownSquare" : "rules.sandbox.oppSquare");

/**
 * The engine's refusal of a position in one short sentence: what is wrong, never the whole position
 * quoted back (the engine's texts quote it, for the command line). A part that cannot be read says
 * its own reason; too many copies of a card names them; anything else a plain sentence.
 * @param {unknown} err
 */
export function refusalReason(err) {
  const msg = /** @type {{msg?: unknown}} */ (err)?.msg;
  if (!isMsg(msg)) return errorText(err);
  const params = /** @type {Record<string, unknown>} */ (msg.params ?? {});
  if (msg.code === "notation.position_counts") return t("rules.sandbox.refusal.tooMany", { cards: params.cards });
  if (msg.code === "notation.position_part" && isMsg(params.error)) return tMsg(params.error);
  if ("text" in params) return t("rules.sandbox.refusal.unreadable");
  return tMsg(msg);
}

class Sandbox {
  constructor(root) {
    this.root = root;
    this.engine = null;
    this.find = (name) => root.querySelector(`[data-sb="${name}"]`);
    /** what the browser's storage did with the kept sandbox (set aside, blocked), said until the next reload */
    this.storageNote = "";
    this.storage = new GameStorage((problem) => {
      this.storageNote = problem;
      this.showError("");
    });
    const kept = this.storage.readObject(SANDBOX_KEY, { what: "game.storage.record.what.rulesSandbox", problemOf: keptProblem });
    this.position = parsePosition(kept.n4 ?? START);
    this.variant = kept.variant ?? "standard";
    this.selected = { side: "own", space: 5 };
    this.chosen = this.position.hand.length ? 0 : null;
    this.answer = null;
    /** @type {string|null} */
    this.refusal = null;
    this.legal = [];
    this.sequence = 0;
    this.buildCardPickers();
    this.find("variant").value = this.variant;
    this.wire();
    this.render();
  }

  /** Fill the rank and suit menus. */
  buildCardPickers() {
    const rank = this.find("rank");
    for (const r of RANKS) rank.append(new Option(t(`cards.rank.${r}`), r));
    rank.value = "K";
    const suit = this.find("suit");
    for (const letter of SUIT_LETTERS) suit.append(new Option(t(`cards.suit.${letter}`), letter));
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
      this.showError(t("rules.sandbox.notPosition", { detail: err.message }));
      return;
    }
    this.chosen = this.position.hand.length ? 0 : null;
    this.refresh();
  }

  /** Say what the engine (or the notation) refused. */
  showError(message) {
    const box = this.find("error");
    box.textContent = message || this.storageNote;
    box.hidden = !box.textContent;
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

  /** Draw from the local edit at once, keep it, then ask the engine. */
  refresh() {
    this.storage.write(SANDBOX_KEY, JSON.stringify({ n4: formatPosition(this.position), variant: this.variant }));
    this.answer = null;
    this.refusal = null;
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
      this.refusal = null;
      this.legal = answer.legal;
      this.showError("");
    } catch (err) {
      if (sequence !== this.sequence) return;
      this.answer = null;
      this.refusal = refusalReason(err);
      this.legal = [];
      this.showError(t("rules.sandbox.refused", { detail: this.refusal }));
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
    // Every space may be chosen for editing: a click on any space selects it (onMiss, no targets,
    // so the spaces' names stay plain; a space where the chosen card may go says so below).
    const select = (space) => this.selectSpace(side, space);
    const grid = renderSquare(box.querySelector(".sb-board"), data, {
      layout: info?.layout, label: sideLabel(side), idPrefix: `sb-${side}`,
      targets: [], onSpace: select, onMiss: select,
    });
    for (const cell of /** @type {NodeListOf<HTMLElement>} */ (grid.querySelectorAll("[data-space]"))) {
      const space = Number(cell.dataset.space);
      const isSelected = this.selected.side === side && this.selected.space === space;
      cell.classList.remove("target");
      cell.classList.toggle("legal", legal.has(space));
      cell.classList.toggle("selected", isSelected);
      cell.setAttribute("aria-disabled", "false");
      cell.setAttribute("aria-pressed", String(isSelected));
      const label = cell.getAttribute("aria-label");
      if (legal.has(space)) cell.setAttribute("aria-label", t("rules.sandbox.spaceLegal", { label }));
    }
    nameSpacesByText(grid);
    const value = box.querySelector(".sb-value");
    if (info) {
      value.dataset.raw = String(info.raw);
      value.textContent = info.bonus > 0
        ? t("rules.sandbox.worthScore", { count: info.raw, score: info.score })
        : t("rules.sandbox.worth", { count: info.raw });
    } else {
      delete value.dataset.raw;
      if (this.refusal !== null) value.textContent = t("rules.sandbox.refusedValue");
      else value.textContent = this.engine ? t("rules.sandbox.asking") : t("rules.diagram.waiting");
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
    if (!this.position.hand.length) list.append(el("li", "sb-empty", t("rules.sandbox.emptyHand")));
  }

  /** Words for the chosen card's legal moves. */
  describeLegal() {
    const out = this.find("legal");
    if (this.chosen === null || !this.position.hand.length) {
      out.textContent = t("rules.sandbox.chooseCard");
      return;
    }
    const card = this.position.hand[this.chosen];
    if (this.refusal !== null) {
      out.textContent = t("rules.sandbox.refusedLegal", { card });
      return;
    }
    if (!this.answer) {
      out.textContent = t("rules.sandbox.whereWaiting", { card });
      return;
    }
    const plays = this.legal.map(parsePlay).filter(Boolean);
    const where = placesSentence(plays);
    const discard = this.legal.includes(`discard ${card}`);
    let key = "rules.sandbox.legal.none";
    if (where) key = discard ? "rules.sandbox.legal.playOrDiscard" : "rules.sandbox.legal.play";
    else if (discard) key = "rules.sandbox.legal.discardOnly";
    const sentence = t(key, { card, where });
    out.textContent = this.legal.includes("out") ? t("rules.sandbox.legal.withOut", { sentence }) : sentence;
  }

  /** Redraw everything. */
  render() {
    const focused = this.root.contains(document.activeElement) ? document.activeElement.id : "";
    this.renderSide("opp");
    this.renderSide("own");
    this.renderHand();
    this.describeLegal();
    const editing = this.selected.side === "own" ? "rules.sandbox.editingOwn" : "rules.sandbox.editingOpp";
    this.find("selected").textContent = t(editing, { space: this.selected.space });
    this.find("n4").value = formatPosition(this.position);
    this.root.dataset.state = this.answer ? "ready" : this.refusal !== null ? "refused" : "pending";
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
    this.showError(t("rules.sandbox.engineFailed", { detail: errorText(err) }));
  }
}

/** Start the sandbox in `root` (null when the page has none). */
export function startSandbox(root) {
  return root ? new Sandbox(root) : null;
}
