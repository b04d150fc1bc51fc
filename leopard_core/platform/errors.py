"""The errors the engine raises: one hierarchy of ``ValueError`` subclasses, each with a ``Message``.

Every error carries ``msg``, a ``messages.Message`` (a code and its parameters): ``str(err)`` is its
English text (the command line prints it), the web page shows ``msg`` in the player's language.
A game may subclass these for its own ``isinstance`` checks; the bridge sorts refusals by these
classes only (``bridge.error_kind``).

Glossary:
    EngineError   -- the base: ``raise EngineError("turn.not_yours")``.
    NotationError -- a text (a card, a move, a position) is malformed; the message quotes it.
    IllegalMove   -- a well-formed move the rules do not allow now: ``move``, ``reason_msg`` (the
                     rule's words as a Message), ``reason`` (its English), ``position``; a game's
                     subclass names its two codes (``ILLEGAL_CODES``).
    SaveError     -- a save that cannot be restored: malformed, from another version, tampered with.
    RequestError  -- a request the bridge cannot read (not JSON, no method, unknown method...).

>>> str(SaveError("save.not_text", type="int"))
'the save is not text but int'
>>> message_of(KeyError("x")).code
'internal'
"""

from __future__ import annotations

from typing import Any, ClassVar

from .messages import Message, Param


class EngineError(ValueError):
    """An error whose message is a ``Message``: the base of every game's errors. ``KIND`` is the
    bridge's error kind for a request this error refuses (``bridge`` explains the policy)."""

    KIND: ClassVar[str] = "bad_request"
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


class NotationError(EngineError):
    """A card, move or position string is malformed; the message quotes it."""


class IllegalMove(EngineError):
    """A well-formed move that the rules do not allow in this position; ``reason`` is the rule's
    words, ``reason_msg`` the same as a Message. ``ILLEGAL_CODES`` are the codes of the whole
    message without and with the position (placeholders ``move``, ``reason`` and ``position``)."""

    KIND = "illegal_move"
    ILLEGAL_CODES: ClassVar[tuple[str, str]] = ("move.illegal", "move.illegal_at")

    def __init__(self, move: object, reason: Message, position: str = "") -> None:
        self.move = move
        self.reason_msg = reason
        self.reason = str(reason)
        self.position = position
        plain, at = self.ILLEGAL_CODES
        if position:
            super().__init__(at, move=str(move), position=position, reason=reason)
        else:
            super().__init__(plain, move=str(move), reason=reason)


class SaveError(EngineError):
    """A save that cannot be restored: malformed, from another version, or tampered with."""

    KIND = "corrupt_save"


class RequestError(EngineError):
    """A request the bridge cannot read: too long, too deep, not an object, an unknown method."""
