// Between the board and the turn loop: what a click on a point does (pick a piece, enter a jump one
// hop at a time, play a move, or explain a miss), and which marks the board shows. Shared by the
// hunt page (main.js) and the embed's hunt mode. The choices come from the engine's legal moves
// (picker.js); the reasons for a refusal from the engine's `hunt.explain`.

import { movablePieces, pick, placements, targets, jumpText } from "./picker.js";
import { plainReason, sideName } from "./words.js";

/** @typedef {import("./hunt-loop.js").HuntLoop} HuntLoop */
/** @typedef {import("./board-view.js").BoardView} BoardView */
/** @typedef {import("./board-view.js").BoardMarks} BoardMarks */

const PIECE_OF = { L: "leopard", C: "cow" };

export class HuntController {
  /**
   * @param {HuntLoop} loop
   * @param {BoardView} board
   * @param {{announce: (text: string) => void, tell: (text: string) => void}} say
   *   announce: the status line; tell: the same, marked as a refusal
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
      stopHere: next.complete,
    };
  }

  /** True when a jump sequence is entered and may stop where it is (H6.2). */
  get mayStop() {
    return this.loop.yourTurn && targets(this.loop.snap.legal_moves, this.loop.path).complete;
  }

  /** A click (or Enter) on a point. @param {string} point @param {boolean} byKeyboard */
  onPoint(point, byKeyboard) {
    const { loop } = this;
    if (!loop.snap) return this.say.tell("The game is starting: moves open in a moment.");
    if (loop.snap.over) return this.say.tell("The game is over: New game… starts another.");
    if (!loop.yourTurn) return this.say.tell("Please wait: it is the computer's turn.");
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
    if (!path.length) return this.say.announce("Nothing chosen.");
    const { steps, hops, complete } = targets(snap.legal_moves, path);
    const piece = PIECE_OF[snap.person];
    if (path.length > 1) {
      const stop = complete ? " Or stop here: choose the leopard again, or Stop jumping here." : "";
      return this.say.announce(`Jumped to ${path[path.length - 1]}. Jump on to ${hops.join(", ")}.${stop}`);
    }
    const parts = [];
    if (steps.length) parts.push(`move to ${steps.join(", ")}`);
    if (hops.length) parts.push(`jump to ${hops.join(", ")}`);
    return this.say.announce(`The ${piece} on ${path[0]} may ${parts.join(", or ")}.`);
  }

  /** Play the jump sequence entered so far (allowed when capture is not compulsory). */
  stopHere() {
    if (this.mayStop) this.loop.play(jumpText(this.loop.path));
  }

  /** Drop the choice (Escape, Cancel). */
  cancel() {
    if (!this.loop.path.length) return;
    this.loop.path = [];
    this.say.announce("Nothing chosen.");
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
      if (cell !== "." && cell !== snap.person) {
        return this.say.tell(`That is a ${PIECE_OF[cell]}: you play the ${sideName(snap.person)}.`);
      }
      if (cell === snap.person) return this.say.tell(`That ${PIECE_OF[cell]} has no legal move now.`);
      const which = snap.person === "L" ? "leopards" : "cows";
      return this.say.tell(`Choose one of your ${which} first: the ones that can move are lit.`);
    }
    try {
      const { legal, reason } = await this.loop.engine.call("hunt.explain", { move });
      if (!legal) this.say.tell(`${move} is not allowed: ${plainReason(reason)}.`);
    } catch (err) {
      this.say.tell(`${move} is not allowed.`);
    }
    return undefined;
  }
}
