// The person's hand: one button per card, the chosen one pressed, the just-drawn ones marked,
// the ones the engine allows no move for dimmed.

import { cardName, renderCard } from "../../cards/cards.js";
import { el, hiddenText } from "../../platform/dom.js";
import { isPlayable } from "./selection.js";
import { t } from "../../platform/i18n/i18n.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */

/**
 * Draw the hand into container.
 * @param {HTMLElement} container
 * @param {Snapshot} snap
 * @param {{yourTurn: boolean, selected: number|null, onChoose: (index: number, byKeyboard: boolean) => void}} options
 */
export function renderHand(container, snap, { yourTurn, selected, onChoose }) {
  const drawn = [...snap.drawn];
  const nodes = snap.hand.map((card, index) => {
    const button = el("button", "hand-card");
    button.type = "button";
    button.id = `hand-card-${index}`;
    button.dataset.card = card;
    const isDrawn = drawn.indexOf(card) >= 0;
    if (isDrawn) {
      drawn.splice(drawn.indexOf(card), 1);
      button.classList.add("drawn");
    }
    const playable = yourTurn && isPlayable(snap.legal_moves, card);
    button.classList.toggle("unplayable", yourTurn && !playable);
    button.setAttribute("aria-pressed", String(selected === index));
    button.setAttribute("aria-disabled", String(!playable));
    // The name is real (hidden) text rather than aria-label, so it matches what is read and shown.
    const face = renderCard(card);
    if (isDrawn) face.dataset.badge = t("game.hand.new"); // the style sheet shows it on the card
    button.append(hiddenText(isDrawn ? t("game.hand.justDrawn", { card }) : cardName(card)), face);
    button.addEventListener("click", (event) => onChoose(index, event.detail === 0));
    return button;
  });
  container.replaceChildren(...nodes);
  if (!snap.hand.length) container.append(el("p", "empty-hand", t("game.hand.empty")));
}
