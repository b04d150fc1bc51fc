"""The science's rule book for the table (``rulebook.RuleBook``): rules in the rule language.

Glossary:
    ScienceBook -- ``parse`` is ``Rule.parse``; ``deal`` is the computer dealer's ``deal_rule``;
                   ``problem`` words the dealer's ``check_rule`` (a dead end, almost every card,
                   almost none, E2.4); ``same`` is ``agreement.same_rule`` (the two rules judge alike
                   on continuations of the mainline played under the secret rule, E9.2).
    rule_mask   -- the right cards after a mainline as a 52-bit mask (bit ``card.sort_key``).

>>> book = ScienceBook()
>>> rule = book.parse("differ(colour)")
>>> start, rng = [Card(5, "H")], random.Random(1)
>>> book.problem(rule) is None, book.same(rule, book.parse("if(last.red, black, red)"), start, rng)
(True, True)
>>> book.same(rule, book.parse("red"), start, rng)
False
>>> str(book.problem(book.parse("higher")))
'after KC no card at all would be right'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from leopard_core.cards import Card

from .agreement import mask_of_rule, same_rule
from .dealer import DIFFICULTIES, LEAST, RuleCheck, check_rule, deal_rule
from .messages import Message
from .rule import Rule
from .rulebook import TableRule


def rule_mask(rule: TableRule, mainline: Sequence[Card]) -> int:
    """The right cards after ``mainline`` as a mask (see the glossary)."""
    return mask_of_rule(rule, mainline)


def as_rule(rule: TableRule) -> Rule:
    """``rule`` in the rule language (read again from its notation when it is another kind)."""
    return rule if isinstance(rule, Rule) else Rule.parse(str(rule))


def check_problems(check: RuleCheck) -> list[Message]:
    """Every objection of the dealer in words: a dead end, almost every card, almost none (the
    builder's report shows them all).

    >>> [m.code for m in check_problems(check_rule(Rule.parse("higher")))]
    ['eleusis.rule.dead_end']
    >>> [m.code for m in check_problems(check_rule(Rule.parse("!rank(5)")))]
    ['eleusis.rule.too_easy']
    """
    found = []
    if check.dead_end:
        found.append(Message("eleusis.rule.dead_end", mainline=list(check.dead_end_example)))
    if check.trivial:
        code = "eleusis.rule.too_hard" if check.acceptance < LEAST else "eleusis.rule.too_easy"
        found.append(Message(code, percent=round(100 * check.acceptance)))
    return found


def check_problem(check: RuleCheck) -> Message | None:
    """The dealer's refusal in words (its first objection), or None when the rule is fit to be dealt."""
    problems = check_problems(check)
    return problems[0] if problems else None


class ScienceBook:
    """The rule language's book (see the module's glossary)."""

    difficulties: tuple[str, ...] = DIFFICULTIES

    def parse(self, text: str) -> Rule:
        """``Rule.parse``: a ValueError quoting the text when it cannot be read."""
        return Rule.parse(text)

    def deal(self, rng: random.Random, difficulty: str) -> Rule:
        """A rule at ``difficulty`` from the dealer's measured catalogue (E2.4)."""
        return deal_rule(rng, difficulty)

    def problem(self, rule: TableRule) -> Message | None:
        """A dead end, or a rule that accepts almost every card or almost none (E2.4)."""
        return check_problem(check_rule(as_rule(rule)))

    def same(self, secret: TableRule, guess: TableRule, mainline: Sequence[Card],
             rng: random.Random) -> bool:
        """Whether ``guess`` judges every card as ``secret`` does from ``mainline`` on (E9.2)."""
        return same_rule(guess, secret, mainline, rng)
