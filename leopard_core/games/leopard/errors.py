"""The card game's errors: the platform's own classes (``platform.errors``) under the names the
card game has always used, so ``from leopard_core.games.leopard import LeopardError`` keeps working.

    LeopardError     -- ``platform.errors.EngineError``: the base of every error on bad input.
    NotationError    -- ``platform.errors.NotationError`` (N1-N4; the playing cards raise it too).
    IllegalMoveError -- a ``platform.errors.IllegalMove`` with the codes ``move.illegal`` and
                        ``move.illegal_at`` (R3, R4, R6).
    SaveError        -- ``platform.errors.SaveError``.
"""

from __future__ import annotations

from leopard_core.platform.errors import EngineError, IllegalMove, NotationError, SaveError, message_of

from . import messages as _messages  # noqa: F401  # the card game's codes are registered first

__all__ = ["EngineError", "IllegalMoveError", "LeopardError", "NotationError", "SaveError", "message_of"]

LeopardError = EngineError


class IllegalMoveError(IllegalMove):
    """A well-formed move that the rules (R3, R4, R6) do not allow in this position; ``reason`` is
    the rule's words, ``reason_msg`` the same as a Message."""

    ILLEGAL_CODES = ("move.illegal", "move.illegal_at")
