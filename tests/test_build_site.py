"""The build's steps for a fast first start (tools/build_site.py, issue 22): the compressed sizes the
engine's worker reads to time the link, and the preload of Pyodide's wasm in the engine's pages.

Glossary:
    wire sizes -- ``{path: {"br": n, "gzip": n}}``: a file's size as each compressed sibling sends it.
    preload    -- ``<link rel="preload" ... as="fetch" crossorigin>`` in a page's head.
"""

from __future__ import annotations

import sys
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


def test_engine_pages_get_one_preload_of_the_wasm_and_other_pages_none(tmp_path: Path) -> None:
    page = "<!doctype html><html><head><title>t</title></head><body></body></html>"
    for name in ("index.html", "embed.html", "other.html"):
        (tmp_path / name).write_text(page)
    build_site.write_preloads(tmp_path, WASM)
    link = f'<link rel="preload" href="{WASM}" as="fetch" type="application/wasm" crossorigin>'
    for name in ("index.html", "embed.html"):
        text = (tmp_path / name).read_text()
        assert text.count(link) == 1 and text.index(link) < text.index("</head>"), text
    assert "preload" not in (tmp_path / "other.html").read_text()


def test_an_engine_page_without_a_head_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>no head</p>")
    with pytest.raises(SystemExit, match=r"index\.html"):
        build_site.write_preloads(tmp_path, WASM)


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
