"""The hunt game under the platform's State contract (``leopard_core.platform.contract``).

Seat 0 is the leopards (``L``), seat 1 the cows (``C``); a move is H8 text. The hunt has no hidden
information: every seat's view, and a spectator's, is the whole board.

>>> import random
>>> state = new_state(random.Random(1))
>>> state.seats(), state.to_move(), "e5" in state.legal_moves()
(2, 0, True)
"""

from __future__ import annotations

import random
from typing import Any, Self

from leopard_core.platform.contract import SavingAdapter

from .messages import msg_json
from .rules import COWS, LEOPARDS, HuntRules
from .state import HuntState

SEATS = (LEOPARDS, COWS)


class HuntGameState(SavingAdapter[HuntState]):
    """A hunt game as the platform's ``GameState`` (``game`` is the ``HuntState``)."""

    GAME = HuntState

    def seats(self) -> int:
        return len(SEATS)

    def to_move(self) -> int | None:
        return None if self.game.over else SEATS.index(self.game.to_move)

    def legal_moves(self) -> list[str]:
        return [] if self.game.over else [str(move) for move in self.game.legal_moves()]

    def apply(self, move: str) -> None:
        self.game.apply(move)

    def clone(self) -> Self:
        return type(self)(self.game.clone())

    def view(self, seat: int | None) -> dict[str, Any]:
        state = self.game
        return {
            "seat": seat, "position": state.position, "to_move": state.to_move, "over": state.over,
            "winner": state.winner, "reason_msg": msg_json(state.reason_msg),
            "captured": state.captured, "reserve": state.reserve,
            "history": [str(move) for move in state.history], "legal_moves": self.legal_moves(),
        }


def new_state(rng: random.Random) -> HuntGameState:
    """A fresh hunt game with random settings (compulsory capture or not, a short move limit)."""
    rules = HuntRules(rng.choice((True, False)), rng.choice((20, 40)))
    return HuntGameState(HuntState.new(rules))
