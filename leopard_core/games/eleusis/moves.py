"""Moves at an Eleusis table and their text notation (E15).

Glossary:
    Move   -- a small hashable value: ``kind``, the ``cards`` of a play and the ``text`` of a rule
              or a verdict.
    play   -- lay down one card or a string in its order: ``play 7H``, ``play 7H 8D 9C`` (E4, E5).
    noplay -- call "No play" (E6).
    prophet, pass -- after one's turn: declare oneself the prophet (E7.1), or go on without
              declaring or without guessing.
    judge  -- the prophet's verdict on the pending play: ``judge right``, ``judge wrong`` (E7.3).
    guess  -- Express, after one's right play: ``guess RULE`` (E9), the rule in its notation.
    deal   -- a seat that deals gives its rule: ``deal RULE`` or ``deal random`` (E13.2).

Words and cards are read case-insensitively with spaces collapsed; a rule's text is kept as
written, its spaces collapsed. ``str(move)`` is the canonical form and ``Move.parse(str(m)) == m``.

>>> str(Move.parse("  PLAY 7h  td "))
'play 7H 10D'
>>> Move.parse("judge Right") == Move.judge(True)
True
>>> str(Move.parse("guess  colour alternates "))
'guess colour alternates'
>>> try:
...     Move.parse("play 1X")
... except MoveNotationError as err:
...     print(err)
bad move 'play 1X': '1X' is not a card such as 7H or 10D (E15.1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from leopard_core.cards import Card
from leopard_core.platform.errors import NotationError

from .errors import MoveNotationError

Kind = Literal["play", "noplay", "prophet", "pass", "judge", "guess", "deal", "concede"]
RANDOM_RULE = "random"
"""The text of ``deal random``: the computer dealer's rule at the game's difficulty."""

_WORDS: frozenset[str] = frozenset({"noplay", "prophet", "pass", "concede"})


@dataclass(frozen=True, slots=True)
class Move:
    """One move at the table (see the glossary)."""

    kind: Kind
    cards: tuple[Card, ...] = ()
    text: str = ""

    def __str__(self) -> str:
        if self.kind == "play":
            return "play " + " ".join(str(c) for c in self.cards)
        if self.kind in ("judge", "guess", "deal"):
            return f"{self.kind} {self.text}"
        return self.kind

    @property
    def verdict(self) -> bool:
        """A judgement's verdict: True for ``judge right``."""
        return self.text == "right"

    @classmethod
    def play(cls, cards: Sequence[Card]) -> Move:
        """Lay down ``cards`` (one card, or a string in its order)."""
        return cls("play", tuple(cards))

    @classmethod
    def judge(cls, right: bool) -> Move:
        """The prophet's verdict."""
        return cls("judge", text="right" if right else "wrong")

    @classmethod
    def guess(cls, rule: str) -> Move:
        """A guess of the rule, in its notation."""
        return cls("guess", text=" ".join(rule.split()))

    @classmethod
    def deal(cls, rule: str) -> Move:
        """A dealer's rule, in its notation, or ``random``."""
        return cls("deal", text=" ".join(rule.split()))

    @classmethod
    def parse(cls, text: object) -> Move:
        """Read E15 notation; MoveNotationError quoting ``text`` when it cannot be read."""
        if not isinstance(text, str):
            raise MoveNotationError("eleusis.notation.move", text=repr(text))
        words = text.split()
        if not words:
            raise MoveNotationError("eleusis.notation.move", text=repr(text))
        head = words[0].lower()
        if head in _WORDS and len(words) == 1:
            return cls(head)  # type: ignore[arg-type]  # head is one of the four words
        if head == "play":
            return cls.play(_cards(text, words[1:]))
        if head == "judge" and len(words) == 2 and words[1].lower() in ("right", "wrong"):
            return cls.judge(words[1].lower() == "right")
        if head in ("guess", "deal"):
            rule = text.strip()[len(words[0]):].strip()
            if not rule:
                raise MoveNotationError("eleusis.notation.no_rule", text=repr(text), word=head)
            if head == "deal" and rule.lower() == RANDOM_RULE:
                rule = RANDOM_RULE
            return cls(head, text=" ".join(rule.split()))  # type: ignore[arg-type]
        raise MoveNotationError("eleusis.notation.move", text=repr(text))


def _cards(text: str, words: Sequence[str]) -> tuple[Card, ...]:
    """The cards named by ``words`` (E15.1); MoveNotationError quoting ``text`` otherwise."""
    if not words:
        raise MoveNotationError("eleusis.notation.no_cards", text=repr(text))
    cards = []
    for word in words:
        try:
            cards.append(Card.parse(word))
        except NotationError:
            raise MoveNotationError("eleusis.notation.card", text=repr(text), card=repr(word)) from None
    return tuple(cards)


NO_PLAY = Move("noplay")
PROPHET = Move("prophet")
PASS = Move("pass")
CONCEDE = Move("concede")
"""The dealer ends a hand nobody is finding (E10.6): a move of the dealing seat, out of turn."""
DEAL_RANDOM = Move.deal(RANDOM_RULE)
UNJUDGED = frozenset({"pass", "prophet"})
"""The kinds of move nobody judges: going on, and declaring oneself the prophet (E18)."""
