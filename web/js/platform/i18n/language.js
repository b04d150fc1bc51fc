// Which language a page speaks: a link's ?lang=, else the player's remembered choice, else the
// browser's preferred languages, else English. Pure except for the guarded storage helpers, which
// never throw (storage may be blocked or full; the choice then lasts for the page only).

import { PSEUDO } from "./catalog.js";
import { quietRead, quietWrite } from "../storage-area.js";

/** The languages the site is written in, with each one's name in itself (for the switch). */
export const LANGUAGES = Object.freeze({ en: "English", es: "Español" });
export const DEFAULT_LANGUAGE = "en";
export const LANGUAGE_KEY = "leopard.language";

/** @typedef {keyof typeof LANGUAGES | typeof PSEUDO} Language */

/** The supported language a tag names ("es-MX" -> "es"), or null. @param {unknown} tag @returns {Language|null} */
export function supported(tag) {
  if (typeof tag !== "string") return null;
  const lower = tag.trim().toLowerCase();
  if (lower === PSEUDO) return PSEUDO;
  const primary = lower.split(/[-_]/)[0];
  return Object.hasOwn(LANGUAGES, primary) ? /** @type {Language} */ (primary) : null;
}

/**
 * The page's language.
 * @param {{param?: string|null, stored?: string|null, preferred?: readonly string[]}} sources
 * @returns {Language}
 */
export function chooseLanguage({ param = null, stored = null, preferred = [] }) {
  return supported(param) ?? supported(stored) ?? preferred.map(supported).find(Boolean) ?? DEFAULT_LANGUAGE;
}

/** The remembered choice, or null when there is none or storage is refused. @returns {string|null} */
export function storedLanguage() {
  return quietRead(LANGUAGE_KEY);
}

/** Remember the player's choice; false when the browser refuses to keep it. @param {string} lang */
export function rememberLanguage(lang) {
  return quietWrite(LANGUAGE_KEY, lang);
}

/** The language this page should use, from its URL, storage and the browser. */
export function pageLanguage() {
  return chooseLanguage({
    param: new URLSearchParams(location.search).get("lang"),
    stored: storedLanguage(),
    preferred: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}
