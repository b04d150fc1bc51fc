// The Eleusis page's sentences, in the page's language (every text is a key of the catalog's
// `eleusis` section, or an engine message `engine.eleusis.*`). Built from the engine's snapshot:
// its log of events ({code, params}), its plays, and the wordings the engine sends beside every
// rule it names in notation (snapshot.wordings, explanation wordings), so no notation and no rule
// code reaches the screen.
//
// Glossary:
//   seat     -- 0 is the person ("You"), 1..5 the computer players ("Computer 2"); in a classroom
//               game (E16) the people by their names, then the computer players counted from 1.
//   wordings -- {notation: {en, es}}: a rule in plain words, sent by the engine.
//   event    -- one entry of the snapshot's log, e.g. {code: "eleusis.event.right", params: {seat: 1,
//               cards: ["7H"]}}, said as "Computer 1 played the 7 of hearts: right."

import { lang, t, tMsg } from "../../platform/i18n/i18n.js";
import { isMsg } from "../../platform/i18n/catalog.js";

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */
/** @typedef {import("./types.js").Wordings} Wordings */
/** @typedef {import("../../platform/i18n/catalog.js").Msg} Msg */

export const LEVELS = Object.freeze(["random", "novice", "scientist", "expert"]);
export const DIFFICULTIES = Object.freeze(["easy", "medium", "hard", "expert"]);

/** @type {(string|null)[]|null} the people's names of the classroom game drawn now (null: one person) */
let classroomNames = null;

/** Name the seats as the snapshot does from now on (a classroom game's people). @param {{classroom?: boolean, names?: (string|null)[]}} snap */
export function useSeatNames(snap) {
  classroomNames = snap.classroom && Array.isArray(snap.names) ? snap.names : null;
}

/** "You" or "Computer 2"; in a classroom game "Ana" or "Computer 1". @param {number} seat */
export function seatName(seat) {
  if (classroomNames) {
    const people = classroomNames.filter((name) => name !== null).length;
    return classroomNames[seat] ?? t("eleusis.player.computer", { n: seat - people + 1 });
  }
  return seat === 0 ? t("eleusis.player.you") : t("eleusis.player.computer", { n: seat });
}

/**
 * Who a sentence about `seat` speaks of, for the catalog's person forms: "you" for the person the
 * page speaks to (seat 0 of one person's game: "You judged wrongly and are overthrown"), "other"
 * for anybody else, a computer player or a person of a classroom game called by their name.
 * @param {number} seat @returns {"you"|"other"}
 */
export function personOf(seat) {
  return !classroomNames && seat === 0 ? "you" : "other";
}

/** A level's name ("Scientist"). @param {string|null} level */
export const levelName = (level) => (LEVELS.includes(level ?? "") ? t(`eleusis.level.${level}`) : "");

/** Whether a card is red (hearts, diamonds). @param {string} card */
export const isRed = (card) => card.endsWith("H") || card.endsWith("D");

/**
 * A rule in the page's language: its wording when the engine sent one, else a general phrase
 * (never the notation).
 * @param {string} notation @param {Wordings} wordings
 */
export function ruleWords(notation, wordings) {
  const words = wordings?.[notation];
  if (words) return lang() === "es" ? words.es : words.en;
  return t("eleusis.rule.unworded");
}

/** A rule's words quoted inside a sentence: without their own full stop. @param {string} notation @param {Wordings} wordings */
export const quotedRule = (notation, wordings) => ruleWords(notation, wordings).replace(/\.$/, "");

/**
 * An engine message whose `rule` parameter (notation) is put in words first.
 * @param {Msg} msg @param {Wordings} wordings
 */
export function messageWords(msg, wordings) {
  const params = { ...(msg.params ?? {}) };
  // Quoted inside a sentence, the rule loses its own full stop ("… is not “Play a red card”.").
  if (typeof params.rule === "string") params.rule = quotedRule(params.rule, wordings);
  return capitalised(tMsg({ code: msg.code, params }));
}

/** A sentence that starts with a capital ("ace of hearts was…" → "Ace of hearts was…"). @param {string} text */
export const capitalised = (text) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * A refused move's reason in the page's language: the rule's own reason (the bridge's reason_msg,
 * carried in the refusal's msg), without the rules' section numbers.
 * @param {unknown} err
 */
export function refusalWords(err) {
  const msg = /** @type {{msg?: Msg}} */ (err)?.msg;
  const reason = isMsg(msg?.params?.reason) ? msg.params.reason : msg;
  const text = isMsg(reason) ? tMsg(reason) : (err instanceof Error ? err.message : String(err));
  return withoutSections(text);
}

/** A text without the rules' section marks ("(E4.1)"): players read words, not codes. @param {string} text */
export function withoutSections(text) {
  return text.replace(/\s*\((?:E\d+(?:\.\d+)?(?:,\s*)?)+\)/g, "").trim();
}

/**
 * One log event as a sentence. @param {Msg} event @param {Wordings} wordings
 * @returns {string}
 */
export function eventWords(event, wordings) {
  const name = event.code.replace(/^eleusis\./, ""); // "event.right", "end.guessed": keys of our section
  const p = /** @type {Record<string, any>} */ (event.params ?? {});
  const who = typeof p.seat === "number" ? seatName(p.seat) : "";
  const person = typeof p.seat === "number" ? personOf(p.seat) : "other";
  // A number of cards (a new hand's size) picks the plural form: "a new hand of 1 card".
  const count = typeof p.cards === "number" ? { count: p.cards } : {};
  const params = { ...p, ...count, who, person, rule: typeof p.rule === "string" ? quotedRule(p.rule, wordings) : "" };
  return t(`eleusis.${name}`, params);
}

/**
 * The log's events a player reads: a guess that ends the hand is told once. The engine logs the right
 * guess ("Computer 1 guessed the rule!") and then the hand's end for that reason ("Computer 1 guessed
 * the rule."); the second only repeats the first, so it is left out (the end-of-hand sheet says it).
 * @param {Msg[]} log @returns {Msg[]}
 */
export function shownEvents(log) {
  return log.filter((event, i) => {
    const before = i > 0 ? log[i - 1] : null;
    return !(event.code === "eleusis.end.guessed" && before?.code === "eleusis.event.guess_right"
      && before.params?.seat === event.params?.seat);
  });
}

/** The events since the snapshot `before` (the sentences of what just happened). @param {EleusisSnapshot|null} before @param {EleusisSnapshot} after */
export function newEvents(before, after) {
  const fresh = Math.max(0, after.log_size - (before?.log_size ?? 0));
  const start = Math.max(0, after.log.length - fresh);
  // From one event earlier: a guess told in the last status line is not told again by the hand's end.
  return shownEvents(after.log.slice(Math.max(0, start - 1))).filter((event) => after.log.indexOf(event) >= start)
    .map((event) => eventWords(event, after.wordings));
}

/** What the person must do now, from the snapshot's phase. @param {EleusisSnapshot} snap */
export function yourTurnText(snap) {
  if (snap.phase === "judge" && snap.pending) {
    const who = seatName(snap.pending.seat);
    return snap.pending.no_play
      ? t("eleusis.yourTurn.judgeNoPlay", { who })
      : t("eleusis.yourTurn.judge", { who, cards: snap.pending.cards });
  }
  if (snap.phase === "declare") return t("eleusis.yourTurn.declare");
  if (snap.phase === "guess") return t("eleusis.yourTurn.guess");
  return t(snap.game === "eleusis" ? "eleusis.yourTurn.playString" : "eleusis.yourTurn.play");
}

/** The reason a hand ended, in words. @param {Msg|undefined} msg */
export function endReason(msg) {
  if (!isMsg(msg)) return "";
  return eventWords(msg, {});
}
