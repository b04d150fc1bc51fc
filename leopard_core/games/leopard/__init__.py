"""Leopard: Robert Abbott's two-player card game (1963, revised 2008), as a Python engine.

The game's folder: ``spec.SPEC`` is its ``GameSpec``, registered with the platform on import;
``bridge`` its methods table, ``session`` the game the page plays, ``contract_state`` the State
contract. Glossary of the package (each module's docstring has more):
    Card        -- ``Card.parse("10D")``: a card value (N1).
    Square      -- ``Square.parse("AH,2H,3H/-,-,-/-,-,-")``: nine stacks (N2) and their value (R5).
    Move        -- ``Move.parse("7H to own 7")``: a move from the mover's view (N3).
    Position    -- ``Position.parse("OWN | OPP | HAND")``: a legality question (N4).
    Rules       -- ``rules_for("classic")``: the fixed numbers of a variant (R8).
    HandState   -- one hand: ``legal_moves()``, ``apply()``, ``clone()``, ``view(seat)``.
    Game        -- N hands with the cut, alternating dealer, totals, save and restore (R1.3, R7.3).

>>> Square.parse("KH,8H,9H/AH,5D,-/KH,-,10S").raw_value()
7
"""

from leopard_core.cards import ALL_CARDS, Card, full_deck, parse_cards
from leopard_core.platform.registry import register

from .errors import IllegalMoveError, LeopardError, NotationError, SaveError
from .game import Game
from .moves import Move
from .position import Position
from .rules import LINES, VARIANTS, Rules, rules_for
from .spec import SPEC
from .squares import Layer, Square
from .state import HandState

__all__ = [
    "ALL_CARDS",
    "LINES",
    "SPEC",
    "VARIANTS",
    "Card",
    "Game",
    "HandState",
    "IllegalMoveError",
    "Layer",
    "LeopardError",
    "Move",
    "NotationError",
    "Position",
    "Rules",
    "SaveError",
    "Square",
    "full_deck",
    "parse_cards",
    "rules_for",
]

register(SPEC)
