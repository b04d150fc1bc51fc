// The one door to the browser's storage for the game pages (with ./storage-area.js, the raw area it
// is built on). Every read and write of a game's data goes through here, and nothing here throws to its callers: storage can be blocked (reading
// `window.localStorage` throws in some privacy modes and sandboxed frames), full (setItem throws
// QuotaExceededError) or hold anything at all. Callers get a result and decide what to tell the
// player; problems are also reported once to the listener given to the constructor.
//
// When storage is blocked the page keeps its data in memory, so the game still plays (and is lost
// on reload, which the player is told).

import { openArea } from "./storage-area.js";
import { t } from "./i18n/i18n.js";

export const KEYS = Object.freeze({
  save: "leopard.game.v1",
  previous: "leopard.game.previous",
  unreadablePrefix: "leopard.game.unreadable.",
  settings: "leopard.settings.v1",
  preferences: "leopard.preferences.v1",
  view: "leopard.view.v1",
  pending: "leopard.game.pending.v1", // the person's move not kept yet (./pending-move.js)
});

/** @typedef {{ok: boolean, reason?: string}} WriteResult  reason says why ok is false */
/**
 * @typedef {{what: string, problemOf?: (value: any) => string, limit?: number}} RecordCheck
 *   what: the i18n key naming the record for the player ("game.storage.record.what.view");
 *   problemOf: why the parsed value is not such a record ("" when it is one; the first wrong field,
 *   for tests and people reading the code: the player is told in general words);
 *   limit: the most characters such a record has
 */

/** The most characters of a record read from storage, unless its reader says otherwise. */
export const RECORD_LIMIT = 200_000;
/** Between a bad record's key and the time in the key it is kept aside under. */
export const RECORD_ASIDE = ".unreadable.";

/** True for {…}: not null, not an array. @param {unknown} value @returns {value is Record<string, any>} */
export function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Why value is not a good record ("" when it is): problemOf's answer, or its error when it threw
 * (a check that trips over a damaged value finds it damaged).
 * @param {unknown} value @param {((value: any) => string)|undefined} problemOf
 */
export function recordProblem(value, problemOf) {
  if (!problemOf) return "";
  try {
    return problemOf(value);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}


/** A message for an error thrown by storage. @param {unknown} err */
function reasonOf(err) {
  if (err instanceof DOMException && (err.name === "QuotaExceededError" || err.code === 22)) {
    return t("game.storage.full");
  }
  return err instanceof Error ? err.message : String(err);
}

export class GameStorage {
  /**
   * @param {(problem: string) => void} [onProblem] told once per kind of problem
   * @param {{blocked?: string}} [words] the catalog key of what a blocked storage means for the
   *   page (a page whose game the engine worker keeps loses only its settings and records)
   */
  constructor(onProblem = () => {}, { blocked = "game.storage.blocked" } = {}) {
    this.area = openArea(KEYS.save);
    /** @type {Map<string, string>} */
    this.memory = new Map();
    this.onProblem = onProblem;
    /** @type {Set<string>} */
    this.reported = new Set();
    if (!this.area) this.report("blocked", t(blocked));
  }

  /** True when data outlives the page. */
  get persistent() {
    return this.area !== null;
  }

  /** @param {string} kind @param {string} message */
  report(kind, message) {
    if (this.reported.has(kind)) return;
    this.reported.add(kind);
    this.onProblem(message);
  }

  /** The text stored under key, or null. @param {string} key @returns {string|null} */
  read(key) {
    if (!this.area) return this.memory.get(key) ?? null;
    try {
      return this.area.getItem(key);
    } catch (err) {
      this.report("read", t("game.storage.unreadable", { reason: reasonOf(err) }));
      return null;
    }
  }

  /** Store text under key. @param {string} key @param {string} text @returns {WriteResult} */
  write(key, text) {
    if (!this.area) {
      this.memory.set(key, text);
      return { ok: true };
    }
    try {
      this.area.setItem(key, text);
      return { ok: true };
    } catch (err) {
      return { ok: false, reason: reasonOf(err) };
    }
  }

  /** Forget key; false when storage refused. @param {string} key */
  remove(key) {
    if (!this.area) return this.memory.delete(key) || true;
    try {
      this.area.removeItem(key);
      return true;
    } catch {
      return false;
    }
  }

  /** The keys that start with prefix. @param {string} prefix @returns {string[]} */
  keys(prefix) {
    if (!this.area) return [...this.memory.keys()].filter((k) => k.startsWith(prefix));
    try {
      return Object.keys(this.area).filter((k) => k.startsWith(prefix));
    } catch {
      return [];
    }
  }

  /**
   * A record stored under key, checked where it is read (the one rule for everything a page reads
   * from storage): its value when the text is JSON of at most `limit` characters that problemOf
   * accepts, null when nothing is stored. A bad record is never used and never stops the page: it
   * is kept aside under `<key>.unreadable.<time>` (its place freed, so the page writes a good one
   * next time) and the player is told, once, which record it was and the name it is kept under.
   * The caller goes on with its default.
   * @param {string} key
   * @param {RecordCheck} check what the record is, in the player's words, and how to check it
   * @returns {any}
   */
  readRecord(key, { what, problemOf, limit = RECORD_LIMIT }) {
    const text = this.read(key);
    if (text === null) return null;
    let value;
    /** @type {"tooLong"|"notJson"|"wrongShape"|""} */
    let why = "";
    if (text.length > limit) why = "tooLong";
    else {
      try {
        value = JSON.parse(text);
        if (recordProblem(value, problemOf)) why = "wrongShape";
      } catch {
        why = "notJson";
      }
    }
    if (!why) return value;
    this.keepAsideRecord(key, text, what, why);
    return null;
  }

  /**
   * Keep a bad record aside and tell the player (recordProblem's words). Used by readRecord, and by
   * a page whose drawing of a record failed even so (a record the check let through).
   * @param {string} key @param {string} text @param {string} what the i18n key naming the record
   * @param {"tooLong"|"notJson"|"wrongShape"} why
   */
  keepAsideRecord(key, text, what, why) {
    const aside = this.setAside(text, { saveKey: key, prefix: `${key}${RECORD_ASIDE}` });
    const words = { what: t(what), why: t(`game.storage.record.${why}`) };
    this.report(`record:${key}`, aside.ok
      ? t("game.storage.record.setAside", { ...words, key: aside.key })
      : t("game.storage.record.notSetAside", { ...words, reason: aside.reason }));
  }

  /**
   * Keep aside the record stored under key as it is now, when a page found it damaged after its
   * check let it through (a drawing that failed, parts that no longer fit), and tell the player.
   * @param {string} key @param {string} what the i18n key naming the record
   * @returns {boolean} whether the key is free now (nothing was stored, or the copy is safe and the
   *   place cleared): only then may the caller write over it
   */
  setAsideStored(key, what) {
    const text = this.read(key);
    if (text === null) return true;
    this.keepAsideRecord(key, text, what, "wrongShape");
    return this.read(key) === null;
  }

  /**
   * A JSON object stored under key, checked as readRecord does; {} when absent or bad.
   * @param {string} key @param {RecordCheck} check
   * @returns {Record<string, any>}
   */
  readObject(key, { what, problemOf = () => "", limit }) {
    const objectProblem = (/** @type {any} */ value) => (isPlainObject(value) ? problemOf(value) : "not an object");
    return this.readRecord(key, { what, problemOf: objectProblem, limit }) ?? {};
  }

  /**
   * Keep an unreadable save (or record, or store) under a key of its own, `<prefix><time>`, then free
   * its place. The original stays where it was unless the copy was written and reads back: it is
   * never lost. The one way every page and store sets something aside in localStorage.
   * @param {string} text
   * @param {{saveKey?: string|null, prefix?: string}} [where] the save's key (null: the caller
   *   writes the place over itself) and the copy's key prefix (the card game's by default)
   * @returns {{ok: boolean, key?: string, reason?: string}}
   */
  setAside(text, { saveKey = KEYS.save, prefix = KEYS.unreadablePrefix } = {}) {
    const key = `${prefix}${new Date().toISOString()}`;
    const copied = this.write(key, text);
    if (!copied.ok) return { ok: false, reason: copied.reason };
    if (this.read(key) !== text) return { ok: false, reason: t("game.storage.copyUnread") };
    if (saveKey !== null) this.remove(saveKey);
    return { ok: true, key };
  }
}
