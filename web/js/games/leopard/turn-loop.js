// Leopard's adaptation of the platform's turn loop (../../platform/turn-loop.js): the person's
// choice is a card of the hand (selected); the engine may force a pass; a hand ends before the
// game does (nextHand deals the next); in pass-and-play the engine's snapshot says when the device
// must be passed on (snapshot.handover): the loop then stops until the next player reveals their hand.

import { describeEnd, describeMove, yourTurnText } from "./move-words.js";
import { errorText, t } from "../../platform/i18n/i18n.js";
import { shownName } from "./players.js";
import { TurnLoop } from "../../platform/turn-loop.js";
import { joinSentences } from "../../platform/sentences.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */

/**
 * @typedef {object} LeopardHooks
 * @property {() => void} handOver  show the end of the hand (or game)
 * @property {(snap: Snapshot) => void} passDevice  pass-and-play: show the hand-over screen (the
 *   snapshot, and so the table just drawn, holds nothing private until the next player reveals)
 * @typedef {import("../../platform/turn-loop.js").LoopHooks & LeopardHooks} LoopHooks
 */

/**
 * The last three things that happened, then what comes now, as one announcement (each sentence
 * closed once: "New game." and "You played …" alike).
 * @param {string[]} happened @param {string} now
 */
function sentences(happened, now) {
  return joinSentences([...happened.filter(Boolean).slice(-3), now]);
}

/** @extends {TurnLoop<Snapshot>} */
export class LeopardLoop extends TurnLoop {
  /**
   * @param {Engine} engine
   * @param {LoopHooks} hooks
   * @param {{pace: number}} options pace: ms before each computer move
   */
  constructor(engine, hooks, { pace }) {
    super(engine, hooks, { pace, methods: { play: "play", botMove: "bot_move" } });
    /** @type {LoopHooks} the hooks with the game's own (the base class knows them as LoopHooks) */
    this.gameHooks = hooks;
    /** @type {number|null} index in snap.hand of the chosen card */
    this.selected = null;
  }

  clearChoice() {
    this.selected = null;
  }

  /** @param {Snapshot} snap */
  awaitsPerson(snap) {
    return snap.to_move === "own" && !snap.handover;
  }

  refusedText(err) {
    return t("game.refused", { reason: errorText(err) });
  }

  /** @param {any} move @param {Snapshot} before @param {Snapshot} after @param {boolean} byPerson */
  describeMove(move, before, after, byPerson) {
    if (!byPerson) return describeMove(move);
    const last = after.log[after.log.length - 1];
    return last ? describeMove(last, after) : "";
  }

  thinkingText() {
    return t("game.thinking");
  }

  /** @param {Snapshot} snap */
  ended(snap) {
    this.hooks.phase(snap.game.over ? "game-over" : "hand-over");
    this.hooks.announce(describeEnd(snap));
    this.gameHooks.handOver();
  }

  /** @param {Snapshot} snap @param {string[]} happened */
  pauses(snap, happened) {
    if (!snap.handover) return false;
    // Pass-and-play, after a completed turn (or a new game, hand or restore): the engine shows
    // no hand until the next player says they hold the device. No computer move is asked for.
    this.busy = false;
    this.hooks.phase("pass-device");
    // The status line is rewritten: it may still name a card of the hand just hidden.
    this.hooks.announce(sentences(happened, t("game.passTo", { name: shownName(snap.to_move_name ?? "") })));
    this.gameHooks.passDevice(snap);
    return true;
  }

  /** @param {Snapshot} snap */
  forcedMove(snap) {
    const onlyPass = snap.legal_moves.length === 1 && snap.legal_moves[0] === "pass";
    return onlyPass ? { move: "pass", words: t("game.forcedPass") } : null;
  }

  /** @param {string[]} happened @param {Snapshot} snap */
  yourTurnText(happened, snap) {
    return sentences(happened, yourTurnText(snap));
  }

  /** Deal the next hand after one ended. */
  nextHand() {
    if (!this.snap?.over || this.snap.game.over) return Promise.resolve();
    return this.replace(() => this.engine.call("next_hand"), "");
  }
}
