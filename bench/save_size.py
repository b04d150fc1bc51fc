"""Save sizes and restore times: how long the longest real save is, against the save limits.

Run: ``.venv/bin/python bench/save_size.py [--games N]``.
Plays ``N`` seeded games of the longest kind (``MAX_HANDS`` hands, random legal moves, nobody ever
goes out, so every hand runs to the end of the stock) in each variant, and prints the longest game
save, session save (what the page stores), its nesting depth and the time to restore it. The
limits in ``leopard_core.platform.saves`` (``MAX_SAVE_CHARS``, ``MAX_SAVE_DEPTH``) were chosen from these
figures. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time

from leopard_core.games.leopard.game import MAX_HANDS, Game
from leopard_core.games.leopard.rules import VARIANTS
from leopard_core.games.leopard.session import Session
from leopard_core.platform.saves import MAX_SAVE_CHARS, MAX_SAVE_DEPTH, nesting_depth


def longest_game(variant: str, seed: int) -> Game:
    """A game of MAX_HANDS hands in which nobody goes out."""
    game = Game(variant, hands=MAX_HANDS, seed=seed)
    rng = random.Random(seed)
    while True:
        while not game.state.over:
            moves = [m for m in game.state.legal_moves() if str(m) != "out"] or game.state.legal_moves()
            game.apply(rng.choice(moves))
        if game.is_over:
            return game
        game.next_hand()


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    print(f"limits: {MAX_SAVE_CHARS:,} characters, nesting {MAX_SAVE_DEPTH}")
    for variant in VARIANTS:
        longest = max(
            (longest_game(variant, seed) for seed in range(args.games)), key=lambda g: len(g.save())
        )
        text = Session(longest, "random", -(2**63)).save()
        started = time.perf_counter()
        Session.restore(text)
        elapsed = time.perf_counter() - started
        moves = sum(len(hand.history) for hand in longest.hands)
        print(f"{variant:9} {moves:5} moves  game save {len(longest.save()):7,}  session save "
              f"{len(text):7,} ({len(text) / MAX_SAVE_CHARS:.1%} of the limit)  depth "
              f"{nesting_depth(longest.save())}/{nesting_depth(text)}  restore {elapsed * 1000:.0f} ms")


if __name__ == "__main__":
    main()
