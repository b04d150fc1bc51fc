// Eleusis's adaptation of the platform's turn loop (../../platform/turn-loop.js). The person's
// moves are the table's notation (E15: "play 7H 8D", "noplay", "prophet", "pass", "judge right",
// "guess RULE"), sent as eleusis.move; the computer players move with eleusis.bot_move. The
// person's choice is the cards selected for a string (Eleusis). The words of what happened come
// from the engine's log of events (words.js). The engine decides whose turn it is and what is legal.
// In a classroom game (E16) the engine's snapshot says when the device must be passed on
// (snapshot.handover): the loop then stops until the next person reveals their hand (handover.js).
// In a whole game (E13) the engine begins the next hand as soon as one ends, waiting for its
// dealer: the loop stops there too (the end-of-hand sheet is up) until the person asks for the next
// hand (nextHand): a computer dealer then deals its secret rule, or the person deals theirs.

import { newEvents, refusalWords, seatName, useSeatNames, yourTurnText } from "./words.js";
import { joinSentences } from "../../platform/sentences.js";
import { t } from "../../platform/i18n/i18n.js";
import { TurnLoop } from "../../platform/turn-loop.js";
import { betweenHands, nextDealerText } from "./end-of-hand.js";

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */

/**
 * @typedef {object} EleusisOnlyHooks
 * @property {() => void} over  the hand has ended (in a whole game, also a hand before the last)
 * @property {(snap: EleusisSnapshot) => void} passDevice  classroom: show the hand-over screen (the
 *   snapshot, and so the table just drawn, holds no hand until the next person reveals)
 * @typedef {import("../../platform/turn-loop.js").LoopHooks & EleusisOnlyHooks} EleusisHooks
 */

/** How long the computer waits after the person's move that may be taken back (E18), in ms. */
export const UNDO_WINDOW_MS = 1500;
/**
 * Classroom (E16): how long the first computer player waits after a person's turn, in ms, so that
 * the person still at the device reads their verdict ("Cleo: 9 of clubs, wrong…") before the
 * computer players' moves replace it; the device is handed on after them, so the status line is the
 * only place that person learns what their play did. Computer after computer keeps the pace.
 */
export const READING_MS = 2000;

/** @extends {TurnLoop<EleusisSnapshot>} */
export class EleusisLoop extends TurnLoop {
  /**
   * @param {Engine} engine
   * @param {EleusisHooks} hooks
   * @param {{pace: number}} options pace: ms before each computer move
   */
  constructor(engine, hooks, { pace }) {
    super(engine, hooks, { pace, methods: { play: "eleusis.move", botMove: "eleusis.bot_move" } });
    /** @type {EleusisHooks} */
    this.gameHooks = hooks;
    /** the least pause after a move the person may take back (E18); a link's &pace= sets it too */
    this.undoWindow = UNDO_WINDOW_MS;
    /** classroom: the least pause after a person's turn, to read its verdict; a link's &pace= sets it too */
    this.readingWindow = READING_MS;
    /** whether the person's own move has been said and no computer player has moved since */
    this.personMoved = false;
    /** @type {number[]} the hand's cards picked for the next play, in order */
    this.selection = [];
    /** the whole game's hand whose dealer the person let deal ("Next hand"); -1: none yet */
    this.dealing = -1;
  }

  clearChoice() {
    this.selection = [];
  }

  /** @param {EleusisSnapshot} snap */
  awaitsPerson(snap) {
    return !snap.bot_to_move && !snap.handover && !betweenHands(snap);
  }

  /** @param {EleusisSnapshot} snap @param {string[]} happened */
  pauses(snap, happened) {
    if (betweenHands(snap) && this.dealing !== snap.hand_number) {
      this.busy = false;
      this.hooks.phase("between-hands");
      this.hooks.render(); // drawn again now that the loop is idle: "Next hand" may be clicked
      this.hooks.announce(joinSentences([...happened.slice(-3), nextDealerText(snap)]));
      this.gameHooks.over();
      return true;
    }
    if (!snap.handover) return false;
    this.busy = false;
    this.hooks.phase("pass-device");
    // The status line is rewritten: it may still name a card of the hand just hidden.
    this.hooks.announce(joinSentences([...happened.slice(-3), t("eleusis.classroom.passTo", { name: snap.to_move_name ?? "" })]));
    this.gameHooks.passDevice(snap);
    return true;
  }

  /** A new or restored game: its hands wait for "Next hand" again. @type {TurnLoop<EleusisSnapshot>["replace"]} */
  replace(fn, intro, options) {
    this.dealing = -1;
    return super.replace(fn, intro, options);
  }

  /**
   * A whole game's next hand (E13), when the loop waits between hands: its computer dealer deals,
   * or the person deals `rule` (eleusis.next_hand). Resolves once the loop waits for the person
   * again; a rule the engine refuses is told (refused) and the loop keeps waiting between hands.
   * @param {string} [rule] the person's rule (notation) when they deal
   * @param {string} [intro] the first sentence to announce
   */
  nextHand(rule, intro = "") {
    const snap = this.snap;
    if (!snap || this.busy || !betweenHands(snap)) return Promise.resolve();
    if (snap.bot_to_move) {
      this.dealing = snap.hand_number;
      return this.begin(snap, intro);
    }
    const epoch = ++this.epoch;
    return this.exclusive(async () => {
      this.hooks.phase("busy");
      try {
        this.snap = await this.engine.call("eleusis.next_hand", { rule });
      } catch (err) {
        this.hooks.refused(this.refusedText(err), err);
        this.hooks.phase("between-hands");
        this.hooks.render();
        return;
      }
      this.clearChoice();
      await this.hooks.persist();
      await this.advance(epoch, intro);
    });
  }

  refusedText(err) {
    return t("eleusis.status.refused", { reason: refusalWords(err) });
  }

  /**
   * @param {string} move @param {EleusisSnapshot} before @param {EleusisSnapshot} after
   * @param {boolean} byPerson
   */
  describeMove(move, before, after, byPerson) {
    useSeatNames(after);
    const words = joinSentences(newEvents(before, after));
    this.personMoved = byPerson && words !== "";
    return words;
  }

  /**
   * A move the person may take back (E18) leaves them a moment for it; in a classroom game the
   * first computer player after a person's turn leaves that person a moment to read its verdict.
   * @param {EleusisSnapshot} snap
   */
  botPause(snap) {
    const reading = snap.classroom && this.personMoved ? this.readingWindow : 0;
    this.personMoved = false;
    return Math.max(this.pace, snap.undoable ? this.undoWindow : 0, reading);
  }

  /**
   * "Computer 1 is thinking…", after what happened since the status line last changed: the
   * person's own verdict stays in sight (and is read out) until the computer player has moved.
   * @param {string[]} [unsaid]
   */
  thinkingText(unsaid = []) {
    const seat = this.snap?.to_move;
    const thinking = typeof seat === "number" ? t("eleusis.status.thinking", { who: seatName(seat) }) : "";
    return joinSentences([...unsaid, thinking]);
  }

  /** @param {EleusisSnapshot} snap @param {string[]} happened */
  ended(snap, happened) {
    this.hooks.phase("game-over");
    this.hooks.announce(joinSentences(happened.slice(-3)));
    this.gameHooks.over();
  }

  /** @param {string[]} happened @param {EleusisSnapshot} snap */
  yourTurnText(happened, snap) {
    const now = snap.classroom && snap.to_move_name
      ? t("eleusis.classroom.turnOf", { name: snap.to_move_name, what: yourTurnText(snap) }) : yourTurnText(snap);
    return joinSentences([...happened.slice(-4), now]);
  }
}
