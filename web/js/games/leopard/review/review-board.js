// The review's table: one position of the hand as the person saw it (the engine's view): the
// computer's square and its face-down hand, the stock and the discard pile, the person's square and
// hand. Draws what it is given and knows no rules; the move about to be made is marked (the card in
// the hand, or the space it went to, for a move of the computer's) from the log entry it is given.
//
// Example: drawBoard(byId("review-board"), table, entry) draws into #review-board.

import { renderSquare } from "../cards/square-view.js";
import { cardName, renderCard } from "../../../cards/cards.js";
import { el, hiddenText } from "../../../platform/dom.js";
import { t } from "../../../platform/i18n/i18n.js";

/** @typedef {import("./review-state.js").Table} Table */
/** @typedef {import("../../../platform/engine/types.js").LogEntry} LogEntry */

/** How many backs of the computer's hand are drawn (the count is written beside them). */
const BACKS = 12;

/**
 * Draw a position.
 * @param {HTMLElement} container
 * @param {Table} table the person's view before the move (or at the hand's end)
 * @param {LogEntry|null} next the move made from it (marked), or null
 * @param {number[][]} [layout] the squares' layout (the variant's; the standard one by default)
 */
export function drawBoard(container, table, next, layout) {
  const played = next?.kind === "play" || next?.kind === "discard" ? next.card ?? null : null;
  const byPerson = next?.by === "own";
  const oppSquare = el("div", "review-square");
  const ownSquare = el("div", "review-square");
  renderSquare(oppSquare, table.opp, { layout, label: t("dialogs.review.board.oppSquare"), compact: true });
  renderSquare(ownSquare, table.own, { layout, label: t("dialogs.review.board.ownSquare"), compact: true });

  const oppHand = el("div", "review-backs");
  oppHand.append(...Array.from({ length: Math.min(BACKS, table.opp_hand_count) }, () => renderCard(null, { up: false })));
  const oppHead = el("p", "review-side-head", t("dialogs.review.board.opp", { count: table.opp_hand_count }));

  const top = table.discards[table.discards.length - 1];
  const piles = el("p", "review-piles",
    t("dialogs.review.board.stock", { count: table.stock_count }),
    " · ",
    top ? t("dialogs.review.board.discardTop", { card: top }) : t("dialogs.review.board.noDiscard"));

  const hand = el("ul", "review-hand");
  hand.setAttribute("aria-label", t("dialogs.review.board.ownHand"));
  let marked = false;
  hand.append(...table.hand.map((card) => {
    const li = el("li", "review-card");
    li.dataset.card = card;
    const isPlayed = byPerson && !marked && card === played;
    if (isPlayed) {
      marked = true;
      li.classList.add("played");
    }
    li.append(hiddenText(isPlayed ? t("dialogs.review.board.playedCard", { card }) : cardName(card)), renderCard(card));
    return li;
  }));
  if (!table.hand.length) hand.append(el("li", "review-empty", t("dialogs.review.board.emptyHand")));
  const ownHead = el("p", "review-side-head", t("dialogs.review.board.own", { count: table.hand.length }));

  if (next?.kind === "play" && !byPerson) {
    const square = next.square === "own" ? ownSquare : oppSquare;
    square.querySelector(`[data-space="${next.space}"]`)?.classList.add("just-played");
  }
  const ownHead2 = el("p", "review-side-head", t("dialogs.review.board.ownSquare"));
  container.replaceChildren(
    el("div", "review-squares",
      el("div", "review-side opp", oppHead, oppHand, oppSquare),
      el("div", "review-side own", ownHead2, ownSquare)),
    piles,
    el("div", "review-side own-hand", ownHead, hand),
  );
}
