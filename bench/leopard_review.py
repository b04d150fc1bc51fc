"""The card game's review of a hand (issue 35): how right its slips are, and how fast it reviews.

    nice -n 10 .venv/bin/python bench/leopard_review.py [--quick] [--positions N] [--hands N]
        [--factor F] [--variant V]

(a) Accuracy. Plays seeded one-hand games (the person by the greedy or the normal level, the
    computer at normal), takes the person's decisions that had a choice, spread over the hands, and
    reviews each as the page does (``review.review_decision``, ``REVIEW_WORK``). Then weighs the
    same position with the same search at ``--factor`` (8) times the worlds in every round, on other
    worlds (another seed), keeping the review's best and the played move to its last round. Prints:
      - slips >= 1: the positions where the review flags a slip of a point or more (not as good,
        cost >= 1), and in how many of them the larger search *prefers the review's best*: rates it
        as good as its own best (within its own spread). Goal: >= 80 %. Also how often it is the
        very same move, and how often the larger search at least rates it above the played move.
      - false slips: positions where the review flags any slip (not as good) although the larger
        search rates the played move as good as its best. Goal: 0.
(b) Speed. Reviews whole hands (every person step, as the page asks one ``review_step`` at a time)
    in CPython and prints the CPU seconds (``time.process_time``, honest on a shared machine) of
    each hand, the median and the slowest, and the slowest single step. Goal: <= 8 s a hand.

(c) ``--pyodide``: part (b) again in Pyodide (the same WebAssembly Python the site runs in the page's
    worker), under Node's V8, the engine of Chromium: Node's CPU seconds a hand, for the same hands.
    Goal: <= 20 s a hand in the browser. Uses ``node_modules/pyodide`` (``npm ci``) and the engine
    from this source tree.

``--quick``: 40 positions and 2 hands, for development. Only figures are printed, never asserted
(speed and strength targets live in bench/, the guide says).
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leopard_core.games.leopard.autoplay import play_hand
from leopard_core.games.leopard.bots import make_bot
from leopard_core.games.leopard.moves import Move
from leopard_core.games.leopard.review import (
    REVIEW_WORK,
    PlayedHand,
    Work,
    review_decision,
    review_step,
    weigh_moves,
)
from leopard_core.games.leopard.session import HUMAN, Session
from leopard_core.games.leopard.state import HandState

ROOT = Path(__file__).resolve().parent.parent
PERSON_LEVELS = ("greedy", "normal")
"""The person's play in the bench's games, game by game: the easy level slips often, normal less."""


def played_hand(seed: int, variant: str) -> Session:
    """A finished one-hand game: the person by a bot level (cycled by seed), the computer at normal."""
    session = Session.new(variant, "normal", hands=1, seed=seed, bot_seed=seed)
    return play_hand(session, make_bot(PERSON_LEVELS[seed % len(PERSON_LEVELS)], f"person:{seed}"))


def positions(count: int, variant: str, every: int = 3) -> list[tuple[HandState, Move]]:
    """``count`` decisions with a choice: every ``every``-th of the person's, game after game."""
    found: list[tuple[HandState, Move]] = []
    seed = 0
    while len(found) < count:
        played = PlayedHand(played_hand(seed, variant))
        choices = [step for step in played.person_steps()
                   if len(played.state_before(step).legal_moves()) > 1]
        for step in choices[seed % every::every]:
            found.append((played.state_before(step), played.history[step][1]))
        seed += 1
    return found[:count]


def accuracy(count: int, variant: str, factor: int, work: Work) -> None:
    """Part (a): the review against the same search with ``factor`` times the work."""
    larger = work.times(factor)
    slips = agree = same = above = false_slips = flagged = 0
    examples: list[str] = []
    started = time.process_time()
    for state, move in positions(count, variant):
        review = review_decision(state, move, work)
        if review.as_good:
            continue
        flagged += 1
        view = state.view(HUMAN)
        reference, _ = weigh_moves(view, move, larger, seed="review-reference", also=(review.best,))
        ref = {value.move: value for value in reference}
        if ref[move].as_good:
            false_slips += 1
            examples.append(f"  false slip: {move} (cost {review.cost:.2f} +- {review.spread:.2f}; larger: "
                            f"{ref[move].cost:.2f} +- {ref[move].spread:.2f})"
                            f" in {state.position_text(HUMAN)}")
        if review.cost < 1:
            continue
        slips += 1
        agree += ref[review.best].as_good
        same += reference[0].move == review.best
        above += ref[review.best].value > ref[move].value
    seconds = time.process_time() - started
    print(f"(a) accuracy on {count} positions ({variant}), larger search = {factor}x the worlds "
          f"({seconds:.0f} s CPU)")
    print(f"    flagged as slips: {flagged}; slips of >= 1 point: {slips}")
    if slips:
        print(f"    the larger search prefers the review's best (as good as its own best): "
              f"{agree}/{slips} = {100 * agree / slips:.0f} %   (goal >= 80 %)")
        print(f"    ... the very same best move: {same}/{slips} = {100 * same / slips:.0f} %; "
              f"rates it above the played move: {above}/{slips} = {100 * above / slips:.0f} %")
    print(f"    false slips (flagged, but as good as the best for the larger search): {false_slips}"
          f"   (goal 0)")
    for line in examples:
        print(line)


def played_saves(hands: int, variant: str) -> list[str]:
    """The session saves of the speed part's finished hands (played here, in CPython, so that every
    Python reviews the very same hands: a bot's safety-net time cap could differ elsewhere)."""
    return [played_hand(seed, variant).save() for seed in range(100, 100 + hands)]


def hand_seconds(
    saves: list[str], work: Work, clock: Callable[[], float] = time.process_time,
) -> dict[str, Any]:
    """Whole hands reviewed step by step as the page asks (one ``review_step`` after another): the
    person steps of each hand, and the seconds of each hand and of each step by ``clock``."""
    per_hand: list[float] = []
    per_step: list[float] = []
    steps: list[int] = []
    playouts: list[int] = []
    for text in saves:
        session = Session.restore(text)
        person_steps = PlayedHand(session).person_steps()
        started = clock()
        for step in person_steps:
            step_started = clock()
            # as the bridge's review_step: replay the hand to the step, then weigh its moves
            playouts.append(review_step(session, None, step, work)["playouts"])
            per_step.append(clock() - step_started)
        per_hand.append(clock() - started)
        steps.append(len(person_steps))
    return {"steps": steps, "hands": per_hand, "step_seconds": per_step, "playouts": playouts}


def print_speed(title: str, figures: dict[str, Any], goal: float) -> None:
    """The speed figures of ``hand_seconds``."""
    per_hand, per_step = figures["hands"], figures["step_seconds"]
    print(f"{title}: {len(per_hand)} whole hands of {', '.join(map(str, figures['steps']))} person steps")
    print(f"    seconds a hand: {', '.join(f'{s:.1f}' for s in per_hand)}; median "
          f"{statistics.median(per_hand):.1f}, slowest {max(per_hand):.1f}   (goal <= {goal:g} s)")
    print(f"    a step: median {statistics.median(per_step):.2f} s, slowest {max(per_step):.2f} s; "
          f"playouts a step: median {statistics.median(figures['playouts']):.0f}, "
          f"most {max(figures['playouts'])} (the Hard level: 1,000)")


PYODIDE_RUNNER = r"""
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import path from "node:path";
const [indexDir, engine, python] = process.argv.slice(2);
const indexURL = path.resolve(indexDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL });
pyodide.unpackArchive(new Uint8Array(await readFile(engine)), "zip", { extractDir: "/tmp/engine" });
console.log(await pyodide.runPythonAsync(await readFile(python, "utf8")));
"""

PYODIDE_MEASURE = """
import json, sys
import js
sys.path[:0] = ["/tmp/engine", "/tmp/engine/bench"]
from leopard_review import hand_seconds, REVIEW_WORK

def cpu_seconds():
    used = js.process.cpuUsage()  # Node's own CPU time: honest when other programs share the machine
    return (used.user + used.system) / 1e6

json.dumps(hand_seconds(json.loads({saves!r}), REVIEW_WORK, cpu_seconds))
"""


def pyodide_speed(saves: list[str]) -> dict[str, Any]:
    """``hand_seconds`` run in Pyodide under Node (Node's CPU seconds): the engine and this bench
    zipped from the source tree, Pyodide from ``node_modules/pyodide``."""
    index = ROOT / "node_modules" / "pyodide"
    if not (index / "pyodide.mjs").exists():
        sys.exit("Pyodide is missing: run npm ci")
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in [*(ROOT / "leopard_core").rglob("*.py"), *(ROOT / "leopard_core").rglob("*.json"),
                     ROOT / "bench" / "leopard_review.py"]:
            zipped.write(path, str(path.relative_to(ROOT)))
    with tempfile.TemporaryDirectory() as tmp:
        runner, engine, python = Path(tmp) / "run.mjs", Path(tmp) / "engine.zip", Path(tmp) / "measure.py"
        runner.write_text(PYODIDE_RUNNER)
        engine.write_bytes(archive.getvalue())
        python.write_text(PYODIDE_MEASURE.format(saves=json.dumps(saves)))
        done = subprocess.run(["node", str(runner), str(index), str(engine), str(python)],
                              capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(done.stderr[-2000:])
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="40 positions and 2 hands")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--factor", type=int, default=8)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--skip-accuracy", action="store_true")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--pyodide", action="store_true", help="also time whole hands in Pyodide (Node)")
    parser.add_argument("--work", default="", help="tuning: fields of Work to change, e.g. z=3,screen=12")
    args = parser.parse_args()
    count, hands = (40, 2) if args.quick else (args.positions, args.hands)
    work = REVIEW_WORK
    for item in filter(None, args.work.split(",")):
        name, _, value = item.partition("=")
        work = replace(work, **{name: float(value) if name in ("z", "noise") else int(value)})
    print(f"review work per decision: {work}{'' if work == REVIEW_WORK else ' (not REVIEW_WORK)'}")
    if not args.skip_accuracy:
        accuracy(count, args.variant, args.factor, work)
    saves = played_saves(hands, args.variant)
    if not args.skip_speed:
        print_speed("(b) speed in CPython (CPU seconds)", hand_seconds(saves, work), 8)
    if args.pyodide:
        if work != REVIEW_WORK:
            sys.exit("--pyodide measures REVIEW_WORK only")
        print_speed("(c) speed in Pyodide under Node (CPU seconds)", pyodide_speed(saves), 20)


if __name__ == "__main__":
    main()
