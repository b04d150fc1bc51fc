// The rule builder's grammar as the engine sends it (eleusis.grammar, leopard_core/games/eleusis/
// lab.py), and the one pure step the page does with it: a filled family (a form) to its notation,
// through the family's template. No DOM here, so node tests can run it.
//
// Glossary (as in lab.py):
//   family   -- a kind of rule ("a card of one kind", "if the last card is ... then ..."), with parts.
//   part     -- "choice" (one option), "multi" (one or more, joined in the options' order by the
//               part's `join`, a comma unless said: suits are written together) or "rule" (a nested
//               form of the part's slot).
//   slot     -- which families a place accepts: "rule" (the top), "simple", "branch", "condition".
//   form     -- {family, parts: {name: value}}: a value is an option's value, a list of them, or a
//               nested form (null while not chosen).
//
//   buildNotation(grammar, {family: "match", parts: {sameness: "differ", attribute: "colour",
//     card: ""}}) === "differ(colour)"

import { PSEUDO } from "../../platform/i18n/catalog.js";

/**
 * @typedef {{en: string, es: string}} Label
 * @typedef {{value: string, label: Label}} Option
 * @typedef {{name: string, kind: "choice"|"multi"|"rule", label: Label, options?: Option[],
 *   slot?: string, default?: string, join?: string}} Part
 * @typedef {{name: string, label: Label, template: string, parts: Part[]}} Family
 * @typedef {{families: Record<string, Family>, slots: Record<string, string[]>, top: string,
 *   cannot: Label[]}} Grammar
 * @typedef {{family: string, parts: Record<string, any>}} Form
 */

/**
 * A label's words in a language (English when the language has none); in the test language
 * "x-pseudo", the English wrapped in ⟦ ⟧ as the catalogs' texts are, since these words come from
 * the engine, not from a catalog.
 * @param {Record<string, string>} label @param {string} language
 */
export function words(label, language) {
  if (language === PSEUDO) return `\u27e6${label.en}\u27e7`;
  return label[language] ?? label.en;
}

/**
 * A new form of a family: each choice at its default, each multi empty, each nested rule unchosen.
 * @param {Grammar} grammar @param {string} family
 * @returns {Form}
 */
export function blankForm(grammar, family) {
  /** @type {Record<string, any>} */
  const parts = {};
  for (const part of grammar.families[family].parts) {
    if (part.kind === "choice") parts[part.name] = part.default ?? part.options[0].value;
    else if (part.kind === "multi") parts[part.name] = [];
    else parts[part.name] = null;
  }
  return { family, parts };
}

/**
 * The notation of a form in a place of `slot`, or null while it is incomplete (a multi with
 * nothing picked, a nested rule not chosen) or not allowed there.
 * @param {Grammar} grammar @param {Form|null} form @param {string} [slot]
 * @returns {string|null}
 */
export function buildNotation(grammar, form, slot = grammar.top) {
  if (!form || !grammar.slots[slot]?.includes(form.family)) return null;
  const family = grammar.families[form.family];
  /** @type {Record<string, string>} */
  const filled = {};
  for (const part of family.parts) {
    const value = form.parts[part.name];
    const values = (part.options ?? []).map((o) => o.value);
    if (part.kind === "choice") {
      if (!values.includes(value)) return null;
      filled[part.name] = value;
    } else if (part.kind === "multi") {
      if (!Array.isArray(value) || !value.length) return null;
      filled[part.name] = values.filter((v) => value.includes(v)).join(part.join ?? ",");
    } else {
      const inner = buildNotation(grammar, value, part.slot);
      if (inner === null) return null;
      filled[part.name] = `(${inner})`;
    }
  }
  return family.template.replace(/\{(\w+)\}/g, (_, name) => filled[name]);
}

/** The deepest nesting of rules a kept form may have (a person's rule nests a few levels). */
const DEEPEST = 12;

/**
 * A form kept from an earlier visit (or any value at all), checked against the grammar part by
 * part: a family the place does not accept is dropped (null), a choice that is not an option is
 * left at its default, a multi keeps only its options, a nested rule is checked the same way.
 *
 *   cleanForm(grammar, {family: "match", parts: {sameness: "differ", attribute: "nonsense"}})
 *     -> {family: "match", parts: {sameness: "differ", attribute: <its default>, card: <its default>}}
 * @param {Grammar} grammar @param {unknown} value @param {string} [slot] @param {number} [depth]
 * @returns {Form|null}
 */
export function cleanForm(grammar, value, slot = grammar.top, depth = 0) {
  if (depth > DEEPEST || typeof value !== "object" || value === null) return null;
  const { family, parts } = /** @type {{family?: unknown, parts?: unknown}} */ (value);
  if (typeof family !== "string" || !grammar.slots[slot]?.includes(family)) return null;
  const form = blankForm(grammar, family);
  const given = typeof parts === "object" && parts !== null ? /** @type {Record<string, unknown>} */ (parts) : {};
  for (const part of grammar.families[family].parts) {
    const kept = Object.hasOwn(given, part.name) ? given[part.name] : undefined;
    const values = (part.options ?? []).map((o) => o.value);
    if (part.kind === "choice") {
      if (typeof kept === "string" && values.includes(kept)) form.parts[part.name] = kept;
    } else if (part.kind === "multi") {
      if (Array.isArray(kept)) form.parts[part.name] = values.filter((v) => kept.includes(v));
    } else {
      form.parts[part.name] = cleanForm(grammar, kept, part.slot, depth + 1);
    }
  }
  return form;
}
