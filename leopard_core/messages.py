"""What the engine says to a person, as a code with parameters, and its English words.

The command line prints the English text; the web page gets the code and the parameters and shows
the text of ``engine.<code>`` from its catalog (``web/i18n/<lang>.json``) in the player's language.

Glossary:
    Message  -- ``Message("example.card", card="7H")``: a code and its parameters; ``str()`` is the
                English text, ``as_json()`` is ``{"code", "params"}`` for the page. A parameter is
                text, a number, a list of them, or another Message (an error that quotes another).
    ENGLISH  -- code -> English template with ``{name}`` placeholders. The page's catalogs have a key
                ``engine.<code>`` for every code, with the same placeholders (there a placeholder
                may name a formatter, ``{card:card}``); tests/test_i18n_catalogs.py checks both.

>>> str(Message("example.card", card="7H"))
'7H is an example card'
>>> Message("example.card", card="7H").as_json()
{'code': 'example.card', 'params': {'card': '7H'}}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Union

Param = Union[str, int, float, bool, None, "Message", list[Any]]

ENGLISH: dict[str, str] = {
    "example.card": "{card} is an example card",
}
"""Every code the engine can say, with its English template."""

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


class Message:
    """A code and its parameters: something the engine says, in any language."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, /, **params: Param) -> None:
        if code not in ENGLISH:
            raise KeyError(f"unknown message code {code!r}")
        missing = set(placeholders(ENGLISH[code])) - params.keys()
        if missing:
            raise KeyError(f"message {code!r} needs {sorted(missing)}")
        self.code = code
        self.params: Mapping[str, Param] = params

    def __str__(self) -> str:
        """The English text."""
        return _PLACEHOLDER.sub(lambda m: english_param(self.params[m.group(1)]), ENGLISH[self.code])

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
    """The parameter names of a template, sorted."""
    return sorted(set(_PLACEHOLDER.findall(template)))


def english_param(value: Param) -> str:
    """A parameter as the English text writes it."""
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
