// A STAND-IN for the rule builder (the real one is built on branch eleusis-lab and replaces this
// file at the merge): the same interface, with a choice among a few fixed rules shown in words.
//
//   createRuleBuilder({engine, t, lang, onChange}) -> {element, rule(), set(notation), reset()}
//     element   the builder's markup, to put in the page
//     rule()    the rule built so far in notation, or null while it is incomplete
//     set(n)    show the rule of notation n; reset() empties the builder
//     onChange  called with rule() after every change
// The rule's wording is shown live inside it, in the page's language (from the engine's
// eleusis.wordings).

import { el } from "../../platform/dom.js";

const FIXED_RULES = Object.freeze([
  "differ(colour)", "same(colour)", "differ(suit)", "odd", "even", "high", "red", "black",
  "step(-2,+2)", "if(last.red, black, high)", "if(last.face, red, black)", "cycle(SCDH)",
]);

/**
 * @param {{engine: import("../../platform/engine/client.js").Engine, t: (key: string, params?: object) => string,
 *   lang: string, onChange?: (rule: string|null) => void}} options
 */
export function createRuleBuilder({ engine, t, lang, onChange = () => {} }) {
  const choice = el("select", "rule-choice");
  choice.id = "rule-builder-choice";
  const wording = el("p", "rule-wording");
  wording.setAttribute("aria-live", "polite");
  const label = el("label", "rule-label", t("eleusis.guess.choose"), choice);
  const element = el("div", "rule-builder", label, wording);
  /** @type {Record<string, {en: string, es: string}>} */
  let words = {};
  const say = (/** @type {string} */ notation) => words[notation]?.[lang === "es" ? "es" : "en"] ?? "";
  const fill = () => {
    choice.replaceChildren(el("option", "", t("eleusis.guess.pick")),
      ...FIXED_RULES.map((notation) => Object.assign(el("option", "", say(notation)), { value: notation })));
    /** @type {HTMLOptionElement} */ (choice.options[0]).value = "";
  };
  fill();
  engine.call("eleusis.wordings", { rules: [...FIXED_RULES] }).then((answer) => {
    words = answer;
    const kept = choice.value;
    fill();
    choice.value = kept;
  }).catch(() => {});
  const rule = () => choice.value || null;
  const changed = () => {
    wording.textContent = rule() ? say(choice.value) : "";
    onChange(rule());
  };
  choice.addEventListener("change", changed);
  return {
    element,
    rule,
    /** @param {string} notation */
    set(notation) {
      choice.value = FIXED_RULES.includes(notation) ? notation : "";
      changed();
    },
    reset() {
      choice.value = "";
      changed();
    },
  };
}
