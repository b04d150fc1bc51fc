"""The teacher's link code: a secret rule written so that a student cannot read it at a glance
(docs/eleusis-rules.md E17).

A teacher builds a rule ("You deal") and copies a link ``eleusis.html?deal=CODE``; opening it starts
a hand whose computer dealer deals that rule. The code is not encryption: anybody who runs this
module can read it. It only keeps the rule out of sight in the address bar, where a student would
otherwise read ``differ(colour)`` before the first card is played.

Glossary:
    code       -- ``PREFIX`` then lower-case base 32 (letters and the digits 2-7, no padding) of
                  the checksum and the rule's notation mixed with ``KEY``.
    checksum   -- the first two bytes of the SHA-256 of the notation: a code damaged in copying
                  (a letter lost or changed) is refused instead of dealing some other rule.
    LinkCodeError -- a text that is not a whole, undamaged code of a readable rule; the message
                  quotes the text (shortened to ``QUOTED_CHARS``).

>>> code = encode("differ(colour)")
>>> code.startswith(PREFIX), "colour" in code, decode(code)
(True, False, 'differ(colour)')
>>> decode(code[:-3])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
leopard_core.games.eleusis.link_code.LinkCodeError: the classroom code ... is damaged: it may ...
"""

from __future__ import annotations

import base64
import binascii
import hashlib

from .errors import EleusisError
from .rule import Rule

PREFIX = "e1"
"""The code's version, so that a later form of the code can still read this one."""
KEY = hashlib.sha256(b"leopard eleusis classroom link").digest()
CHECKSUM_BYTES = 2
MAX_CODE_CHARS = 600
QUOTED_CHARS = 40


class LinkCodeError(EleusisError):
    """A teacher's link code that cannot be read; the message quotes the code."""


def _mix(data: bytes) -> bytes:
    """``data`` mixed with the key (the same call unmixes it)."""
    return bytes(byte ^ KEY[i % len(KEY)] ^ (i * 29 & 0xFF) for i, byte in enumerate(data))


def _checksum(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()[:CHECKSUM_BYTES]


def quoted_code(text: str) -> str:
    """The code as the message quotes it: at most ``QUOTED_CHARS`` characters."""
    return repr(text if len(text) <= QUOTED_CHARS else text[:QUOTED_CHARS] + "…")


def encode(notation: str) -> str:
    """The code of the rule written ``notation`` (in its own notation, ``str(Rule.parse(...))``);
    EleusisError when the rule language cannot read it."""
    try:
        text = str(Rule.parse(notation))
    except ValueError as err:
        raise EleusisError("eleusis.notation.rule", text=repr(notation), error=str(err)) from None
    data = text.encode()
    return PREFIX + base64.b32encode(_checksum(data) + _mix(data)).decode().rstrip("=").lower()


def decode(code: object) -> str:
    """The notation of the rule ``code`` holds; LinkCodeError when it is not a whole code."""
    if not isinstance(code, str):
        raise LinkCodeError("eleusis.link.not_code", code=quoted_code(repr(code)))
    text = code.strip().lower()
    if len(text) > MAX_CODE_CHARS or not text.startswith(PREFIX):
        raise LinkCodeError("eleusis.link.not_code", code=quoted_code(code))
    body = text[len(PREFIX):].upper()
    try:
        raw = base64.b32decode(body + "=" * (-len(body) % 8))
    except (binascii.Error, ValueError):
        raise LinkCodeError("eleusis.link.damaged", code=quoted_code(code)) from None
    check, data = raw[:CHECKSUM_BYTES], _mix(raw[CHECKSUM_BYTES:])
    if not data or _checksum(data) != check:
        raise LinkCodeError("eleusis.link.damaged", code=quoted_code(code))
    try:
        return str(Rule.parse(data.decode()))
    except (UnicodeDecodeError, ValueError):
        raise LinkCodeError("eleusis.link.damaged", code=quoted_code(code)) from None
