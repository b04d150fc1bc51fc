// What a review keeps in this browser, so that opening it again is instant and a finished game
// kept in Statistics can still be reviewed. One storage key holds, per game (the statistics
// record's id, which the game in play already has: stats-store.js currentId):
//   verdicts  the engine's verdict on each of the person's moves, by hand and step (the fields the
//             page shows: review-state.js keptVerdict), whether the game is finished or not;
//   save      the session save of a finished game against the computer, written when its record is
//             (the game in play is asked of the engine worker instead: `review_open {}`).
// Limits: the latest MAX_GAMES games, and MAX_CHARS characters in all (a save is 1-4 kB, a hand's
// verdicts 3-8 kB); the oldest games go first. Older games keep their statistics record, only their
// review goes. A stored value that is not this shape is set aside like any bad record (storage.js).
//
// Glossary:
//   entry  {id, save: string|null, hands: {"<hand key>": {"<step>": verdict}}}
//   hand key  the hand's number and a digest of its moves ("2:k3j9x1"): a hand undone and played
//          otherwise after its end is another hand, whose verdicts are not the earlier ones.
// Example: store.keep("mie3k2n1-5x0c9f2a1", 1, verdict); store.verdicts("mie3k2n1-5x0c9f2a1", 1)
//   -> [verdict]; store.keepSave(id, text) once the game is over; store.saveOf(id) -> text.

import { isVerdict } from "./review-state.js";

/** @typedef {import("../../../platform/storage.js").GameStorage} GameStorage */
/** @typedef {import("./review-state.js").Verdict} Verdict */
/** @typedef {{id: string, save: string|null, hands: Record<string, Record<string, Verdict>>}} Entry */

export const REVIEWS_KEY = "leopard.reviews.v1";
export const REVIEWS_FORMAT = "leopard-reviews";
/** How many games keep their review. */
export const MAX_GAMES = 30;
/** The most characters the reviews take in storage. */
export const MAX_CHARS = 400_000;

const CHECK = Object.freeze({
  what: "dialogs.review.store.what",
  problemOf: (/** @type {any} */ value) => (value.format !== REVIEWS_FORMAT || value.version !== 1 ? "format"
    : !Array.isArray(value.games) ? "games" : ""),
  limit: MAX_CHARS * 2,
});

/** Whether a stored entry can be used (its verdicts are checked one by one as they are read). @param {any} entry */
const isEntry = (entry) => entry !== null && typeof entry === "object" && typeof entry.id === "string"
  && (entry.save === null || typeof entry.save === "string") && entry.hands !== null && typeof entry.hands === "object";

/**
 * A hand's key: its number and a digest of its moves (djb2 in base 36).
 * @param {number} hand @param {string[]} moves
 */
export function handKey(hand, moves) {
  let digest = 5381;
  for (const char of moves.join("|")) digest = ((digest * 33) ^ char.charCodeAt(0)) >>> 0;
  return `${hand}:${digest.toString(36)}`;
}

export class ReviewStore {
  /** @param {GameStorage} storage */
  constructor(storage) {
    this.storage = storage;
  }

  /** The stored entries, oldest first (unusable ones left out). @returns {Entry[]} */
  entries() {
    const data = this.storage.readObject(REVIEWS_KEY, CHECK);
    if (!Array.isArray(data.games)) return [];
    const usable = data.games.filter(isEntry);
    if (usable.length < data.games.length) {
      // A damaged game among good ones is not dropped silently (the next write would lose it): the
      // store as it was is kept aside and the player told, as for any bad record; the good games stay
      // (written over the old store only once it is safe aside).
      if (this.storage.setAsideStored(REVIEWS_KEY, CHECK.what)) this.write(usable);
    }
    return usable;
  }

  /** Write the entries, dropping the oldest beyond the limits. @param {Entry[]} entries */
  write(entries) {
    let kept = entries.slice(-MAX_GAMES);
    let text = JSON.stringify({ format: REVIEWS_FORMAT, version: 1, games: kept });
    while (text.length > MAX_CHARS && kept.length > 1) {
      kept = kept.slice(1);
      text = JSON.stringify({ format: REVIEWS_FORMAT, version: 1, games: kept });
    }
    return this.storage.write(REVIEWS_KEY, text);
  }

  /** Change one game's entry (made when missing), which becomes the newest. @param {string} id @param {(entry: Entry) => void} change */
  update(id, change) {
    const entries = this.entries();
    const entry = entries.find((e) => e.id === id) ?? { id, save: null, hands: {} };
    change(entry);
    return this.write([...entries.filter((e) => e.id !== id), entry]);
  }

  /** The verdicts kept for a hand of a game. @param {string} id @param {string} hand its key (handKey) @returns {Verdict[]} */
  verdicts(id, hand) {
    const entry = this.entries().find((e) => e.id === id);
    const kept = entry?.hands[String(hand)];
    return kept && typeof kept === "object" ? Object.values(kept).filter(isVerdict) : [];
  }

  /** Keep a verdict. @param {string} id @param {string} hand its key (handKey) @param {Verdict} verdict */
  keep(id, hand, verdict) {
    return this.update(id, (entry) => {
      const key = String(hand);
      entry.hands[key] = { ...(entry.hands[key] ?? {}), [String(verdict.index)]: verdict };
    });
  }

  /** Keep the save of a finished game, for reviewing it from Statistics. @param {string} id @param {string} text */
  keepSave(id, text) {
    return this.update(id, (entry) => { entry.save = text; });
  }

  /** The save kept for a finished game, or null. @param {string} id */
  saveOf(id) {
    return this.entries().find((e) => e.id === id)?.save ?? null;
  }

  /** The games whose save is kept, so that they can be reviewed. @returns {Set<string>} */
  savedIds() {
    return new Set(this.entries().filter((e) => e.save !== null).map((e) => e.id));
  }

  /** Forget one game's review (its record was deleted, or its end undone). @param {string} id */
  forget(id) {
    const entries = this.entries();
    if (entries.some((e) => e.id === id)) this.write(entries.filter((e) => e.id !== id));
  }
}
