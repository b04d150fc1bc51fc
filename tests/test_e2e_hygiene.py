"""Checks on the e2e tests' own source that keep them runnable under the site's CSP."""

import re
from pathlib import Path

E2E = Path(__file__).resolve().parent.parent / "e2e"
# Playwright evaluates a string predicate that is not a function with eval(), which the site's
# Content-Security-Policy (script-src without 'unsafe-eval') refuses; a function string is not
# evaluated that way.
CALL = re.compile(r"wait_for_function\(\s*(?:f|rf|fr)?(?:\"\"\"|\"|')(?P<start>.{0,40})", re.S)
# An arrow function: "() => ...", "(arg) => ...", "([key, value]) => ...".
ARROW = re.compile(r"\s*\([^()]*\)\s*=>")


def e2e_sources() -> list[Path]:
    """Every Python file of the browser tests, page objects included."""
    return sorted(E2E.rglob("*.py"))


def test_wait_for_function_predicates_are_functions() -> None:
    offenders = []
    for path in e2e_sources():
        text = path.read_text()
        for match in CALL.finditer(text):
            if not ARROW.match(match["start"]):
                line = text.count("\n", 0, match.start()) + 1
                offenders.append(f"{path.relative_to(E2E)}:{line}")
    assert not offenders, f"string predicates that need eval(): {offenders}"


def test_the_check_sees_a_bad_predicate() -> None:
    found = CALL.search("page.wait_for_function(\"document.title === 'x'\")")
    assert found is not None and not ARROW.match(found["start"])
    good = CALL.search("page.wait_for_function(\"([key, text]) => localStorage.getItem(key) === text\")")
    assert good is not None and ARROW.match(good["start"])
