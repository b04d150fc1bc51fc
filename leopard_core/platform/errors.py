"""The errors the engine raises: all are ``ValueError`` subclasses with messages a person can act on.

Every error carries ``msg``, a ``messages.Message`` (a code and its parameters): ``str(err)`` is its
English text (the command line prints it), the web page shows ``msg`` in the player's language.
``raise LeopardError("game.over")`` or ``raise SaveError("save.settings", error=err.msg)``.
"""

from __future__ import annotations

from typing import Any

from .messages import Message, Param


class EngineError(ValueError):
    """An error whose message is a ``Message``: the base of the card game's and the hunt's errors."""

    msg: Message

    def __init__(self, code: str | Message, /, **params: Param) -> None:
        self.msg = code if isinstance(code, Message) else Message(code, **params)
        super().__init__(str(self.msg))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its Message and attributes (a match's worker processes send errors back)."""
        return (_rebuilt, (type(self), self.__dict__))


def _rebuilt(cls: type[EngineError], state: dict[str, Any]) -> EngineError:
    err = cls.__new__(cls)
    ValueError.__init__(err, str(state["msg"]))
    err.__dict__.update(state)
    return err


def message_of(err: BaseException) -> Message:
    """The Message of an error: its own ``msg``, or ``internal`` quoting an unexpected error's text."""
    return err.msg if isinstance(err, EngineError) else Message("internal", detail=str(err))


class LeopardError(EngineError):
    """Base class of every error the engine raises on bad input."""


class NotationError(LeopardError):
    """A card, square, move or position string is malformed (N1-N4); the message quotes it."""


class IllegalMoveError(LeopardError):
    """A well-formed move that the rules (R3, R4, R6) do not allow in this position; ``reason`` is
    the rule's words, ``reason_msg`` the same as a Message."""

    def __init__(self, move: object, reason: Message, position: str = "") -> None:
        self.move = move
        self.reason_msg = reason
        self.reason = str(reason)
        self.position = position
        if position:
            super().__init__("move.illegal_at", move=str(move), position=position, reason=reason)
        else:
            super().__init__("move.illegal", move=str(move), reason=reason)


class SaveError(LeopardError):
    """A saved game that cannot be restored: malformed, from another version, or tampered with."""
