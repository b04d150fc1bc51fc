// What Eleusis contributes to embed.html (../../embed/modes.js): one mode, a small table of Eleusis
// Express against computer players, the computer dealing (./embed-board.js).
//   game=eleusis (or mode=eleusis)  [bots=2..5] [level=random|novice|scientist|expert]
//                                   [levels=L1,L2,...] [difficulty=easy|medium|hard|expert] [seed] [pace]
//   levels  each computer player's level in seat order, e.g. levels=novice,expert: a novice and an
//           expert (2 to 5 of them; without bots= they say how many players there are). It wins over
//           level=, which is then only the level of a bad list's players.
// Unlike the other games' modes, a bad value here does not stop the table: it is named in a notice
// above the table (in the frame's language) and its default is used, so a typo in a host page's
// address still shows a game. Example: ?game=eleusis&bots=9 -> a notice "bots=9 is not a whole
// number from 2 to 5; 2 is used." and a table with two computer players; ?game=eleusis&levels=novice,genius -> a notice
// naming levels= and two computer players at level= (scientist by default).

import { t } from "../../platform/i18n/i18n.js";
import { DIFFICULTIES, LEVELS } from "./words.js";
import { shortQuote } from "../../platform/link-input.js";

/** @typedef {import("../../embed/modes.js").EmbedGame} EmbedGame */

export const EMBED_DEFAULTS = Object.freeze({ bots: 2, level: "scientist", difficulty: "easy", pace: 350 });
const WHOLE = /^\d{1,16}$/;

/**
 * A whole number from min to max, else the default and a notice.
 * @param {URLSearchParams} params @param {string} name @param {number} min @param {number} max
 * @param {number} fallback @param {string[]} notices
 */
function wholeNumber(params, name, min, max, fallback, notices) {
  const text = params.get(name);
  if (text === null || text === "") return fallback;
  if (WHOLE.test(text) && Number(text) >= min && Number(text) <= max) return Number(text);
  notices.push(t("embed.eleusis.badNumber", { name, value: shortQuote(text), min, max, fallback }));
  return fallback;
}

/**
 * One of the choices, else the default and a notice.
 * @param {URLSearchParams} params @param {string} name @param {readonly string[]} choices
 * @param {string} fallback @param {string[]} notices
 */
function oneOf(params, name, choices, fallback, notices) {
  const text = params.get(name);
  if (text === null || text === "") return fallback;
  if (choices.includes(text)) return text;
  notices.push(t("embed.eleusis.badChoice", { name, value: shortQuote(text), choices: [...choices], fallback }));
  return fallback;
}

/**
 * The levels levels= names, one per computer player, or null (none given, or a bad list: then a
 * notice). The list's length is checked against the players' number by the caller.
 * @param {URLSearchParams} params @param {string} fallback the level a bad list's players get
 * @param {string[]} notices
 * @returns {string[]|null}
 */
function levelList(params, fallback, notices) {
  const text = params.get("levels");
  if (text === null || text === "") return null;
  const levels = text.split(",");
  if (levels.length >= 2 && levels.length <= 5 && levels.every((level) => LEVELS.includes(level))) return levels;
  notices.push(t("embed.eleusis.badLevels", { value: shortQuote(text), choices: [...LEVELS], fallback }));
  return null;
}

/**
 * The table's settings from the frame's address; every bad value is replaced by its default and
 * named in `notices`.
 * @param {URLSearchParams} params
 */
export function readEleusisSettings(params) {
  /** @type {string[]} */
  const notices = [];
  // bots= falls back on levels='s length, yet is named first, as the address usually has it.
  /** @type {string[]} */
  const levelNotices = [];
  const level = oneOf(params, "level", LEVELS, EMBED_DEFAULTS.level, levelNotices);
  const listed = levelList(params, level, levelNotices);
  const bots = wholeNumber(params, "bots", 2, 5, listed?.length ?? EMBED_DEFAULTS.bots, notices);
  notices.push(...levelNotices);
  let levels = Array(bots).fill(level);
  if (listed?.length === bots) levels = listed;
  else if (listed) {
    notices.push(t("embed.eleusis.levelsCount", { value: shortQuote(listed.join(",")), count: listed.length, bots, fallback: level }));
  }
  const difficulty = oneOf(params, "difficulty", DIFFICULTIES, EMBED_DEFAULTS.difficulty, notices);
  const pace = wholeNumber(params, "pace", 0, 3000, EMBED_DEFAULTS.pace, notices);
  const seedText = params.get("seed");
  let seed;
  if (seedText !== null && seedText !== "") {
    if (WHOLE.test(seedText) && Number.isSafeInteger(Number(seedText))) seed = Number(seedText);
    else notices.push(t("embed.eleusis.badSeed", { value: shortQuote(seedText) }));
  }
  return { bots, level, levels, difficulty, pace, seed, notices };
}

/** @type {EmbedGame} */
export const ELEUSIS_EMBED = {
  game: "eleusis",
  defaultMode: "eleusis",
  modes: {
    eleusis: {
      read: (params) => readEleusisSettings(params),
      board: async () => (await import("./embed-board.js")).EleusisEmbedBoard,
    },
  },
};
