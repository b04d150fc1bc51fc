"""Whether two rules are the same rule *from here on*: agreement on simulated continuations.

A guess of the rule is right when nobody could tell it from the secret rule by playing on: from
the current mainline, many random continuations are played under the secret rule (each next card
drawn among the faces the secret rule calls right), and at every step both rules must judge all 52
faces alike. Rules that differ only on mainlines that can no longer happen count as the same.

Glossary:
    mask_of_rule  -- a rule's 52-bit mask after a mainline: its own ``mask`` when it has one (the
                     rule language), else 52 calls of ``accepts`` (any ``SecretRule``).
    same_rule     -- ``same_rule(guess, secret, mainline, rng)``: True when they agree on
                     ``continuations`` continuations of ``length`` cards (200 of 20 by default).

>>> import random
>>> from leopard_core.cards import Card
>>> from .rule import Rule
>>> start = (Card(5, "H"),)
>>> same_rule(Rule.parse("if(last.red, black, red)"), Rule.parse("differ(colour)"), start,
...           random.Random(1))
True
>>> same_rule(Rule.parse("black"), Rule.parse("differ(colour)"), start, random.Random(1))
False
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from leopard_core.cards import ALL_CARDS, Card

from .evidence import SecretRule


def mask_of_rule(rule: SecretRule, mainline: Sequence[Card]) -> int:
    """The rule's 52-bit mask after ``mainline`` (see the glossary)."""
    mask = getattr(rule, "mask", None)
    if callable(mask):
        return int(mask(mainline))
    return sum(1 << i for i, card in enumerate(ALL_CARDS) if rule.accepts(mainline, card))


def _random_right_card(mask: int, rng: random.Random) -> Card | None:
    indices = [i for i in range(52) if mask >> i & 1]
    return ALL_CARDS[rng.choice(indices)] if indices else None


def same_rule(guess: SecretRule, secret: SecretRule, mainline: Sequence[Card], rng: random.Random,
              continuations: int = 200, length: int = 20) -> bool:
    """Whether ``guess`` judges every face like ``secret`` on simulated continuations of
    ``mainline`` driven by ``secret`` (see the module's glossary)."""
    start = tuple(mainline)
    if mask_of_rule(guess, start) != mask_of_rule(secret, start):
        return False
    for _ in range(continuations):
        line = list(start)
        for _ in range(length):
            secret_mask = mask_of_rule(secret, line)
            if mask_of_rule(guess, line) != secret_mask:
                return False
            card = _random_right_card(secret_mask, rng)
            if card is None:
                break
            line.append(card)
    return True


def agreement(guess: SecretRule, secret: SecretRule, mainline: Sequence[Card], rng: random.Random,
              continuations: int = 200, length: int = 20) -> float:
    """The share of judged states (faces x steps) on which the two agree, for a near-miss score."""
    agreed = total = 0
    for _ in range(continuations):
        line = list(mainline)
        for _ in range(length):
            secret_mask = mask_of_rule(secret, line)
            agreed += 52 - (mask_of_rule(guess, line) ^ secret_mask).bit_count()
            total += 52
            card = _random_right_card(secret_mask, rng)
            if card is None:
                break
            line.append(card)
    return agreed / total if total else 1.0
