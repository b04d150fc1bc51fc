// Drawing of one Leopard square, shared by the game, rules and embed pages (its cards are drawn by
// the site's shared playing cards, ../../../cards/cards.js).
// No game rules here: what a square holds, which lines score and which spaces are targets all come
// from the engine (a view's square or the bridge's `square`/`position` answers).
//
// renderSquare(container, squareData, options) -> HTMLElement (the grid, also appended to container)
//   container   element whose content is replaced by the square
//   squareData  {stacks, lines?, raw?}: stacks = 9 arrays (spaces 1..9) of {card: "7H"|null, up: bool},
//               bottom to top; lines = [{spaces: [a,b,c], points, kind: "suit"|"colour"}]
//   options     {layout: [[1,2,3],[4,5,6],[7,8,9]] (rows as drawn; default standard),
//                targets: Set|Array of space numbers that light up and may be chosen,
//                onSpace: (space) => void, called when a target space is clicked or pressed,
//                onMiss: (space) => void, called when any other space is clicked or pressed,
//                label: "Your square" (accessible name and prefix of every space's label),
//                highlight: a space number, or an array of them, to mark as just played,
//                idPrefix: prefix for the spaces' ids (e.g. "own" -> "own-space-5"),
//                compact: true for small diagrams}
// lineName(line) -> "row 1-2-3, same suit, 3 points". Words come from the catalog (cards.*, in
// the page's language).

import { t } from "../../../platform/i18n/i18n.js";
import { el } from "../../../platform/dom.js";
import { layerName, renderCard } from "../../../cards/cards.js";

const STANDARD_LAYOUT = [[1, 2, 3], [4, 5, 6], [7, 8, 9]];
const SVG_NS = "http://www.w3.org/2000/svg";

/** "row 4-5-6" for a line's spaces. @param {number[]} spaces */
export function lineWords(spaces) {
  const [a, b, c] = spaces;
  const kind = a + 2 === c && b === a + 1 ? "row" : (b === a + 3 ? "column" : "diagonal");
  return t(`cards.line.${kind}`, { spaces: spaces.join("-") });
}

export function lineName(line) {
  return t("cards.line.described", {
    line: lineWords(line.spaces),
    kind: t(line.kind === "suit" ? "cards.line.suit" : "cards.line.colour"),
    points: t("cards.line.points", { count: line.points }),
  });
}

function spaceLabel(label, space, stack) {
  if (!stack.length) return t("cards.space.empty", { label, space });
  const top = layerName(stack[stack.length - 1]);
  if (stack.length === 1) return t("cards.space.holds", { label, space, top });
  return t("cards.space.holdsOnMore", { label, space, top, count: stack.length - 1 });
}

function linesOverlay(lines, layout) {
  const where = {};
  layout.forEach((row, r) => row.forEach((space, c) => { where[space] = [c + 0.5, r + 0.5]; }));
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "lines");
  svg.setAttribute("viewBox", "0 0 3 3");
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("aria-hidden", "true");
  for (const line of lines) {
    const [x1, y1] = where[line.spaces[0]];
    const [x2, y2] = where[line.spaces[2]];
    const path = document.createElementNS(SVG_NS, "line");
    for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) path.setAttribute(k, String(v));
    path.setAttribute("class", `line ${line.kind}`);
    path.setAttribute("vector-effect", "non-scaling-stroke");
    svg.append(path);
  }
  return svg;
}

export function renderSquare(container, squareData, options = {}) {
  const layout = options.layout ?? STANDARD_LAYOUT;
  const targets = new Set(options.targets ?? []);
  const label = options.label ?? t("cards.square");
  const lines = squareData.lines ?? [];
  const inLine = new Set(lines.flatMap((line) => line.spaces));
  const grid = el("div", `square${options.compact ? " compact" : ""}`);
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", squareData.raw === undefined || squareData.raw === null
    ? label : t("cards.squareValue", { label, value: squareData.raw }));
  for (const row of layout) {
    for (const space of row) {
      const stack = squareData.stacks[space - 1] ?? [];
      const isTarget = targets.has(space);
      const cell = /** @type {HTMLButtonElement} */ (el(options.onSpace ? "button" : "div", "space"));
      if (options.onSpace) {
        cell.type = "button";
        cell.setAttribute("aria-disabled", String(!isTarget));
        cell.addEventListener("click", () => {
          if (isTarget) options.onSpace(space);
          else options.onMiss?.(space);
        });
      } else {
        cell.setAttribute("role", "img");
      }
      if (options.idPrefix) cell.id = `${options.idPrefix}-space-${space}`;
      cell.dataset.space = String(space);
      cell.dataset.depth = String(stack.length);
      if (isTarget) cell.classList.add("target");
      if (inLine.has(space)) cell.classList.add("scoring");
      const marked = Array.isArray(options.highlight) ? options.highlight : [options.highlight];
      if (marked.includes(space)) cell.classList.add("just-played");
      let text = spaceLabel(label, space, stack);
      if (isTarget) text = t("cards.space.target", { space: text });
      cell.setAttribute("aria-label", text);
      cell.append(el("span", "space-number", String(space)));
      if (stack.length) {
        const top = stack[stack.length - 1];
        const card = renderCard(top.card, { up: top.up });
        cell.append(card);
        cell.dataset.card = top.up ? top.card : (top.card ? `~${top.card}` : "~");
        if (stack.length > 1) cell.append(el("span", "depth", `\u00d7${stack.length}`));
      }
      grid.append(cell);
    }
  }
  grid.append(linesOverlay(lines, layout));
  container.replaceChildren(grid);
  return grid;
}
