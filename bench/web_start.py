"""Benchmark the game page in Chromium on localhost; prints figures, asserts nothing.

Figures:
    cold start    -- fresh browser profile: page load to a playable table (Python downloaded,
                     started, engine installed, first view drawn).
    warm start    -- reload with the service worker's cache (and the HTTP cache) filled.
    bytes         -- bytes the server sent on the first visit: up to the playable table, and in all
                     once the service worker has precached the site.
    bot think     -- per level: the bot's time per move measured inside Python in the browser
                     (Pyodide) and in CPython on the same positions (same seeds, same moves).

Usage: ``python bench/web_start.py [--runs 3] [--moves 8] [--levels random,greedy,normal]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402
import serve  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from leopard_core import webapi  # noqa: E402
from leopard_core.bots import LEVELS  # noqa: E402

READY = "body[data-phase=your-turn], body[data-phase=hand-over], body[data-phase=game-over]"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
SEED, BOT_SEED = 4242, 17


class CountingHandler(serve.SiteHandler):
    """Counts the body bytes the server sends."""

    sent = 0
    lock = threading.Lock()

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
      const {{ getEngine }} = await import("./js/engine-client.js");
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


def wait_ready(page: Page) -> float:
    """Seconds until the table is playable, from now."""
    started = time.perf_counter()
    page.wait_for_selector(READY, timeout=120_000)
    return time.perf_counter() - started


def summary(values: list[float]) -> str:
    """Median and maximum."""
    return f"median {statistics.median(values):7.1f}  max {max(values):7.1f}"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold and warm starts to time")
    parser.add_argument("--moves", type=int, default=8, help="bot moves timed per level")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels")
    args = parser.parse_args(argv)
    dist = ensure_built()
    server, url = serve.start_server(dist, handler_class=CountingHandler)
    query = "?seed=1&botseed=1&hands=1&level=random&pace=0"
    cold, warm = [], []
    first_visit: tuple[int, int] = (0, 0)
    stages: dict[str, int] = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profiles:
        for run in range(args.runs):
            # A fresh persistent profile per run: an empty but real (on-disk) HTTP cache, as a
            # first-time visitor has; incognito contexts keep a small in-memory cache instead.
            context = p.chromium.launch_persistent_context(
                f"{profiles}/run{run}", executable_path="/usr/bin/chromium", args=FLAGS)
            page = context.pages[0] if context.pages else context.new_page()
            CountingHandler.sent = 0
            started = time.perf_counter()
            page.goto(url + query)
            page.wait_for_selector(READY, timeout=120_000)
            cold.append(time.perf_counter() - started)
            to_table = CountingHandler.sent
            page.wait_for_selector("html[data-sw=controlled]", timeout=120_000)
            if run == 0:
                first_visit = (to_table, CountingHandler.sent)
            started = time.perf_counter()
            page.reload()
            page.wait_for_selector(READY, timeout=120_000)
            warm.append(time.perf_counter() - started)
            stages = page.evaluate("import('./js/engine-client.js').then(m => m.getEngine().info.stages)")
            if run < args.runs - 1:
                context.close()
        version = context.browser.version if context.browser else "?"
        print(f"Chromium {version}, Pyodide {build_site.pinned_pyodide_version()}, localhost")
        print(f"cold start to playable table (s): {summary(cold)}   runs {[round(v, 2) for v in cold]}")
        print(f"warm start, service worker (s):   {summary(warm)}   runs {[round(v, 2) for v in warm]}")
        print(f"last warm start inside the worker (ms since it started): {stages}")
        print(f"first visit bytes: {first_visit[0] / 1e6:.2f} MB to the table, "
              f"{first_visit[1] / 1e6:.2f} MB with the service worker's precache")
        print(f"bot think time per move (ms), {args.moves} moves per level, same positions:")
        print(f"  {'level':8} {'browser (Pyodide)':>32}   {'CPython':>30}   ratio  round trip median")
        for level in args.levels.split(","):
            result = page.evaluate(play_script(level, args.moves))
            native = cpython_think(level, args.moves)
            ratio = statistics.median(result["think"]) / max(statistics.median(native), 1e-6)
            print(f"  {level:8} {summary(result['think']):>32}   {summary(native):>30}   {ratio:5.1f}"
                  f"  {statistics.median(result['trips']):7.1f}")
        context.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
