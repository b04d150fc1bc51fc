// How the page feels, remembered between visits: the computer's speed, the theme, larger cards on
// phones and sound. Kept apart from the game's own settings (variant, level, hands: the New game
// dialog), because these change nothing about the game and apply at once, mid-game.
//
// Preferences  {speed: "slow"|"normal"|"fast"|"instant", theme: "dark"|"light"|"system",
//               bigCards: boolean, sound: boolean}
// Stored as JSON under KEYS.preferences through GameStorage; a field left out falls back to its
// default, and a record holding what this page never writes is set aside and reported
// (GameStorage.readRecord): an older or hand-edited value never breaks the page.
//
// On <html>: data-theme (read by game-page.css and feel.css), class "big-cards", data-sound="on|off",
// data-pace (the pause in ms before each computer move now in force; for tests and curious people).

import { KEYS } from "./storage.js";

/** @typedef {import("./storage.js").GameStorage} GameStorage */
/** @typedef {"slow"|"normal"|"fast"|"instant"} Speed */
/** @typedef {"dark"|"light"|"system"} Theme */
/** @typedef {{speed: Speed, theme: Theme, bigCards: boolean, sound: boolean}} Preferences */

/** Pause before each computer move, in ms, for each speed. */
export const SPEED_MS = Object.freeze({ slow: 900, normal: 350, fast: 120, instant: 0 });
export const THEMES = Object.freeze(["dark", "light", "system"]);

/** @type {Readonly<Preferences>} */
export const DEFAULT_PREFERENCES = Object.freeze({ speed: "normal", theme: "dark", bigCards: false, sound: false });

/**
 * Why a stored value is not preferences ("" when it is): a field this page knows holding what it
 * never writes there. A field left out is fine (an older page wrote fewer).
 * @param {Record<string, any>} saved
 */
export function preferencesProblem(saved) {
  if ("speed" in saved && !Object.hasOwn(SPEED_MS, saved.speed)) return "speed";
  if ("theme" in saved && !THEMES.includes(saved.theme)) return "theme";
  for (const flag of ["bigCards", "sound"]) if (flag in saved && typeof saved[flag] !== "boolean") return flag;
  return "";
}

/**
 * The stored preferences, each field checked (a bad record is set aside and reported: GameStorage.readRecord); defaults for what is missing or unknown.
 * @param {GameStorage} storage
 * @returns {Preferences}
 */
export function readPreferences(storage) {
  const saved = storage.readObject(KEYS.preferences, { what: "game.storage.record.what.preferences", problemOf: preferencesProblem });
  return {
    speed: Object.hasOwn(SPEED_MS, saved.speed) ? saved.speed : DEFAULT_PREFERENCES.speed,
    theme: THEMES.includes(saved.theme) ? saved.theme : DEFAULT_PREFERENCES.theme,
    bigCards: typeof saved.bigCards === "boolean" ? saved.bigCards : DEFAULT_PREFERENCES.bigCards,
    sound: typeof saved.sound === "boolean" ? saved.sound : DEFAULT_PREFERENCES.sound,
  };
}

/**
 * Remember the preferences.
 * @param {GameStorage} storage
 * @param {Preferences} preferences
 * @returns {import("./storage.js").WriteResult}
 */
export function writePreferences(storage, preferences) {
  return storage.write(KEYS.preferences, JSON.stringify(preferences));
}

/**
 * Show the preferences on the page: theme, card size and the sound flag on <html>.
 * @param {Preferences} preferences
 */
export function applyPreferences(preferences) {
  const root = document.documentElement;
  root.dataset.theme = preferences.theme;
  root.classList.toggle("big-cards", preferences.bigCards);
  root.dataset.sound = preferences.sound ? "on" : "off";
  // The browser's own bar follows the table's colour (the meta tag holds the dark theme's).
  const meta = document.querySelector('meta[name="theme-color"]');
  const felt = getComputedStyle(root).getPropertyValue("--felt").trim();
  if (meta && felt) meta.setAttribute("content", felt);
}

/**
 * The pause before each computer move: the link's ?pace= (tests, demos) wins over the setting.
 * @param {Preferences} preferences
 * @param {URLSearchParams} params
 */
export function paceOf(preferences, params) {
  if (params.has("pace")) return Math.min(3000, Math.max(0, Number(params.get("pace")) || 0));
  return SPEED_MS[preferences.speed];
}
