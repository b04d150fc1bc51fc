"""The shape of ``leopard_core``: no import cycle at all, and the platform imports no game.

Every module's imports are read with ``ast`` (module-level, function-local and type-only imports
alike): ``from X import a`` is an edge to ``X.a`` when that is a module, else to ``X``; relative
imports are resolved against the importing module's package. Only edges inside ``leopard_core``
count.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "leopard_core"


def module_names(root: Path) -> dict[str, Path]:
    """Every module under ``root`` (a package folder) by dotted name; a package is its __init__."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imported(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The known modules that module ``name`` (at ``path``) imports anywhere in its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # ``import a.b.c`` of a name inside a module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules it imports, for every module under ``root``."""
    known = module_names(root)
    return {name: imported(name, path, known) for name, path in known.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted: the cycles."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def reachable(graph: Mapping[str, set[str]], start: str) -> Iterator[str]:
    """Every module ``start`` imports, directly or through others."""
    seen, todo = {start}, [start]
    while todo:
        for other in graph.get(todo.pop(), ()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
                yield other


def test_leopard_core_has_no_import_cycle() -> None:
    assert cycles(import_graph(PACKAGE)) == []


def test_the_platform_imports_no_game_even_indirectly() -> None:
    graph = import_graph(PACKAGE)
    platform = [name for name in graph if name.startswith("leopard_core.platform")]
    assert "leopard_core.platform.bridge" in platform
    offending = {name: sorted(m for m in reachable(graph, name) if m.startswith("leopard_core.games"))
                 for name in platform}
    assert {name: games for name, games in offending.items() if games} == {}


def test_the_playing_cards_import_no_game() -> None:
    graph = import_graph(PACKAGE)
    assert [m for m in reachable(graph, "leopard_core.cards") if m.startswith("leopard_core.games")] == []


def test_the_graph_reads_relative_and_function_local_imports() -> None:
    graph = import_graph(PACKAGE)
    assert "leopard_core.games.leopard.session" in graph["leopard_core.games.leopard.pass_and_play"]
    assert "leopard_core.platform.messages" in graph["leopard_core.cards"]


def test_the_detector_finds_a_planted_cycle(tmp_path: Path) -> None:
    """A cycle through a function-local import and a relative one is found; without it, none."""
    root = tmp_path / "planted"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "sub" / "__init__.py").write_text("")
    (root / "a.py").write_text("from .sub import b\n")
    (root / "sub" / "b.py").write_text("def later():\n    from ..c import thing\n    return thing\n")
    (root / "c.py").write_text("import planted.a\nthing = 1\n")
    assert cycles(import_graph(root)) == [["planted.a", "planted.c", "planted.sub.b"]]
    (root / "c.py").write_text("thing = 1\n")
    assert cycles(import_graph(root)) == []


@pytest.mark.parametrize(("graph", "expected"), [
    ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
    ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}}, [["a", "b", "c"]]),
])
def test_cycles_of_small_graphs(graph: dict[str, set[str]], expected: list[list[str]]) -> None:
    assert cycles(graph) == expected
