"""The warm profile (e2e/pages/warm.py) lends each test a page that finds nothing of the test before:
what a game stored, a shared engine worker, the size or colours an earlier test asked for. Only the
build's own files stay, as for a returning visitor: the HTTP cache, and the engine's snapshot cache
when it holds the build's snapshot and nothing else."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pages.leopard import GamePage
from pages.site import PYTHON_START_MS, guarded_context, wait_for_match
from pages.warm import KEPT_CACHE, WarmProfile
from playwright.sync_api import Browser, Page, Playwright

STORE_EVERYTHING = """async () => {
  localStorage.setItem('e2e.left', '1');
  document.cookie = 'e2e=left; max-age=3600';
  await (await caches.open('e2e-left')).put('/e2e-left', new Response('left'));
  await (await caches.open('leopard-snapshot')).put('/e2e-left', new Response('left'));
  await new Promise((done, failed) => {
    const open = indexedDB.open('e2e-left');
    open.onupgradeneeded = () => open.result.createObjectStore('things');
    open.onsuccess = () => { open.result.close(); done(); };
    open.onerror = () => failed(open.error);
  });
}"""
SNAPSHOT_ENTRIES = "(name) => caches.open(name).then(c => c.keys()).then(keys => keys.map(k => k.url))"
WHAT_IS_STORED = """async () => ({
  local: Object.keys(localStorage), cookie: document.cookie, caches: await caches.keys(),
  databases: (await indexedDB.databases()).map(d => d.name),
  size: [innerWidth, innerHeight], dark: matchMedia('(prefers-color-scheme: dark)').matches,
})"""


# The stages of the engine's start (web/js/platform/engine/worker.js): "snapshot" when it read the
# snapshot from its cache, "fetch" when it fetched it (and then keeps it).
START_STAGES = "import('./js/platform/engine/client.js').then(m => Object.keys(m.getEngine().info.stageMs))"


def snapshot_kept(page: Page) -> None:
    """Wait until the started engine's snapshot is in its cache: at once when it started from there
    (an earlier test left it), else once the engine has kept the one it fetched."""
    if "snapshot" not in page.evaluate(START_STAGES):
        wait_for_match(page, "html[data-snapshot=cached]", PYTHON_START_MS, visible=True)


def test_a_lent_page_finds_nothing_an_earlier_one_left(warm_profile: WarmProfile | None,
                                                       site_url: str, site_dir: Path) -> None:
    if warm_profile is None:
        pytest.skip("LEOPARD_E2E_COLD=1: no warm profile in this run")
    with warm_profile.lend(viewport={"width": 390, "height": 844}, color_scheme="dark") as page:
        game = GamePage(page, site_url)
        game.start(seed=3)  # the engine keeps the game (IndexedDB) and its snapshot (Cache Storage)
        snapshot_kept(page)
        page.evaluate(STORE_EVERYTHING)
        left = page.evaluate(WHAT_IS_STORED)
        assert "e2e.left" in left["local"] and "e2e-left" in left["caches"], left
        assert {"e2e-left", "leopard-kept-saves"} <= set(left["databases"]), left
        assert left["size"] == [390, 844] and left["dark"], left
        assert any(w.startswith("shared_worker") for w in warm_profile.workers())
    with warm_profile.lend() as page:
        assert warm_profile.workers() == []
        # A file of the site that runs nothing: a page of the site would start its own engine,
        # whose snapshot cache could then be found here.
        page.goto(site_url + "sw.js")
        found = page.evaluate(WHAT_IS_STORED)
        # The engine's snapshot cache is kept only with the build's snapshot alone in it (as the
        # HTTP cache is kept): the entry written beside the snapshot took the whole cache with it.
        assert found == {"local": [], "cookie": "", "caches": [], "databases": [], "size": [1280, 720],
                         "dark": False}
    with warm_profile.lend() as page:
        game = GamePage(page, site_url)
        game.start(seed=3)
        snapshot_kept(page)
    with warm_profile.lend() as page:
        page.goto(site_url + "sw.js")
        assert page.evaluate(WHAT_IS_STORED)["caches"] == [KEPT_CACHE]
        manifest = json.loads((site_dir / "wheels" / "manifest.json").read_text())
        assert page.evaluate(SNAPSHOT_ENTRIES, KEPT_CACHE) == [site_url + manifest["snapshot_download"]]


def test_a_profile_starts_its_first_page_from_the_kept_snapshot(
        playwright: Playwright, browser_type_launch_args: dict[str, Any],
        browser_context_args: dict[str, Any], site_url: str, site_dir: Path) -> None:
    """A profile just launched holds the build's snapshot alone in the engine's cache, so its first
    lent page starts from it as a returning visitor's does, whatever the test before it did."""
    profile = WarmProfile(playwright, browser_type_launch_args, browser_context_args, site_url)
    try:
        with profile.lend() as page:
            page.goto(site_url + "sw.js")
            manifest = json.loads((site_dir / "wheels" / "manifest.json").read_text())
            assert page.evaluate(SNAPSHOT_ENTRIES, KEPT_CACHE) == [site_url + manifest["snapshot_download"]]
            GamePage(page, site_url).start(seed=3)
            assert "snapshot" in page.evaluate(START_STAGES)
    finally:
        profile.close()


def test_a_second_page_in_one_test_has_storage_of_its_own(guarded_page: Page, browser: Browser,
                                                          site_url: str) -> None:
    """A test's own page is lent by the warm profile; a guarded_context opened beside it must not
    share its storage (two visitors), nor wipe and close it when it ends."""
    guarded_page.goto(site_url + "rules.html")
    guarded_page.evaluate("localStorage.setItem('e2e.first', '1')")
    with guarded_context(browser, site_url) as other:
        other.goto(site_url + "rules.html")
        assert other.evaluate("localStorage.getItem('e2e.first')") is None
    assert guarded_page.evaluate("localStorage.getItem('e2e.first')") == "1"
