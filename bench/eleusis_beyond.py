"""How far the rules of the grammar just beyond a player's space are from the space: the figure
behind ``belief.OUTLIER``, the chance that a rule beyond differs on a verdict from the class of the
space it is nearest (Goodman et al. 2008's outliers: a rule one cannot imagine is most likely one
of one's rules with exceptions).

For each size just beyond the space, ``--sample`` rules of the grammar of that size are drawn at
random (among the first ``--among`` it lists); those that behave like a class of the space are left
out (they are not beyond it); for each of the others the share of the faces, after each of the
space's probe mainlines (random mainlines of 1 to 7 cards), on which it differs from its nearest
class. Prints the mean and the quantiles of that share by size, and how many of the sample were
new behaviours. It depends on the grammar only, never on a benchmark's rules.

Usage: ``python bench/eleusis_beyond.py [--imagination expert] [--sizes 5,6] [--sample 150]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leopard_core.games.eleusis import hypotheses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--imagination", default="expert")
    parser.add_argument("--sizes", default="5,6")
    parser.add_argument("--sample", type=int, default=150)
    parser.add_argument("--among", type=int, default=400000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    space = hypotheses.hypothesis_space(args.imagination)
    probes = hypotheses.probe_mainlines()
    full = (1 << (52 * len(probes))) - 1
    leaves = [hypotheses.packed_masks(atom, probes) for atom in space.atoms]
    classes = hypotheses.run_triples(space.triples, leaves, full)
    pieces = hypotheses.grammar_pieces(args.imagination)
    rng = random.Random(args.seed)
    faces = 52 * len(probes)
    print(f"{args.imagination}: {len(classes)} classes, rules of size {max(r.size for r in space.rules)}"
          f" at most; {len(probes)} probe mainlines")
    for size in map(int, args.sizes.split(",")):
        rules = list(islice(hypotheses._of_size(size, pieces), args.among))
        sample = rng.sample(rules, min(args.sample, len(rules)))
        shares = []
        for rule in sample:
            signature = hypotheses.packed_masks(rule, probes)
            if not signature or hash(signature) in space.signatures:
                continue  # accepts nothing, or behaves like a class of the space
            shares.append(min((signature ^ c).bit_count() for c in classes) / faces)
        shares.sort()
        quantiles = "  ".join(f"{q:.0%} {shares[int(q * len(shares))]:.3f}"
                              for q in (0.1, 0.25, 0.5, 0.75, 0.9))
        print(f"  size {size}: {len(shares)} of {len(sample)} drawn are new behaviours; share of faces"
              f" that differ from the nearest class: mean {statistics.mean(shares):.3f}; {quantiles}")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
