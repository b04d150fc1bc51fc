// What the Eleusis page notes of the person's doing until the worker keeps the game after it, and
// how it is played again on the next visit (../../platform/pending-move.js does the rest): the
// person's moves in the table's notation (E15: "play 7H 8D", "noplay", "prophet", "pass",
// "judge right", "guess RULE"), and the page's own steps, which are not moves of the table: the
// rule the person deals for a whole game's last hand (DEAL + rule, eleusis.next_hand), a
// concession (CONCEDE, eleusis.concede) and an Undo (UNDO_STEP, eleusis.undo).
//
// Example:
//   leftMoveFits(snap, "deal odd")     // true between hands when the person deals the next hand
//   await playLeftMove(engine, snap, "play 7H")   // the snapshot after it (eleusis.move)

import { betweenHands } from "./end-of-hand.js";
import { UNDO_STEP } from "./undo.js";

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */

/** The rule the person deals for a whole game's last hand: DEAL + the rule's notation. */
export const DEAL = "deal ";
/** The person who dealt ends the hand nobody is finding (E10.6). */
export const CONCEDE = "concede";
/** "guess RULE": a rule's notation is at most 2,000 characters (notation.MAX_TEXT). */
export const LONGEST_MOVE = 2100;

/**
 * Whether the noted `move` may be played again on the game `snap` as it stands (the engine judges
 * the rest, and refuses what the rules do not allow).
 * @param {EleusisSnapshot} snap @param {string} move
 */
export function leftMoveFits(snap, move) {
  if (move.startsWith(DEAL)) return betweenHands(snap) && snap.dealer === 0 && !snap.bot_to_move;
  if (move === CONCEDE) return snap.dealer === 0 && Boolean(snap.rule) && !snap.over && !betweenHands(snap);
  if (move === UNDO_STEP) return Boolean(snap.undoable);
  return !snap.over && !snap.bot_to_move && !betweenHands(snap);
}

/**
 * Play the noted `move` again on the game `snap`; the snapshot after it. In a classroom game the
 * table comes back behind the hand-over screen: the person who made the move held the device, so
 * it is taken back for the move (eleusis.reveal); when their turn ends with it, the device is
 * passed on, as it was.
 * @param {{call: (method: string, args?: object) => Promise<any>}} engine
 * @param {EleusisSnapshot} snap @param {string} move
 * @returns {Promise<EleusisSnapshot>}
 */
export async function playLeftMove(engine, snap, move) {
  if (move.startsWith(DEAL)) return engine.call("eleusis.next_hand", { rule: move.slice(DEAL.length) });
  if (move === CONCEDE) return engine.call("eleusis.concede");
  if (move === UNDO_STEP) return engine.call("eleusis.undo");
  if (snap.handover) await engine.call("eleusis.reveal");
  return engine.call("eleusis.move", { move });
}
