"""The project's own rules specification, docs/RULES.md, and the rule numbers cited against it.

Glossary:
    rule number -- ``R<n>`` or ``R<n>.<m>`` (rules) or ``N<n>`` (notation), as headed in docs/RULES.md:
                   a section heading ``## R3 ...`` or an item ``- R3.1 ...``.
    citation    -- a rule number written in the engine, its tests, the browser tests or the site.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "RULES.md"
RULE_NUMBER = re.compile(r"\b([RN][0-9]+(?:\.[0-9]+)?)\b")
DEFINED = re.compile(r"^(?:#+ |- )([RN][0-9]+(?:\.[0-9]+)?)\b", re.MULTILINE)
CITING = ("leopard_core", "tests", "e2e", "bench", "tools", "web")
SUFFIXES = {".py", ".js", ".html", ".md"}


def defined_numbers(text: str) -> set[str]:
    """The rule numbers a spec text heads: sections (``## R3``) and items (``- R3.1``)."""
    return set(DEFINED.findall(text))


def citations() -> dict[str, set[str]]:
    """Every rule number cited in the project's code, tests and site, by file."""
    found: dict[str, set[str]] = {}
    files = [ROOT / "README.md", *(p for p in (ROOT / "docs").glob("*.md") if p != SPEC)]
    for folder in CITING:
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in SUFFIXES and p.is_file()]
    for path in files:
        numbers = set(RULE_NUMBER.findall(path.read_text(encoding="utf-8")))
        if numbers:
            found[str(path.relative_to(ROOT))] = numbers
    return found


def test_spec_is_in_the_project_and_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert SPEC.is_file()
    assert "](docs/RULES.md)" in readme
    for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        text = path.read_text(encoding="utf-8")
        assert "../shared/" not in text, f"{path.name} points outside the repository"


def test_spec_defines_every_section_and_notation() -> None:
    numbers = defined_numbers(SPEC.read_text(encoding="utf-8"))
    for section in range(1, 9):
        assert f"R{section}" in numbers
    assert {"N1", "N2", "N3", "N4"} <= numbers
    assert {"R1.3", "R3.3", "R6.1", "R7.2", "R8.3"} <= numbers


def test_every_cited_rule_number_is_in_the_spec() -> None:
    defined = defined_numbers(SPEC.read_text(encoding="utf-8"))
    cited = citations()
    assert sum(len(v) for v in cited.values()) > 20, "the scan found almost no citations"
    missing = {path: sorted(numbers - defined) for path, numbers in cited.items() if numbers - defined}
    assert not missing, f"rule numbers cited but not in docs/RULES.md: {missing}"


def test_the_check_notices_a_number_the_spec_does_not_define() -> None:
    defined = defined_numbers("## R1 Cards\n- R1.1 Two decks.\n- N1 Card.\nSee R2 and R1.1.\n")
    assert defined == {"R1", "R1.1", "N1"}
    unknown = "R" + "9.4"  # spelt in two parts so that this file itself cites no missing number
    assert set(RULE_NUMBER.findall(f"a citation of {unknown} here")) - defined == {unknown}


def test_no_test_or_engine_file_points_at_the_shared_folder() -> None:
    offenders = [
        str(p.relative_to(ROOT)) for folder in ("leopard_core", "tests", "e2e")
        for p in (ROOT / folder).rglob("*.py") if "shared" + "/RULES" in p.read_text(encoding="utf-8")
    ]
    assert not offenders
