// Words the game page's dialogs share: the names of variants and levels, signed margins, the date of
// a daily deal, and what the engine said. Every word is a catalog text (dialogs.*) in the page's
// language; numbers and dates are written by Intl in the page's locale.
//
// Glossary:
//   variant  -- "standard" | "classic" | "running" (R8): a name for a menu ("Standard") or a word
//               inside a sentence ("standard Leopard")
//   level    -- the computer's level ("random", "greedy", "normal", "hard"), the same two ways
//   day      -- a daily deal's UTC date, "YYYY-MM-DD" as the engine gives it

import { has, locale, t, tMsg } from "../../platform/i18n/i18n.js";

/** @typedef {import("../../platform/i18n/catalog.js").Msg} Msg */

/** The catalog text of key + name, or the name itself when the catalog has none (a future level). @param {string} key @param {string} name */
function named(key, name) {
  return has(`${key}.${name}`) ? t(`${key}.${name}`) : name;
}

/** "Standard", for a menu. @param {string} variant */
export const variantName = (variant) => named("dialogs.variant", variant);
/** "standard", inside a sentence. @param {string} variant */
export const variantWord = (variant) => named("dialogs.variantWord", variant);
/** "Normal", for a menu. @param {string} level */
export const levelName = (level) => named("dialogs.level", level);
/** "normal", inside a sentence. @param {string} level */
export const levelWord = (level) => named("dialogs.levelWord", level);

/** A whole number in the page's locale. @param {number} n */
export function numberText(n) {
  return new Intl.NumberFormat(locale(), { useGrouping: false }).format(n);
}

/**
 * A signed margin: "+3", "0", "−2" (always the minus sign, U+2212, wherever a margin is shown).
 * @param {number} n
 */
export function signedNumber(n) {
  const sign = n > 0 ? "+" : n < 0 ? "\u2212" : "";
  return `${sign}${numberText(Math.abs(n))}`;
}

/**
 * A daily deal's date. English keeps the ISO date the page has always shown ("2026-11-23"); other
 * languages write the day as their readers do ("lunes, 23 de noviembre"). The date is a UTC date.
 * @param {string} iso
 */
export function dayText(iso) {
  if (locale() === "en" || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const date = new Date(`${iso}T12:00:00Z`);
  return new Intl.DateTimeFormat(locale(), { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(date);
}

/**
 * What the engine said, in the page's language: the text of its msg ({code, params}). An answer
 * from an engine older than the page's catalog has no msg: its own text is shown then.
 * @param {Msg|null|undefined} msg @param {string|null} [text]
 */
export function engineText(msg, text = "") {
  return msg ? tMsg(msg) : text ?? "";
}
