"""What an Eleusis table shows every player, and the two roles that meet over it.

This module is the seam between the table (the rules of play: dealing, judging, penalties, the
prophet, scoring) and the science (the rule language, the computer dealer, the computer players).
Both sides import it; it imports only the playing cards.

Glossary:
    mainline  -- the starter and then every card called right, in order. The "previous card" of a
                 rule is ``mainline[-1]``: sideline cards never count.
    Play      -- one judged play: ``at`` is the length of the mainline when it was played (so the
                 cards before it are ``mainline[:at]``), ``cards`` one card or a string (Eleusis),
                 ``right`` the final verdict. A right play's cards are ``mainline[at:at + len]``. A
                 wrong string is judged as a whole: which of its cards broke the rule is not told.
    NoPlay    -- a "No play" call: the hand shown, when, and whether it was right (no card of the
                 hand could go on the mainline). A wrong call is followed by the card the dealer
                 moved to the mainline, recorded as a right Play.
    Evidence  -- everything public: the mainline, every judged play, every "No play", and the
                 guesses of the rule that were refused (Express), as rule notation.
    SecretRule       -- what the dealer knows: whether a card may follow a mainline.
    NamedRule        -- a secret rule written as a Python test with a name (outside the rule
                        language): the tests' small rules and the benchmark's outside rules.
    ComputerScientist -- a computer player's decisions, each made from the evidence and its own hand.
    Decision    -- what a computer player played (cards, or None for "No play") from which hand
                   (the hand a "No play" showed; for a play, when known, the hand it chose from)
                   and the evidence it decided on: its ``explain`` tells the play with its
                   chance while the table is that evidence, and as a judged fact after.

>>> from leopard_core.cards import Card
>>> e = Evidence(mainline=(Card(5, "H"),), plays=(Play(1, (Card(7, "S"),), False),))
>>> e.sideline_under(0)
[Play(at=1, cards=(Card(rank=7, suit='S'),), right=False)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from leopard_core.cards import Card


@dataclass(frozen=True)
class Play:
    """One judged play (see the glossary)."""

    at: int
    cards: tuple[Card, ...]
    right: bool


@dataclass(frozen=True)
class NoPlay:
    """One "No play" call (see the glossary)."""

    at: int
    hand: tuple[Card, ...]
    right: bool


@dataclass(frozen=True)
class Evidence:
    """Everything on the table that every player sees."""

    mainline: tuple[Card, ...]
    plays: tuple[Play, ...] = ()
    no_plays: tuple[NoPlay, ...] = ()
    refused_guesses: tuple[str, ...] = field(default=())

    def sideline_under(self, index: int) -> list[Play]:
        """The wrong plays that hang under mainline card ``index`` (played when it was the last)."""
        return [p for p in self.plays if not p.right and p.at == index + 1]


@dataclass(frozen=True)
class Decision:
    """A play a computer player decided (see the glossary); ``kind`` is why, once explained
    (``test``, ``safe``, ``confirm``, ``positive``, ``no_positive``, ``string`` or ``no_play``)."""

    evidence: Evidence
    cards: tuple[Card, ...] | None
    hand: tuple[Card, ...] = ()
    kind: str = ""


class SecretRule(Protocol):
    """The dealer's rule, as the table needs it."""

    def accepts(self, mainline: Sequence[Card], card: Card) -> bool:
        """Whether ``card`` may be played after ``mainline`` (starter first)."""
        ...


@dataclass(frozen=True)
class NamedRule:
    """A secret rule written in Python (``str`` is its name), e.g.
    ``NamedRule("red", lambda mainline, card: card.colour == "red")``."""

    name: str
    test: Callable[[Sequence[Card], Card], bool]

    def accepts(self, mainline: Sequence[Card], card: Card) -> bool:
        """Whether ``card`` may follow ``mainline``."""
        return self.test(mainline, card)

    def __str__(self) -> str:
        return self.name


class ComputerScientist(Protocol):
    """A computer player. Every method is a decision from the public evidence and its own hand;
    none may look at the secret rule. ``explain`` is its reasoning now, as JSON-able data (rule
    notations, chances, message codes) that the page words in the player's language."""

    def choose_play(self, evidence: Evidence, hand: Sequence[Card],
                    strings_allowed: bool) -> tuple[Card, ...] | None:
        """The card (or string, where allowed) to play, or None to call "No play"."""
        ...

    def guess(self, evidence: Evidence, hand: Sequence[Card] = ()) -> str | None:
        """Express, after one of its right plays: the rule notation to guess, or None. ``hand``:
        the cards it holds then (what it could still learn from them may weigh on the guess)."""
        ...

    def wants_to_be_prophet(self, evidence: Evidence) -> bool:
        """Eleusis, after its turn: whether to declare itself the prophet."""
        ...

    def judge(self, evidence: Evidence, cards: Sequence[Card]) -> bool:
        """As prophet: whether the play of ``cards`` after the current mainline is right."""
        ...

    def judge_no_play(self, evidence: Evidence, hand: Sequence[Card]) -> bool:
        """As prophet: whether a "No play" call with ``hand`` is right."""
        ...

    def explain(self, evidence: Evidence, decision: Decision | None = None) -> dict[str, Any]:
        """Its reasoning now (most likely rules with chances, what does not matter, and its last
        play ``decision``: with its chance while the table is the one it decided on)."""
        ...
