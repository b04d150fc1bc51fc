// The lab's small card faces (the sandbox's hand and mainline): the value and the suit's sign, red
// or black (the signs and colours of the site's playing cards, ../../cards/cards.js), named in
// the page's language for screen readers. Rule-free: it draws a card text.
//
//   labCard("10D", { tag: "button", note: "right" })  // <button class="lab-card" data-card="10D" ...>

import { el, hiddenText } from "../../platform/dom.js";
import { cardName } from "../../platform/i18n/i18n.js";
import { RANKS, SUITS, SUIT_LETTERS, splitCard } from "../../cards/cards.js";

/**
 * A card face.
 * @param {string} card its text, "7H" or "10D"
 * @param {{tag?: "span"|"button"|"li", note?: string}} [options] note: words read after the name
 * @returns {HTMLElement}
 */
export function labCard(card, { tag = "span", note } = {}) {
  const { rank, suit } = splitCard(card);
  const words = note ? `${cardName(card)}, ${note}` : cardName(card);
  const rankNode = el("span", "lab-card-rank", rank);
  const suitNode = el("span", "lab-card-suit", SUITS[suit].symbol);
  const face = el(tag, "lab-card", rankNode, suitNode);
  face.dataset.card = card;
  face.dataset.colour = SUITS[suit].colour;
  if (tag === "button") {
    // A button is named by hidden text, its face hidden from screen readers: an aria-label other
    // than what is shown ("Q♥" named "queen of hearts, play it") fails Label in Name.
    /** @type {HTMLButtonElement} */ (face).type = "button";
    rankNode.setAttribute("aria-hidden", "true");
    suitNode.setAttribute("aria-hidden", "true");
    face.prepend(hiddenText(words));
  } else {
    face.setAttribute("aria-label", words);
  }
  return face;
}

/** Every card text, ace to king, spades, hearts, diamonds, clubs. */
export const ALL_CARDS = RANKS.flatMap((rank) => SUIT_LETTERS.map((suit) => rank + suit));

/**
 * A small seeded random-number maker (mulberry32): the sandbox deals the same cards for a seed.
 * @param {number} seed @returns {() => number} numbers in [0, 1)
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
