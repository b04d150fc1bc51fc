"""The computer dealer: build its measured catalogue, and check it.

``--write``: check every catalogue candidate (``dealer.catalogue_candidates``: dead end, trivial),
measure the playable ones by simulation with the measuring player (``players.MEASURING``, no
level's: ``dealer.simulated_difficulty`` over seeds 0..N-1) and write
``leopard_core/games/eleusis/dealer_catalogue.json``.

Default (check): deal 10,000 rules across the four bands and count dead ends and trivial rules
(by exploring every reachable state of each); then measure every catalogue rule again with
held-out seeds and print the Spearman rank correlation between the shipped difficulty and the
held-out one, and the mean held-out difficulty per band.

``--more N``: measure every catalogue rule on N further seeds and average them in.

``--grow``: measure the grown kinds (``dealer.GROWN_TEXTS``) that the catalogue does not hold yet,
on the catalogue's seeds, and add them (its first kinds and their band edges stay as they are).

Usage: ``python bench/eleusis_dealer.py [--write [--stride 2]] [--grow] [--more 2] [--seeds 3]
[--dealt 10000]``.
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
from typing import Any

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


def measure_rules(rules: Sequence[Any], seeds: range) -> tuple[list[dict[str, Any]], int]:
    """Check and measure ``rules``: the catalogue entries of the playable ones, and how many
    were refused."""
    entries = []
    refused = 0
    for rule in rules:
        check = dealer.check_rule(rule)
        if not check.playable:
            refused += 1
            continue
        difficulty = dealer.simulated_difficulty(rule, seeds)
        entries.append({"rule": str(rule), "difficulty": round(difficulty, 2),
                        "acceptance": round(check.acceptance, 3), "states": check.states})
        print(f"  {entries[-1]['rule']:<45} {difficulty:5.2f}", flush=True)
    entries.sort(key=lambda e: (e["difficulty"], e["rule"]))
    return entries, refused


def grow() -> None:
    """Measure the grown kinds the catalogue lacks, on its seeds, and add them."""
    started = time.perf_counter()
    data = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    seeds = int(data.get("seeds", 2))
    held = {entry["rule"] for entry in data["rules"] + data.get("grown", [])}
    todo = [rule for rule in dealer.grown_candidates() if str(rule) not in held]
    entries, refused = measure_rules(todo, range(seeds))
    data["grown"] = sorted(data.get("grown", []) + entries, key=lambda e: (e["difficulty"], e["rule"]))
    # The first kinds measured again by the measuring player on the same seeds: their quarters place
    # the grown kinds (dealer.grown_band_edges); the first kinds keep their shipped values and bands.
    again = sorted(dealer.simulated_difficulty(parse_rule(e["rule"]), range(seeds)) for e in data["rules"])
    data["grown_edges"] = [round(again[len(again) * q // 4], 2) for q in (1, 2, 3)]
    print(f"  first kinds measured again: band edges {data['grown_edges']} "
          f"(shipped {list(dealer.band_edges())})")
    CATALOGUE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"added {len(entries)} grown rules ({refused} refused) to {CATALOGUE} "
          f"in {time.perf_counter() - started:.0f} s")


def write(seeds: int, stride: int) -> None:
    """Check and measure the candidates (every ``stride``-th); write the catalogue."""
    started = time.perf_counter()
    grown_texts = set(dealer.GROWN_TEXTS)
    candidates = dealer.catalogue_candidates()[::stride]
    entries, refused = measure_rules([r for r in candidates if str(r) not in grown_texts], range(seeds))
    grown, refused_grown = measure_rules([r for r in candidates if str(r) in grown_texts], range(seeds))
    refused += refused_grown
    data = {
        "about": ("Eleusis dealer catalogue: playable rules (no dead end, acceptance between "
                  f"{dealer.LEAST} and {dealer.MOST}) and their difficulty, the mean turns the "
                  "measuring player (the scientist of the day it was measured) needs to give the "
                  f"rule one half (31: never), over seeds 0..{seeds - 1}."
                  " Written by bench/eleusis_dealer.py --write."),
        "seeds": seeds,
        "rules": entries,
        "grown": grown,
    }
    CATALOGUE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(entries) + len(grown)} rules ({refused} refused) to {CATALOGUE} "
          f"in {time.perf_counter() - started:.0f} s")


def add_seeds(more: int) -> None:
    """Measure every catalogue rule on ``more`` further seeds and average them in."""
    started = time.perf_counter()
    data = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    done = int(data.get("seeds", 2))
    for entry in data["rules"] + data.get("grown", []):
        extra = dealer.simulated_difficulty(parse_rule(entry["rule"]), range(done, done + more))
        entry["difficulty"] = round((entry["difficulty"] * done + extra * more) / (done + more), 2)
    data["seeds"] = done + more
    data["about"] = data["about"].replace(f"seeds 0..{done - 1}", f"seeds 0..{done + more - 1}")
    for part in ("rules", "grown"):
        data.get(part, []).sort(key=lambda e: (e["difficulty"], e["rule"]))
    CATALOGUE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"measured {len(data['rules']) + len(data.get('grown', []))} rules on {more} more seeds "
          f"({time.perf_counter() - started:.0f} s)")


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
        chosen = [h for t, h in zip(texts, held_out, strict=True)
                  if dealer.rule_band(parse_rule(t), shipped[t]) == band]
        if chosen:
            print(f"  {band:<7} {len(chosen):>4} rules, held-out mean turns {statistics.mean(chosen):5.1f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The Eleusis dealer's catalogue and its checks.")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--dealt", type=int, default=10_000)
    parser.add_argument("--stride", type=int, default=1, help="measure every N-th candidate")
    parser.add_argument("--more", type=int, default=0, help="average in N more seeds per rule")
    parser.add_argument("--grow", action="store_true", help="measure and add the grown kinds")
    args = parser.parse_args(argv)
    if args.grow:
        grow()
    elif args.more:
        add_seeds(args.more)
    elif args.write:
        write(args.seeds, args.stride)
    else:
        check(args.seeds, args.dealt)


if __name__ == "__main__":
    main()
