// The hunt's adaptation of the platform's turn loop (../../platform/turn-loop.js): the person's
// choice is the path of points picked so far; the game simply ends (no hands, no pass-and-play);
// the words say which side moved. The engine (hunt.* methods) decides whose turn it is and what is legal.

import { describeEnd, engineWords, errorWords, yourTurnText } from "./words.js";
import { joinSentences } from "../../platform/sentences.js";
import { t } from "../../platform/i18n/i18n.js";
import { TurnLoop } from "../../platform/turn-loop.js";

/** @typedef {import("./types.js").HuntSnapshot} HuntSnapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */

/**
 * @typedef {object} HuntOnlyHooks
 * @property {() => void} over  the game has ended
 * @typedef {import("../../platform/turn-loop.js").LoopHooks & HuntOnlyHooks} HuntHooks
 */

/** @extends {TurnLoop<HuntSnapshot>} */
export class HuntLoop extends TurnLoop {
  /**
   * @param {Engine} engine
   * @param {HuntHooks} hooks
   * @param {{pace: number}} options pace: ms before each computer move
   */
  constructor(engine, hooks, { pace }) {
    super(engine, hooks, { pace, methods: { play: "hunt.play", botMove: "hunt.bot_move" } });
    /** @type {HuntHooks} the hooks with the game's own (the base class knows them as LoopHooks) */
    this.gameHooks = hooks;
    /** @type {string[]} the points picked for the person's next move */
    this.path = [];
  }

  clearChoice() {
    this.path = [];
  }

  refusedText(err) {
    return t("hunt.status.refused", { reason: errorWords(err) });
  }

  /**
   * The move just played in the engine's words, told to the person ("The computer placed a cow on
   * e7"): the snapshot after it carries them, and knows whose move it was. Without them (an engine
   * older than the page) nothing is said rather than the move's notation.
   * @param {string} _move @param {HuntSnapshot} _before @param {HuntSnapshot} after @param {boolean} _byPerson
   */
  describeMove(_move, _before, after, _byPerson) {
    return engineWords(after.last_move_words);
  }

  thinkingText() {
    return t("hunt.status.thinking");
  }

  /** @param {HuntSnapshot} snap @param {string[]} happened */
  ended(snap, happened) {
    this.hooks.phase("game-over");
    this.hooks.announce(joinSentences([...happened.slice(-1), describeEnd(snap)]));
    this.gameHooks.over();
  }

  /** @param {string[]} happened @param {HuntSnapshot} snap */
  yourTurnText(happened, snap) {
    return joinSentences([...happened.slice(-2), yourTurnText(snap)]);
  }
}
