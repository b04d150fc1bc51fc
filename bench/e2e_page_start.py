"""What one e2e page start costs in CPU, by Chromium process; prints figures, asserts nothing.

The browser tests (e2e/) are CPU-bound on CI's two cores, and each test starts at least one page of
the built site in a warm profile (e2e/pages/warm.py) from the engine's memory snapshot. This script
measures that start the way the tests make it, on Linux (it reads /proc), so that a change to the
harness or to the start can be judged in CPU-seconds, which a shared machine's load moves far less
than wall time.

Figures (CPU-seconds per start, summed over this process and every process under it: Playwright's
driver and Chromium's browser, renderers, GPU and network processes):
    by process     -- a warm start (``GamePage.start``: the profile's compiled code and HTTP cache
                      warm, its storage wiped), split by Chromium process type. The snapshot is
                      fetched (from the HTTP cache) and then kept in Cache Storage, as a first
                      visit's start does (the tests' profiles keep it at their launch instead:
                      e2e/pages/warm.py, prime; these are made without it).
    fetched/cached -- in one lent page: the start above (the snapshot fetched and kept), then a
                      reload (the snapshot read from Cache Storage, as a returning visitor's), then
                      the wipe after the test.
    cold profile   -- a profile launched, one start, against the same profile's next starts: what a
                      test process pays each time it launches a profile (WarmProfiles keeps at most
                      MAX_PROFILES per process; one more set of settings closes the least recent).

Usage: ``python bench/e2e_page_start.py [--starts 4]`` after ``python tools/build_site.py``.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT / "tools")]

import serve  # noqa: E402
from pages.leopard import GamePage  # noqa: E402
from pages.site import NO_SERVICE_WORKER, PYTHON_START_MS  # noqa: E402
from pages.warm import WarmProfiles  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
TICK = os.sysconf("SC_CLK_TCK")
# The snapshot's entry is in the worker's cache once its write is done (the cache itself exists as
# soon as the write begins).
KEPT_JS = "caches.open('leopard-snapshot').then((cache) => cache.keys()).then((keys) => keys.length > 0)"
# A closed page's renderer is reaped by Chromium's zygote: its CPU shows there.
KINDS = {"zygote": "renderer"}


def process_tree() -> list[int]:
    """This process and all its descendants."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                parent = int(Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children[parent].append(int(name))
    found, todo = [], [os.getpid()]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children[pid]
    return found


def kind_of(pid: int) -> str:
    """Chromium's process type (--type=, with the utility's service), else the program's name."""
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
        words = raw.replace(b"\0", b" ").decode(errors="replace").split()
    except OSError:
        return "gone"
    if not words:
        return "gone"
    kind = next((w[7:] for w in words if w.startswith("--type=")), "")
    service = next((w.split("=", 1)[1].split(".")[-1] for w in words
                    if w.startswith("--utility-sub-type=")), "")
    if kind:
        return f"{kind}:{service}" if service else KINDS.get(kind, kind)
    if pid == os.getpid():
        return "python (test side)"
    return "browser" if "chrom" in words[0] else Path(words[0]).name


def cpu_by_kind() -> collections.Counter[str]:
    """CPU-seconds so far of each live process of the tree (with its reaped children's), by kind."""
    totals: collections.Counter[str] = collections.Counter()
    for pid in process_tree():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        totals[kind_of(pid)] += sum(int(v) for v in fields[11:15]) / TICK
    return totals


def cpu() -> float:
    return sum(cpu_by_kind().values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=4, help="starts per figure (default 4)")
    args = parser.parse_args()
    n = args.starts
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {n} starts per figure")
    server, url = serve.start_server(ROOT / "dist")
    launch = {"executable_path": CHROMIUM, "args": FLAGS}
    context = {"locale": "en-US", **NO_SERVICE_WORKER}
    try:
        with sync_playwright() as playwright:
            # cold profile: launched, one start; then the same profile's next starts
            before = cpu()
            profiles = WarmProfiles(playwright, launch, context)
            with profiles.lend() as page:
                GamePage(page, url).start(seed=2)
            cold = cpu() - before

            # by process: warm starts (fetched snapshot, kept), each lent and wiped as a test's
            before_kinds, started = cpu_by_kind(), time.monotonic()
            for i in range(n):
                with profiles.lend() as page:
                    GamePage(page, url).start(seed=3 + i)
            wall = (time.monotonic() - started) / n
            spent = cpu_by_kind()
            spent.subtract(before_kinds)
            warm = sum(spent.values()) / n
            print(f"\ncold profile: launch and first start {cold:.2f} s, a next start {warm:.2f} s "
                  f"(each launch costs about {cold - warm:.2f} s more)")
            print(f"\nby process, a warm start with the wipe after it ({wall:.2f} s wall each):")
            for kind, seconds in spent.most_common():
                if seconds > 0.005 * n:
                    print(f"  {kind:32s} {seconds / n:6.2f} s")
            print(f"  {'total':32s} {warm:6.2f} s")

            # fetched/cached: the same page started twice, the snapshot kept in between
            fetched = cached = wiped = 0.0
            for i in range(n):
                before = cpu()
                with profiles.lend() as page:
                    game = GamePage(page, url)
                    game.start(seed=3 + i)
                    page.wait_for_function(KEPT_JS, timeout=PYTHON_START_MS)
                    kept = cpu()
                    page.reload()
                    game.wait_settled(PYTHON_START_MS)
                    again = cpu()
                wiped += cpu() - again
                fetched += kept - before
                cached += again - kept
            print(f"\nsnapshot fetched and kept {fetched / n:.2f} s, read from Cache Storage "
                  f"{cached / n:.2f} s (a reload), the wipe after {wiped / n:.2f} s")
            profiles.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
