"""The errors of the hunt game: ``ValueError`` subclasses whose messages a person can act on.

Each carries ``msg``, a ``leopard_core.messages.Message`` (code ``hunt.…`` and parameters), as the
card game's errors do (``leopard_core.errors.EngineError``).

Glossary:
    HuntError        -- base class of every error the hunt engine raises on bad input.
    NotationError    -- a move or position string is malformed (H8); the message quotes it.
    IllegalMoveError -- a well-formed move the rules do not allow now; quotes move, position, reason.
    SaveError        -- a saved game that cannot be restored.
"""

from __future__ import annotations

from ..errors import EngineError
from ..messages import Message


class HuntError(EngineError):
    """Base class of every error the hunt engine raises on bad input."""


class NotationError(HuntError):
    """A move or position string is malformed (H8); the message quotes it."""


class IllegalMoveError(HuntError):
    """A well-formed move that the rules (H3-H7) do not allow in this position; ``reason`` is the
    rule's words, ``reason_msg`` the same as a Message."""

    def __init__(self, move: object, reason: Message, position: str = "") -> None:
        self.move = move
        self.reason_msg = reason
        self.reason = str(reason)
        self.position = position
        if position:
            super().__init__("hunt.move.illegal_at", move=str(move), position=position, reason=reason)
        else:
            super().__init__("hunt.move.illegal", move=str(move), reason=reason)


class SaveError(HuntError):
    """A saved hunt game that cannot be restored: malformed, from another version, or impossible."""
