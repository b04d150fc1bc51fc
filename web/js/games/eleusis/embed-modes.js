// What Eleusis contributes to embed.html (../../embed/modes.js): one mode, a small table of Eleusis
// Express against computer players, the computer dealing (./embed-board.js).
//   game=eleusis (or mode=eleusis)  [bots=2..5] [level=random|novice|scientist|expert]
//                                   [difficulty=easy|medium|hard|expert] [seed] [pace]
// Unlike the other games' modes, a bad value here does not stop the table: it is named in a notice
// above the table (in the frame's language) and its default is used, so a typo in a host page's
// address still shows a game. Example: ?game=eleusis&bots=9 -> a notice "bots=9 is not a whole
// number from 2 to 5; 2 is used." and a table with two computer players.

import { t } from "../../platform/i18n/i18n.js";
import { DIFFICULTIES, LEVELS } from "./words.js";

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
  notices.push(t("embed.eleusis.badNumber", { name, value: text, min, max, fallback }));
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
  notices.push(t("embed.eleusis.badChoice", { name, value: text, choices: [...choices], fallback }));
  return fallback;
}

/**
 * The table's settings from the frame's address; every bad value is replaced by its default and
 * named in `notices`.
 * @param {URLSearchParams} params
 */
export function readEleusisSettings(params) {
  /** @type {string[]} */
  const notices = [];
  const bots = wholeNumber(params, "bots", 2, 5, EMBED_DEFAULTS.bots, notices);
  const level = oneOf(params, "level", LEVELS, EMBED_DEFAULTS.level, notices);
  const difficulty = oneOf(params, "difficulty", DIFFICULTIES, EMBED_DEFAULTS.difficulty, notices);
  const pace = wholeNumber(params, "pace", 0, 3000, EMBED_DEFAULTS.pace, notices);
  const seedText = params.get("seed");
  let seed;
  if (seedText !== null && seedText !== "") {
    if (WHOLE.test(seedText) && Number.isSafeInteger(Number(seedText))) seed = Number(seedText);
    else notices.push(t("embed.eleusis.badSeed", { value: seedText }));
  }
  return { bots, level, difficulty, pace, seed, notices };
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
