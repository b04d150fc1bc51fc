// The person's move, noted in localStorage as the turn loop sends it (its `sending` hook) until the
// engine worker has kept the game after it (../platform/kept-game.js). A page left at once (a reload,
// a tab closed just after a click) may never get the engine's answer, or its keep may never be
// written: the next visit finds the move here and plays it again on the very game it was made on,
// so nothing a player did is lost. Written synchronously, as the click is taken. Every game page
// does it the same way; each says only what is its own: its key, its mark of the position, which of
// its games are kept (a practice game is not), what else a move needs to be played again, and the
// engine call that plays it.
//
// Example (a game page):
//   const pending = new PendingMove(storage, "leopard.hunt.pending.v1");
//   hooks.sending = (move) => { if (kept game in play) pending.noteOn(kept, snap.history.length, move); };
//   after each keep: pending.drop();
//   on the next visit: const waiting = pending.take(); ... resumed from the kept game:
//     snap = await PendingMove.playAgain(snap, waiting, { revision: kept.revision, at: snap.history.length,
//       allows: (snap, move) => !snap.over && snap.legal_moves.includes(move),
//       play: (move) => engine.call("hunt.play", { move }) });
//
// Glossary:
//   revision -- the kept save's revision the move was made on (KeptGame.revision).
//   at       -- the page's own mark of the position in that game (the hunt: its number of moves;
//               the card game: the engine's session revision; Eleusis: the moves of the game so
//               far): a move is played again only where it was made.

/** @typedef {import("./storage.js").GameStorage} GameStorage */
/** @typedef {{revision: number, at: number, move: string}} NotedMove */

/** The longest move noted, unless the page says otherwise: a move's text is a few words. */
export const MOVE_LIMIT = 200;
/** The characters of a note besides its move's (its field names and two numbers). */
const NOTE_ROOM = 100;

/**
 * Why value is not a noted move of at most `longest` characters ("" when it is one).
 * @param {any} value @param {number} longest
 */
export function noteProblem(value, longest) {
  const whole = (/** @type {unknown} */ n) => Number.isSafeInteger(n) && Number(n) >= 0;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not an object";
  if (!whole(value.revision)) return "revision";
  if (!whole(value.at)) return "at";
  if (typeof value.move !== "string" || value.move.length > longest) return "move";
  return "";
}

export class PendingMove {
  /**
   * @param {GameStorage} storage @param {string} key
   * @param {{longest?: number}} [options] longest: the most characters of a move of this game
   */
  constructor(storage, key, { longest = MOVE_LIMIT } = {}) {
    this.storage = storage;
    this.key = key;
    this.longest = longest;
  }

  /** Note the person's move before it is sent. @param {NotedMove} noted */
  note(noted) {
    this.storage.write(this.key, JSON.stringify(noted));
  }

  /**
   * Note the person's move made on the game `kept` keeps, at the page's position `at`; nothing
   * while the page's game is based on no revision yet (it could not be told from another).
   * @param {{known: boolean, revision: number}} kept a KeptGame @param {number} at @param {string} move
   */
  noteOn(kept, at, move) {
    if (kept.known) this.note({ revision: kept.revision, at, move });
  }

  /** The game was kept: no move waits any more. */
  drop() {
    this.storage.remove(this.key);
  }

  /**
   * The move a page left before keeping it, taken out of storage (played again at most once), or
   * null when none waits. A value that is not a note (damaged) is never played: it is kept aside
   * and the player told, as every record read from storage (GameStorage.readRecord), since it may
   * hold a move the kept game lacks.
   * @returns {NotedMove|null}
   */
  take() {
    const noted = this.storage.readRecord(this.key, {
      what: "game.storage.record.what.pendingMove",
      problemOf: (value) => noteProblem(value, this.longest),
      limit: this.longest + NOTE_ROOM,
    });
    if (noted === null) return null;
    this.drop();
    return { revision: noted.revision, at: noted.at, move: noted.move };
  }

  /**
   * Whether `noted` was made on the game resumed now: the same kept revision, the same position.
   * @param {NotedMove|null} noted @param {number} revision @param {number} at
   * @returns {noted is NotedMove}
   */
  static fits(noted, revision, at) {
    return noted !== null && noted.revision === revision && noted.at === at;
  }

  /**
   * The kept game `snap` with the noted move played again when it was made on this very game (the
   * same kept revision, the same position `at`) and the page `allows` it there (the person's turn,
   * a legal move, a game the page keeps); else `snap` as it is. A move the engine refuses leaves
   * the game as it is; an engine that is down throws (the page says it could not load). The
   * computer's answer follows in the page's turn loop, as it did: it decides from its seed.
   * @template S
   * @param {S} snap the kept game, resumed
   * @param {NotedMove|null} noted what take() found
   * @param {{revision: number, at: number, allows: (snap: S, move: string) => boolean,
   *   play: (move: string) => Promise<S>}} page
   * @returns {Promise<S>}
   */
  static async playAgain(snap, noted, { revision, at, allows, play }) {
    if (!PendingMove.fits(noted, revision, at) || !allows(snap, noted.move)) return snap;
    try {
      return await play(noted.move);
    } catch (err) {
      if (/** @type {{kind?: string}} */ (err)?.kind === "engine_down") throw err;
      return snap;
    }
  }
}
