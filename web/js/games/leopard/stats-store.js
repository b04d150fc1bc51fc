// Finished games kept in this browser, for the Statistics screen. One storage key holds every
// record (oldest first). The records and every figure come from the engine (webapi "game_record"
// and "stats", leopard_core/stats.py): the page only stores them, adding an id so that a game
// recorded twice (a reload at the end, an undo after the end) stays one record. Reading a corrupt
// store never throws: it is reported, set aside under a key of its own and treated as empty. Each
// record is checked as it is read (recordProblem, the shape the engine's records have): a damaged
// one (null, garbage, nested arrays thousands deep, a repeated id) is never counted nor handed to
// the engine; the store as it was is copied aside, the readable records are kept, and the player is
// told once, in plain words.
//
// Glossary:
//   GameRecord   the engine's record of one finished game (format "leopard-record": variant,
//                level, hands, sheet [{own, opp}...], totals, result, undo_used, hints_used,
//                finished_at, seed) plus the page's id and the game's bot_seed
//   StatsFile    what is stored and exported: {format: "leopard-stats", version: 1, records}
//   current game the id given to the game being played (kept under its own key)
//   damaged      a stored record that is not a GameRecord's shape: recordProblem(record) names why,
//                e.g. recordProblem(null) === "not an object", recordProblem({...good, hands: 0}) ===
//                "hands"; the check looks at a fixed set of fields, never recursing, so any depth is safe

import { errorText, t } from "../../platform/i18n/i18n.js";
import { RecordStore, newRecordId, sortOutRecords as sortOut } from "../../platform/records.js";
import { engineText } from "./dialog-words.js";

/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */
/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */
/** @typedef {{own: number, opp: number}} Pair */
/**
 * @typedef {{id: string, format: string, version: number, variant: string, level: string,
 *   hands: number, sheet: Pair[], totals: Pair, result: "won"|"drawn"|"lost",
 *   undo_used: boolean, hints_used: boolean, finished_at: string, seed?: number,
 *   bot_seed?: number, daily?: string}} GameRecord  daily: the UTC date of the daily deal it was
 */

export const STATS_KEY = "leopard.stats.v1";
export const CURRENT_KEY = "leopard.stats.current";
/** How the note of the game being played is read: {id, game}, both text (GameStorage.readRecord). */
const CURRENT_CHECK = Object.freeze({
  what: "game.storage.record.what.currentGame",
  problemOf: (/** @type {Record<string, any>} */ note) => (typeof note.id !== "string" ? "id" : typeof note.game !== "string" ? "game" : ""),
  limit: 10_000,
});
export const STATS_FORMAT = "leopard-stats";
export const STATS_VERSION = 1;
/** How many records are kept (the oldest go first); the figures count these. */
export const MAX_RECORDS = 1000;
/** How many of the latest games can be opened with their score sheets. */
export const OPENABLE = 50;

/**
 * The records of a stats file's text, checked by the engine; throws an Error with a clear
 * message (in the page's language) when anything is wrong.
 * @param {string} text
 * @param {Engine} engine
 * @returns {Promise<GameRecord[]>}
 */
export async function parseStatsFile(text, engine) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(t("dialogs.stats.file.notJson"));
  }
  if (data === null || typeof data !== "object" || data.format !== STATS_FORMAT) {
    throw new Error(t("dialogs.stats.file.notStats", { format: STATS_FORMAT }));
  }
  if (data.version !== STATS_VERSION) {
    throw new Error(t("dialogs.stats.file.version", { version: JSON.stringify(data.version), expected: STATS_VERSION }));
  }
  if (!Array.isArray(data.records)) throw new Error(t("dialogs.stats.file.noRecords"));
  const ids = new Set();
  data.records.forEach((/** @type {any} */ record, /** @type {number} */ i) => {
    if (record === null || typeof record !== "object" || typeof record.id !== "string" || !record.id) {
      throw new Error(t("dialogs.stats.file.noId", { index: i + 1 }));
    }
    if (ids.has(record.id)) throw new Error(t("dialogs.stats.file.repeatsId", { index: i + 1, id: record.id }));
    ids.add(record.id);
  });
  const { rejected } = await engine.call("stats", { records: data.records });
  if (rejected.length) {
    const first = rejected[0];
    const why = { index: first.index + 1, reason: engineText(first.error_msg, first.error) };
    throw new Error(rejected.length > 1
      ? t("dialogs.stats.file.invalidMore", { ...why, count: rejected.length - 1 })
      : t("dialogs.stats.file.invalid", why));
  }
  return data.records;
}

/** The text of a stats file holding records. @param {GameRecord[]} records */
export function statsFileText(records) {
  return JSON.stringify({ format: STATS_FORMAT, version: STATS_VERSION, records }, null, 1);
}

/** Records sorted by when they finished (equal times keep their order). @param {GameRecord[]} records */
export function byFinish(records) {
  return [...records].sort((a, b) => Date.parse(a.finished_at) - Date.parse(b.finished_at));
}

const RESULTS = Object.freeze(["won", "drawn", "lost"]);
const isCount = (/** @type {unknown} */ value) => Number.isSafeInteger(value) && /** @type {number} */ (value) >= 0;
const isObject = (/** @type {unknown} */ value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isPair = (/** @type {unknown} */ value) => isObject(value)
  && Number.isSafeInteger(/** @type {any} */ (value).own) && Number.isSafeInteger(/** @type {any} */ (value).opp);

/**
 * Why a stored record is not a game record (the first field that is wrong), or "" when it is one.
 * Only fixed fields are read, one level deep (the sheet's rows two), so a record of any size or
 * depth is judged without recursion. The engine checks the figures themselves (`stats`).
 * @param {unknown} record
 * @returns {string}
 */
export function recordProblem(record) {
  if (!isObject(record)) return "not an object";
  const r = /** @type {Record<string, unknown>} */ (record);
  if (typeof r.id !== "string" || !r.id) return "id";
  if (r.format !== "leopard-record" || r.version !== 1) return "format";
  if (typeof r.variant !== "string" || typeof r.level !== "string") return "variant or level";
  if (!isCount(r.hands) || /** @type {number} */ (r.hands) < 1) return "hands";
  if (!Array.isArray(r.sheet) || r.sheet.length !== r.hands || !r.sheet.every(isPair)) return "sheet";
  if (!isPair(r.totals)) return "totals";
  if (!RESULTS.includes(/** @type {string} */ (r.result))) return "result";
  if (typeof r.undo_used !== "boolean" || typeof r.hints_used !== "boolean") return "flags";
  if (typeof r.finished_at !== "string" || Number.isNaN(Date.parse(r.finished_at))) return "finished_at";
  for (const key of ["seed", "bot_seed"]) if (key in r && !Number.isSafeInteger(r[key])) return key;
  if ("daily" in r && typeof r.daily !== "string") return "daily";
  return "";
}

/**
 * The stored records split into those that may be counted and the damaged ones (a record whose id
 * was already seen is damaged too: it would count one game twice).
 * @param {unknown[]} records
 * @returns {{good: GameRecord[], damaged: number}}
 */
export const sortOutRecords = (records) => sortOut(records, recordProblem);

/** What tells one game from another without its seeds: variant, level, hands and the cut. @param {Snapshot} snap */
function gameKey(snap) {
  return JSON.stringify([snap.variant, snap.level, snap.game.hands, snap.game.cut]);
}

/**
 * Whether two records are of one game: the same deal (seed, variant, level, hands) played to the
 * same sheet, with the same help. @param {GameRecord} a @param {GameRecord} b
 */
function sameGame(a, b) {
  return a.seed !== undefined && a.seed === b.seed && a.variant === b.variant && a.level === b.level
    && a.hands === b.hands && a.undo_used === b.undo_used && a.hints_used === b.hints_used
    && JSON.stringify(a.sheet) === JSON.stringify(b.sheet);
}

/** @extends {RecordStore<GameRecord>} */
export class StatsStore extends RecordStore {
  /**
   * @param {GameStorage} storage
   * @param {Engine} engine
   * @param {(problem: string) => void} [onProblem]
   */
  constructor(storage, engine, onProblem = () => {}) {
    super(storage, { key: STATS_KEY, format: STATS_FORMAT, version: STATS_VERSION, asideName: "stats", problem: recordProblem },
      onProblem);
    this.engine = engine;
  }

  /**
   * A store that is not one is reported at each read (it is set aside, so once when that worked);
   * damaged records once.
   * @param {import("../../platform/records.js").StoreTrouble} trouble
   */
  tell(trouble) {
    if (trouble.kind === "unreadable") {
      // JSON.parse's own message is the browser's; the page says it in its words.
      const error = t(trouble.notJson ? "dialogs.stats.file.notJson" : "dialogs.stats.store.notStore");
      this.onProblem(trouble.aside
        ? t("dialogs.stats.store.setAside", { error, key: trouble.aside })
        : t("dialogs.stats.store.unreadable", { error }));
    } else if (!this.damageReported) {
      // Said once: the store as it was is copied aside, only its readable records are kept (when
      // the copy cannot be written the store stays as it is and the damaged records are left out).
      this.damageReported = true;
      this.onProblem(trouble.aside
        ? t("dialogs.stats.store.damagedAside", { count: trouble.damaged, key: trouble.aside })
        : t("dialogs.stats.store.damagedLeftOut", { count: trouble.damaged }));
    }
  }

  /** True when at least one finished game is stored. */
  get any() {
    return this.all().length > 0;
  }

  /** Store records (the newest MAX_RECORDS). @param {GameRecord[]} records */
  save(records) {
    return this.storage.write(STATS_KEY, statsFileText(records.slice(-MAX_RECORDS)));
  }

  /** A new game has started: the next finished game is a new record. */
  startGame() {
    this.storage.remove(CURRENT_KEY);
  }

  /** The id of the game being played. A new game clears it (startGame); the game's cut for deal
   * (public, random per game) tells a game restored from elsewhere apart. @param {Snapshot} snap */
  currentId(snap) {
    return this.currentNote(snap).id;
  }

  /**
   * The id of the game being played, and whether its note was damaged (kept aside and told by
   * readObject; a new id replaces it). @param {Snapshot} snap
   * @returns {{id: string, damaged: boolean}}
   */
  currentNote(snap) {
    const kept = this.storage.read(CURRENT_KEY) !== null;
    const current = this.storage.readObject(CURRENT_KEY, CURRENT_CHECK);
    if (typeof current.id === "string" && current.game === gameKey(snap)) return { id: current.id, damaged: false };
    const id = newRecordId();
    this.storage.write(CURRENT_KEY, JSON.stringify({ id, game: gameKey(snap) }));
    return { id, damaged: kept && !Object.keys(current).length };
  }

  /**
   * Record the finished game the engine holds (replacing its earlier record, if any).
   * @param {Snapshot} snap the final snapshot of that game
   * @returns {Promise<{ok: boolean, reason?: string}>}
   */
  async record(snap) {
    if (!snap?.game?.over) return { ok: false, reason: t("dialogs.stats.store.notOver") };
    // A game between two people on one device is not a game against the computer: not kept.
    if (snap.opponent === "human") return { ok: true };
    const note = this.currentNote(snap);
    let id = note.id;
    const records = this.all();
    const earlier = records.find((r) => r.id === id);
    /** @type {GameRecord} */
    let record;
    try {
      record = await this.engine.call("game_record", earlier ? { finished_at: earlier.finished_at } : {});
    } catch (err) {
      return { ok: false, reason: errorText(err) };
    }
    // A damaged note no longer says whether this game was recorded (the end of a finished game is
    // recorded again on each visit): a record of the same deal played to the same sheet is this
    // game's, kept under its id, rather than a second count of one game.
    const same = note.damaged ? records.find((r) => sameGame(r, record)) : undefined;
    if (same) {
      id = same.id;
      record = { ...record, finished_at: same.finished_at };
      this.storage.write(CURRENT_KEY, JSON.stringify({ id, game: gameKey(snap) }));
    }
    // One daily deal counts per day: a second game of the same day's deal is not recorded.
    if (record.daily && records.some((r) => r.daily === record.daily && r.id !== id)) return { ok: true };
    return this.save([...records.filter((r) => r.id !== id), { id, ...record }]);
  }

  /** Forget the record of the game being played (its end was undone). @param {Snapshot} snap */
  forgetCurrent(snap) {
    const current = this.storage.readObject(CURRENT_KEY, CURRENT_CHECK);
    if (typeof current.id !== "string" || current.game !== gameKey(snap)) return;
    const records = this.all();
    if (records.some((r) => r.id === current.id)) this.save(records.filter((r) => r.id !== current.id));
  }

  /**
   * Add the records of an exported file that are not here yet (by id). Nothing changes when the
   * text is not a valid file: the Error says why.
   * @param {string} text
   * @returns {Promise<{added: number, known: number}>}
   */
  async importText(text) {
    const incoming = await parseStatsFile(text, this.engine);
    const records = this.all();
    const ids = new Set(records.map((r) => r.id));
    const fresh = incoming.filter((r) => !ids.has(r.id));
    const written = this.save(byFinish([...records, ...fresh]));
    if (!written.ok) throw new Error(t("dialogs.stats.file.notStored", { reason: written.reason }));
    return { added: fresh.length, known: incoming.length - fresh.length };
  }

  /** The export file's text. */
  exportText() {
    return statsFileText(this.all());
  }

  /** Forget every record. */
  reset() {
    return this.storage.remove(STATS_KEY);
  }
}
