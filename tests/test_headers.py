"""The site's HTTP headers as Netlify applies netlify.toml, and as tools/serve.py sends them
(issue 11, failure 9: clickjacking).

Glossary:
    page        -- every HTML file the build publishes (web/ is copied as is), at its address and
                   at its "pretty" address without ``.html`` (``/`` for index.html).
    frameable   -- ``/embed.html``: other sites put it in an iframe, so it gets neither
                   ``X-Frame-Options`` nor a ``frame-ancestors`` directive.
    policies    -- the Content-Security-Policy header split on commas: a header joined from several
                   rules is several policies, and a browser enforces every one of them.
    join / last -- Netlify's two behaviours for a header set by several matching rules: values joined
                   with ", " (what the brief and Netlify's production CDN do), or the last rule wins
                   (``netlify dev``). The rules must be right under both.
"""

from __future__ import annotations

import email.utils
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402

FRAMEABLE = {"/embed.html", "/embed"}
RULES = serve.load_header_rules(ROOT / "netlify.toml")
BASE_DIRECTIVES = [d.strip() for d in serve.CSP.split(";")]


def page_paths() -> list[str]:
    """Every address at which the built site serves an HTML page."""
    paths = {"/"}
    for html in (ROOT / "web").rglob("*.html"):
        address = "/" + html.relative_to(ROOT / "web").as_posix()
        if address.startswith("/partials/"):
            continue  # pieces of pages, put into them by the build and not published
        paths |= {address, address.removesuffix(".html")}
    return sorted(paths)


def policies(headers: dict[str, str]) -> list[list[str]]:
    """The CSP policies in effect, each as its list of directives."""
    value = next((v for k, v in headers.items() if k.lower() == "content-security-policy"), "")
    return [[d.strip() for d in policy.split(";") if d.strip()]
            for policy in value.split(",") if policy.strip()]


def header(headers: dict[str, str], name: str) -> str | None:
    """A header's value, whatever the case of its name."""
    return next((v for k, v in headers.items() if k.lower() == name.lower()), None)


def both_ways(path: str) -> Iterator[dict[str, str]]:
    """The headers of ``path`` with joined values and with the last rule winning."""
    yield serve.netlify_headers(path, RULES, join=True)
    yield serve.netlify_headers(path, RULES, join=False)


def test_the_pages_found_include_the_known_ones() -> None:
    paths = page_paths()
    known = {"/", "/index.html", "/rules.html", "/rules", "/embed.html", "/examples/embed-demo.html"}
    assert known <= set(paths)


@pytest.mark.parametrize("path", [p for p in page_paths() if p not in FRAMEABLE])
def test_every_page_but_the_embed_refuses_to_be_framed(path: str) -> None:
    for headers in both_ways(path):
        assert header(headers, "X-Frame-Options") == "DENY", headers
        found = policies(headers)
        assert any("frame-ancestors 'none'" in policy for policy in found), found
        # The page keeps its whole policy whether the values were joined or replaced.
        assert any(set(BASE_DIRECTIVES) <= set(policy) for policy in found), found


@pytest.mark.parametrize("path", sorted(FRAMEABLE | {"/embed.html/", "/EMBED.html"}))
def test_the_embed_may_be_framed_by_any_site(path: str) -> None:
    for headers in both_ways(path):
        assert header(headers, "X-Frame-Options") is None, headers
        found = policies(headers)
        assert found and all("frame-ancestors" not in " ".join(policy) for policy in found), found
        assert all(policy == BASE_DIRECTIVES for policy in found), "the embed keeps the site's CSP"


@pytest.mark.parametrize("path", ["/js/platform/engine/worker.js", "/js/embed-host.js", "/sw.js",
                                  "/css/game-page.css", "/pyodide/314.0.7/pyodide.asm.wasm",
                                  "/wheels/abc123/x.whl"])
def test_other_files_keep_the_site_policy(path: str) -> None:
    for headers in both_ways(path):
        assert policies(headers) == [BASE_DIRECTIVES]
        assert header(headers, "X-Content-Type-Options") == "nosniff"


def test_cache_rules_do_not_overlap() -> None:
    """Each file gets one cache policy, not two joined ones (the manifest is never immutable)."""
    expected = {"/pyodide/314.0.7/pyodide.asm.wasm": "public, max-age=31536000, immutable",
                "/wheels/abc123/leopard_core-0.1.0-py3-none-any.whl": "public, max-age=31536000, immutable",
                "/wheels/manifest.json": "no-cache", "/sw.js": "no-cache", "/index.html": None}
    for path, cache in expected.items():
        for headers in both_ways(path):
            assert header(headers, "Cache-Control") == cache, path


def test_netlify_matching_and_joining() -> None:
    """The matcher follows Netlify's ``for`` patterns; joined values keep every rule's value."""
    cases = {("/*", "/embed.html"): True, ("/*", "/"): True, ("/", "/"): True, ("/", "/index.html"): False,
             ("/rules.html", "/rules.html/"): True, ("/rules.html", "/Rules.HTML"): True,
             ("/rules.html", "/rules.htmlx"): False, ("/*.wasm", "/a/b.wasm"): True,
             ("/*.wasm", "/a/b.wasm.map"): False, ("/wheels/*/*.whl", "/wheels/manifest.json"): False,
             ("/a/:x/c", "/a/b/c"): True, ("/a/:x/c", "/a/b/b/c"): False}
    for (pattern, path), matches in cases.items():
        assert bool(serve.for_pattern(pattern).match(path)) is matches, (pattern, path)
    rules = [(serve.for_pattern("/*"), {"X-A": "1"}), (serve.for_pattern("/p"), {"x-a": "2", "X-B": "3"})]
    assert serve.netlify_headers("/p", rules) == {"x-a": "1, 2", "X-B": "3"}
    assert serve.netlify_headers("/p", rules, join=False) == {"x-a": "2", "X-B": "3"}
    assert serve.netlify_headers("/q", rules) == {"X-A": "1"}


def test_the_local_server_sends_the_same_framing_headers(tmp_path: Path) -> None:
    """tools/serve.py applies netlify.toml: what a browser receives locally."""
    for name in ("index.html", "rules.html", "embed.html"):
        (tmp_path / name).write_text("<!doctype html><title>t</title>")
    server, url = serve.start_server(tmp_path)
    try:
        def received(path: str) -> dict[str, str]:
            with urllib.request.urlopen(url + path.lstrip("/")) as answer:
                return {k: v for k, v in answer.headers.items()}
        for path in ("/", "/index.html", "/rules.html"):
            headers = received(path)
            assert header(headers, "X-Frame-Options") == "DENY"
            assert any("frame-ancestors 'none'" in policy for policy in policies(headers))
        embed = received("/embed.html")
        assert header(embed, "X-Frame-Options") is None
        assert policies(embed) == [BASE_DIRECTIVES]
        assert header(embed, "Cache-Control") == "no-cache"
        assert header(embed, "Content-Type") == "text/html; charset=utf-8"
    finally:
        server.shutdown()
        server.server_close()


def test_the_local_server_answers_a_revalidation_of_an_unchanged_compressed_file_with_304(
    tmp_path: Path,
) -> None:
    """A page's scripts are revalidated on every visit (no-cache); a full answer each time would make
    the browser download and store them again (the embed demo's frames asked for 127 files)."""
    (tmp_path / "a.js").write_text("export const a = 1;")
    (tmp_path / "a.js.br").write_bytes(b"not really brotli")
    (tmp_path / "plain.js").write_text("export const b = 2;")
    server, url = serve.start_server(tmp_path)

    def status(path: str, **headers: str) -> tuple[int, str]:
        request = urllib.request.Request(url + path, headers={"Accept-Encoding": "br", **headers})
        try:
            with urllib.request.urlopen(request) as answer:
                return answer.status, answer.headers.get("Content-Encoding") or ""
        except urllib.error.HTTPError as answer:
            return answer.code, answer.headers.get("Content-Encoding") or ""

    try:
        later = email.utils.formatdate(time.time() + 60, usegmt=True)
        earlier = email.utils.formatdate(time.time() - 3600, usegmt=True)
        assert status("a.js") == (200, "br")
        assert status("a.js", **{"If-Modified-Since": later}) == (304, "")
        assert status("plain.js", **{"If-Modified-Since": later}) == (304, ""), "as the base class does"
        assert status("a.js", **{"If-Modified-Since": earlier}) == (200, "br"), "changed since"
        assert status("a.js", **{"If-Modified-Since": "not a date"}) == (200, "br")
    finally:
        server.shutdown()
        server.server_close()
