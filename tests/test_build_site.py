"""The build's steps for a fast first start (tools/build_site.py, issue 22): the compressed sizes the
engine's worker reads to time the link, the early start of the engine's pages, and the
memory snapshot's address, whose base folder an engine-only release keeps, the precompiled
engine wheel, the empty standard library a restored snapshot mounts, and the service worker's
precache, which leaves out what only a normal start downloads when there is a snapshot.

Glossary:
    wire sizes -- ``{path: {"br": n, "gzip": n}}``: a file's size as each compressed sibling sends it.
    early start -- ``<script src=".../start-early.js">`` in the head of a page that starts the
                  engine as it opens: it starts the engine's worker before the page's modules.
    fake Node  -- ``FakeNode``: stands in for ``node tools/snapshot.mjs``; its ``modules`` answers
                  the module list written in the fake wheel, its ``make`` writes random bytes (so
                  that a test tells two makings apart; a real one makes the same bytes from the
                  same inputs), its ``compile`` appends a mark to the wheel.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402

WASM = "pyodide/314.0.7/pyodide.asm.wasm"


def test_wire_sizes_are_the_siblings_sizes_by_content_encoding(tmp_path: Path) -> None:
    folder = tmp_path / "pyodide" / "314.0.7"
    folder.mkdir(parents=True)
    (folder / "pyodide.asm.wasm").write_bytes(b"w" * 100)
    (folder / "pyodide.asm.wasm.br").write_bytes(b"b" * 7)
    (folder / "pyodide.asm.wasm.gz").write_bytes(b"g" * 9)
    (tmp_path / "plain.whl").write_bytes(b"p" * 5)
    sizes = build_site.wire_sizes(tmp_path, [WASM, "plain.whl"])
    assert sizes == {WASM: {"br": 7, "gzip": 9}, "plain.whl": {}}


def test_engine_pages_get_the_early_start_and_other_pages_none(tmp_path: Path) -> None:
    page = "<!doctype html><html><head><title>t</title></head><body></body></html>"
    for name in ("index.html", "eleusis.html", "embed.html", "other.html"):
        (tmp_path / name).write_text(page)
    build_site.write_start_early(tmp_path)
    tag = '<script src="js/platform/engine/start-early.js"></script>'
    # the game pages always start the engine as they open
    for name in ("index.html", "eleusis.html"):
        text = (tmp_path / name).read_text()
        assert text.count("<script") == 1 and text.count(tag) == 1, text
        assert text.index(tag) < text.index("</head>"), text
    # the embed frame starts none for a board with a bad setting; other pages have no engine
    for name in ("embed.html", "other.html"):
        assert "script" not in (tmp_path / name).read_text(), name
    assert (ROOT / "web" / build_site.START_EARLY_SCRIPT).exists()


def test_an_engine_page_without_a_head_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>no head</p>")
    with pytest.raises(SystemExit, match=r"index\.html"):
        build_site.write_start_early(tmp_path)


def test_the_engine_client_is_stamped_with_the_build(tmp_path: Path) -> None:
    client = tmp_path / build_site.ENGINE_CLIENT
    client.parent.mkdir(parents=True)
    client.write_text(f"// x\n{build_site.BUILD_MARK}\nexport {{}};\n")
    build_site.stamp_engine_client(tmp_path, "0123abcd")
    text = client.read_text()
    assert 'const BUILD = "0123abcd";' in text and build_site.BUILD_MARK not in text
    with pytest.raises(SystemExit, match="BUILD"):
        build_site.stamp_engine_client(tmp_path, "again")


def test_the_source_engine_client_has_the_build_mark() -> None:
    assert build_site.BUILD_MARK in (ROOT / "web" / build_site.ENGINE_CLIENT).read_text()


class FakeNode:
    """``node tools/snapshot.mjs`` without Node: counts the snapshots it makes."""

    def __init__(self) -> None:
        self.made = 0
        self.compiled = 0

    def __call__(self, args: list[str]) -> subprocess.CompletedProcess[str]:
        if args[0] == "modules":
            # The fake wheel's text is its module list, after a line of engine code.
            listed = Path(args[2]).read_text().splitlines()[1]
            return subprocess.CompletedProcess(args, 0, stdout=listed + "\n", stderr="")
        if args[0] == "compile":
            Path(args[3]).write_bytes(Path(args[2]).read_bytes() + b"compiled")
            self.compiled += 1
            return subprocess.CompletedProcess(args, 0, stdout="{}\n", stderr="")
        assert args[0] == "make", args
        assert json.loads(Path(args[2]).read_text()), "make gets the module list"
        assert Path(args[3]).exists(), "make gets the engine wheel"
        Path(args[4]).write_bytes(os.urandom(64))
        self.made += 1
        return subprocess.CompletedProcess(args, 0, stdout="{}\n", stderr="")


@pytest.fixture
def fake_node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeNode:
    node = FakeNode()
    monkeypatch.setattr(build_site, "node_command", node)
    monkeypatch.setattr(build_site, "CACHE", tmp_path / "cache")
    return node


def fake_pyodide(tmp_path: Path, wasm: bytes = b"wasm") -> Path:
    folder = tmp_path / "pyodide"
    folder.mkdir(parents=True, exist_ok=True)
    for name in build_site.PYODIDE_CORE_FILES:
        (folder / name).write_bytes(wasm if name.endswith(".wasm") else name.encode())
    return folder


def fake_wheel(tmp_path: Path, code: str, modules: list[str]) -> Path:
    wheel = tmp_path / f"engine-{build_site.short_hash((code + repr(modules)).encode())}.whl"
    wheel.write_text(f"{code}\n{json.dumps(modules)}\n")
    return wheel


def test_an_engine_only_change_keeps_the_snapshot_base_folder(tmp_path: Path, fake_node: FakeNode) -> None:
    pyodide = fake_pyodide(tmp_path)
    before = fake_wheel(tmp_path, '"""A docstring."""', ["decimal", "hashlib"])
    after = fake_wheel(tmp_path, '"""A changed docstring."""', ["decimal", "hashlib"])
    first = build_site.write_snapshot(tmp_path / "one", pyodide, before)
    second = build_site.write_snapshot(tmp_path / "two", pyodide, after)
    assert first is not None and second is not None
    assert first != second, "the snapshot holds the engine: a new engine, a new snapshot"
    assert build_site.snapshot_folder(first) == build_site.snapshot_folder(second), (first, second)
    assert first.startswith("wheels/") and first.endswith("/python.snapshot")
    assert first.count("/") == 3, "wheels/<python key>/<engine hash>/python.snapshot"
    assert fake_node.made == 2


def test_the_same_engine_takes_its_snapshot_from_the_cache(tmp_path: Path, fake_node: FakeNode) -> None:
    pyodide = fake_pyodide(tmp_path)
    wheel = fake_wheel(tmp_path, "x = 1", ["hashlib"])
    first = build_site.write_snapshot(tmp_path / "one", pyodide, wheel)
    second = build_site.write_snapshot(tmp_path / "two", pyodide, wheel)
    assert first == second and fake_node.made == 1
    assert (tmp_path / "one" / str(first)).read_bytes() == (tmp_path / "two" / str(second)).read_bytes()


def test_the_wheel_is_precompiled_once_and_kept(tmp_path: Path, fake_node: FakeNode) -> None:
    pyodide = fake_pyodide(tmp_path)
    wheel = fake_wheel(tmp_path, "x = 1", ["hashlib"])
    first = build_site.precompiled_wheel(pyodide, wheel)
    second = build_site.precompiled_wheel(pyodide, wheel)
    assert first == second and fake_node.compiled == 1
    assert first.name == wheel.name, "the published wheel keeps its name"
    assert first.read_bytes() == wheel.read_bytes() + b"compiled"


def failing_node(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stderr: str) -> None:
    """``node tools/snapshot.mjs`` failing every command with ``stderr``; build/cache in ``tmp_path``."""
    monkeypatch.setattr(build_site, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(build_site, "node_command",
                        lambda args: subprocess.CompletedProcess(args, 1, stdout="", stderr=stderr))


def test_a_failing_precompile_publishes_the_plain_wheel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    failing_node(tmp_path, monkeypatch, "no compile")
    wheel = fake_wheel(tmp_path, "x = 1", ["hashlib"])
    assert build_site.precompiled_wheel(fake_pyodide(tmp_path), wheel) == wheel
    assert "no compile" in capsys.readouterr().err


def test_a_build_without_its_cache_keeps_the_snapshot_url(tmp_path: Path, fake_node: FakeNode) -> None:
    pyodide = fake_pyodide(tmp_path)
    wheel = fake_wheel(tmp_path, "x = 1", ["hashlib"])
    first = build_site.write_snapshot(tmp_path / "one", pyodide, wheel)
    for cached in sorted((tmp_path / "cache").rglob("*"), reverse=True):
        cached.unlink() if cached.is_file() else cached.rmdir()
    second = build_site.write_snapshot(tmp_path / "two", pyodide, wheel)
    assert fake_node.made == 2
    assert (tmp_path / "one" / str(first)).read_bytes() != (tmp_path / "two" / str(second)).read_bytes()
    assert first == second, "named by what it is made from, not by its bytes"


def test_a_change_of_the_module_list_makes_a_new_snapshot(tmp_path: Path, fake_node: FakeNode) -> None:
    pyodide = fake_pyodide(tmp_path)
    first = build_site.write_snapshot(tmp_path / "one", pyodide, fake_wheel(tmp_path, "x = 1", ["hashlib"]))
    second = build_site.write_snapshot(tmp_path / "two", pyodide,
                                       fake_wheel(tmp_path, "x = 1", ["decimal", "hashlib"]))
    assert first != second and fake_node.made == 2


def test_a_pyodide_change_makes_a_new_snapshot(tmp_path: Path, fake_node: FakeNode) -> None:
    wheel = fake_wheel(tmp_path, "x = 1", ["hashlib"])
    first = build_site.write_snapshot(tmp_path / "one", fake_pyodide(tmp_path / "a", b"old"), wheel)
    second = build_site.write_snapshot(tmp_path / "two", fake_pyodide(tmp_path / "b", b"new"), wheel)
    assert first != second and fake_node.made == 2


def test_a_failing_module_list_means_no_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    failing_node(tmp_path, monkeypatch, "boom")
    wheel = fake_wheel(tmp_path, "x = 1", ["hashlib"])
    assert build_site.write_snapshot(tmp_path / "one", fake_pyodide(tmp_path), wheel) is None
    assert "boom" in capsys.readouterr().err


def precache_of(out: Path) -> list[str]:
    """The precache list build_site writes into sw.js."""
    text = (out / "sw.js").read_text()
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    return list(json.loads(text[start:text.index("];", start) + 1]))


def site_with_files(out: Path, names: list[str]) -> None:
    (out / "sw.js").parent.mkdir(parents=True, exist_ok=True)
    (out / "sw.js").write_text(f"{build_site.PRECACHE_MARK}\n{build_site.CACHE_NAME_MARK}\n")
    client = out / build_site.ENGINE_CLIENT
    client.parent.mkdir(parents=True, exist_ok=True)
    client.write_text(f"{build_site.BUILD_MARK}\n")
    for name in names:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(name.encode())


NORMAL_START_FILES = ["pyodide/314.0.7/python_stdlib.zip",
                      "wheels/abc123/leopard_core-0.1.0-py3-none-any.whl"]
BOTH_STARTS_FILES = ["index.html", "pyodide/314.0.7/pyodide.asm.wasm", "pyodide/314.0.7/pyodide.asm.mjs",
                     "wheels/k1/stdlib-after-restore.zip"]


def test_with_a_snapshot_the_precache_leaves_out_what_only_a_normal_start_downloads(tmp_path: Path) -> None:
    snapshot = "wheels/k1/abc123/python.snapshot"
    site_with_files(tmp_path, [*NORMAL_START_FILES, *BOTH_STARTS_FILES, snapshot])
    build_site.write_service_worker(tmp_path)
    precache = precache_of(tmp_path)
    assert set(BOTH_STARTS_FILES) <= set(precache), precache
    assert not set(NORMAL_START_FILES) & set(precache), precache
    assert snapshot not in precache


def test_without_a_snapshot_every_start_is_normal_and_its_files_are_precached(tmp_path: Path) -> None:
    site_with_files(tmp_path, [*NORMAL_START_FILES, *BOTH_STARTS_FILES])
    build_site.write_service_worker(tmp_path)
    assert set(NORMAL_START_FILES) <= set(precache_of(tmp_path))


def test_the_modules_copied_into_a_bundle_are_left_out_of_the_precache(tmp_path: Path) -> None:
    inlined = ["js/games/x/board.js"]
    kept = ["js/games/x/main.js", "js/platform/i18n/i18n.js"]
    site_with_files(tmp_path, [*inlined, *kept])
    build_site.write_service_worker(tmp_path, leave_out=inlined)
    precache = precache_of(tmp_path)
    assert set(kept) <= set(precache), precache
    assert not set(inlined) & set(precache), precache


def test_the_restore_zip_is_an_empty_zip_in_the_snapshots_base_folder(tmp_path: Path) -> None:
    (tmp_path / "wheels" / "k1").mkdir(parents=True)
    rel = build_site.write_restore_zip(tmp_path, "wheels/k1/abc123/python.snapshot")
    assert rel == "wheels/k1/stdlib-after-restore.zip"
    with zipfile.ZipFile(tmp_path / rel) as empty:
        assert empty.namelist() == []


def test_the_bundled_entries_are_each_pages_module_script_and_the_engines_worker(tmp_path: Path) -> None:
    (tmp_path / "examples").mkdir()
    (tmp_path / "index.html").write_text(
        '<head><script type="module" src="js/games/leopard/main.js"></script>'
        '<script src="js/platform/engine/start-early.js"></script></head>')
    demo = '<script type="module" src="../js/embed/demo-page.js"></script>'
    (tmp_path / "examples" / "demo.html").write_text(demo)
    (tmp_path / "plain.html").write_text("<p>no script</p>")
    assert build_site.module_entries(tmp_path) == [
        "js/embed/demo-page.js", "js/games/leopard/main.js", "js/platform/engine/worker.js"]
