"""The science's rule book for the table (``rulebook.RuleBook``): rules in the rule language.

Glossary:
    ScienceBook -- ``parse`` is ``Rule.parse``; ``deal``, ``problem`` and ``same`` explore the
                   mainlines a rule can reach: ``walks`` random mainlines that follow the rule from
                   every starter, seeded, so every answer is the same on every run.
    dead end    -- a mainline play can reach on which no card of the 52 is right (E2.4).
    acceptance  -- the share of the 52 cards that are right, averaged over the reachable mainlines;
                   a rule is refused below ``MIN_ACCEPTANCE`` or above ``MAX_ACCEPTANCE``.

Until the science's dealer (``dealer.deal_rule``, ``dealer.check_rule``) lands, ``deal`` draws
from the seed's example rules and ``problem`` is this exploration; ``same`` plays continuations under
the secret rule, as the science's ``agreement.same_rule`` will.

>>> book = ScienceBook()
>>> rule = book.parse("differ(colour)")
>>> start, rng = [Card(5, "H")], random.Random(1)
>>> book.problem(rule) is None, book.same(rule, book.parse("if(last.red, black, red)"), start, rng)
(True, True)
>>> book.same(rule, book.parse("red"), start, rng)
False
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from leopard_core.cards import ALL_CARDS, Card

from .messages import Message
from .rule import Rule
from .rulebook import TableRule

MIN_ACCEPTANCE = 0.05
MAX_ACCEPTANCE = 0.9
WALK_LENGTH = 24
WALKS_PER_STARTER = 3
SAME_CONTINUATIONS = 100
EXAMPLE_RULES: dict[str, tuple[str, ...]] = {
    "easy": ("differ(colour)", "red"),
    "medium": ("differ(colour)",),
    "hard": ("differ(colour)",),
    "expert": ("differ(colour)",),
}


def rule_mask(rule: TableRule, mainline: list[Card]) -> int:
    """The right cards after ``mainline`` as a mask (bit ``card.sort_key``)."""
    if isinstance(rule, Rule):
        return rule.mask(mainline)
    return sum(1 << c.sort_key for c in ALL_CARDS if rule.accepts(mainline, c))


def walks(rule: TableRule, seed: str) -> Iterator[list[Card]]:
    """Mainlines the rule can reach: from every starter, a few random walks of right cards."""
    rng = random.Random(seed)
    for starter in ALL_CARDS:
        for _ in range(WALKS_PER_STARTER):
            line = [starter]
            for _ in range(WALK_LENGTH):
                yield list(line)
                mask = rule_mask(rule, line)
                if not mask:
                    break
                right = [c for c in ALL_CARDS if mask >> c.sort_key & 1]
                line.append(rng.choice(right))


class ScienceBook:
    """The rule language's book (see the module's glossary)."""

    difficulties: tuple[str, ...] = tuple(EXAMPLE_RULES)

    def parse(self, text: str) -> Rule:
        """``Rule.parse``: a ValueError quoting the text when it cannot be read."""
        return Rule.parse(text)

    def deal(self, rng: random.Random, difficulty: str) -> Rule:
        """A rule at ``difficulty``."""
        return Rule.parse(rng.choice(EXAMPLE_RULES[difficulty]))

    def problem(self, rule: TableRule) -> Message | None:
        """A dead end, or a rule that accepts almost every card or almost none (E2.4)."""
        total = count = 0
        for line in walks(rule, f"check:{rule}"):
            right = rule_mask(rule, line).bit_count()
            if len(line) > 1 and not right:
                return Message("eleusis.rule.dead_end", mainline=[str(c) for c in line])
            total += right
            count += 1
        share = total / (52 * count)
        if share > MAX_ACCEPTANCE:
            return Message("eleusis.rule.too_easy", percent=round(100 * share))
        if share < MIN_ACCEPTANCE:
            return Message("eleusis.rule.too_hard", percent=round(100 * share))
        return None

    def same(self, secret: TableRule, guess: TableRule, mainline: Sequence[Card],
             rng: random.Random) -> bool:
        """Whether the two rules judge alike on continuations of ``mainline`` under the secret
        rule (E9.2; the science's ``agreement.same_rule`` will replace this when it lands)."""
        for _ in range(SAME_CONTINUATIONS):
            line = list(mainline)
            for _ in range(WALK_LENGTH):
                mask = rule_mask(secret, line)
                if rule_mask(guess, line) != mask:
                    return False
                if not mask:
                    break
                line.append(rng.choice([c for c in ALL_CARDS if mask >> c.sort_key & 1]))
        return True
