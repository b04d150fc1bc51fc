// The guided first hand. The engine holds the script (leopard_core/tutorial.py, webapi
// "tutorial_start"): a fixed deal, one step per move of the person, each checked by the engine
// (a move the step does not ask for is refused with a polite sentence and changes nothing), and
// the computer's scripted replies. The snapshot's `tutorial` key says the step; this module only
// shows it in a small panel, offers the guided hand to a first-time visitor, and takes the person
// back to their game (or a new one) when it is skipped or done.
//
// Storage: the game being played when the guided hand started is copied by the engine worker (the
// page never holds its save: ../../platform/kept-game.js) and restored afterwards; RESUME_KEY is where
// this page kept that copy in localStorage before (the page moves it into the worker); OFFERED_KEY
// remembers that the first-visit offer was made.
//
// Words: the step's title, prompt and what was said are the engine's messages (codes tutorial.…,
// the *_msg fields of the snapshot's tutorial key), shown in the page's language.

import { errorText, t } from "../../platform/i18n/i18n.js";
import { button, byId, dialog, el } from "../../platform/dom.js";
import { engineText } from "./dialog-words.js";
import { LoopControl } from "../../platform/loop-control.js";
import { freeSpot } from "./free-spot.js";
import { hintCard, hintTarget } from "./hint.js";
import { ruleAddress } from "./rule-links.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */
/** @typedef {import("./turn-loop.js").LeopardLoop} TurnLoop */
/** @typedef {import("../../platform/storage.js").GameStorage} GameStorage */
/** @typedef {import("../../platform/i18n/catalog.js").Msg} Msg */
/** @typedef {import("./free-spot.js").Box} Box */
/**
 * @typedef {{step: number, steps: number, done: boolean, rule: string|null, title: string|null,
 *   prompt: string|null, accepted: string[], said: string|null, reply_said: string|null,
 *   title_msg?: Msg|null, prompt_msg?: Msg|null, said_msg?: Msg|null, reply_said_msg?: Msg|null}} TutorialInfo
 */

export const RESUME_KEY = "leopard.tutorial.resume";
// The panel's own width (24rem), the narrower ones tried on a small screen (shares of it), and the
// narrowest (a phone's middle column beside its squares is about 155 px wide).
const PANEL_WIDTH = 384;
const NARROWER = [0.75, 0.6, 0.5, 0.42];
const MIN_PANEL_WIDTH = 150;
export const OFFERED_KEY = "leopard.tutorial.offered";

/**
 * @typedef {object} TutorialHooks
 * @property {() => Promise<Snapshot>} newGame  start a game with the person's remembered settings
 * @property {string} gameKey  the worker's key of the game being played
 * @property {import("../../platform/kept-game.js").KeptGame} copy  the worker's copy of the game to
 *   go back to after the guided hand
 * @property {(message: string) => void} notice
 */

/** The tutorial part of a snapshot, or null. @param {Snapshot|null} snap @returns {TutorialInfo|null} */
export function tutorialOf(snap) {
  return /** @type {any} */ (snap)?.tutorial ?? null;
}

/** @extends {LoopControl<TurnLoop>} */
export class TutorialControl extends LoopControl {
  /**
   * @param {TurnLoop} loop
   * @param {Engine} engine
   * @param {GameStorage} storage
   * @param {TutorialHooks} hooks
   */
  constructor(loop, engine, storage, hooks) {
    super(loop, engine);
    this.storage = storage;
    this.hooks = hooks;
    /** the last refusal, shown in the panel until the next move */
    this.refusal = "";
    /** @type {Snapshot|null} the snapshot the refusal belongs to */
    this.refusedAt = null;
    /** whether a game was kept to go back to after the guided hand */
    this.resumable = false;
    /**
     * The person's choice with the panel's Hide/Show button: "auto" (the step's explanation shows
     * when the panel still leaves the table in sight, else it is folded away), "folded" or "shown".
     * @type {"auto"|"folded"|"shown"}
     */
    this.choice = "auto";
    /** @type {TutorialInfo|null} the step the panel was last drawn for */
    this.shownStep = null;
    button("open-tutorial").addEventListener("click", () => {
      /** @type {HTMLDetailsElement} */ (byId("more-menu")).open = false;
      this.start();
    });
    button("tutorial-accept").addEventListener("click", () => {
      dialog("tutorial-offer").close();
      this.start();
    });
    button("tutorial-decline").addEventListener("click", () => dialog("tutorial-offer").close());
    button("tutorial-skip").addEventListener("click", () => this.leave());
    button("tutorial-finish").addEventListener("click", () => this.leave());
    button("tutorial-fold").addEventListener("click", () => this.fold(!byId("tutorial-panel").classList.contains("folded")));
  }

  /** True while the game being played is the guided hand. */
  get active() {
    return tutorialOf(this.loop.snap) !== null;
  }

  /** Offer the guided hand once, to a first-time visitor. @param {boolean} firstVisit */
  offer(firstVisit) {
    if (!firstVisit || this.storage.read(OFFERED_KEY)) return;
    this.storage.write(OFFERED_KEY, new Date().toISOString());
    // Not modal: it sits below the top bar (assist.css), whose site menu and buttons stay usable;
    // a newcomer may rather go to the rules or the other game. Escape declines, as in a modal.
    const offer = dialog("tutorial-offer");
    offer.show();
    offer.addEventListener("keydown", (event) => {
      if (event.key === "Escape") offer.close();
    });
  }

  /** The worker's copy of the game to go back to. */
  get copy() {
    return this.hooks.copy;
  }

  /**
   * The guided hand's first snapshot, keeping a copy of the game in progress to come back to (the
   * worker's game, or a save text the page held before the worker kept its saves). With no game in
   * play, a copy kept earlier stays, to go back to. A copy that cannot be kept leaves a new game to
   * follow the guided hand.
   * @param {{from: string} | {text: string}} [inPlay]
   * @returns {Promise<Snapshot>}
   */
  async begin(inPlay = { from: this.hooks.gameKey }) {
    if (!this.active) {
      try {
        this.resumable = (await this.copy.copy(inPlay)) || (await this.copy.hasSave());
      } catch (err) {
        if (/** @type {{kind?: string}} */ (err).kind === "engine_down") throw err;
        this.resumable = false;
      }
    }
    return this.engine.call("tutorial_start");
  }

  /**
   * A visit that resumed the guided hand: whether a game waits for after it.
   * @param {Snapshot} snap the game of this visit
   */
  async resumed(snap) {
    if (!tutorialOf(snap)) return;
    try {
      this.resumable = await this.copy.hasSave();
    } catch {
      this.resumable = false; // the store cannot be used: nothing to go back to
    }
  }

  /** Start (or restart) the guided hand, through the turn loop. */
  start() {
    this.refusal = "";
    this.choice = "auto";
    this.place();
    return this.loop.replace(() => this.begin(), t("dialogs.tutorial.started"));
  }

  /**
   * A move the engine refused: said in the panel during the guided hand. The engine's message is
   * said alone, in the page's language (the panel needs no "That move was refused" lead-in);
   * without one, the page's sentence as given.
   * @param {string} message @param {unknown} [err]
   */
  refused(message, err) {
    if (!this.active) return false;
    this.refusal = err ? errorText(err) : message;
    this.refusedAt = this.loop.snap;
    this.update();
    return true;
  }

  /**
   * Back to the game kept when the guided hand started (the worker restores its copy, then forgets
   * it), or a new game. A copy the engine cannot read is never lost: the worker keeps it aside under
   * a name of its own, which the notice gives.
   */
  leave() {
    const back = this.resumable;
    this.resumable = false;
    byId("tutorial-panel").hidden = true;
    return this.loop.replace(async () => {
      if (back) {
        try {
          const snap = await this.copy.resume();
          if (snap) {
            await this.copy.forget().catch(() => false); // a copy left behind is replaced by the next one
            return snap;
          }
        } catch (err) {
          if (err.kind === "engine_down") throw err;
          this.hooks.notice(err.keptAs ? t("dialogs.tutorial.lostKept", { error: errorText(err), key: err.keptAs })
            : t("dialogs.tutorial.lost", { error: errorText(err) }));
        }
      }
      return this.hooks.newGame();
    }, t(back ? "dialogs.tutorial.back" : "dialogs.tutorial.newGame"));
  }

  /** The person folds the panel to its title and instruction, or opens it. @param {boolean} folded */
  fold(folded) {
    this.choice = folded ? "folded" : "shown";
    this.place();
  }

  /**
   * Draw the panel folded (its explanation and actions hidden) or whole; tight (folded on a small
   * phone): smaller, its rule link hidden too. @param {boolean} folded @param {boolean} [tight]
   */
  drawFolded(folded, tight = false) {
    byId("tutorial-panel").classList.toggle("folded", folded);
    byId("tutorial-panel").classList.toggle("tight", tight);
    const fold = button("tutorial-fold");
    fold.textContent = t(folded ? "dialogs.tutorial.show" : "dialogs.tutorial.hide");
    fold.setAttribute("aria-expanded", String(!folded));
  }

  /**
   * Put the panel where it covers nothing the step names (the cards and places of the moves it
   * accepts, and the cards just played, which its explanation describes) and, unless the person
   * opened it, neither square nor the hand. On a phone the panel is too tall for that at its own
   * width (issue 33, item 10: at 844x390 it lay over the computer's square and scrolled its text
   * out of sight), so narrower widths are tried (a phone's middle column), then the panel folded
   * to its title and instruction, whose Show button opens the rest. Only when nothing holds it
   * whole does it scroll inside, over the free room beside what the step names.
   */
  place() {
    const panel = byId("tutorial-panel");
    const info = tutorialOf(this.loop.snap);
    if (panel.hidden || !info) return;
    const named = [...info.accepted.flatMap(namedBy), ".space.just-played", "#discard-target.just-played"];
    const boxes = (/** @type {string[]} */ selectors) => selectors.flatMap((selector) => [...document.querySelectorAll(selector)])
      .map((node) => node.getBoundingClientRect())
      .filter((box) => box.width > 0);
    const avoid = boxes(named);
    const squares = boxes(["#opp-square .square", "#own-square .square"]);
    const hand = boxes(["#hand"]);
    const bar = document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0;
    const room = { left: 4, top: bar + 4, right: document.documentElement.clientWidth - 4, bottom: innerHeight - 4 };
    const full = Math.min(PANEL_WIDTH, room.right - room.left);
    const widths = [full, ...NARROWER.map((share) => Math.max(MIN_PANEL_WIDTH, Math.round(full * share)))]
      .filter((width, i, all) => width <= full && all.indexOf(width) === i);
    const folds = { auto: [false, true], folded: [true], shown: [false] }[this.choice];
    const last = folds[folds.length - 1];
    // What to leave in sight, best first: the squares and the hand, then (folded: a step that names
    // no card, such as going out, on a landscape phone) the squares alone; opened by the person,
    // only what the step names.
    /** @type {[Box[], boolean][]} */
    const tries = this.choice === "shown" ? [[avoid, false]]
      : [...folds.map((folded) => /** @type {[Box[], boolean]} */ ([[...avoid, ...squares, ...hand], folded])),
        [[...avoid, ...squares], last]];
    // Then, on the smallest phones (360x640: at the step of a jack for the computer's square and at
    // going out the folded panel was a few pixels too tall for the middle column, and lay over the
    // person's whole square), the same places for the panel drawn tight: smaller type and margins,
    // its rule link behind Show with the explanation.
    /** @type {[Box[], boolean, boolean][]} */
    const drawings = [...tries.map(([clear, folded]) => /** @type {[Box[], boolean, boolean]} */ ([clear, folded, false])),
      ...(this.choice === "shown" ? [] : tries.filter(([, folded]) => folded)
        .map(([clear]) => /** @type {[Box[], boolean, boolean]} */ ([clear, true, true])))];
    panel.style.maxHeight = "none";
    for (const [clear, folded, tight] of drawings) {
      for (const width of widths) {
        this.drawFolded(folded, tight);
        panel.style.width = `${width}px`;
        if (panel.scrollWidth > panel.clientWidth + 1) continue; // a word or a button wider than that
        const { height } = panel.getBoundingClientRect();
        const spot = freeSpot({ width, height }, clear, room);
        if (spot.height >= height) return this.put(spot);
      }
    }
    // Nothing holds it whole: at its own width, beside what the step names, scrolling inside.
    this.drawFolded(last);
    panel.style.width = `${full}px`;
    const { height } = panel.getBoundingClientRect();
    this.put(freeSpot({ width: full, height }, avoid, room));
  }

  /** @param {{left: number, top: number, height: number}} spot */
  put(spot) {
    const panel = byId("tutorial-panel");
    panel.style.left = `${spot.left}px`;
    panel.style.top = `${spot.top}px`;
    panel.style.maxHeight = `${spot.height}px`; // never taller than its free room: it scrolls inside
  }

  /** Show the current step (called after every drawing of the table). */
  update() {
    const info = tutorialOf(this.loop.snap);
    const panel = byId("tutorial-panel");
    panel.hidden = !info;
    document.body.dataset.tutorial = info ? (info.done ? "done" : String(info.step)) : "";
    if (!info) return;
    if (this.refusedAt !== this.loop.snap) this.refusal = "";
    // A new step folds its explanation again where it would cover the table (the person opened
    // the last one); a panel the person folded stays folded.
    if (this.shownStep && this.shownStep.step !== info.step && this.choice === "shown") this.choice = "auto";
    this.shownStep = info;
    byId("tutorial-title").textContent = info.done
      ? t("dialogs.tutorial.doneTitle")
      : t("dialogs.tutorial.stepTitle", { step: info.step + 1, steps: info.steps, title: engineText(info.title_msg, info.title) });
    const said = [engineText(info.said_msg, info.said), engineText(info.reply_said_msg, info.reply_said)].filter(Boolean);
    byId("tutorial-said").replaceChildren(...said.map((text) => el("p", "", text)));
    byId("tutorial-prompt").textContent = info.done
      ? t("dialogs.tutorial.donePrompt")
      : engineText(info.prompt_msg, info.prompt);
    const refusal = byId("tutorial-refusal");
    refusal.textContent = this.refusal;
    refusal.hidden = !this.refusal;
    panel.dataset.rule = info.rule ?? "";
    /** @type {HTMLAnchorElement} */ (byId("tutorial-rule-link")).href = ruleAddress(info.rule);
    byId("tutorial-rule-link").parentElement.hidden = info.done || !info.rule;
    panel.dataset.accepted = info.accepted.join("|");
    button("tutorial-skip").hidden = info.done;
    button("tutorial-finish").hidden = !info.done;
    button("tutorial-finish").textContent = t(this.resumable ? "dialogs.backToGame" : "dialogs.tutorial.realGame");
    this.place();
  }
}

/** The selectors of what a move names: its card in the hand and where it goes. @param {string} move */
function namedBy(move) {
  const card = hintCard(move);
  const target = hintTarget(move);
  return [...(card ? [`#hand .hand-card[data-card="${card}"]`] : []), ...(target ? [target] : [])];
}
