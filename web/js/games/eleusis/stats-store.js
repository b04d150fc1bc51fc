// The Eleusis hands finished in this browser, for the Statistics dialog: rules found, cards needed,
// hands played and won, by difficulty. The engine writes each finished hand's record (the snapshot's
// `records`, leopard_core/games/eleusis/hand_record.py); the page stores it once, under an id made
// of the game's id and the hand's number, so a hand recorded again (a reload at the end-of-hand
// screen) stays one record. Like every game's store (../../platform/records.js), reading never
// throws: a store that is not one is set aside under a key of its own, damaged records are never
// counted (the store as it was is copied aside first), and the player is told once, in plain words.
//
// Glossary:
//   HandRecord  {id, game: "express"|"eleusis", difficulty, found: boolean, cards: number|null,
//               won: boolean, score: number, finished_at}; e.g. {id: "k3x-9:0", game: "express",
//               difficulty: "easy", found: true, cards: 2, won: true, score: 7, finished_at: "2026-…"}
//   game id     a random id given to each new game (kept under CURRENT_KEY), so that two games of
//               the same seed are two games
//   deal        a short fingerprint of a finished hand as the table showed it (its number, the rule
//               revealed, the mainline at its end), kept in its record: when the note of the game
//               id was damaged between two visits, the game's id is found again from a hand whose
//               deal is kept already, so its hands are not counted a second time under a new id
//   figures     for a set of records: {hands, won, found, averageCards, fewestCards}
//               (averageCards and fewestCards over the hands whose rule was found; null when none)

import { t } from "../../platform/i18n/i18n.js";
import { RecordStore, newRecordId, sortOutRecords as sortOut } from "../../platform/records.js";

/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */
/**
 * @typedef {{id: string, game: string, difficulty: string, found: boolean, cards: number|null,
 *   won: boolean, score: number, finished_at: string, deal?: string}} HandRecord
 * @typedef {{hand: number, game: string, difficulty: string, found: boolean, cards: number|null,
 *   won: boolean, score: number}} EngineRecord  a snapshot's `records` entry
 * @typedef {{hands: number, won: number, found: number, averageCards: number|null,
 *   fewestCards: number|null}} Figures
 */

export const STATS_KEY = "leopard.eleusis.stats.v1";
export const CURRENT_KEY = "leopard.eleusis.stats.current";
/** How the note of the game being played is read: {id} of at most 60 characters (GameStorage.readRecord). */
const CURRENT_CHECK = Object.freeze({
  what: "game.storage.record.what.currentGame",
  problemOf: (/** @type {Record<string, any>} */ note) => (typeof note.id === "string" && note.id && note.id.length <= 60 ? "" : "id"),
  limit: 10_000,
});
export const STATS_FORMAT = "leopard-eleusis-stats";
export const STATS_VERSION = 1;
export const MAX_RECORDS = 2000;
export const GAMES = Object.freeze(["express", "eleusis"]);
export const DIFFICULTIES = Object.freeze(["easy", "medium", "hard", "expert"]);

const isObject = (/** @type {unknown} */ v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isCount = (/** @type {unknown} */ v) => Number.isSafeInteger(v) && /** @type {number} */ (v) >= 0;

/**
 * Why a stored record is not a HandRecord (the first wrong field), or "" when it is one. Fixed
 * fields only, never recursing, so a record of any depth is judged safely.
 * @param {unknown} record
 * @returns {string}
 */
export function recordProblem(record) {
  if (!isObject(record)) return "not an object";
  const r = /** @type {Record<string, unknown>} */ (record);
  if (typeof r.id !== "string" || !r.id || r.id.length > 100) return "id";
  if (!GAMES.includes(/** @type {string} */ (r.game))) return "game";
  if (!DIFFICULTIES.includes(/** @type {string} */ (r.difficulty))) return "difficulty";
  if (typeof r.found !== "boolean" || typeof r.won !== "boolean") return "flags";
  if (r.found ? !isCount(r.cards) || /** @type {number} */ (r.cards) < 1 : r.cards !== null) return "cards";
  if (!Number.isSafeInteger(r.score)) return "score";
  if (typeof r.finished_at !== "string" || Number.isNaN(Date.parse(r.finished_at))) return "finished_at";
  if (r.deal !== undefined && (typeof r.deal !== "string" || r.deal.length > 16)) return "deal";
  return "";
}

/**
 * The deal of hand `hand` of a snapshot (see the glossary), or undefined when its view does not
 * show the hand's mainline (older views). FNV-1a, 32 bits, in hex: a fingerprint, not a secret.
 * @param {{results?: import("./types.js").EleusisResult[]}} snap @param {number} hand
 * @returns {string|undefined}
 */
export function dealOf(snap, hand) {
  const result = (snap.results ?? []).find((r) => r.hand === hand);
  if (!result || !Array.isArray(result.mainline_cards)) return undefined;
  let hash = 0x811c9dc5;
  for (const char of `${hand}|${result.rule}|${result.mainline_cards.join(" ")}`) {
    hash = Math.imul(hash ^ /** @type {number} */ (char.codePointAt(0)), 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * The records that may be counted, and how many were damaged (a repeated id counts as damaged).
 * @param {unknown[]} records
 * @returns {{good: HandRecord[], damaged: number}}
 */
export const sortOutRecords = (records) => sortOut(records, recordProblem);

/**
 * The figures of some records.
 * @param {HandRecord[]} records
 * @returns {Figures}
 */
export function figuresOf(records) {
  const cards = records.filter((r) => r.found).map((r) => /** @type {number} */ (r.cards));
  return {
    hands: records.length,
    won: records.filter((r) => r.won).length,
    found: cards.length,
    averageCards: cards.length ? Math.round((cards.reduce((a, b) => a + b, 0) / cards.length) * 10) / 10 : null,
    fewestCards: cards.length ? Math.min(...cards) : null,
  };
}

/** @extends {RecordStore<HandRecord>} */
export class EleusisStats extends RecordStore {
  /**
   * @param {GameStorage} storage
   * @param {(problem: string) => void} [onProblem]
   */
  constructor(storage, onProblem = () => {}) {
    super(storage, {
      key: STATS_KEY, format: STATS_FORMAT, version: STATS_VERSION, asideName: "eleusis-stats", problem: recordProblem,
    }, onProblem);
  }

  /** Tell the player once per page, whatever went wrong. @param {import("../../platform/records.js").StoreTrouble} trouble */
  tell(trouble) {
    if (this.damageReported) return;
    this.damageReported = true;
    this.onProblem(trouble.kind === "unreadable"
      ? (trouble.aside ? t("eleusis.stats.store.setAside", { key: trouble.aside }) : t("eleusis.stats.store.unreadable"))
      : (trouble.aside ? t("eleusis.stats.store.damagedAside", { count: trouble.damaged, key: trouble.aside })
        : t("eleusis.stats.store.damagedLeftOut", { count: trouble.damaged })));
  }

  /** The newest MAX_RECORDS records. @param {HandRecord[]} records */
  save(records) {
    return super.save(records.slice(-MAX_RECORDS));
  }

  /** A new game: its hands get a new game id. */
  startGame() {
    this.storage.write(CURRENT_KEY, JSON.stringify({ id: newRecordId() }));
  }

  /**
   * The id of the game being played (made when there is none, e.g. a game from before statistics),
   * and whether its note was damaged (kept aside and told by readObject; a new id replaces it).
   * @returns {{id: string, damaged: boolean}}
   */
  currentNote() {
    const kept = this.storage.read(CURRENT_KEY) !== null;
    const current = this.storage.readObject(CURRENT_KEY, CURRENT_CHECK);
    if (typeof current.id === "string" && current.id && current.id.length <= 60) return { id: current.id, damaged: false };
    this.startGame();
    const id = String(this.storage.readObject(CURRENT_KEY, CURRENT_CHECK).id ?? "");
    return { id, damaged: kept && !Object.keys(current).length };
  }

  /**
   * Keep the finished hands of the snapshot not kept yet; how many were added.
   * @param {{records?: EngineRecord[], results?: import("./types.js").EleusisResult[]}} snap
   * @param {Date} [now]
   * @returns {{added: number, ok: boolean, reason?: string}}
   */
  recordHands(snap, now = new Date()) {
    const engineRecords = Array.isArray(snap.records) ? snap.records : [];
    if (!engineRecords.length) return { added: 0, ok: true };
    const note = this.currentNote();
    const records = this.all();
    const game = note.damaged ? this.foundAgain(snap, engineRecords, records) ?? note.id : note.id;
    const ids = new Set(records.map((r) => r.id));
    const fresh = engineRecords.map(({ hand, ...rest }) => {
      /** @type {HandRecord} */
      const kept = { id: `${game}:${hand}`, ...rest, finished_at: now.toISOString() };
      const deal = dealOf(snap, hand);
      if (deal !== undefined) kept.deal = deal;
      return kept;
    }).filter((r) => !ids.has(r.id) && !recordProblem(r));
    if (!fresh.length) return { added: 0, ok: true };
    const written = this.save([...records, ...fresh]);
    return { added: written.ok ? fresh.length : 0, ...written };
  }

  /**
   * After the note of the game was damaged: the game's id found again from a hand of the snapshot
   * kept already (the same deal), written back as the note, so that its hands stay one record
   * each; null when none of its hands is kept.
   * @param {{results?: import("./types.js").EleusisResult[]}} snap
   * @param {EngineRecord[]} engineRecords @param {HandRecord[]} records
   * @returns {string|null}
   */
  foundAgain(snap, engineRecords, records) {
    const gameOfDeal = new Map(records.filter((r) => r.deal).map((r) => [r.deal, r.id.slice(0, r.id.lastIndexOf(":"))]));
    for (const { hand } of engineRecords) {
      const game = gameOfDeal.get(dealOf(snap, hand));
      if (game) {
        this.storage.write(CURRENT_KEY, JSON.stringify({ id: game }));
        return game;
      }
    }
    return null;
  }

  /** Forget every record. */
  reset() {
    return this.storage.remove(STATS_KEY);
  }
}
