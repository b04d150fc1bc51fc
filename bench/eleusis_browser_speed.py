"""How long an Eleusis computer player takes to decide in WebAssembly: the same Pyodide and engine
wheel the site ships (``dist/``, so build the site first), run by Node's V8, the engine that runs
them in Chromium.

Prints, per level: the time to make the player (its hypothesis space is built on first use) and the
median, 95th percentile and largest time of a decision (``choose_play`` and the guess check after
it, as ``bench/eleusis_science.py``'s ``play_round`` times them) over one round of each of
``--rules`` rules spread over that benchmark's list. The goal is a p95 of 200 ms a decision.

Usage: ``python tools/build_site.py && python bench/eleusis_browser_speed.py [--levels expert]
[--rules 6]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"

RUNNER = r"""
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import path from "node:path";
const [indexDir, wheel, bench, python] = process.argv.slice(2);
const indexURL = path.resolve(indexDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL, stdout: (l) => console.log(l) });
pyodide.unpackArchive(new Uint8Array(await readFile(wheel)), "wheel");
pyodide.FS.writeFile("/tmp/eleusis_science.py", await readFile(bench, "utf8"));
const wall = performance.now(), cpu = process.cpuUsage();
const figures = JSON.parse(await pyodide.runPythonAsync(await readFile(python, "utf8")));
const used = process.cpuUsage(cpu);
figures.cpu_share = (used.user + used.system) / 1000 / (performance.now() - wall);
console.log(JSON.stringify(figures));
"""

MEASURE = """
import json, statistics, sys, time
sys.path.insert(0, "/tmp")
import eleusis_science as bench
from leopard_core.games.eleusis.players import make_player
import random
levels, count = {levels!r}, {rules!r}
# Rules spread over the benchmark's list (classic, grown kinds, outside the language), one round each.
rules = bench.RULES[::max(1, len(bench.RULES) // count)][:count]
out = {{}}
for level in levels:
    start = time.perf_counter()
    make_player(level, random.Random(0))
    made = (time.perf_counter() - start) * 1000
    times = []
    for secret in rules:
        times += bench.play_round(level, secret, 0, calibrate=False).decision_ms
    out[level] = {{"make_ms": made, "median_ms": statistics.median(times),
                  "p95_ms": bench.percentile(times, 0.95), "max_ms": max(times),
                  "decisions": len(times), "kinds": sorted({{s.kind for s in rules}})}}
json.dumps(out)
"""


def main() -> None:
    """Run the measurement in Pyodide under Node and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="scientist,expert")
    parser.add_argument("--rules", type=int, default=6, help="how many of the benchmark's rules")
    args = parser.parse_args()
    wheels = sorted(DIST.glob("wheels/*/leopard_core-*.whl"), key=lambda w: w.stat().st_mtime)
    indexes = sorted(DIST.glob("pyodide/*/pyodide.mjs"))
    if not indexes or not wheels:
        sys.exit("build the site first: python tools/build_site.py")
    with tempfile.TemporaryDirectory() as tmp:
        runner, python = Path(tmp) / "run.mjs", Path(tmp) / "measure.py"
        runner.write_text(RUNNER)
        python.write_text(MEASURE.format(levels=args.levels.split(","), rules=args.rules))
        done = subprocess.run(["node", str(runner), str(indexes[-1].parent), str(wheels[-1]),
                               str(ROOT / "bench" / "eleusis_science.py"), str(python)],
                              capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(done.stderr[-2000:])
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    share = min(1.0, figures.pop("cpu_share"))  # Node's helper threads may add a little
    # In WebAssembly Python's clocks are the wall clock: on a loaded machine a decision's time counts
    # the waits for a core too. The run's share of a core (Node's own CPU time over the wall time)
    # says how much; "on a free core" scales the times by it (an estimate: the share is the run's mean).
    print(f"Eleusis computer players in Pyodide (Node's V8); times are wall times, and this run had "
          f"{share:.0%} of a core (on a free core: about {share:.2f} x these):")
    for level, f in figures.items():
        print(f"  {level:9}  make {f['make_ms']:7.0f} ms   decision median {f['median_ms']:6.1f} ms"
              f"   p95 {f['p95_ms']:6.1f} ms   max {f['max_ms']:7.1f} ms   ({f['decisions']} decisions"
              f" on {len(f['kinds'])} kinds of rule: {', '.join(f['kinds'])}; goal p95 <= 200 ms)")
        print(f"  {'':9}  on a free core, about: decision median {f['median_ms'] * share:6.1f} ms"
              f"   p95 {f['p95_ms'] * share:6.1f} ms")


if __name__ == "__main__":
    main()
