"""The shape of the site's JavaScript (``web/js/``): no game leans on another.

``web/js/`` has ``platform/`` (what every page shares, knowing no game), ``cards/`` (the playing
cards every card game draws, like ``leopard_core/cards.py``), ``games/<game>/`` (one folder per
game), and the pages that gather games (``embed/``, ``rules/``). The rules, as
``tests/test_architecture.py`` checks them for Python:

- a file under ``games/X/`` imports nothing under ``games/Y/`` (what two games share lives in
  ``platform/`` or ``cards/``);
- ``platform/`` imports only ``platform/``; ``cards/`` only ``cards/`` and ``platform/``.

An import is any relative module specifier after ``from``/``import``: static imports, re-exports,
``import("…")`` calls and JSDoc type imports (``@typedef {import("../x.js").T}``), e.g.
``import { cardShort } from "../../cards/cards.js";`` in ``games/eleusis/hand-view.js`` is an edge to
``cards/cards.js``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB_JS = Path(__file__).resolve().parent.parent / "web" / "js"
SPECIFIER = re.compile(r"""\b(?:from|import)\s*\(?\s*["'](\.{1,2}/[^"']+)["']""")


def imports(path: Path, root: Path) -> list[tuple[int, str]]:
    """The relative imports of one file: (line number, target relative to ``root``, "/"-joined)."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        for specifier in SPECIFIER.findall(line):
            target = (path.parent / specifier).resolve()
            try:
                found.append((number, target.relative_to(root.resolve()).as_posix()))
            except ValueError:
                found.append((number, f"(outside web/js) {specifier}"))
    return found


def area(relative: str) -> str:
    """Where a file belongs: "games/<game>", or its top folder ("platform", "cards", "embed", ...)."""
    parts = relative.split("/")
    return "/".join(parts[:2]) if parts[0] == "games" and len(parts) > 2 else parts[0]


ALLOWED = {"platform": {"platform"}, "cards": {"cards", "platform"}}


def leaning(root: Path) -> list[str]:
    """Every import that breaks the rules, as "file:line imports target"."""
    problems = []
    for path in sorted(root.rglob("*.js")):
        source = path.relative_to(root).as_posix()
        here = area(source)
        for number, target in imports(path, root):
            there = area(target)
            crosses_games = here.startswith("games/") and there.startswith("games/") and there != here
            leaves_its_layer = here in ALLOWED and there not in ALLOWED[here]
            if crosses_games or leaves_its_layer:
                problems.append(f"{source}:{number} imports {target}")
    return problems


def test_no_game_imports_another_and_the_shared_layers_import_no_game() -> None:
    assert leaning(WEB_JS) == []


def test_every_relative_import_names_a_file_that_exists() -> None:
    missing = [f"{path.relative_to(WEB_JS)}:{number} imports {target}"
               for path in sorted(WEB_JS.rglob("*.js")) for number, target in imports(path, WEB_JS)
               if not (WEB_JS / target).is_file()]
    assert missing == []


def test_the_reader_sees_the_imports_games_share_through() -> None:
    """The shared cards, motion and undo key are found as imports (so the check above reads them)."""
    eleusis = {target for _, target in imports(WEB_JS / "games/eleusis/lab-cards.js", WEB_JS)}
    hunt = {target for _, target in imports(WEB_JS / "games/hunt/board-view.js", WEB_JS)}
    assert "cards/cards.js" in eleusis
    assert "platform/motion.js" in hunt


@pytest.mark.parametrize(("file", "line", "expected"), [
    ("games/b/v.js", 'import { x } from "../a/x.js";', ["games/b/v.js:1 imports games/a/x.js"]),
    ("games/b/v.js", '/** @typedef {import("../a/t.js").T} T */', ["games/b/v.js:1 imports games/a/t.js"]),
    ("games/b/v.js", 'export { x } from "../a/x.js";', ["games/b/v.js:1 imports games/a/x.js"]),
    ("games/b/v.js", 'const m = await import("../a/x.js");', ["games/b/v.js:1 imports games/a/x.js"]),
    ("platform/p.js", 'import { x } from "../games/a/x.js";', ["platform/p.js:1 imports games/a/x.js"]),
    ("cards/cards.js", 'import { x } from "../games/a/x.js";', ["cards/cards.js:1 imports games/a/x.js"]),
    ("games/b/v.js", 'import { x } from "../../cards/cards.js";', []),
    ("games/b/v.js", 'import { x } from "./x.js";  // like ../a/x.js', []),
    ("embed/modes.js", 'import { x } from "../games/a/x.js";', []),
])
def test_the_check_flags_a_planted_import(tmp_path: Path, file: str, line: str, expected: list[str]) -> None:
    for name in ("games/a/x.js", "games/a/t.js", "cards/cards.js", "games/b/x.js"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("export const x = 1;\n")
    (tmp_path / file).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / file).write_text(line + "\n")
    assert leaning(tmp_path) == expected
