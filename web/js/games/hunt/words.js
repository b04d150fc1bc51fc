// The hunt page's sentences: moves, turns and the end of a game in a player's words, in the page's
// language (every text is a key of the catalog's `hunt` section). Built from the engine's snapshot
// and move texts (H8); the rules' reasons come from the engine as messages ({code, params}, shown
// with tMsg).

import { t, tMsg } from "../../platform/i18n/i18n.js";
import { isMsg } from "../../platform/i18n/catalog.js";

/** @typedef {import("./types.js").HuntSnapshot} HuntSnapshot */
/** @typedef {import("../../platform/i18n/catalog.js").Msg} Msg */

/** The sides and levels the catalog names (hunt.side.<side>, hunt.level.<level>). */
export const SIDES = Object.freeze(["L", "C"]);
export const LEVEL_IDS = Object.freeze(["random", "greedy", "search"]);

/** A side letter as the catalog keys it ("L" for anything but "C"). @param {string} side */
const sideKey = (side) => (side === "C" ? "C" : "L");

/** "Leopards" or "Cows" for a side letter. @param {string} side */
export const sideName = (side) => (SIDES.includes(side) ? t(`hunt.side.${side}`) : side);

/** The player-facing name of a level ("Hard" for search). @param {string} level */
export const levelName = (level) => (LEVEL_IDS.includes(level) ? t(`hunt.level.${level}`) : level);

/**
 * What the engine said, in the page's language: its message ({code, params}, the `X_msg` beside an
 * answer's English text X). The English text only when no message came with it (an engine older
 * than its catalog texts).
 * @param {Msg|null|undefined} msg @param {string} [english]
 */
export function engineWords(msg, english = "") {
  return isMsg(msg) ? tMsg(msg) : english;
}

/**
 * An engine error's own words: its message when it carries one, else its detail (an error of the
 * page's own, such as the engine not starting, whose text client.js writes).
 * @param {unknown} err
 */
export function errorWords(err) {
  const msg = /** @type {{msg?: unknown}} */ (err)?.msg;
  return engineWords(isMsg(msg) ? msg : null, err instanceof Error ? err.message : String(err));
}

/**
 * The points of the cows a jump sequence takes, one per hop: the point halfway between each two
 * landing points (a jump goes over the next point in line, H5.1), e.g. "e5xe7xc5" -> ["e6", "d6"].
 * @param {string} move H8 text of a jump
 */
export function jumpedCows(move) {
  const points = move.split("x");
  return points.slice(1).map((to, i) => {
    const from = points[i];
    const file = String.fromCharCode((from.charCodeAt(0) + to.charCodeAt(0)) / 2);
    return `${file}${(Number(from.slice(1)) + Number(to.slice(1))) / 2}`;
  });
}

/**
 * A move in words, e.g. "The computer's leopard on e5 jumped the cows on e6 and d6 and took them,
 * landing on c5" (point names, never the notation).
 * @param {string} move H8 text
 * @param {string} side the side that played it, "L" or "C"
 * @param {boolean} byPerson
 */
export function describeMove(move, side, byPerson) {
  const who = byPerson ? "you" : "computer";
  const piece = sideKey(side);
  if (move.includes("x")) {
    const points = move.split("x");
    const cows = jumpedCows(move);
    const kind = cows.length === 1 ? "jump" : "jumps";
    return t(`hunt.move.${who}.${kind}`, { start: points[0], end: points[points.length - 1], cows });
  }
  if (move.includes("-")) {
    const [from, to] = move.split("-");
    return t(`hunt.move.${who}.step${piece}`, { from, to });
  }
  return t(`hunt.move.${who}.place${piece}`, { point: move });
}

/** The address of a rule's section on the complete rules page ("H7.1" -> hunt-rules.html#H7.1). @param {string} rule */
export const ruleAddress = (rule) => `hunt-rules.html#${encodeURIComponent(rule)}`;

/**
 * Point a small link at the rule a sentence is about (hidden when there is none): the link says
 * "See the rule" and leads to the rule's section of the rules page (players read no rule numbers). @param {HTMLAnchorElement} link @param {string|null|undefined} rule
 */
export function showRuleLink(link, rule) {
  link.hidden = !rule;
  if (!rule) return;
  link.href = ruleAddress(rule);
  link.textContent = t("hunt.rule.link");
  link.title = t("hunt.rule.title");
}

/** The sentence asking the person to move. @param {HuntSnapshot} snap */
export function yourTurnText(snap) {
  if (snap.person === "L") {
    if (snap.leopards_to_place === 2) return t("hunt.yourTurn.firstLeopard");
    if (snap.leopards_to_place === 1) return t("hunt.yourTurn.secondLeopard");
    return t("hunt.yourTurn.moveLeopard");
  }
  if (snap.reserve > 0) return t("hunt.yourTurn.placeCow", { count: snap.reserve });
  return t("hunt.yourTurn.moveCow");
}

/** Why the game ended, in the page's language. @param {HuntSnapshot} snap */
export const endReason = (snap) => engineWords(snap.reason_msg, snap.reason);

/** How the game ended, for the person. @param {HuntSnapshot} snap */
export function describeEnd(snap) {
  const reason = endReason(snap);
  if (!snap.winner) return t("hunt.end.draw", { reason });
  return t(snap.winner === snap.person ? "hunt.end.youWin" : "hunt.end.computerWins", { reason });
}

/** The title of the result dialog. @param {HuntSnapshot} snap */
export function resultTitle(snap) {
  if (!snap.winner) return t("hunt.result.draw");
  return snap.winner === snap.person ? t(`hunt.result.youWin.${sideKey(snap.person)}`) : t(`hunt.result.wins.${sideKey(snap.winner)}`);
}
