// Hints: the Hint button asks the engine (webapi "hint", computed from the person's view only)
// for the move the default level would play in the person's place and one line saying why. The
// page lights that move the way a click would (the card chosen, its place marked) and shows the
// reason; the person plays it, or anything else, by clicking as usual. A hint belongs to the
// snapshot it was given for: any change of the game clears it.

import { button, byId } from "../../platform/dom.js";
import { errorText, t, tMsg } from "../../platform/i18n/i18n.js";
import { LoopControl } from "../../platform/loop-control.js";

/** @typedef {import("../../platform/engine/types.js").Snapshot} Snapshot */
/** @typedef {import("../../platform/engine/client.js").Engine} Engine */
/** @typedef {import("./turn-loop.js").LeopardLoop} TurnLoop */
/** @typedef {{move: string, reason: string, reason_msg?: import("../../platform/i18n/catalog.js").Msg|null, reason_data?: unknown}} HintAnswer */

/**
 * @typedef {object} HintHooks
 * @property {() => void} render  redraw the table (which calls decorate())
 * @property {(message: string) => void} refused
 * @property {() => Promise<void>} persist  save the game (the engine marks it as helped)
 */

/** The hinted move in words ("play 7 of hearts on your space 7"). @param {string} move */
export function hintWords(move) {
  const words = move.split(" ");
  if (words[1] === "to") return t(`game.hint.play.${words[2] === "own" ? "own" : "opp"}`, { card: words[0], space: words[3] });
  if (words[0] === "discard") return t("game.hint.discard", { card: words[1] });
  if (move === "out") return t("game.hint.out");
  if (move === "end") return t("game.hint.end");
  return move;
}

/** The engine's reason for a hint, in the page's language. @param {HintAnswer} answer */
function reasonText(answer) {
  return answer.reason_msg ? tMsg(answer.reason_msg) : "";
}

/** The element a hinted move is made on. @param {string} move @returns {string|null} */
export function hintTarget(move) {
  const words = move.split(" ");
  if (words[1] === "to") return `#${words[2]}-space-${words[3]}`;
  if (words[0] === "discard") return "#discard-target";
  if (move === "out") return "#go-out";
  if (move === "end") return "#end-turn";
  return null;
}

/** The card a hinted move plays or discards, or null. @param {string} move */
export function hintCard(move) {
  const words = move.split(" ");
  if (words[1] === "to") return words[0];
  if (words[0] === "discard") return words[1];
  return null;
}

/** @extends {LoopControl<TurnLoop>} */
export class HintControl extends LoopControl {
  /**
   * @param {TurnLoop} loop
   * @param {Engine} engine
   * @param {HintHooks} hooks
   */
  constructor(loop, engine, hooks) {
    super(loop, engine);
    this.hooks = hooks;
    /** @type {{move: string, reason: string, snap: Snapshot}|null} */
    this.current = null;
    button("hint").addEventListener("click", () => this.ask());
  }

  /** Ask the engine for a hint and light it. */
  ask() {
    const { loop, engine, hooks } = this;
    if (!loop.yourTurn) return Promise.resolve();
    return loop.exclusive(async () => {
      /** @type {HintAnswer} */
      let answer;
      try {
        answer = await engine.call("hint");
        loop.snap = await engine.call("snapshot"); // now marked as a game with hints
      } catch (err) {
        hooks.refused(t("game.hint.failed", { reason: errorText(err) }));
        return;
      }
      await hooks.persist();
      this.current = { move: answer.move, reason: reasonText(answer), snap: loop.snap };
      const card = hintCard(answer.move);
      loop.selected = card ? loop.snap.hand.indexOf(card) : null;
      if (loop.selected === -1) loop.selected = null;
      // Said once: the hint line (a live region) shows it; the status line keeps what happened.
    }).finally(() => {
      hooks.render();
      if (this.current?.snap === loop.snap) byId("hint-line").scrollIntoView({ block: "nearest" });
      const target = this.current && hintTarget(this.current.move);
      const node = target && /** @type {HTMLElement|null} */ (document.querySelector(target));
      if (node && this.current?.snap === loop.snap) node.focus({ preventScroll: true });
    });
  }

  /** Mark the hinted move on the table drawn from loop.snap; clear a hint of an older snapshot. */
  decorate() {
    const { loop } = this;
    for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
    const line = byId("hint-line");
    if (this.current && this.current.snap !== loop.snap) this.current = null;
    button("hint").disabled = !loop.yourTurn;
    if (!this.current) {
      line.hidden = true;
      return;
    }
    const { move, reason } = this.current;
    const card = hintCard(move);
    const chosen = loop.selected === null ? null : loop.snap.hand[loop.selected];
    const target = hintTarget(move);
    if (target && (!card || card === chosen)) document.querySelector(target)?.classList.add("hinted");
    if (card && card === chosen) document.querySelector(`#hand-card-${loop.selected}`)?.classList.add("hinted");
    line.dataset.move = move;
    byId("hint-move").textContent = t("game.hint.line", { move: hintWords(move) });
    byId("hint-reason").textContent = reason;
    line.hidden = false;
  }
}
