"""Positions for legality questions (N4): ``OWN SQUARE | OPPONENT SQUARE | HAND``.

A position is the moment after the mover drew; ``out`` is legal when the own square reaches the
threshold of the variant.

>>> pos = Position.parse("-,-,-/-,-,-/-,-,- | -,-,-/-,-,-/-,-,- | 5H")
>>> [str(m) for m in pos.legal_moves()]
['5H to own 5', '5H to opp 5', 'discard 5H']
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from leopard_core.cards import Card, parse_cards

from .errors import NotationError
from .moves import Move
from .rules import Rules, rules_for
from .squares import Square
from .state import HandState


class Position(NamedTuple):
    """The mover's square, the opponent's square and the mover's hand."""

    own: Square
    opp: Square
    hand: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str) -> Position:
        """Parse N4; the error names the part that is wrong."""
        if not isinstance(text, str):
            raise NotationError("notation.position", text=repr(text))
        parts = text.split("|")
        if len(parts) != 3:
            raise NotationError("notation.position_parts", text=repr(text), found=len(parts))
        try:
            own = Square.parse(parts[0])
            opp = Square.parse(parts[1])
            hand = tuple(parse_cards(parts[2]))
        except NotationError as err:
            raise NotationError("notation.position_part", text=repr(text), error=err.msg) from None
        position = cls(own, opp, hand)
        position._check_counts(text)
        return position

    def _check_counts(self, text: str) -> None:
        """R1.1: two decks hold at most two of each card."""
        counts: Counter[Card] = Counter(self.hand)
        for square in (self.own, self.opp):
            for stack in square.stacks:
                counts.update(layer.card for layer in stack if layer.card is not None)
        too_many = sorted((str(c) for c, n in counts.items() if n > 2))
        if too_many:
            raise NotationError("notation.position_counts", text=repr(text), cards=too_many)

    def __str__(self) -> str:
        return f"{self.own} | {self.opp} | {','.join(str(c) for c in self.hand)}"

    def state(self, rules: Rules | str = "standard") -> HandState:
        """A hand state at this position, the mover (seat 0) to decide."""
        return HandState.from_position(rules_for(rules), self.own, self.opp, list(self.hand))

    def legal_moves(self, rules: Rules | str = "standard") -> list[Move]:
        """Every legal move of the mover (R3, R6.1)."""
        return self.state(rules).legal_moves()
