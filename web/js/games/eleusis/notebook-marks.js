// The lab notebook's marks drawn on the play page's table and hand: which mainline and sideline
// cards agree with the person's hypothesis and which contradict it, and which cards of the hand it
// predicts right. The marks come from the engine (eleusis.notebook, public evidence only: see
// notebook.js); this module only draws them, again after every redrawing of the table.
//
// A mark is the attribute data-notebook (agrees|contradicts|right|wrong: eleusis-lab.css outlines
// it), a small ✓ or ✗ badge (so colour is not the only cue) and words added to the card's
// accessible name ("7 of hearts: agrees with your hypothesis").
//
//   drawMarks({ mainline: mainlineNode, hand: handNode }, { mainline: ["starter", "agrees"],
//     sidelines: [{play: 3, agrees: false, ...}], hand: [{card: "7H", right: true}] });

import { t } from "../../platform/i18n/i18n.js";

/** @typedef {import("./notebook.js").Marks} Marks */

/** The mark's badge and words, by the value of data-notebook. */
const LOOKS = {
  agrees: { badge: "✓", words: "eleusis.notebook.agrees" },
  contradicts: { badge: "✗", words: "eleusis.notebook.contradicts" },
  right: { badge: "✓", words: "eleusis.notebook.right" },
  wrong: { badge: "✗", words: "eleusis.notebook.wrong" },
};

/**
 * Set a card's accessible name: the hidden text a button is named by (a hand's card: its words are
 * what is read, never an aria-label other than what is shown), else its aria-label.
 * @param {HTMLElement} node @param {string} words
 */
function setName(node, words) {
  const hidden = node.querySelector(":scope > .visually-hidden");
  if (hidden) hidden.textContent = words;
  else node.setAttribute("aria-label", words);
}

/** A card's accessible name as drawn. @param {HTMLElement} node */
function nameOf(node) {
  return node.querySelector(":scope > .visually-hidden")?.textContent ?? node.getAttribute("aria-label") ?? "";
}

/** Take a card's mark off, its accessible name back to the card alone. @param {HTMLElement} node */
function unmark(node) {
  if (!node.dataset.notebook) return;
  delete node.dataset.notebook;
  node.querySelector(":scope > .nb-badge")?.remove();
  if (node.dataset.plainLabel !== undefined) setName(node, node.dataset.plainLabel);
}

/** Mark one card (or a string's item). @param {HTMLElement} node @param {keyof LOOKS} mark */
function mark(node, mark) {
  unmark(node);
  const look = LOOKS[mark];
  const plain = node.dataset.plainLabel ?? nameOf(node);
  node.dataset.plainLabel = plain;
  node.dataset.notebook = mark;
  const badge = document.createElement("span");
  badge.className = `nb-badge ${mark}`;
  badge.textContent = look.badge;
  badge.setAttribute("aria-hidden", "true");
  node.append(badge);
  setName(node, t(look.words, { card: plain }));
}

/**
 * Draw the marks (empty lists: none) on the table and the hand as drawn now.
 * @param {{mainline: HTMLElement, hand: HTMLElement}} nodes @param {Marks} marks
 */
export function drawMarks(nodes, marks) {
  const cards = /** @type {HTMLElement[]} */ ([...nodes.mainline.querySelectorAll(".column > .mainline-card")]);
  cards.forEach((node, index) => {
    const verdict = marks.mainline[index];
    if (verdict === "agrees" || verdict === "contradicts") mark(node, verdict);
    else unmark(node);
  });
  const sidelines = new Map(marks.sidelines.map((s) => [String(s.play), s.agrees]));
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (nodes.mainline.querySelectorAll(".wrong[data-play]"))) {
    const agrees = sidelines.get(node.dataset.play ?? "");
    if (agrees === undefined) unmark(node);
    else mark(node, agrees ? "agrees" : "contradicts");
  }
  const held = /** @type {HTMLElement[]} */ ([...nodes.hand.querySelectorAll("button[data-card]")]);
  const inOrder = marks.hand.length === held.length && marks.hand.every((h, i) => h.card === held[i].dataset.card);
  held.forEach((node, index) => {
    const verdict = inOrder ? marks.hand[index] : undefined;
    if (verdict) mark(node, verdict.right ? "right" : "wrong");
    else unmark(node);
  });
}
