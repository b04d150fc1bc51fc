// What the chosen card may do, read from the engine's list of legal moves (N3 text). The page
// knows no rules: a space lights up only because the engine listed a move to it.

/**
 * @typedef {{own: Set<number>, opp: Set<number>}} Targets
 * @typedef {{targets: Targets, discard: boolean}} CardMoves
 */

/** No targets at all. @returns {CardMoves} */
export function noMoves() {
  return { targets: { own: new Set(), opp: new Set() }, discard: false };
}

/**
 * The spaces and discard the engine allows for card.
 * @param {string[]} legalMoves N3 moves ("7H to own 7", "discard 7H", "out", "end", "pass")
 * @param {string|null} card
 * @returns {CardMoves}
 */
export function movesOfCard(legalMoves, card) {
  const moves = noMoves();
  if (!card) return moves;
  for (const move of legalMoves) {
    const words = move.split(" ");
    if (words[0] === card && words[1] === "to" && (words[2] === "own" || words[2] === "opp")) {
      moves.targets[words[2]].add(Number(words[3]));
    }
    if (words[0] === "discard" && words[1] === card) moves.discard = true;
  }
  return moves;
}

/** True when the engine lists any move of card. @param {string[]} legalMoves @param {string} card */
export function isPlayable(legalMoves, card) {
  return legalMoves.some((m) => m.startsWith(`${card} `) || m === `discard ${card}`);
}
