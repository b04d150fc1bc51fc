"""Matches between bot levels: ``python -m leopard_core simulate --a L --b L --games N``.

Glossary:
    side        -- ``a`` or ``b``, the two levels of a match. Side ``a`` sits at seat 0 in even games
                   and seat 1 in odd games (seats swapped every other game), so neither side always
                   has the first deal's cut.
    game seed   -- game ``g`` of a match with ``--seed S`` is ``Game(seed=S + g)``; its bots get seeds
                   derived from S, g and the side, so a match is reproducible.
    level       -- a name of ``bots.LEVELS``, ``mc:N`` (the search with N playouts), ``strong`` (the
                   default level), or ``omniscient`` / ``omniscient:N`` (the search on the true
                   state, for measurement only).
    result      -- per game: both sides' hand scores and totals, and every move's thinking time.
    95% CI      -- mean +- 1.96 standard errors over hands (normal approximation).
"""

from __future__ import annotations

import math
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any, TextIO

from leopard_core.platform.match import Clock, play_out

from .bots import DEFAULT_LEVEL, Bot, make_bot, make_omniscient
from .errors import LeopardError
from .game import Game
from .moves import Move
from .state import HandState

SIDES = ("a", "b")


class _Player:
    """A bot of any level behind one call: ``move(game, seat)``."""

    def __init__(self, level: str, seed: str) -> None:
        self.bot: Bot | None = None
        self.omniscient = None
        if level == "strong":
            level = DEFAULT_LEVEL
        if level == "omniscient" or level.startswith("omniscient:"):
            budget = None
            if ":" in level:
                try:
                    budget = int(level.split(":", 1)[1])
                except ValueError:
                    raise LeopardError("match.bad_level", level=repr(level)) from None
            self.omniscient = make_omniscient(seed, budget)
        else:
            self.bot = make_bot(level, seed)

    def move(self, state: HandState, seat: int) -> Move:
        """The bot's move: from the seat's view, or from the true state for the omniscient bot."""
        if self.omniscient is not None:
            return self.omniscient.choose_from_state(state)
        assert self.bot is not None
        return self.bot.choose(state.view(seat))


@dataclass
class GameResult:
    """One game's outcome from the sides' point of view."""

    index: int
    hand_points: dict[str, list[int]] = field(default_factory=lambda: {"a": [], "b": []})
    totals: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})


def play_game(task: tuple[str, str, int, int, int, str]) -> GameResult:
    """Play game ``index`` of a match (picklable for multiprocessing)."""
    level_a, level_b, seed, index, hands, variant = task
    game = Game(variant, hands=hands, seed=seed + index)
    seat_of = {"a": index % 2, "b": 1 - index % 2}
    side_of = {seat: side for side, seat in seat_of.items()}
    players = {
        "a": _Player(level_a, f"{seed}:{index}:a"),
        "b": _Player(level_b, f"{seed}:{index}:b"),
    }
    result = GameResult(index)
    clock = Clock(SIDES)
    while True:
        state = game.state

        def choose(side: str, state: HandState = state) -> Move:
            return players[side].move(state, state.to_move)

        play_out(state, side_of.__getitem__, choose, clock)
        if game.is_over:
            break
        game.next_hand()
    result.times = clock.times
    for hand in game.hand_scores():
        for side in SIDES:
            result.hand_points[side].append(hand[seat_of[side]])
    totals = game.totals()
    result.totals = {side: totals[seat_of[side]] for side in SIDES}
    return result


def run_match(
    level_a: str, level_b: str, games: int, seed: int = 0, jobs: int = 1, hands: int = 4,
    variant: str = "standard", progress: TextIO | None = None,
) -> list[GameResult]:
    """Play a whole match, in ``jobs`` processes, results in game order. With ``progress``, a
    line of running figures is written there every 20 games (long matches can be watched)."""
    for level in (level_a, level_b):
        _Player(level, "check")  # a bad level fails here, before any process starts
    tasks = [(level_a, level_b, seed, index, hands, variant) for index in range(games)]
    results: list[GameResult] = []
    if jobs <= 1:
        stream = map(play_game, tasks)
        for result in stream:
            _collect(results, result, progress)
        return results
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for result in pool.imap_unordered(play_game, tasks, chunksize=1):
            _collect(results, result, progress)
    return sorted(results, key=lambda r: r.index)


def _collect(results: list[GameResult], result: GameResult, progress: TextIO | None) -> None:
    """Keep a result; every 20 games, tell ``progress`` how the match stands."""
    results.append(result)
    if progress is not None and len(results) % 20 == 0:
        won = sum(1 for r in results if r.totals["a"] > r.totals["b"])
        lost = sum(1 for r in results if r.totals["a"] < r.totals["b"])
        progress.write(f"after {len(results)} games: a won {won}, lost {lost}\n")
        progress.flush()


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval."""
    if not values:
        return 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def summary(results: list[GameResult], level_a: str, level_b: str) -> dict[str, Any]:
    """Figures of a match: wins, draws, losses of side a; points per hand; move times."""
    won = sum(1 for r in results if r.totals["a"] > r.totals["b"])
    lost = sum(1 for r in results if r.totals["a"] < r.totals["b"])
    figures: dict[str, Any] = {
        "games": len(results), "won": won, "drawn": len(results) - won - lost, "lost": lost,
        "levels": {"a": level_a, "b": level_b},
    }
    edge = [
        float(pa - pb)
        for r in results for pa, pb in zip(r.hand_points["a"], r.hand_points["b"], strict=True)
    ]
    figures["edge"] = mean_ci(edge)
    for side in SIDES:
        points = [float(p) for r in results for p in r.hand_points[side]]
        times = [t for r in results for t in r.times[side]]
        figures[side] = {
            "points": mean_ci(points),
            "median_ms": 1000 * statistics.median(times) if times else 0.0,
            "p95_ms": 1000 * percentile(times, 0.95),
            "moves": len(times),
        }
    return figures


def report(figures: dict[str, Any]) -> list[str]:
    """The printed lines of a match."""
    games = figures["games"]
    a, b = figures["levels"]["a"], figures["levels"]["b"]
    pct = 100.0 * figures["won"] / games if games else 0.0
    lines = [
        f"{a} vs {b}: {games} games: a won {figures['won']}, drawn {figures['drawn']}, "
        f"lost {figures['lost']} (a wins {pct:.1f}%)",
    ]
    for side, level in (("a", a), ("b", b)):
        mean, half = figures[side]["points"]
        lines.append(f"  {side} {level}: {mean:.2f} +- {half:.2f} points per hand (95% CI)")
    mean, half = figures["edge"]
    lines.append(f"  edge a - b: {mean:+.2f} +- {half:.2f} points per hand (95% CI)")
    for side, level in (("a", a), ("b", b)):
        f = figures[side]
        lines.append(
            f"  {side} {level}: time per move median {f['median_ms']:.2f} ms, "
            f"p95 {f['p95_ms']:.2f} ms over {f['moves']} moves"
        )
    return lines


def simulate_command(args: Any, out: TextIO) -> int:
    """The ``simulate`` subcommand: play the match and print its figures."""
    if args.games < 1:
        raise LeopardError("match.bad_games", games=args.games)
    if args.jobs < 1:
        raise LeopardError("match.bad_jobs", jobs=args.jobs)
    start = time.perf_counter()
    results = run_match(
        args.a, args.b, args.games, args.seed, args.jobs, args.hands, args.variant, sys.stderr
    )
    figures = summary(results, args.a, args.b)
    lines = report(figures)
    lines.append(
        f"  variant {args.variant}, {args.hands} hands per game, seed {args.seed}, "
        f"{args.jobs} jobs, {time.perf_counter() - start:.1f} s"
    )
    out.write("\n".join(lines) + "\n")
    out.flush()
    return 0
