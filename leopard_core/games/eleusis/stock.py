"""The stock of an Eleusis table: two shuffled decks, and a new deck whenever it runs out (E3.1).

Glossary:
    Stock      -- face-down cards; ``draw(n)`` takes from the top, ``put_bottom`` slides a "No play"
                  hand under it (E6.1). Drawing from an empty stock first adds a new shuffled deck
                  of 52, so drawing never fails; ``decks`` counts every deck used (2 at the start).
    cards in play -- ``52 * decks`` = stock + hands + mainline + sidelines + a pending play: the
                  table's conservation law, which the tests check.

>>> import random
>>> stock = Stock.shuffled(random.Random(1))
>>> len(stock), stock.decks
(104, 2)
>>> hand = stock.draw(104); stock.draw(1) and (len(stock), stock.decks)
(51, 3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from leopard_core.cards import ALL_CARDS, Card

START_DECKS = 2


class Stock:
    """Face-down cards, top last; refilled with a new shuffled deck when empty."""

    __slots__ = ("cards", "decks", "rng")

    def __init__(self, cards: list[Card], decks: int, rng: random.Random) -> None:
        self.cards = cards
        self.decks = decks
        self.rng = rng

    @classmethod
    def shuffled(cls, rng: random.Random) -> Stock:
        """Two decks shuffled together (E3.1)."""
        cards = [card for _ in range(START_DECKS) for card in ALL_CARDS]
        rng.shuffle(cards)
        return cls(cards, START_DECKS, rng)

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self, count: int) -> list[Card]:
        """``count`` cards from the top; a new shuffled deck is added whenever the stock is empty."""
        drawn: list[Card] = []
        for _ in range(count):
            if not self.cards:
                deck = list(ALL_CARDS)
                self.rng.shuffle(deck)
                self.cards = deck
                self.decks += 1
            drawn.append(self.cards.pop())
        return drawn

    def put_bottom(self, cards: Sequence[Card]) -> None:
        """Slide ``cards`` under the stock (a discarded "No play" hand, a refused starter)."""
        self.cards[:0] = cards

    def clone(self, rng: random.Random) -> Stock:
        """An independent copy drawing new decks from ``rng``."""
        return Stock(list(self.cards), self.decks, rng)
