"""Computer players. A bot sees only a seat's *view* (``HandState.view``) and returns a legal move.

Glossary:
    Bot       -- anything with ``choose(view) -> Move``; deterministic for its seed.
    make_bot  -- ``make_bot("random", seed=1)``: a bot of a named level.
    LEVELS    -- the level names players may choose.

>>> import random
>>> from leopard_core import HandState, rules_for
>>> state = HandState.deal(rules_for("standard"), rng=random.Random(1))
>>> make_bot("random", seed=3).choose(state.view(state.to_move)) in state.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from ..errors import LeopardError
from ..moves import Move

View = dict[str, Any]


class Bot(Protocol):
    """A computer player."""

    def choose(self, view: View) -> Move:
        """One legal move for the seat whose view this is."""
        ...


class RandomBot:
    """A uniformly random legal move: the baseline."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        """Pick uniformly among the view's legal moves."""
        moves = view["legal_moves"]
        if not moves:
            raise LeopardError("the bot was asked to move, but the view has no legal move")
        return Move.parse(self.rng.choice(moves))


LEVELS: tuple[str, ...] = ("random",)
"""Levels offered to players, weakest first."""


def make_bot(level: str, seed: int | str | None = None) -> Bot:
    """A bot of the named level, deterministic for ``seed``."""
    if level == "random":
        return RandomBot(seed)
    raise LeopardError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
