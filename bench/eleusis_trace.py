"""One round of the published protocol (``eleusis_science``), turn by turn: what holds a guess back.

For each turn: the card played, the chance the player gave it and its verdict; then, after the
verdict, the player's best rule with its class's weight and its guess chance, *other*'s weight
(a rule it cannot imagine), whether the judge would accept that rule now, and the first of its
30 likeliest classes the judge would accept (the dealer's rule as the player can say it) with its
weight and rank; and the guess made, if any. Issue 31's third pass read these to find why the
expert guessed late on the rules it can imagine (``players``, *pace*).

Usage: ``python bench/eleusis_trace.py [--level expert] RULE:ROUND ...`` (rule indices as in
``eleusis_science.py --rules``, rounds from 0), e.g. ``python bench/eleusis_trace.py 0:0 5:0``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from eleusis_science import RULES, TURNS, ProtocolRound, judge

LOOK_AMONG = 30
"""How many of the likeliest classes are searched for one the judge would accept."""


def trace(level: str, rule_index: int, round_index: int) -> None:
    """Print one round turn by turn (see the module's docstring)."""
    game = ProtocolRound(level, RULES[rule_index], round_index)
    print(f"== rule {rule_index} round {round_index}, {level}: {game.secret.name}")
    while game.turn < TURNS and not game.solved:
        played = game.choose()
        stated = game.player.belief.predictive(game.mainline)[played.sort_key]
        right, guess = game.play(played)
        belief, rules = game.player.belief, game.player.space.rules
        best, chance = game.player.guess_chances(game.seen)[0]
        ranked = belief.ranked(LOOK_AMONG)
        dealer = next((i for i in ranked if judge(rules[i], game.secret, game.mainline)), None)
        said = ("none of the likeliest" if dealer is None else
                f"{rules[dealer]} {belief.weights[dealer]:.3f} (#{ranked.index(dealer) + 1})")
        accepted = judge(rules[best], game.secret, game.mainline)
        print(f"{game.turn:>2} {played!s:>4} {stated:4.2f} {'right' if right else 'wrong'}"
              f"  best {rules[best]} {belief.weights[best]:.3f} guess chance {chance:.3f}"
              f"  other {belief.other:.3f}  judge {'yes' if accepted else 'no'}"
              f"  dealer's {said}" + (f"  GUESS {guess}" if guess else ""))
    if game.solved:
        print(f"   solved on turn {game.turn}, score {game.score}")
    else:
        print(f"   not solved, score {game.score}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--level", default="expert")
    parser.add_argument("rounds", nargs="+", help="RULE:ROUND, e.g. 5:0")
    args = parser.parse_args(argv)
    for item in args.rounds:
        rule_index, _, round_index = item.partition(":")
        trace(args.level, int(rule_index), int(round_index or 0))


if __name__ == "__main__":
    main()
