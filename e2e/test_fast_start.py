"""How Python starts: from the build's memory snapshot on a return visit; on a first visit from the
snapshot over a fast link and the normal way over a slow one (the worker times the download of
Pyodide's files, which both starts need, and chooses); the normal way whenever the snapshot cannot be
used (missing, corrupt); and offline from the snapshot.

The page's <html> says which start was used (data-boot="snapshot|normal", data-boot-fallback=reason)
and when a first visit has kept the snapshot for the next one (data-snapshot="cached"); every test
then plays a move by clicks, so the engine really answers. ``?boot=snapshot`` asks for the snapshot
even on a first visit (the snapshot then comes over the network, where a route can break it).
Each test uses a fresh browser context: no service worker, no cache, nothing kept from another test.
"""

from __future__ import annotations

import http.server
import io
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
import serve
from pages.leopard import GamePage, play_moves
from pages.site import PYTHON_START_MS, Guard, origin_of, wait_for_match
from playwright.sync_api import Browser, BrowserContext, Page

START = "?seed=31&botseed=3&hands=1&level=random&pace=0"
FALLBACK_WARNING = "Python starts the normal way"


# A link of 0.25 MB/s, as the worker measures it on Pyodide's 3 MB: the snapshot's 4 MB would take
# 16 s, more than the normal start's own 2.9 MB (12 s) and Python's start (2.5 s) together.
SLOW_LINK_BYTES_PER_S = 250_000


class SlowLinkHandler(serve.SiteHandler):
    """A site whose Pyodide files (its wasm and its module) come over one slow link: every request
    shares SLOW_LINK_BYTES_PER_S, as on a real slow link, and bytes keep coming, so no download counts
    as stalled. The worker chooses its start while the wasm still comes, from what both files have
    received by then."""

    link = threading.Lock()
    free_at = 0.0  # when the link has sent what it was given so far (time.monotonic)
    asked: ClassVar[dict[str, float]] = {}  # a file's name -> when it was first asked for
    sent: ClassVar[dict[str, float]] = {}  # a slowed file's name -> when its last byte went

    def copyfile(self, source, outputfile):  # type: ignore[no-untyped-def]
        path = self.path.split("?", 1)[0]
        name = path.rsplit("/", 1)[-1]
        SlowLinkHandler.asked.setdefault(name, time.monotonic())
        if not (path.startswith("/pyodide/") and path.endswith((".wasm", ".mjs"))):
            return super().copyfile(source, outputfile)
        while chunk := source.read(65536):
            with SlowLinkHandler.link:
                now = time.monotonic()
                done_at = max(now, SlowLinkHandler.free_at) + len(chunk) / SLOW_LINK_BYTES_PER_S
                SlowLinkHandler.free_at = done_at
            time.sleep(done_at - now)
            outputfile.write(chunk)
        SlowLinkHandler.sent.setdefault(name, time.monotonic())
        return None


def broken_snapshot_handler(status: int, size: int) -> type[serve.SiteHandler]:
    """A site handler that answers every snapshot request with ``status`` and ``size`` zero bytes
    (served by the test's own server: a route would carry 31 MB through the browser's protocol)."""

    class Broken(serve.SiteHandler):
        def send_head(self):  # type: ignore[no-untyped-def]
            if not self.path.split("?", 1)[0].endswith((".snapshot", ".snapshot.br")):
                return super().send_head()
            self.send_response(status)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(size))
            # Plain bytes: none of the site's headers (no Content-Encoding), so they reach Pyodide.
            http.server.BaseHTTPRequestHandler.end_headers(self)
            return io.BytesIO(bytes(size))

    return Broken


class Visit:
    """A fresh context on a server of its own (a test may stop it), with the guard attached and
    the console's warnings kept."""

    def __init__(self, browser: Browser, site_dir: Path,
                 handler: type[serve.SiteHandler] | None = None) -> None:
        self.server, self.url = serve.start_server(site_dir, handler_class=handler or serve.SiteHandler)
        self.context: BrowserContext = browser.new_context()
        self.page: Page = self.context.new_page()
        self.guard = Guard(origin_of(self.url))
        self.guard.watch(self.context, self.page)
        self.warnings: list[str] = []
        self.page.on("console", lambda msg: self.warnings.append(msg.text) if msg.type == "warning" else None)
        self.game = GamePage(self.page, self.url)
        self.stopped = False

    def open(self, query: str = "") -> None:
        """Load the game page and wait until the player may move."""
        self.game.open(START + query, boot=None)

    def boot(self) -> tuple[str, str]:
        """How Python started on this page: (path, fallback reason or '')."""
        root = self.page.locator("html")
        return (str(root.get_attribute("data-boot")), root.get_attribute("data-boot-fallback") or "")

    def play_one_move(self) -> None:
        """One of the person's moves by clicks; the engine must answer with the next decision."""
        before = self.game.moves_shown()
        play_moves(self.game, 1)
        assert self.game.moves_shown() > before

    def stop_server(self) -> None:
        """Take the site off the network."""
        self.server.shutdown()
        self.server.server_close()
        self.stopped = True

    def close(self) -> None:
        """Close the context and the server."""
        self.context.close()
        if not self.stopped:
            self.stop_server()


@pytest.fixture()
def visit(browser: Browser, site_dir: Path) -> Iterator[Visit]:
    """A fresh visitor; fails at teardown on console errors or requests to other origins."""
    v = Visit(browser, site_dir)
    try:
        yield v
        v.guard.check()
    finally:
        v.close()


def snapshot_bytes(site_dir: Path) -> int:
    """The snapshot's size as the build recorded it."""
    manifest = json.loads((site_dir / "wheels" / "manifest.json").read_text())
    assert manifest["snapshot"], "the build made no snapshot"
    return int(manifest["snapshot_bytes"])


def test_snapshot_start_plays(visit: Visit) -> None:
    visit.open("&boot=snapshot")
    assert visit.boot() == ("snapshot", "")
    visit.play_one_move()
    assert not [w for w in visit.warnings if FALLBACK_WARNING in w]


def stages(visit: Visit) -> list[str]:
    """The stages of this page's start, in order."""
    info = visit.page.evaluate("import('./js/platform/engine/client.js').then(m => m.getEngine().info)")
    return list(info["stages"])


def test_first_visit_on_a_fast_link_starts_from_the_snapshot_and_keeps_it(visit: Visit) -> None:
    visit.open()
    assert visit.boot() == ("snapshot", "")
    assert stages(visit) == ["manifest", "download", "fetch", "restore", "check"]
    wait_for_match(visit.page, "html[data-snapshot=cached]", PYTHON_START_MS, visible=True)
    wait_for_match(visit.page, "html[data-sw=controlled]", PYTHON_START_MS, visible=True)
    visit.play_one_move()
    visit.page.reload()
    visit.game.wait_settled(PYTHON_START_MS)
    assert visit.boot() == ("snapshot", "")
    assert stages(visit) == ["manifest", "snapshot", "restore", "check"], "read from the cache"
    visit.play_one_move()


# In the page: the engine worker's cached snapshot moved to the address an older build's would have
# (the same base folder, another engine's folder), as after a release that changed only the engine.
# Returns the older address.
AGE_CACHED_SNAPSHOT = """async () => {
  const cache = await caches.open("leopard-snapshot");
  const [request] = await cache.keys();
  const older = request.url.replace(/\\/[0-9a-f]{12}\\/python\\.snapshot/, "/000000000000/python.snapshot");
  if (older === request.url) throw new Error(`not a snapshot address: ${request.url}`);
  await cache.put(older, await cache.match(request));
  await cache.delete(request);
  return older;
}"""
CACHED_SNAPSHOTS = """async () => (await (await caches.open("leopard-snapshot")).keys()).map((r) => r.url)"""


def recording_handler() -> tuple[type[serve.SiteHandler], list[str]]:
    """A site handler that notes every path it is asked for, and that list."""
    asked: list[str] = []

    class Recording(serve.SiteHandler):
        def send_head(self):  # type: ignore[no-untyped-def]
            asked.append(self.path.split("?", 1)[0])
            return super().send_head()

    return Recording, asked


def test_a_first_visit_from_the_snapshot_downloads_neither_the_standard_library_nor_the_wheel(
    browser: Browser, site_dir: Path,
) -> None:
    handler, asked = recording_handler()
    v = Visit(browser, site_dir, handler)
    try:
        v.open()
        assert v.boot() == ("snapshot", "")
        wait_for_match(v.page, "html[data-sw=controlled]", PYTHON_START_MS, visible=True)
        wait_for_match(v.page, "html[data-snapshot=cached]", PYTHON_START_MS, visible=True)
        v.play_one_move()
        normal_only = [path for path in asked if path.endswith(("/python_stdlib.zip", ".whl"))]
        assert normal_only == [], "a snapshot start needs neither, nor does the service worker's precache"
        assert any(path.endswith("/stdlib-after-restore.zip") for path in asked), asked
        assert not [w for w in v.warnings if "outside the engine's snapshot" in w], v.warnings
        v.guard.check()
    finally:
        v.close()


# The modules a game page and the engine's worker fetch when the build has bundled them: each
# bundle, and the modules that stay files of their own (tools/bundle.mjs: the engine's client, the
# language, the site's addresses, and what they import).
OWN_MODULES = {
    "/js/platform/engine/client.js", "/js/platform/storage-area.js", "/js/platform/i18n/i18n.js",
    "/js/platform/i18n/catalog.js", "/js/platform/i18n/language.js", "/js/platform/site-url.js",
}


def test_a_game_page_and_the_engine_fetch_their_modules_bundled(browser: Browser, site_dir: Path) -> None:
    # The Leopard page was 54 modules and the worker 5, fetched one import level after another.
    handler, asked = recording_handler()
    server, url = serve.start_server(site_dir, handler_class=handler)
    context = browser.new_context(service_workers="block")  # its precache would ask for every file
    try:
        game = GamePage(context.new_page(), url)
        game.open(START)
        scripts = {path for path in asked if path.endswith(".js")}
        bundles = {"/js/games/leopard/main.js", "/js/platform/engine/worker.js"}
        assert scripts - OWN_MODULES - bundles == {"/js/platform/engine/start-early.js"}, sorted(scripts)
        assert bundles <= scripts
        play_moves(game, 1)
    finally:
        context.close()
        server.shutdown()
        server.server_close()


# How long the page's main module is held back waiting for the engine's first request: far longer
# than the engine needs to start, less than a page load may take (a failing test waits this long).
HOLD_PAGE_SECONDS = 15.0


def held_page_handler() -> tuple[type[serve.SiteHandler], list[bool]]:
    """A site that sends the game page's main module only once the engine's worker has asked for the
    build's manifest, or after HOLD_PAGE_SECONDS; the list gets, for each request of the module,
    whether the manifest had been asked for (the service worker's precache asks for it again later)."""
    manifest_asked = threading.Event()
    released_by_manifest: list[bool] = []

    class Held(serve.SiteHandler):
        def send_head(self):  # type: ignore[no-untyped-def]
            path = self.path.split("?", 1)[0]
            if path.endswith("/wheels/manifest.json"):
                manifest_asked.set()
            elif path.endswith("/js/games/leopard/main.js"):
                released_by_manifest.append(manifest_asked.wait(HOLD_PAGE_SECONDS))
            return super().send_head()

    return Held, released_by_manifest


def test_the_engine_starts_before_the_page_modules_have_loaded(browser: Browser, site_dir: Path) -> None:
    # The page's 60-odd modules take most of a second to load on a first visit; Python's start does
    # not wait for them (start-early.js, in the head).
    handler, released_by_manifest = held_page_handler()
    v = Visit(browser, site_dir, handler)
    try:
        v.open()
        assert released_by_manifest[0], "the engine asked for nothing while the page's module was held"
        # One engine for the page: the early start's and the page's (a second would be a second client).
        welcome = v.page.evaluate("import('./js/platform/engine/client.js').then(m => m.getEngine().welcome)")
        assert welcome["clients"] == 1, welcome
        v.play_one_move()
        v.guard.check()
    finally:
        v.close()


def test_after_an_engine_only_release_the_cached_snapshot_serves_with_the_new_engine(visit: Visit) -> None:
    visit.open()
    wait_for_match(visit.page, "html[data-snapshot=cached]", PYTHON_START_MS, visible=True)
    older = visit.page.evaluate(AGE_CACHED_SNAPSHOT)
    visit.page.reload()
    visit.game.wait_settled(PYTHON_START_MS)
    assert visit.boot() == ("snapshot", "")
    info = visit.page.evaluate("import('./js/platform/engine/client.js').then(m => m.getEngine().info)")
    assert info["engineSwapped"] is True
    assert list(info["stages"]) == ["manifest", "snapshot", "restore", "check"]
    visit.play_one_move()
    assert visit.page.evaluate(CACHED_SNAPSHOTS) == [older], "kept: the visitor downloads the wheel only"


def test_first_visit_on_a_slow_link_starts_normally_and_the_next_from_the_snapshot(
    browser: Browser, site_dir: Path,
) -> None:
    SlowLinkHandler.asked.clear()
    SlowLinkHandler.sent.clear()
    v = Visit(browser, site_dir, SlowLinkHandler)
    try:
        v.open()
        path, reason = v.boot()
        assert path == "normal" and reason.startswith("no snapshot kept yet"), (path, reason)
        # Chosen while the wasm still came: the normal start's own files came alongside it.
        asked, sent = SlowLinkHandler.asked, SlowLinkHandler.sent
        assert asked["python_stdlib.zip"] < sent["pyodide.asm.wasm"], (asked, sent)
        wait_for_match(v.page, "html[data-snapshot=cached]", PYTHON_START_MS, visible=True)
        v.page.reload()
        v.game.wait_settled(PYTHON_START_MS)
        assert v.boot() == ("snapshot", "")
        v.play_one_move()
        v.guard.check()
    finally:
        v.close()


def test_offline_return_visit_starts_from_the_snapshot(visit: Visit) -> None:
    visit.open()
    wait_for_match(visit.page, "html[data-snapshot=cached]", PYTHON_START_MS, visible=True)
    wait_for_match(visit.page, "html[data-sw=controlled]", PYTHON_START_MS, visible=True)
    visit.stop_server()
    visit.page.reload()
    visit.game.wait_settled(PYTHON_START_MS)
    assert visit.boot() == ("snapshot", "")
    visit.play_one_move()


def broken_visit(browser: Browser, site_dir: Path, status: int, size: int) -> Visit:
    """A visitor asking for the snapshot from a server that answers with ``status`` and zeros."""
    v = Visit(browser, site_dir, broken_snapshot_handler(status, size))
    v.open("&boot=snapshot")
    return v


@pytest.mark.parametrize(("status", "size", "why"), [
    # The right length, so the bytes reach Pyodide's restore, which must refuse them.
    (200, None, "snapshot could not be used"),
    (200, 1 << 20, "the build made"),
    (404, 9, "HTTP 404"),
], ids=["corrupt", "truncated", "missing"])
def test_unusable_snapshot_falls_back_to_a_normal_start(
    browser: Browser, site_dir: Path, status: int, size: int | None, why: str,
) -> None:
    v = broken_visit(browser, site_dir, status, size if size is not None else snapshot_bytes(site_dir))
    try:
        path, reason = v.boot()
        assert path == "normal" and why in reason, (path, reason)
        assert len([w for w in v.warnings if FALLBACK_WARNING in w]) == 1, v.warnings
        v.play_one_move()
        v.guard.check()
    finally:
        v.close()


def test_progress_never_goes_back_ends_full_and_comes_by_ticks(visit: Visit) -> None:
    visit.open("&boot=normal")
    assert visit.boot()[0] == "normal"
    log = visit.page.evaluate("import('./js/platform/engine/client.js').then(m => m.getEngine().progressLog)")
    fractions = [entry["fraction"] for entry in log]
    assert fractions == sorted(fractions), fractions
    assert fractions[-1] == 1
    # Not a message per downloaded chunk (some 300, each worded and drawn by the starting page):
    # at most the ticker's and one byte count per 100 ms tick, and one per stage entered.
    most = 2 * log[-1]["t"] / 100 + 2 * len(set(entry["stage"] for entry in log))
    assert len(log) <= most, (len(log), most)
    stages = [entry["stage"] for entry in log]
    for stage in ("download", "python", "engine"):
        assert stage in stages, stages
