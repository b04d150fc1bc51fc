"""The errors of the hunt game: the platform's classes (``platform.errors``) with a base of their own.

Each carries ``msg``, a ``Message`` (code ``hunt.…`` and parameters), as every engine error does.

Glossary:
    HuntError        -- base class of every error the hunt engine raises on bad input.
    NotationError    -- a move or position string is malformed (H8); the message quotes it.
    IllegalMoveError -- a well-formed move the rules do not allow now; quotes move, position, reason.
    SaveError        -- a saved game that cannot be restored.
"""

from __future__ import annotations

from leopard_core.platform import errors as platform

from . import messages as _messages  # noqa: F401  # the hunt's codes are registered first


class HuntError(platform.EngineError):
    """Base class of every error the hunt engine raises on bad input."""


class NotationError(HuntError, platform.NotationError):
    """A move or position string is malformed (H8); the message quotes it."""


class IllegalMoveError(HuntError, platform.IllegalMove):
    """A well-formed move that the rules (H3-H7) do not allow in this position; ``reason`` is the
    rule's words, ``reason_msg`` the same as a Message."""

    ILLEGAL_CODES = ("hunt.move.illegal", "hunt.move.illegal_at")


class SaveError(HuntError, platform.SaveError):
    """A saved hunt game that cannot be restored: malformed, from another version, or impossible."""
