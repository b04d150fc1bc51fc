"""Record every decision of Eleusis's computer players on the science bench's rules, to show that a
speed change changed no decision.

Plays one round (round 0, the bench's seeds) of each rule of ``bench/eleusis_science.py`` for each
level by the bench's protocol, and writes to a JSON file, per level and rule, every turn's card,
guess and, with ``--explain``, the player's Think aloud (``player.explain``) after its choice and
after the verdict, and its guess chances. Chances are rounded to 1e-9. Run it before and after a
change from each tree's root, and compare the two files: they must be identical.

Usage: ``python tools/eleusis_decisions.py OUT.json [--explain] [--levels expert] [--rules 0,5,9]``,
then ``cmp before.json after.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import eleusis_science as bench  # noqa: E402

from leopard_core.cards import Card  # noqa: E402
from leopard_core.games.eleusis.evidence import Decision, Evidence, Play  # noqa: E402
from leopard_core.games.eleusis.notation import RuleNotationError, parse_rule  # noqa: E402


def rounded(value: Any) -> Any:
    """``value`` as JSON, its floats rounded to 1e-9."""
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, dict):
        return {str(k): rounded(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [rounded(v) for v in value]
    if isinstance(value, int | str | bool) or value is None:
        return value
    return repr(value)


def play(level: str, secret: bench.Secret, explain: bool) -> list[dict[str, Any]]:
    """One round of the bench's protocol (its ``play_round``), every decision recorded."""
    seed = bench.round_seed(secret, 0)
    deck = list(bench.DECK)
    random.Random(seed).shuffle(deck)
    hand, deck = deck[:bench.HAND], deck[bench.HAND:]
    while not secret.accepts([], deck[0]):
        deck.pop(0)
    mainline: tuple[Card, ...] = (deck.pop(0),)
    player = bench.make_player(level, random.Random(seed))
    player.settings = replace(player.settings, no_play_at=math.inf)
    plays: list[Play] = []
    refused: list[str] = []
    log: list[dict[str, Any]] = []
    for _ in range(bench.TURNS):
        evidence = Evidence(mainline, tuple(plays), (), tuple(refused))
        chosen = player.choose_play(evidence, hand, strings_allowed=False)
        assert chosen is not None
        entry: dict[str, Any] = {"card": repr(chosen)}
        decision = Decision(evidence, chosen, tuple(hand))
        if explain:
            entry["think_choice"] = rounded(player.explain(evidence, decision))
        played = chosen[0]
        right = secret.accepts(mainline, played)
        plays.append(Play(len(mainline), (played,), right))
        if right:
            mainline += (played,)
        hand.remove(played)
        if deck:
            hand.append(deck.pop(0))
        evidence = Evidence(mainline, tuple(plays), (), tuple(refused))
        guess = player.guess(evidence)
        entry["guess"] = guess
        if explain:
            entry["think_after"] = rounded(player.explain(evidence, decision))
            entry["guess_chances"] = rounded(player.guess_chances(evidence))
        log.append(entry)
        if guess is None:
            continue
        try:
            guessed = parse_rule(guess)
        except RuleNotationError:
            guessed = None
        if guessed is not None and bench.judge(guessed, secret, mainline):
            break
        refused.append(guess)
    return log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", type=Path)
    parser.add_argument("--explain", action="store_true", help="record Think aloud too (slower)")
    parser.add_argument("--levels", default="novice,scientist,expert")
    parser.add_argument("--rules", default="", help="comma-separated indices (default: all)")
    args = parser.parse_args()
    rules = [int(k) for k in args.rules.split(",")] if args.rules else range(len(bench.RULES))
    record: dict[str, list[dict[str, Any]]] = {}
    for level in args.levels.split(","):
        for k in rules:
            record[f"{level} {k}"] = play(level, bench.RULES[k], args.explain)
            print(f"{level} {k}: {len(record[f'{level} {k}'])} turns", flush=True)
    args.out.write_text(json.dumps(record, indent=0, sort_keys=True))


if __name__ == "__main__":
    main()
