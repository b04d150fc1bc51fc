"""Players' names: one rule for every game and every place a name is typed (pass-and-play's two
players, the challenger of a link).

The rule: 1 to ``MAX_NAME_CHARS`` (24) letters, digits, spaces, dots, hyphens or apostrophes,
starting with a letter or digit, no two spaces in a row, no space at the end. Why this one: a name
travels in a challenge link to another person's screen, so the narrow character set (no symbols, no
invisible or control characters, nothing that reads as markup) is the one that is safe everywhere;
24 rather than 20 so that every link name valid before stays valid. A name typed on the device is
first made normal (``normal_name``: trimmed, inner runs of spaces made one).

>>> is_player_name("Ana María"), is_player_name("J."), is_player_name("<b>"), is_player_name("Ana ")
(True, True, False, False)
>>> normal_name("  Ana   Maria ")
'Ana Maria'
"""

from __future__ import annotations

import re

MAX_NAME_CHARS = 24
_NAME = re.compile(rf"[^\W_][\w .'-]{{0,{MAX_NAME_CHARS - 1}}}")


def normal_name(text: str) -> str:
    """``text`` trimmed, with every inner run of white space made one space."""
    return " ".join(text.split())


def is_player_name(name: object) -> bool:
    """Whether ``name`` keeps the rule (see the module's docstring) exactly as written."""
    return isinstance(name, str) and _NAME.fullmatch(name) is not None and not name.endswith(" ") \
        and "  " not in name
