"""Squares, their notation (R2, N2) and their value (R5).

Glossary:
    Layer  -- one card in a space's stack: ``Layer(card, face_up)``. A face-down card whose identity
              the viewer does not know has ``card=None`` (written ``~``, R3.3).
    Stack  -- the layers of one space, bottom to top; only the top counts (R2.2).
    Square -- nine stacks, spaces 1..9, with N2 text: ``AH,2H,3H/4S,5S.~JC,6S/7D,-,9D``.
    open   -- a space that is empty or whose top card is face down (R2.2).

>>> sq = Square.parse("AH,2H,3H/4S,5S.~JC,6S/7D,-,9D")
>>> sq.raw_value(), sq.is_open(5), sq.is_open(1)
(3, True, False)
>>> Square.parse(str(sq)) == sq
True
"""

from __future__ import annotations

from typing import NamedTuple

from leopard_core.cards import JACK, QUEEN, SUITS, Card

from .errors import NotationError
from .rules import LINES, Rules, rules_for

OPEN = 4
"""Suit code of an open space in a row of tops (suits are 0..3: S H D C)."""

SUIT_CODE = {suit: i for i, suit in enumerate(SUITS)}
_RED_CODES = frozenset({SUIT_CODE["H"], SUIT_CODE["D"]})


class Layer(NamedTuple):
    """One card in a stack; ``card`` is None for a face-down card the viewer has not seen."""

    card: Card | None
    face_up: bool

    def __str__(self) -> str:
        if self.face_up:
            return str(self.card)
        return "~" if self.card is None else "~" + str(self.card)

    @classmethod
    def parse(cls, text: str) -> Layer:
        """Parse one layer: ``7H``, ``~JC`` or ``~``."""
        text = text.strip()
        if text == "~":
            return cls(None, False)
        if text.startswith("~"):
            card = Card.parse(text[1:])
            if card.rank not in (JACK, QUEEN):
                raise NotationError("notation.face_down_card", card=str(card))
            return cls(card, False)
        if not text:
            raise NotationError("notation.empty_card")
        return cls(Card.parse(text), True)


Stack = tuple[Layer, ...]


def line_points_table(rules: Rules) -> tuple[int, ...]:
    """Points of a line indexed by ``a * 25 + b * 5 + c`` over suit codes 0..4 (4 is open)."""
    table = []
    for a in range(5):
        for b in range(5):
            for c in range(5):
                table.append(_line_points(a, b, c, rules))
    return tuple(table)


def _line_points(a: int, b: int, c: int, rules: Rules) -> int:
    """R5.1 for three top suit codes."""
    if OPEN in (a, b, c):
        return 0
    if a == b == c:
        return rules.suit_points
    if (a in _RED_CODES) == (b in _RED_CODES) == (c in _RED_CODES):
        return rules.colour_points
    return 0


_TABLES: dict[Rules, tuple[int, ...]] = {}


def points_table(rules: Rules) -> tuple[int, ...]:
    """The cached line table of a rules object."""
    table = _TABLES.get(rules)
    if table is None:
        table = _TABLES[rules] = line_points_table(rules)
    return table


LINE_INDEXES: tuple[tuple[int, int, int], ...] = tuple(
    (a - 1, b - 1, c - 1) for a, b, c in LINES
)


def raw_value_of_tops(tops: list[int] | tuple[int, ...], table: tuple[int, ...]) -> int:
    """R5.2 over nine top suit codes."""
    total = 0
    for a, b, c in LINE_INDEXES:
        total += table[tops[a] * 25 + tops[b] * 5 + tops[c]]
    return total


class ScoringLine(NamedTuple):
    """A line that scores: its three spaces, its points and why (``suit`` or ``colour``)."""

    spaces: tuple[int, int, int]
    points: int
    kind: str


class Square(NamedTuple):
    """Nine stacks, space 1 first. The text form is N2 and round-trips."""

    stacks: tuple[Stack, ...]

    @classmethod
    def empty(cls) -> Square:
        """A square with nothing on it."""
        return cls(((),) * 9)

    @classmethod
    def parse(cls, text: str) -> Square:
        """Parse N2 notation; errors name the row or space that is wrong."""
        if not isinstance(text, str):
            raise NotationError("notation.square", text=repr(text))
        rows = text.strip().split("/")
        if len(rows) != 3:
            raise NotationError("notation.square_rows", text=repr(text), found=len(rows))
        stacks: list[Stack] = []
        for row_index, row in enumerate(rows):
            spaces = row.split(",")
            if len(spaces) != 3:
                raise NotationError(
                    "notation.square_row", text=repr(text), row=row_index + 1,
                    row_text=repr(row.strip()), found=len(spaces),
                )
            for col, space_text in enumerate(spaces):
                number = row_index * 3 + col + 1
                space_text = space_text.strip()
                if space_text == "-":
                    stacks.append(())
                    continue
                try:
                    stack = tuple(Layer.parse(part) for part in space_text.split("."))
                    if not stack[0].face_up:
                        raise NotationError("notation.face_down_bottom")
                    stacks.append(stack)
                except NotationError as err:
                    raise NotationError(
                        "notation.square_space", text=repr(text), space=number,
                        space_text=repr(space_text), error=err.msg,
                    ) from None
        return cls(tuple(stacks))

    def __str__(self) -> str:
        spaces = [".".join(str(layer) for layer in stack) or "-" for stack in self.stacks]
        return "/".join(",".join(spaces[r * 3 : r * 3 + 3]) for r in range(3))

    def top(self, space: int) -> Layer | None:
        """The top layer of a space (1..9), or None when empty."""
        stack = self.stacks[space - 1]
        return stack[-1] if stack else None

    def is_open(self, space: int) -> bool:
        """R2.2: empty, or the top card is face down."""
        top = self.top(space)
        return top is None or not top.face_up

    def is_empty(self, space: int) -> bool:
        """No card at all in the space."""
        return not self.stacks[space - 1]

    def tops(self) -> tuple[int, ...]:
        """Suit codes of the nine tops, ``OPEN`` for an open space."""
        codes = []
        for stack in self.stacks:
            if stack and stack[-1].face_up and stack[-1].card is not None:
                codes.append(SUIT_CODE[stack[-1].card.suit])
            else:
                codes.append(OPEN)
        return tuple(codes)

    def raw_value(self, rules: Rules | str = "standard") -> int:
        """R5.2: the sum over the 8 lines."""
        return raw_value_of_tops(self.tops(), points_table(rules_for(rules)))

    def scoring_lines(self, rules: Rules | str = "standard") -> list[ScoringLine]:
        """The lines worth points, in R2.3 order."""
        rules = rules_for(rules)
        tops = self.tops()
        table = points_table(rules)
        found = []
        for line, (a, b, c) in zip(LINES, LINE_INDEXES, strict=True):
            points = table[tops[a] * 25 + tops[b] * 5 + tops[c]]
            if points:
                kind = "suit" if tops[a] == tops[b] == tops[c] else "colour"
                found.append(ScoringLine(line, points, kind))
        return found

    def card_count(self) -> int:
        """All cards in the square, covered ones included."""
        return sum(len(stack) for stack in self.stacks)
