// Words for what happened in the game: the log's lines, the live region's sentences. Pure
// functions of the engine's snapshot and log entries; no rules. Every sentence is a whole template
// of the catalog (game.move.*, game.log.*, game.turn.*), one per subject: "You played…", "The
// computer played…", "Ana played…" (a pass-and-play name is a parameter).

import { cardShort } from "../../cards/cards.js";
import { has, t } from "../../platform/i18n/i18n.js";
import { sideNames } from "./players.js";

/** @typedef {import("../../platform/engine/types.js").LogEntry} LogEntry */
/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {"you"|"computer"|"person"} Subject */

/**
 * Who made a move, as the templates name them, and the parameters for them.
 * @param {LogEntry} entry @param {import("./players.js").SideNames|null} names
 * @returns {{subject: Subject, name: string}}
 */
function moverOf(entry, names) {
  const side = entry.by === "own" ? "own" : "opp";
  if (names?.people) return { subject: "person", name: names[side] };
  return { subject: side === "own" ? "you" : "computer", name: "" };
}

/** A card as a move names it ("jack of hearts"; in Spanish with its article), or a face-down card. @param {string|null|undefined} card */
function cardWords(card) {
  return card ? t("game.move.card", { card }) : t("cards.faceDown");
}

/**
 * A whole sentence for a log entry; the snapshot it belongs to names the players in pass-and-play.
 * @param {LogEntry} entry @param {Snapshot} [snap] @returns {string}
 */
export function describeMove(entry, snap) {
  const names = snap ? sideNames(snap) : null;
  const { subject, name } = moverOf(entry, names);
  // entry.square is relative to the viewer (the person): "own" = the person's square.
  const square = entry.square === "own" ? "own" : "opp";
  switch (entry.kind) {
    case "play": {
      const params = { what: cardWords(entry.card), space: entry.space, name, owner: names?.[square] ?? "" };
      return subject === "person" ? t("game.move.play.person", params) : t(`game.move.play.${subject}.${square}`, params);
    }
    case "discard":
      return t(`game.move.discard.${subject}`, { what: cardWords(entry.card), name });
    case "out":
    case "end":
    case "pass":
      return t(`game.move.${entry.kind}.${subject}`, { name });
    default:
      return t(`game.move.other.${subject}`, { name, move: entry.text });
  }
}

/** A short line for the move log ("7♥ → your 7"); the mover is shown beside it. @param {LogEntry} entry @param {Snapshot} [snap] @returns {string} */
export function shortMove(entry, snap) {
  const names = snap ? sideNames(snap) : null;
  const { subject } = moverOf(entry, names);
  const form = subject === "you" ? "you" : "them";
  switch (entry.kind) {
    case "play": {
      const what = entry.card ? cardShort(entry.card) : t("game.log.faceDown");
      const side = entry.square === "own" ? "own" : "opp";
      if (names?.people) return t("game.log.play.person", { what, space: entry.space, owner: names[side] });
      return t(`game.log.play.${side}`, { what, space: entry.space });
    }
    case "discard":
      return t("game.log.discard", { what: cardShort(entry.card) });
    case "out":
    case "end":
    case "pass":
      return t(`game.log.${entry.kind}.${form}`);
    default:
      return entry.text;
  }
}

/** What the person is asked to do now. @param {Snapshot} snap */
export function yourTurnText(snap) {
  const next = t(snap.plays_this_turn > 0 ? "game.turn.playAnother" : "game.turn.choose");
  if (!snap.drawn.length) return next;
  return t("game.turn.drewThen", { cards: snap.drawn.map((card) => t("game.move.card", { card })), next });
}

/** The sentence for the end of a hand. @param {Snapshot} snap */
export function describeEnd(snap) {
  const names = sideNames(snap);
  const scores = { own: names.own, opp: names.opp, ownScore: snap.own.score, oppScore: snap.opp.score };
  return t(names.people ? "game.handEnd.people" : "game.handEnd.computer", scores);
}

/** A variant's name ("Standard"). @param {string} variant */
export function variantName(variant) {
  return has(`game.variant.${variant}`) ? t(`game.variant.${variant}`) : variant;
}

/** A computer level's name ("normal"); an unknown one (the first paint's "…") as it is. @param {string} level */
export function levelName(level) {
  return has(`game.level.${level}`) ? t(`game.level.${level}`) : level;
}

/** "Standard" from "standard". @param {string} word */
export function titleCase(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
