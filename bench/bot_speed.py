"""Time per move of each bot level: median and 95th percentile, printed (never asserted).

    .venv/bin/python bench/bot_speed.py [--positions N] [--variant V] [--levels a,b,...]

The positions are the moments of decision of greedy-against-greedy hands (realistic middle
games, not the empty squares of a fresh deal), the same for every level; each level decides each
position once from the mover's view, on one core. Two clocks are printed: wall time
(``time.perf_counter``) and this process's CPU time (``time.process_time``), which stays honest
when other programs share the machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leopard_core.games.leopard import HandState, rules_for
from leopard_core.games.leopard.bots import LEVELS, make_bot
from leopard_core.games.leopard.match import percentile


def positions(variant: str, count: int, seed: int) -> list[HandState]:
    """``count`` states where some seat must move, taken from greedy-vs-greedy hands."""
    rng = random.Random(seed)
    bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
    found: list[HandState] = []
    while len(found) < count:
        state = HandState.deal(rules_for(variant), dealer=rng.randrange(2), rng=rng)
        while not state.over and len(found) < count:
            if len(state.legal_moves()) > 1 and rng.random() < 0.2:
                found.append(state.clone())
            state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    return found


def main() -> None:
    """Print one line per level."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=80)
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    states = positions(args.variant, args.positions, args.seed)
    print(f"bot speed, variant {args.variant}, {len(states)} positions, Python {sys.version.split()[0]}")
    for level in args.levels.split(","):
        bot = make_bot(level, seed=args.seed)
        wall, cpu = [], []
        for state in states:
            view = state.view(state.to_move)
            start, start_cpu = time.perf_counter(), time.process_time()
            bot.choose(view)
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start)
        for clock, times in (("cpu", cpu), ("wall", wall)):
            print(
                f"  {level:>8} {clock:>4}: median {1000 * statistics.median(times):8.2f} ms   "
                f"p95 {1000 * percentile(times, 0.95):8.2f} ms   max {1000 * max(times):8.2f} ms"
            )


if __name__ == "__main__":
    main()
