"""Computer players. A bot sees only a seat's *view* (``HandState.view``) and returns a legal move.

Glossary:
    Bot            -- anything with ``choose(view) -> Move``; deterministic for its seed.
    make_bot       -- ``make_bot("normal", seed=1)``: a bot of a named level.
    LEVELS         -- the level names players may choose, weakest first: ``random`` (uniform
                      legal moves), ``greedy`` (one move of lookahead, the easy opponent), ``normal``
                      and ``hard`` (determinized Monte Carlo search with a small and a larger budget).
    DEFAULT_LEVEL  -- the level a new game gets: ``normal``.
    SETTINGS       -- the search settings of each search level.
    mc:N           -- ``make_bot("mc:400")``: the search with a budget of N playouts (measurement);
                      ``mc:N:D:C`` also sets the playout depth D and the number of candidates C.
    make_omniscient -- the same search given the true state (``choose_from_state``); it cheats by
                      design, so it is only for measuring and is not a level.

>>> import random
>>> from leopard_core.games.leopard import HandState, rules_for
>>> state = HandState.deal(rules_for("standard"), rng=random.Random(1))
>>> make_bot("normal", seed=3).choose(state.view(state.to_move)) in state.legal_moves()
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from ..errors import LeopardError
from ..moves import Move
from .basic import GreedyBot, RandomBot
from .search import OmniscientBot, SearchBot, Settings

View = dict[str, Any]


class Bot(Protocol):
    """A computer player."""

    def choose(self, view: View) -> Move:
        """One legal move for the seat whose view this is."""
        ...


SETTINGS: dict[str, Settings] = {
    "normal": Settings(budget=120, depth=6, time_cap=5.0),
    "hard": Settings(budget=1000, depth=8, candidates=8, time_cap=60.0),
}
"""Search settings of the search levels. The budgets decide the moves; the time caps are safety nets
about 60 times the slowest decision of the level in CPython (``bench/bot_worst_move.py``: normal
73 ms and hard 0.89 s, both in running Leopard), so about 5 times the slowest decision on a slow
phone under Pyodide (x12): no player reaches them, and a challenge link or a daily deal plays the
same moves on every machine. (The caps were 0.45 s and 1.8 s, which a busy or slow browser reached:
the same link then gave other moves.)"""

LEVELS: tuple[str, ...] = ("random", "greedy", "normal", "hard")
"""Levels offered to players, weakest first."""

DEFAULT_LEVEL = "normal"
"""The level of a new game."""


def _budget_settings(level: str) -> Settings:
    """Settings for ``mc:N[:DEPTH[:CANDIDATES]]`` (N playouts per decision, a 60 s time cap)."""
    try:
        numbers = [int(part) for part in level.split(":")[1:]]
    except ValueError:
        raise LeopardError("level.bad_mc", level=repr(level)) from None
    if not 1 <= len(numbers) <= 3 or not 1 <= numbers[0] <= 100_000 or min(numbers) < 1:
        raise LeopardError("level.bad_mc_range", level=repr(level))
    settings = replace(SETTINGS[DEFAULT_LEVEL], budget=numbers[0], time_cap=60.0)
    if len(numbers) > 1:
        settings = replace(settings, depth=numbers[1])
    if len(numbers) > 2:
        settings = replace(settings, candidates=numbers[2])
    return settings


def make_bot(level: str, seed: int | str | None = None) -> Bot:
    """A bot of the named level (or ``mc:N``), deterministic for ``seed``."""
    if level == "random":
        return RandomBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    if level in SETTINGS:
        return SearchBot(seed, SETTINGS[level])
    if isinstance(level, str) and level.startswith("mc:"):
        return SearchBot(seed, _budget_settings(level))
    raise LeopardError("level.unknown", level=repr(level), levels=list(LEVELS))


def make_omniscient(seed: int | str | None = None, budget: int | None = None) -> OmniscientBot:
    """The search on the true state (measurement only), with the default level's settings."""
    settings = SETTINGS[DEFAULT_LEVEL]
    if budget is not None:
        settings = replace(settings, budget=budget, time_cap=60.0)
    return OmniscientBot(seed, settings)


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "SETTINGS",
    "Bot",
    "GreedyBot",
    "OmniscientBot",
    "RandomBot",
    "SearchBot",
    "Settings",
    "make_bot",
    "make_omniscient",
]
