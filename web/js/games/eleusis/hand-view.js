// The person's hand: one button per card, in the engine's order. A card the engine lists as
// playable now is enabled; the page decides nothing else. In Eleusis Express a click plays the card;
// in Eleusis a click adds the card to the selection (or takes it out), and the selection, in the
// order chosen, is played as one card or a string. The arrow keys move between the cards.
//
// Glossary:
//   selection -- indexes into the hand, in the order the person picked them (a string's order).

import { el, hiddenText } from "../../platform/dom.js";
import { cardName, t } from "../../platform/i18n/i18n.js";
import { cardShort } from "../../cards/cards.js";
import { isRed } from "./words.js";

export class HandView {
  /**
   * @param {HTMLElement} root
   * @param {(index: number) => void} onCard a card was chosen (click, Enter or Space)
   */
  constructor(root, onCard) {
    this.root = root;
    this.onCard = onCard;
    /** @type {string[]} */
    this.cards = [];
    root.addEventListener("keydown", (event) => this.move(event));
  }

  /**
   * @param {string[]} cards the hand
   * @param {number[]} selection
   * @param {boolean} active the person may choose a card now
   * @param {Set<string>} playable cards the engine lists as playable now
   */
  update(cards, selection, active, playable) {
    const focused = this.root.contains(document.activeElement)
      ? Number(/** @type {HTMLElement} */ (document.activeElement).dataset.index) : -1;
    this.cards = cards;
    const buttons = cards.map((card, index) => {
      const order = selection.indexOf(index);
      // The name is real (hidden) text rather than aria-label, as the card game's hand does: a
      // label other than what is shown ("Q♦" named "queen of diamonds") fails Label in Name.
      const face = el("span", "face", cardShort(card));
      face.setAttribute("aria-hidden", "true");
      const number = order >= 0 ? el("span", "order", String(order + 1)) : undefined;
      number?.setAttribute("aria-hidden", "true");
      const node = el("button", `card hand-card ${isRed(card) ? "red" : "black"}${order >= 0 ? " selected" : ""}`,
        hiddenText(order >= 0 ? t("eleusis.hand.cardSelected", { card: cardName(card), n: order + 1 }) : cardName(card)),
        face, number);
      node.type = "button";
      node.dataset.card = card;
      node.dataset.index = String(index);
      node.disabled = !active || !playable.has(card);
      node.setAttribute("aria-pressed", String(order >= 0));
      node.addEventListener("click", () => this.onCard(index));
      return node;
    });
    this.root.replaceChildren(...buttons);
    this.root.setAttribute("aria-label", t("eleusis.hand.label", { count: cards.length }));
    if (focused >= 0) this.focus(Math.min(focused, cards.length - 1));
  }

  /** Focus the card at index (or the nearest enabled one). @param {number} index */
  focus(index) {
    const buttons = /** @type {HTMLButtonElement[]} */ ([...this.root.querySelectorAll("button")]);
    const target = buttons[index] && !buttons[index].disabled ? buttons[index] : buttons.find((b) => !b.disabled);
    target?.focus();
  }

  /** Arrow keys: the next or previous enabled card. @param {KeyboardEvent} event */
  move(event) {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) return;
    const buttons = /** @type {HTMLButtonElement[]} */ ([...this.root.querySelectorAll("button:not(:disabled)")]);
    if (!buttons.length) return;
    event.preventDefault();
    const at = buttons.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    const step = event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1;
    const next = event.key === "Home" ? 0 : event.key === "End" ? buttons.length - 1
      : (at + step + buttons.length) % buttons.length;
    buttons[next].focus();
  }
}
