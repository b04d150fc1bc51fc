"""The errors of the Eleusis table: ``ValueError`` subclasses whose messages a person can act on.

Each carries ``msg``, a ``Message`` (code ``eleusis.…`` and parameters), and is one of the
platform's kinds (``leopard_core.platform.errors``), so the bridge sorts its refusals.

Glossary:
    EleusisError      -- base class of every error the table raises on bad input.
    MoveNotationError -- a move's text cannot be read (E15); the message quotes it.
    IllegalMove       -- a well-formed move the rules do not allow now; ``reason_msg`` says why.
    SaveError         -- a save that cannot be restored.
"""

from __future__ import annotations

from leopard_core.platform import errors as platform

from . import messages as _messages  # noqa: F401  # the table's codes are registered first


class EleusisError(platform.EngineError):
    """Base class of every error the Eleusis table raises on bad input."""


class MoveNotationError(EleusisError, platform.NotationError):
    """A move's text cannot be read (E15); the message quotes the input."""


class IllegalMove(EleusisError, platform.IllegalMove):
    """A well-formed move that the rules do not allow now; ``reason`` / ``reason_msg`` say why."""

    ILLEGAL_CODES = ("eleusis.move.illegal", "eleusis.move.illegal_at")


class SaveError(EleusisError, platform.SaveError):
    """A saved Eleusis game that cannot be restored: malformed, from another version, or impossible."""
