// What changed on the table between two drawings, read from the engine's snapshots: the moves made
// since, the cards that came into the person's hand, the cards the computer drew, a new deal, the
// end of the hand. Motion and sound follow these; nothing here decides anything about the game.

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/types.js").LogEntry} LogEntry */

/**
 * @typedef {object} TableChanges
 * @property {boolean} dealt  the hand was just dealt: its cards are drawn for the first time
 * @property {LogEntry[]} moves  moves made since the last drawing, oldest first
 * @property {string[]} drawn  cards that came into the person's hand (from the stock)
 * @property {number} oppDrew  cards the computer took from the stock
 * @property {boolean} handEnded  the hand ended since the last drawing
 */

/** Nothing happened. @returns {TableChanges} */
export function noChanges() {
  return { dealt: false, moves: [], drawn: [], oppDrew: 0, handEnded: false };
}

/**
 * The cards of `after` that are not in `before`, counting repeats (two decks: a card can be twice).
 * @param {string[]} before @param {string[]} after
 */
export function addedCards(before, after) {
  const left = [...before];
  return after.filter((card) => {
    const at = left.indexOf(card);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

/**
 * True when `next` continues the hand `prev` showed (same hand, its log extends the old one).
 * @param {Snapshot} prev @param {Snapshot} next
 */
function sameHand(prev, next) {
  return prev.variant === next.variant
    && prev.game.hand_number === next.game.hand_number
    && prev.game.hands === next.game.hands
    && next.log.length >= prev.log.length
    && prev.log.every((entry, i) => next.log[i].text === entry.text && next.log[i].by === entry.by);
}

/**
 * What happened between the snapshot drawn last (null on the page's first drawing) and this one.
 * @param {Snapshot|null} prev
 * @param {Snapshot} next
 * @returns {TableChanges}
 */
export function changesBetween(prev, next) {
  const changes = noChanges();
  if (prev === next) return changes;
  if (!prev || !sameHand(prev, next)) {
    // A game restored mid-hand is not dealt again; a fresh hand is.
    changes.dealt = next.log.length === 0 && !next.over;
    return changes;
  }
  changes.moves = next.log.slice(prev.log.length);
  changes.drawn = addedCards(prev.hand, next.hand);
  changes.oppDrew = Math.max(0, prev.stock_count - next.stock_count - changes.drawn.length);
  changes.handEnded = !prev.over && next.over;
  return changes;
}
