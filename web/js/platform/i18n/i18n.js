// The page's language: load its catalog once, then look texts up by key. Every visible text of
// every page comes from here (t, tMsg, the data-i18n attributes); no sentence is written into page
// code. A page awaits initI18n() before it draws anything.
//
// Static markup is marked up, and translated by translateTree():
//   <h2 data-i18n=KEY>Hand over</h2>                textContent from the key
//   <p data-i18n-html=KEY>…</p>                      limited markup (SAFE_TAGS) from the key
//   <input data-i18n-attrs="placeholder:…;aria-label:…">   attributes from keys
// The English text stays in the HTML as the fallback a page shows before (or without) scripts.
// Elements marked translate="no" (a language's own name, a player's name) are not catalog text.
//
// <html class="i18n-wait"> hides the body until the texts are in (css/i18n.css reveals it after a
// moment anyway, so a broken script never leaves a blank page).

import { PSEUDO, fill, isMsg, lookup, pseudoCatalog, templateOf } from "./catalog.js";
import { pageLanguage } from "./language.js";

/** @typedef {import("./catalog.js").Msg} Msg */
/** @typedef {import("./language.js").Language} Language */

/** @type {Language} */
let current = "en";
/** @type {import("./catalog.js").Catalog} */
let catalog = {};
/** @type {Set<string>} keys already reported missing */
const missing = new Set();

/** The page's language ("en", "es"; "x-pseudo" in tests). */
export function lang() {
  return current;
}

/** The BCP 47 tag for Intl and the html lang attribute. */
export function locale() {
  return current === PSEUDO ? "en" : current;
}

/** The URL of a language's catalog. @param {string} language */
export function catalogUrl(language) {
  return new URL(`../../../i18n/${language}.json`, import.meta.url).href;
}

/** Load a language's catalog (the pseudo-language is made from English). @param {Language} language */
async function loadCatalog(language) {
  const response = await fetch(catalogUrl(language === PSEUDO ? "en" : language));
  if (!response.ok) throw new Error(`the ${language} texts did not load (HTTP ${response.status})`);
  const data = await response.json();
  return language === PSEUDO ? pseudoCatalog(data) : data;
}

/**
 * Choose the language, load its texts and translate the page's markup. Resolves with the language.
 * @param {{language?: Language, root?: ParentNode}} [options] language: instead of the page's choice
 */
export async function initI18n({ language = pageLanguage(), root = document } = {}) {
  catalog = await loadCatalog(language);
  current = language;
  document.documentElement.lang = locale();
  translateTree(root);
  document.documentElement.classList.remove("i18n-wait");
  return current;
}

/** Use a catalog already in hand (unit tests, a frame given its texts). @param {Language} language @param {object} data */
export function useCatalog(language, data) {
  current = language;
  catalog = language === PSEUDO ? pseudoCatalog(data) : data;
}

/** Report a missing key once; the page shows the key itself. @param {string} key */
function reportMissing(key) {
  if (!missing.has(key)) {
    missing.add(key);
    console.error(`i18n: no text "${key}" in ${current}`);
  }
  return key;
}

// Intl's formats, made once per language and options: making one costs a hundred times more than
// using it, and a page writes its log, its progress bar and its numbers with them many times.
/** @type {Map<string, Intl.NumberFormat|Intl.ListFormat>} */
const formats = new Map();

/** @param {string} kind @param {object} options @param {() => any} make */
function madeOnce(kind, options, make) {
  const key = `${kind} ${locale()} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** A number format of the page's language. @param {Intl.NumberFormatOptions} [options] @returns {Intl.NumberFormat} */
export function numberFormat(options = {}) {
  return /** @type {Intl.NumberFormat} */ (madeOnce("number", options, () => new Intl.NumberFormat(locale(), options)));
}

/** @param {Array<unknown>} items @param {"conjunction"|"disjunction"} type */
function listOf(items, type = "conjunction") {
  const format = /** @type {Intl.ListFormat} */ (madeOnce("list", { type }, () => new Intl.ListFormat(locale(), { type })));
  return format.format(items.map(String));
}

/** Rank key of a card's rank ("10" stays, "A" stays): the catalog has cards.rank.<rank>. @param {string} card */
function splitCard(card) {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

/** "jack of hearts" / "jota de corazones". @param {string} card */
export function cardName(card) {
  const { rank, suit } = splitCard(card);
  return t("cards.name", { rank: t(`cards.rank.${rank}`), suit: t(`cards.suit.${suit}`) });
}

/** "the jack of hearts" / "la jota de corazones". @param {string} card */
export function theCardName(card) {
  const { rank } = splitCard(card);
  const article = t(`cards.article.${/^\d+$/.test(rank) ? "number" : rank}`);
  return t("cards.theName", { article, name: cardName(card) });
}

/** @type {Record<string, import("./catalog.js").Formatter>} */
const FORMATTERS = {
  card: (value) => cardName(String(value)),
  theCard: (value) => theCardName(String(value)),
  cards: (value) => listOf((Array.isArray(value) ? value : [value]).map((c) => cardName(String(c)))),
  theCards: (value) => listOf((Array.isArray(value) ? value : [value]).map((c) => theCardName(String(c)))),
  // A whole percentage as the language writes it: "87%" in English, "87 %" in Spanish.
  percent: (value) => numberFormat({ style: "percent", maximumFractionDigits: 0 }).format(Number(value) / 100),
  list: (value) => listOf(Array.isArray(value) ? value : [value]),
  orList: (value) => listOf(Array.isArray(value) ? value : [value], "disjunction"),
  number: (value) => numberFormat().format(Number(value)),
  signed: (value) => signedDecimal(Number(value)),
};

/**
 * A signed number with one decimal in the page's language: "+0.9", "+0,9", "−1,5" (the minus
 * sign U+2212, as every margin shows it). @param {number} value
 */
function signedDecimal(value) {
  const format = numberFormat({ signDisplay: "exceptZero", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return format.formatToParts(value).map((part) => (part.type === "minusSign" ? "\u2212" : part.value)).join("");
}

/** A parameter without a format: an engine msg is rendered, anything else written as it is. @param {unknown} value */
function plain(value) {
  return isMsg(value) ? tMsg(value) : String(value);
}

/**
 * The text of a key in the page's language, its placeholders filled from params.
 * @param {string} key @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const template = templateOf(lookup(catalog, key), params, current);
  if (template === undefined) return reportMissing(key);
  try {
    return fill(template, params, FORMATTERS, plain);
  } catch (err) {
    console.error(`i18n: "${key}" in ${current}: ${err instanceof Error ? err.message : err}`);
    return template;
  }
}

/** True when the catalog has the key (for optional texts). @param {string} key */
export function has(key) {
  return lookup(catalog, key) !== undefined;
}

/**
 * What the engine said ({code, params}), in the page's language: the text of "engine.<code>".
 * @param {Msg} msg
 */
export function tMsg(msg) {
  return t(`engine.${msg.code}`, msg.params ?? {});
}

/**
 * An error for the player, in the page's language: the engine's own words when it sent a msg
 * (EngineError.msg), else a general sentence quoting the error's (English) detail.
 * @param {unknown} err
 */
export function errorText(err) {
  const msg = /** @type {{msg?: unknown}} */ (err)?.msg;
  if (isMsg(msg)) return tMsg(msg);
  return t("common.unexpected", { detail: err instanceof Error ? err.message : String(err) });
}

// ---- markup ----

/** Tags a catalog text may use in a data-i18n-html element, with the attributes each keeps. */
const SAFE_TAGS = {
  A: ["href", "class", "hreflang", "lang"], ABBR: ["title"], B: [], BR: [], CITE: [], CODE: [], EM: [], I: [],
  KBD: [], Q: [], SMALL: [], SPAN: ["class", "lang"], STRONG: [], SUB: [], SUP: [],
};

/**
 * Catalog markup as nodes: only SAFE_TAGS survive (others become their text), a link only to a
 * relative, http(s) or #fragment address.
 * @param {string} html @returns {DocumentFragment}
 */
export function safeFragment(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  /** @param {Node} node @returns {Node[]} */
  const clean = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return [document.createTextNode(node.textContent ?? "")];
    if (node.nodeType !== Node.ELEMENT_NODE) return [];
    const source = /** @type {Element} */ (node);
    const children = [...source.childNodes].flatMap(clean);
    const allowed = SAFE_TAGS[/** @type {keyof typeof SAFE_TAGS} */ (source.tagName)];
    if (!allowed) return children;
    const copy = document.createElement(source.tagName.toLowerCase());
    for (const name of allowed) {
      const value = source.getAttribute(name);
      if (value === null) continue;
      if (name === "href" && /^\s*[a-z][\w+.-]*:/i.test(value) && !/^\s*https?:/i.test(value)) continue;
      copy.setAttribute(name, value);
    }
    copy.append(...children);
    return [copy];
  };
  const fragment = document.createDocumentFragment();
  fragment.append(...[...template.content.childNodes].flatMap(clean));
  return fragment;
}

/**
 * Put a key's text into an element, as text or (html) as safe markup.
 * @param {Element} element @param {string} key @param {Record<string, unknown>} [params] @param {boolean} [html]
 */
export function setText(element, key, params = {}, html = false) {
  if (html) element.replaceChildren(safeFragment(t(key, params)));
  else element.textContent = t(key, params);
}

/** Translate the data-i18n markup of root and below. @param {ParentNode} [root] */
export function translateTree(root = document) {
  const elements = [...root.querySelectorAll("[data-i18n], [data-i18n-html], [data-i18n-attrs]")];
  if (root instanceof Element && root.matches("[data-i18n], [data-i18n-html], [data-i18n-attrs]")) elements.unshift(root);
  for (const element of elements) {
    const textKey = element.getAttribute("data-i18n");
    if (textKey) setText(element, textKey);
    const htmlKey = element.getAttribute("data-i18n-html");
    if (htmlKey) setText(element, htmlKey, {}, true);
    for (const pair of (element.getAttribute("data-i18n-attrs") ?? "").split(";")) {
      const at = pair.indexOf(":");
      if (at > 0) element.setAttribute(pair.slice(0, at).trim(), t(pair.slice(at + 1).trim()));
    }
  }
}
