"""Several people on one device against the computer dealer: the classroom game (E16).

Glossary:
    people     -- 2 to 5 people, seats 0, 1, ... in the order their names were given; the computer
                  players (0 or more) sit after them. People and computer players make 3 to 6 seats.
    names      -- ``check_people``: each name trimmed, inner runs of spaces made one, then the
                  platform's one rule for names (``platform.names``); an empty name is "Player 1",
                  "Player 2", ...; no two alike (ignoring case).
    hand-over  -- whenever a person's turn comes and the device may be in other hands (see
                  ``EleusisSession``), the table shows no hand until that person says they hold it.

>>> check_people(["  Ana ", "", "Ben"])
('Ana', 'Player 2', 'Ben')
>>> check_people(["Ana", "ana"])
Traceback (most recent call last):
...
leopard_core.games.eleusis.errors.EleusisError: two players are called 'ana': give each a different name
"""

from __future__ import annotations

import unicodedata

from leopard_core.platform.arguments import quoted_value
from leopard_core.platform.names import MAX_NAME_CHARS, is_player_name, normal_name

from .errors import EleusisError

MIN_PEOPLE, MAX_PEOPLE = 2, 5


def default_name(seat: int) -> str:
    """The name of a person who gave none: "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def check_name(name: object, seat: int) -> str:
    """One person's name, made normal; EleusisError when it is not a name."""
    if name is None:
        return default_name(seat)
    if not isinstance(name, str) or any(unicodedata.category(c).startswith("C") for c in name):
        raise EleusisError("eleusis.session.name", player=seat + 1, name=quoted_value(name),
                           max=MAX_NAME_CHARS)
    normal = normal_name(name)
    if normal and not is_player_name(normal):
        raise EleusisError("eleusis.session.name", player=seat + 1, name=quoted_value(normal),
                           max=MAX_NAME_CHARS)
    return normal or default_name(seat)


def check_people(names: object) -> tuple[str, ...]:
    """The people's names, seat 0 first (see the glossary); EleusisError when they are not 2 to 5
    different names."""
    if not isinstance(names, list | tuple) or not MIN_PEOPLE <= len(names) <= MAX_PEOPLE:
        raise EleusisError("eleusis.session.people", value=quoted_value(names))
    checked = tuple(check_name(name, seat) for seat, name in enumerate(names))
    seen: set[str] = set()
    for name in checked:
        if name.casefold() in seen:
            raise EleusisError("eleusis.session.same_name", name=quoted_value(name))
        seen.add(name.casefold())
    return checked
