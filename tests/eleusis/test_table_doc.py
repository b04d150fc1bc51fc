"""docs/eleusis-rules.md and the E-numbers cited against it (as tests/test_spec.py does for R and N)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "eleusis-rules.md"
DEFINED = re.compile(r"^(?:#+ |- )(E[0-9]+(?:\.[0-9]+)?)\b", re.MULTILINE)
CITED = re.compile(r"\b(E[0-9]+(?:\.[0-9]+)?)\b")
PLACES = [ROOT / "leopard_core" / "games" / "eleusis", ROOT / "tests" / "eleusis"]


def defined() -> set[str]:
    """The numbers the document heads: sections (``## E7``) and items (``- E7.1``)."""
    return set(DEFINED.findall(DOC.read_text(encoding="utf-8")))


def test_the_document_has_its_sections_and_choices() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert {f"E{n}" for n in range(1, 16)} <= defined()
    for choice in ("values", "previous card", "no wrap", "the starter", "how long a string may be",
                   "the wrong guess", "the Express dealer's score", "others' hands", "how many players",
                   "the stock never runs dry", "the false prophet's penalty",
                   "the computer dealer's rule"):
        assert f"**Choice ({choice})" in text, choice


def test_every_cited_e_number_is_in_the_document() -> None:
    numbers = defined()
    cited: dict[str, set[str]] = {}
    for place in PLACES:
        for path in place.rglob("*.py"):
            found = set(CITED.findall(path.read_text(encoding="utf-8"))) - numbers
            if found:
                cited[str(path.relative_to(ROOT))] = found
    assert not cited, f"E-numbers cited but not in docs/eleusis-rules.md: {cited}"
