// The person's move, noted in localStorage as the turn loop sends it (its `sending` hook) until the
// engine worker has kept the game after it (../platform/kept-game.js). A page left at once (a reload,
// a tab closed just after a click) may never get the engine's answer, or its keep may never be
// written: the next visit finds the move here and plays it again on the very game it was made on,
// so nothing a player did is lost. Written synchronously, as the click is taken.
//
// Example (a game page):
//   const pending = new PendingMove(storage, "leopard.hunt.pending.v1");
//   hooks.sending = (move) => pending.note({ revision: kept.revision, at: snap.history.length, move });
//   after each keep: pending.drop();
//   on the next visit: const waiting = pending.take(); ... resumed from the kept game:
//     if (pending.fits(waiting, kept.revision, snap.history.length)) play waiting.move again
//
// Glossary:
//   revision -- the kept save's revision the move was made on (KeptGame.revision).
//   at       -- the page's own mark of the position in that game (the hunt: its number of moves;
//               the card game: the engine's session revision): a move is played again only where
//               it was made.

/** @typedef {import("./storage.js").GameStorage} GameStorage */
/** @typedef {{revision: number, at: number, move: string}} NotedMove */

const MOVE_LIMIT = 200; // characters: a move's text is a few words

export class PendingMove {
  /** @param {GameStorage} storage @param {string} key */
  constructor(storage, key) {
    this.storage = storage;
    this.key = key;
  }

  /** Note the person's move before it is sent. @param {NotedMove} noted */
  note(noted) {
    this.storage.write(this.key, JSON.stringify(noted));
  }

  /** The game was kept: no move waits any more. */
  drop() {
    this.storage.remove(this.key);
  }

  /**
   * The move a page left before keeping it, taken out of storage (played again at most once), or
   * null when none waits or the value is not one (dropped: it holds nothing the kept game lacks).
   * @returns {NotedMove|null}
   */
  take() {
    const text = this.storage.read(this.key);
    if (text === null) return null;
    this.drop();
    try {
      const data = JSON.parse(text);
      const whole = (/** @type {unknown} */ n) => Number.isSafeInteger(n) && Number(n) >= 0;
      if (data && whole(data.revision) && whole(data.at) && typeof data.move === "string" && data.move.length <= MOVE_LIMIT) {
        return { revision: data.revision, at: data.at, move: data.move };
      }
    } catch {
      // not JSON: no move of the person's
    }
    return null;
  }

  /**
   * Whether `noted` was made on the game resumed now: the same kept revision, the same position.
   * @param {NotedMove|null} noted @param {number} revision @param {number} at
   * @returns {noted is NotedMove}
   */
  static fits(noted, revision, at) {
    return noted !== null && noted.revision === revision && noted.at === at;
  }
}
