// The end of a hand, for the result dialog: the secret rule in words, why the hand ended, each
// player's score with its reason, and the mainline replayed card by card with the moment each
// computer player became sure of a rule (the engine's snapshot.sure, sent only once the hand is over).

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
    const why = result.dealer === seat
      ? t("eleusis.end.asDealer")
      : t("eleusis.end.held", { count: result.held[seat] });
    const prophet = result.prophet === seat ? el("span", "prophet-note", t("eleusis.end.wasProphet")) : undefined;
    const row = el("li", seat === 0 ? "you" : "",
      el("span", "who", seatName(seat)), el("span", "points", t("eleusis.end.points", { count: score })),
      el("span", "why", why, prophet));
    row.dataset.seat = String(seat);
    return row;
  }));
  replay(snap, nodes.replay, result.hand);
}

/**
 * The mainline, card by card (each arrives a moment after the one before), with a flag after the
 * card from which each computer player was sure.
 * @param {EleusisSnapshot} snap @param {HTMLElement} root @param {number} hand
 */
export function replay(snap, root, hand) {
  const moments = snap.sure.filter((m) => m.hand === hand);
  const items = snap.mainline.map((card, index) => {
    const flags = moments.filter((m) => m.at === index + 1).map((m) =>
      el("span", "sure-flag", t("eleusis.end.sureHere", { who: seatName(m.seat), rule: quotedRule(m.rule, snap.wordings) })));
    const item = el("li", "replay-step", cardElement(card), ...flags);
    item.style.setProperty("--step", String(index));
    return item;
  });
  const never = [];
  for (let seat = 1; seat < snap.seats; seat++) {
    if (snap.levels[seat] !== null && !moments.some((m) => m.seat === seat)) never.push(seatName(seat));
  }
  const line = el("ol", "replay-line", ...items);
  root.replaceChildren(...(never.length ? [line, el("p", "never-sure", t("eleusis.end.neverSure", { who: never }))] : [line]));
  // Restart the motion when the same dialog opens again.
  root.classList.remove("play");
  void root.offsetWidth;
  root.classList.add("play");
}
