// The table before Python is ready. The page keeps the last view it drew next to the save (the
// person's view only: what the page already showed) and draws it, read-only and marked
// "Starting…", as soon as its scripts run; a first visit draws the empty table being set up.
// Moves open when the engine is ready and the turn loop draws the real game over it.

import { KEYS } from "../../platform/storage.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */

const VIEW_LIMIT = 200000; // characters: a real view is a few thousand

/** An empty square: nine empty spaces. */
const emptySquare = () => ({ n2: "-,-,-/-,-,-/-,-,-", stacks: [[], [], [], [], [], [], [], [], []], raw: 0, lines: [],
  bonus: 0, out_penalty: 0, score: 0 });

/** The table of a game not dealt yet. @returns {Snapshot} */
export function emptyView() {
  return {
    variant: "standard", layout: [[1, 2, 3], [4, 5, 6], [7, 8, 9]], seat: 0, dealer: "opp", to_move: null,
    plays_this_turn: 0, hand: [], drawn: [], opp_hand_count: 0, stock_count: 104, discards: [],
    own: emptySquare(), opp: emptySquare(), legal_moves: [], over: false, end_reason: null, went_out: null,
    log: [], level: "…", revision: 0, bot_to_move: false, out_score: null,
    game: { hand_number: 1, hands: 4, sheet: [], totals: { own: 0, opp: 0 }, over: false, winner: null, draw: false, cut: [] },
  };
}

/** Keep the view just drawn for the next visit's first paint. @param {GameStorage} storage @param {Snapshot} snap */
export function rememberView(storage, snap) {
  // Pass-and-play: the next visit opens on the hand-over screen, never on a player's hand, so no
  // view of that game is kept (the previous game's is dropped too).
  if (snap.opponent === "human") storage.remove(KEYS.view);
  else storage.write(KEYS.view, JSON.stringify(snap));
}

/** The record's name in the player's words (a catalog key). */
export const VIEW_WHAT = "game.storage.record.what.view";

/** @param {unknown} list @param {(item: any) => boolean} each */
const listOf = (list, each) => Array.isArray(list) && list.every(each);
const isText = (/** @type {unknown} */ item) => typeof item === "string";

/**
 * Why a stored value cannot be drawn as the last view ("" when it can): the first wrong field of
 * those the first drawing reads. A view that passes and still cannot be drawn is set aside by the
 * page (drawStarting), like any bad record.
 * @param {any} view
 */
export function viewProblem(view) {
  if (typeof view !== "object" || view === null || Array.isArray(view)) return "not an object";
  if (!listOf(view.hand, isText)) return "hand";
  if (!listOf(view.drawn ?? [], isText)) return "drawn";
  if (!listOf(view.discards ?? [], isText)) return "discards";
  for (const side of ["own", "opp"]) {
    const square = view[side];
    if (typeof square !== "object" || square === null || !listOf(square.stacks, Array.isArray) || square.stacks.length !== 9) return side;
  }
  if (typeof view.game !== "object" || view.game === null || Array.isArray(view.game)) return "game";
  if (!listOf(view.log, (entry) => entry !== null && entry !== undefined)) return "log";
  if (!listOf(view.legal_moves ?? [], isText)) return "legal_moves";
  return "";
}

/**
 * The last view drawn, or null (none, or a bad one: then set aside and reported by the storage).
 * @param {GameStorage} storage @returns {Snapshot|null}
 */
export function lastView(storage) {
  return storage.readRecord(KEYS.view, { what: VIEW_WHAT, problemOf: viewProblem, limit: VIEW_LIMIT });
}
