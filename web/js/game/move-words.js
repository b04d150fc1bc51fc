// Words for what happened in the game: the log's lines, the live region's sentences. Pure
// functions of the engine's snapshot and log entries; no rules.

import { cardName, cardShort } from "../cards/square-view.js";
import { possessive, sideNames } from "./players.js";

/** @typedef {import("../engine/types.js").LogEntry} LogEntry */
/** @typedef {import("../engine/types.js").Snapshot} Snapshot */

/**
 * "your space" or the computer's, as the mover would say it; in pass-and-play, "Ana's space".
 * @param {LogEntry} entry @param {import("./players.js").SideNames|null} names
 */
function squareWord(entry, names) {
  // entry.square is relative to the viewer (the person): "own" = the person's square.
  if (names?.people) return `${possessive(names, entry.square === "own" ? "own" : "opp")} space`;
  if (entry.square === "own") return "your space";
  return entry.by === "opp" ? "its own space" : "the computer's space";
}

/**
 * A whole sentence for a log entry; the snapshot it belongs to names the players in pass-and-play.
 * @param {LogEntry} entry @param {Snapshot} [snap] @returns {string}
 */
export function describeMove(entry, snap) {
  const names = snap ? sideNames(snap) : null;
  const who = names?.people ? names[entry.by === "own" ? "own" : "opp"] : entry.by === "own" ? "You" : "The computer";
  switch (entry.kind) {
    case "play": {
      const what = entry.card ? cardName(entry.card) : "a face-down card";
      return `${who} played ${what} on ${squareWord(entry, names)} ${entry.space}`;
    }
    case "discard":
      return `${who} discarded ${cardName(entry.card)}`;
    case "out":
      return `${who} went out`;
    case "end":
      return `${who} ended the turn`;
    case "pass":
      return `${who} passed (no cards left)`;
    default:
      return `${who}: ${entry.text}`;
  }
}

/** A short line for the move log ("7♥ → your 7"). @param {LogEntry} entry @param {Snapshot} [snap] @returns {string} */
export function shortMove(entry, snap) {
  const names = snap ? sideNames(snap) : null;
  switch (entry.kind) {
    case "play": {
      const what = entry.card ? cardShort(entry.card) : "face-down card";
      const side = entry.square === "own" ? "own" : "opp";
      const where = names?.people ? possessive(names, side) : side === "own" ? "your" : "computer's";
      return `${what} → ${where} ${entry.space}`;
    }
    case "discard":
      return `discards ${cardShort(entry.card)}`;
    default: {
      const sentence = describeMove(entry, snap);
      const who = names?.people ? names[entry.by === "own" ? "own" : "opp"] : "";
      return who && sentence.startsWith(`${who} `) ? sentence.slice(who.length + 1) : sentence.replace(/^(You|The computer) /, "");
    }
  }
}

/** What the person is asked to do now. @param {Snapshot} snap */
export function yourTurnText(snap) {
  const drawn = snap.drawn.length ? `You drew ${snap.drawn.map(cardName).join(" and ")}. ` : "";
  const more = snap.plays_this_turn > 0 ? "Play another card or end your turn." : "Your turn: choose a card.";
  return `${drawn}${more}`;
}

/** The sentence for the end of a hand. @param {Snapshot} snap */
export function describeEnd(snap) {
  const names = sideNames(snap);
  if (names.people) return `Hand over. ${names.own} scores ${snap.own.score}, ${names.opp} ${snap.opp.score}.`;
  return `Hand over. You score ${snap.own.score}, the computer ${snap.opp.score}.`;
}

/** "Standard" from "standard". @param {string} word */
export function titleCase(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
