// The table kept for the next visit: the last snapshot the page drew (the person's view only: what
// the page already showed), stored under VIEW_KEY and drawn read-only while Python starts. What is
// read back is checked field by field before it is drawn (viewProblem): a damaged record, a `null`
// card or a play with no cards, is set aside and reported by GameStorage.readRecord, and the page
// starts on the empty table instead of failing before Python is even there.
//
// Glossary:
//   view problem  the first field of a stored value that the drawing could not use, or "" for a
//                 view; e.g. viewProblem({...view, hand: [null]}) === "hand"
//   card          a card as the engine writes it: rank then suit, "AH", "10S", "QC"
//
// Example: const view = readKeptView(storage); if (view) table.update(view);

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */
/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */

export const VIEW_KEY = "leopard.eleusis.view.v1";
/** Characters: a real view is a few thousand. */
export const VIEW_LIMIT = 200_000;
/** The record's name in the player's words (a catalog key). */
export const VIEW_WHAT = "game.storage.record.what.view";

const CARD = /^(?:A|[2-9]|10|J|Q|K)[SHDC]$/;
const PHASES = ["deal", "play", "judge", "declare", "guess", "over"];
const MAX_SEATS = 6;
const MAX_CARDS = 312; // six decks: more cards than any table holds
const MAX_PLAYS = 5000; // more plays than any hand has

/** @param {unknown} value @returns {value is string} */
export const isCard = (value) => typeof value === "string" && CARD.test(value);
/** @param {unknown} value @param {number} [max] @returns {value is number} */
const whole = (value, max = Number.MAX_SAFE_INTEGER) => Number.isSafeInteger(value) && /** @type {number} */ (value) >= 0
  && /** @type {number} */ (value) <= max;
/** @param {unknown} value @returns {value is number|null} */
const seatOrNull = (value) => value === null || whole(value, MAX_SEATS);
/** @param {unknown} list @param {(item: unknown) => boolean} each @param {number} [max] */
const listOf = (list, each, max = MAX_CARDS) => Array.isArray(list) && list.length <= max && list.every(each);
/** @param {unknown} play */
const isPlay = (play) => typeof play === "object" && play !== null && whole(/** @type {any} */ (play).seat, MAX_SEATS)
  && whole(/** @type {any} */ (play).at, MAX_CARDS) && listOf(/** @type {any} */ (play).cards, isCard)
  && /** @type {any} */ (play).cards.length > 0 && typeof /** @type {any} */ (play).right === "boolean";

/**
 * Why a stored value cannot be drawn as the kept table ("" when it can): the first wrong field.
 * Checks every field the first drawing reads (table-view.js, hand-view.js, words.js's seat names).
 * @param {any} view
 * @returns {string}
 */
export function viewProblem(view) {
  if (typeof view !== "object" || view === null || Array.isArray(view)) return "not an object";
  /** @type {[string, boolean][]} */
  const checks = [
    ["game", view.game === "express" || view.game === "eleusis"],
    ["seats", whole(view.seats, MAX_SEATS) && view.seats >= 1],
    ["hand_number", whole(view.hand_number)],
    ["phase", PHASES.includes(view.phase)],
    ["mainline", listOf(view.mainline, isCard)],
    ["plays", listOf(view.plays, isPlay, MAX_PLAYS)],
    ["hand", listOf(view.hand, isCard)],
    ["hand_counts", listOf(view.hand_counts, (n) => whole(n, MAX_CARDS), MAX_SEATS)],
    ["totals", listOf(view.totals, Number.isSafeInteger, MAX_SEATS)],
    ["levels", listOf(view.levels, (level) => level === null || typeof level === "string", MAX_SEATS)],
    ["expelled", listOf(view.expelled, (seat) => whole(seat, MAX_SEATS), MAX_SEATS)],
    ["expulsion", typeof view.expulsion === "boolean"],
    ["over", typeof view.over === "boolean"],
    ["marker", view.marker === null || whole(view.marker, MAX_CARDS)],
    ["prophet", seatOrNull(view.prophet)],
    ["dealer", seatOrNull(view.dealer)],
    ["to_move", seatOrNull(view.to_move)],
    ["classroom", view.classroom == null || typeof view.classroom === "boolean"],
    ["names", view.names == null || listOf(view.names, (name) => name === null || typeof name === "string", MAX_SEATS)],
  ];
  return checks.find(([, ok]) => !ok)?.[0] ?? "";
}

/**
 * The view kept by the last visit, or null (none, or a bad one, then set aside and reported).
 * @param {GameStorage} storage
 * @returns {EleusisSnapshot|null}
 */
export function readKeptView(storage) {
  return storage.readRecord(VIEW_KEY, { what: VIEW_WHAT, problemOf: viewProblem, limit: VIEW_LIMIT });
}
