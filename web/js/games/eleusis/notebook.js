// The lab notebook: the person writes a hypothesis with the rule builder, and the engine holds it
// up against what the table shows everyone (eleusis.notebook: the mainline, the sidelines, the
// "No play" calls) and against the person's hand. The notebook never sees the secret rule.
//
//   const notebook = createNotebook({ engine, t, lang, onMarks: (marks) => table.mark(marks) });
//   panel.append(notebook.element);
//   notebook.refresh(snapshot);      // after every change of the table
//   onBuilt: called after each change of the hypothesis being built (the page keeps it: drafts.js)
//
// A hypothesis is about one hand's secret rule: when the table shows another hand (the next hand of
// a whole game, or a new game), the notebook starts empty and says why, so that no ✓ or ✗ drawn on
// the new hand's cards comes from a guess at the old rule (a newcomer reads them as advice).
//
// onMarks receives {mainline, sidelines, hand}: per mainline card "starter", "agrees" or
// "contradicts"; per wrong play {play (its index in snapshot.plays), at, cards, agrees}; per card
// held {card, right}. With no hypothesis (or no game) the three lists are empty.

import { el } from "../../platform/dom.js";
import { errorText } from "../../platform/i18n/i18n.js";
import { createRuleBuilder } from "./rule-builder.js";

/**
 * @typedef {{mainline: string[], sidelines: {play: number, at: number, cards: string[], agrees: boolean}[],
 *   hand: {card: string, right: boolean}[]}} Marks
 */

/** No marks at all (no hypothesis, no game, or the notebook closed). @returns {Marks} */
export const noMarks = () => ({ mainline: [], sidelines: [], hand: [] });

/**
 * @param {{engine: import("./rule-builder.js").EngineLike, t: (key: string, params?: object) => string,
 *   lang: string | (() => string), onMarks?: (marks: Marks) => void, initial?: string,
 *   onBuilt?: () => void}} options
 */
export function createNotebook({ engine, t, lang, onMarks = () => {}, initial, onBuilt = () => {} }) {
  const summary = el("div", "nb-summary");
  summary.setAttribute("aria-live", "polite");
  const builder = createRuleBuilder({ engine, t, lang, initial, onChange: () => { onBuilt(); ask(); } });
  const element = el("section", "lab-notebook",
    el("h2", "nb-title", t("eleusisLab.notebook.title")),
    el("p", "nb-intro", t("eleusisLab.notebook.intro")),
    builder.element, summary);
  /** @type {object|null} the last snapshot: only whether there is a game matters here */
  let snapshot = null;
  let sequence = 0;
  /** @type {string|null} the hand the hypothesis is about (handKey), once a hand has been seen */
  let handSeen = null;
  /** whether the hypothesis was dropped for a new hand (said until the person builds another) */
  let dropped = false;

  /** Ask the engine for the marks of the current hypothesis, and draw the summary. */
  async function ask() {
    const mine = ++sequence;
    const rule = builder.rule();
    if (rule) dropped = false;
    if (!rule || !snapshot) {
      element.dataset.state = "idle";
      summary.replaceChildren(el("p", "nb-line", t(rule ? "eleusisLab.notebook.noGame"
        : dropped ? "eleusisLab.notebook.newHand" : "eleusisLab.notebook.none")));
      onMarks(noMarks());
      return;
    }
    element.dataset.state = "asking";
    try {
      const marks = await engine.call("eleusis.notebook", { rule });
      if (mine !== sequence) return;
      summary.replaceChildren(...summaryLines(marks));
      element.dataset.state = "ready";
      onMarks({ mainline: marks.mainline, sidelines: marks.sidelines, hand: marks.hand });
    } catch (err) {
      if (mine !== sequence) return;
      element.dataset.state = "failed";
      summary.replaceChildren(el("p", "nb-line", t("eleusisLab.notebook.failed", { detail: errorText(err) })));
      onMarks(noMarks());
    }
  }

  /** The plain sentences: how many judged cards agree, which contradict, what it says of the hand. */
  function summaryLines(marks) {
    const { cards, agree, contradicting, calls, calls_agree: callsAgree } = marks.summary;
    const lines = [];
    if (!cards) lines.push(t("eleusisLab.notebook.noCards"));
    else {
      lines.push(t("eleusisLab.notebook.agree", { count: cards, agree }));
      lines.push(contradicting.length
        ? t("eleusisLab.notebook.contradict", { count: contradicting.length, cards: contradicting })
        : t("eleusisLab.notebook.allAgree"));
    }
    if (calls) lines.push(t("eleusisLab.notebook.calls", { count: calls, agree: callsAgree }));
    if (marks.hand.length) {
      const right = marks.hand.filter((h) => h.right).map((h) => h.card);
      lines.push(right.length
        ? t("eleusisLab.notebook.hand", { count: right.length, cards: right })
        : t("eleusisLab.notebook.handNone"));
    }
    return lines.map((line) => el("p", "nb-line", line));
  }

  return {
    element,
    builder,
    /** The table changed: mark it again. @param {object|null} next the play page's snapshot */
    refresh(next) {
      snapshot = next;
      const key = next ? handKey(/** @type {any} */ (next)) : null;
      if (key !== null) {
        if (handSeen !== null && key !== handSeen && builder.rule()) {
          dropped = true;
          builder.reset(); // asks again, with no hypothesis
        }
        handSeen = key;
      }
      return ask();
    },
  };
}

/**
 * Which hand a snapshot shows: its number in the game and its starter ("0:7H"). A new game starts
 * again at hand 0, with another starter (a new game with the very same starter keeps the notebook:
 * nothing on its table says otherwise).
 * @param {{hand_number?: number, mainline?: string[]}} snap @returns {string}
 */
export function handKey(snap) {
  return `${snap.hand_number ?? 0}:${snap.mainline?.[0] ?? ""}`;
}
