// The review's words: what a move was, what it cost, where the reader is. Pure functions of the
// engine's answers; every sentence is a template of the catalog (dialogs.review.*) and numbers are
// written the language's way (one decimal: "1.8" in English, "1,8" in Spanish).
//
// Glossary:
//   N3 move   the engine's text of a move from the mover's side ("7H to own 7", "discard 4H", "out").
//   move name what the person could do, as words: "the seven of hearts to your space 7".
// Example: costText({cost: 1.84, spread: 0.42, ...}) -> "about 1.8 points, give or take 0.4";
//   verdictText of an as-good move -> "As good as the best move".

import { t, tMsg } from "../../../platform/i18n/i18n.js";
import { describeMove } from "../move-words.js";

/** @typedef {import("./review-state.js").Verdict} Verdict */
/** @typedef {import("./review-state.js").ReviewState} ReviewState */

/** A number rounded to one decimal (the catalog's {x:number} writes it the language's way). @param {number} value */
export const tenths = (value) => Math.round(value * 10) / 10;

/** What a move cost, with its uncertainty: "about 1.8 points, give or take 0.4". @param {Verdict} verdict */
export function costText(verdict) {
  return t("dialogs.review.cost", { count: tenths(verdict.cost), spread: tenths(verdict.spread) });
}

/** The verdict's line: "Cost: about 1.8 points, give or take 0.4", or that it was as good as the best. @param {Verdict} verdict */
export function verdictText(verdict) {
  return verdict.as_good ? t("dialogs.review.asGood") : t("dialogs.review.costLine", { cost: costText(verdict) });
}

/**
 * A move of the person's (N3, from their side) as words: "the seven of hearts to your space 7".
 * @param {string} move
 */
export function moveName(move) {
  const words = move.trim().split(/\s+/);
  if (words[0] === "discard" && words[1]) return t("dialogs.review.move.discard", { card: words[1] });
  if (words[1] === "to" && (words[2] === "own" || words[2] === "opp") && words[3]) {
    return t(`dialogs.review.move.${words[2]}`, { card: words[0], space: Number(words[3]) });
  }
  if (["out", "end", "pass"].includes(words[0])) return t(`dialogs.review.move.${words[0]}`);
  return move;
}

/** The reason the engine gives for a move, in the page's language, or "". @param {import("./review-state.js").Msg|null|undefined} msg */
export function reasonText(msg) {
  return msg ? tMsg(msg) : "";
}

/**
 * A step as one sentence ("You played …", "The computer played a face-down card …").
 * @param {ReviewState} state @param {number} index
 */
export function stepSentence(state, index) {
  const entry = state.entryOf(index);
  if (entry) return describeMove(entry);
  const step = state.steps[index];
  return step.seat === "person" ? t("dialogs.review.youPlayed", { move: moveName(step.move) }) : t("dialogs.review.computerMoved");
}

/** Where the reader is, for the slider and the heading of the step. @param {ReviewState} state */
export function whereText(state) {
  if (state.position >= state.count) return t("dialogs.review.atEnd", { count: state.count });
  return t("dialogs.review.moveOf", { move: state.position + 1, count: state.count });
}

/** The hand's end in words: both scores. @param {ReviewState} state */
export function endText(state) {
  const { own, opp } = state.final;
  return t("dialogs.review.endScores", { own, opp });
}

/** The progress line of the engine's look at the moves. @param {{done: number, total: number}} progress */
export function progressText({ done, total }) {
  return done >= total ? t("dialogs.review.progressDone", { count: total })
    : t("dialogs.review.progress", { done: done + 1, count: total });
}

/** Reasons that already say the move itself ("the nine of diamonds on your space 9: worth ..."). */
const REASONS_NAMING_THE_MOVE = new Set(["hint.build", "hint.build_lines", "hint.cover"]);

/**
 * The engine's best move with its reason, the move said once: "Best: the seven of hearts to your
 * space 7. Completes row 7-8-9 in hearts (+3)", or "Best: the nine of diamonds on your space 9:
 * worth about +1.2 points on average" when the reason already names the move.
 * @param {Verdict} verdict
 */
export function bestText(verdict) {
  const reason = reasonText(verdict.reason_msg);
  if (verdict.reason_msg && REASONS_NAMING_THE_MOVE.has(verdict.reason_msg.code)) {
    // The reason is a sentence of its own in the catalog ("The nine ..."): after "Best:" it
    // goes on the same sentence.
    return t("dialogs.review.bestSaid", { reason: reason.charAt(0).toLocaleLowerCase() + reason.slice(1) });
  }
  return t("dialogs.review.best", { move: moveName(verdict.best), reason });
}
