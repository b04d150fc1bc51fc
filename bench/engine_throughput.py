"""Engine throughput: complete random hands per second (one core) for each variant, and moves/s.

Run: ``.venv/bin/python bench/engine_throughput.py [--seconds S] [--profile VARIANT]``.
A hand is dealt, then both seats play uniformly random moves from ``legal_moves()`` through
``apply_unchecked`` until the hand is over -- the inner loop of a search bot's playouts.
Prints figures; asserts nothing (timings never belong in tests).

What limits it (cProfile): about half the time is ``legal_moves`` building the list of every legal
move (some 25 shared Move objects per call, one Python-level step per card and per candidate
space), a quarter is ``apply_unchecked`` (hand and stack bookkeeping, the incremental square
value) and the rest is drawing, turn changes and the random choice itself: plain CPython
interpreter overhead per move, about 100 moves per hand.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from leopard_core.games.leopard import HandState, rules_for
from leopard_core.games.leopard.rules import VARIANTS


def play_random_hand(variant: str, rng: random.Random) -> int:
    """Deal one hand and play random legal moves to its end; returns the number of moves."""
    state = HandState.deal(rules_for(variant), dealer=rng.randrange(2), rng=rng)
    moves = 0
    choice = rng.choice
    while not state.over:
        state.apply_unchecked(choice(state.legal_moves()))
        moves += 1
    return moves


def measure(variant: str, seconds: float, seed: int = 1) -> tuple[float, float, float]:
    """Hands/s, moves/s and mean moves per hand: the best of several 100-hand rounds within about
    ``seconds`` (the best round is the least disturbed by other processes on a busy machine)."""
    rng = random.Random(seed)
    best = 0.0
    hands = moves = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or hands == 0:
        start = time.perf_counter()
        round_moves = sum(play_random_hand(variant, rng) for _ in range(100))
        best = max(best, 100 / (time.perf_counter() - start))
        hands += 100
        moves += round_moves
    per_hand = moves / hands
    return best, best * per_hand, per_hand


def main() -> None:
    """Print one line per variant, or a cProfile of one variant with ``--profile``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per variant")
    parser.add_argument("--profile", choices=list(VARIANTS), help="profile this variant instead")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        measure(args.profile, args.seconds)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    print(f"{'variant':<10} {'hands/s':>10} {'moves/s':>12} {'moves/hand':>11}")
    for variant in VARIANTS:
        hands_per_s, moves_per_s, per_hand = measure(variant, args.seconds)
        print(f"{variant:<10} {hands_per_s:>10,.0f} {moves_per_s:>12,.0f} {per_hand:>11.1f}")


if __name__ == "__main__":
    main()
