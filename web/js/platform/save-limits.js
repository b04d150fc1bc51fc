// What the page checks of a save before handing it to Python: its length and how deeply its
// arrays and objects nest. A save of "[[[[…" 200,000 deep would exhaust the parser's stack and
// take the engine down with it, and a save of megabytes is no save this game writes; both are
// refused here, in one linear scan that never parses, and reported as an unreadable save.
//
// The limits are the engine's (the `levels` answer carries them as `limits` when the engine
// names them); DEFAULT_LIMITS are used until then and match leopard_core.game's.

import { t } from "./i18n/i18n.js";

/** @typedef {import("./engine/types.js").SaveLimits} SaveLimits */

/** @type {SaveLimits} */
export const DEFAULT_LIMITS = Object.freeze({ save_chars: 1_000_000, save_depth: 8 });

const QUOTE = 34; // "
const BACKSLASH = 92;
const OPENERS = new Set([91, 123]); // [ {
const CLOSERS = new Set([93, 125]); // ] }

/**
 * How deeply the arrays and objects of JSON text nest (brackets inside strings do not count);
 * stops counting once past `stopAt`.
 * @param {string} text
 * @param {number} [stopAt]
 */
export function nestingDepth(text, stopAt = Infinity) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (OPENERS.has(c)) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAt) return deepest;
      }
    } else if (CLOSERS.has(c)) {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/**
 * Why the engine would refuse this save before reading it, or null when it is within the limits.
 * @param {string} text
 * @param {SaveLimits} [limits]
 * @returns {string|null}
 */
export function saveProblem(text, limits = DEFAULT_LIMITS) {
  if (typeof text !== "string") return t("game.save.notText");
  if (text.length > limits.save_chars) return t("game.save.tooLong", { length: text.length, max: limits.save_chars });
  const depth = nestingDepth(text, limits.save_depth);
  if (depth > limits.save_depth) return t("game.save.tooDeep", { max: limits.save_depth });
  return null;
}

/**
 * The engine's limits from its `levels` answer, or the defaults.
 * @param {{limits?: Partial<SaveLimits>}|null|undefined} info
 * @returns {SaveLimits}
 */
export function limitsOf(info) {
  const given = info?.limits ?? {};
  const whole = (/** @type {unknown} */ v) => typeof v === "number" && Number.isSafeInteger(v) && v > 0;
  return {
    save_chars: whole(given.save_chars) ? given.save_chars : DEFAULT_LIMITS.save_chars,
    save_depth: whole(given.save_depth) ? given.save_depth : DEFAULT_LIMITS.save_depth,
  };
}
