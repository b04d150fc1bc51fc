"""The errors the engine raises: all are ``ValueError`` subclasses with messages a person can act on."""

from __future__ import annotations


class LeopardError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(LeopardError):
    """A card, square, move or position string is malformed (N1-N4); the message quotes it."""


class IllegalMoveError(LeopardError):
    """A well-formed move that the rules (R3, R4, R6) do not allow in this position."""

    def __init__(self, move: object, reason: str, position: str = "") -> None:
        self.move = move
        self.reason = reason
        self.position = position
        where = f" in position {position!r}" if position else ""
        super().__init__(f"illegal move {str(move)!r}{where}: {reason}")


class SaveError(LeopardError):
    """A saved game that cannot be restored: malformed, from another version, or tampered with."""
