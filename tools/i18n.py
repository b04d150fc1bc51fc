"""The site's message catalogs (web/i18n/<lang>.json): read, check, and add texts to them.

Glossary:
    catalog  -- nested JSON objects, one section per page or role; leaves are templates (text with
                {name} placeholders), plural forms {"one": ..., "other": ...} or person forms
                {"you": ..., "other": ...} (the page picks "you" when the sentence is about the
                person it speaks to, its parameter ``person`` being "you"); keys starting with
                "_" are notes for translators (each section ends with its "_about").
    key      -- the dotted path to a leaf: "cards.rank.Q".
    add      -- ``python tools/i18n.py add SECTION FILE.json``: FILE holds {"en": {...}, "es": {...}},
                the same nested keys in both; they are written into SECTION of each catalog, before
                its "_about", in the catalogs' one layout (2-space indent, UTF-8), so that additions
                to different sections merge cleanly.
    check    -- ``python tools/i18n.py check``: the same keys and placeholders in every language.

>>> sorted(flatten({"a": {"b": "x", "_about": "n"}, "c": {"one": "1", "other": "{count}"}}))
['a.b', 'c']
>>> placeholders("{count} of {suit:card} {{literal}}")
['count', 'suit']
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "web" / "i18n"
LANGUAGES = ("en", "es")
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{(\w+)(?::(\w+))?\}")
FORMATS = frozenset({"card", "theCard", "cards", "theCards", "list", "orList", "number", "signed", "percent"})


def load(lang: str) -> dict[str, Any]:
    """The parsed catalog of a language."""
    data: dict[str, Any] = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def save(lang: str, data: dict[str, Any]) -> None:
    """Write a catalog in its one layout."""
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    (I18N / f"{lang}.json").write_text(text, encoding="utf-8")


def is_plural(node: object) -> bool:
    """True for a leaf of plural forms."""
    return isinstance(node, dict) and isinstance(node.get("other"), str) and all(
        isinstance(v, str) for v in node.values())


def is_person_forms(node: object) -> bool:
    """True for a leaf of person forms ("you" and "other"; each a text, or plural forms read as
    their own leaves "KEY.you", "KEY.other" when they are)."""
    return isinstance(node, dict) and set(node) == {"you", "other"} and all(
        isinstance(v, str) for v in node.values())


def flatten(node: dict[str, Any], prefix: str = "") -> dict[str, str | dict[str, str]]:
    """Every leaf by its dotted key (notes left out)."""
    leaves: dict[str, str | dict[str, str]] = {}
    for key, value in node.items():
        if key.startswith("_"):
            continue
        path = f"{prefix}{key}"
        if isinstance(value, str) or is_plural(value):
            leaves[path] = value
        elif isinstance(value, dict):
            leaves.update(flatten(value, f"{path}."))
        else:
            raise ValueError(f"{path}: a text must be a string, plural forms or a section, not {value!r}")
    return leaves


def forms(leaf: str | dict[str, str]) -> list[str]:
    """The templates of a leaf (one, or each plural form)."""
    return [leaf] if isinstance(leaf, str) else list(leaf.values())


def placeholders(template: str) -> list[str]:
    """The parameter names a template uses, sorted."""
    return sorted({m.group(1) for m in PLACEHOLDER.finditer(template) if m.group(1)})


def formats(template: str) -> set[str]:
    """The formatter names a template uses."""
    return {m.group(2) for m in PLACEHOLDER.finditer(template) if m.group(2)}


def problems() -> list[str]:
    """What is wrong with the catalogs taken together (empty when nothing is)."""
    found: list[str] = []
    leaves = {lang: flatten(load(lang)) for lang in LANGUAGES}
    english = leaves["en"]
    for lang, mine in leaves.items():
        for key in sorted(english.keys() - mine.keys()):
            found.append(f"{lang}: missing {key}")
        for key in sorted(mine.keys() - english.keys()):
            found.append(f"{lang}: {key} is not in en")
        for key in sorted(english.keys() & mine.keys()):
            theirs = {p for f in forms(english[key]) for p in placeholders(f)}
            ours = {p for f in forms(mine[key]) for p in placeholders(f)}
            if theirs != ours:
                found.append(f"{lang}: {key} has placeholders {sorted(ours)}, en has {sorted(theirs)}")
            for form in forms(mine[key]):
                if not form.strip():
                    found.append(f"{lang}: {key} is empty")
                if formats(form) - FORMATS:
                    found.append(f"{lang}: {key} uses unknown formats {sorted(formats(form) - FORMATS)}")
            if isinstance(mine[key], dict) and "count" not in ours and not is_person_forms(mine[key]):
                found.append(f"{lang}: {key} has plural forms but no {{count}}")
    return found


def add(section: str, additions: dict[str, dict[str, Any]]) -> None:
    """Write additions[lang] into section of each language's catalog, before the section's notes."""
    if set(additions) != set(LANGUAGES):
        raise SystemExit(f"add: give exactly the languages {LANGUAGES}, not {sorted(additions)}")
    if set(flatten(additions["en"])) != set(flatten(additions["es"])):
        raise SystemExit("add: the languages do not have the same keys")
    for lang in LANGUAGES:
        data = load(lang)
        old = data.get(section, {})
        notes = {k: v for k, v in old.items() if k.startswith("_")}
        texts = {k: v for k, v in old.items() if not k.startswith("_")}
        data[section] = merged(texts, additions[lang]) | notes
        save(lang, data)


def merged(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """old with new's leaves set (nested sections merged, not replaced)."""
    result = dict(old)
    for key, value in new.items():
        if isinstance(value, dict) and not is_plural(value) and isinstance(result.get(key), dict):
            result[key] = merged(result[key], value)
        else:
            result[key] = value
    return result


def main(argv: list[str]) -> int:
    """The command line: add SECTION FILE, or check."""
    if argv[:1] == ["check"]:
        found = problems()
        print("\n".join(found) or "catalogs agree")
        return 1 if found else 0
    if len(argv) == 3 and argv[0] == "add":
        add(argv[1], json.loads(Path(argv[2]).read_text(encoding="utf-8")))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
