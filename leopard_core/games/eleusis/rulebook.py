"""The table's door to the science: reading, dealing, checking and comparing secret rules.

The table never looks inside a rule: it asks a ``RuleBook``. The real one (``science_book()``) is
made of the science's modules (``rule.Rule.parse``, ``dealer.deal_rule``, ``dealer.check_rule``,
``same_rule``); tests may pass a small book of hand-written rules instead.

Glossary:
    TableRule  -- a ``SecretRule`` (``accepts(mainline, card)``) whose ``str()`` is its notation.
    RuleBook   -- ``parse(text)`` (a ValueError carrying a message when unreadable),
                  ``deal(rng, difficulty)`` (the computer dealer's rule, E2.4),
                  ``problem(rule)`` (why a rule may not be dealt, or None), and
                  ``same(secret, guess, mainline, rng)`` (a guess is right from here on, E9.2);
                  ``difficulties`` names the levels.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from leopard_core.cards import ALL_CARDS, Card

from .messages import Message


class TableRule(Protocol):
    """A secret rule as the table uses it."""

    def accepts(self, mainline: Sequence[Card], card: Card) -> bool:
        """Whether ``card`` may follow ``mainline`` (starter first)."""
        ...

    def __str__(self) -> str:
        """The rule's notation."""
        ...


class RuleBook(Protocol):
    """Everything the table asks about rules (see the glossary)."""

    difficulties: tuple[str, ...]

    def parse(self, text: str) -> TableRule:
        """The rule written ``text``; a ValueError (with ``msg`` when it is an engine error)."""
        ...

    def deal(self, rng: random.Random, difficulty: str) -> TableRule:
        """A computer dealer's rule at ``difficulty`` (E2.4)."""
        ...

    def problem(self, rule: TableRule) -> Message | None:
        """Why ``rule`` may not be dealt (a dead end, almost everything or nothing), or None."""
        ...

    def same(self, secret: TableRule, guess: TableRule, mainline: Sequence[Card],
             rng: random.Random) -> bool:
        """Whether ``guess`` judges every card as ``secret`` does from ``mainline`` on (E9.2)."""
        ...


def right_cards(rule: TableRule, mainline: Sequence[Card]) -> list[Card]:
    """The distinct cards that may follow ``mainline``, in the order ace to king, S H D C."""
    return [card for card in ALL_CARDS if rule.accepts(mainline, card)]


def string_right(rule: TableRule, mainline: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether a play (one card or a string) is right after ``mainline``: each card in turn fits
    after the ones before it (E5.1)."""
    line = list(mainline)
    for card in cards:
        if not rule.accepts(line, card):
            return False
        line.append(card)
    return True
