"""How much each rule of the science bench costs the expert's prior, beside the turns it takes.

A yes/no verdict teaches at most one bit, so a player whose prior gives the dealer's rule (its
class) the share ``s`` of its mass needs at least ``log2((0.55 / 0.45) / (s / (1 - s)))`` verdicts
(*bits*) before its guess chance can reach the expert's ``guess_at`` (0.55), whatever cards it
chooses: fewer only when classes the judge cannot tell apart add up (the guess chance counts them
together). So bits against turns says where the points are lost: turns near the bits, the player
learns as fast as its prior lets it, and only a prior that gives the dealer's rule more mass can
be faster; turns well above the bits, its cards or its guesses waste verdicts.

For each rule of ``bench/eleusis_science.py`` (the same rules, deals and protocol): its class in the
expert's space (by behaviour on the probe mainlines) and the bits, or "beyond the space" (grown
from the evidence, or outside the grammar); with ``--play``, the expert's rounds too (turns, score,
wrong guesses), and at the end the mean bits and turns over the rules of the space. *other*'s
share of the prior (``belief.OTHER_PRIOR``) is taken off the classes'.

Usage: ``python bench/eleusis_bits.py [--play] [--rounds 3] [--first-round 0] [--rules 0,5,9]``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import eleusis_science as science  # (the bench beside this one)

from leopard_core.games.eleusis.belief import OTHER_PRIOR
from leopard_core.games.eleusis.hypotheses import hypothesis_space, packed_masks, probe_mainlines
from leopard_core.games.eleusis.players import LEVEL_SETTINGS


def bits_needed(share: float, guess_at: float) -> float:
    """Bits of evidence that take a class from its prior ``share`` to ``guess_at``.

    >>> round(bits_needed(0.5, 0.5), 6), round(bits_needed(1 / 3, 0.5), 6)
    (0.0, 1.0)
    """
    return math.log2((guess_at / (1 - guess_at)) / (share / (1 - share)))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--play", action="store_true", help="play the expert's rounds too")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--first-round", type=int, default=0)
    parser.add_argument("--rules", default="", help="a subset: comma-separated indices (0-based)")
    args = parser.parse_args(argv)
    space = hypothesis_space("expert")
    guess_at = LEVEL_SETTINGS["expert"].guess_at
    top = max(space.log_prior)
    total = math.fsum(math.exp(p - top) for p in space.log_prior)
    probes = probe_mainlines()
    chosen = list(enumerate(science.RULES))
    if args.rules:
        chosen = [(k, science.RULES[k]) for k in map(int, args.rules.split(","))]
    inside: list[tuple[float, float]] = []
    for k, secret in chosen:
        # (``packed_masks`` reads only ``mask(mainline)``, which the bench's rules have too)
        index = space.class_with(hash(packed_masks(secret, probes)))
        bits = None
        if index is not None:
            share = math.exp(space.log_prior[index] - top) / total * (1 - OTHER_PRIOR)
            bits = bits_needed(share, guess_at)
        line = f"  {k:>2} {secret.kind:<8} " + (f"bits {bits:5.1f}" if bits is not None else "beyond    ")
        if args.play:
            rounds = [science.play_round("expert", secret, i, calibrate=False)
                      for i in range(args.first_round, args.first_round + args.rounds)]
            turns = statistics.mean(r.turns for r in rounds)
            line += (f"  turns {turns:5.1f}  score {statistics.mean(r.floored for r in rounds):5.2f}"
                     f"  wrong {statistics.mean(r.wrong for r in rounds):.2f}")
            if bits is not None:
                inside.append((bits, turns))
        name = f"  {space.rules[index]}" if index is not None else ""
        print(f"{line}{name}  | {secret.name}", flush=True)
    if inside:
        bits_mean = statistics.mean(b for b, _ in inside)
        turns_mean = statistics.mean(t for _, t in inside)
        print(f"  == the {len(inside)} rules of the space: mean bits {bits_mean:.1f}, mean turns "
              f"{turns_mean:.1f} ({turns_mean / bits_mean:.2f} turns a bit)")


if __name__ == "__main__":
    main()
