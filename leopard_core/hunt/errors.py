"""The errors of the hunt game: ``ValueError`` subclasses whose messages a person can act on.

Glossary:
    HuntError        -- base class of every error the hunt engine raises on bad input.
    NotationError    -- a move or position string is malformed (H8); the message quotes it.
    IllegalMoveError -- a well-formed move the rules do not allow now; quotes move, position, reason.
    SaveError        -- a saved game that cannot be restored.
"""

from __future__ import annotations


class HuntError(ValueError):
    """Base class of every error the hunt engine raises on bad input."""


class NotationError(HuntError):
    """A move or position string is malformed (H8); the message quotes it."""


class IllegalMoveError(HuntError):
    """A well-formed move that the rules (H3-H7) do not allow in this position."""

    def __init__(self, move: object, reason: str, position: str = "") -> None:
        self.move = move
        self.reason = reason
        self.position = position
        where = f" in position {position!r}" if position else ""
        super().__init__(f"illegal move {str(move)!r}{where}: {reason}")


class SaveError(HuntError):
    """A saved hunt game that cannot be restored: malformed, from another version, or impossible."""
