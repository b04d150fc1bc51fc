"""What a player of the card game reads (issue 21): no rule codes, file names or programmer notation
in the catalogs' texts of the card game, numbers given to the page as numbers (so that it writes
them in the page's language), a refusal that names its card once."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from leopard_core.games.leopard.game import Game
from leopard_core.games.leopard.hints import explain
from leopard_core.games.leopard.messages import Message

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
# The card game's sections a player reads; the hunt's and Eleusis's are their own pages'.
PLAYER_SECTIONS = ("common.", "cards.", "game.", "dialogs.", "embed.", "rules.sandbox.", "engine.")
OTHER_GAMES = ("engine.hunt.", "engine.eleusis.")
# A rule code such as R3, R5.1 or N4; a file name; Python's power notation.
NOT_FOR_PLAYERS = re.compile(r"\([RN]\d+(\.\d+)*\b|\b[RN]\d+\.\d+\b|\b[RN]\d\)|\b\w+\.md\b|\*\*")


def texts(node: Any, key: str = "") -> list[tuple[str, str]]:
    """Every (dotted key, text) of a catalog, plural forms included."""
    if isinstance(node, str):
        return [(key, node)]
    if not isinstance(node, dict):  # a list of keys (notes such as "_same")
        return []
    return [pair for name, child in node.items() for pair in texts(child, f"{key}.{name}" if key else name)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_rule_codes_file_names_or_notation_in_the_card_games_texts(lang: str) -> None:
    catalog = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    found = [
        (key, text) for key, text in texts(catalog)
        if key.startswith(PLAYER_SECTIONS) and not key.startswith(OTHER_GAMES) and "_about" not in key
        and NOT_FOR_PLAYERS.search(text)
    ]
    assert not found, found[:5]


def test_a_wrong_space_names_the_card_once() -> None:
    catalog = json.loads((CATALOGS / "en.json").read_text(encoding="utf-8"))
    refusal = catalog["game"]["miss"]["notThere"]
    reason = catalog["engine"]["move"]["ace_space"]
    assert refusal.startswith("The ")
    assert refusal.count("{card") + reason.count("{card") == 1


def test_spanish_says_deshacer_in_sentence_case() -> None:
    catalog = json.loads((CATALOGS / "es.json").read_text(encoding="utf-8"))
    assert catalog["dialogs"]["settings"]["undo"].startswith("Permitir deshacer")


def averages(msg: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``hint.average`` messages inside a message's JSON, however deep."""
    found = [msg] if msg.get("code") == "hint.average" else []
    for value in msg.get("params", {}).values():
        if isinstance(value, dict):
            found += averages(value)
    return found


def test_a_hints_expected_gain_reaches_the_page_as_a_number() -> None:
    assert str(Message("hint.average", gain=0.9)) == "worth about +0.9 points on average"
    assert str(Message("hint.average", gain=-1.5)) == "worth about -1.5 points on average"
    gains = []
    for move in Game("standard", hands=1, seed=3).state.legal_moves():
        for average in averages(explain(Game("standard", hands=1, seed=3).state, move).msg.as_json()):
            gains.append(average["params"]["gain"])
    assert gains and all(isinstance(gain, float) for gain in gains)
