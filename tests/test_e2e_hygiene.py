"""Checks on the e2e tests' own source that keep them runnable under the site's CSP."""

import re
from pathlib import Path

E2E = Path(__file__).resolve().parent.parent / "e2e"
# Playwright evaluates a string predicate that is not a function with eval(), which the site's
# Content-Security-Policy (script-src without 'unsafe-eval') refuses; a function string is not
# evaluated that way.
CALL = re.compile(r"wait_for_function\(\s*(?:f|rf|fr)?(?:\"\"\"|\"|')(?P<start>.{0,6})", re.S)


def test_wait_for_function_predicates_are_functions() -> None:
    offenders = []
    for path in sorted(E2E.glob("*.py")):
        for match in CALL.finditer(path.read_text()):
            if not match["start"].lstrip().startswith("() =>"):
                line = path.read_text().count("\n", 0, match.start()) + 1
                offenders.append(f"{path.name}:{line}")
    assert not offenders, f"string predicates that need eval(): {offenders}"


def test_the_check_sees_a_bad_predicate() -> None:
    assert CALL.search("page.wait_for_function(\"document.title === 'x'\")")["start"] != "() =>"
