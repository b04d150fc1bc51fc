// The in-game rules dialog's content, written for the variant being played (issue 9: "the in-game
// rules follow the variant being played"). The game page keeps the <dialog>, its title and its
// Close button; this module fills a container inside it. Every number comes from VARIANT_NUMBERS,
// which tests/test_rules_text.py compares with the engine's rules object of each variant (R8), so
// the dialog cannot drift from the game.
//
// Glossary:
//   variant  -- "standard" | "classic" | "running" (R8); anything else is shown as standard.
//   numbers  -- one entry of VARIANT_NUMBERS: the variant's points, thresholds, draw count, layout.
//   texts    -- every sentence is a catalog template (dialogs.rules.*) given the variant's numbers as
//               parameters, so each language words the same numbers.

import { setText, t } from "../../platform/i18n/i18n.js";
import { el } from "../../platform/dom.js";
import { siteURL } from "../../platform/site-url.js";

/** @typedef {"standard"|"classic"|"running"} VariantName */
/**
 * @typedef {{suitPoints: number, colourPoints: number, outThreshold: number, bonusLine: number,
 *   outPenalty: number, drawCount: number, multiPlay: boolean, handSize: number, hands: number,
 *   layout: number[][], bonusExample: number[][], maxRaw: number}} VariantNumbers
 */

// Strict JSON between the braces: the Python test reads this block.
/** @type {Record<VariantName, VariantNumbers>} */
export const VARIANT_NUMBERS = {
  "standard": {
    "suitPoints": 3, "colourPoints": 1, "outThreshold": 7, "bonusLine": 7, "outPenalty": 1,
    "drawCount": 1, "multiPlay": false, "handSize": 8, "hands": 4,
    "layout": [[1, 2, 3], [4, 5, 6], [7, 8, 9]], "bonusExample": [[8, 9], [9, 11]], "maxRaw": 24
  },
  "classic": {
    "suitPoints": 2, "colourPoints": 1, "outThreshold": 5, "bonusLine": 5, "outPenalty": 1,
    "drawCount": 1, "multiPlay": false, "handSize": 8, "hands": 4,
    "layout": [[7, 8, 9], [4, 5, 6], [1, 2, 3]], "bonusExample": [[6, 7], [7, 9]], "maxRaw": 16
  },
  "running": {
    "suitPoints": 3, "colourPoints": 1, "outThreshold": 7, "bonusLine": 7, "outPenalty": 1,
    "drawCount": 2, "multiPlay": true, "handSize": 8, "hands": 4,
    "layout": [[1, 2, 3], [4, 5, 6], [7, 8, 9]], "bonusExample": [[8, 9], [9, 11]], "maxRaw": 24
  }
};

const KNOWN = /** @type {VariantName[]} */ (Object.keys(VARIANT_NUMBERS));

/** The variant's numbers; an unknown name gets the standard ones. @param {string} variant */
export function numbersFor(variant) {
  return VARIANT_NUMBERS[/** @type {VariantName} */ (variant)] ?? VARIANT_NUMBERS.standard;
}

/** "two" for 2 (small counts read better as words; the catalog has one to ten). @param {number} n */
const word = (n) => (n >= 1 && n <= 10 ? t(`dialogs.rules.word.${n}`) : String(n));

/** The parameters every rules text may use: the variant's numbers. @param {VariantNumbers} n */
function numberParams(n) {
  return {
    suit: n.suitPoints, colour: n.colourPoints, threshold: n.outThreshold, line: n.bonusLine,
    top: n.layout[0].join(" "), handSize: n.handSize, maxRaw: n.maxRaw, word: word(n.drawCount),
  };
}

/**
 * The one-line summary of a variant for the New game dialog (issue 9 item 16: classic's bonus).
 * @param {string} variant
 */
export function variantHint(variant) {
  const known = KNOWN.includes(/** @type {VariantName} */ (variant)) ? variant : "standard";
  return t(`dialogs.rules.hint.${known}`, numberParams(numbersFor(known)));
}

/**
 * An element holding a catalog text with its markup (strong, a link).
 * @param {keyof HTMLElementTagNameMap} tag @param {string} className @param {string} key @param {Record<string, unknown>} params
 */
function textEl(tag, className, key, params = {}) {
  const node = el(tag, className);
  setText(node, key, params, true);
  return node;
}

/** The layout picture: the nine space numbers as the variant draws them. @param {number[][]} layout */
function layoutPicture(layout) {
  const grid = el("div", "rd-layout");
  grid.setAttribute("role", "img");
  grid.setAttribute("aria-label", t("dialogs.rules.layoutLabel", { rows: layout.map((row) => row.join(" ")).join(", ") }));
  for (const row of layout) for (const space of row) grid.append(el("span", "rd-layout-space", String(space)));
  return grid;
}

/** The chart of where each card may go (R3): a table that turns into labelled blocks on phones. */
function cardChart() {
  const heads = ["card", "space", "whose", "onto", "lies"].map((key) => t(`dialogs.rules.chart.head.${key}`));
  // Each row: the card (a rank symbol, not words), then the keys of its cells.
  const rows = [
    ["A\u20139", "ownNumber", "yoursOrTheirs", "open", "faceUp"],
    ["10", "any", "yoursOnly", "open", "faceUp"],
    ["J", "any", "yoursOrTheirs", "holds", "faceDown"],
    ["Q", "any", "yoursOnly", "holds", "faceDown"],
    ["K", "any", "yoursOnly", "anything", "faceUp"],
  ];
  const table = el("table", "chart rd-chart");
  table.setAttribute("aria-labelledby", "rd-chart-title");
  const headRow = el("tr", "", ...heads.map((h) => {
    const th = el("th", "", h);
    th.setAttribute("scope", "col");
    return th;
  }));
  const body = el("tbody", "", ...rows.map(([card, ...cells]) => {
    const th = el("th", "", card);
    th.setAttribute("scope", "row");
    return el("tr", "", th, ...cells.map((key, i) => {
      const td = el("td", "", t(`dialogs.rules.chart.${key}`));
      td.dataset.label = heads[i + 1];
      return td;
    }));
  }));
  table.append(el("thead", "", headRow), body);
  return el("div", "rd-chart-wrap", table);
}

/** The chart's heading, which also names the table. */
function chartTitle() {
  const title = el("h3", "", t("dialogs.rules.chartTitle"));
  title.id = "rd-chart-title";
  return title;
}

/** The turn, in the variant's words (R4, R8.3). @param {VariantNumbers} n */
function turnItems(n) {
  const params = numberParams(n);
  const keys = n.multiPlay ? ["drawMany", "multiThen", "multiOut"] : ["drawOne", "singleThen"];
  return keys.map((key) => textEl("li", "", `dialogs.rules.${key}`, params));
}

/**
 * Fill `container` with the rules of `variant`, replacing what it held.
 * @param {HTMLElement} container  an element inside the rules <dialog> (below its title)
 * @param {string} variant         "standard" | "classic" | "running" (the game being played)
 * @param {{hands?: number}} [game] the number of hands of the game in progress, when known
 */
export function renderRulesDialog(container, variant, game = {}) {
  ensureStyles();
  const known = variant in VARIANT_NUMBERS ? /** @type {VariantName} */ (variant) : "standard";
  const n = VARIANT_NUMBERS[known];
  const standard = VARIANT_NUMBERS.standard;
  const params = numberParams(n);
  const [[raw1, score1], [raw2, score2]] = n.bonusExample;
  const hands = game.hands ?? n.hands;
  const R = "dialogs.rules.";

  const parts = [
    textEl("p", "rd-variant", `${R}intro`, { name: t(`${R}name.${known}`) }),
    textEl("p", "", known === "classic" ? `${R}squareKeypad` : `${R}square`, params),
    layoutPicture(n.layout),
    el("h3", "", t(`${R}whoStartsTitle`)),
    textEl("p", "", `${R}whoStarts`),
    el("h3", "", t(`${R}turnTitle`)),
    el("ol", "", ...turnItems(n)),
    textEl("p", "", `${R}stockOut`),
    chartTitle(),
    cardChart(),
    textEl("p", "", `${R}open`),
    textEl("p", "", `${R}faceDownNames`),
    el("h3", "", t(`${R}scoringTitle`)),
    el("ul", "",
      textEl("li", "", `${R}lines`, params),
      textEl("li", "", `${R}outCost`, { count: n.outPenalty }),
      textEl("li", "", `${R}bonus`, { line: n.bonusLine, raw1, score1, raw2, score2 }),
      textEl("li", "", `${R}ownSquare`),
      hands === n.hands
        ? textEl("li", "", `${R}gameLength`, { hands: n.hands })
        : textEl("li", "", `${R}gameLengthThis`, { count: hands, usual: n.hands }),
    ),
  ];
  if (known === "classic") {
    parts.push(textEl("p", "rd-note", `${R}classicNote`, {
      ...params, standardSuit: standard.suitPoints, standardThreshold: standard.outThreshold,
      standardLine: standard.bonusLine,
    }));
  } else if (known === "running") {
    parts.push(textEl("p", "rd-note", `${R}runningNote`, params));
  }
  parts.push(textEl("p", "rd-more", `${R}more`, { href: known === "standard" ? "rules.html" : `rules.html#${known}` }));
  container.replaceChildren(...parts);
  container.classList.add("rules-dialog-content");
  container.dataset.variant = known;
}

/** Load the dialog's stylesheet once (a <link> to the site's own file: the CSP allows it). */
function ensureStyles() {
  if (document.querySelector("link[data-rules-dialog]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = siteURL("css/rules-dialog.css");
  link.dataset.rulesDialog = "";
  document.head.append(link);
}
