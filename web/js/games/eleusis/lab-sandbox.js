// The rules page's sandbox: the reader builds a secret rule, then plays cards (a click, or a drag
// onto the mainline) and sees each judged at once, as the dealer would (E4): a right card goes on
// the mainline, a wrong one hangs under the mainline card it was played on. Changing the rule
// judges the same cards again. The engine judges (eleusis.judge_line); this module keeps the
// cards played and draws the answers.
//
// Glossary:
//   played -- every card played, in order, the starter first (right and wrong alike).
//   hand   -- the cards offered to play, dealt by a seeded random-number maker (?seed= in the
//             address, for the tests).
//   kept   -- {form, played, hand}: the sandbox as the reader left it on an earlier visit (the rule
//             builder's form, lab-grammar.js): it starts from there; `keep` hears of every change.

import { el } from "../../platform/dom.js";
import { cardName, errorText } from "../../platform/i18n/i18n.js";
import { ALL_CARDS, labCard, seededRandom } from "./lab-cards.js";
import { createRuleBuilder } from "./rule-builder.js";

const HAND_SIZE = 8;
const FIRST_RULE = "differ(colour)";
/** The most cards a kept sandbox's line holds (a reader plays far fewer). */
const LONGEST_LINE = 500;

/** @typedef {{form: object|null, played: string[], hand: string[]}} KeptSandbox */

/**
 * Why `kept` is not a kept sandbox ("" when it is one): the first field that is not one.
 * @param {Record<string, any>} kept
 */
export function keptSandboxProblem(kept) {
  const cards = (/** @type {unknown} */ list, /** @type {number} */ least, /** @type {number} */ most) => Array.isArray(list)
    && list.length >= least && list.length <= most && list.every((card) => ALL_CARDS.includes(card));
  if (!cards(kept.played, 1, LONGEST_LINE)) return "played";
  if (!cards(kept.hand, HAND_SIZE, HAND_SIZE)) return "hand";
  if (typeof kept.form !== "object") return "form";
  return "";
}

/**
 * unfit: called when nothing of the kept rule fits the builder (a damaged rule: the cards are shown,
 * with no rule), before anything is kept over it; it answers whether the kept sandbox may be written
 * over (false: it stays as it was, and nothing is kept on this visit).
 * @param {{engine: import("./rule-builder.js").EngineLike, t: (key: string, params?: object) => string,
 *   lang: string | (() => string), seed?: number, kept?: KeptSandbox|null,
 *   keep?: (sandbox: KeptSandbox) => void, unfit?: () => boolean}} options
 */
export function createSandbox({ engine, t, lang, seed = Date.now(), kept = null, keep = () => {}, unfit = () => true }) {
  const random = seededRandom(seed);
  const deal = () => ALL_CARDS[Math.floor(random() * ALL_CARDS.length)];
  let played = kept ? [...kept.played] : [deal()];
  let hand = kept ? [...kept.hand] : Array.from({ length: HAND_SIZE }, deal);
  /** whether the kept rule is shown again (till then the builder's changes are not kept) */
  let shown = !kept;
  const keepNow = () => { if (shown) keep({ form: builder.form(), played, hand }); };
  /** @type {(boolean|null)[]|null} the engine's verdicts on `played`, null while asking */
  let verdicts = null;
  let sequence = 0;

  const line = el("ol", "sb-line");
  line.setAttribute("aria-label", t("eleusisRules.sandbox.mainline"));
  const handRow = el("div", "sb-hand");
  handRow.setAttribute("role", "group");
  handRow.setAttribute("aria-label", t("eleusisRules.sandbox.hand"));
  const status = el("p", "sb-status");
  status.setAttribute("aria-live", "polite");
  const builder = createRuleBuilder({ engine, t, lang, initial: kept ? undefined : FIRST_RULE, onChange: () => judge() });
  const ready = kept ? builder.setForm(kept.form).then((fits) => {
    shown = fits || kept.form === null || unfit();
    keepNow();
    return true;
  }) : builder.ready;

  const newCards = el("button", "ghost sb-new-cards", t("eleusisRules.sandbox.newCards"));
  newCards.type = "button";
  newCards.addEventListener("click", () => { hand = Array.from({ length: HAND_SIZE }, deal); drawHand(); });
  const newLine = el("button", "ghost sb-new-line", t("eleusisRules.sandbox.newLine"));
  newLine.type = "button";
  newLine.addEventListener("click", () => { played = [deal()]; judge(); });

  line.addEventListener("dragover", (event) => { event.preventDefault(); line.classList.add("drop"); });
  line.addEventListener("dragleave", () => line.classList.remove("drop"));
  line.addEventListener("drop", (event) => {
    event.preventDefault();
    line.classList.remove("drop");
    const index = Number(event.dataTransfer?.getData("text/plain"));
    if (Number.isInteger(index) && hand[index]) play(index);
  });

  const element = el("div", "lab-sandbox",
    el("div", "sb-rule", el("h3", "sb-heading", t("eleusisRules.sandbox.ruleTitle")), builder.element),
    el("div", "sb-table",
      el("h3", "sb-heading", t("eleusisRules.sandbox.mainline")), line, status,
      el("h3", "sb-heading", t("eleusisRules.sandbox.hand")),
      el("p", "sb-hint", t("eleusisRules.sandbox.hint")), handRow,
      el("div", "sb-actions", newCards, newLine)));

  /** Play the hand's card at `index`: it joins the played cards and a new card takes its place. */
  function play(index) {
    played = [...played, hand[index]];
    hand = hand.map((card, i) => (i === index ? deal() : card));
    drawHand();
    judge();
    const focus = /** @type {HTMLElement|null} */ (handRow.children[index]);
    focus?.focus();
  }

  /** Ask the engine to judge every card played under the rule being built. */
  async function judge() {
    keepNow();
    const mine = ++sequence;
    const rule = builder.rule();
    verdicts = null;
    if (!rule) {
      element.dataset.state = "no-rule";
      drawLine();
      status.textContent = t("eleusisRules.sandbox.noRule");
      return;
    }
    element.dataset.state = "judging";
    drawLine();
    try {
      const answer = await engine.call("eleusis.judge_line", { rule, cards: played });
      if (mine !== sequence) return;
      verdicts = answer.verdicts;
      element.dataset.state = "ready";
      drawLine();
      status.textContent = statusText(answer.right_next);
    } catch (err) {
      if (mine !== sequence) return;
      element.dataset.state = "failed";
      status.textContent = t("eleusisRules.sandbox.failed", { detail: errorText(err) });
    }
  }

  /** The last card's verdict and how many cards could follow. @param {number} rightNext */
  function statusText(rightNext) {
    const last = played.length - 1;
    const next = rightNext ? t("eleusisRules.sandbox.rightNext", { count: rightNext })
      : t("eleusisRules.sandbox.deadEnd");
    if (!last) return `${t("eleusisRules.sandbox.starter", { card: cardName(played[0]) })} ${next}`;
    const key = verdicts[last] ? "eleusisRules.sandbox.wasRight" : "eleusisRules.sandbox.wasWrong";
    return `${t(key, { card: cardName(played[last]) })} ${next}`;
  }

  /** The mainline: each right card (the starter first) with the wrong cards played on it beneath. */
  function drawLine() {
    /** @type {{card: string, verdict: string, wrong: string[]}[]} */
    const columns = [];
    played.forEach((card, i) => {
      const verdict = i === 0 ? "starter" : verdicts === null ? "unjudged" : verdicts[i] ? "right" : "wrong";
      if (verdict === "wrong") columns[columns.length - 1].wrong.push(card);
      else columns.push({ card, verdict, wrong: [] });
    });
    line.replaceChildren(...columns.map(({ card, verdict, wrong }) => {
      const face = labCard(card, { note: t(`eleusisRules.sandbox.verdict.${verdict}`) });
      face.dataset.verdict = verdict;
      const hanging = el("ul", "sb-sideline", ...wrong.map((w) => {
        const item = labCard(w, { tag: "li", note: t("eleusisRules.sandbox.verdict.wrong") });
        item.dataset.verdict = "wrong";
        return item;
      }));
      return el("li", "sb-column", face, wrong.length ? hanging : undefined);
    }));
    line.scrollLeft = line.scrollWidth;
  }

  /** The cards to play, each a button (and draggable onto the mainline). */
  function drawHand() {
    keepNow();
    handRow.replaceChildren(...hand.map((card, index) => {
      const button = labCard(card, { tag: "button", note: t("eleusisRules.sandbox.playIt") });
      button.draggable = true;
      button.addEventListener("click", () => play(index));
      button.addEventListener("dragstart", (event) => event.dataTransfer?.setData("text/plain", String(index)));
      return button;
    }));
  }

  drawHand();
  drawLine();
  status.textContent = t("eleusisRules.sandbox.waiting");
  return { element, builder, ready };
}
