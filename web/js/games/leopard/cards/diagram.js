// Live square diagrams for the rules page and the embed, built on the shared renderer (square-view.js).
// A diagram is drawn at once from its N2 text (rules-notation.js parses it for display only); its
// value, scoring lines and layout come later from the engine's `square` answer. No rule lives here.
//
// Glossary:
//   figure -- <figure class="leopard-square" data-n2="..." data-variant="standard"> in the HTML;
//             after the engine answers it carries data-raw and data-score (the tests read them).
//   info   -- the engine's `square` answer: {n2, stacks, raw, lines, bonus, score, layout}.

import { renderSquare, lineName } from "./square-view.js";
import { cardName, cardShort } from "../../../cards/cards.js";
import { parseSquare } from "./notation.js";
import { errorText, t } from "../../../platform/i18n/i18n.js";

/** A list naming each scoring line the engine found. */
export function linesList(info) {
  const list = document.createElement("ul");
  list.className = "lines-list";
  for (const line of info.lines) {
    const item = document.createElement("li");
    item.className = `line-item ${line.kind}`;
    item.textContent = lineName(line);
    list.append(item);
  }
  return list;
}

/** One sentence for a square's value: raw value, and the hand score when the bonus adds to it. */
export function valueSentence(info) {
  if (info.raw === 0) return t("rules.diagram.worthNothing");
  if (info.bonus > 0) return t("rules.diagram.worthBonus", { count: info.raw, score: info.score });
  return t("rules.diagram.worth", { count: info.raw });
}

export class LiveSquare {
  /** Draw `figure` at once from its data-n2; `call` asks the engine later (see fill). */
  constructor(figure, { compact = false, showLines = true } = {}) {
    this.figure = figure;
    this.n2 = figure.dataset.n2 || "";
    this.variant = figure.dataset.variant || "standard";
    this.compact = compact || figure.classList.contains("compact");
    this.showLines = showLines && !this.compact;
    this.board = document.createElement("div");
    this.board.className = "diagram-board";
    this.value = document.createElement("p");
    this.value.className = "diagram-value";
    this.value.setAttribute("aria-live", "polite");
    this.value.textContent = t("rules.diagram.waiting");
    const caption = figure.querySelector("figcaption");
    // The whole caption names the square (a caption may hold marked claims such as
    // <span data-claim="raw">), read before the value sentence is added to it.
    this.label = figure.dataset.label || caption?.textContent?.replace(/\s+/g, " ").trim() || t("rules.diagram.exampleSquare");
    figure.insertBefore(this.board, caption);
    if (caption) caption.append(this.value);
    else figure.append(this.value);
    try {
      this.stacks = parseSquare(this.n2);
      renderSquare(this.board, { stacks: this.stacks }, { label: this.label, compact: this.compact });
    } catch (err) {
      this.stacks = null;
      this.showError(err.message);
    }
  }

  /** Ask the engine for the value and lines, and draw them. */
  async fill(engine) {
    try {
      const info = await engine.call("square", { n2: this.n2, variant: this.variant });
      this.show(info);
      return info;
    } catch (err) {
      this.showError(errorText(err));
      return null;
    }
  }

  /** Draw the engine's answer. */
  show(info) {
    renderSquare(this.board, info, { layout: info.layout, label: this.label, compact: this.compact });
    this.figure.dataset.raw = String(info.raw);
    this.figure.dataset.score = String(info.score);
    this.value.textContent = valueSentence(info);
    this.figure.querySelector(".lines-list")?.remove();
    if (this.showLines && info.lines.length) this.value.after(linesList(info));
  }

  /** Say what is wrong instead of a value. */
  showError(message) {
    this.figure.dataset.error = message;
    this.value.textContent = t("rules.diagram.cannotShow", { detail: message });
    this.value.classList.add("diagram-error");
  }
}

/** "your spaces 1, 2 and 7 and the opponent's space 5" for a list of parsed plays ("" for none). */
export function placesSentence(plays) {
  /** @param {"own"|"opp"} side */
  const group = (side) => {
    const spaces = plays.filter((p) => p.side === side).map((p) => p.space);
    if (!spaces.length) return "";
    const params = { spaces: spaces.slice(0, -1).join(", "), last: spaces[spaces.length - 1] };
    if (side === "own") return t(spaces.length === 1 ? "rules.sandbox.places.ownOne" : "rules.sandbox.places.ownMany", params);
    return t(spaces.length === 1 ? "rules.sandbox.places.oppOne" : "rules.sandbox.places.oppMany", params);
  };
  const own = group("own");
  const opp = group("opp");
  return own && opp ? t("rules.sandbox.places.both", { own, opp }) : own || opp;
}

/** Fill a card button: the short face is shown, the card's name is what a screen reader says. */
export function labelCardButton(button, card) {
  const face = document.createElement("span");
  face.setAttribute("aria-hidden", "true");
  face.textContent = cardShort(card);
  const name = document.createElement("span");
  name.className = "visually-hidden";
  name.textContent = cardName(card);
  button.replaceChildren(face, name);
}

/** Give space buttons their name through hidden text instead of aria-label, so that what a sighted
 * speech-input user reads on the button ("7♥") need not appear word for word in its name. */
export function nameSpacesByText(grid) {
  for (const cell of grid.querySelectorAll("button.space[aria-label]")) {
    for (const child of cell.children) child.setAttribute("aria-hidden", "true");
    const name = document.createElement("span");
    name.className = "visually-hidden";
    name.textContent = cell.getAttribute("aria-label");
    cell.append(name);
    cell.removeAttribute("aria-label");
  }
  return grid;
}
