"""What every page of the site shares, for the browser tests.

Glossary:
    PYTHON_START_MS  -- the longest a page may take to start Python and settle (a loaded machine).
    MOVE_MS          -- the longest one move (and the computer's answer) may take.
    WAIT_MS, EXPECT_MS -- Playwright's default time-outs of a wait and of an expect.
    Guard            -- records what a page must never do: log errors, or ask another origin for
                        anything; ``check`` fails on anything recorded.
    guarded_context  -- a guarded page with nothing stored (no service worker unless asked for),
                        e.g. ``with guarded_context(browser, site_url, locale="es-ES") as page: ...``:
                        lent by a warm profile (WARM, e2e/pages/warm.py) when it can lend one
                        (``can_lend``) and no day is fixed, else in a fresh browser context.
    fresh_page       -- a page with nothing stored, not guarded (the test watches it, or not, as
                        before), e.g. ``with fresh_page(browser, bypass_csp=True) as page: ...``: lent
                        by a warm profile when it can lend one, else of a new browser context made
                        with the settings given (and no service worker). Why: a new context compiles
                        Pyodide and the site's modules again and starts the engine the first
                        visit's way (measured: about 3 s more per page start than a lent page).
    NO_SERVICE_WORKER -- the contexts' setting that blocks the service worker (why: below).
    stranger_site    -- a plain static server on another port: a stranger's web site.
    axe_violations   -- the serious and critical axe-core findings of a page as it is now.
    ENGLISH, SPANISH -- the site's catalogs (web/i18n/en.json, es.json) as dictionaries.
    wait_for_match  -- wait until an element matches a CSS selector, looked at in every animation
                     frame (why: at the function); a time-out names the selector.
    wait_for_text   -- the same for the text of the element a CSS selector finds (containing some
                     words, or exactly them); a time-out says what the element held. A check stays
                     an ``expect``, after one of these waits for the state (it then sees it at
                     once, and still fails with its own message if the state is not what it wants).
    polling_of      -- how those waits look again: every animation frame in a page, every
                     FRAME_POLLING_MS in a frame.
    choose_theme_again -- a theme chosen in Settings as an earlier visit left it (the stored
                     preference, PREFERENCES_KEY), and the page opened again; ``in_theme`` checks
                     the page shows it.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Frame, Page, expect
from playwright.sync_api import Request as PlaywrightRequest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pages.warm import WarmProfiles

ROOT = Path(__file__).resolve().parent.parent.parent
WEB = ROOT / "web"
PYTHON_START_MS = 90_000
MOVE_MS = 60_000
# Playwright's own default time-outs: a wait without one (wait_for_selector, wait_for) had 30 s, an
# expect 5 s. A wait made frame-polled (wait_for_match, wait_for_text) keeps the time-out it had.
WAIT_MS = 30_000
EXPECT_MS = 5_000
# Where the card game kept its save in localStorage before the engine worker kept every game's (the
# page moves a save found there into the worker): tests plant a save there as an earlier visit left it.
SAVE_KEY = "leopard.game.v1"
STATS_KEY = "leopard.stats.v1"
PREFERENCES_KEY = "leopard.preferences.v1"
ENGLISH = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
SPANISH = json.loads((WEB / "i18n" / "es.json").read_text(encoding="utf-8"))
# The engine's Web Worker script, wherever the site keeps it (js/engine/worker.js today); not the
# service worker (sw.js).
ENGINE_WORKER = re.compile(r"/js/(?:[\w-]+/)*[\w-]*worker\.js(\?.*)?$")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# The fixtures' contexts and guarded_context's block the service worker: once the engine is ready a
# page registers it, and its install downloads and stores the whole site (12 MB) while the test
# plays: CPU for nothing in a context that lives for one test. The tests of offline play and of the
# precache make their own contexts (browser.new_context, which allows it): test_game_persistence.py,
# test_hunt.py, test_fast_start.py.
NO_SERVICE_WORKER = {"service_workers": "block"}
SEVERE_IMPACTS = ("serious", "critical")
# The test process's warm profiles while its session runs (conftest's warm_profiles fixture puts them here).
WARM: list[WarmProfiles] = []


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


def origin_of(url: str) -> str:
    """scheme://host:port of a URL."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


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
        self.context = context
        context.on("request", self.on_request)
        page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda err: self.errors.append(str(err)))

    def on_request(self, request: PlaywrightRequest) -> None:
        self.request(request.url)

    def unwatch(self) -> None:
        """Stop listening to the context (a warm profile's outlives the test)."""
        self.context.remove_listener("request", self.on_request)

    def check(self) -> None:
        """Fail on anything recorded."""
        assert not self.foreign, f"requests left the site: {self.foreign[:5]}"
        assert not self.errors, f"console errors: {self.errors[:5]}"


def guarded(context: BrowserContext, site_url: str) -> tuple[Page, Guard]:
    """A new page of context with a Guard attached (the caller checks it)."""
    page = context.new_page()
    guard = Guard(origin_of(site_url))
    guard.watch(context, page)
    return page, guard


@contextlib.contextmanager
def watched(page: Page, site_url: str) -> Iterator[Page]:
    """``page`` guarded for the block: the guard stops listening at its end (a warm profile's context
    outlives the test) and is checked when the block ends without an error."""
    guard = Guard(origin_of(site_url))
    guard.watch(page.context, page)
    try:
        yield page
    finally:
        guard.unwatch()
    guard.check()


def guarded_context(browser: Browser, site_url: str, *, day: str | None = None, language: str | None = None,
                    **context_args: Any) -> contextlib.AbstractContextManager[Page]:
    """A guarded page of a new browser context (nothing stored) made with ``context_args`` (locale,
    bypass_csp for axe-core, permissions, viewport...); ``day`` fixes the page's clock at 10:00 UTC
    that day; ``language`` is chosen on the site before any page loads, as the switch would. The
    guard is checked when the block ends without an error; the context is closed."""
    return _page_with_settings(browser, language, context_args, site_url=site_url, day=day)


def fresh_page(browser: Browser, language: str | None = None,
               **context_args: Any) -> contextlib.AbstractContextManager[Page]:
    """A page with nothing stored, made with ``context_args`` (module glossary), the site's
    ``language`` chosen before any page loads, as the switch would; closed after."""
    return _page_with_settings(browser, language, context_args)


@contextlib.contextmanager
def _page_with_settings(browser: Browser, language: str | None, context_args: dict[str, Any], *,
                        site_url: str | None = None, day: str | None = None) -> Iterator[Page]:
    """``guarded_context`` (``site_url`` given: the page is guarded) and ``fresh_page`` (not): a
    warm profile's page when one can be lent, else a new context's, closed after."""
    from i18n_check import in_language

    if WARM and day is None and WARM[0].can_lend(context_args):
        with WARM[0].lend(language=language, **context_args) as page:
            if site_url is None:
                yield page
            else:
                with watched(page, site_url):
                    yield page
        return
    context = browser.new_context(**{**NO_SERVICE_WORKER, **context_args})
    if language:
        in_language(context, language)
    try:
        if site_url is None:
            yield context.new_page()
            return
        page, guard = guarded(context, site_url)
        if day is not None:
            page.clock.set_fixed_time(f"{day}T10:00:00Z")
        yield page
        guard.check()
    finally:
        context.close()


# Whether an element matches the selector (and, when asked, is visible as Playwright means it: a
# box of some size and not visibility: hidden).
MATCHES = """([selector, visible]) => {
  const found = document.querySelector(selector);
  if (!found || !visible) return found !== null;
  const box = found.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(found).visibility !== "hidden";
}"""


# How often a frame's wait looks (ms). Why not every animation frame: Chromium draws no frames for
# a frame of another origin out of sight, so its animation frame callbacks never run.
FRAME_POLLING_MS = 16


def polling_of(page: Page | Frame) -> str | int:
    """How a wait looks again: in every animation frame of a page, every FRAME_POLLING_MS in a frame."""
    return "raf" if isinstance(page, Page) else FRAME_POLLING_MS


def wait_for_match(page: Page | Frame, selector: str, timeout: int = MOVE_MS, visible: bool = False) -> None:
    """Wait until an element matches ``selector`` (and is visible, with ``visible``), looked at in
    every animation frame. Why not ``wait_for_selector`` or ``expect``: Playwright's own waits look
    again 20, 70, 170 and 270 ms after they start, then only every 500 ms, so a page that settles a
    moment after that is seen up to half a second late (measured: a state reached after 600 ms was
    seen at 790 ms, one after 1.3 s at 1.8 s); every move and every page start waits so. A time-out
    is Playwright's TimeoutError still, saying which selector matched nothing."""
    try:
        page.wait_for_function(MATCHES, arg=[selector, visible], timeout=timeout, polling=polling_of(page))
    except PlaywrightTimeoutError:
        shown = " visible" if visible else ""
        raise PlaywrightTimeoutError(f"no{shown} element matched {selector!r} within {timeout} ms") from None


# The text of the element a selector finds, as Playwright's text assertions read it (textContent,
# white space run together and trimmed), or null when nothing matches.
TEXT_OF = """(selector) => {
  const found = document.querySelector(selector);
  return found === null ? null : found.textContent.replace(/\\s+/g, " ").trim();
}"""
TEXT_MATCHES = f"""([selector, text, exactly]) => {{
  const seen = ({TEXT_OF})(selector);
  return seen !== null && (exactly ? seen === text : seen.includes(text));
}}"""


def wait_for_text(page: Page | Frame, selector: str, text: str, timeout: int = MOVE_MS,
                  exactly: bool = False) -> None:
    """Wait until the element ``selector`` finds holds ``text`` (``exactly``: nothing else), looked
    at in every animation frame, as ``wait_for_match`` (why: there). For a text the page shows once
    it has done something (a move, a page start), where ``expect(...).to_contain_text`` would see it
    up to half a second late. A time-out fails saying what the element held."""
    text = " ".join(text.split())
    try:
        page.wait_for_function(TEXT_MATCHES, arg=[selector, text, exactly], timeout=timeout,
                               polling=polling_of(page))
    except PlaywrightTimeoutError:
        held = page.evaluate(TEXT_OF, selector)
        wanted = "exactly" if exactly else "containing"
        raise AssertionError(f"{selector!r} held {held!r} after {timeout} ms, not a text {wanted} {text!r}") \
            from None


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


def open_more(page: Page, item: str) -> None:
    """Choose an item (its id) of the top bar's More menu."""
    page.click("#more-menu summary")
    page.click(f"#{item}")


def resize_window(page: Page, width: int, height: int) -> None:
    """Set the window's size and wait until the page has handled it: until the window has that
    size and then an animation frame has run. A frame runs the resize steps (the resize event and
    the page's handlers: the card game's hand fitted, then the guided hand's panel placed) before
    its animation frame callbacks, so the page has handled the new size by then. Waiting only for
    innerWidth and innerHeight to change was not enough: they change at the next layout, the event
    fires at the next frame, and a check in between saw the panel still placed for the old size
    (CI: 'off screen' at 360x640, coming from 390x844)."""
    if page.viewport_size == {"width": width, "height": height}:
        return
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def choose_theme_again(page: Page, theme: str) -> None:
    """``theme`` chosen in Settings as an earlier visit left it, and the page opened again."""
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [PREFERENCES_KEY, json.dumps({"theme": theme})])
    page.reload()


def in_theme(page: Page, theme: str) -> None:
    """The page shows ``theme``."""
    expect(page.locator("html")).to_have_attribute("data-theme", theme)
