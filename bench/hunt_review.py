"""The hunt game's Review: seconds to review a whole game in CPython, and what it marks.

    .venv/bin/python bench/hunt_review.py [--games N] [--seed S] [--person greedy] [--quick]

Plays ``--games`` seeded games from each side: the "person" is a bot of level ``--person`` (greedy
by default: it makes the slips a review should find) against the hard level, then reviews every one
of the person's moves through the bridge (``hunt.review_open``, then ``hunt.review_step`` move by
move, as the page does) and prints, per game: the moves reviewed, the marks, the costliest, seconds
for the whole review and the slowest single move (CPU time of this process, honest when others
share the machine), and how many marks are for a cost that shows only two or three moves on
(``review.deep_findings``). The review's search has a node budget (``review.REVIEW_NODES``), so the marks
are the same on every run; only the seconds vary. ``--quick``: one game from each side.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leopard_core.games.hunt.review import REVIEW_NODES
from leopard_core.webapi import handle


def call(method: str, **args: object) -> dict[str, object]:
    """The bridge's result; raises with its words when it refuses."""
    answer = json.loads(handle(json.dumps({"method": method, "args": args, "client": "bench"})))
    if not answer["ok"]:
        raise RuntimeError(answer["error"])
    result: dict[str, object] = answer["result"]
    return result


def play_game(side: str, person_level: str, seed: int) -> str:
    """A whole game, the person's moves by a bot of ``person_level``; the session's save."""
    from leopard_core.games.hunt.bots import make_bot
    from leopard_core.games.hunt.state import HuntState

    snap = call("hunt.new_game", side=side, level="search", seed=seed)
    while not snap["over"]:
        if snap["bot_to_move"]:
            snap = call("hunt.bot_move")["snapshot"]  # type: ignore[assignment]
        else:
            state = HuntState.from_position(str(snap["position"]))
            move = make_bot(person_level, f"person:{seed}:{len(snap['history'])}").choose(state)  # type: ignore[arg-type]
            snap = call("hunt.play", move=str(move))
    return str(call("hunt.save")["text"])


def main() -> int:
    """Play, review and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--person", default="greedy")
    parser.add_argument("--quick", action="store_true")
    options = parser.parse_args()
    games = 1 if options.quick else options.games
    print(f"review search: {REVIEW_NODES} nodes a move; person {options.person} against the hard level")
    totals: list[float] = []
    for side in ("C", "L"):
        for game in range(games):
            seed = options.seed + game
            text = play_game(side, options.person, seed)
            start = time.process_time()
            opening = call("hunt.review_open", text=text)
            slowest, marks = 0.0, []
            for ply in opening["persons_plies"]:  # type: ignore[attr-defined]
                t0 = time.process_time()
                marks.append(call("hunt.review_step", text=text, ply=ply))
                slowest = max(slowest, time.process_time() - t0)
            seconds = time.process_time() - start
            totals.append(seconds)
            flagged = [m for m in marks if m["flagged"]]
            worst = sorted(flagged, key=lambda m: -int(m["cost"]))[:3]  # type: ignore[call-overload]
            named = ", ".join(f"{m['played']}:{m['cost']}" for m in worst) or "-"
            later = sum(1 for m in flagged if m["findings"][0]["moves"] >= 2)  # type: ignore[index]
            print(f"person {side} seed {seed}: {len(opening['moves'])} moves, "  # type: ignore[arg-type]
                  f"{len(marks)} reviewed, {len(flagged)} marked, {later} of them for a cost shown later "
                  f"(costliest {named}); "
                  f"review {seconds:.2f} s, slowest move {slowest:.3f} s")
    print(f"mean {sum(totals) / len(totals):.2f} s per game, worst {max(totals):.2f} s (CPython, CPU time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
