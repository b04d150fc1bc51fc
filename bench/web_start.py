"""Benchmark the site's start in Chromium on localhost; prints figures, asserts nothing.

Figures (one run; repetitions interleaved, each start in a fresh profile; the machine's load is
printed with them, as it moves every time):
    cold start     -- fresh browser profile (empty on-disk HTTP cache, no service worker): page load
                      to a playable table. "first visit" is the page's own choice (auto: the worker
                      times the download of Pyodide's files and takes the snapshot over a fast link);
                      "snapshot" forces the snapshot (?boot=snapshot); "normal" starts Python and
                      unpacks the engine (?boot=normal: what every first visit did before issue 22).
    warm start     -- a reload once the service worker controls the page: "snapshot" is a return
                      visit (the snapshot read from the engine worker's cache), "normal" the bare
                      Pyodide boot with everything cached.
    warm/bare      -- warm snapshot median / warm normal median (issue 22's goal: <= 0.35).
    progress       -- how far the bar strayed from elapsed time / total time on warm starts.
    first table    -- time from navigation to the first drawn table on a warm visit (TABLE_MARK).
    bytes          -- what the server sent on a first visit (auto), compressed (the build's .br/.gz
                      siblings, as tools/serve.py sends them) and not: to the playable table, with the
                      service worker's precache, with the snapshot kept; the same for the old first
                      visit (?boot=normal); and a return visit after a release that changed only the
                      engine (simulated: the engine's wheel and the snapshot moved to a new engine
                      folder, the service worker's cache renamed; the snapshot's base folder stays,
                      as the build names it when Python and the engine's standard-library modules
                      are unchanged, so the returning visitor's cached snapshot serves with the
                      new engine swapped in).
    throttled      -- a first visit over a 4G-like and a 3G-like link (THROTTLE), auto against
                      ?boot=normal. The link is Chromium's network emulation through CDP on the page
                      AND the same pacing in the server: a page's CDP session does not reach a
                      SharedWorker (its own target), where the engine downloads.
    embed          -- the embed demo page (examples/embed-demo.html, its boards from this site):
                      time until one board is ready and until all are (their "ready" messages), on a
                      first and a return visit, against one play board alone (embed.html?mode=play).
    bot think      -- per level: the bot's time per move inside Pyodide and in CPython, same positions.

Usage: ``python bench/web_start.py [--reps 5] [--moves 8] [--levels random,greedy,normal]
[--throttled-reps 1]`` (``--levels ''`` skips the bot figures, ``--throttled-reps 0`` the links).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import serve  # noqa: E402
from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright  # noqa: E402

from leopard_core import webapi  # noqa: E402
from leopard_core.games.leopard.bots import LEVELS  # noqa: E402

READY = "body[data-phase=your-turn], body[data-phase=hand-over], body[data-phase=game-over]"
EMBED_READY = "#embed-root[data-turn=you], #embed-root[data-turn=game-over]"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
SEED, BOT_SEED = 4242, 17
QUERY = "?seed=1&botseed=1&hands=1&level=random&pace=0"
EMBED_DEMO = "examples/embed-demo.html?seed=1&botseed=1&level=random&pace=0"
ONE_BOARD = "embed.html?mode=play&id=one&seed=1&botseed=1&level=random&hands=1&pace=0"
TIMEOUT_MS = 180_000
CLIENT = "./js/platform/engine/client.js"
# The hook for "time to the first drawn table": the game page calls performance.mark(TABLE_MARK) when
# it first draws a table (the last view, or the empty table of a first visit).
TABLE_MARK = "leopard:table-drawn"
# Links for a throttled first visit: (download, upload) in bits per second and the round trip in ms,
# like Chromium DevTools' "Fast 4G" and "Slow 4G" (the old "Fast 3G") presets.
THROTTLE = {"4G-like": (9_000_000, 1_500_000, 60), "3G-like": (1_600_000, 750_000, 150)}


def load_average() -> str:
    """The machine's load (1 minute), printed next to each figure: the machine is shared."""
    return f"load {os.getloadavg()[0]:.1f}"


class CountingHandler(serve.SiteHandler):
    """Counts the body bytes the server sends; ``compress`` False ignores the .br/.gz siblings;
    ``site`` (when set) serves another folder at the same address (a new release); ``link`` paces
    every response like a throttled link (latency per request, bandwidth shared by all)."""

    sent = 0
    compress = True
    site: str | None = None
    link: tuple[int, int] | None = None  # (bytes per second, round trip ms)
    encodings: set[str] = set()  # noqa: RUF012 -- shared by design: one counter for all requests
    lock = threading.Lock()
    link_free_at = 0.0  # when the shared link has sent what it was given so far

    def translate_path(self, path: str) -> str:
        """The file of ``path`` in ``site`` when set, else in the server's folder."""
        if CountingHandler.site:
            self.directory = CountingHandler.site
        return super().translate_path(path)

    def send_head(self):  # type: ignore[no-untyped-def]
        """Record the browser's Accept-Encoding; hide it when compression is off; wait a round trip."""
        with CountingHandler.lock:
            CountingHandler.encodings.add(self.headers.get("Accept-Encoding", ""))
        if not CountingHandler.compress:
            del self.headers["Accept-Encoding"]
        if CountingHandler.link:
            time.sleep(CountingHandler.link[1] / 1000)
        return super().send_head()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Copy like the base class, counting bytes (and pacing them on a throttled link); a browser
        closed during a download (the background snapshot) is no error."""
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.paced_copy(source, outputfile)

    def paced_copy(self, source: Any, outputfile: Any) -> None:
        """Send the file's bytes, counted, at the link's pace when there is one."""
        data = source.read()
        with CountingHandler.lock:
            CountingHandler.sent += len(data)
        if not CountingHandler.link:
            outputfile.write(data)
            return
        rate = CountingHandler.link[0]
        for at in range(0, len(data), 16384):
            chunk = data[at:at + 16384]
            with CountingHandler.lock:
                start = max(time.perf_counter(), CountingHandler.link_free_at)
                CountingHandler.link_free_at = start + len(chunk) / rate
                due = CountingHandler.link_free_at
            time.sleep(max(0.0, due - time.perf_counter()))
            outputfile.write(chunk)


def ensure_built() -> Path:
    """dist/, built when missing."""
    dist = ROOT / "dist"
    if not (dist / "sw.js").exists():
        build_site.build(dist)
    return dist


def play_script(level: str, moves: int) -> str:
    """JavaScript run in the page: a game where the person always plays the first legal move and
    the bot answers; returns the bot's think times (ms, measured in Python) and round trips."""
    return f"""async () => {{
      const {{ getEngine }} = await import("./js/platform/engine/client.js");
      const engine = getEngine();
      await engine.ready;
      let snap = await engine.call("new_game", {{level: {json.dumps(level)}, hands: 4, seed: {SEED},
                                                 bot_seed: {BOT_SEED}}});
      const think = [], trips = [];
      while (think.length < {moves}) {{
        if (snap.over) {{ if (snap.game.over) break; snap = await engine.call("next_hand"); continue; }}
        if (snap.bot_to_move) {{
          const t0 = performance.now();
          const answer = await engine.call("bot_move");
          trips.push(performance.now() - t0);
          think.push(answer.think_ms);
          snap = answer.snapshot;
        }} else {{
          snap = await engine.call("play", {{move: snap.legal_moves[0]}});
        }}
      }}
      return {{think, trips}};
    }}"""


def cpython_think(level: str, moves: int) -> list[float]:
    """The same game in CPython through the same bridge."""
    def call(method: str, **args: Any) -> Any:
        answer = json.loads(webapi.handle(json.dumps({"method": method, "args": args})))
        assert answer["ok"], answer
        return answer["result"]

    snap = call("new_game", level=level, hands=4, seed=SEED, bot_seed=BOT_SEED)
    think: list[float] = []
    while len(think) < moves:
        if snap["over"]:
            if snap["game"]["over"]:
                break
            snap = call("next_hand")
        elif snap["bot_to_move"]:
            answer = call("bot_move")
            think.append(answer["think_ms"])
            snap = answer["snapshot"]
        else:
            snap = call("play", move=snap["legal_moves"][0])
    return think


def summary(values: list[float]) -> str:
    """Median and range."""
    if not values:
        return "no values"
    return f"median {statistics.median(values):6.2f}  min {min(values):6.2f}  max {max(values):6.2f}"


def engine_value(page: Page, expression: str) -> Any:
    """A value read from the page's engine client (``e`` is the Engine)."""
    return page.evaluate(f"import('{CLIENT}').then(m => {{ const e = m.getEngine(); return {expression}; }})")


def boot_of(page: Page) -> str:
    """Which start the page used."""
    return str(page.locator("html").get_attribute("data-boot"))


def progress_error(page: Page) -> float:
    """Largest gap between the bar and elapsed/total time over this start (0..1)."""
    log = engine_value(page, "e.progressLog")
    if len(log) < 2:
        return 0.0
    total = max(log[-1]["t"], 1)
    return max(abs(entry["fraction"] - entry["t"] / total) for entry in log)


def first_table_ms(page: Page) -> float | None:
    """ms from navigation to the page's TABLE_MARK, or None while the page does not set it."""
    found = page.evaluate(f"performance.getEntriesByName({json.dumps(TABLE_MARK)}).map(e => e.startTime)")
    return float(found[0]) if found else None


def load(page: Page, url: str, ready: str = READY) -> float:
    """Seconds from navigation to a playable table (``ready``)."""
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(ready, timeout=TIMEOUT_MS)
    return time.perf_counter() - started


def kept(page: Page) -> None:
    """Wait until the service worker controls the page and the snapshot is kept (a return visit
    can then start from it)."""
    page.wait_for_selector("html[data-sw=controlled]", timeout=TIMEOUT_MS)
    page.wait_for_selector("html[data-snapshot=cached]", timeout=TIMEOUT_MS)


class Profiles:
    """Fresh persistent profiles (a real on-disk HTTP cache, as a visitor has)."""

    def __init__(self, p: Playwright, folder: str) -> None:
        self.p = p
        self.folder = folder
        self.count = 0

    def new(self) -> tuple[BrowserContext, Page]:
        """A new empty profile and its page."""
        self.count += 1
        context = self.p.chromium.launch_persistent_context(
            f"{self.folder}/profile{self.count}", executable_path="/usr/bin/chromium", args=FLAGS)
        page = context.pages[0] if context.pages else context.new_page()
        return context, page


Figures = dict[str, list[Any]]


def add(figures: Figures, name: str, value: Any) -> None:
    """Record one value of a figure, with the load at that moment."""
    figures.setdefault(name, []).append(value)
    figures.setdefault(f"{name} (load)", []).append(os.getloadavg()[0])


def timed_visit(profiles: Profiles, url: str, kind: str, figures: Figures) -> None:
    """A cold start of ``kind`` ("first visit", "snapshot", "normal") in a fresh profile, then a
    warm one (a return visit: auto for the snapshot and the first visit, normal forced)."""
    context, page = profiles.new()
    try:
        query = QUERY if kind == "first visit" else f"{QUERY}&boot={kind}"
        add(figures, f"cold {kind}", load(page, url + query))
        if kind == "first visit":
            figures.setdefault("first visit chose", []).append(
                f"{boot_of(page)} {engine_value(page, 'e.info.firstStart')}")
            return
        assert boot_of(page) == kind, f"cold {kind} start used {boot_of(page)}"
        if kind == "snapshot":
            kept(page)
        else:
            page.wait_for_selector("html[data-sw=controlled]", timeout=TIMEOUT_MS)
        warm_query = QUERY if kind == "snapshot" else f"{QUERY}&boot=normal"
        add(figures, f"warm {kind}", load(page, url + warm_query))
        assert boot_of(page) == kind, f"warm {kind} start used {boot_of(page)}"
        figures.setdefault(f"progress {kind}", []).append(progress_error(page))
        table = first_table_ms(page)
        if table is not None:
            figures.setdefault("first table", []).append(table / 1000)
        figures[f"stages {kind}"] = [engine_value(page, "e.info.stageMs")]
    finally:
        context.close()


def first_visit_bytes(profiles: Profiles, url: str, query: str, compress: bool) -> tuple[int, int, int]:
    """Bytes sent for a first visit with ``query``: to the playable table, with the service worker's
    precache, and with the snapshot kept for the next visit (never, with ?boot=normal: then the
    third figure is the second)."""
    CountingHandler.compress = compress
    try:
        context, page = profiles.new()
        CountingHandler.sent = 0
        load(page, url + query)
        to_table = CountingHandler.sent
        page.wait_for_selector("html[data-sw=controlled]", timeout=TIMEOUT_MS)
        precache = CountingHandler.sent
        if "boot=normal" not in query:
            page.wait_for_selector("html[data-snapshot=cached]", timeout=TIMEOUT_MS)
        context.close()
        return to_table, precache, CountingHandler.sent
    finally:
        CountingHandler.compress = True


def engine_release(dist: Path, folder: Path) -> Path:
    """A copy of ``dist`` as a release that changed only the engine would be: the wheel and the
    snapshot at a new engine folder (same sizes), the manifest pointing there, and the service
    worker's cache name changed. The snapshot's base folder stays: it hashes only Pyodide's files and
    the standard modules the engine needs (tests/test_build_site.py)."""
    site = folder / "release"
    shutil.copytree(dist, site, symlinks=True)
    manifest_path = site / "wheels" / "manifest.json"
    sw = site / "sw.js"
    manifest = json.loads(manifest_path.read_text())
    texts = {path: path.read_text() for path in (manifest_path, sw)}
    for rel in (manifest["engine"], manifest["snapshot"]):
        old_dir = (site / rel).parent
        new_dir = old_dir.with_name("release" + old_dir.name[7:])
        if not new_dir.exists():
            old_dir.rename(new_dir)
        texts = {path: text.replace(old_dir.name + "/", new_dir.name + "/") for path, text in texts.items()}
    texts[sw] = texts[sw].replace('const CACHE_NAME = "leopard-', 'const CACHE_NAME = "leopard-release-')
    client = site / build_site.ENGINE_CLIENT
    client.write_text(client.read_text().replace('const BUILD = "', 'const BUILD = "release-'))
    for path, text in [*texts.items(), (client, client.read_text())]:
        path.write_text(text)
        for suffix in (".br", ".gz"):  # the build's compressed copies hold the old text
            path.with_name(path.name + suffix).unlink(missing_ok=True)
    return site


# In the page: asks the service worker registration to look for a new sw.js (a navigation's own
# check may come late) and says whether the release's worker is active with its cache filled.
RELEASE_ACTIVE = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  if (r && !r.installing && !r.waiting) await r.update().catch(() => {});
  const names = await caches.keys();
  return names.some((n) => n.startsWith("leopard-release-")) && Boolean(r) && !r.installing && !r.waiting
    && Boolean(r.active) && r.active.state === "activated";
}"""


def release_bytes(profiles: Profiles, url: str, release: Path) -> tuple[int, int, str]:
    """Bytes a returning visitor downloads for an engine-only release: the visit that finds it (its
    service worker still serves the old files and installs the new one, precaching what changed),
    then the next visit to the playable table, and in all once the snapshot is kept (it is already,
    unless the release changed its address)."""
    context, page = profiles.new()
    try:
        load(page, url + QUERY)
        kept(page)
        CountingHandler.site = str(release)
        CountingHandler.sent = 0
        load(page, url + QUERY)
        # The new service worker has precached the release once its cache is there and it is active.
        # (Polled here: wait_for_function took the async predicate's promise for a true value and
        # went on at once, so the "release" visit was often the old release from the old cache.)
        deadline = time.perf_counter() + TIMEOUT_MS / 1000
        while not page.evaluate(RELEASE_ACTIVE):
            if time.perf_counter() > deadline:
                raise TimeoutError("the release's service worker never became active")
            page.wait_for_timeout(200)
        load(page, url + QUERY)
        to_table = CountingHandler.sent
        if "snapshot" not in engine_value(page, "e.info.stages"):  # not read from the worker's cache
            page.wait_for_selector("html[data-snapshot=cached]", timeout=TIMEOUT_MS)
        start = f"{boot_of(page)}{', engine swapped' if engine_value(page, 'e.info.engineSwapped') else ''}"
        return to_table, CountingHandler.sent, start
    finally:
        CountingHandler.site = None
        context.close()


def throttled_visit(profiles: Profiles, url: str, name: str, query: str) -> tuple[float, str]:
    """Seconds to a playable first visit over the link ``name`` (CDP emulation on the page, the same
    pacing in the server for the engine's worker), and the start used."""
    down, up, rtt = THROTTLE[name]
    context, page = profiles.new()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": rtt, "downloadThroughput": down / 8, "uploadThroughput": up / 8})
    CountingHandler.link = (down // 8, rtt)
    try:
        seconds = load(page, url + query)
        return seconds, boot_of(page)
    finally:
        CountingHandler.link = None
        context.close()


def boards_ready(page: Page, url: str) -> tuple[float, float]:
    """Seconds from navigation until the demo page's first board is ready and until every board is
    (ready, or refused: the demo shows one bad setting on purpose)."""
    started = time.perf_counter()
    page.goto(url)
    first = None
    count = """() => {
      const ids = (type) => new Set([...document.querySelectorAll(`#message-log li[data-type=${type}]`)]
        .map((li) => li.dataset.id));
      const frames = document.querySelectorAll("iframe").length;
      return [ids("ready").size, ids("ready").size + ids("error").size, frames];
    }"""
    while time.perf_counter() - started < TIMEOUT_MS / 1000:
        ready, settled, frames = page.evaluate(count)
        now = time.perf_counter() - started
        if ready and first is None:
            first = now
        if frames and settled >= frames:
            return first or now, now
        page.wait_for_timeout(50)
    raise TimeoutError("the demo's boards were not all ready")


def embed_figures(profiles: Profiles, url: str, figures: Figures) -> None:
    """One board alone, then the demo's boards, each on a first visit and a return visit."""
    context, page = profiles.new()
    try:
        add(figures, "one board, first visit", load(page, url + ONE_BOARD, EMBED_READY))
        page.wait_for_selector("html[data-snapshot=cached]", timeout=TIMEOUT_MS)
        add(figures, "one board, return visit", load(page, url + ONE_BOARD, EMBED_READY))
    finally:
        context.close()
    context, page = profiles.new()
    try:
        first, every = boards_ready(page, url + EMBED_DEMO)
        add(figures, "demo first board, first visit", first)
        add(figures, "demo all boards, first visit", every)
        page.wait_for_timeout(5000)  # the snapshot kept in the background
        first, every = boards_ready(page, url + EMBED_DEMO)
        add(figures, "demo first board, return visit", first)
        add(figures, "demo all boards, return visit", every)
    finally:
        context.close()


def megabytes(n: int) -> str:
    """Bytes as MB with two decimals."""
    return f"{n / 1e6:6.2f} MB"


def run_bots(page_factory: Callable[[], tuple[BrowserContext, Page]], url: str, levels: list[str],
             moves: int) -> None:
    """Print the bot think-time table."""
    context, page = page_factory()
    try:
        load(page, url + QUERY)
        print(f"bot think time per move (ms), {moves} moves per level, same positions:")
        print(f"  {'level':8} {'browser (Pyodide)':>40}   {'CPython':>40}   ratio")
        for level in levels:
            result = page.evaluate(play_script(level, moves))
            native = cpython_think(level, moves)
            ratio = statistics.median(result["think"]) / max(statistics.median(native), 1e-6)
            print(f"  {level:8} {summary(result['think']):>40}   {summary(native):>40}   {ratio:5.1f}")
    finally:
        context.close()


def median(figures: Figures, name: str) -> float:
    """A figure's median."""
    return statistics.median(figures[name])


def print_times(figures: Figures) -> None:
    """Every timed figure: median, range, runs, and the load during them."""
    for name, values in figures.items():
        if name.endswith("(load)") or f"{name} (load)" not in figures:
            continue
        loads = figures[f"{name} (load)"]
        print(f"  {name:32} {summary(values)}   runs {[round(v, 2) for v in values]}"
              f"   load {[round(v, 1) for v in loads]}")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="repetitions of each start (interleaved)")
    parser.add_argument("--moves", type=int, default=8, help="bot moves timed per level")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels ('' skips)")
    parser.add_argument("--throttled-reps", type=int, default=1, help="first visits per throttled link")
    args = parser.parse_args(argv)
    dist = ensure_built()
    manifest = json.loads((dist / "wheels" / "manifest.json").read_text())
    server, url = serve.start_server(dist, handler_class=CountingHandler)
    kinds = ("first visit", "snapshot", "normal")
    figures: Figures = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as folder:
        profiles = Profiles(p, folder)
        print(f"start: {load_average()}", file=sys.stderr, flush=True)
        for rep in range(args.reps):
            for kind in kinds[rep % 3:] + kinds[:rep % 3]:
                timed_visit(profiles, url, kind, figures)
            print(f"  repetition {rep + 1}/{args.reps} done, {load_average()}", file=sys.stderr, flush=True)
        embed_figures(profiles, url, figures)
        print(f"  embed done, {load_average()}", file=sys.stderr, flush=True)
        throttled: dict[str, list[tuple[float, str]]] = {}
        for _ in range(args.throttled_reps):
            for name in THROTTLE:
                for label, query in (("first visit", QUERY), ("normal", QUERY + "&boot=normal")):
                    run = throttled_visit(profiles, url, name, query)
                    throttled.setdefault(f"{name} {label}", []).append(run)
                    print(f"  {name} {label} done, {load_average()}", file=sys.stderr, flush=True)
        print(f"  figures so far: {json.dumps({k: v for k, v in figures.items() if 'stages' not in k})}"
              f" throttled {throttled}", file=sys.stderr, flush=True)
        plain = first_visit_bytes(profiles, url, QUERY, compress=False)
        packed = first_visit_bytes(profiles, url, QUERY, compress=True)
        old_packed = first_visit_bytes(profiles, url, QUERY + "&boot=normal", compress=True)
        print(f"  bytes done: {packed}, {load_average()}", file=sys.stderr, flush=True)
        try:
            release = release_bytes(profiles, url, engine_release(dist, Path(folder)))
        except Exception as err:  # a figure that could not be taken is printed as such
            print(f"  engine-only release: {err}", file=sys.stderr, flush=True)
            release = None
        context, _ = profiles.new()
        version = context.browser.version if context.browser else "?"
        context.close()
        print(f"Chromium {version}, Pyodide {build_site.pinned_pyodide_version()}, localhost, "
              f"{args.reps} interleaved repetitions, times in seconds; at the end {load_average()}")
        print_times(figures)
        print(f"  first visit chose: {figures['first visit chose']}")
        warm = median(figures, "warm snapshot") / median(figures, "warm normal")
        cold = median(figures, "cold snapshot") / median(figures, "cold normal")
        print(f"  warm/bare (warm snapshot / warm normal): {warm:.2f}; cold snapshot/normal: {cold:.2f}")
        for kind in ("snapshot", "normal"):
            print(f"  warm {kind} stages (ms, last run): {figures[f'stages {kind}'][-1]}")
            print(f"  progress bar vs clock, warm {kind}: largest gap {summary(figures[f'progress {kind}'])}")
        if figures.get("first table"):
            print(f"  first drawn table, warm (s): {summary(figures['first table'])}")
        for visit in ("first visit", "return visit"):
            one = median(figures, f"one board, {visit}")
            every = median(figures, f"demo all boards, {visit}")
            print(f"  embed demo, {visit}: all boards / one board alone = {every:.2f} / {one:.2f}"
                  f" = {every / one:.2f}")
        print("throttled first visit (s, start used):")
        for name, runs in throttled.items():
            print(f"  {name:24} {[(round(t, 2), boot) for t, boot in runs]}")
        print(f"first visit bytes (Accept-Encoding seen: {sorted(CountingHandler.encodings)}):")
        print(f"  {'':36} {'uncompressed':>12} {'compressed':>12}")
        print(f"  {'to the playable table':36} {megabytes(plain[0]):>12} {megabytes(packed[0]):>12}")
        print(f"  {'with the precache':36} {megabytes(plain[1]):>12} {megabytes(packed[1]):>12}")
        print(f"  {'with the snapshot kept':36} {megabytes(plain[2]):>12} {megabytes(packed[2]):>12}")
        print(f"  {'old first visit (?boot=normal): table':36} {'':>12} {megabytes(old_packed[0]):>12}")
        print(f"  {'old first visit: with the precache':36} {'':>12} {megabytes(old_packed[1]):>12}")
        if release:
            print(f"  {'engine-only release: to the table':36} {'':>12} {megabytes(release[0]):>12}")
            print(f"  {'engine-only release: all kept':36} {'':>12} {megabytes(release[1]):>12}"
                  f"   (the visit after it started: {release[2]})")
        else:
            print("  engine-only release: not measured (the simulated release did not complete)")
        siblings = {suffix: sum((dist / (rel + suffix)).stat().st_size for rel in [*manifest["sizes"]]
                                if (dist / (rel + suffix)).exists()) for suffix in (".br", ".gz")}
        raw = sum(manifest["sizes"].values())
        print(f"  the normal start's big files: {megabytes(raw)} raw, {megabytes(siblings['.br'])} brotli, "
              f"{megabytes(siblings['.gz'])} gzip; snapshot {megabytes(manifest['snapshot_bytes'])} raw, "
              f"{megabytes((dist / (manifest['snapshot'] + '.br')).stat().st_size)} brotli")
        levels = [level for level in args.levels.split(",") if level]
        if levels:
            run_bots(profiles.new, url, levels, args.moves)
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
