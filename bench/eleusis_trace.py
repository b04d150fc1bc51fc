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
import math
import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from eleusis_science import DECK, HAND, RULES, TURNS, judge, round_seed

from leopard_core.cards import Card
from leopard_core.games.eleusis.evidence import Evidence, Play
from leopard_core.games.eleusis.notation import RuleNotationError, parse_rule
from leopard_core.games.eleusis.players import make_player

LOOK_AMONG = 30
"""How many of the likeliest classes are searched for one the judge would accept."""


def trace(level: str, rule_index: int, round_index: int) -> None:
    """Print one round turn by turn (see the module's docstring)."""
    secret = RULES[rule_index]
    seed = round_seed(secret, round_index)
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    hand, deck = deck[:HAND], deck[HAND:]
    while not secret.accepts([], deck[0]):
        deck.pop(0)
    mainline: tuple[Card, ...] = (deck.pop(0),)
    player = make_player(level, random.Random(seed))
    player.settings = replace(player.settings, no_play_at=math.inf)  # the protocol has no "No play"
    plays: list[Play] = []
    refused: list[str] = []
    wrong = 0
    print(f"== rule {rule_index} round {round_index}, {level}: {secret.name}")
    for turn in range(1, TURNS + 1):
        chosen = player.choose_play(Evidence(mainline, tuple(plays), (), tuple(refused)), hand,
                                    strings_allowed=False)
        assert chosen is not None
        played = chosen[0]
        stated = player.belief.predictive(mainline)[played.sort_key]
        right = secret.accepts(mainline, played)
        plays.append(Play(len(mainline), (played,), right))
        if right:
            mainline += (played,)
        hand.remove(played)
        if deck:
            hand.append(deck.pop(0))
        evidence = Evidence(mainline, tuple(plays), (), tuple(refused))
        guess = player.guess(evidence)
        belief = player.belief
        rules = player.space.rules
        best, chance = player.guess_chances(evidence)[0]
        ranked = belief.ranked(LOOK_AMONG)
        dealer = next((i for i in ranked if judge(rules[i], secret, mainline)), None)
        said = ("none of the likeliest" if dealer is None else
                f"{rules[dealer]} {belief.weights[dealer]:.3f} (#{ranked.index(dealer) + 1})")
        print(f"{turn:>2} {played!s:>4} {stated:4.2f} {'right' if right else 'wrong'}"
              f"  best {rules[best]} {belief.weights[best]:.3f} guess chance {chance:.3f}"
              f"  other {belief.other:.3f}  judge {'yes' if judge(rules[best], secret, mainline) else 'no'}"
              f"  dealer's {said}" + (f"  GUESS {guess}" if guess else ""))
        if guess is None:
            continue
        try:
            accepted = judge(parse_rule(guess), secret, mainline)
        except RuleNotationError:
            accepted = False
        if accepted:
            print(f"   solved on turn {turn}, score {31 - turn - 2 * wrong}")
            return
        wrong += 1
        refused.append(guess)
    print(f"   not solved, score {-2 * wrong}")


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
