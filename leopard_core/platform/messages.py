"""What the engine says to a person, as a code with parameters, and its English words.

The command line prints the English text; the web page gets the code and the parameters and shows
the text of ``engine.<code>`` from its catalog (``web/i18n/<lang>.json``) in the player's language.

Glossary:
    Message  -- ``Message("turn.not_yours")``: a code and its parameters; ``str()`` is the English
                text, ``as_json()`` is ``{"code", "params"}`` for the page. A parameter is text, a
                number, a list of them, or another Message (an error that quotes another).
    ENGLISH  -- code -> English template with ``{name}`` placeholders, for every registered code.
                The platform registers its own (``PLATFORM_ENGLISH``); each game registers its codes
                through its ``GameSpec.messages`` (``platform.registry.register``), the playing
                cards theirs on import. The page's catalogs have a key ``engine.<code>`` for every
                code, with the same placeholders; tests/test_i18n_catalogs.py checks both.
    formats  -- an English template may format a parameter as the page does: ``{x:number}``
                (1,000), ``{x:list}`` and ``{x:orList}`` (joined with ", "), and every format a
                module registers (``register_format``: the cards' ``{x:card}``, "7 of hearts" from
                "7H", and ``{x:theCard}``); ``{x:word}`` ("two" from 2) is English-only (the
                catalogs write ``{x}`` or a plural form instead).
    codes    -- dotted lowercase, grouped by what they are about: ``request.*``, ``save.*`` (the
                envelope), ``turn.*``, ``names.*`` here; a game's own (``move.*``, ``hunt.*``, ...)
                in its folder's ``messages`` module; ``internal`` quotes an unexpected error's text.
                Codes are unique across the platform and every game.
    parameters -- raw data: a card as N1 text ("7H"), numbers as numbers, names as text; where the
                text quotes a bad input as Python writes it (``'x'``), the parameter is that text.

>>> str(Message("save.too_long", chars=1500, max=1000))
'the save is 1,500 characters long; a save has at most 1,000'
>>> Message("request.unknown_method", method="'x'").as_json()
{'code': 'request.unknown_method', 'params': {'method': "'x'"}}
>>> str(and_list(["a", "b", "c"]))
'a, b and c'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Union

Param = Union[str, int, float, bool, None, "Message", list[Any]]

PLATFORM_ENGLISH: dict[str, str] = {
    # ---- shared words and joins (nested in other messages)
    "internal": "{detail}",
    "list.and": "{a} and {b}",
    "list.comma": "{a}, {b}",
    "request.too_long": "a request is JSON text of at most {max:number} characters",
    "request.too_deep": "a request nests at most {max} levels deep",
    "request.shape": 'a request is {"method": NAME, "args": {...}}',
    "request.args": "'args' must be an object",
    "request.unknown_method": "unknown method {method}",
    "save.not_text": "the save is not text but {type}",
    "save.too_long": "the save is {chars:number} characters long; a save has at most {max:number}",
    "save.too_deep": "the save is nested more than {max} levels deep (arrays and objects)",
    "save.not_json": "the save's text is damaged: it cannot be read",
    "save.wrong_format": "the save is not {what} (its 'format' is missing or wrong)",
    "save.version": "the save has version {version}; this engine reads version {expected}",
    "turn.not_yours": "it is not your turn",
    "turn.computer": "it is the computer's turn",
    "turn.not_computer": "it is not the computer's turn",
    "names.not_text": "bad name for player {player}: {name} is not text",
    "names.control": "bad name for player {player}: it holds a control or invisible character",
    "names.too_long": "bad name for player {player}: {chars} characters; a name has at most {max}",
    "names.bad_chars": (
        "bad name for player {player}: {name}: use letters, digits, spaces, dots, hyphens or "
        "apostrophes (at most {max}), starting with a letter or digit"
    ),
    "names.shape": "bad names {names}: expected a list of two names",
    "names.not_normal": "the names {names} are not written as the engine writes them",
    "names.same": "the two players need different names (both are {name}, ignoring case)",
}
"""The platform's own codes: requests, the save envelope, turns and players' names."""

ENGLISH: dict[str, str] = {}
"""Every registered code with its English template: the platform's, then each game's and the
playing cards' (``register_messages``)."""

Formatter = Callable[["Param"], str]
FORMATS: dict[str, Formatter] = {}
"""Placeholder formats by name (``{x:card}``): the platform's, and those a module registers
(``register_format``; the playing cards register ``card`` and ``theCard``)."""


def register_messages(codes: Mapping[str, str]) -> None:
    """Add codes with their English templates; ValueError for a code already registered with
    other words (two games may not give one code two meanings)."""
    for code, template in codes.items():
        known = ENGLISH.get(code)
        if known is not None and known != template:
            raise ValueError(f"message code {code!r} is already registered with other words")
        ENGLISH[code] = template
        _NEEDS.pop(code, None)


def register_format(name: str, formatter: Formatter) -> None:
    """Let English templates write ``{x:name}``: ``formatter`` turns the parameter into words."""
    FORMATS[name] = formatter

_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")
_NEEDS: dict[str, frozenset[str]] = {}
register_messages(PLATFORM_ENGLISH)
COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class Message:
    """A code and its parameters: something the engine says, in any language."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, /, **params: Param) -> None:
        needs = _NEEDS.get(code)
        if needs is None:
            if code not in ENGLISH:
                raise KeyError(f"unknown message code {code!r}")
            needs = _NEEDS[code] = frozenset(placeholders(ENGLISH[code]))
        if not needs <= params.keys():
            raise KeyError(f"message {code!r} needs {sorted(needs - params.keys())}")
        self.code = code
        self.params: Mapping[str, Param] = params

    def __str__(self) -> str:
        """The English text."""
        return _PLACEHOLDER.sub(
            lambda m: english_param(self.params[m.group(1)], m.group(2)), ENGLISH[self.code]
        )

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Message({self.code!r}{args})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.code, dict(self.params)) == (other.code, dict(other.params))

    def __hash__(self) -> int:
        return hash(self.code)

    def as_json(self) -> dict[str, Any]:
        """``{"code", "params"}``, nested messages included, for the web page."""
        return {"code": self.code, "params": {k: json_param(v) for k, v in self.params.items()}}


def placeholders(template: str) -> list[str]:
    """The parameter names of a template, sorted (formats left out)."""
    return sorted({name for name, _ in _PLACEHOLDER.findall(template)})


def english_param(value: Param, fmt: str | None = None) -> str:
    """A parameter as the English text writes it, through the placeholder's format if any."""
    if fmt is not None and fmt in FORMATS:
        return FORMATS[fmt](value)
    if fmt == "number" and isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    if fmt == "word" and isinstance(value, int) and 0 <= value < len(COUNT_WORDS):
        return COUNT_WORDS[value]
    if isinstance(value, list):
        return ", ".join(english_param(v) for v in value)
    return str(value)


def json_param(value: Param) -> Any:
    """A parameter as JSON data."""
    if isinstance(value, Message):
        return value.as_json()
    if isinstance(value, list):
        return [json_param(v) for v in value]
    return value


def msg_json(msg: Message | None) -> dict[str, Any] | None:
    """``msg.as_json()``, or None: the ``X_msg`` field of a webapi answer."""
    return None if msg is None else msg.as_json()


def and_list(items: Sequence[Param]) -> Param:
    """``a``, ``a and b``, ``a, b and c`` as nested messages (``list.and``, ``list.comma``), so a
    page joins them in its own language."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return Message("list.and", a=items[0], b=items[1])
    return Message("list.comma", a=items[0], b=and_list(items[1:]))
