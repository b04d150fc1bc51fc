// What every game's statistics store does with its stored records before counting them: keep the
// readable ones once each, and give a new record an id of its own. Each game knows the shape of its
// records (its own `recordProblem`); this module only applies it, so the card game's store
// (../games/leopard/stats-store.js) and the Eleusis store (../games/eleusis/stats-store.js) sort
// their records out alike, and read their stores alike (readRecords, and RecordStore whose `all()`
// each store extends: a store that is not one, or damaged records, are set aside under a key of
// their own; the game says so in its own words).
//
// Glossary:
//   record problem  a game's function naming why a stored value is not one of its records (the
//                   first wrong field), or "" when it is one; e.g. problem(null) === "not an object"
//   damaged         a stored value with a problem, or a record whose id was already seen (it would
//                   count one game twice); e.g. sortOutRecords([a, a, null], problem) keeps [a] and
//                   counts 2 damaged
//   record id       a random id a store gives a new game, e.g. "mie3k2n1-5x0c9f2a1"

import { KEYS } from "./storage.js";

/**
 * The records that may be counted, in their order, and how many were damaged.
 * @template {{id: string}} R  the game's record
 * @param {unknown[]} records  as stored
 * @param {(record: unknown) => string} recordProblem  the game's check of one record
 * @returns {{good: R[], damaged: number}}
 */
export function sortOutRecords(records, recordProblem) {
  const ids = new Set();
  /** @type {R[]} */
  const good = [];
  for (const record of records) {
    if (recordProblem(record) || ids.has(/** @type {R} */ (record).id)) continue;
    ids.add(/** @type {R} */ (record).id);
    good.push(/** @type {R} */ (record));
  }
  return { good, damaged: records.length - good.length };
}

/** A new record id: the time in base 36 and 40 random bits, so two games never share one. */
export function newRecordId() {
  return `${Date.now().toString(36)}-${Math.floor(Math.random() * 2 ** 40).toString(36)}`;
}

/**
 * @typedef {{kind: "unreadable", notJson: boolean, aside: string}
 *   | {kind: "damaged", damaged: number, aside: string}} StoreTrouble
 *   what went wrong reading a store: not a store at all (notJson: not even JSON), or some records
 *   damaged; aside is the key the store as it was was copied to ("" when it could not be written)
 */

/**
 * Read a game's statistics store: the records that may be counted, oldest first, never throwing.
 * A store that is not one (not JSON, another format or version, no record list) is copied aside
 * (GameStorage.setAside) under `${KEYS.unreadablePrefix}${asideName}.<time>` and removed, and reads as []; a store with
 * damaged records is copied aside the same way and rewritten with its good records (`keep`). When
 * the copy cannot be written, the store stays as it was (nothing is lost). The game says in its own
 * words what `trouble` reports.
 * @template {{id: string}} R  the game's record
 * @param {import("./storage.js").GameStorage} storage
 * @param {{key: string, format: string, version: number, asideName: string,
 *   problem: (record: unknown) => string, keep: (good: R[]) => unknown}} store
 * @returns {{records: R[], trouble: StoreTrouble|null}}
 */
export function readRecords(storage, { key, format, version, asideName, problem, keep }) {
  const text = storage.read(key);
  if (text === null) return { records: [], trouble: null };
  // The store as it was, copied aside as every page sets a record aside (GameStorage.setAside);
  // "" when the copy could not be written (the store then stays as it was).
  const setAside = (/** @type {string|null} */ saveKey) =>
    storage.setAside(text, { saveKey, prefix: `${KEYS.unreadablePrefix}${asideName}.` }).key ?? "";
  let data;
  let notJson = false;
  try {
    data = JSON.parse(text);
  } catch {
    notJson = true;
  }
  if (notJson || data === null || typeof data !== "object" || Array.isArray(data)
      || data.format !== format || data.version !== version || !Array.isArray(data.records)) {
    return { records: [], trouble: { kind: "unreadable", notJson, aside: setAside(key) } };
  }
  const { good, damaged } = sortOutRecords(/** @type {unknown[]} */ (data.records), problem);
  if (!damaged) return { records: /** @type {R[]} */ (good), trouble: null };
  const aside = setAside(null); // its good records are written in its place
  if (aside) keep(/** @type {R[]} */ (good));
  return { records: /** @type {R[]} */ (good), trouble: { kind: "damaged", damaged, aside } };
}

/**
 * @typedef {object} StoreShape  where and how a game keeps its records
 * @property {string} key  the storage key of the store, e.g. "leopard.eleusis.stats.v1"
 * @property {string} format  the store's format name, e.g. "leopard-eleusis-stats"
 * @property {number} version
 * @property {string} asideName  names the copy of a store set aside, e.g. "eleusis-stats"
 * @property {(record: unknown) => string} problem  the game's check of one record
 */

/**
 * A game's statistics store: `all()` reads its countable records (readRecords) and hands any
 * trouble to the game's `tell`, which says it in the game's words; `save` writes the records kept.
 * @template {{id: string}} R  the game's record
 */
export class RecordStore {
  /**
   * @param {import("./storage.js").GameStorage} storage
   * @param {StoreShape} shape
   * @param {(problem: string) => void} [onProblem]  shows a problem to the player
   */
  constructor(storage, shape, onProblem = () => {}) {
    this.storage = storage;
    this.shape = shape;
    this.onProblem = onProblem;
    /** True once damaged records were reported (a game reports them once, not at every read). */
    this.damageReported = false;
  }

  /** Every countable record, oldest first ([] when none, or when the store was unreadable); never throws. @returns {R[]} */
  all() {
    /** @type {{records: R[], trouble: StoreTrouble|null}} */
    const { records, trouble } = readRecords(this.storage, { ...this.shape, keep: (good) => this.save(good) });
    if (trouble) this.tell(trouble);
    return records;
  }

  /** Say what went wrong reading the store (each game in its words). @param {StoreTrouble} trouble */
  tell(trouble) {
    this.onProblem(trouble.kind);
  }

  /** Store these records in place of the store's. @param {R[]} records @returns {{ok: boolean, reason?: string}} */
  save(records) {
    const { key, format, version } = this.shape;
    return this.storage.write(key, JSON.stringify({ format, version, records }));
  }
}
