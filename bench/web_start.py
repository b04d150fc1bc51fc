"""Benchmark the game page's start in Chromium on localhost; prints figures, asserts nothing.

Figures (one run, repetitions interleaved: snapshot and normal alternate, each in fresh profiles):
    cold start     -- fresh browser profile (empty on-disk HTTP cache, no service worker): page load
                      to a playable table. "snapshot" asks for the memory snapshot (?boot=snapshot:
                      downloaded now); "normal" starts Python and unpacks the engine (?boot=normal:
                      what a first visit does before it fetches the snapshot in the background).
    warm start     -- a reload once the service worker controls the page: "snapshot" is a return
                      visit (the snapshot read from the engine worker's cache), "normal" the
                      fallback start with everything cached.
    ratio          -- snapshot median / normal median (issue 8's target: warm <= 0.35).
    progress       -- how far the bar strayed from elapsed time / total time on warm starts (0 is a
                      bar that moves exactly with the clock; the old bar sat at 60% for 85% of it).
    first table    -- time from navigation to the first drawn table on a warm visit: read from the
                      performance mark TABLE_MARK, which the game page sets when it first draws a table
                      (before Python is ready); "not marked" while the page does not set it.
    bytes          -- what the server sent on a first visit (auto mode: normal start, snapshot fetched
                      in the background): up to the playable table, with the service worker's precache,
                      and with the snapshot kept; compressed (the build's .br/.gz siblings, as
                      tools/serve.py sends them) and not.
    bot think      -- per level: the bot's time per move inside Pyodide and in CPython, same positions.

Usage: ``python bench/web_start.py [--reps 5] [--moves 8] [--levels random,greedy,normal]``
(``--levels ''`` skips the bot figures).
"""

from __future__ import annotations

import argparse
import json
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
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
SEED, BOT_SEED = 4242, 17
QUERY = "?seed=1&botseed=1&hands=1&level=random&pace=0"
TIMEOUT_MS = 180_000
# The hook for "time to the first drawn table": the game page calls performance.mark(TABLE_MARK) when
# it first draws a table (the last view, or the empty table of a first visit).
TABLE_MARK = "leopard:table-drawn"


class CountingHandler(serve.SiteHandler):
    """Counts the body bytes the server sends; ``compress`` False ignores the .br/.gz siblings."""

    sent = 0
    compress = True
    encodings: set[str] = set()  # noqa: RUF012 -- shared by design: one counter for all requests
    lock = threading.Lock()

    def send_head(self):  # type: ignore[no-untyped-def]
        """Record the browser's Accept-Encoding; hide it when compression is off."""
        with CountingHandler.lock:
            CountingHandler.encodings.add(self.headers.get("Accept-Encoding", ""))
        if not CountingHandler.compress:
            del self.headers["Accept-Encoding"]
        return super().send_head()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        """Copy like the base class, counting bytes."""
        data = source.read()
        with CountingHandler.lock:
            CountingHandler.sent += len(data)
        outputfile.write(data)


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
    script = f"import('./js/platform/engine/client.js').then(m => {{ const e = m.getEngine(); return {expression}; }})"
    return page.evaluate(script)


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


def load(page: Page, url: str) -> float:
    """Seconds from navigation to a playable table."""
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(READY, timeout=TIMEOUT_MS)
    return time.perf_counter() - started


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


def timed_pair(profiles: Profiles, url: str, kind: str, results: dict[str, list[float]],
               extra: dict[str, list[float]]) -> None:
    """One cold and one warm start of ``kind`` ("snapshot" or "normal") in a fresh profile."""
    context, page = profiles.new()
    try:
        mode = "snapshot" if kind == "snapshot" else "normal"
        results[f"cold {kind}"].append(load(page, f"{url}{QUERY}&boot={mode}"))
        assert boot_of(page) == kind, f"cold {kind} start used {boot_of(page)}"
        page.wait_for_selector("html[data-sw=controlled]", timeout=TIMEOUT_MS)
        if kind == "snapshot":
            page.wait_for_selector("html[data-snapshot=cached]", timeout=TIMEOUT_MS)
        # A return visit: auto mode for the snapshot (it must come from the cache), normal forced.
        warm_query = QUERY if kind == "snapshot" else f"{QUERY}&boot=normal"
        results[f"warm {kind}"].append(load(page, url + warm_query))
        assert boot_of(page) == kind, f"warm {kind} start used {boot_of(page)}"
        extra[f"progress {kind}"].append(progress_error(page))
        table = first_table_ms(page)
        if table is not None:
            extra["first table"].append(table / 1000)
        stages = engine_value(page, "e.info.stageMs")
        extra.setdefault(f"stages {kind}", []).append(stages)
    finally:
        context.close()


def first_visit_bytes(profiles: Profiles, url: str, compress: bool) -> tuple[int, int, int]:
    """Bytes sent for a first visit: to the playable table and with the service worker's precache
    (a normal start, ?boot=normal, so the background snapshot is not counted yet), and in all once
    the snapshot is kept for the next visit (the default start, in another fresh profile)."""
    CountingHandler.compress = compress
    try:
        context, page = profiles.new()
        CountingHandler.sent = 0
        load(page, url + QUERY + "&boot=normal")
        to_table = CountingHandler.sent
        page.wait_for_selector("html[data-sw=controlled]", timeout=TIMEOUT_MS)
        precache = CountingHandler.sent
        context.close()
        context, page = profiles.new()
        CountingHandler.sent = 0
        load(page, url + QUERY)
        page.wait_for_selector("html[data-sw=controlled]", timeout=TIMEOUT_MS)
        page.wait_for_selector("html[data-snapshot=cached]", timeout=TIMEOUT_MS)
        context.close()
        return to_table, precache, CountingHandler.sent
    finally:
        CountingHandler.compress = True


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


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="repetitions of each start (interleaved)")
    parser.add_argument("--moves", type=int, default=8, help="bot moves timed per level")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels ('' skips)")
    args = parser.parse_args(argv)
    dist = ensure_built()
    manifest = json.loads((dist / "wheels" / "manifest.json").read_text())
    server, url = serve.start_server(dist, handler_class=CountingHandler)
    kinds = ("snapshot", "normal")
    results: dict[str, list[float]] = {f"{w} {k}": [] for w in ("cold", "warm") for k in kinds}
    extra: dict[str, list[Any]] = {"progress snapshot": [], "progress normal": [], "first table": []}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as folder:
        profiles = Profiles(p, folder)
        for rep in range(args.reps):
            order = ("snapshot", "normal") if rep % 2 == 0 else ("normal", "snapshot")
            for kind in order:
                timed_pair(profiles, url, kind, results, extra)
            print(f"  repetition {rep + 1}/{args.reps} done", file=sys.stderr, flush=True)
        plain = first_visit_bytes(profiles, url, compress=False)
        packed = first_visit_bytes(profiles, url, compress=True)
        context, _ = profiles.new()
        version = context.browser.version if context.browser else "?"
        context.close()
        print(f"Chromium {version}, Pyodide {build_site.pinned_pyodide_version()}, localhost, "
              f"{args.reps} interleaved repetitions of each start, times in seconds")
        for name, values in results.items():
            print(f"  {name:14} {summary(values)}   runs {[round(v, 2) for v in values]}")
        for temp in ("cold", "warm"):
            medians = [statistics.median(results[f"{temp} {kind}"]) for kind in kinds]
            print(f"  {temp} ratio snapshot/normal: {medians[0] / medians[1]:.2f}")
        for kind in ("snapshot", "normal"):
            print(f"  warm {kind} stages (ms, last run): {extra[f'stages {kind}'][-1]}")
            print(f"  progress bar vs clock, warm {kind}: largest gap {summary(extra[f'progress {kind}'])}")
        if extra["first table"]:
            print(f"  first drawn table, warm (s): {summary(extra['first table'])}")
        else:
            print(f"  first drawn table, warm: not marked (the page does not call"
                  f" performance.mark({TABLE_MARK!r}))")
        print(f"first visit bytes (Accept-Encoding seen: {sorted(CountingHandler.encodings)}):")
        print(f"  {'':28} {'uncompressed':>12} {'compressed':>12}")
        print(f"  {'to the playable table':28} {megabytes(plain[0]):>12} {megabytes(packed[0]):>12}")
        print(f"  {'with the precache':28} {megabytes(plain[1]):>12} {megabytes(packed[1]):>12}")
        print(f"  {'with the snapshot kept':28} {megabytes(plain[2]):>12} {megabytes(packed[2]):>12}")
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
