"""Clickjacking (issue 11, failure 9): a page on another origin cannot frame the game page or the
rules page, but can frame embed.html.

The Leopard site is served by tools/serve.py, which sends netlify.toml's headers; the framing page
comes from a second local server on another port (another origin), like a stranger's site.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from pages.site import origin_of, stranger_site, wait_for_match
from playwright.sync_api import Browser, Frame, Page

LOAD_MS = 30_000
FRAMED = {
    "game": "",
    "game-index": "index.html",
    "rules": "rules.html",
    "embed": "embed.html?mode=square&square=AH,2H,3H/-,-,-/-,-,-",
}
ALLOWED = {"embed"}


@pytest.fixture(scope="module")
def stranger(tmp_path_factory: pytest.TempPathFactory, site_url: str) -> Iterator[str]:
    """A page on another origin with one iframe per Leopard page; each frame notes its load."""
    root: Path = tmp_path_factory.mktemp("stranger")
    frames = "\n".join(
        f'<iframe name="{name}" src="{site_url}{path}" width="400" height="300" '
        f"onload=\"document.body.dataset['{name.replace('-', '')}'] = 'loaded'\"></iframe>"
        for name, path in FRAMED.items()
    )
    (root / "host.html").write_text(f"<!doctype html><title>A stranger's page</title><body>{frames}</body>")
    with stranger_site(root) as base:
        yield base + "host.html"


@pytest.fixture(scope="module")
def host(browser: Browser, stranger: str, site_url: str) -> Iterator[Page]:
    """The stranger's page, every frame's load event fired."""
    assert origin_of(stranger) != origin_of(site_url)
    context = browser.new_context()
    page = context.new_page()
    page.goto(stranger)
    for name in FRAMED:
        loaded = f"body[data-{name.replace('-', '')}=loaded]"
        wait_for_match(page, loaded, LOAD_MS)
    yield page
    context.close()


def frame_named(page: Page, name: str) -> Frame:
    """The frame of one iframe."""
    frame = page.frame(name=name)
    assert frame is not None, name
    return frame


def shows_leopard(frame: Frame) -> bool:
    """Whether the frame holds the Leopard page it asked for (not the browser's refusal page)."""
    if urlsplit(frame.url).scheme not in ("http", "https"):
        return False
    try:
        return bool(frame.evaluate("() => !!document.querySelector('link[rel=stylesheet][href*=css]')"))
    except Exception:  # a blocked frame may have no document to evaluate in
        return False


@pytest.mark.parametrize("name", sorted(set(FRAMED) - ALLOWED))
def test_another_site_cannot_frame_the_pages(host: Page, name: str) -> None:
    frame = frame_named(host, name)
    assert not shows_leopard(frame), f"{name} loaded inside another site's frame: {frame.url}"


def test_another_site_can_frame_the_embed(host: Page, site_url: str) -> None:
    frame = frame_named(host, "embed")
    assert frame.url.startswith(site_url + "embed.html")
    assert shows_leopard(frame)
    wait_for_match(frame, "#embed-root", LOAD_MS)
