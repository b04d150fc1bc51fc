"""Warm browser profiles (one per set of context settings, per test process), each lent to one test
at a time as a blank page, and wiped after it.

Glossary:
    WarmProfile  -- a Chromium launched on an on-disk profile (Playwright's persistent context, the
                    only kind that is not "incognito"), with the contexts' settings (English, no
                    service worker, 1280x720). Why: Chromium keeps compiled code (V8's code cache:
                    Pyodide's 9.6 MB of wasm, its 1.2 MB of JavaScript, the site's modules) only in
                    an on-disk profile, so every fresh context compiles them again. Measured on one
                    page start from the snapshot (8 starts, same machine, same load): about 3.3 s of
                    CPU and 2.2 s wall in a fresh context, about 2.2 s and 1.3 s in the warm profile.
    WarmProfiles -- the test process's warm profiles, one per set of the settings a profile is made
                    with (locale, bypass_csp, is_mobile, has_touch), each launched the first time a
                    test asks for it; at most MAX_PROFILES at once (the least recently lent closes).
    lend         -- ``with profiles.lend(viewport=..., language="es", bypass_csp=True) as page:`` a
                    new page of the matching profile at that size and media (and language: the
                    site's stored choice planted before the page's scripts run, as the
                    ``guarded_context`` of a fresh context does for all its pages); when the block
                    ends every page of the profile is closed and the profile is wiped (``wipe``)
                    before anyone else borrows it.
    lend_context -- ``with profile.lend_context() as context:`` the profile's context itself, for a
                    test that opens its own pages and listens to the context; the same wipe after.
                    Such a test must not add routes, init scripts or a clock to the context.
    keeper       -- the profile's one page that is never lent: it keeps the browser open, carries
                    the CDP session, and reads an origin's cache names on a file of the site that
                    runs nothing (sw.js, shown as text), where it then stays until another origin's
                    are read.
    wipe         -- what a test could see of an earlier one is removed: every origin the pages
                    asked for loses its storage (localStorage, IndexedDB, Cache Storage, service
                    workers, cookies: CDP ``Storage.clearDataForOrigin`` with "all"), permissions are
                    reset, and the engine's shared worker is gone (its last page closed; waited for);
                    cleared again until the origins' usage is nil (a write begun by a closing worker,
                    such as the engine keeping its snapshot, can land after a clear).
                    What stays is the HTTP cache of the build's versioned files (cached for a year,
                    as for a returning visitor; the rest is revalidated, ``no-cache``), the code
                    compiled from them, and the engine's snapshot cache (``KEPT_CACHE``) when it
                    holds the build's snapshot and nothing else: the same bytes for every test, as
                    the HTTP cache's. So a lent page starts as a returning visitor does, from the
                    snapshot kept in Cache Storage, instead of fetching it again, keeping it and
                    having it wiped: measured with ``bench/e2e_page_start.py``, about 0.3 CPU-s of
                    the 2.1 a start costs. The first visit's paths (fetched, kept, not yet kept) are
                    tested in fresh contexts (test_fast_start.py).
    prime        -- at its launch a profile given the site's address keeps the build's snapshot in
                    KEPT_CACHE at once, fetched and stored as the engine worker keeps it
                    (worker.js, keepSnapshotForNextVisit). Why: the engine keeps it only after a
                    second without requests once it is ready, so a profile whose first tests were
                    short (the rules pages' tests end soon after the values are filled) started
                    every page the first visit's way until a longer test kept it: measured on the
                    rules page, 3 to 5 s to the filled values (Python started the normal way, or the
                    snapshot fetched and restored) against 1.2 s from the kept snapshot; and the
                    31 MB write landed in the middle of whichever test kept it.
    lendable     -- whether a page with these settings can be lent: settings a page can take on its
                    own (viewport, colour scheme, reduced motion, the site's language) and a
                    profile's (locale, bypass_csp, is_mobile, has_touch). A test that needs
                    anything else of its context (a clock, routes or init scripts on the context,
                    permissions) makes a fresh context, as do the tests of a first visit and a
                    second page beside a lent one (``can_lend``).
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Playwright

DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # Playwright's default for a new context
PAGE_SETTINGS = ("viewport", "color_scheme", "reduced_motion", "language")
PROFILE_SETTINGS = ("locale", "bypass_csp", "is_mobile", "has_touch")
# Each profile is a browser (four processes, some 250 MB idle) per test process: CI has 2 cores and
# runs two test processes.
MAX_PROFILES = 4
# The engine worker's own cache of the build's snapshot (web/js/platform/engine/worker.js), kept
# across lends (module glossary, wipe).
KEPT_CACHE = "leopard-snapshot"
# Every kind of an origin's storage but Cache Storage (CDP Storage.StorageType), which is emptied
# by name instead: every cache but KEPT_CACHE.
ALL_BUT_CACHES = ("cookies,file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,"
                  "interest_groups,shared_storage,storage_buckets,other")
WORKERS_GONE_MS = 10_000


# Whether a cache holds the build's snapshot alone: one entry, whose address is a snapshot file of
# the site's wheels folder (the worker keeps the current build's only: worker.js).
SNAPSHOT_ALONE = """async (cache) => {
  const keys = await cache.keys();
  return keys.length === 1 && /\\/wheels\\/.+\\.snapshot(\\.br)?$/.test(new URL(keys[0].url).pathname);
}"""
# Run on the origin: the names of the caches a wipe does not leave (every cache but the kept one,
# and the kept one unless it holds the build's snapshot alone), deleted when asked.
CACHES_TO_GO = f"""async ([kept, remove]) => {{
  const alone = {SNAPSHOT_ALONE}, going = [];
  for (const name of await caches.keys()) {{
    if (name === kept && (await alone(await caches.open(name)))) continue;
    going.push(name);
    if (remove) await caches.delete(name);
  }}
  return going;
}}"""


# Run on the site's origin: its build's snapshot fetched and put in the engine's cache under the
# address the worker reads it from (worker.js: fetchManifest, snapshotURL, keepSnapshotForNextVisit).
KEEP_SNAPSHOT = """async ([kept, site]) => {
  const manifest = await (await fetch(new URL('wheels/manifest.json', site), {cache: 'no-cache'})).json();
  const url = new URL(manifest.snapshot_download || manifest.snapshot, site).href;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await (await caches.open(kept)).put(url, response);
}"""


def lendable(settings: dict[str, Any]) -> bool:
    """Whether a page with these context settings can come from the warm profile.

    >>> lendable({}), lendable({"viewport": {"width": 390, "height": 844}, "locale": "es-ES"})
    (True, True)
    >>> lendable({"is_mobile": True, "has_touch": True}), lendable({"permissions": []})
    (True, False)
    """
    return all(name in PAGE_SETTINGS + PROFILE_SETTINGS for name in settings)


def origin_of_url(url: str) -> str:
    """scheme://host:port of an address ("null" for about:blank).

    >>> origin_of_url("http://127.0.0.1:8000/rules.html"), origin_of_url("about:blank")
    ('http://127.0.0.1:8000', 'null')
    """
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else "null"


def origin_of_page(page: Page) -> str:
    """scheme://host:port of the page's address ("null" for about:blank)."""
    return origin_of_url(page.url)


class WarmProfiles:
    """The test process's warm profiles, by the settings they are made with (module glossary)."""

    def __init__(self, playwright: Playwright, launch_args: dict[str, Any],
                 context_args: dict[str, Any], site_url: str | None = None) -> None:
        self.playwright, self.launch_args, self.context_args = playwright, launch_args, context_args
        self.site_url = site_url
        """The site whose snapshot each profile keeps at its launch (module glossary, prime)."""
        self.profiles: dict[tuple[tuple[str, Any], ...], WarmProfile] = {}

    def key(self, settings: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
        made_with = {**self.context_args, **settings}
        return tuple(sorted((name, made_with.get(name) or None) for name in PROFILE_SETTINGS))

    def can_lend(self, settings: dict[str, Any]) -> bool:
        """Whether ``lend(**settings)`` would lend a page: lendable settings, and their profile is not
        lent already in this test (a second page of it would share the first one's storage)."""
        if not lendable(settings):
            return False
        profile = self.profiles.get(self.key(settings))
        return not (profile and profile.lent)

    def profile(self, **settings: Any) -> WarmProfile:
        """The profile made with these profile settings (PROFILE_SETTINGS), launched if need be."""
        made_with = {**self.context_args, **settings}
        key = self.key(settings)
        if key not in self.profiles:
            idle = [k for k, profile in self.profiles.items() if not profile.lent]
            if len(self.profiles) >= MAX_PROFILES and idle:
                self.profiles.pop(idle[0]).close()
            self.profiles[key] = WarmProfile(self.playwright, self.launch_args, made_with, self.site_url)
        self.profiles[key] = self.profiles.pop(key)  # the most recently lent last
        return self.profiles[key]

    @contextlib.contextmanager
    def lend(self, **settings: Any) -> Iterator[Page]:
        """A page with these (``lendable``) settings from the matching profile; wiped after."""
        if not lendable(settings):
            raise ValueError(f"no warm profile lends a page with {settings}")
        made_with = {name: settings[name] for name in PROFILE_SETTINGS if name in settings}
        on_page = {name: settings[name] for name in PAGE_SETTINGS if name in settings}
        with self.profile(**made_with).lend(**on_page) as page:
            yield page

    def close(self) -> None:
        for profile in self.profiles.values():
            profile.close()


class WarmProfile:
    """A persistent Chromium profile lent to one test at a time (see the module's glossary)."""

    def __init__(self, playwright: Playwright, launch_args: dict[str, Any],
                 context_args: dict[str, Any], site_url: str | None = None) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="leopard-e2e-profile-")
        self.context: BrowserContext = playwright.chromium.launch_persistent_context(
            self.folder.name, **launch_args, **context_args)
        # A blank page that is never lent keeps the profile open and carries the CDP session.
        self.keeper = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.keeper)
        self.origins: set[str] = set()
        self.wiped: set[str] = set()
        """The origins the last wipe cleared: checked again before the next lend (see ``lend``)."""
        self.context.on("request", self._note_origin)
        self.lent = 0  # pages or the context lent now (a lent profile is never closed)
        if site_url:
            self.prime(site_url)

    def prime(self, site_url: str) -> None:
        """Keep the build's snapshot in KEPT_CACHE now, as the engine keeps it (module glossary)."""
        self.on_origin(origin_of_url(site_url)).evaluate(KEEP_SNAPSHOT, [KEPT_CACHE, site_url])

    def _note_origin(self, request: Any) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https"):
            self.origins.add(f"{parts.scheme}://{parts.netloc}")

    @contextlib.contextmanager
    def lend(self, viewport: dict[str, int] | None = None, color_scheme: Any = None,
             reduced_motion: Any = None, language: str | None = None) -> Iterator[Page]:
        """A new page of the profile with these settings; wiped after (module glossary)."""
        if self.lent:
            raise RuntimeError("this warm profile is lent already: a second borrower would share its storage")
        self.clear_late_writes()
        page = self.context.new_page()
        self.lent += 1
        try:
            page.set_viewport_size(viewport or DEFAULT_VIEWPORT)
            if color_scheme or reduced_motion:
                page.emulate_media(color_scheme=color_scheme, reduced_motion=reduced_motion)
            if language:
                from i18n_check import in_language

                in_language(page, language)
            yield page
        finally:
            self.lent -= 1
            self.wipe()

    @contextlib.contextmanager
    def lend_context(self) -> Iterator[BrowserContext]:
        """The profile's context, for a test that opens its own pages; wiped after (module glossary)."""
        if self.lent:
            raise RuntimeError("this warm profile is lent already: a second borrower would share its storage")
        self.clear_late_writes()
        self.lent += 1
        try:
            yield self.context
        finally:
            self.lent -= 1
            self.wipe()

    def clear_late_writes(self) -> None:
        """Before a lend: a closing engine worker's snapshot write can land even after the last
        wipe found the storage empty (its worker gone); by now it has, and it is cleared."""
        self.origins |= self.wiped
        if self.origins and self.stored():
            self.wipe()

    def wipe(self) -> None:
        """Close every lent page and remove what they stored (module glossary)."""
        for page in self.context.pages:
            if page is not self.keeper:
                page.close()
        deadline = time.monotonic() + WORKERS_GONE_MS / 1000
        while self.workers():
            if time.monotonic() > deadline:
                raise AssertionError(f"workers outlived their pages: {self.workers()}")
            self.keeper.wait_for_timeout(20)  # polling the browser's targets, not waiting on a page
        # A write a closing page or worker had begun (the engine keeps its 31 MB snapshot in Cache
        # Storage once it is ready) can land after a clear: cleared until nothing is left.
        deadline = time.monotonic() + WORKERS_GONE_MS / 1000
        while True:
            for origin in sorted(self.origins):
                self.cdp.send("Storage.clearDataForOrigin",
                              {"origin": origin, "storageTypes": ALL_BUT_CACHES})
                self.delete_caches(origin)
            left = self.stored()
            if not left:
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"storage outlived its wipe: {left}")
            self.keeper.wait_for_timeout(50)  # polling the browser's storage, not waiting on a page
        self.wiped = set(self.origins)
        self.origins.clear()
        self.context.clear_cookies()
        self.context.clear_permissions()

    def on_origin(self, origin: str) -> Page:
        """The keeper on a file of ``origin``'s site that runs nothing (sw.js, shown as text), to
        read or empty that origin's caches there. It stays there for the next reading (two or
        three per test): each navigation there and back cost about 0.1 s of a test's time."""
        if origin_of_page(self.keeper) != origin:
            self.keeper.goto(f"{origin}/sw.js")
        return self.keeper

    def delete_caches(self, origin: str) -> None:
        """Every cache of ``origin`` but KEPT_CACHE deleted, and KEPT_CACHE too unless it holds the
        build's snapshot alone (one entry, a snapshot file of the site's wheels folder)."""
        self.on_origin(origin).evaluate(CACHES_TO_GO, [KEPT_CACHE, True])

    def stored(self) -> list[str]:
        """The caches and databases the origins the pages asked for still have (KEPT_CACHE with
        the build's snapshot alone is not counted: see ``delete_caches``)."""
        found = []
        for origin in sorted(self.origins):
            usage = self.cdp.send("Storage.getUsageAndQuota", {"origin": origin})["usageBreakdown"]
            found += [f"{origin} {use['storageType']}: {use['usage']} bytes" for use in usage
                      if use["usage"] and use["storageType"] != "cache_storage"]
            # An empty cache uses no bytes but is still there for the next test to find (a closing
            # engine worker's snapshot cache, opened after a clear): the names are read on the
            # origin itself.
            left = self.on_origin(origin).evaluate(CACHES_TO_GO, [KEPT_CACHE, False])
            found += [f"{origin} cache {name}" for name in left]
        return found

    def workers(self) -> list[str]:
        """The shared, dedicated and service workers the browser still runs."""
        targets = self.cdp.send("Target.getTargets")["targetInfos"]
        return [f"{t['type']} {t['url']}" for t in targets if "worker" in t["type"]]

    def close(self) -> None:
        self.context.close()
        self.folder.cleanup()
