"""Computer players at the table: a ``ComputerScientist``'s decisions turned into moves (E15).

The table asks nothing of a computer player itself; whoever drives the game (the bridge, the
command line, a simulation) calls ``computer_move`` for the seat to move and applies the move.

Glossary:
    computer_move -- the move a ``ComputerScientist`` makes for ``seat`` now, from the public evidence
                     and its own hand only (``EleusisTable.evidence``, ``held``): a card or string, or
                     "No play"; a verdict as prophet; ``prophet`` or ``pass``; a guess or ``pass``;
                     ``deal random`` when it deals.
    LEVELS        -- the levels ``make_computer`` knows: ``random`` (a baseline that plays any card
                     and never guesses) and the science's ``novice``, ``scientist`` and ``expert``
                     (``players.make_player``).
    imagination_of -- the hypothesis space a level's player needs (``hypotheses``), None for
                     ``random``: what must be built before the player can be made.

>>> import random
>>> player = make_computer("random", random.Random(1))
>>> player.guess(Evidence(mainline=())) is None
True
>>> imagination_of("expert"), imagination_of("random")
('expert', None)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from leopard_core.cards import Card
from leopard_core.platform.arguments import quoted_value

from .errors import EleusisError
from .evidence import ComputerScientist, Decision, Evidence
from .moves import DEAL_RANDOM, NO_PLAY, PASS, PROPHET, Move
from .players import LEVEL_SETTINGS, make_player
from .players import LEVELS as PLAYER_LEVELS
from .table import EleusisTable

LEVELS: tuple[str, ...] = ("random", *PLAYER_LEVELS)
DEFAULT_LEVEL = "scientist"


class RandomPlayer:
    """A baseline: plays one card of its hand at random, calls "No play" one time in ten, never
    guesses nor becomes prophet, and believes every play right."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_play(self, evidence: Evidence, hand: Sequence[Card],
                    strings_allowed: bool) -> tuple[Card, ...] | None:
        """A random card, or None ("No play") one time in ten."""
        if not hand or self.rng.random() < 0.1:
            return None
        return (self.rng.choice(list(hand)),)

    def guess(self, evidence: Evidence, hand: Sequence[Card] = ()) -> str | None:
        """Never."""
        return None

    def wants_to_be_prophet(self, evidence: Evidence) -> bool:
        """Never."""
        return False

    def judge(self, evidence: Evidence, cards: Sequence[Card]) -> bool:
        """Always right."""
        return True

    def judge_no_play(self, evidence: Evidence, hand: Sequence[Card]) -> bool:
        """Always right."""
        return True

    def explain(self, evidence: Evidence, decision: Decision | None = None) -> dict[str, Any]:
        """It has no theory."""
        return {"level": "random", "rules": [], "irrelevant": [], "why": None}


def imagination_of(level: str) -> str | None:
    """The hypothesis space a player of ``level`` thinks in; None when it needs none."""
    return LEVEL_SETTINGS[level].imagination if level in PLAYER_LEVELS else None


def make_computer(level: str, rng: random.Random) -> ComputerScientist:
    """A computer player of ``level``; EleusisError for a level nobody knows."""
    if level == "random":
        return RandomPlayer(rng)
    if level in PLAYER_LEVELS:
        return make_player(level, rng)
    raise EleusisError("eleusis.session.level", level=quoted_value(level), levels=list(LEVELS))


def computer_move(table: EleusisTable, player: ComputerScientist) -> Move:
    """The move ``player`` makes as the seat to move (see the glossary)."""
    seat = table.to_move()
    if seat is None:
        raise EleusisError("eleusis.illegal.over")
    hand = table.hand
    evidence = table.evidence()
    if hand.phase == "deal":
        return DEAL_RANDOM
    if hand.phase == "judge":
        pending = hand.pending
        assert pending is not None
        if pending.cards is None:
            return Move.judge(player.judge_no_play(evidence, table.held(pending.seat)))
        return Move.judge(player.judge(evidence, pending.cards))
    if hand.phase == "declare":
        return PROPHET if player.wants_to_be_prophet(evidence) else PASS
    if hand.phase == "guess":
        guess = player.guess(evidence, table.held(seat))
        return PASS if not guess or guess in evidence.refused_guesses else Move.guess(guess)
    cards = player.choose_play(evidence, table.held(seat), table.game == "eleusis")
    return NO_PLAY if not cards else Move.play(cards)
