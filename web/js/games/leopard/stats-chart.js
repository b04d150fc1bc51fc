// A small bar chart of recent games' margins (your total minus the computer's, from the engine's
// summary), drawn as inline SVG: one bar per game, oldest on the left, wins above the middle line and
// losses below it. No library, no styles in the markup (the page's CSP forbids inline styles):
// colours come from classes in assist.css.

import { t } from "../../platform/i18n/i18n.js";
import { signedNumber } from "./dialog-words.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 120;
const PAD = 6;

/**
 * An SVG element with attributes.
 * @param {string} tag
 * @param {Record<string, string|number>} attrs
 * @returns {SVGElement}
 */
function svgEl(tag, attrs) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/**
 * The chart of these margins (the last `count` of them).
 * @param {number[]} allMargins oldest first
 * @param {number} [count]
 * @returns {SVGElement}
 */
export function marginChart(allMargins, count = 20) {
  const margins = allMargins.slice(-count);
  const top = Math.max(1, ...margins.map(Math.abs));
  const svg = svgEl("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "margin-chart", role: "img",
    "aria-labelledby": "margin-chart-title",
  });
  const title = svgEl("title", { id: "margin-chart-title" });
  title.textContent = margins.length
    ? t("dialogs.stats.chartTitle", { count: margins.length, margins: margins.map((m) => signedNumber(m)).join(", ") })
    : t("dialogs.stats.chartEmpty");
  svg.append(title);
  const middle = HEIGHT / 2;
  const half = middle - PAD;
  svg.append(svgEl("line", { x1: 0, x2: WIDTH, y1: middle, y2: middle, class: "axis" }));
  const slot = WIDTH / Math.max(count, margins.length, 1);
  margins.forEach((margin, i) => {
    const height = Math.max(2, (Math.abs(margin) / top) * half);
    const bar = svgEl("rect", {
      x: (i * slot + slot * 0.15).toFixed(1), width: (slot * 0.7).toFixed(1),
      y: (margin >= 0 ? middle - height : middle).toFixed(1), height: height.toFixed(1),
      class: margin > 0 ? "bar won" : margin < 0 ? "bar lost" : "bar drawn",
      "data-margin": margin,
    });
    svg.append(bar);
  });
  const label = (/** @type {string} */ text, /** @type {number} */ y) => {
    const node = svgEl("text", { x: WIDTH - 2, y, "text-anchor": "end", class: "scale", "aria-hidden": "true" });
    node.textContent = text;
    return node;
  };
  if (margins.length) svg.append(label(signedNumber(top), PAD + 9), label(signedNumber(-top), HEIGHT - PAD));
  return svg;
}
