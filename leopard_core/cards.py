"""Cards (R1, N1).

Shared by every game played with the two decks (Leopard, Eleusis): it imports only the platform,
and registers its message code (``notation.card``) and the ``{x:card}`` and ``{x:theCard}``
formats with ``platform.messages`` on import.

Glossary:
    Card   -- one of the 52 distinct cards, e.g. ``Card.parse("10D")``; the two decks of R1.1
              hold two of each, and the two copies are interchangeable, so a Card is a value.
    rank   -- 1 (ace) .. 13 (king), ace low as in the cut of R1.3.
    suit   -- one of ``S H D C``; hearts and diamonds are red, spades and clubs black (R1.2).

>>> Card.parse("th")
Card(rank=10, suit='H')
>>> str(Card.parse("qc")), Card.parse("7D").colour
('QC', 'red')
"""

from __future__ import annotations

from typing import NamedTuple

from .platform.errors import NotationError
from .platform.messages import Param, register_format, register_messages

CARD_ENGLISH = {
    "notation.card": (
        "bad card {text}: expected a rank (A 2-10 J Q K, or T) and a suit (S H D C), e.g. '7H' or "
        "'10D'"
    ),
}
"""The playing cards' one message code (the card games' own codes live in their folders)."""

RANK_NAMES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORDS: tuple[str, ...] = (
    "ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king",
)
RED_SUITS = frozenset({"H", "D"})
ACE, TEN, JACK, QUEEN, KING = 1, 10, 11, 12, 13

_RANK_BY_TEXT = {name: i + 1 for i, name in enumerate(RANK_NAMES)} | {"T": 10}


class Card(NamedTuple):
    """A card value: rank 1..13 and suit letter. Text form per N1 (``AS``, ``10D``, ``QC``)."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return RANK_NAMES[self.rank - 1] + self.suit

    @property
    def colour(self) -> str:
        """'red' for hearts and diamonds, 'black' for spades and clubs (R1.2)."""
        return "red" if self.suit in RED_SUITS else "black"

    @property
    def name(self) -> str:
        """Words a screen reader can say: ``'7 of hearts'``."""
        return f"{RANK_WORDS[self.rank - 1]} of {SUIT_NAMES[self.suit]}"

    @property
    def sort_key(self) -> int:
        """Rank-major order, suits in S H D C order."""
        return (self.rank - 1) * 4 + SUITS.index(self.suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse N1 notation, case-insensitive, ``T`` accepted for 10.

        >>> Card.parse("AS") == Card(1, "S")
        True
        """
        card = _CARD_BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise NotationError("notation.card", text=repr(text))
        return card


ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for r in range(1, 14) for s in SUITS)
"""The 52 distinct cards, ordered by rank then suit."""

_CARD_BY_TEXT: dict[str, Card] = {}
for _card in ALL_CARDS:
    for _rank_text, _rank in _RANK_BY_TEXT.items():
        if _rank == _card.rank:
            _CARD_BY_TEXT[_rank_text + _card.suit] = _card


def full_deck() -> list[Card]:
    """The 104 cards of R1.1, unshuffled: two of each card."""
    return [card for card in ALL_CARDS for _ in range(2)]


def parse_cards(text: str, sep: str = ",") -> list[Card]:
    """Parse cards joined by ``sep``; an empty string is no cards.

    >>> [str(c) for c in parse_cards("7h, TD")]
    ['7H', '10D']
    """
    text = text.strip()
    if not text:
        return []
    return [Card.parse(part) for part in text.split(sep)]


def card_words(value: Param) -> str:
    """The ``{x:card}`` format of messages: ``"7 of hearts"`` for ``"7H"``; other text as it is.

    >>> card_words("7H"), card_words("joker")
    ('7 of hearts', 'joker')
    """
    try:
        return Card.parse(str(value)).name
    except ValueError:
        return str(value)


register_messages(CARD_ENGLISH)
register_format("card", card_words)
register_format("theCard", lambda value: "the " + card_words(value))
