// The in-game rules dialog's content, written for the variant being played (issue 9: "the in-game
// rules follow the variant being played"). The game page keeps the <dialog>, its title and its
// Close button; this module fills a container inside it. Every number comes from VARIANT_NUMBERS,
// which tests/test_rules_text.py compares with the engine's rules object of each variant (R8), so
// the dialog cannot drift from the game.
//
// Glossary:
//   variant  -- "standard" | "classic" | "running" (R8); anything else is shown as standard.
//   numbers  -- one entry of VARIANT_NUMBERS: the variant's points, thresholds, draw count, layout.

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

const NAMES = { standard: "standard", classic: "classic (1963)", running: "Running Leopard" };
const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** The variant's numbers; an unknown name gets the standard ones. @param {string} variant */
export function numbersFor(variant) {
  return VARIANT_NUMBERS[/** @type {VariantName} */ (variant)] ?? VARIANT_NUMBERS.standard;
}

/** "two" for 2 (small counts read better as words). @param {number} n */
const word = (n) => WORDS[n] ?? String(n);

/**
 * The one-line summary of a variant for the New game dialog (issue 9 item 16: classic's bonus).
 * @param {string} variant
 */
export function variantHint(variant) {
  const n = numbersFor(variant);
  if (variant === "classic") {
    return `The 1963 rules: suit line ${n.suitPoints}, colour line ${n.colourPoints}, go out at ${n.outThreshold}, `
      + `bonus for every point above ${n.bonusLine}, keypad layout (7 8 9 on top).`;
  }
  if (variant === "running") {
    return `Draw ${word(n.drawCount)}; then discard one card, or play several and end your turn. `
      + `Scoring as in standard (go out at ${n.outThreshold}, bonus above ${n.bonusLine}).`;
  }
  return `Abbott's 2008 rules: suit line ${n.suitPoints}, colour line ${n.colourPoints}, go out at `
    + `${n.outThreshold}, bonus for every point above ${n.bonusLine}.`;
}

/**
 * An element with a class and children (strings become text).
 * @param {string} tag @param {string} [className] @param {...(string|Node)} children
 */
function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** @param {string} text */
const strong = (text) => el("strong", "", text);

/** The layout picture: the nine space numbers as the variant draws them. @param {number[][]} layout */
function layoutPicture(layout) {
  const grid = el("div", "rd-layout");
  grid.setAttribute("role", "img");
  grid.setAttribute("aria-label", `Space numbers, top row first: ${layout.map((row) => row.join(" ")).join(", ")}`);
  for (const row of layout) for (const space of row) grid.append(el("span", "rd-layout-space", String(space)));
  return grid;
}

/** The chart of where each card may go (R3): a table that turns into labelled blocks on phones. */
function cardChart() {
  const heads = ["Card", "Space", "Whose square", "Onto", "Lies"];
  const rows = [
    ["A\u20139", "its own number only (A = 1)", "yours or the opponent's", "an open space", "face up"],
    ["10", "any", "yours only", "an open space", "face up"],
    ["J", "any", "yours or the opponent's", "a space that holds a card", "face down"],
    ["Q", "any", "yours only", "a space that holds a card", "face down"],
    ["K", "any", "yours only", "anything, even a face-up card", "face up"],
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
    return el("tr", "", th, ...cells.map((text, i) => {
      const td = el("td", "", text);
      td.dataset.label = heads[i + 1];
      return td;
    }));
  }));
  table.append(el("thead", "", headRow), body);
  return el("div", "rd-chart-wrap", table);
}

/** The chart's heading, which also names the table. */
function chartTitle() {
  const title = el("h3", "", "Where a card may go");
  title.id = "rd-chart-title";
  return title;
}

/** The turn, in the variant's words (R4, R8.3). @param {VariantNumbers} n */
function turnItems(n) {
  if (n.multiPlay) {
    return [
      el("li", "", "Draw ", strong(word(n.drawCount)), " cards from the stock (fewer when it has fewer)."),
      el("li", "", "Then either ", strong("discard one card"), ", or ", strong("play one card or more"),
        ", one after another, and press \u201cEnd turn\u201d. Once you have played a card you can no longer discard this turn."),
      el("li", "", `Or, right after drawing and before anything else, `, strong("go out"),
        ` if your square is worth ${n.outThreshold} or more.`),
    ];
  }
  return [
    el("li", "", "Draw ", strong(word(n.drawCount)), " card from the stock."),
    el("li", "", "Then do exactly one thing: ", strong("play a card"), ", ", strong("discard a card"),
      ", or \u2014 before playing, if your square is worth ", strong(`${n.outThreshold} or more`), " \u2014 ",
      strong("go out"), "."),
  ];
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
  const top = n.layout[0].join(" ");
  const [[raw1, score1], [raw2, score2]] = n.bonusExample;
  const hands = game.hands ?? n.hands;

  const parts = [
    el("p", "rd-variant", "These are the rules of the game you are playing: ", strong(NAMES[known]), "."),
    el("p", "",
      "Each player builds a 3\u00d73 ", strong("square"), ` of cards, spaces 1\u20139 with ${top} on the top row`,
      known === "classic" ? " (numbered like a keypad)." : ".",
      " Two full decks are shuffled together; each player gets ", strong(String(n.handSize)), " cards."),
    layoutPicture(n.layout),
    el("h3", "", "Who starts"),
    el("p", "",
      "Both players cut a card: the higher rank deals (ace low, then 2\u201310, J, Q, K; equal ranks cut again). "
      + "The player who did not deal moves first, and the deal alternates after every hand."),
    el("h3", "", "Your turn"),
    el("ol", "", ...turnItems(n)),
    el("p", "",
      "When the stock runs out, play goes on without drawing: you may still go out at the start of your turn, "
      + "or play or discard; a player with no cards left passes. The hand ends when someone goes out, or when "
      + "the stock and both hands are empty."),
    chartTitle(),
    cardChart(),
    el("p", "",
      "A space is ", strong("open"), " when it is empty or its top card is face down. Only the top card of a "
      + "space counts. Jacks and queens go face down: a jack can wipe out a line of the opponent's, a queen can "
      + "cover one of your own cards to make room."),
    el("p", "",
      "You see the names of your own face-down cards; the computer's show only a back. Each player knows what he "
      + "laid face down; the other knows only that it is a jack or a queen."),
    el("h3", "", "Scoring"),
    el("ul", "",
      el("li", "", "Your square has 8 lines: 3 rows, 3 columns, 2 diagonals. Three face-up cards of one ",
        strong("suit"), ` score ${n.suitPoints}; otherwise three of one `, strong("colour"),
        ` score ${n.colourPoints}. A line with a face-down card or an empty space scores nothing. `
        + `The sum is your square's value (0\u2013${n.maxRaw}).`),
      el("li", "", `Going out costs the one who does it ${n.outPenalty} point.`),
      el("li", "", `Each point above ${n.bonusLine} counts double (the bonus): value ${raw1} scores ${score1}, `
        + `value ${raw2} scores ${score2}.`),
      el("li", "", "Each player scores his own square; the squares are not compared."),
      el("li", "", (hands === n.hands
        ? `A game is ${n.hands} hands unless you choose another number in \u201cNew game\u201d`
        : `This game is ${hands} ${hands === 1 ? "hand" : "hands"} (${n.hands} unless you choose another number)`)
        + "; the higher total wins, and equal totals are a draw."),
    ),
  ];
  if (known === "classic") {
    parts.push(el("p", "rd-note",
      `Classic is Abbott's 1963 scoring: a suit line is worth ${n.suitPoints} (not 3), going out needs `
      + `${n.outThreshold} (not 7) and the bonus counts above ${n.bonusLine} (not 7). The lines are the same as `
      + "in the standard game; only the picture of the square is turned round."));
  } else if (known === "running") {
    parts.push(el("p", "rd-note",
      `Running Leopard changes only the turn: ${word(n.drawCount)} cards drawn, several played. `
      + "Scoring and going out are as in the standard game."));
  }
  const link = /** @type {HTMLAnchorElement} */ (el("a", "", "the rules page"));
  link.href = known === "standard" ? "rules.html" : `rules.html#${known}`;
  parts.push(el("p", "rd-more", "All the rules, with worked examples and a sandbox to try positions, are on ", link, "."));
  container.replaceChildren(...parts);
  container.classList.add("rules-dialog-content");
  container.dataset.variant = known;
}

/** Load the dialog's stylesheet once (a <link> to the site's own file: the CSP allows it). */
function ensureStyles() {
  if (document.querySelector("link[data-rules-dialog]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../../css/rules-dialog.css", import.meta.url).href;
  link.dataset.rulesDialog = "";
  document.head.append(link);
}
