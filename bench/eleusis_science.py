"""One-player Eleusis by the Louapre protocol ("Can LLMs play the game of science?", 2026), and the
calibration of the computer players' stated chances.

Protocol: one player, a hand of 12 (a card drawn after each play), one card a turn, at most 30
turns; after each turn the player may guess the rule (at most one guess a turn). A guess is right
when it agrees with the secret rule on simulated continuations from the current mainline
(``agreement.same_rule``: 200 continuations of 20 cards, all 52 faces judged at each step).
Score: (31 - turns) - 2 x wrong guesses when right at last (never below 0), 0 if never right.

Calibration: at every turn of the top level, its best guess and the chance it states for it,
against whether that guess would be right, in buckets of ten points.

Usage: ``python bench/eleusis_science.py [--levels novice,scientist,expert] [--seeds 3]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leopard_core.cards import ALL_CARDS, Card
from leopard_core.games.eleusis import dealer
from leopard_core.games.eleusis.agreement import same_rule
from leopard_core.games.eleusis.evidence import Evidence, NamedRule, Play, SecretRule
from leopard_core.games.eleusis.notation import RuleNotationError, parse_rule
from leopard_core.games.eleusis.players import make_player

HAND = 12
HELD_OUT_SEED = 20_261_124
TURNS = 30


def _mean_of_two(mainline: Sequence[Card], card: Card) -> bool:
    ranks = [c.rank for c in mainline[-2:]]
    return abs(card.rank * len(ranks) - sum(ranks)) <= 3 * len(ranks)


def _divides(mainline: Sequence[Card], card: Card) -> bool:
    last = mainline[-1].rank
    return card.rank % last == 0 or last % card.rank == 0


# (difficulty, the secret rule): the language's rules as notation, the others in Python.
SECRET_RULES: list[tuple[str, SecretRule | str]] = [
    ("easy", "red"),
    ("easy", "odd"),
    ("easy", "differ(colour)"),
    ("easy", "differ(parity)"),
    ("easy", "high"),
    ("easy", "same(suit) | same(rank)"),
    ("easy", "prime"),
    ("medium", "face | heart"),
    ("medium", "higher | differ(suit)"),
    ("medium", "step(-2,-1,+1,+2)"),
    ("medium", "step(-2,+2)"),
    ("medium", "if(last.face, red, black)"),
    ("medium", "if(last.odd, red, black)"),
    ("medium", "if(last.high, lower, higher)"),
    ("medium", "odd & differ(colour)"),
    ("medium", "even & differ(suit)"),
    ("hard", "cycle(SCDH)"),
    ("hard", "cycle(SHCD)"),
    ("hard", "runs(2,3)"),
    ("hard", "runs(1,2)"),
    ("hard", "if(place(2,0), red, black)"),
    ("hard", "same(colour,last2)"),
    ("hard", "step(+1,wrap) | same(rank)"),
    ("hard", "if(last.same(colour), differ(colour), true)"),
    ("hard", "!step(-1,+1)"),
    ("hard", "club | same(rank)"),
    ("very hard", "same(suit,last2) & differ(colour)"),
    ("outside", "if(last.face, same(suit), step(-3,+3))"),
    ("outside", "rank(1,2,3,5,8,13) & differ(suit)"),
    ("outside", "(red & even) | (black & odd)"),
    ("outside", NamedRule("the values of the card and the last add up to at most 14",
                          lambda m, c: c.rank + m[-1].rank <= 14)),
    ("outside", NamedRule("the values of the card and the last add up to a multiple of 3",
                          lambda m, c: (c.rank + m[-1].rank) % 3 == 0)),
    ("outside", NamedRule("the value is within 3 of the mean of the last two", _mean_of_two)),
    ("outside", NamedRule("one value divides the other", _divides)),
]


def secret_rules() -> list[tuple[str, SecretRule]]:
    """The rule set with notations parsed."""
    result: list[tuple[str, SecretRule]] = []
    for difficulty, rule in SECRET_RULES:
        result.append((difficulty, parse_rule(rule) if isinstance(rule, str) else rule))
    return result


def held_out_rules(count: int) -> list[tuple[str, SecretRule]]:
    """``count`` rules drawn by the dealer across its bands (a split not used for tuning)."""
    rng = random.Random(HELD_OUT_SEED)
    bands = dealer.DIFFICULTIES
    return [(bands[k % len(bands)], dealer.deal_rule(rng, bands[k % len(bands)]))
            for k in range(count)]


@dataclass
class Round:
    """The outcome of one round."""

    score: int
    solved: bool
    turns: int
    wrong_guesses: int
    decision_ms: list[float] = field(default_factory=list)
    calibration: list[tuple[float, bool]] = field(default_factory=list)


def play_round(level: str, secret: SecretRule, seed: int, calibrate: bool,
               continuations: int = 200) -> Round:
    """One round of the protocol (see the module's docstring)."""
    rng = random.Random(seed)
    player = make_player(level, random.Random(seed + 1))
    shoe = [c for c in ALL_CARDS for _ in range(2)]
    rng.shuffle(shoe)

    def draw() -> Card:
        if not shoe:
            shoe.extend(c for c in ALL_CARDS for _ in range(2))
            rng.shuffle(shoe)
        return shoe.pop()

    mainline = (draw(),)
    hand = [draw() for _ in range(HAND)]
    plays: list[Play] = []
    refused: list[str] = []
    wrong = 0
    result = Round(0, False, TURNS, 0)
    for turn in range(1, TURNS + 1):
        evidence = Evidence(mainline, tuple(plays), (), tuple(refused))
        start = time.process_time()  # CPU time: the machine may be shared
        chosen = player.choose_play(evidence, hand, strings_allowed=False)
        result.decision_ms.append((time.process_time() - start) * 1000)
        card = chosen[0] if chosen else hand[0]
        right = secret.accepts(mainline, card)
        plays.append(Play(len(mainline), (card,), right))
        if right:
            mainline += (card,)
        hand.remove(card)
        hand.append(draw())
        evidence = Evidence(mainline, tuple(plays), (), tuple(refused))
        judge_rng = random.Random(seed * 1000 + turn)
        if calibrate:
            rule, chance = player.best_guess(evidence)
            result.calibration.append(
                (chance, same_rule(rule, secret, mainline, judge_rng, continuations // 2)))
        guess = player.guess(evidence)
        if guess is None:
            continue
        try:
            guessed = parse_rule(guess)
        except RuleNotationError:
            guessed = None
        if guessed is not None and same_rule(guessed, secret, mainline, judge_rng, continuations):
            return Round(max(0, 31 - turn - 2 * wrong), True, turn, wrong, result.decision_ms,
                         result.calibration)
        wrong += 1
        refused.append(guess)
    result.wrong_guesses = wrong
    return result


def report(level: str, rounds: list[tuple[str, Round]]) -> None:
    """Print one level's figures, overall and by difficulty."""
    def line(name: str, chosen: list[Round]) -> str:
        times = [t for r in chosen for t in r.decision_ms]
        score = statistics.mean(r.score for r in chosen)
        return (f"  {name:<10} rounds {len(chosen):>3}  mean score {score:5.1f}"
                f"  solved {100 * sum(r.solved for r in chosen) / len(chosen):5.1f}%"
                f"  mean turns {statistics.mean(r.turns for r in chosen):4.1f}"
                f"  wrong guesses {statistics.mean(r.wrong_guesses for r in chosen):4.2f}"
                f"  decision median {statistics.median(times):5.1f} ms  max {max(times):6.1f} ms")
    print(f"{level}:")
    print(line("all", [r for _, r in rounds]))
    inside = [r for d, r in rounds if d != "outside"]
    print(line("in lang.", inside))
    for difficulty in dict.fromkeys(d for d, _ in rounds):
        print(line(difficulty, [r for d, r in rounds if d == difficulty]))


def report_calibration(samples: list[tuple[float, bool]]) -> None:
    """Stated chance against how often right, in buckets of ten points."""
    print(f"calibration over {len(samples)} stated chances (best guess at every turn):")
    for low in range(0, 100, 10):
        bucket = [right for chance, right in samples
                  if low <= 100 * chance < low + 10 or (low == 90 and chance >= 1.0)]
        if bucket:
            stated = statistics.mean(c for c, _ in samples
                                     if low <= 100 * c < low + 10 or (low == 90 and c >= 1.0))
            print(f"  {low:>2}-{low + 10:<3}%  n {len(bucket):>4}  stated {100 * stated:5.1f}%"
                  f"  right {100 * sum(bucket) / len(bucket):5.1f}%")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--levels", default="novice,scientist,expert")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--continuations", type=int, default=200)
    parser.add_argument("--no-calibration", action="store_true")
    parser.add_argument("--rules", default="",
                        help="a subset of the rule set: comma-separated indices (0-based)")
    parser.add_argument("--dealt", type=int, default=0,
                        help="play this many rules drawn by the dealer (held out) instead")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    rules = held_out_rules(args.dealt) if args.dealt else secret_rules()
    if args.rules:
        rules = [rules[int(k)] for k in args.rules.split(",")]
    print(f"{len(rules)} secret rules x {args.seeds} seeds; hand {HAND}, at most {TURNS} turns")
    calibration: list[tuple[float, bool]] = []
    inside: list[tuple[float, bool]] = []
    for level in levels:
        rounds: list[tuple[str, Round]] = []
        started = time.perf_counter()
        for k, (difficulty, secret) in enumerate(rules):
            for seed in range(args.seeds):
                calibrate = level == levels[-1] and not args.no_calibration
                outcome = play_round(level, secret, 1000 * k + seed, calibrate, args.continuations)
                rounds.append((difficulty, outcome))
                calibration += outcome.calibration
                if difficulty != "outside":
                    inside += outcome.calibration
                if not outcome.solved and difficulty != "outside":
                    print(f"    unsolved: {level} {secret} seed {seed}", file=sys.stderr)
        report(level, rounds)
        print(f"  ({time.perf_counter() - started:.0f} s)")
    if calibration:
        report_calibration(calibration)
        print("  of which rules inside the language:")
        report_calibration(inside)


if __name__ == "__main__":
    main()
