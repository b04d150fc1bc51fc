// Playing cards as every card game on the site draws and names them (the browser's counterpart of
// leopard_core/cards.py): the card game (games/leopard/) and Eleusis (games/eleusis/) both draw
// their faces and backs here, so a change to one game's table cannot break the other's cards.
// No rules here: which cards a game deals, and what they are worth, come from its engine.
//
// Glossary:
//   card text   -- a card as the engine writes it: the rank, then the suit's letter ("7H", "10D", "KS").
//   suit letter -- S, H, D, C (spades, hearts, diamonds, clubs), in the order menus list them;
//                  SUITS gives each its sign and its colour (red or black).
//   face        -- <span class="card face suit-H red"> with the rank and the suit's sign; hidden from
//                  screen readers (the space or button holding it says the card's name).
//   back        -- <span class="card back">; a face-down card its owner knows shows its short name on
//                  the back ("known").
//   names       -- cardName("7H") -> "7 of hearts", theCardName("JH") -> "the jack of hearts" (in the
//                  page's language, from the catalog's cards.*); cardShort("10D") -> "10♦";
//                  layerName({card, up}) -> the name, or "a face-down card" when it is face down.
//
//   renderCard("7H")                // the face of the seven of hearts
//   renderCard("7H", { up: false }) // its back, with "7♥" on it
//   renderCard(null, { up: false }) // a back nobody knows

import { cardName, t, theCardName } from "../platform/i18n/i18n.js";
import { el } from "../platform/dom.js";

export { cardName, theCardName };

/** The suit letters, in the order menus list them; their names are the catalog's cards.suit.*. */
export const SUIT_LETTERS = ["S", "H", "D", "C"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

export const SUITS = {
  S: { symbol: "\u2660", colour: "black" },
  H: { symbol: "\u2665", colour: "red" },
  D: { symbol: "\u2666", colour: "red" },
  C: { symbol: "\u2663", colour: "black" },
};

/** "10D" -> {rank: "10", suit: "D"}. @param {string} card */
export function splitCard(card) {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

/** "10D" -> "10♦". @param {string} card */
export function cardShort(card) {
  const { rank, suit } = splitCard(card);
  return `${rank}${SUITS[suit].symbol}`;
}

/** A card as it lies: its name face up, or what is known of it face down. @param {{card: string|null, up: boolean}} layer */
export function layerName(layer) {
  if (layer.up) return cardName(layer.card);
  return layer.card ? t("cards.faceDownKnown", { card: layer.card }) : t("cards.faceDown");
}

/**
 * One card face ("7H"), or a back when up is false or the card is unknown (a known face-down card
 * shows its short name small on the back).
 * @param {string|null} card @param {{up?: boolean, known?: boolean}} [options]
 */
export function renderCard(card, { up = true, known = true } = {}) {
  if (!up || !card) {
    const back = el("span", "card back");
    back.setAttribute("aria-hidden", "true");
    if (card && known) back.append(el("span", "back-name", cardShort(card)));
    return back;
  }
  const { rank, suit } = splitCard(card);
  const info = SUITS[suit];
  const face = el("span", `card face suit-${suit} ${info.colour}`);
  face.setAttribute("aria-hidden", "true");
  face.append(el("span", "rank", rank), el("span", "pip", info.symbol));
  return face;
}
