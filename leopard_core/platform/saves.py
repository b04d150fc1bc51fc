"""Saves: the limits every save keeps and the one reader of a save's envelope (every game's).

A save is JSON text ``{"format": NAME, "version": N, ...}``. Before the text is parsed its size and
nesting are checked, so a hostile save (megabytes long, or ``[[[[...`` nested thousands deep) is
refused with a ``SaveError`` instead of exhausting memory or the parser's stack.

Glossary:
    MAX_SAVE_CHARS, MAX_SAVE_DEPTH -- the limits of every game's save (``save_limits()`` for a page).
    check_save_text -- the text itself when it keeps the limits, else ``SaveError``.
    load_versioned  -- the parsed object of a save whose ``format`` and ``version`` match; codes
                       ``save.not_text``, ``save.too_long``, ``save.too_deep``, ``save.not_json``,
                       ``save.wrong_format``, ``save.version`` for every game.
    replay_moves    -- a save's moves applied again in order; the first one refused becomes the
                       game's ``SaveError`` naming it (counted from 1) and why.
    seal_kept, unseal_kept -- a save as the engine worker keeps it in IndexedDB
                       (``web/js/platform/engine/sealed-text.js`` does the same): ``KEPT_PREFIX``
                       then the base 64 of its UTF-8 bytes mixed with ``KEPT_KEY``, so that a secret
                       in it (Eleusis's rule, a pass-and-play hand) is not read at a glance. Not
                       encryption: it keeps a secret out of sight as the teacher's link does.

>>> load_versioned('{"format": "demo", "version": 2}', "demo", 2, "a demo")["version"]
2
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from itertools import accumulate
from typing import Any

from .errors import EngineError, SaveError
from .messages import Param

# The longest real save is about 91,000 characters (a session save of a 50-hand game of `running`
# in which nobody goes out; measured with bench/save_size.py); a million leaves room for 10 times that.
MAX_SAVE_CHARS = 1_000_000
# A game save is nested 3 deep (object, list of hands, list of moves); a session save 1 (the game
# save is a string inside it).
MAX_SAVE_DEPTH = 8
KEPT_PREFIX = "k1."
KEPT_KEY = hashlib.sha256(b"leopard kept save").digest()
_BRACKET_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}
_NOT_A_BRACKET = bytes(byte for byte in range(256) if byte not in _BRACKET_STEP)


def _running_depths(text: str) -> Iterator[int]:
    """The nesting depth after each bracket of JSON text that is outside strings.

    Linear and at C speed (no Python step per character), so it is safe on hostile text before it
    is parsed: escaped backslashes and quotes are dropped, then the text outside the quotes is kept."""
    data = text.encode("utf-8", "surrogatepass").replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = b"".join(data.split(b'"')[0::2]).translate(None, _NOT_A_BRACKET)
    return accumulate(map(_BRACKET_STEP.__getitem__, brackets))


def nesting_depth(text: str) -> int:
    """How deeply the arrays and objects of JSON text nest (brackets inside strings do not count).

    >>> nesting_depth('{"moves": [["7H to own 7"], []], "note": "[[[ ]"}')
    3
    """
    # A parser stops at the first unmatched closing bracket, so a negative running depth is 0.
    return max(0, max(_running_depths(text), default=0))


def nests_deeper_than(text: str, limit: int) -> bool:
    """Whether JSON text nests deeper than ``limit``; stops at the first bracket beyond it.

    >>> nests_deeper_than("[" * 200_000, 8), nests_deeper_than('[[["[[[[[[[[[["]]]', 3)
    (True, False)
    """
    return next(filter(limit.__lt__, _running_depths(text)), None) is not None


def check_save_text(text: object, error: type[SaveError] = SaveError) -> str:
    """``text`` itself when it is a string within the save limits; SaveError naming what is wrong.

    >>> check_save_text("[" * 200_000)
    Traceback (most recent call last):
    ...
    leopard_core.platform.errors.SaveError: the save is nested more than 8 levels deep (arrays and objects)
    """
    if not isinstance(text, str):
        raise error("save.not_text", type=type(text).__name__)
    if len(text) > MAX_SAVE_CHARS:
        raise error("save.too_long", chars=len(text), max=MAX_SAVE_CHARS)
    if nests_deeper_than(text, MAX_SAVE_DEPTH):
        raise error("save.too_deep", max=MAX_SAVE_DEPTH)
    return text


def save_limits() -> dict[str, int]:
    """The limits a save must keep, for a page that checks them before sending a save."""
    return {"save_chars": MAX_SAVE_CHARS, "save_depth": MAX_SAVE_DEPTH}


def load_versioned(
    text: object, fmt: str, version: int, what: Param, older: tuple[int, ...] = (),
    error: type[SaveError] = SaveError,
) -> dict[str, Any]:
    """The JSON object of a save whose ``format`` matches and whose ``version`` is ``version`` or
    one of the ``older`` ones the caller migrates; ``error`` (a game's own ``SaveError`` subclass)
    otherwise. ``what`` says what the save should have been ("a Leopard game").

    The size and nesting limits are checked before the text is parsed."""
    text = check_save_text(text, error)
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        # Not the parser's words ("Expecting value: line 1 column 1 (char 0)"): a player reads this.
        raise error("save.not_json") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error("save.wrong_format", what=what)
    if data.get("version") not in (version, *older) or isinstance(data.get("version"), bool):
        raise error("save.version", version=repr(data.get("version")), expected=version)
    return data


def replay_moves(
    apply: Callable[[str], object], moves: Iterable[str], refused: type[EngineError],
    error: type[SaveError], code: str,
) -> None:
    """Apply ``moves`` in order; when ``apply`` refuses one with ``refused``, raise
    ``error(code, move=N, error=why)`` where ``N`` counts the moves from 1."""
    for index, move in enumerate(moves):
        try:
            apply(move)
        except refused as err:
            raise error(code, move=index + 1, error=err.msg) from err


def _mix_kept(data: bytes) -> bytes:
    """``data`` mixed with ``KEPT_KEY`` (the same call unmixes it)."""
    return bytes(byte ^ KEPT_KEY[i % len(KEPT_KEY)] ^ (i * 29 & 0xFF) for i, byte in enumerate(data))


def seal_kept(text: str) -> str:
    """``text`` as the engine worker keeps it (the same as sealed-text.js's ``seal``).

    >>> seal_kept("odd"), "colour" in seal_kept('{"dealt": ["differ(colour)"]}')
    ('k1.U9QN', False)
    """
    return KEPT_PREFIX + base64.b64encode(_mix_kept(text.encode())).decode()


def unseal_kept(sealed: str) -> str:
    """The text a kept save holds; a text that is not sealed is given back as it is.

    >>> unseal_kept("k1.U9QN"), unseal_kept('{"format": "x"}')
    ('odd', '{"format": "x"}')
    """
    if not sealed.startswith(KEPT_PREFIX):
        return sealed
    return _mix_kept(base64.b64decode(sealed[len(KEPT_PREFIX):])).decode()
