// Message catalogs: looking a key up and filling in its parameters. Pure functions, no DOM, so
// node --test covers them (tests/js/i18n-catalog.test.mjs) and every page shares them.
//
// Glossary:
//   catalog   -- the parsed web/i18n/<lang>.json: nested objects of sections ("game", "hunt", ...)
//                whose leaves are templates; a key is the dotted path to a leaf ("game.goOut").
//                Keys that start with "_" are notes for translators, never shown.
//   template  -- text with placeholders: "{name}" is the parameter as it is, "{name:format}" passes
//                it through a formatter ("{card:card}" -> "jack of hearts"), "{{" and "}}" are
//                literal braces. A leaf may instead be plural forms, {"one": "...", "other": "..."},
//                chosen by the parameter "count" with Intl.PluralRules ("other" when a form is
//                missing). A leaf may also be person forms, {"you": ..., "other": ...}: "you" when the
//                parameter "person" is "you" (the sentence is about the person the page speaks to:
//                "You judged wrongly and are overthrown"), "other" for anybody else ("Ana judged
//                wrongly and is overthrown"); each person form may itself be plural forms.
//   msg       -- what the engine says, as {code, params}: the key is "engine." + code; a parameter
//                that is itself a msg is rendered first (an error that quotes another error).
//   pseudo    -- the test language "x-pseudo": English, every template wrapped in ⟦ ⟧, so a test can
//                find any visible text that did not come from a catalog.

/** @typedef {Record<string, any>} Catalog */
/** @typedef {{code: string, params?: Record<string, unknown>}} Msg */
/** @typedef {(value: unknown, params: Record<string, unknown>) => string} Formatter */

export const PSEUDO = "x-pseudo";
export const PSEUDO_OPEN = "\u27e6";
export const PSEUDO_CLOSE = "\u27e7";

/** The leaf at a dotted key, or undefined. @param {Catalog} catalog @param {string} key */
export function lookup(catalog, key) {
  /** @type {any} */
  let node = catalog;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

/** True for a leaf of plural forms. @param {unknown} leaf */
export function isPlural(leaf) {
  return leaf !== null && typeof leaf === "object" && typeof (/** @type {any} */ (leaf).other) === "string";
}

/** True for a leaf of person forms ({you, other}, each a text or plural forms). @param {unknown} leaf */
export function isPersonForms(leaf) {
  if (leaf === null || typeof leaf !== "object") return false;
  const forms = /** @type {Record<string, unknown>} */ (leaf);
  const keys = Object.keys(forms).sort().join(",");
  return keys === "other,you" && [forms.you, forms.other].every((f) => typeof f === "string" || isPlural(f));
}

/**
 * The template of a leaf for these parameters: the leaf itself, its person form for params.person,
 * then its plural form for params.count.
 * @param {unknown} leaf @param {Record<string, unknown>} params @param {string} lang
 * @returns {string|undefined}
 */
export function templateOf(leaf, params, lang) {
  if (typeof leaf === "string") return leaf;
  if (isPersonForms(leaf)) {
    const forms = /** @type {Record<string, unknown>} */ (leaf);
    return templateOf(params.person === "you" ? forms.you : forms.other, params, lang);
  }
  if (!isPlural(leaf)) return undefined;
  const forms = /** @type {Record<string, string>} */ (leaf);
  const count = Number(params.count);
  const form = Number.isFinite(count) ? new Intl.PluralRules(lang === PSEUDO ? "en" : lang).select(count) : "other";
  return forms[form] ?? forms.other;
}

/**
 * Fill a template's placeholders.
 * @param {string} template @param {Record<string, unknown>} params
 * @param {Record<string, Formatter>} formatters
 * @param {(value: unknown) => string} plain how a parameter without a format is written
 */
export function fill(template, params, formatters, plain = String) {
  return template.replace(/\{\{|\}\}|\{(\w+)(?::(\w+))?\}/g, (whole, name, format) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (!(name in params)) throw new Error(`no parameter "${name}"`);
    const value = params[name];
    if (!format) return plain(value);
    const formatter = formatters[format];
    if (!formatter) throw new Error(`no format "${format}"`);
    return formatter(value, params);
  });
}

/** The placeholder names of a template ("count" included), sorted. @param {string} template */
export function placeholders(template) {
  const names = new Set();
  for (const match of template.matchAll(/\{\{|\}\}|\{(\w+)(?::\w+)?\}/g)) if (match[1]) names.add(match[1]);
  return [...names].sort();
}

/** True for {code, params} as the engine sends it. @param {unknown} value @returns {value is Msg} */
export function isMsg(value) {
  return value !== null && typeof value === "object" && typeof (/** @type {any} */ (value).code) === "string";
}

/**
 * The pseudo-language's catalog: the English one with every template (and plural form) wrapped in
 * ⟦ ⟧. Notes for translators ("_" keys) stay as they are.
 * @param {Catalog} english @returns {Catalog}
 */
export function pseudoCatalog(english) {
  /** @param {any} node @returns {any} */
  const wrap = (node) => {
    if (typeof node === "string") return `${PSEUDO_OPEN}${node}${PSEUDO_CLOSE}`;
    if (node === null || typeof node !== "object") return node;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k.startsWith("_") ? v : wrap(v)]));
  };
  return wrap(english);
}
