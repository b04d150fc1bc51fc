"""Moves and their notation (N3), always written from the mover's point of view.

Glossary:
    Move -- ``Move.play(card, "own"|"opp", space)``, ``Move.discard(card)``, ``Move.out()``,
            ``Move.end()`` (running only, R8.3) and ``Move.pass_()`` (an empty-handed player with
            nothing to draw passes, R4.3; the engine writes it ``pass``).

>>> m = Move.parse("jd to OPP 3")
>>> str(m), m.kind, m.square, m.space
('JD to opp 3', 'play', 'opp', 3)
>>> Move.parse(str(m)) == m
True
"""

from __future__ import annotations

from typing import NamedTuple

from leopard_core.cards import Card

from .errors import NotationError

PLAY, DISCARD, OUT, END, PASS = "play", "discard", "out", "end", "pass"
OWN, OPP = "own", "opp"


class Move(NamedTuple):
    """A small hashable move value; ``str`` gives N3 text that ``Move.parse`` reads back."""

    kind: str
    card: Card | None = None
    square: str | None = None
    space: int | None = None

    @classmethod
    def play(cls, card: Card | str, square: str, space: int) -> Move:
        """Play ``card`` onto ``square`` (``own`` or ``opp``) at ``space`` 1..9."""
        if isinstance(card, str):
            card = Card.parse(card)
        if square not in (OWN, OPP) or not isinstance(space, int) or not 1 <= space <= 9:
            raise NotationError("notation.target", square=repr(square), space=repr(space))
        return _interned(cls(PLAY, card, square, space))

    @classmethod
    def discard(cls, card: Card | str) -> Move:
        """Discard ``card`` face up."""
        if isinstance(card, str):
            card = Card.parse(card)
        return _interned(cls(DISCARD, card))

    @classmethod
    def out(cls) -> Move:
        """Go out (R6)."""
        return OUT_MOVE

    @classmethod
    def end(cls) -> Move:
        """End the turn after one or more plays (running, R8.3)."""
        return END_MOVE

    @classmethod
    def pass_(cls) -> Move:
        """Pass: no card in hand and nothing to draw (R4.3)."""
        return PASS_MOVE

    def __str__(self) -> str:
        if self.kind == PLAY:
            return f"{self.card} to {self.square} {self.space}"
        if self.kind == DISCARD:
            return f"discard {self.card}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse N3 text (case-insensitive, extra spaces allowed).

        >>> Move.parse("discard 9c") == Move.discard("9C")
        True
        """
        if not isinstance(text, str):
            raise NotationError("notation.move", text=repr(text))
        words = text.strip().lower().split()
        if len(words) == 1 and words[0] in (OUT, END, PASS):
            return {OUT: OUT_MOVE, END: END_MOVE, PASS: PASS_MOVE}[words[0]]
        try:
            if len(words) == 2 and words[0] == DISCARD:
                return cls.discard(Card.parse(words[1]))
            if len(words) == 4 and words[1] == "to":
                card = Card.parse(words[0])
                if words[2] not in (OWN, OPP):
                    raise NotationError("notation.move_square", word=repr(words[2]))
                if words[3] not in tuple("123456789"):
                    raise NotationError("notation.move_space", word=repr(words[3]))
                return cls.play(card, words[2], int(words[3]))
        except NotationError as err:
            raise NotationError("notation.move_part", text=repr(text), error=err.msg) from None
        raise NotationError("notation.move_shape", text=repr(text))


OUT_MOVE = Move(OUT)
END_MOVE = Move(END)
PASS_MOVE = Move(PASS)
_INTERN: dict[Move, Move] = {}


def _interned(move: Move) -> Move:
    """One shared object per distinct move, so hot loops make no new tuples."""
    return _INTERN.setdefault(move, move)
