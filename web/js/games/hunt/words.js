// The hunt page's sentences: turns and the end of a game in a player's words, in the page's
// language (every text is a key of the catalog's `hunt` section), built from the engine's snapshot.
// The moves themselves and the rules' reasons come from the engine already in words, as messages
// ({code, params}, shown with tMsg through engineWords): the snapshot's `last_move_words`, the
// review's `moves_words` and `best_words` (leopard_core/games/hunt/move_words.py).

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
