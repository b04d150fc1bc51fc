"""Small hand-written secret rules and a rule book of them, so the table's tests do not depend on
the science's rule language (``leopard_core.games.eleusis.rulebook.RuleBook``).

Glossary:
    NamedRule -- (from ``evidence``) a rule with a name (its notation here) and a test on the
                 mainline and the card.
    TEST_BOOK -- parses the names below; ``problem`` refuses ``none`` (no card is ever right) and
                 ``higher`` (a dead end after a king); ``same`` compares the names, with the aliases.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from leopard_core.cards import Card
from leopard_core.games.eleusis.errors import EleusisError
from leopard_core.games.eleusis.evidence import NamedRule
from leopard_core.games.eleusis.messages import Message

RULES: dict[str, NamedRule] = {
    r.name: r for r in (
        NamedRule("alternate", lambda line, c: c.colour != line[-1].colour),
        NamedRule("any", lambda line, c: True),
        NamedRule("red", lambda line, c: c.colour == "red"),
        NamedRule("higher", lambda line, c: c.rank > line[-1].rank),
        NamedRule("none", lambda line, c: False),
        NamedRule("step2", lambda line, c: abs(c.rank - line[-1].rank) == 2),
        NamedRule("spades", lambda line, c: c.suit == "S"),
        NamedRule("even-after-odd", lambda line, c: (c.rank + line[-1].rank) % 2 == 1 or c.rank == 1),
    )
}
ALIASES = {"colours alternate": "alternate"}


class TestBook:
    """A rule book of the hand-written rules above."""

    difficulties = ("easy", "medium", "hard")

    def parse(self, text: str) -> NamedRule:
        """The rule named ``text`` (or an alias)."""
        name = ALIASES.get(text, text)
        if name not in RULES:
            raise EleusisError("eleusis.session.level", level=repr(text), levels=sorted(RULES))
        return RULES[name]

    def deal(self, rng: random.Random, difficulty: str) -> NamedRule:
        """A rule drawn among the playable ones."""
        return RULES[rng.choice(["alternate", "red", "step2"])]

    def problem(self, rule: NamedRule) -> Message | None:
        """``none`` and ``higher`` may not be dealt."""
        if rule.name in ("none", "higher"):
            return Message("eleusis.illegal.over")
        return None

    def same(self, secret: NamedRule, guess: NamedRule, mainline: Sequence[Card],
             rng: random.Random) -> bool:
        """Same name."""
        return secret.name == guess.name


TEST_BOOK = TestBook()
