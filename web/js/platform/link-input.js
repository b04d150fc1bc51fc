// What a page reads from its own address (a link someone sent, a bookmark, a hand-typed URL), read
// the same way on every page: a seed is checked by one rule, and a notice that quotes a link's bad
// value quotes a short piece of it (a link may hold thousands of characters; the notice must not
// cover the table).
//
// Glossary:
//   seed         a whole number from 0 to MAX_SEED (2**53 - 1, the largest whole number a page's
//                numbers hold exactly), written in digits: the same seed deals the same game in
//                every browser. "007" is 7; "-1", "1e3", "abc", "" and 5,000 digits are refused.
//   seed after   the seed of the k-th game after a link's seeded one on the same visit: seed + k,
//                from 0 again past MAX_SEED, so that a seeded link makes the whole visit the same
//                on every device (its New games too) and the games still differ from each other
//   short quote  at most QUOTE_CHARS characters of a value and "…"
//   address without  the page's own address with another query and no fragment, for
//                history.replaceState once a link's settings are used
//
// Examples: linkSeed("42") -> {seed: 42}; linkSeed("abc") -> {problem: "…"};
//           seedAfter(42, 1) -> 43; seedAfter(MAX_SEED, 1) -> 0;
//           shortQuote("x".repeat(1000)) -> "xxxxxxxxxxxxxxxxxxxxxxxx…"

import { t } from "./i18n/i18n.js";

export const MAX_SEED = Number.MAX_SAFE_INTEGER;
export const QUOTE_CHARS = 24;

/** At most QUOTE_CHARS characters of text, and "…" when it was longer. @param {string} text */
export function shortQuote(text) {
  const chars = [...String(text)];
  return chars.length <= QUOTE_CHARS ? chars.join("") : `${chars.slice(0, QUOTE_CHARS).join("")}…`;
}

/**
 * A link's seed: {seed} when text is one, else {problem} in the page's language quoting it short.
 * @param {string} text
 * @returns {{seed: number, problem?: undefined} | {problem: string}}
 */
export function linkSeed(text) {
  const digits = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (Number.isSafeInteger(digits) && digits <= MAX_SEED) return { seed: digits };
  return { problem: t("game.link.badSeed", { value: shortQuote(text) }) };
}

/**
 * The seed of the k-th game (k >= 1) after the game a link's `seed` dealt, on the same visit (see the
 * glossary). Computed without passing MAX_SEED: past it a page's numbers are no longer exact.
 * @param {number} seed @param {number} k @returns {number}
 */
export function seedAfter(seed, k) {
  return seed <= MAX_SEED - k ? seed + k : k - 1 - (MAX_SEED - seed);
}

/**
 * This page's address with another query and no fragment. Built from the whole address, never from
 * `location.pathname` alone: a link with a doubled slash (`https://host//eleusis.html`) has the path
 * `//eleusis.html`, which as an address names another host, and replaceState then throws: the page
 * could not start. @param {string} query @returns {string}
 */
export function addressWithout(query) {
  const url = new URL(location.href);
  url.search = query;
  url.hash = "";
  return url.href;
}
