"""Probes of the rule language's newest words, played by the protocol of ``eleusis_science``:
rules the bench's own set does not use, written to measure what a change to the players' grammar
bought (stop 51: residue classes, every fourth place, sums and differences divided by 5 or 6;
stop 52: runs of steps, "one to three above the last card").

A probe is not a target: the bench's rules are the yardstick, and a probe only shows that a word
the rule builder can deal is one the players can find. Prints, per rule and per group, the mean
floored score, rounds solved and wrong guesses a round.

Usage: ``python bench/eleusis_language_probes.py [--rounds 6] [--level expert] [--group residue]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from eleusis_science import Round, Secret, card, last_is, play_round, rel, when

PROBES: dict[str, list[Secret]] = {
    "residue classes": [
        Secret("probe", "a multiple of 3", card(lambda c: c.rank % 3 == 0), 0),
        Secret("probe", "leaves 1 divided by 3", card(lambda c: c.rank % 3 == 1), 0),
        Secret("probe", "leaves 1 divided by 4", card(lambda c: c.rank % 4 == 1), 0),
        Secret("probe", "not a multiple of 3", card(lambda c: c.rank % 3 != 0), 0),
        Secret("probe", "after a multiple of 3 a red card, else a black card",
               when(last_is(lambda c: c.rank % 3 == 0), card(lambda c: c.colour == "red"),
                    card(lambda c: c.colour == "black"))),
        Secret("probe", "a multiple of 3 or a heart", card(lambda c: c.rank % 3 == 0 or c.suit == "H"), 0),
    ],
    "every fourth place": [
        Secret("probe", "every fourth card a face card, the others number cards",
               lambda m, c: (c.rank >= 11) == (len(m) % 4 == 0), 0, 4),
        Secret("probe", "every fourth card red, the others black",
               lambda m, c: (c.colour == "red") == (len(m) % 4 == 1), 0, 4),
        Secret("probe", "every fourth card higher than the last, the others any card",
               lambda m, c: len(m) % 4 != 2 or c.rank > m[-1].rank, 1, 4),
        Secret("probe", "every fourth card a heart, the others odd",
               lambda m, c: c.suit == "H" if len(m) % 4 == 3 else c.rank % 2 == 1, 0, 4),
    ],
    "sums and differences divided by 5 or 6": [
        Secret("probe", "the two values add up to a multiple of 5",
               rel(lambda c, o: (c.rank + o.rank) % 5 == 0)),
        Secret("probe", "the value minus the last's leaves 1 divided by 5",
               rel(lambda c, o: (c.rank - o.rank) % 5 == 1)),
        Secret("probe", "the two values add up to a multiple of 6",
               rel(lambda c, o: (c.rank + o.rank) % 6 == 0)),
        Secret("probe", "the two values add up to a multiple of 5, or the same suit",
               rel(lambda c, o: (c.rank + o.rank) % 5 == 0 or c.suit == o.suit)),
    ],
    "runs of steps": [
        Secret("probe", "a value one to three above the last card's",
               rel(lambda c, o: 1 <= c.rank - o.rank <= 3)),
        Secret("probe", "a value one or two below the last card's",
               rel(lambda c, o: 1 <= o.rank - c.rank <= 2)),
        Secret("probe", "a value one to three above or below the last card's",
               rel(lambda c, o: 1 <= abs(c.rank - o.rank) <= 3)),
        Secret("probe", "a value one to three above the last card's, or the same suit",
               rel(lambda c, o: 1 <= c.rank - o.rank <= 3 or c.suit == o.suit)),
    ],
}


def line(name: str, rounds: list[Round]) -> str:
    return (f"{name:62s} score {statistics.mean(r.floored for r in rounds):5.2f}"
            f"  solved {sum(r.solved for r in rounds):>2}/{len(rounds):<2}"
            f"  wrong {statistics.mean(r.wrong for r in rounds):4.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--group", choices=sorted(PROBES), help="one group only")
    args = parser.parse_args()
    everything: list[Round] = []
    for group, secrets in PROBES.items():
        if args.group and group != args.group:
            continue
        print(f"{group}:")
        in_group: list[Round] = []
        for secret in secrets:
            rounds = [play_round(args.level, secret, i, False) for i in range(args.rounds)]
            in_group += rounds
            print("  " + line(secret.name, rounds), flush=True)
        print("  " + line(f"all {len(secrets)} rules of {group}", in_group))
        everything += in_group
    print(line("every probe", everything))


if __name__ == "__main__":
    main()
