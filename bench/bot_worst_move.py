"""The slowest decision of every computer player, per game and level, against its time cap.

    .venv/bin/python bench/bot_worst_move.py [--hands N] [--games N] [--games-only leopard,hunt,eleusis]

Every computer player decides from its seed and a counted amount of work (the card game's
playouts, the hunt's nodes, Eleusis's fixed computation), never from the clock; the card game's and
the hunt's searches keep a time cap only as a safety net. This script plays whole games between
computer players of each level with the cap switched off, and prints, per game and level: the
decisions measured, the most work one decision did, and the CPU time (``time.process_time``, honest
when other programs share the machine) of the median, 95th percentile and slowest decision. Then
the slowest decision on the slowest machine we serve: Pyodide runs about 3x slower than CPython
(2-3x measured) and a slow phone about 4x slower than this machine, so x12; and the level's cap,
with how far above that the cap sits (``margin``). A margin under 1 means that a slow phone
reaches the cap, and then plays other moves than a fast laptop for the same seed.

Only figures are printed, never asserted (the guide: speed targets live in bench/).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leopard_core.games.hunt.bots import GreedyBot as HuntGreedy
from leopard_core.games.hunt.bots import SearchBot as HuntSearch
from leopard_core.games.hunt.bots import SearchSettings
from leopard_core.games.hunt.rules import COWS, LEOPARDS
from leopard_core.games.hunt.state import HuntState
from leopard_core.games.leopard import HandState, rules_for
from leopard_core.games.leopard.bots import SETTINGS
from leopard_core.games.leopard.bots.search import SearchBot
from leopard_core.games.leopard.match import percentile
from leopard_core.webapi import handle

SLOWEST_MACHINE = 12
"""How many times slower than CPython on this machine the slowest browser we serve runs: Pyodide
about 3x, a slow phone about 4x."""


@dataclass
class Decisions:
    """The CPU time and the work of every decision of one level."""

    cap: float | None
    seconds: list[float] = field(default_factory=list)
    work: list[int] = field(default_factory=list)

    def timed(self, decide: Callable[[], Any], work: Callable[[], int]) -> Any:
        """``decide()``, timed and its work recorded."""
        started = time.process_time()
        result = decide()
        self.seconds.append(time.process_time() - started)
        self.work.append(work())
        return result

    def line(self, name: str, unit: str) -> str:
        """One line of figures."""
        s = self.seconds
        worst = max(s)
        slowest = worst * SLOWEST_MACHINE
        cap = "no cap" if self.cap is None else (
            f"cap {self.cap:5.2f} s, margin {self.cap / slowest:5.1f}x")
        median, p95 = 1000 * statistics.median(s), 1000 * percentile(s, 0.95)
        return (f"  {name:<22} {len(s):4} decisions, most work {max(self.work):6} {unit:<8} "
                f"CPU median {median:7.1f} ms  p95 {p95:7.1f} ms  "
                f"worst {1000 * worst:7.1f} ms -> slowest machine {slowest:5.2f} s; {cap}")


def card_game(hands: int) -> None:
    """Both seats at each search level, ``hands`` hands of each variant, cap off."""
    for level, settings in SETTINGS.items():
        for variant in ("standard", "classic", "running"):
            record = Decisions(settings.time_cap)
            uncapped = replace(settings, time_cap=math.inf)
            for hand in range(hands):
                rng = random.Random(f"worst:{variant}:{hand}")
                state = HandState.deal(rules_for(variant), dealer=hand % 2, rng=rng)
                bots = [SearchBot(f"{hand}:{seat}", uncapped) for seat in (0, 1)]
                while not state.over:
                    bot = bots[state.to_move]
                    view = state.view(state.to_move)
                    state.apply(record.timed(lambda b=bot, v=view: b.choose(v), lambda b=bot: b.playouts))
            print(record.line(f"{level} {variant}", "playouts"), flush=True)


def hunt(games: int) -> None:
    """The search level on both sides, against itself and against greedy, cap off."""
    settings = SearchSettings()
    record = Decisions(settings.time_cap)
    uncapped = replace(settings, time_cap=None)
    for game in range(games):
        for opponent in ("search", "greedy"):
            for searcher in (LEOPARDS, COWS):
                state = HuntState.new()
                bot = HuntSearch(f"worst:{game}:{searcher}", uncapped)
                other: Any = HuntSearch(f"worst:{game}:other", uncapped) if opponent == "search" \
                    else HuntGreedy(f"worst:{game}:other")
                while not state.over:
                    if state.to_move == searcher:
                        state.apply(record.timed(lambda b=bot, s=state: b.choose(s), lambda b=bot: b.nodes))
                    else:
                        state.apply(other.choose(state))
    print(record.line("search", "nodes"), flush=True)


def call(method: str, **args: Any) -> Any:
    """One bridge call that must succeed."""
    answer = json.loads(handle(json.dumps({"method": method, "args": args, "client": "bench"})))
    if not answer["ok"]:
        raise RuntimeError(answer)
    return answer["result"]


def eleusis(games: int) -> None:
    """Every level of computer player in hands of Eleusis Express (the person plays the first listed
    move); its players have no cap and count no work: their decisions are fixed computations."""
    levels = ["novice", "scientist", "expert"]
    records = {level: Decisions(None) for level in levels}
    for game in range(games):
        snap = call("eleusis.new", bots=3, levels=levels, seed=1000 + game)
        call("eleusis.prepare")
        for _ in range(3000):
            if snap["over"]:
                break
            if snap["bot_to_move"]:
                level = levels[snap["to_move"] - 1] if isinstance(snap["to_move"], int) else None
                started = time.process_time()
                snap = call("eleusis.bot_move")["snapshot"]
                if level is not None:
                    records[level].seconds.append(time.process_time() - started)
                    records[level].work.append(0)
                continue
            moves = snap["legal_moves"]
            snap = call("eleusis.move", move="pass" if "pass" in moves else moves[0])
    for level, record in records.items():
        if record.seconds:
            print(record.line(level, "-"), flush=True)


def main() -> None:
    """Print the figures of each game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3, help="card game: hands per level and variant")
    parser.add_argument("--games", type=int, default=2, help="hunt and Eleusis: games per pairing")
    parser.add_argument("--games-only", default="leopard,hunt,eleusis")
    args = parser.parse_args()
    chosen = args.games_only.split(",")
    print(f"worst move per level, Python {sys.version.split()[0]}, slowest machine = x{SLOWEST_MACHINE}")
    if "leopard" in chosen:
        print(f"card game ({args.hands} hands per level and variant, both seats the level):")
        card_game(args.hands)
    if "hunt" in chosen:
        print(f"Cows and Leopards ({args.games} games per side and opponent):")
        hunt(args.games)
    if "eleusis" in chosen:
        print(f"Eleusis ({args.games} hands, three computer players):")
        eleusis(args.games)


if __name__ == "__main__":
    main()
