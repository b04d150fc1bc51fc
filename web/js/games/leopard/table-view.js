// The table: both squares, the stock, the discard pile, the action buttons, the game's header line,
// the score and the move log. Draws a snapshot and the page's selection; reports clicks through
// the handlers it is given.

import { renderSquare } from "./cards/square-view.js";
import { renderCard } from "../../cards/cards.js";
import { nameSpacesByText } from "./cards/diagram.js";
import { byId, button, el, hiddenText } from "../../platform/dom.js";
import { fitHand } from "./hand-fit.js";
import { renderHand } from "./hand-view.js";
import { describeMove, levelName, shortMove, variantName } from "./move-words.js";
import { movesOfCard, noMoves } from "./selection.js";
import { labelPlayers, sideNames } from "./players.js";
import { t } from "../../platform/i18n/i18n.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/types.js").LogEntry} LogEntry */

/**
 * @typedef {object} TableUi
 * @property {boolean} yourTurn  the person may move now
 * @property {number|null} selected  index in snap.hand of the chosen card
 * @property {(side: "own"|"opp", space: number) => void} onSpace
 * @property {(side: "own"|"opp", space: number) => void} onMiss  a click on a space that is not lit
 * @property {(index: number, byKeyboard: boolean) => void} onChoose
 */

/** The computer's plays since the person last moved (all of a running turn). @param {Snapshot} snap */
export function computerTurnEntries(snap) {
  const entries = [];
  for (let i = snap.log.length - 1; i >= 0 && snap.log[i].by === "opp"; i--) entries.unshift(snap.log[i]);
  return entries;
}

/**
 * Draw the whole table.
 * @param {Snapshot} snap
 * @param {TableUi} ui
 */
export function renderTable(snap, ui) {
  const card = ui.yourTurn && ui.selected !== null ? snap.hand[ui.selected] : null;
  const { targets, discard } = card ? movesOfCard(snap.legal_moves, card) : noMoves();
  const lastTurn = computerTurnEntries(snap);
  /** @param {"own"|"opp"} side */
  const marked = (side) => lastTurn.filter((e) => e.kind === "play" && e.square === side).map((e) => e.space);
  const names = sideNames(snap);
  labelPlayers(snap);

  for (const side of /** @type {const} */ (["opp", "own"])) {
    const grid = renderSquare(byId(`${side}-square`), snap[side], {
      layout: snap.layout, targets: targets[side], onSpace: (space) => ui.onSpace(side, space),
      onMiss: (space) => ui.onMiss(side, space),
      label: names.people ? t("game.square.person", { name: names[side] }) : t(`game.square.${side}`),
      highlight: marked(side), idPrefix: side,
    });
    nameSpacesByText(grid);
    byId(`${side}-raw`).textContent = String(snap[side].raw);
  }
  byId("opp-level").textContent = t("game.oppLevel", { level: levelName(snap.level) });
  byId("opp-hand-count").textContent = t("game.cardsInHand", { count: snap.opp_hand_count });
  byId("stock-count").textContent = String(snap.stock_count);
  byId("stock-count").parentElement.setAttribute("aria-label", t("game.stockCount", { count: snap.stock_count }));

  fitHand(byId("table"), snap.hand.length);
  renderHand(byId("hand"), snap, { yourTurn: ui.yourTurn, selected: ui.selected, onChoose: ui.onChoose });
  renderDiscardPile(snap, card, discard, lastTurn.some((e) => e.kind === "discard"));
  renderActions(snap, ui.yourTurn);

  const game = snap.game;
  byId("game-info").textContent = t("game.info", { variant: variantName(snap.variant), hand: game.hand_number, hands: game.hands });
  const totals = { own: names.own, opp: names.opp, ownTotal: game.totals.own, oppTotal: game.totals.opp, count: game.sheet.length };
  byId("totals").textContent = t(game.sheet.length ? "game.totalsAfter" : "game.totals", totals);
  renderLog(byId("log"), snap, lastTurn);
  document.body.dataset.moves = String(snap.log.length);
}

/**
 * @param {Snapshot} snap
 * @param {string|null} card the chosen card
 * @param {boolean} discard the engine allows discarding it
 * @param {boolean} justDiscarded the computer's last turn was a discard
 */
function renderDiscardPile(snap, card, discard, justDiscarded) {
  const top = snap.discards[snap.discards.length - 1];
  const target = byId("discard-target");
  const name = t(`game.discardPile.${top ? "top" : "empty"}${discard ? "Target" : ""}`, { top, card });
  target.replaceChildren(hiddenText(name), top ? renderCard(top) : el("span", "card empty", ""));
  target.classList.toggle("target", discard);
  target.classList.toggle("just-played", justDiscarded);
  target.setAttribute("aria-disabled", String(!discard));
  target.dataset.card = top ?? "";
  byId("show-discards").textContent = t("game.allDiscardsCount", { count: snap.discards.length });
}

/** Go out, End turn and Hand result. @param {Snapshot} snap @param {boolean} yourTurn */
function renderActions(snap, yourTurn) {
  const canOut = yourTurn && snap.legal_moves.includes("out");
  const out = button("go-out");
  out.disabled = !canOut;
  out.textContent = canOut ? t("game.goOutScore", { score: snap.out_score }) : t("game.goOut");
  const end = button("end-turn");
  end.hidden = snap.variant !== "running";
  end.disabled = !(yourTurn && snap.legal_moves.includes("end"));
  const result = button("show-result");
  result.hidden = !snap.over;
  result.textContent = t(snap.game.over ? "game.gameResult" : "game.handResult");
}

/**
 * The moves of this hand, newest last; the computer's last turn stands out.
 * @param {HTMLElement} log @param {Snapshot} snap @param {LogEntry[]} recent
 */
function renderLog(log, snap, recent) {
  const names = sideNames(snap);
  log.replaceChildren(...snap.log.map((entry) => {
    const li = el("li", `by-${entry.by}`);
    if (recent.includes(entry)) li.classList.add("recent");
    li.dataset.move = entry.text;
    const who = el("span", "who", entry.by === "own" ? names.ownLog : names.oppLog);
    who.setAttribute("aria-hidden", "true");
    const what = el("span", "", shortMove(entry, snap));
    what.setAttribute("aria-hidden", "true");
    li.append(who, what, hiddenText(describeMove(entry, snap)));
    return li;
  }));
  log.scrollTop = log.scrollHeight;
}
