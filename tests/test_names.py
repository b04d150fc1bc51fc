"""One rule for a player's name wherever it is typed (``platform.names``): pass-and-play's players
and a challenge link's challenger accept and refuse the same names. Changed when the two rules
became one: pass-and-play names may be 24 characters (were 20) and keep to the link's characters
(letters, digits, spaces, dots, hyphens, apostrophes; symbols were allowed), code ``names.bad_chars``.
"""

from __future__ import annotations

import pytest

from leopard_core.games.leopard.errors import LeopardError
from leopard_core.games.leopard.pass_and_play import check_name as player_name
from leopard_core.games.leopard.share import check_name as link_name
from leopard_core.platform.names import MAX_NAME_CHARS

ACCEPTED = ["Ana", "Ana María", "J.", "O'Neill", "Jean-Luc", "Zoë 2", "x" * MAX_NAME_CHARS]
REFUSED = ["<b>", "Ana & Ben", "🙂", "-Ana", "x" * (MAX_NAME_CHARS + 1), "Ana\u200b"]


def test_the_limit_is_24() -> None:
    assert MAX_NAME_CHARS == 24


@pytest.mark.parametrize("name", ACCEPTED)
def test_both_places_accept(name: str) -> None:
    assert player_name(name, 0) == name == link_name(name)


@pytest.mark.parametrize("name", REFUSED)
def test_both_places_refuse(name: str) -> None:
    with pytest.raises(LeopardError):
        player_name(name, 0)
    with pytest.raises(LeopardError):
        link_name(name)


def test_a_typed_name_is_made_normal_first_but_a_link_name_must_be_normal() -> None:
    assert player_name("  Ana   María ", 1) == "Ana María"
    with pytest.raises(LeopardError):
        link_name("  Ana   María ")


def test_a_symbol_in_a_players_name_says_which_characters_are_allowed() -> None:
    with pytest.raises(LeopardError) as info:
        player_name("Ana & Ben", 1)
    assert info.value.msg.code == "names.bad_chars" and info.value.msg.params["player"] == 2
