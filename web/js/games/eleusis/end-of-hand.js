// The end of a hand, for the result dialog: the secret rule in words, why the hand ended, each
// player's score with its reason, and the mainline replayed card by card with the moment each
// computer player became sure of a rule (the engine's snapshot.sure, sent only once the hand is over).
// In a whole game (E13: every player deals one hand) the dialog also shows the game's running
// totals and, after the last hand, who won by total score (gameTotals).
//
// Between two hands of a whole game the engine has already begun the next hand (it waits for its
// dealer), so the finished hand is the snapshot's last result and its mainline is the result's
// own `mainline_cards`, not the table's.

import { el } from "../../platform/dom.js";
import { t } from "../../platform/i18n/i18n.js";
import { cardElement } from "./table-view.js";
import { endReason, quotedRule, ruleWords, seatName } from "./words.js";

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */

/**
 * Fill the dialog's parts from the finished hand's snapshot.
 * @param {EleusisSnapshot} snap
 * @param {{rule: HTMLElement, reason: HTMLElement, scores: HTMLElement, replay: HTMLElement}} nodes
 */
export function showEndOfHand(snap, nodes) {
  const result = snap.results[snap.results.length - 1];
  if (!result) return;
  nodes.rule.textContent = ruleWords(result.rule, snap.wordings);
  nodes.reason.textContent = endReason(result.reason_msg);
  nodes.scores.replaceChildren(...result.scores.map((score, seat) => {
    const points = result.dealer === seat ? result.dealer_score : score;
    const why = result.dealer === seat
      ? t("eleusis.end.asDealer")
      : t("eleusis.end.held", { count: result.held[seat] });
    const prophet = result.prophet === seat ? el("span", "prophet-note", t("eleusis.end.wasProphet")) : undefined;
    const row = el("li", seat === 0 ? "you" : "",
      el("span", "who", seatName(seat)), el("span", "points", t("eleusis.end.points", { count: points })),
      el("span", "why", why, prophet));
    row.dataset.seat = String(seat);
    return row;
  }));
  replay(snap, nodes.replay, result.hand, result.mainline_cards ?? snap.mainline);
}

/** Whether the snapshot is between two hands of a whole game: a hand is over and the next one
 * waits for its dealer's rule. @param {EleusisSnapshot} snap */
export function betweenHands(snap) {
  return snap.phase === "deal" && snap.hand_number > 0 && snap.results.length === snap.hand_number;
}

/** Whether the snapshot is of a whole game, in which every player deals once (E13). @param {EleusisSnapshot} snap */
export function wholeGame(snap) {
  return snap.hands_in_game > 1;
}

/** Who deals the next hand of a whole game, waiting between hands. @param {EleusisSnapshot} snap */
export function nextDealerText(snap) {
  return snap.dealer === 0 ? t("eleusis.game.youDealNext") : t("eleusis.game.dealsNext", { who: seatName(snap.dealer ?? 0) });
}

/**
 * The seats with the highest total (several on a tie).
 * @param {number[]} totals @returns {number[]}
 */
export function leaders(totals) {
  const best = Math.max(...totals);
  return totals.flatMap((total, seat) => (total === best ? [seat] : []));
}

/**
 * A whole game's totals after its finished hands, best first, and after the last hand its winner
 * (E13.1); nothing for a single hand.
 * @param {EleusisSnapshot} snap @param {HTMLElement} root
 */
export function gameTotals(snap, root) {
  root.hidden = !wholeGame(snap);
  if (root.hidden) {
    root.replaceChildren();
    return;
  }
  const played = snap.results.length;
  const heading = el("h3", "", snap.over ? t("eleusis.game.final", { count: played })
    : t("eleusis.game.soFar", { n: played, total: snap.hands_in_game }));
  const order = snap.totals.map((_, seat) => seat).sort((a, b) => snap.totals[b] - snap.totals[a] || a - b);
  const rows = order.map((seat) => {
    const row = el("li", seat === 0 ? "you" : "",
      el("span", "who", seatName(seat)), el("span", "points", t("eleusis.end.points", { count: snap.totals[seat] })));
    row.dataset.seat = String(seat);
    return row;
  });
  const parts = [heading, el("ol", "game-totals", ...rows)];
  if (snap.over) {
    const best = leaders(snap.totals);
    const text = best.length > 1
      ? t("eleusis.game.tie", { who: best.map(seatName), count: snap.totals[best[0]] })
      : t(best[0] === 0 ? "eleusis.game.youWin" : "eleusis.game.winner", { who: seatName(best[0]), count: snap.totals[best[0]] });
    const winner = el("p", "game-winner", text);
    winner.id = "game-winner";
    parts.push(winner);
  } else {
    parts.push(el("p", "next-dealer", nextDealerText(snap)));
  }
  root.replaceChildren(...parts);
}

/** How long the whole line takes to arrive, in ms: short, so that the replay is never half empty for long. */
const REPLAY_MS = 900;

/**
 * The mainline, card by card (the cards arrive one after the other within REPLAY_MS), a ★ on the
 * card from which computer players believed a rule, and under the line one sentence per such
 * moment: who believed (or found, when it is the dealt rule) from which card, and of what rule (in words, unless it is the secret rule itself). A flag beside
 * each card used to be a 7-line label that broke the line into chunks and repeated the same rule
 * for every player who found it (issue 33).
 * @param {EleusisSnapshot} snap @param {HTMLElement} root @param {number} hand @param {string[]} mainline
 */
export function replay(snap, root, hand, mainline) {
  const moments = snap.sure.filter((m) => m.hand === hand);
  const secret = snap.results.find((r) => r.hand === hand)?.rule ?? null;
  const step = Math.min(120, Math.round(REPLAY_MS / Math.max(1, mainline.length)));
  const items = mainline.map((card, index) => {
    const sure = moments.some((m) => m.at === index + 1);
    const item = el("li", `replay-step${sure ? " sure" : ""}`, cardElement(card));
    if (sure) item.append(el("span", "sure-star", "★"));
    item.style.setProperty("--delay", `${index * step}ms`);
    return item;
  });
  /** @type {Map<string, {at: number, rule: string, found: boolean, seats: number[]}>} the moments by card and rule */
  const groups = new Map();
  for (const m of moments) {
    const key = `${m.at}:${m.rule}`;
    // "found" when the rule believed is the dealt one (the engine's flag; the same notation otherwise)
    if (!groups.has(key)) groups.set(key, { at: m.at, rule: m.rule, found: Boolean(m.found) || m.rule === secret, seats: [] });
    groups.get(key)?.seats.push(m.seat);
  }
  const flags = [...groups.values()].sort((a, b) => a.at - b.at).map((group) => {
    const params = { who: group.seats.map(seatName), card: mainline[group.at - 1] ?? "", n: group.at };
    const text = group.found ? t("eleusis.end.sureOfRule", params)
      : t("eleusis.end.sureOfOther", { ...params, rule: quotedRule(group.rule, snap.wordings) });
    const flag = el("li", "sure-flag", text);
    flag.dataset.seats = String(group.seats.length);
    return flag;
  });
  const never = [];
  // A computer player who dealt the hand knew the rule: it was not hunting.
  const dealer = snap.results.find((r) => r.hand === hand)?.dealer ?? null;
  for (let seat = 1; seat < snap.seats; seat++) {
    if (snap.levels[seat] !== null && seat !== dealer && !moments.some((m) => m.seat === seat)) never.push(seatName(seat));
  }
  const line = el("ol", "replay-line", ...items);
  /** @type {HTMLElement[]} */
  const parts = [line];
  if (flags.length) parts.push(el("ul", "sure-list", ...flags));
  if (never.length) parts.push(el("p", "never-sure", t("eleusis.end.neverSure", { who: never })));
  root.replaceChildren(...parts);
  // Restart the motion when the same dialog opens again.
  root.classList.remove("play");
  void root.offsetWidth;
  root.classList.add("play");
}
