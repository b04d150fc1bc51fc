// What the hunt page keeps in the browser, under keys of its own (the card game's are untouched):
// the game's save as the page kept it before the engine worker kept it (HUNT_KEYS.save, read once on
// the next visit and removed once the worker has kept the game: main.js), the review's marks of the
// last game reviewed (with the save's fingerprint, so reopening its review is instant), the
// settings of the last new game, the person's move not kept yet (pending, through
// ../../platform/pending-move.js), the last view drawn (for the board at once on the next visit)
// and whether the warning of a first game as the Cows was shown (hunt.warning.opening, once per
// browser). All reads and writes go through GameStorage, which never throws.

import { t } from "../../platform/i18n/i18n.js";
import { isPlainObject } from "../../platform/storage.js";
import { linkSeed, shortQuote } from "../../platform/link-input.js";

/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */
/** @typedef {import("./types.js").HuntSnapshot} HuntSnapshot */

export const HUNT_KEYS = Object.freeze({
  save: "leopard.hunt.v1", // the save from before the worker kept the game (kept-game.js)
  unreadablePrefix: "leopard.hunt.unreadable.",
  settings: "leopard.hunt.settings.v1",
  view: "leopard.hunt.view.v1",
  cowsWarned: "leopard.hunt.cows-warned",
  review: "leopard.hunt.review.v1",
  pending: "leopard.hunt.pending.v1",
});

/** @typedef {{side: "L"|"C", level: string, compulsory: boolean}} HuntSettings */

export const LEVELS = Object.freeze(["random", "greedy", "search"]);
export const DEFAULT_SETTINGS = Object.freeze({ side: "L", level: "search", compulsory: true });

/**
 * Why a stored value is not the hunt's settings ("" when it is): the first field holding what the
 * page never writes there (a field left out takes its default).
 * @param {Record<string, any>} data
 */
export function settingsProblem(data) {
  if ("side" in data && data.side !== "L" && data.side !== "C") return "side";
  if ("level" in data && !LEVELS.includes(data.level)) return "level";
  if ("compulsory" in data && typeof data.compulsory !== "boolean") return "compulsory";
  return "";
}

/** The settings of the last new game, each checked; defaults where absent or wrong. @param {GameStorage} storage @returns {HuntSettings} */
export function readSettings(storage) {
  const data = storage.readObject(HUNT_KEYS.settings, { what: "game.storage.record.what.settings", problemOf: settingsProblem });
  return {
    side: data.side === "C" ? "C" : "L",
    level: LEVELS.includes(data.level) ? data.level : DEFAULT_SETTINGS.level,
    compulsory: typeof data.compulsory === "boolean" ? data.compulsory : DEFAULT_SETTINGS.compulsory,
  };
}

/**
 * The game a link asks for (?side=L|C&level=...&seed=N&capture=compulsory|free), or null when the
 * link names none. A bad value gives {problem} naming it (in the page's language).
 * @param {URLSearchParams} params
 * @param {HuntSettings} remembered the values a link leaves out
 * @returns {null | {settings: HuntSettings & {seed?: number}, problem?: undefined} | {problem: string}}
 */
export function settingsFromParams(params, remembered) {
  const keys = ["side", "level", "seed", "capture"];
  if (!keys.some((key) => params.has(key))) return null;
  /** @type {HuntSettings & {seed?: number}} */
  const settings = { ...remembered };
  const side = params.get("side");
  if (side !== null) {
    if (side !== "L" && side !== "C") return { problem: t("hunt.link.side", { value: shortQuote(side) }) };
    settings.side = side;
  }
  const level = params.get("level");
  if (level !== null) {
    if (!LEVELS.includes(level)) return { problem: t("hunt.link.level", { value: shortQuote(level), levels: LEVELS.join(", ") }) };
    settings.level = level;
  }
  const capture = params.get("capture");
  if (capture !== null) {
    if (capture !== "compulsory" && capture !== "free") return { problem: t("hunt.link.capture", { value: shortQuote(capture) }) };
    settings.compulsory = capture === "compulsory";
  }
  const seed = params.get("seed");
  if (seed !== null) {
    const read = linkSeed(seed);
    if (!("seed" in read)) return { problem: read.problem };
    settings.seed = read.seed;
  }
  return { settings };
}

const VIEW_LIMIT = 10000; // characters: a real view is a few hundred

/**
 * @typedef {{cells: string, person: "L"|"C", captured: number, reserve: number, last_move: string|null}} HuntView
 */

/** Keep what the board shows now, for the next visit's first drawing. @param {GameStorage} storage @param {HuntSnapshot} snap */
export function rememberView(storage, snap) {
  const { cells, person, captured, reserve, last_move } = snap;
  storage.write(HUNT_KEYS.view, JSON.stringify({ cells, person, captured, reserve, last_move }));
}

/** The view kept by the last visit, or null when absent or not a view. @param {GameStorage} storage @returns {HuntView|null} */
export function lastView(storage) {
  return storage.readRecord(HUNT_KEYS.view, { what: "game.storage.record.what.huntView", problemOf: viewProblem, limit: VIEW_LIMIT });
}

/**
 * Why a stored value is not a view of the board ("" when it is): the first wrong field.
 * @param {any} view
 */
export function viewProblem(view) {
  if (!isPlainObject(view)) return "not an object";
  if (typeof view.cells !== "string" || !/^[.CL]{49}$/.test(view.cells)) return "cells";
  if (view.person !== "L" && view.person !== "C") return "person";
  if (!Number.isInteger(view.captured) || view.captured < 0) return "captured";
  if (!Number.isInteger(view.reserve) || view.reserve < 0) return "reserve";
  if (view.last_move !== null && (typeof view.last_move !== "string" || view.last_move.length > 200)) return "last_move";
  return "";
}

const REVIEW_LIMIT = 400000; // characters: a long game's marks are a few tens of thousands

/**
 * The review's marks kept for one game: {key, marks}, the key being the engine's fingerprint of the
 * save (hunt.review_open), so the marks of another game are never shown. Only the last game's.
 * @param {GameStorage} storage
 * @returns {import("./review-view.js").MarkStore}
 */
export function reviewStore(storage) {
  return {
    read(key) {
      const kept = storage.readRecord(HUNT_KEYS.review, {
        what: "game.storage.record.what.huntReview", problemOf: reviewProblem, limit: REVIEW_LIMIT,
      });
      return kept && kept.key === key ? kept.marks : null;
    },
    write(key, marks) {
      storage.write(HUNT_KEYS.review, JSON.stringify({ key, marks }));
    },
  };
}

/** Why a stored value is not kept review marks ("" when it is). @param {any} kept */
export function reviewProblem(kept) {
  if (!isPlainObject(kept)) return "not an object";
  if (typeof kept.key !== "string") return "key";
  if (!isPlainObject(kept.marks) || !Object.values(kept.marks).every(isKeptMark)) return "marks";
  return "";
}

/**
 * Whether a kept mark can be drawn: the fields the review reads, of their types (a finding's
 * `text` is the words shown when its message cannot be; a mark of garbage would stop the drawing or
 * put programmer text on the page). @param {any} mark
 */
function isKeptMark(mark) {
  return isPlainObject(mark) && typeof mark.best === "string" && typeof mark.flagged === "boolean"
    && typeof mark.same === "boolean" && Array.isArray(mark.findings)
    && mark.findings.every((/** @type {any} */ f) => isPlainObject(f) && typeof f.text === "string");
}
