// The figures of the Statistics screen come from the engine (webapi "stats", leopard_core/stats.py)
// for the records of the chosen variant and level; this module chooses those records and writes
// the figures in the page's locale.

import { locale } from "../../platform/i18n/i18n.js";

/** @typedef {import("./stats-store.js").GameRecord} GameRecord */
/**
 * @typedef {{games: number, won: number, drawn: number, lost: number, hands: number,
 *   average_hand: number|null, best_hand: number|null,
 *   points_per_hand: {own: number|null, opp: number|null}, longest_winning_streak: number,
 *   games_with_undo: number, games_with_hints: number,
 *   recent: {finished_at: string, margin: number, result: string}[]}} StatsSummary
 */

/** The records of one variant and level ("" = any). @param {GameRecord[]} records @param {string} variant @param {string} level */
export function recordsOf(records, variant, level) {
  return records.filter((r) => (!variant || r.variant === variant) && (!level || r.level === level));
}

/** A figure as shown: at most one decimal, "–" when there is none. @param {number|null} value */
export function shown(value) {
  if (value === null || value === undefined) return "–";
  const decimals = Number.isInteger(value) ? 0 : 1;
  return new Intl.NumberFormat(locale(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false })
    .format(value);
}
