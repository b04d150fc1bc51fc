"""Time the player aids of issue 10 (native Python; Pyodide is a few times slower).

    .venv/bin/python bench/assist_speed.py [--hands N] [--variant V]

Plays hands as a Session (the person's moves by the greedy level, the computer at ``random`` so the
figures are about the aids, not the bot) and at every turn of the person times ``hint`` (the default
level's search plus the reason), ``snapshot`` (which now replays the hand to know ``can_undo``) and,
at the end of each hand, ``undo``. Prints medians and maxima, and how often each reason kind came.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leopard_core.games.leopard.bots import make_bot
from leopard_core.games.leopard.session import HUMAN, Session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    timings: dict[str, list[float]] = {"hint": [], "snapshot": [], "undo": []}
    kinds: Counter[str] = Counter()
    for hand in range(args.hands):
        session = Session.new(args.variant, "random", hands=1, seed=hand, bot_seed=hand)
        person = make_bot("greedy", hand)
        while not session.game.state.over:
            if session.game.state.to_move != HUMAN:
                session.bot_move()
                continue
            started = time.perf_counter()
            answer = session.hint()
            timings["hint"].append(time.perf_counter() - started)
            kinds[answer["reason_data"]["kind"]] += 1
            started = time.perf_counter()
            session.snapshot()
            timings["snapshot"].append(time.perf_counter() - started)
            session.play(str(person.choose(session.game.view(HUMAN))))
        started = time.perf_counter()
        session.undo()
        timings["undo"].append(time.perf_counter() - started)
    for name, values in timings.items():
        print(f"{name}: median {1000 * statistics.median(values):.2f} ms, "
              f"max {1000 * max(values):.2f} ms over {len(values)} calls")
    print("reason kinds:", ", ".join(f"{kind} {count}" for kind, count in kinds.most_common()))


if __name__ == "__main__":
    main()
