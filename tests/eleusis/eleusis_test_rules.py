"""Small hand-written secret rules and a rule book of them, so the table's tests do not depend on
the science's rule language (``leopard_core.games.eleusis.rulebook.RuleBook``).

Glossary:
    HandRule  -- a rule with a name (its notation here) and a test on the mainline and the card.
    TEST_BOOK -- parses the names below; ``problem`` refuses ``none`` (no card is ever right) and
                 ``higher`` (a dead end after a king); ``same`` compares the names, with the aliases.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from leopard_core.cards import Card
from leopard_core.games.eleusis.errors import EleusisError
from leopard_core.games.eleusis.messages import Message


@dataclass(frozen=True)
class HandRule:
    """A named rule (``str`` is its name)."""

    name: str
    test: Callable[[Sequence[Card], Card], bool]

    def accepts(self, mainline: Sequence[Card], card: Card) -> bool:
        """Whether ``card`` may follow ``mainline``."""
        return self.test(mainline, card)

    def __str__(self) -> str:
        return self.name


RULES: dict[str, HandRule] = {
    r.name: r for r in (
        HandRule("alternate", lambda line, c: c.colour != line[-1].colour),
        HandRule("any", lambda line, c: True),
        HandRule("red", lambda line, c: c.colour == "red"),
        HandRule("higher", lambda line, c: c.rank > line[-1].rank),
        HandRule("none", lambda line, c: False),
        HandRule("step2", lambda line, c: abs(c.rank - line[-1].rank) == 2),
        HandRule("spades", lambda line, c: c.suit == "S"),
        HandRule("even-after-odd", lambda line, c: (c.rank + line[-1].rank) % 2 == 1 or c.rank == 1),
    )
}
ALIASES = {"colours alternate": "alternate"}


class TestBook:
    """A rule book of the hand-written rules above."""

    difficulties = ("easy", "medium", "hard")

    def parse(self, text: str) -> HandRule:
        """The rule named ``text`` (or an alias)."""
        name = ALIASES.get(text, text)
        if name not in RULES:
            raise EleusisError("eleusis.session.level", level=repr(text), levels=sorted(RULES))
        return RULES[name]

    def deal(self, rng: random.Random, difficulty: str) -> HandRule:
        """A rule drawn among the playable ones."""
        return RULES[rng.choice(["alternate", "red", "step2"])]

    def problem(self, rule: HandRule) -> Message | None:
        """``none`` and ``higher`` may not be dealt."""
        if rule.name in ("none", "higher"):
            return Message("eleusis.illegal.over")
        return None

    def same(self, secret: HandRule, guess: HandRule, mainline: Sequence[Card],
             rng: random.Random) -> bool:
        """Same name."""
        return secret.name == guess.name


TEST_BOOK = TestBook()
