"""Shared fixtures for the browser tests: Debian's Chromium, one built dist/ and one server per session.

Glossary:
    site_dir      -- dist/, rebuilt once per session when missing or older than its sources.
    site_url      -- a localhost URL serving dist/ (tools/serve.py, same headers as Netlify).
    guarded_page  -- a page whose console errors, page errors and requests to other origins are
                     recorded; the test fails at teardown if any happened.
    GamePage      -- helpers that drive and read the game page through the DOM only.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update"]
PYTHON_START_MS = 90_000
MOVE_MS = 60_000
SAVE_KEY = "leopard.game.v1"
SOURCES = ("web", "leopard_core", "package.json", "pyproject.toml", "tools/build_site.py",
           "tools/snapshot.mjs")
SETTLED = "body[data-phase=your-turn], body[data-phase=hand-over], body[data-phase=game-over]"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A plain static server with no CSP or special headers: a stranger's web site."""

    def log_message(self, format: str, *args: object) -> None:
        """Say nothing."""


@contextlib.contextmanager
def stranger_site(root: Path) -> Iterator[str]:
    """Serve the folder root on another port (another origin than the Leopard site); yields its
    base URL (ending in "/")."""
    handler = functools.partial(QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Use Debian's Chromium, never a downloaded browser."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Contexts prefer English, whatever the machine's locale: a page picks its language from the
    browser's (the Spanish tests ask for es-ES, or choose with the switch)."""
    return {**browser_context_args, "locale": "en-US"}


def newest_source_mtime() -> float:
    """Latest modification time among the files the site is built from."""
    times = []
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
        times += [f.stat().st_mtime for f in files if "__pycache__" not in f.parts]
    return max(times)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """dist/, built once per session if missing or stale. Parallel workers (pytest -n) take a lock,
    so one builds while the others wait, then find it fresh."""
    dist = ROOT / "dist"
    marker = dist / "sw.js"
    with open(ROOT / ".e2e-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not marker.exists() or marker.stat().st_mtime < newest_source_mtime():
            build_site.build(dist)
    return dist


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site on a free localhost port for the whole session."""
    server, url = serve.start_server(site_dir)
    yield url
    server.shutdown()
    server.server_close()


class Guard:
    """Records what a page must never do: log errors, or ask another origin for anything."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def request(self, url: str) -> None:
        """Remember requests that leave the site's origin (data: URLs stay in the page)."""
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "chrome-extension"):
            return
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign.append(url)

    def watch(self, context: BrowserContext, page: Page) -> None:
        """Attach to a context (requests of pages, workers and service workers) and its page."""
        context.on("request", lambda request: self.request(request.url))
        page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda err: self.errors.append(str(err)))

    def check(self) -> None:
        """Fail on anything recorded."""
        assert not self.foreign, f"requests left the site: {self.foreign[:5]}"
        assert not self.errors, f"console errors: {self.errors[:5]}"


def origin_of(url: str) -> str:
    """scheme://host:port of a URL."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture()
def guarded_page(context: BrowserContext, page: Page, site_url: str) -> Iterator[Page]:
    """The test's page with the Guard attached; fails the test on errors or foreign requests."""
    guard = Guard(origin_of(site_url))
    guard.watch(context, page)
    yield page
    guard.check()


class GamePage:
    """Drives the game page by its DOM, the way a person would (clicks and keys)."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    def open(self, query: str = "", boot: str | None = "snapshot") -> None:
        """Load the page and wait until the player may move (or the hand is over). Python starts
        from the build's memory snapshot unless ``boot`` says otherwise (None: the page's own
        choice, a first visit's normal start): every test has a fresh context, which would
        otherwise start Python the slow way each time. test_fast_start.py covers every path."""
        if boot and "boot=" not in query:
            query = f"{query}{'&' if '?' in query else '?'}boot={boot}"
        self.page.goto(self.base_url + query)
        self.wait_settled(PYTHON_START_MS)

    def start(self, seed: int, botseed: int = 1, hands: int = 1, variant: str = "standard",
              level: str = "random") -> None:
        """A fresh seeded game from URL parameters, with no pause before the computer's moves."""
        self.open(f"?seed={seed}&botseed={botseed}&hands={hands}&variant={variant}&level={level}&pace=0")

    def wait_settled(self, timeout: int = MOVE_MS) -> str:
        """Wait for a decision point; returns the phase. On a time-out, says where the page was."""
        try:
            self.page.wait_for_selector(SETTLED, timeout=timeout)
        except PlaywrightTimeoutError:
            where = {sel: self.page.locator(sel).inner_text() for sel in ("#load-label", "#status")}
            phase = self.phase()
            raise AssertionError(f"page not settled after {timeout} ms: phase {phase}, {where}") from None
        return self.phase()

    def phase(self) -> str:
        """The page's current phase."""
        return str(self.page.locator("body").get_attribute("data-phase"))

    def saved(self) -> str:
        """The session save the page keeps in localStorage."""
        return str(self.page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})"))

    def hand(self) -> list[str]:
        """The cards in the player's hand as shown."""
        return self.page.locator("#hand .hand-card").evaluate_all("els => els.map(e => e.dataset.card)")

    def squares(self) -> dict[str, list[str]]:
        """Top cards of both squares as shown ('' for empty), spaces 1..9."""
        result = {}
        for side in ("own", "opp"):
            result[side] = [
                self.page.locator(f"#{side}-space-{space}").get_attribute("data-card") or ""
                for space in range(1, 10)
            ]
        return result

    def targets(self) -> set[str]:
        """The highlighted places for the chosen card, as N3 move endings ('own 4', 'discard')."""
        found = set()
        for side in ("own", "opp"):
            for space in self.page.locator(f"#{side}-square .space.target").evaluate_all(
                "els => els.map(e => e.dataset.space)"
            ):
                found.add(f"{side} {space}")
        if "target" in (self.page.locator("#discard-target").get_attribute("class") or "").split():
            found.add("discard")
        return found

    def moves_shown(self) -> int:
        """Number of moves of this hand the page has drawn."""
        return int(self.page.locator("body").get_attribute("data-moves") or 0)

    def text(self, selector: str) -> str:
        """Inner text of an element."""
        return self.page.locator(selector).inner_text()


@pytest.fixture()
def game(guarded_page: Page, site_url: str) -> GamePage:
    """A GamePage on a guarded page of the session's site."""
    return GamePage(guarded_page, site_url)


def greedy_choice(state: Any) -> str:
    """The tests' own pick for the person (a leopard_core HandState): go out when allowed, else the
    best own-minus-opponent raw value after one move."""
    def value(move: Any) -> tuple[int, str]:
        if move.kind == "out":
            return (100, str(move))
        after = state.clone()
        after.apply(move)
        return (after.raw_value(0) - after.raw_value(1), str(move))

    return str(max(state.legal_moves(), key=value))


def session_of(text: str) -> Any:
    """The engine's own reading of the page's save (leopard_core.webapi.Session)."""
    from leopard_core.games.leopard.session import Session

    return Session.restore(text)


__all__ = ["PYTHON_START_MS", "GamePage", "expect", "greedy_choice", "session_of"]


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SEVERE_IMPACTS = ("serious", "critical")


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations of the page as it is now (axe injected once per
    document; the page's CSP forbids injected scripts, so use a ``bypass_csp`` context)."""
    if page.evaluate("typeof axe === 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map("
        "v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(' '))})))"
    )
    return [v for v in found if v["impact"] in SEVERE_IMPACTS]
