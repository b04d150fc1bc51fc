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
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import eleusis_science as bench  # noqa: E402

from leopard_core.games.eleusis.evidence import Decision  # noqa: E402


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
    """One round of the bench's protocol (its ``ProtocolRound``), every decision recorded."""
    game = bench.ProtocolRound(level, secret, 0)
    log: list[dict[str, Any]] = []
    while game.turn < bench.TURNS and not game.solved:
        evidence = game.evidence()
        hand = tuple(game.hand)
        played = game.choose()
        entry: dict[str, Any] = {"card": repr((played,))}
        decision = Decision(evidence, (played,), hand)
        if explain:
            entry["think_choice"] = rounded(game.player.explain(evidence, decision))
        _, entry["guess"] = game.play(played)
        if explain:
            entry["think_after"] = rounded(game.player.explain(game.seen, decision))
            entry["guess_chances"] = rounded(game.player.guess_chances(game.seen))
        log.append(entry)
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
