"""The computer dealer: build its measured catalogue, and check it.

``--write``: check every catalogue candidate (``dealer.catalogue_candidates``: dead end, trivial),
measure the playable ones by simulation with the scientist (``dealer.simulated_difficulty`` over
seeds 0..N-1) and write ``leopard_core/games/eleusis/dealer_catalogue.json``.

Default (check): deal 10,000 rules across the four bands and count dead ends and trivial rules
(by exploring every reachable state of each); then measure every catalogue rule again with
held-out seeds and print the Spearman rank correlation between the shipped difficulty and the
held-out one, and the mean held-out difficulty per band.

Usage: ``python bench/eleusis_dealer.py [--write] [--seeds 3] [--dealt 10000]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leopard_core.games.eleusis import dealer
from leopard_core.games.eleusis.notation import parse_rule

CATALOGUE = Path(dealer.__file__).with_name(dealer.CATALOGUE_FILE)
HELD_OUT_SEED = 10_000


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks with ties averaged (1-based)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation."""
    ra, rb = ranks(a), ranks(b)
    return statistics.correlation(ra, rb)


def write(seeds: int, stride: int) -> None:
    """Check and measure the candidates (every ``stride``-th); write the catalogue."""
    started = time.perf_counter()
    entries = []
    refused = 0
    for rule in dealer.catalogue_candidates()[::stride]:
        check = dealer.check_rule(rule)
        if not check.playable:
            refused += 1
            continue
        difficulty = dealer.simulated_difficulty(rule, range(seeds))
        entries.append({"rule": str(rule), "difficulty": round(difficulty, 2),
                        "acceptance": round(check.acceptance, 3), "states": check.states})
    entries.sort(key=lambda e: (e["difficulty"], e["rule"]))
    data = {
        "about": ("Eleusis dealer catalogue: playable rules (no dead end, acceptance between "
                  f"{dealer.LEAST} and {dealer.MOST}) and their difficulty, the mean turns the "
                  f"scientist needs to give the rule one half (31: never), over seeds 0..{seeds - 1}."
                  " Written by bench/eleusis_dealer.py --write."),
        "rules": entries,
    }
    CATALOGUE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(entries)} rules ({refused} refused) to {CATALOGUE} "
          f"in {time.perf_counter() - started:.0f} s")


def check(seeds: int, dealt: int) -> None:
    """Dead ends among dealt rules, and the held-out Spearman."""
    rng = random.Random(2026)
    started = time.perf_counter()
    checks: dict[str, dealer.RuleCheck] = {}
    dead = trivial = 0
    for rule in dealer.dealt_rules(rng, dealt):
        text = str(rule)
        if text not in checks:
            checks[text] = dealer.check_rule(rule)
        dead += checks[text].dead_end
        trivial += checks[text].trivial
    print(f"{dealt} dealt rules ({len(checks)} distinct): {dead} dead ends, {trivial} trivial "
          f"({time.perf_counter() - started:.1f} s)")
    shipped = dealer.catalogue()
    texts = sorted(shipped)
    held_out = [dealer.simulated_difficulty(parse_rule(t), range(HELD_OUT_SEED, HELD_OUT_SEED + seeds))
                for t in texts]
    measured = [shipped[t] for t in texts]
    print(f"Spearman shipped vs held-out difficulty over {len(texts)} rules: "
          f"{spearman(measured, held_out):.3f}")
    for band in dealer.DIFFICULTIES:
        chosen = [h for t, h in zip(texts, held_out, strict=True) if dealer.band_of(shipped[t]) == band]
        if chosen:
            print(f"  {band:<7} {len(chosen):>4} rules, held-out mean turns {statistics.mean(chosen):5.1f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The Eleusis dealer's catalogue and its checks.")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--dealt", type=int, default=10_000)
    parser.add_argument("--stride", type=int, default=1, help="measure every N-th candidate")
    args = parser.parse_args(argv)
    if args.write:
        write(args.seeds, args.stride)
    else:
        check(args.seeds, args.dealt)


if __name__ == "__main__":
    main()
