"""Checks on the e2e tests' own source: runnable under the site's CSP, and shaped so that a test
module never depends on another (shared helpers live in e2e/pages/, fixtures in e2e/conftest.py)."""

import ast
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


def imported_modules(source: str) -> list[str]:
    """Every module a piece of Python source imports, at module level or inside a function."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module)
    return found


def imports_of_tests(source: str) -> list[str]:
    """The test modules (``test_*``) and conftest a piece of source imports."""
    return [name for name in imported_modules(source)
            if name.split(".")[-1].startswith("test_") or name == "conftest"]


def test_no_e2e_module_imports_a_test_module_or_conftest() -> None:
    offenders = {str(path.relative_to(E2E)): found for path in e2e_sources()
                 if (found := imports_of_tests(path.read_text()))}
    assert not offenders, f"import page objects and helpers from e2e/pages/ instead: {offenders}"


def test_the_import_check_sees_a_test_module_imported() -> None:
    source = "import json\nfrom test_game_play import play_by_clicks\n\ndef f():\n    import test_hunt\n"
    assert imports_of_tests(source) == ["test_game_play", "test_hunt"]
    assert imports_of_tests("from conftest import GamePage") == ["conftest"]
    assert imports_of_tests("from pages.leopard import GamePage\nimport i18n_check") == []
