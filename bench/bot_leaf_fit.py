"""Refit the search's leaf weights: least squares of final hand-score differences on position features.

    .venv/bin/python bench/bot_leaf_fit.py [--hands N] [--variant V]

Greedy plays itself; at the start of every turn the features of both seats are recorded (R7.1
score of the raw value, faded line potential, faded counts of 10s, jacks, queens, kings, number
cards whose own space is open, and the rest) as differences mover minus other, and the target is
the final difference of hand scores (R7). The printed coefficients, divided by the score's, are
what ``bots.evaluate.Weights.leaf_*`` hold (rounded; fitted in standard, checked in the others).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leopard_core.games.leopard import HandState, rules_for
from leopard_core.games.leopard.bots import make_bot
from leopard_core.games.leopard.bots.search import evaluator_for
from leopard_core.games.leopard.squares import OPEN

NAMES = ("score", "potential", "ten", "jack", "queen", "king", "number_open", "number_closed", "const")


def features(state: HandState, seat: int, fade: float, variant: str) -> list[float]:
    """The fitted features of one seat."""
    ev = evaluator_for(variant)
    tops = state.tops[seat]
    counts = [0.0] * 6
    for card in state.hands[seat]:
        if card.rank < 10:
            counts[4 if tops[card.rank - 1] == OPEN else 5] += 1
        else:
            counts[card.rank - 10] += 1
    return [float(ev.score(state.values[seat])), fade * ev.potential(tops)] + [fade * c for c in counts]


def solve(rows: list[tuple[list[float], float]]) -> list[float]:
    """Least squares by the normal equations and Gauss-Jordan elimination."""
    n = len(rows[0][0])
    m = [[0.0] * (n + 1) for _ in range(n)]
    for x, y in rows:
        for i in range(n):
            m[i][n] += x[i] * y
            for j in range(n):
                m[i][j] += x[i] * x[j]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [a - f * c for a, c in zip(m[r], m[i], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def main() -> None:
    """Play, fit and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    ev = evaluator_for(args.variant)
    rng = random.Random(1)
    rows: list[tuple[list[float], float]] = []
    for index in range(args.hands):
        state = HandState.deal(rules_for(args.variant), dealer=index % 2, rng=rng)
        bots = [make_bot("greedy", index), make_bot("greedy", index + 100_000)]
        snapshots = []
        while not state.over:
            me = state.to_move
            if state.plays_this_turn == 0:
                fade = ev.fade(state)
                mine = features(state, me, fade, args.variant)
                theirs = features(state, 1 - me, fade, args.variant)
                snapshots.append((me, [a - b for a, b in zip(mine, theirs, strict=True)] + [1.0]))
            state.apply(bots[me].choose(state.view(me)))
        scores = state.scores()
        rows.extend((x, float(scores[me] - scores[1 - me])) for me, x in snapshots)
    coefficients = solve(rows)
    print(f"leaf fit, variant {args.variant}, {args.hands} hands, {len(rows)} positions")
    for name, value in zip(NAMES, coefficients, strict=True):
        print(f"  {name:>13}: {value:7.3f}   relative to score {value / coefficients[0]:7.3f}")


if __name__ == "__main__":
    main()
