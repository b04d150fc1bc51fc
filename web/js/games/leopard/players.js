// Who plays: the person against the computer, or two people on one device (pass-and-play). The
// engine says which (snapshot.opponent) and, in pass-and-play, the names (snapshot.players: "own"
// is the player whose side of the table the snapshot shows). This module turns that into the words
// the page shows ("You" / "Computer", or the names) and into the new_game arguments; it holds no
// rules. The engine checks the names again (leopard_core/pass_and_play.py check_names).

import { t } from "../../platform/i18n/i18n.js";
import { byId } from "../../platform/dom.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */

/** The longest name, as the engine allows (pass_and_play.MAX_NAME_CHARS). */
export const NAME_MAX = 24; // the engine's rule (leopard_core/platform/names.py)
/** The names the engine gives players who typed none (pass_and_play); shown in the page's language. */
export const DEFAULT_NAMES = ["Player 1", "Player 2"];

/** A player's name as shown: the engine's default names in the page's language. @param {string} name */
export function shownName(name) {
  const index = DEFAULT_NAMES.indexOf(name);
  return index >= 0 ? t("game.player.default", { number: index + 1 }) : name;
}

/**
 * @typedef {object} SideNames
 * @property {string} own   the name for the "own" side ("You" against the computer), as shown
 * @property {string} opp   the name for the "opp" side ("Computer"), as shown
 * @property {string} ownLog  the log's short label ("You")
 * @property {string} oppLog  the log's label ("Computer": a word, never an abbreviation)
 * @property {boolean} people  two people on one device
 */

/** True in a game between two people on one device. @param {Snapshot|null|undefined} snap */
export function isPassAndPlay(snap) {
  return snap?.opponent === "human";
}

/** The words for both sides of a snapshot. @param {Snapshot} snap @returns {SideNames} */
export function sideNames(snap) {
  if (isPassAndPlay(snap) && snap.players) {
    const own = shownName(snap.players.own);
    const opp = shownName(snap.players.opp);
    return { own, opp, ownLog: own, oppLog: opp, people: true };
  }
  return { own: t("game.you"), opp: t("game.computer"), ownLog: t("game.log.you"), oppLog: t("game.log.computer"),
    people: false };
}

/** A name as the engine keeps it: trimmed, inner spaces made one. @param {string} text */
export function normalName(text) {
  return text.trim().split(/\s+/).filter(Boolean).join(" ");
}

/**
 * What is wrong with two names typed in the New game dialog (the same checks the engine makes, so
 * the player is told before the dialog closes), else "".
 * @param {string} first @param {string} second
 */
export function namesProblem(first, second) {
  const names = [normalName(first) || DEFAULT_NAMES[0], normalName(second) || DEFAULT_NAMES[1]];
  for (const [index, name] of names.entries()) {
    if ([...name].length > NAME_MAX) return t("game.player.tooLong", { number: index + 1, max: NAME_MAX });
    // Control and invisible characters (Unicode "other" categories) would make a name unreadable.
    if (/\p{C}/u.test(name)) return t("game.player.invisible", { number: index + 1 });
  }
  if (names[0].toLocaleLowerCase() === names[1].toLocaleLowerCase()) return t("game.player.same");
  return "";
}

/**
 * The new_game arguments for the opponent chosen (nothing extra against the computer).
 * @param {{opponent?: string|null, names?: string[], p1?: string|null, p2?: string|null}} options
 * @returns {{opponent?: string, names?: string[]}}
 */
export function opponentArgs(options) {
  if (options.opponent !== "human") return options.opponent ? { opponent: String(options.opponent) } : {};
  // A link's p1/p2 win over the names remembered from the last game.
  const fromLink = typeof options.p1 === "string" || typeof options.p2 === "string";
  const names = fromLink ? [options.p1 ?? "", options.p2 ?? ""] : options.names ?? ["", ""];
  return { opponent: "human", names: names.map((name) => normalName(String(name ?? ""))) };
}

/**
 * The settings that start the same kind of game again ("Play again"): the opponent and the names.
 * @param {Snapshot} snap
 * @returns {{opponent?: string, names?: string[]}}
 */
export function opponentOf(snap) {
  return isPassAndPlay(snap) && snap.names ? { opponent: "human", names: [...snap.names] } : {};
}

/** Put the players' names on the table's fixed labels (the end dialogs label their own). @param {Snapshot} snap */
export function labelPlayers(snap) {
  const names = sideNames(snap);
  byId("own-title").textContent = names.own;
  byId("opp-name").textContent = names.opp;
  byId("opp-level").hidden = names.people;
  const hand = names.people ? t("game.hand.person", { name: names.own }) : t("game.hand.yours");
  byId("hand-title").textContent = hand;
  byId("hand").setAttribute("aria-label", hand);
}
