"""Browser checks of the pages' languages, shared by the e2e tests.

Glossary:
    pseudo        -- the test language "x-pseudo": English with every catalog text wrapped in ⟦ ⟧
                     (web/js/platform/i18n/catalog.js). In it, any text of the page outside ⟦ ⟧ that has
                     words did not come from a catalog: a sentence written into page code.
    in_language   -- an init script that makes every page of a context speak a language, as the
                     language switch remembers it (localStorage "leopard.language").
    hard_coded    -- the texts of a page in pseudo that did not come from a catalog: every text node
                     of the document (hidden ones too: a closed dialog is still the page's text) and
                     every labelling attribute. Card codes (7H), points (e5), numbers and symbols are
                     not words; ``allowed`` adds others (the players' names a test typed).
    english_left  -- the texts of a page in Spanish that are an English catalog text which Spanish
                     writes differently: what a Spanish reader would see untranslated.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "web" / "i18n"
LANGUAGE_KEY = "leopard.language"
PSEUDO = "x-pseudo"


def in_language(context: BrowserContext | Page, language: str) -> None:
    """Every page this context opens from now on (or this page, at each load) speaks language (as
    if chosen with the switch)."""
    context.add_init_script(
        f"try {{ localStorage.setItem({json.dumps(LANGUAGE_KEY)}, {json.dumps(language)}); }} catch (e) {{}}")


# Walks the document in order, counting ⟦ ⟧ depth across text nodes (a catalog text with markup is
# several nodes), and returns the word-bearing text found at depth 0, and bad labelling attributes.
_HARD_CODED_JS = r"""
(allowed) => {
  const OPEN = "\u27e6", CLOSE = "\u27e7";
  const LABELS = ["aria-label", "title", "placeholder", "alt", "aria-description", "aria-roledescription",
                  "aria-valuetext"];
  const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"]);
  const NOT_WORDS = [/\b(?:10|[2-9AJQK])[SHDC]\b/g, /~(?:10|[2-9AJQK])?[SHDC]?/g, /\b[a-i][1-9]\b/g];
  const allowedRe = allowed.map((a) => new RegExp(a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g"));
  const words = (text) => {
    let rest = text;
    for (const re of [...NOT_WORDS, ...allowedRe]) rest = rest.replace(re, " ");
    return /\p{L}{2,}/u.test(rest);
  };
  const outside = (text, start = 0) => {
    let depth = start, out = "";
    for (const ch of text) {
      if (ch === OPEN) depth += 1;
      else if (ch === CLOSE) depth = Math.max(0, depth - 1);
      else if (depth === 0) out += ch;
    }
    return { depth, out };
  };
  const found = [];
  let depth = 0;
  const visit = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const r = outside(node.textContent, depth);
      depth = r.depth;
      const parent = node.parentElement;
      const where = parent.tagName.toLowerCase() + (parent.id ? "#" + parent.id : "");
      if (words(r.out)) found.push(`${r.out.trim().slice(0, 120)}   <in ${where}>`);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (SKIP.has(node.tagName) || node.getAttribute("translate") === "no") return;
    const names = [...LABELS];
    if (node.tagName === "META" && node.getAttribute("name") === "description") names.push("content");
    if (node.tagName === "INPUT" && ["button", "submit", "reset"].includes(node.type)) names.push("value");
    for (const name of names) {
      const value = node.getAttribute(name);
      const where = node.tagName.toLowerCase() + (node.id ? "#" + node.id : "");
      if (value && words(outside(value).out)) found.push(`[${name}=${value.slice(0, 120)}]   <on ${where}>`);
    }
    for (const child of node.childNodes) visit(child);
    if (node.shadowRoot) for (const child of node.shadowRoot.childNodes) visit(child);
  };
  visit(document.documentElement);
  return found;
}
"""


def hard_coded(page: Page, allowed: tuple[str, ...] = ()) -> list[str]:
    """The texts of a page shown in pseudo that no catalog gave (empty when every text did)."""
    lang = page.evaluate("() => document.documentElement.lang")
    assert lang == "en", "the page speaks pseudo (English-based)"
    marked = page.evaluate("() => document.body.innerText.includes('\\u27e6')")
    assert marked, "the page is in the pseudo-language: its texts are wrapped in ⟦ ⟧"
    return list(page.evaluate(_HARD_CODED_JS, list(allowed)))


def catalog_texts(lang: str) -> dict[str, str]:
    """A catalog's texts by key, each plural form as key/form."""
    def walk(node: Any, prefix: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in node.items():
            if key.startswith("_"):
                continue
            if isinstance(value, str):
                out[prefix + key] = value
            elif isinstance(value, dict):
                out.update(walk(value, f"{prefix}{key}{'/' if 'other' in value else '.'}"))
        return out
    return walk(json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")), "")


def english_text(msg: Any) -> str:
    """What an English page shows for an engine Message: its engine.<code> catalog text, filled in
    with the message's parameters (as they are: for messages whose parameters need no formatter)."""
    template = catalog_texts("en")[f"engine.{msg.code}"]
    return re.sub(r"\{(\w+)(?::\w+)?\}", lambda m: str(msg.params[m.group(1)]), template)


def english_left(page: Page) -> list[str]:
    """Texts of a Spanish page that are English catalog texts Spanish words differently."""
    english, spanish = catalog_texts("en"), catalog_texts("es")
    suspects = sorted({text.strip() for key, text in english.items()
                       if "{" not in text and "<" not in text and text != spanish.get(key)
                       and text.strip() not in spanish.values() and any(c.isalpha() for c in text)})
    shown: list[str] = page.evaluate(
        """() => {
          const out = [];
          const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const tag = n.parentElement && n.parentElement.tagName;
            const skip = ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(tag);
            if (!skip && n.textContent.trim()) out.push(n.textContent.trim());
          }
          for (const e of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]"))
            for (const a of ["aria-label", "title", "placeholder", "alt"])
              if (e.getAttribute(a)) out.push(e.getAttribute(a));
          return out;
        }""")
    suspect_set = set(suspects)
    long_suspects = [s for s in suspects if len(s.split()) >= 3]
    left = [text for text in shown if text in suspect_set]
    left += [f"{s!r} in {text!r}" for text in shown for s in long_suspects
             if s in text and text not in suspect_set]
    return sorted(set(left))
