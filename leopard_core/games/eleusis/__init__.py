"""Eleusis and Eleusis Express (docs/eleusis-rules.md, E1-E15): find the dealer's secret rule.

A game folder of its own (``leopard_core/games/eleusis``): it registers its ``GameSpec``
(``spec.SPEC``) with the platform on import.

Glossary:
    table      -- ``table.EleusisTable``: the rules of play of both games (deal, turns, right and
                  wrong, strings, "No play", the prophet, expulsion, scoring, every player dealing
                  once), the platform's ``GameState``.
    moves      -- ``moves.Move``: ``play 7H``, ``play 7H 8D``, ``noplay``, ``prophet``, ``pass``,
                  ``judge right``, ``guess RULE``, ``deal RULE`` (E15).
    the science -- the rule language (``rule``, ``notation``, ``wording``), the computer dealer
                  (``dealer``), the computer players (``players``, ``belief``, ``hypotheses``) and
                  ``agreement``; the table reaches them through ``science_book.ScienceBook``.
    evidence   -- ``evidence.Evidence``: what the table shows every player; the seam between both.
    session    -- the bridge's ``eleusis.*`` methods; ``cli`` the command line.
"""

from leopard_core.platform.registry import register

from . import notation, wording  # noqa: F401  (they plug into rule.py: see its _READERS)
from .spec import SPEC

__all__ = ["SPEC"]

register(SPEC)
