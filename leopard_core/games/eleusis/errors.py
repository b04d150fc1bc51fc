"""The errors of the Eleusis table: ``ValueError`` subclasses whose messages a person can act on.

Each carries ``msg``, a ``Message`` (code ``eleusis.…`` and parameters), as every engine error does
(``leopard_core.errors.EngineError``).

Glossary:
    EleusisError      -- base class of every error the table raises on bad input.
    MoveNotationError -- a move's text cannot be read (E15); the message quotes it.
    IllegalMove       -- a well-formed move the rules do not allow now; ``reason_msg`` says why.
    SaveError         -- a save that cannot be restored.
"""

from __future__ import annotations

from leopard_core.errors import EngineError

from .messages import Message


class EleusisError(EngineError):
    """Base class of every error the Eleusis table raises on bad input."""


class MoveNotationError(EleusisError):
    """A move's text cannot be read (E15); the message quotes the input."""


class IllegalMove(EleusisError):
    """A well-formed move that the rules do not allow now; ``reason`` / ``reason_msg`` say why."""

    def __init__(self, move: object, reason: Message) -> None:
        self.move = move
        self.reason_msg = reason
        self.reason = str(reason)
        super().__init__("eleusis.move.illegal", move=str(move), reason=reason)


class SaveError(EleusisError):
    """A saved Eleusis game that cannot be restored: malformed, from another version, or impossible."""
