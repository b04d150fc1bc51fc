"""Figures of the hunt game's bot levels against each other, from both sides.

    .venv/bin/python bench/hunt_match.py [--games N] [--seed S] [--levels random,greedy,search]
                                         [--no-compulsory]

Every Leopards level plays every Cows level ``--games`` times; one line per pairing: wins of each
side, draws, cows captured per game, the slowest move of each side in wall time and in this
process's CPU time (honest when others share the machine), and the mean wall time per move.
The search level's target is under 0.5 s a move in CPython. ``--levels search,search:12000``
compares node budgets (``search:N``: N nodes, no time cap).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leopard_core.games.hunt.bots import LEVELS
from leopard_core.games.hunt.match import report_line, run_match
from leopard_core.games.hunt.rules import COWS, LEOPARDS, HuntRules


def main() -> int:
    """Run every pairing and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--no-compulsory", action="store_true")
    args = parser.parse_args()
    rules = HuntRules(compulsory_capture=not args.no_compulsory)
    levels = args.levels.split(",")
    print(f"hunt match: {args.games} games per pairing, seed {args.seed}, compulsory capture "
          f"{rules.compulsory_capture}, move limit {rules.move_limit}")
    started = time.perf_counter()
    for leopards in levels:
        for cows in levels:
            result = run_match(leopards, cows, args.games, args.seed, rules)
            print(report_line(result) + f"; mean move L {result.mean_move_time(LEOPARDS):.3f}s "
                  f"C {result.mean_move_time(COWS):.3f}s", flush=True)
    print(f"total {time.perf_counter() - started:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
