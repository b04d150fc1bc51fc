"""Scoring a hand of Eleusis (E11) and of Eleusis Express (E12).

Glossary:
    held      -- the number of cards each player holds at the end (a prophet's set-aside hand
                 included); ``None`` for a seat that dealt the hand.
    ProphetTally -- the prophet at the end (not a false prophet): their seat, the index of the
                 mainline card the marker lies on (the starter is 0), and the right and wrong cards
                 played after the marker (E7.5).
    HandScore -- the players' scores by seat (``None`` for the dealing seat) and the dealer's.

The seed's example (E11.1): when the most cards held is 13, a player holding 9 scores 4.

>>> eleusis_scores([13, 9, 11], None).players
[0, 4, 2]
>>> express_scores([0, 5, 12], depleted=0, guessed=None).players
[15, 7, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

EXPRESS_HAND = 12
DEPLETED_BONUS = 3
GUESS_BONUS = 6


@dataclass(frozen=True)
class ProphetTally:
    """What the prophet at the end of the hand scores on (E7.5, E11.2, E11.3)."""

    seat: int
    marker: int
    right_after: int
    wrong_after: int

    @property
    def bonus(self) -> int:
        """One point a right card and two a wrong card after the marker (E11.2)."""
        return self.right_after + 2 * self.wrong_after


@dataclass(frozen=True)
class HandScore:
    """The players' scores by seat (None for the seat that dealt) and the dealer's score."""

    players: list[int | None]
    dealer: int


def eleusis_scores(held: Sequence[int | None], prophet: ProphetTally | None) -> HandScore:
    """E11: the most cards held minus one's own; the prophet's bonus; the dealer's score."""
    most = max(h for h in held if h is not None)
    players: list[int | None] = [None if h is None else most - h for h in held]
    if prophet is not None:
        base = players[prophet.seat]
        assert base is not None
        players[prophet.seat] = base + prophet.bonus
    high = max(p for p in players if p is not None)
    dealer = high
    if prophet is not None and 2 * prophet.marker < high:  # E11.3: a deterrent to easy rules
        dealer = 2 * prophet.marker
    return HandScore(players, dealer)


def express_scores(held: Sequence[int | None], depleted: int | None, guessed: int | None) -> HandScore:
    """E12: twelve minus the cards held, +3 for the player who depleted their hand, +6 for the
    player who guessed the rule; the dealer scores the highest of these."""
    players: list[int | None] = [None if h is None else EXPRESS_HAND - h for h in held]
    for seat, bonus in ((depleted, DEPLETED_BONUS), (guessed, GUESS_BONUS)):
        if seat is not None:
            score = players[seat]
            assert score is not None
            players[seat] = score + bonus
    return HandScore(players, max(p for p in players if p is not None))
