"""The simple levels: ``random`` (the baseline) and ``greedy`` (one move of lookahead).

Glossary:
    RandomBot -- a uniformly random legal move from the view.
    GreedyBot -- the move of highest heuristic gain (``evaluate.Evaluator.move_gains``): own square
                 up, the opponent's down, cards kept for later, and ``out`` when the lead is worth
                 the -1 (R7.2). It reads the view only, through ``worlds.Knowledge``'s template.
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import LeopardError
from ..moves import Move
from .evaluate import DEFAULT_WEIGHTS, Weights
from .search import evaluator_for
from .worlds import Knowledge


def _legal(view: dict[str, Any]) -> list[str]:
    """The view's legal moves, or a clear error when it is not the bot's turn."""
    moves: list[str] = view["legal_moves"]
    if not moves:
        raise LeopardError("bot.view_no_legal_move")
    return moves


class RandomBot:
    """A uniformly random legal move: the baseline."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> Move:
        """Pick uniformly among the view's legal moves."""
        return Move.parse(self.rng.choice(_legal(view)))


class GreedyBot:
    """One-move lookahead with the shared heuristic; ties broken by the seeded generator."""

    def __init__(self, seed: int | str | None = None, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.rng = random.Random(seed)
        self.weights = weights

    def choose(self, view: dict[str, Any]) -> Move:
        """The legal move of highest gain for the view's seat."""
        legal = _legal(view)
        if len(legal) == 1:
            return Move.parse(legal[0])
        state = Knowledge(view).template
        move = evaluator_for(view["variant"], self.weights).best_move(state, self.rng, noise=1e-6)
        if str(move) not in legal:
            raise LeopardError("bot.not_allowed", move=str(move))
        return move
