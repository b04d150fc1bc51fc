"""The card game under the platform's State contract (``leopard_core.platform.contract``).

``LeopardState`` wraps a ``Game`` (several hands): a move is N3 text; when a hand ends and the game
goes on, the next hand is dealt at once, so the contract's ``to_move`` is None only at the end of
the whole game. ``view(seat)`` is ``Game.view(seat)`` (R3.3: no other hand, no face-down identity
the other seat played, no seed); a spectator's (``None``) is seat 0's table with nothing private.

>>> import random
>>> state = new_state(random.Random(1))
>>> state.seats(), state.to_move() in (0, 1), len(state.legal_moves()) > 0
(2, True, True)
"""

from __future__ import annotations

import random
from typing import Any, Self

from leopard_core.platform.contract import SavingAdapter

from .game import Game
from .rules import VARIANTS


class LeopardState(SavingAdapter[Game]):
    """A card game of a few hands, as the platform's ``GameState``."""

    GAME = Game

    def seats(self) -> int:
        return 2

    def to_move(self) -> int | None:
        state = self.game.state
        return None if state.over else state.to_move

    def legal_moves(self) -> list[str]:
        return [] if self.game.state.over else [str(move) for move in self.game.state.legal_moves()]

    def apply(self, move: str) -> None:
        self.game.apply(move)
        if self.game.state.over and not self.game.is_over:
            self.game.next_hand()

    def clone(self) -> Self:
        return type(self)(Game.restore(self.game.save()))

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(0, private=False) if seat is None else self.game.view(seat)


def new_state(rng: random.Random) -> LeopardState:
    """A fresh game of one or two hands of a random variant, dealt from a seed of ``rng``."""
    variant = rng.choice(sorted(VARIANTS))
    return LeopardState(Game(variant, hands=rng.choice((1, 2)), seed=rng.randrange(2**32)))
