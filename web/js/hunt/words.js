// The hunt page's sentences: moves, turns and the end of a game in a player's words. Built from the
// engine's snapshot and move texts (H8); the rules' reasons come from the engine.

/** @typedef {import("./types.js").HuntSnapshot} HuntSnapshot */

export const SIDE_NAMES = Object.freeze({ L: "Leopards", C: "Cows" });
export const LEVEL_NAMES = Object.freeze({ random: "Easy", greedy: "Medium", search: "Hard" });

/** "Leopards" or "Cows" for a side letter. @param {string} side */
export const sideName = (side) => SIDE_NAMES[side] ?? side;

/** The player-facing name of a level ("Hard" for search). @param {string} level */
export const levelName = (level) => LEVEL_NAMES[level] ?? level;

/**
 * A move in words, e.g. "the computer's leopard jumps e5–e7–c7 and takes 2 cows".
 * @param {string} move H8 text
 * @param {string} side the side that played it, "L" or "C"
 * @param {boolean} byPerson
 */
export function describeMove(move, side, byPerson) {
  const who = byPerson ? "You" : "The computer";
  const piece = side === "L" ? "leopard" : "cow";
  if (move.includes("x")) {
    const points = move.split("x");
    const taken = points.length - 1;
    return `${who} jumped a leopard ${points.join("–")} and took ${taken === 1 ? "a cow" : `${taken} cows`}`;
  }
  if (move.includes("-")) {
    const [from, to] = move.split("-");
    return `${who} moved a ${piece} from ${from} to ${to}`;
  }
  return `${who} placed a ${piece} on ${move}`;
}

/** A reason without its rule number, for players. @param {string} reason */
export const plainReason = (reason) => reason.replace(/\s*\(H\d[^)]*\)\s*$/, "");

/** The sentence asking the person to move. @param {HuntSnapshot} snap */
export function yourTurnText(snap) {
  if (snap.person === "L") {
    if (snap.leopards_to_place === 2) return "Your turn: place your first leopard on a lit point (it must be able to attack).";
    if (snap.leopards_to_place === 1) return "Your turn: place your second leopard on any lit point.";
    return "Your turn: choose a leopard, then where it goes. Jump a cow to take it.";
  }
  if (snap.reserve > 0) return `Your turn: place a cow on an empty point (${snap.reserve} left to place).`;
  return "Your turn: choose a cow, then an empty point next to it.";
}

/** How the game ended, for the person. @param {HuntSnapshot} snap */
export function describeEnd(snap) {
  if (!snap.winner) return `A draw: ${plainReason(snap.reason)}.`;
  const youWon = snap.winner === snap.person;
  return `${youWon ? "You win" : "The computer wins"}: ${plainReason(snap.reason)}.`;
}

/** The title of the result dialog. @param {HuntSnapshot} snap */
export function resultTitle(snap) {
  if (!snap.winner) return "A draw";
  return snap.winner === snap.person ? `You win with the ${sideName(snap.person)}` : `The ${sideName(snap.winner)} win`;
}
