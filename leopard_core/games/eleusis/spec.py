"""Eleusis as the platform sees it: its ``GameSpec`` (``leopard_core.platform.registry``).

Its bridge methods are ``eleusis.<method>`` (``session.METHODS``), its command line
``leopard eleusis ...`` (``cli.main``); ``new_state`` deals a random table for the platform's
contract test: Express or Eleusis, 3 to 6 seats, one hand against the computer dealer or a game
in which every player deals once.

>>> import random
>>> state = new_state(random.Random(2))
>>> 3 <= state.seats() <= 6 and state.to_move() is not None
True
"""

from __future__ import annotations

import random

from leopard_core.platform.registry import GameSpec

from .cli import main
from .computer import DEFAULT_LEVEL, LEVELS
from .lab import LAB_METHODS
from .messages import ENGLISH
from .session import METHODS
from .table import GAMES, MAX_SEATS, MIN_SEATS, EleusisTable, Settings

CONTRACT_RULES = ("differ(colour)", "step(-2,+2)", "if(last.face, red, black)", "odd", "differ(suit)")
"""Rules for the contract's tables, so that no random table waits for the dealer's catalogue."""


def new_state(rng: random.Random) -> EleusisTable:
    """A random table (see the module's docstring)."""
    game = rng.choice(GAMES)
    seats = rng.randint(MIN_SEATS, MAX_SEATS)
    rules = [rng.choice(CONTRACT_RULES)]
    if rng.random() < 0.5:
        return EleusisTable(Settings(game, seats), rng.randrange(2**53), dealt=rules)
    table = EleusisTable(Settings.every_player_deals(game, seats), rng.randrange(2**53))
    table.apply(f"deal {rules[0]}")
    return table


SPEC = GameSpec(
    name="eleusis", title="Eleusis", messages=ENGLISH, no_session_code="eleusis.session.none",
    methods={**METHODS, **LAB_METHODS}, new_state=new_state, command_line=main,
    levels=tuple(LEVELS), default_level=DEFAULT_LEVEL,
)
