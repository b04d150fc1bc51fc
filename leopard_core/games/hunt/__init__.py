"""Cows and Leopards, the hunt game (docs/hunt-rules.md, H1-H8): two leopards against 24 cows.

A game folder of its own (``leopard_core/games/hunt``): it registers its ``GameSpec`` (``spec``)
with the platform on import and shares nothing with the card game.

Glossary:
    board      -- ``board.POINTS``, ``NAMES``, ``NEIGHBOURS``, ``JUMPS``: the 49 points and lines (H2).
    Move       -- a placement ``e5``, a step ``e5-e6`` or a jump sequence ``e5xe7xc7`` (H8).
    HuntRules  -- the settings: compulsory capture (H6) and the move limit (H7.5).
    HuntState  -- a game: ``legal_moves()``, ``apply()``, ``clone()``, ``over``, ``winner``, ``reason``,
                  ``save()`` / ``HuntState.restore()`` (versioned JSON).
    seed       -- the rules have no chance; seeds make the bots and random playouts reproducible.
    bots       -- ``make_bot(side, level, seed)`` for levels ``random``, ``greedy``, ``search``.

>>> state = HuntState.new()
>>> state.apply("e5").apply("c3").apply("g7").legal_moves()[0].kind
'place'
"""

from leopard_core.platform.registry import register

from .errors import HuntError, IllegalMoveError, NotationError, SaveError
from .moves import Move
from .rules import COWS, LEOPARDS, HuntRules
from .spec import SPEC
from .state import HuntState

__all__ = [
    "COWS",
    "LEOPARDS",
    "SPEC",
    "HuntError",
    "HuntRules",
    "HuntState",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "SaveError",
]

register(SPEC)
