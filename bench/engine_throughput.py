"""Engine throughput: complete random hands per second (one core) for each variant, and moves/s.

Run: ``.venv/bin/python bench/engine_throughput.py [--seconds S] [--profile VARIANT]``.
A hand is dealt, then both seats play uniformly random moves from ``legal_moves()`` through
``apply_unchecked`` until the hand is over -- the inner loop of a search bot's playouts.
Prints figures; asserts nothing (timings never belong in tests).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from leopard_core import HandState, rules_for
from leopard_core.rules import VARIANTS


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
    """Hands/s, moves/s and mean moves per hand over about ``seconds`` of play."""
    rng = random.Random(seed)
    hands = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            moves += play_random_hand(variant, rng)
        hands += 50
    elapsed = time.perf_counter() - start
    return hands / elapsed, moves / elapsed, moves / hands


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
