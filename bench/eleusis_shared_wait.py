"""How long another page of the site waits while the Eleusis page starts a game; prints figures,
asserts nothing.

The site's pages share one Python (a SharedWorker): a long call of one page holds every other
page's calls until it ends. The Eleusis page asks for a new game and then has the computer players
made (their hypothesis spaces are built on first use in a worker): that is the long part.

Figures (each repetition in a fresh browser context, so a fresh shared worker with nothing built):
    other page's wait -- a card-game page (index.html), already started, sends ``levels`` again and
                         again while the Eleusis page opens; the longest time one of them waited,
                         and the median.
    eleusis settled   -- from the Eleusis page's navigation until it waits for the person.
    hand shown        -- from the same navigation until the person's hand is drawn (buttons in
                         #hand), the table readable.
    worker calls      -- the longest single eleusis.* answer the Eleusis page got (the worker's own
                         ``ms`` of each answer: time inside Python), and eleusis.new's (the dealer
                         reads its catalogue at import, so from the memory snapshot too: a few ms;
                         seconds would mean it checks every candidate rule instead).

Usage: ``python tools/build_site.py && python bench/eleusis_shared_wait.py [--reps 3]
[--levels scientist,scientist,scientist] [--dist other/dist ...]``: several ``--dist`` (e.g. a build
of main and one of a branch) are measured in turn in each repetition, so the machine's load falls
on both alike.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
OTHER_PAGE = "index.html?seed=31&botseed=3&hands=1&level=random&pace=0&boot=snapshot"
OTHER_SETTLED = "body[data-phase=your-turn], body[data-phase=hand-over], body[data-phase=game-over]"
ELEUSIS_SETTLED = "body[data-phase=your-turn], body[data-phase=game-over]"
START_MS = 120_000

# Sends `levels` one after another from the other page, keeping each one's wait, until told to stop.
PROBE = """() => import('./js/platform/engine/client.js').then((m) => {
  const engine = m.getEngine();
  window.__waits = [];
  window.__probing = true;
  const next = () => {
    if (!window.__probing) return;
    const t = performance.now();
    engine.call('levels').then(() => { window.__waits.push(performance.now() - t); setTimeout(next, 20); });
  };
  next();
})"""

# Records every answer the Eleusis page gets from the worker (its `ms` inside Python, its method).
SPY = """(() => {
  window.__answers = [];
  const Real = window.SharedWorker;
  if (!Real) return;
  window.SharedWorker = class extends Real {
    constructor(...args) {
      super(...args);
      const sent = new Map();
      const post = this.port.postMessage.bind(this.port);
      this.port.postMessage = (m) => {
        if (m && typeof m.id === 'number') sent.set(m.id, m.method);
        post(m);
      };
      this.port.addEventListener('message', (e) => {
        const d = e.data || {};
        const ready = !(d.result && d.result.ready === false);
        if (typeof d.id === 'number') window.__answers.push({method: sent.get(d.id), ms: d.ms, ready});
      });
    }
  };
})();"""


def one_run(browser: Browser, url: str, query: str) -> dict[str, Any]:
    """One fresh context: the other page started, then the Eleusis page opened while it probes."""
    context = browser.new_context()
    try:
        other = context.new_page()
        other.goto(url + OTHER_PAGE)
        other.wait_for_selector(OTHER_SETTLED, timeout=START_MS)
        other.evaluate(PROBE)
        eleusis = context.new_page()
        eleusis.add_init_script(SPY)
        start = time.perf_counter()
        eleusis.goto(url + "eleusis.html" + query)
        eleusis.wait_for_selector("#hand button", timeout=START_MS)
        shown = time.perf_counter() - start
        eleusis.wait_for_selector(ELEUSIS_SETTLED, timeout=START_MS)
        settled = time.perf_counter() - start
        # Wait until the worker has answered everything the page asked (prepare included).
        eleusis.wait_for_function(
            "() => window.__answers.some((a) => a.method === 'eleusis.prepare' && a.ready)",
            timeout=START_MS)
        other.evaluate("() => { window.__probing = false; }")
        waits = list(other.evaluate("() => window.__waits"))
        answers = list(eleusis.evaluate("() => window.__answers"))
        eleusis_calls = [a for a in answers if str(a.get("method", "")).startswith("eleusis.")]
        return {
            "wait_max": max(waits) / 1000,
            "wait_median": statistics.median(waits) / 1000,
            "settled": settled,
            "shown": shown,
            "longest_call": max(a["ms"] for a in eleusis_calls) / 1000,
            "new_call": max(a["ms"] for a in eleusis_calls if a["method"] == "eleusis.new") / 1000,
            "prepare_calls": sum(1 for a in eleusis_calls if a["method"] == "eleusis.prepare"),
        }
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--levels", default="scientist,scientist,scientist")
    parser.add_argument("--dist", action="append", type=Path, help="a built site (default: dist/)")
    args = parser.parse_args(argv)
    dists = args.dist or [ROOT / "dist"]
    for dist in dists:
        if not (dist / "sw.js").exists():
            sys.exit(f"build the site first: python tools/build_site.py ({dist} has none)")
    levels = args.levels.split(",")
    query = (f"?game=express&bots={len(levels)}&levels={','.join(levels)}"
             "&difficulty=easy&seed=5&pace=0&boot=snapshot")
    servers = [serve.start_server(dist) for dist in dists]
    runs: dict[Path, list[dict[str, Any]]] = {dist: [] for dist in dists}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for _ in range(args.reps):
                for dist, (_, url) in zip(dists, servers, strict=True):
                    runs[dist].append(one_run(browser, url, query))
            browser.close()
    finally:
        for server, _ in servers:
            server.shutdown()
            server.server_close()
    for dist in dists:
        print_figures(f"{dist}: Eleusis start ({', '.join(levels)}) and another page of the site",
                      runs[dist])
    return 0


def print_figures(title: str, runs: list[dict[str, Any]]) -> None:
    """The medians and every run's figure."""
    print(f"{title}, {len(runs)} runs (load {os.getloadavg()[0]:.1f}):")
    for name, label in [("wait_max", "other page's longest wait"),
                        ("wait_median", "other page's median wait"),
                        ("shown", "eleusis hand shown"), ("settled", "eleusis settled"),
                        ("longest_call", "longest eleusis call in Python"),
                        ("new_call", "eleusis.new in Python"), ("prepare_calls", "prepare calls")]:
        values = [r[name] for r in runs]
        every = json.dumps([round(v, 2) for v in values])
        print(f"  {label:32} median {statistics.median(values):6.2f}   all {every}")


if __name__ == "__main__":
    sys.exit(main())
