"""The message catalogs (web/i18n/en.json, es.json) against each other, the pages and the engine.

What a visible text must satisfy to reach a player in either language:
- both catalogs have the same keys, and each key the same placeholders (``tools/i18n.py``);
- a Spanish text that is the English one word for word is listed in a ``_same`` list of es.json
  (each section may have one, of full keys);
- every key the pages name statically (``t("…")``, ``data-i18n…``) exists;
- every text and every labelling attribute in the pages' markup comes from a key (the browser test
  ``e2e/test_i18n_pages.py`` checks what scripts draw);
- every code the engine can say (``leopard_core.platform.messages.ENGLISH``, every game loaded)
  has ``engine.<code>`` with the same placeholders in both languages.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from leopard_core.games import load_all
from leopard_core.platform.messages import ENGLISH
from leopard_core.platform.messages import placeholders as engine_placeholders

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT / "tools"))

import i18n  # noqa: E402

load_all()  # every game registers its codes: ENGLISH is then every code the engine can say

PAGES = ("index.html", "hunt.html", "eleusis.html", "rules.html", "hunt-rules.html", "eleusis-rules.html",
         "embed.html", "examples/embed-demo.html", "partials/site-menu.html", "partials/load-progress.html",
         "partials/notice.html")
LABEL_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt", "aria-description", "aria-roledescription")
WORDS = re.compile(r"[^\W\d_]{2,}")
SKIPPED_TAGS = {"script", "style", "noscript", "template"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
             "wbr"}


def leaves(lang: str) -> dict[str, str | dict[str, str]]:
    """A catalog's texts by key."""
    return i18n.flatten(i18n.load(lang))


def test_the_catalogs_agree() -> None:
    """Same keys, same placeholders, known formats, no empty text, plural forms with a count."""
    assert i18n.problems() == []


def test_the_check_finds_a_missing_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The agreement check is not blind: a key only English has, and a placeholder Spanish lost."""
    for lang, extra in (("en", {"only": "in English", "name": "{who} played"}), ("es", {"name": "jugó"})):
        data = i18n.load(lang)
        data["common"] = {**data["common"], **extra}
        (tmp_path / f"{lang}.json").write_text(__import__("json").dumps(data), encoding="utf-8")
    monkeypatch.setattr(i18n, "I18N", tmp_path)
    found = i18n.problems()
    assert "es: missing common.only" in found
    assert any(p.startswith("es: common.name has placeholders") for p in found)


def test_english_has_both_plural_forms() -> None:
    """An English plural text has "one" and "other"."""
    plural = {k: v for k, v in leaves("en").items() if isinstance(v, dict) and not i18n.is_person_forms(v)}
    assert plural, "the catalogs have plural texts (cards.line.points at least)"
    assert [k for k, v in plural.items() if set(v) != {"one", "other"}] == []


def test_spanish_is_not_english_left_over() -> None:
    """A Spanish text with words that equals its English text is listed as meant to be the same."""
    spanish_catalog = i18n.load("es")
    same = {key for section in spanish_catalog.values() if isinstance(section, dict)
            for key in section.get("_same", [])}
    english, spanish = leaves("en"), leaves("es")
    left = [key for key, text in spanish.items()
            if text == english[key]
            and any(WORDS.search(i18n.PLACEHOLDER.sub("", f)) for f in i18n.forms(text))
            and key not in same]
    assert left == []


STATIC_KEY = re.compile(
    r"""\bt\(\s*["']([A-Za-z][\w.]*)["']|setText\([^,()]+,\s*["']([A-Za-z][\w.]*)["']"""
    r"""|data-i18n(?:-html)?=["']([A-Za-z][\w.]*)["']""")
ATTR_KEYS = re.compile(r"""data-i18n-attrs=["']([^"']*)["']""")


def referenced_keys() -> dict[str, list[str]]:
    """Keys named literally in the site's code and markup, with the files naming each."""
    found: dict[str, list[str]] = {}
    for path in sorted([*WEB.rglob("*.js"), *WEB.rglob("*.html")]):
        text = path.read_text(encoding="utf-8")
        keys = [k for groups in STATIC_KEY.findall(text) for k in groups if k]
        keys += [pair.split(":", 1)[1].strip() for attrs in ATTR_KEYS.findall(text)
                 for pair in attrs.split(";") if re.fullmatch(r"\s*[\w-]+:\s*[A-Za-z][\w.]*\s*", pair)]
        for key in keys:
            found.setdefault(key, []).append(str(path.relative_to(ROOT)))
    return found


def test_every_key_the_site_names_exists() -> None:
    """No t("…") or data-i18n key that the catalogs lack (dynamic keys are checked in the browser)."""
    english = leaves("en")
    referenced = referenced_keys()
    assert "common.language" in referenced, "the scan finds the keys the site names"
    assert {k: v for k, v in referenced.items() if k not in english} == {}


class MarkupTexts(HTMLParser):
    """Texts and labelling attributes of a page's markup that no catalog key provides."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        # (tag, covered): covered when its text comes from a key or is not language
        self.stack: list[tuple[str, bool]] = []
        self.problems: list[str] = []

    def covered(self) -> bool:
        return any(c for _, c in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        pairs = (values.get("data-i18n-attrs") or "").split(";")
        translated = {p.split(":", 1)[0].strip() for p in pairs if ":" in p}
        is_description = tag == "meta" and values.get("name") == "description"
        for name in (*LABEL_ATTRIBUTES, *(("content",) if is_description else ())):
            value = values.get(name)
            if value and WORDS.search(value) and name not in translated and not self.covered():
                self.problems.append(f"<{tag} {name}={value!r}>")
        if tag in VOID_TAGS:
            return
        covered = (tag in SKIPPED_TAGS or values.get("translate") == "no"
                   or "data-i18n" in values or "data-i18n-html" in values)
        self.stack.append((tag, covered))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if data.strip() and WORDS.search(data) and not self.covered():
            self.problems.append(data.strip()[:80])


def untranslated_markup(html: str) -> list[str]:
    """The texts of a page's markup that no catalog key provides."""
    parser = MarkupTexts()
    parser.feed(html)
    return parser.problems


def test_the_markup_check_finds_a_bare_text() -> None:
    """The markup check is not blind: a bare text and a bare label are found, keyed ones are not."""
    html = ('<p>Hello there</p><p data-i18n="a.b">Fine</p><button aria-label="Close it"></button>'
            '<input data-i18n-attrs="placeholder:a.c" placeholder="Your name">'
            '<span translate="no">Ana</span>')
    assert untranslated_markup(html) == ["Hello there", "<button aria-label='Close it'>"]


@pytest.mark.parametrize("page", PAGES)
def test_every_text_of_the_markup_comes_from_the_catalog(page: str) -> None:
    """Every text and label in the page's markup is marked with its key."""
    assert untranslated_markup((WEB / page).read_text(encoding="utf-8")) == []


def test_every_engine_message_has_its_texts() -> None:
    """Each engine code is engine.<code> in both catalogs, with the engine's placeholders."""
    problems = []
    for lang in i18n.LANGUAGES:
        texts = leaves(lang)
        for code, template in ENGLISH.items():
            leaf = texts.get(f"engine.{code}")
            if leaf is None:
                problems.append(f"{lang}: no engine.{code}")
                continue
            names = {p for form in i18n.forms(leaf) for p in i18n.placeholders(form)}
            if names != set(engine_placeholders(template)):
                expected = engine_placeholders(template)
                problems.append(f"{lang}: engine.{code} has {sorted(names)}, the engine {expected}")
    assert problems == []


# The computer is "the computer" and "la máquina" (the team's guide), never a shortening a player has
# to decode: "CPU" and "Máq." named it in the card game's move list.
COMPUTER_SHORTENED = re.compile(r"\bCPU\b|\bM[áa]q\b\.?|\bComp\b\.?|\bOrd\b\.|\bPC\b", re.IGNORECASE)


def shortened_computer(texts: dict[str, str | dict[str, str]]) -> list[str]:
    return [f"{key}: {form}" for key, leaf in texts.items() if not key.split(".")[-1].startswith("_")
            for form in i18n.forms(leaf) if COMPUTER_SHORTENED.search(form)]


def test_the_check_finds_the_computer_shortened() -> None:
    assert shortened_computer({"game.log.computer": "CPU", "a": {"one": "x", "other": "Máq. {n}"}}) == [
        "game.log.computer: CPU", "a: Máq. {n}"]
    assert shortened_computer({"game.computer": "Computer", "b": "La máquina", "c": "compás"}) == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_computer_is_named_in_words(lang: str) -> None:
    assert shortened_computer(leaves(lang)) == []
    assert shortened_computer(dict(ENGLISH)) == []
