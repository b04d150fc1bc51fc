// embed.html?game=eleusis: a small table of Eleusis Express in a host page's frame: the person and
// 2-5 computer players, the computer dealing a secret rule. The same table, hand, turn loop and words
// as eleusis.html (./table-view.js, ./hand-view.js, ./turn-loop.js, ./words.js); no save (a frame
// on someone else's page starts afresh). After a right play the person may guess the rule with the
// page's rule builder (./rule-builder.js), or go on: a reader can win the frame's hand as the page's
// (issue 33: with only "Go on" offered, the rule could never be found here). The computer players are made in slices while the
// person reads the hand (./preparation.js), since the frame shares the site's one engine.
// Tells the host when the table is ready and when the hand is over; links to eleusis-rules.html.
//
// Settings (./embed-modes.js): bots, level, levels (each computer player's), difficulty, seed, pace, and notices (bad values of the
// address, replaced by their defaults). <main data-state="ready" data-turn="your-turn|bot-turn|busy|
// game-over" data-plays="N" data-hand-phase="play|guess|...">.

import { EleusisLoop } from "./turn-loop.js";
import { TableView } from "./table-view.js";
import { HandView } from "./hand-view.js";
import { Preparation } from "./preparation.js";
import { StatusLine, patientEngine } from "./waiting.js";
import { levelName, ruleWords, seatName } from "./words.js";
import { post } from "../../embed/messages.js";
import { problemText } from "../../embed/words.js";
import { lang, t } from "../../platform/i18n/i18n.js";
import { createRuleBuilder } from "./rule-builder.js";
import { el } from "../../platform/dom.js";
import { EmbedBoard } from "../../embed/board.js";

/** @typedef {import("./types.js").EleusisSnapshot} EleusisSnapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */

const STYLES = ["css/eleusis.css", "css/eleusis-lab.css", "css/eleusis-embed.css"];

/** The table's stylesheets, added once (the other games' frames never load them). */
function addStyles() {
  for (const href of STYLES) {
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.append(link);
  }
}

/** The players' levels for the info line: one name when they are all alike, else each in seat order. @param {string[]} levels */
function levelsText(levels) {
  const names = levels.map(levelName);
  return names.every((name) => name === names[0]) ? names[0] : names.join(", ");
}

/** @param {string} cls @param {string} text */
function buttonOf(cls, text) {
  const node = /** @type {HTMLButtonElement} */ (el("button", cls, text));
  node.type = "button";
  return node;
}

export class EleusisEmbedBoard extends EmbedBoard {
  /**
   * @param {HTMLElement} root
   * @param {any} settings bots, level, levels, difficulty, seed?, pace, notices (from embed-modes.js)
   * @param {import("../../embed/board.js").FrameHelpers} helpers
   */
  constructor(root, settings, helpers) {
    super(root, settings, helpers);
    addStyles();
    const box = el("div", "embed-eleusis");
    if (settings.notices.length) {
      const notice = el("div", "embed-notice", el("p", "", t("embed.eleusis.notice")),
        el("ul", "", ...settings.notices.map((/** @type {string} */ text) => el("li", "", text))));
      notice.setAttribute("role", "status");
      box.append(notice);
    }
    this.statusNode = el("p", "embed-status", t("embed.eleusis.starting"));
    this.statusNode.setAttribute("aria-live", "polite");
    this.meter = /** @type {HTMLProgressElement} */ (el("progress", "embed-progress"));
    this.meter.max = 1;
    this.mainline = el("ol", "mainline");
    this.mainlineBox = el("div", "mainline-box", this.mainline);
    this.mainlineBox.tabIndex = 0;
    this.mainlineBox.setAttribute("role", "region"); // a named box: a div may not carry a name without a role
    this.mainlineBox.setAttribute("aria-label", t("eleusis.table.mainline"));
    this.expulsion = el("p", "expulsion");
    this.expulsion.hidden = true;
    this.players = el("ol", "players");
    this.handNode = el("div", "hand");
    this.handNode.setAttribute("role", "group");
    this.goOn = buttonOf("", t("eleusis.actions.goOn"));
    this.goOn.hidden = true;
    this.goOn.addEventListener("click", () => this.loop?.play("pass"));
    this.guessBox = el("div", "guess-box embed-guess");
    this.guessBox.hidden = true;
    this.guessButton = buttonOf("primary", t("eleusis.guess.submit"));
    this.guessButton.addEventListener("click", () => this.guess());
    this.skipGuess = buttonOf("", t("eleusis.guess.skip"));
    this.skipGuess.addEventListener("click", () => this.loop?.play("pass"));
    /** @type {ReturnType<typeof createRuleBuilder>|null} made once the engine is up */
    this.builder = null;
    this.again = buttonOf("primary", t("embed.eleusis.again"));
    this.again.hidden = true;
    this.again.addEventListener("click", () => this.newGame());
    this.result = el("div", "embed-result");
    this.result.hidden = true;
    this.info = el("p", "embed-info", t("embed.eleusis.info", {
      count: settings.bots, level: levelsText(settings.levels), difficulty: t(`eleusis.difficulty.${settings.difficulty}`),
    }));
    // The guess under the mainline it must explain, above the players and the hand.
    box.append(this.statusNode, this.meter, this.mainlineBox, this.expulsion, this.guessBox, this.players,
      el("h2", "", t("eleusis.hand.title")), this.handNode,
      el("div", "embed-actions", this.goOn, this.again), this.result, this.info);
    const rules = this.credit();
    const link = rules.querySelector("a");
    if (link) {
      link.href = new URL("eleusis-rules.html", document.baseURI).href;
      link.textContent = t("embed.eleusis.credit");
    }
    root.replaceChildren(box, rules);
    root.dataset.turn = "loading";
  }

  /** Python's start-up progress. @param {{fraction: number}} p */
  progress(p) {
    this.meter.value = p.fraction;
  }

  /** Start the hand once the engine is ready. @param {Engine} engine */
  async fill(engine) {
    const say = (/** @type {string} */ text) => { this.statusNode.textContent = text; };
    this.line = new StatusLine({ announce: say, tell: say });
    this.preparation = new Preparation(engine, { line: this.line, text: () => t("eleusis.status.preparing") });
    const patient = patientEngine(engine, {
      line: this.line, slowText: () => t("eleusis.status.working"), playersReady: () => this.preparation.ready(),
    });
    this.loop = new EleusisLoop(patient, {
      render: () => this.render(),
      phase: (phase) => { this.root.dataset.turn = phase; },
      announce: (text) => this.line.say(text),
      persist: async () => {},
      over: () => this.over(),
      refused: (text) => this.line.tell(text),
      passDevice: () => {}, // one person plays a frame's table: never a hand-over
    }, { pace: this.settings.pace });
    this.table = new TableView({ mainline: this.mainline, box: this.mainlineBox, players: this.players, expulsion: this.expulsion });
    this.hand = new HandView(this.handNode, (index) => this.choose(index));
    this.builder = createRuleBuilder({ engine, t, lang: lang(), onChange: () => this.render() });
    this.guessBox.replaceChildren(el("p", "guess-hint", t("eleusis.guess.hint")), this.builder.element,
      el("div", "guess-actions", this.guessButton, this.skipGuess));
    this.meter.hidden = true;
    await this.newGame();
  }

  /** A new hand with the frame's settings. */
  async newGame() {
    const { bots, level, levels, difficulty, seed } = this.settings;
    /** @type {Record<string, unknown>} */
    const args = { game: "express", bots, levels, difficulty };
    if (seed !== undefined) args.seed = seed;
    this.again.hidden = true;
    this.result.hidden = true;
    try {
      await this.loop.replace(async () => {
        const snap = await this.loop.engine.call("eleusis.new", args);
        this.preparation.begin();
        this.root.dataset.state = "ready";
        post("ready", { bots, level, levels, difficulty });
        return snap;
      }, t("eleusis.status.newGame.express"));
    } catch (err) {
      this.showProblem(err.kind === "engine_down" ? problemText(err) : t("embed.problem.gameStopped", { detail: problemText(err) }));
    }
  }

  /** A card of the hand: played at once (Express). @param {number} index */
  choose(index) {
    const snap = this.loop.snap;
    if (!this.loop.yourTurn || !snap || snap.phase !== "play") return;
    this.loop.play(`play ${snap.hand[index]}`);
  }

  render() {
    const snap = /** @type {EleusisSnapshot} */ (this.loop.snap);
    this.root.dataset.plays = String(snap.plays.length);
    this.root.dataset.handPhase = snap.phase;
    this.table.update(snap);
    const mine = this.loop.yourTurn;
    const playable = new Set(snap.legal_moves.filter((m) => m.startsWith("play ")).map((m) => m.slice(5)));
    this.hand.update(snap.hand, [], mine && snap.phase === "play", playable);
    this.goOn.hidden = !(mine && snap.phase === "declare");
    this.guessBox.hidden = !(mine && snap.phase === "guess");
    this.guessButton.disabled = !this.builder?.rule();
  }

  /** The rule built, guessed (E9); the builder starts afresh for the next chance. */
  guess() {
    const rule = this.builder?.rule();
    if (rule) this.loop.play(`guess ${rule}`).then(() => this.builder?.reset());
  }

  over() {
    const snap = /** @type {EleusisSnapshot} */ (this.loop.snap);
    const result = snap.results[snap.results.length - 1];
    this.goOn.hidden = true;
    this.guessBox.hidden = true;
    this.again.hidden = false;
    if (!result) return;
    this.result.replaceChildren(
      el("p", "embed-verdict", t("embed.eleusis.over", { rule: ruleWords(result.rule, snap.wordings) })),
      el("ul", "embed-scores", ...result.scores.map((score, seat) =>
        el("li", seat === 0 ? "you" : "", `${seatName(seat)}: ${t("eleusis.end.points", { count: score })}`))));
    this.result.hidden = false;
    const best = Math.max(...result.scores);
    post("game-over", {
      scores: result.scores, winner: result.scores[0] === best ? "you" : "computer",
      draw: result.scores.filter((s) => s === best).length > 1,
    });
  }
}
