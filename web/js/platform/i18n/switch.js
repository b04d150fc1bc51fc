// The language switch: a labelled <select> of the site's languages, each named in itself. The
// choice is remembered (language.js) and the page reloads in it; every page keeps its state across
// a reload (saves after every move), so nothing is lost.

import { t, lang } from "./i18n.js";
import { LANGUAGES, rememberLanguage } from "./language.js";

/**
 * Where the page goes to show itself in another language: the same address without ?lang= when the
 * choice is remembered, with ?lang= when the browser refused to keep it.
 * @param {string} href @param {string} language @param {boolean} remembered
 */
export function addressIn(href, language, remembered) {
  const url = new URL(href);
  if (remembered) url.searchParams.delete("lang");
  else url.searchParams.set("lang", language);
  return url.href;
}

/**
 * A language switch. onChange, when given, runs before the page reloads (to save what it must).
 * @param {{id?: string, onChange?: () => void}} [options] @returns {HTMLLabelElement}
 */
export function languageSwitch({ id = "language-switch", onChange } = {}) {
  const label = document.createElement("label");
  label.className = "language-switch";
  const text = document.createElement("span");
  text.className = "language-switch-label";
  text.textContent = t("common.language");
  const select = document.createElement("select");
  select.id = id;
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    option.setAttribute("translate", "no");
    option.selected = code === lang();
    select.append(option);
  }
  select.addEventListener("change", () => {
    onChange?.();
    location.assign(addressIn(location.href, select.value, rememberLanguage(select.value)));
  });
  label.append(text, select);
  return label;
}
