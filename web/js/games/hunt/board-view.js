// The hunt board on the page: the lines drawn in SVG and one button per point over them, built once
// from the board's geometry (the engine's `hunt.board`, H2) and then updated from each snapshot.
// It holds no rules: it is told what is on each point, which points are lit and why, and it
// reports the point a player clicks (mouse, touch, or the keyboard: arrows move between points,
// Enter or Space chooses one). The files a..i are written under the board and the ranks 1..9 beside
// it, so that a point named in the status line or the move log ("c3", "e5xc5") can be found; each
// leopard carries the number of points it could go to next (the engine's `leopard_room`).

import { el } from "../../platform/dom.js";
import { motionAllowed } from "../../platform/motion.js";
import { t } from "../../platform/i18n/i18n.js";

/** @typedef {import("./types.js").HuntBoard} HuntBoard */

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 9; // the 9 x 9 grid of H2.3
const HOP_MS = 180; // per step or jump of a moving piece

/**
 * What to show on the board besides the pieces.
 * @typedef {object} BoardMarks
 * @property {string} cells          49 characters ". C L" in board order
 * @property {string[]} [place]      points a piece may be placed on
 * @property {string[]} [movable]    pieces that may move
 * @property {string[]} [steps]      points the chosen piece may step to
 * @property {string[]} [hops]       points the chosen piece may jump to next
 * @property {string[]} [path]       the chosen piece and the hops entered so far
 * @property {string|null} [lastMove] the last move played (H8 text), drawn as a trail
 * @property {boolean} [stopHere]    the chosen jump sequence may stop where it is
 * @property {Record<string, number>} [room] each leopard's point -> the points it could go to next
 */

/** Board (x, y) to SVG coordinates: y grows downwards on screen. @param {{x: number, y: number}} p */
const toSvg = (p) => [p.x, SIZE - 1 - p.y];

export class BoardView {
  /**
   * @param {HTMLElement} root an empty element to draw in
   * @param {HuntBoard} board
   * @param {(point: string, byKeyboard: boolean) => void} onPoint
   */
  constructor(root, board, onPoint) {
    this.root = root;
    this.board = board;
    /** @type {Map<string, {name: string, x: number, y: number}>} */
    this.points = new Map(board.points.map((p) => [p.name, p]));
    /** @type {Map<string, string>} "x,y" -> name */
    this.at = new Map(board.points.map((p) => [`${p.x},${p.y}`, p.name]));
    /** @type {Map<string, HTMLButtonElement>} */
    this.buttons = new Map();
    /** @type {string|null|undefined} the last move drawn (undefined before the first drawing) */
    this.shownMove = undefined;
    /** @type {string[]} the path shown at the last drawing */
    this.lastPath = [];
    this.focusName = board.points.some((p) => p.name === "e5") ? "e5" : board.points[0].name;
    root.classList.add("hunt-board");
    root.setAttribute("role", "group");
    root.replaceChildren();
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.setAttribute("viewBox", `-0.5 -0.5 ${SIZE} ${SIZE}`);
    this.svg.setAttribute("aria-hidden", "true");
    this.svg.classList.add("hunt-lines");
    const lines = document.createElementNS(SVG, "g");
    lines.classList.add("board-lines");
    for (const [a, b] of board.lines) lines.append(this.segment(this.points.get(a), this.points.get(b)));
    this.trail = document.createElementNS(SVG, "polyline");
    this.trail.classList.add("trail");
    this.pending = document.createElementNS(SVG, "polyline");
    this.pending.classList.add("pending");
    this.svg.append(lines, this.trail, this.pending);
    root.append(this.svg, ...this.coordinateLabels());
    for (const p of board.points) {
      const node = el("button", "hunt-point");
      node.type = "button";
      node.id = `pt-${p.name}`;
      node.dataset.point = p.name;
      node.style.setProperty("--x", String(p.x));
      node.style.setProperty("--y", String(SIZE - 1 - p.y));
      node.tabIndex = p.name === this.focusName ? 0 : -1;
      node.append(el("span", "piece"), el("span", "room"));
      node.addEventListener("click", (event) => onPoint(p.name, event.detail === 0));
      node.addEventListener("keydown", (event) => this.onKey(event, p.name));
      node.addEventListener("focus", () => this.setFocusPoint(p.name));
      this.buttons.set(p.name, node);
      root.append(node);
    }
  }

  /** The file letters under the board and the rank numbers beside it (H2.3), for the eye only:
   * every point's accessible name already starts with its name. @returns {HTMLElement[]} */
  coordinateLabels() {
    const files = [...new Set(this.board.points.map((p) => p.x))].sort((a, b) => a - b);
    const ranks = [...new Set(this.board.points.map((p) => p.y))].sort((a, b) => b - a); // top row first
    const label = (/** @type {string} */ kind, /** @type {string} */ text, /** @type {number} */ at) => {
      const node = el("span", `coordinate ${kind}`, text);
      node.setAttribute("aria-hidden", "true");
      node.style.setProperty("--at", String(at));
      return node;
    };
    return [
      ...files.map((x) => label("file", "abcdefghi"[x], x)),
      ...ranks.map((y) => label("rank", String(y + 1), SIZE - 1 - y)),
    ];
  }

  /** @param {{x: number, y: number}} a @param {{x: number, y: number}} b */
  segment(a, b) {
    const line = document.createElementNS(SVG, "line");
    const [x1, y1] = toSvg(a);
    const [x2, y2] = toSvg(b);
    line.setAttribute("x1", String(x1));
    line.setAttribute("y1", String(y1));
    line.setAttribute("x2", String(x2));
    line.setAttribute("y2", String(y2));
    return line;
  }

  /** The point between two points of a jump (H5.1: in line, one point apart). @param {string} a @param {string} b */
  between(a, b) {
    const p = this.points.get(a);
    const q = this.points.get(b);
    return this.at.get(`${(p.x + q.x) / 2},${(p.y + q.y) / 2}`) ?? null;
  }

  /** Draw a polyline through named points (none: hidden). @param {SVGPolylineElement} line @param {string[]} names */
  drawPath(line, names) {
    line.setAttribute("points", names.map((n) => toSvg(this.points.get(n)).join(",")).join(" "));
    line.classList.toggle("shown", names.length > 1);
  }

  /**
   * Show a position and its marks.
   * @param {BoardMarks} marks
   * @param {boolean} interactive false while the page is starting or it is not the person's turn
   */
  update(marks, interactive) {
    const cells = [...marks.cells];
    const path = marks.path ?? [];
    // A jump sequence being entered is shown as it would be: the leopard on its last landing
    // point, the cows it jumped marked as taken.
    const taken = new Set();
    for (let i = 1; i < path.length; i += 1) taken.add(this.between(path[i - 1], path[i]));
    const sets = {
      place: new Set(marks.place ?? []), movable: new Set(marks.movable ?? []),
      steps: new Set(marks.steps ?? []), hops: new Set(marks.hops ?? []),
    };
    const last = marks.lastMove ? marks.lastMove.split(/[-x]/) : [];
    this.root.classList.toggle("interactive", interactive);
    this.board.points.forEach((p, index) => {
      const node = this.buttons.get(p.name);
      let piece = cells[index] === "." ? "" : cells[index];
      if (path.length > 1 && p.name === path[0]) piece = "";
      if (path.length > 1 && p.name === path[path.length - 1]) piece = "L";
      const target = sets.steps.has(p.name) ? "step" : sets.hops.has(p.name) ? "hop"
        : sets.place.has(p.name) ? "place" : "";
      node.dataset.piece = piece;
      node.dataset.target = interactive ? target : "";
      node.dataset.taken = String(taken.has(p.name));
      node.dataset.movable = String(interactive && sets.movable.has(p.name));
      node.dataset.chosen = String(path.length > 0 && (p.name === path[path.length - 1]));
      node.dataset.last = String(last.includes(p.name));
      const room = piece === "L" && path.length === 0 ? marks.room?.[p.name] : undefined;
      const badge = /** @type {HTMLElement} */ (node.querySelector(".room"));
      badge.textContent = room === undefined ? "" : String(room);
      node.dataset.room = room === undefined ? "" : String(room);
      node.setAttribute("aria-pressed", String(path[0] === p.name || (path.length > 1 && path[path.length - 1] === p.name)));
      node.setAttribute("aria-label", this.label(p.name, piece, node.dataset.target, taken.has(p.name),
        marks.stopHere && p.name === path[path.length - 1], room));
    });
    this.drawPath(this.trail, last);
    this.drawPath(this.pending, path);
    if (marks.lastMove !== this.shownMove) {
      // A move just played travels along its path (or drops in); not on the first drawing, nor
      // after a jump entered hop by hop, whose leopard is already where it lands.
      if (this.shownMove !== undefined && !this.enteredMove(marks.lastMove)) this.animate(last);
      this.shownMove = marks.lastMove ?? null;
    }
    this.lastPath = path;
  }

  /** True when the move is the jump the person has just entered hop by hop. @param {string|null} move */
  enteredMove(move) {
    return Boolean(move) && (this.lastPath ?? []).length > 1 && move === this.lastPath.join("x");
  }

  /** Move the piece on the last point of `points` along them, or drop it in when it was placed. @param {string[]} points */
  animate(points) {
    if (!points.length || !motionAllowed()) return;
    const end = this.points.get(points[points.length - 1]);
    const node = this.buttons.get(end.name);
    const piece = /** @type {HTMLElement} */ (node.querySelector(".piece"));
    const cell = node.offsetWidth;
    if (points.length === 1) {
      piece.animate([{ transform: "scale(0.3)", opacity: 0 }, { transform: "scale(1)", opacity: 1 }],
        { duration: HOP_MS * 1.5, easing: "ease-out" });
      return;
    }
    const frames = points.map((name) => {
      const p = this.points.get(name);
      return { transform: `translate(${(p.x - end.x) * cell}px, ${(end.y - p.y) * cell}px)` };
    });
    piece.animate(frames, { duration: HOP_MS * (points.length - 1), easing: "ease-in-out" });
  }

  /** What a screen reader says for a point: its name, then what is on it and what it may do. */
  label(name, piece, target, taken, stopHere, room) {
    const parts = [name, t(`hunt.point.${piece === "L" || piece === "C" ? piece : "empty"}`)];
    if (room !== undefined) parts.push(t("hunt.point.room", { count: room }));
    if (taken) parts.push(t("hunt.point.taken"));
    if (target === "step" || target === "hop" || target === "place") parts.push(t(`hunt.point.${target}`));
    if (stopHere) parts.push(t("hunt.point.stop"));
    return parts.join(", ");
  }

  /** Make one point the board's tab stop. @param {string} name */
  setFocusPoint(name) {
    if (name === this.focusName) return;
    this.buttons.get(this.focusName).tabIndex = -1;
    this.buttons.get(name).tabIndex = 0;
    this.focusName = name;
  }

  /** Put the keyboard focus on a point. @param {string} name */
  focus(name) {
    this.setFocusPoint(name);
    this.buttons.get(name).focus({ preventScroll: true });
  }

  /** The board has the keyboard focus. */
  get focused() {
    return this.root.contains(document.activeElement);
  }

  /** Arrow keys move to the nearest point in that direction. @param {KeyboardEvent} event @param {string} from */
  onKey(event, from) {
    const directions = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const direction = directions[event.key];
    if (!direction) return;
    event.preventDefault();
    const next = this.nearest(from, direction[0], direction[1]);
    if (next) this.focus(next);
  }

  /** The nearest point from `from` roughly in direction (dx, dy). @param {string} from @param {number} dx @param {number} dy */
  nearest(from, dx, dy) {
    const origin = this.points.get(from);
    let best = null;
    let bestCost = Infinity;
    for (const p of this.board.points) {
      const ahead = (p.x - origin.x) * dx + (p.y - origin.y) * dy;
      if (ahead <= 0) continue;
      const aside = Math.abs((p.x - origin.x) * dy - (p.y - origin.y) * dx);
      const cost = ahead + 2 * aside; // straight on first, then the closest to the line
      if (cost < bestCost) {
        bestCost = cost;
        best = p.name;
      }
    }
    return best;
  }
}
