// Between the board and the turn loop: what a click on a point does (pick a piece, enter a jump one
// hop at a time, play a move, or explain a miss), and which marks the board shows. Shared by the
// hunt page (main.js) and the embed's hunt mode. The choices come from the engine's legal moves
// (picker.js); the reasons for a refusal from the engine's `hunt.explain`.

import { movablePieces, pick, placements, targets, jumpText } from "./picker.js";
import { engineWords } from "./words.js";
import { t } from "../../platform/i18n/i18n.js";

/** @typedef {import("./hunt-loop.js").HuntLoop} HuntLoop */
/** @typedef {import("./board-view.js").BoardView} BoardView */
/** @typedef {import("./board-view.js").BoardMarks} BoardMarks */

export class HuntController {
  /**
   * @param {HuntLoop} loop
   * @param {BoardView} board
   * @param {{announce: (text: string) => void, tell: (text: string, rule?: string|null) => void}} say
   *   announce: the status line; tell: the same, marked as a refusal, with the rule it is about
   *   when the engine names one (the page links it to its section; the embed ignores it)
   */
  constructor(loop, board, say) {
    this.loop = loop;
    this.board = board;
    this.say = say;
  }

  /** The board's marks for the current snapshot and choice. @returns {BoardMarks} */
  marks() {
    const { snap, path } = this.loop;
    const legal = this.loop.yourTurn ? snap.legal_moves : [];
    const next = targets(legal, path);
    return {
      cells: snap.cells, place: path.length ? [] : placements(legal),
      movable: path.length > 1 ? [] : [...movablePieces(legal)],
      steps: next.steps, hops: next.hops, path, lastMove: path.length ? null : snap.last_move,
      stopHere: next.complete, room: snap.leopard_room,
    };
  }

  /** True when a jump sequence is entered and may stop where it is (H6.2). */
  get mayStop() {
    return this.loop.yourTurn && targets(this.loop.snap.legal_moves, this.loop.path).complete;
  }

  /** A click (or Enter) on a point. @param {string} point @param {boolean} byKeyboard */
  onPoint(point, byKeyboard) {
    const { loop } = this;
    if (!loop.snap) return this.say.tell(t("hunt.say.starting"));
    if (loop.snap.over) return this.say.tell(t("hunt.say.over"));
    if (!loop.yourTurn) return this.say.tell(t("hunt.say.wait"));
    const result = pick(loop.snap.legal_moves, loop.path, point);
    if ("play" in result) {
      if (byKeyboard) this.refocus = result.play.split(/[-x]/).pop();
      loop.play(result.play);
      return undefined;
    }
    if ("choose" in result) {
      loop.path = result.choose;
      this.describeChoice();
      loop.hooks.render();
      return undefined;
    }
    return this.explainMiss(point, result.miss);
  }

  /** Say what the chosen piece may do. */
  describeChoice() {
    const { path, snap } = this.loop;
    if (!path.length) return this.say.announce(t("hunt.say.nothing"));
    const { steps, hops, complete } = targets(snap.legal_moves, path);
    const points = { steps: steps.join(", "), hops: hops.join(", ") };
    if (path.length > 1) {
      const key = complete ? "hunt.say.jumpedMayStop" : "hunt.say.jumped";
      return this.say.announce(t(key, { point: path[path.length - 1], hops: points.hops }));
    }
    const may = steps.length && hops.length ? "both" : hops.length ? "jump" : "step";
    return this.say.announce(t(`hunt.say.choice.${snap.person}.${may}`, { point: path[0], ...points }));
  }

  /** Play the jump sequence entered so far (allowed when capture is not compulsory). */
  stopHere() {
    if (this.mayStop) this.loop.play(jumpText(this.loop.path));
  }

  /** Drop the choice (Escape, Cancel). */
  cancel() {
    if (!this.loop.path.length) return;
    this.loop.path = [];
    this.say.announce(t("hunt.say.nothing"));
    this.loop.hooks.render();
  }

  /**
   * Say politely why a click did nothing: the engine's reason for a move it would have meant.
   * @param {string} point
   * @param {string} move "" when the click meant no move at all
   */
  async explainMiss(point, move) {
    const { snap } = this.loop;
    const cell = snap.cells[this.board.board.points.findIndex((p) => p.name === point)];
    if (!move) {
      if (cell !== "." && cell !== snap.person) return this.say.tell(t(`hunt.say.notYours.${snap.person}`));
      if (cell === snap.person) return this.say.tell(t(`hunt.say.noMove.${snap.person}`));
      return this.say.tell(t(`hunt.say.chooseFirst.${snap.person}`));
    }
    try {
      const answer = await this.loop.engine.call("hunt.explain", { move });
      if (!answer.legal) {
        this.say.tell(t("hunt.say.notAllowed", { move, reason: engineWords(answer.reason_msg, answer.reason) }), answer.rule);
      }
    } catch {
      this.say.tell(t("hunt.say.notAllowedBare", { move }));
    }
    return undefined;
  }
}
