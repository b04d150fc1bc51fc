"""Matches between hunt bots: ``python -m leopard_core hunt simulate --leopards L --cows C``.

Glossary:
    GameRecord  -- one finished game: winner (``L``, ``C`` or None for a draw), reason, cows
                   captured, turns played, and the slowest and total thinking time of each side
                   (wall clock), and the slowest in this process's CPU time, which stays honest
                   when other programs share the machine.
    MatchResult -- the records of a match between a Leopards level and a Cows level, with counts.
    game seed   -- game ``g`` of a match with seed ``S`` gives the bots the seeds ``S:g:L`` and
                   ``S:g:C``, so a match is reproducible (the rules themselves have no chance).

>>> result = run_match("random", "random", games=2, seed=1)
>>> sum(result.counts().values())
2
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TextIO

from leopard_core.platform.match import Clock, play_out

from .bots import HuntBot, make_bot
from .rules import COWS, LEOPARDS, HuntRules, Side
from .state import HuntState


@dataclass
class GameRecord:
    """One finished game between two bots."""

    winner: Side | None
    reason: str
    captured: int
    turns: int
    slowest: dict[str, float] = field(default_factory=dict)
    thinking: dict[str, float] = field(default_factory=dict)
    slowest_cpu: dict[str, float] = field(default_factory=dict)


@dataclass
class MatchResult:
    """Every game of a match of one Leopards level against one Cows level."""

    leopards: str
    cows: str
    records: list[GameRecord]

    def counts(self) -> dict[str, int]:
        """Games won by each side and drawn."""
        out = {"L": 0, "C": 0, "draw": 0}
        for record in self.records:
            out[record.winner or "draw"] += 1
        return out

    def mean_captured(self) -> float:
        """Cows captured per game, on average."""
        return sum(r.captured for r in self.records) / max(1, len(self.records))

    def slowest(self, side: str) -> float:
        """The longest time, in seconds, a bot of ``side`` took over one move."""
        return max((r.slowest.get(side, 0.0) for r in self.records), default=0.0)

    def slowest_cpu(self, side: str) -> float:
        """The longest CPU time, in seconds, a bot of ``side`` took over one move."""
        return max((r.slowest_cpu.get(side, 0.0) for r in self.records), default=0.0)

    def mean_move_time(self, side: str) -> float:
        """Average seconds per move of ``side``'s bot."""
        turns = sum((r.turns + (1 if side == LEOPARDS else 0)) // 2 for r in self.records)
        return sum(r.thinking.get(side, 0.0) for r in self.records) / max(1, turns)


def play_game(leopards: str, cows: str, seed: object = 0, rules: HuntRules | None = None) -> GameRecord:
    """One game between two bot levels, to the end."""
    state = HuntState.new(rules)
    bots: dict[str, HuntBot] = {LEOPARDS: make_bot(leopards, f"{seed}:L"), COWS: make_bot(cows, f"{seed}:C")}
    clock = Clock((LEOPARDS, COWS))
    play_out(state, str, lambda side: bots[side].choose(state), clock)
    return GameRecord(
        state.winner, state.reason, state.captured, len(state.history),
        {side: clock.slowest(side) for side in clock.times},
        {side: clock.total(side) for side in clock.times}, dict(clock.slowest_cpu),
    )


def run_match(
    leopards: str, cows: str, games: int, seed: int = 0, rules: HuntRules | None = None
) -> MatchResult:
    """``games`` games of ``leopards`` against ``cows``."""
    records = [play_game(leopards, cows, f"{seed}:{g}", rules) for g in range(games)]
    return MatchResult(leopards, cows, records)


def report_line(result: MatchResult) -> str:
    """One line of figures for a match."""
    counts = result.counts()
    return (
        f"leopards {result.leopards:>8} vs cows {result.cows:>8}: {len(result.records)} games, "
        f"leopards won {counts['L']}, cows won {counts['C']}, drawn {counts['draw']}; "
        f"cows captured {result.mean_captured():.1f}/game; slowest move L {result.slowest(LEOPARDS):.2f}s "
        f"C {result.slowest(COWS):.2f}s (CPU L {result.slowest_cpu(LEOPARDS):.2f}s "
        f"C {result.slowest_cpu(COWS):.2f}s)"
    )


def simulate_command(leopards: str, cows: str, games: int, seed: int, rules: HuntRules, out: TextIO,
                     verbose: bool = False) -> int:
    """``hunt simulate``: play the match and print its figures (every game's end with ``verbose``)."""
    result = MatchResult(leopards, cows, [])
    for g in range(games):
        record = play_game(leopards, cows, f"{seed}:{g}", rules)
        result.records.append(record)
        if verbose:
            out.write(f"game {g}: {record.winner or 'draw'} after {record.turns} turns, {record.reason}\n")
    out.write(report_line(result) + "\n")
    return 0
