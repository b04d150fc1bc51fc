// The settings of a new Eleusis game, remembered between visits: the game (Express or Eleusis), the
// number of computer players and each one's level, and the secret rule's difficulty. The New game
// dialog and the Settings dialog both write them; reading checks every field, so a value an older
// page or a person wrote by hand is replaced by the default, never a crash.
//
// Example: {"game": "eleusis", "bots": 2, "levels": ["expert", "novice"], "difficulty": "hard"}, and
// for a classroom game the people's names, "people": ["Ana", "Ben"] (then 1 to 4 computer players);
// "whole": true for a whole game in which every player deals one hand (E13; never with people).

import { DIFFICULTIES, LEVELS } from "./words.js";
import { botChoices, peopleOf } from "./classroom-setup.js";

/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */
/**
 * holdBack: the rounds of each hand in which the computer players neither guess nor become the
 * prophet, or "never" (E16.7; a classroom game's setting, 0 otherwise).
 * @typedef {{game: string, bots: number, levels: string[], difficulty: string, people?: string[]|null, whole?: boolean,
 *   holdBack?: number|string}} EleusisSettings
 */

/** The hold-back choices the page offers (E16.7): rounds, or "never". */
export const HOLD_BACKS = Object.freeze([0, 3, 6, "never"]);

/** A hold-back value from a save or a link ("3", 3, "never"), or 0 when it is none of the choices. @param {unknown} value */
export function holdBackOf(value) {
  const wanted = value === "never" ? "never" : Number(value);
  return HOLD_BACKS.includes(wanted) ? wanted : 0;
}

export const SETTINGS_KEY = "leopard.eleusis.settings.v1";
/** @type {Readonly<EleusisSettings>} */
export const DEFAULT_SETTINGS = Object.freeze({ game: "express", bots: 3, levels: ["scientist", "scientist", "scientist"], difficulty: "medium" });

/**
 * Why a stored value is not the remembered settings ("" when it is): the first field holding what
 * the page never writes there. A field left out takes its default; a level or a number of players
 * the dialog no longer offers is replaced quietly (an older page's choice, not damage).
 * @param {Record<string, any>} saved
 */
export function settingsProblem(saved) {
  if ("game" in saved && saved.game !== "express" && saved.game !== "eleusis") return "game";
  if ("bots" in saved && !Number.isSafeInteger(saved.bots)) return "bots";
  if ("levels" in saved && !(Array.isArray(saved.levels) && saved.levels.every((l) => typeof l === "string"))) return "levels";
  if ("difficulty" in saved && typeof saved.difficulty !== "string") return "difficulty";
  if ("people" in saved && saved.people !== null && peopleOf(saved.people) === null) return "people";
  if ("whole" in saved && typeof saved.whole !== "boolean") return "whole";
  return "";
}

/** The remembered settings, each field checked. @param {GameStorage} storage @returns {EleusisSettings} */
export function readSettings(storage) {
  const saved = storage.readObject(SETTINGS_KEY, { what: "game.storage.record.what.settings", problemOf: settingsProblem });
  const people = peopleOf(saved.people);
  const bots = botChoices(people?.length ?? null).includes(saved.bots) ? saved.bots
    : people ? botChoices(people.length)[0] : DEFAULT_SETTINGS.bots;
  const levels = Array.from({ length: bots }, (_, i) => (LEVELS.includes(saved.levels?.[i]) ? saved.levels[i] : "scientist"));
  return {
    game: saved.game === "eleusis" ? "eleusis" : "express",
    bots,
    levels,
    difficulty: DIFFICULTIES.includes(saved.difficulty) ? saved.difficulty : DEFAULT_SETTINGS.difficulty,
    people,
    whole: saved.whole === true && !people,
    holdBack: people ? holdBackOf(saved.holdBack) : 0,
  };
}

/**
 * Remember settings (without people: a game of one's own, as the Settings dialog's choices are).
 * @param {GameStorage} storage @param {EleusisSettings} settings
 */
export function writeSettings(storage, settings) {
  const { game, bots, levels, difficulty, people = null, whole = false, holdBack = 0 } = settings;
  return storage.write(SETTINGS_KEY, JSON.stringify({ game, bots, levels, difficulty, people, whole, holdBack }));
}

/** The page's own preferences: the think-aloud panel open at the start (off by default). */
export const PAGE_KEY = "leopard.eleusis.page.v1";

/** @param {GameStorage} storage @returns {{thinkAloud: boolean}} */
export function readPagePreferences(storage) {
  const saved = storage.readObject(PAGE_KEY, {
    what: "game.storage.record.what.pagePreferences",
    problemOf: (page) => ("thinkAloud" in page && typeof page.thinkAloud !== "boolean" ? "thinkAloud" : ""),
  });
  return { thinkAloud: saved.thinkAloud === true };
}

/** @param {GameStorage} storage @param {{thinkAloud: boolean}} page */
export function writePagePreferences(storage, page) {
  return storage.write(PAGE_KEY, JSON.stringify({ thinkAloud: page.thinkAloud === true }));
}
