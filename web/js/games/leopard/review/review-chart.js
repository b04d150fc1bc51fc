// A small chart of the expected margin over the hand (the person's expected points minus the
// computer's, by the engine's verdicts), drawn as inline SVG by the page: one point before each of
// the person's moves looked at so far, the hand's real margin at the end, the slips marked and the
// reader's position as a line. No library, no inline styles (the CSP forbids them): colours come
// from classes in review.css.
//
// Example: marginChart(state) -> <svg class="review-chart-svg" role="img"> with a <title> such as
//   "Expected margin: +0.5 at your first move, −3 at the end of the hand; lowest −4.2 at move 17."

import { t } from "../../../platform/i18n/i18n.js";
import { signedNumber } from "../dialog-words.js";
import { tenths } from "./review-words.js";

/** @typedef {import("./review-state.js").ReviewState} ReviewState */

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 90;
const PAD = 8;

/** @param {string} tag @param {Record<string, string|number>} attrs @returns {SVGElement} */
function svgEl(tag, attrs) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/** The chart's points: [step position, margin, is a slip]. @param {ReviewState} state */
export function chartPoints(state) {
  const slips = new Set(state.slips().map((v) => v.index));
  /** @type {{x: number, margin: number, slip: boolean}[]} */
  const points = [...state.verdicts.values()]
    .filter((v) => Number.isFinite(v.margin_before))
    .sort((a, b) => a.index - b.index)
    .map((v) => ({ x: v.index, margin: /** @type {number} */ (v.margin_before), slip: slips.has(v.index) }));
  points.push({ x: state.count, margin: state.final.margin, slip: false });
  return points;
}

/** The chart of a review as it stands. @param {ReviewState} state @returns {SVGElement} */
export function marginChart(state) {
  const points = chartPoints(state);
  const top = Math.max(1, ...points.map((p) => Math.abs(p.margin)));
  const x = (/** @type {number} */ step) => PAD + (step / Math.max(1, state.count)) * (WIDTH - 2 * PAD);
  const y = (/** @type {number} */ margin) => HEIGHT / 2 - (margin / top) * (HEIGHT / 2 - PAD);
  const svg = svgEl("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "review-chart-svg", role: "img", "aria-labelledby": "review-chart-title" });
  const title = svgEl("title", { id: "review-chart-title" });
  title.textContent = chartTitle(state, points);
  svg.append(title);
  svg.append(svgEl("line", { x1: 0, x2: WIDTH, y1: y(0), y2: y(0), class: "axis" }));
  svg.append(svgEl("line", { x1: x(state.position), x2: x(state.position), y1: 0, y2: HEIGHT, class: "here" }));
  svg.append(svgEl("polyline", { points: points.map((p) => `${x(p.x).toFixed(1)},${y(p.margin).toFixed(1)}`).join(" "), class: "margin" }));
  for (const p of points) {
    svg.append(svgEl("circle", { cx: x(p.x).toFixed(1), cy: y(p.margin).toFixed(1), r: p.slip ? 4 : 2.2, class: p.slip ? "point slip" : "point" }));
  }
  return svg;
}

/** The chart in words, for a screen reader. @param {ReviewState} state @param {{x: number, margin: number}[]} points */
function chartTitle(state, points) {
  const end = points[points.length - 1];
  if (points.length < 2) return t("dialogs.review.chart.endOnly", { end: signedNumber(end.margin) });
  const lowest = points.slice(0, -1).reduce((low, p) => (p.margin < low.margin ? p : low));
  return t("dialogs.review.chart.title", {
    start: signedNumber(tenths(points[0].margin)), end: signedNumber(end.margin),
    low: signedNumber(tenths(lowest.margin)), move: lowest.x + 1,
  });
}
