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

/** The last view drawn, when there is one that looks like a view. @param {GameStorage} storage @returns {Snapshot|null} */
export function lastView(storage) {
  const text = storage.read(KEYS.view);
  if (!text || text.length > VIEW_LIMIT) return null;
  try {
    const view = JSON.parse(text);
    const looksRight = view && Array.isArray(view.hand) && view.own?.stacks?.length === 9
      && view.opp?.stacks?.length === 9 && view.game && Array.isArray(view.log);
    return looksRight ? view : null;
  } catch {
    return null;
  }
}
