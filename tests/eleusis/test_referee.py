"""What an independent referee found in Eleusis (issue 31), each fixed and kept fixed.

- ``eleusis.judge`` took anything but JSON ``true`` as the ruling "wrong": a malformed request
  deposed a true prophet. A ruling is exactly ``true`` or ``false``; anything else is refused and
  nothing changes.
- A save whose dealt rule was changed to one the dealer refuses (E2.4) restored without complaint.
- ``EleusisTable.held(seat)`` raised a bare ``IndexError`` between hands (and read another seat's
  hand for a negative seat).
- E10.1 and the end message said a hand ends when a player plays their last card right; the seed
  says "a player depletes their hand", and an immune player's wrong play empties it too (E8.3).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import bridge_answer as call
from conftest import bridge_result as ok

from leopard_core.cards import Card
from leopard_core.games.eleusis.errors import EleusisError, SaveError
from leopard_core.games.eleusis.table import EleusisTable, Settings

DOCS = Path(__file__).resolve().parents[2] / "docs" / "eleusis-rules.md"


def person_is_prophet_judging() -> dict[str, Any]:
    """An Eleusis game in which the person became the prophet and must judge a computer's play."""
    for seed in range(40):
        snap = ok("eleusis.new", game="eleusis", bots=3, seed=seed, level="novice")
        snap = ok("eleusis.play", cards=[snap["hand"][0]])
        if snap["phase"] != "declare":
            continue
        snap = ok("eleusis.prophet")
        for _ in range(10):
            if snap["phase"] == "judge" and snap["to_move"] == 0:
                return dict(snap)
            if not snap["bot_to_move"]:
                break
            snap = ok("eleusis.bot_move")["snapshot"]
    raise AssertionError("no seed made the person a judging prophet")


@pytest.mark.parametrize("args", [{"right": "yes"}, {"right": 1}, {"right": "true"}, {"right": None},
                                  {}, {"right": 0}, {"right": [True]}])
def test_a_ruling_is_exactly_true_or_false(args: dict[str, Any]) -> None:
    person_is_prophet_judging()
    before = ok("eleusis.save")["text"]
    answer = call("eleusis.judge", **args)
    assert not answer["ok"] and answer["kind"] == "bad_request", answer
    assert answer["msg"]["code"] == "eleusis.session.ruling"
    assert ok("eleusis.save")["text"] == before, "nothing changed"


@pytest.mark.parametrize("ruling", [True, False])
def test_a_true_or_false_ruling_is_taken(ruling: bool) -> None:
    snap = person_is_prophet_judging()
    after = ok("eleusis.judge", right=ruling)
    assert after["log_size"] > snap["log_size"]
    assert after["phase"] != "judge" or after["over"]


def test_a_save_whose_dealt_rule_the_dealer_refuses_is_refused() -> None:
    ok("eleusis.new", game="express", bots=2, seed=3)
    saved = json.loads(ok("eleusis.save")["text"])
    game = json.loads(saved["game"])
    game["dealt"][0] = "true"  # readable, but it accepts every card: the dealer refuses it (E2.4)
    saved["game"] = json.dumps(game)
    answer = call("eleusis.restore", text=json.dumps(saved))
    assert answer["kind"] == "corrupt_save", answer
    assert answer["msg"]["code"] == "eleusis.save.bad_rule"
    with pytest.raises(SaveError) as refused:
        EleusisTable.restore(json.dumps(game))
    assert "'true'" in str(refused.value)


def test_a_save_with_a_rule_the_dealer_deals_still_restores() -> None:
    table = EleusisTable.new(Settings("express", 3), 5, rule="differ(colour)")
    table.apply(table.legal_moves()[0])
    assert EleusisTable.restore(table.save()).save() == table.save()


def test_nobody_holds_a_card_between_hands_and_a_seat_not_at_the_table_is_refused() -> None:
    table = EleusisTable(Settings.every_player_deals("express", 3), 4)
    rng = random.Random(1)
    table.apply("deal differ(colour)")
    while table.hand.phase != "deal":
        table.apply(rng.choice(table.legal_moves()))
    assert table.results and not table.over, "between two hands"
    assert [table.held(seat) for seat in range(3)] == [[], [], []]
    for seat in (3, -1, 7):
        with pytest.raises(EleusisError) as refused:
            table.held(seat)
        assert refused.value.msg.code == "eleusis.table.seat"
        assert repr(seat) in str(refused.value)


def test_an_immune_players_wrong_last_card_ends_the_hand_as_no_cards_left() -> None:
    """E10.1 with E8.3: seat 1 plays its last card wrong, the prophet calls it right, the prophet
    is deposed and seat 1 takes no penalty: its hand is empty and the hand ends."""
    table = EleusisTable.new(Settings("eleusis", 4), 2, rule="red")
    table.apply("play " + str(table.held(0)[0]))
    if table.hand.phase != "declare":
        pytest.fail("seat 0 should be asked whether it is the prophet")
    table.apply("prophet")
    assert table.to_move() == 1
    table.hand.hands[1] = [Card.parse("2S")]  # one black card left: wrong under "red"
    table.apply("play 2S")
    table.apply("judge right")  # the prophet errs: seat 1 is immune (E8.3)
    result = table.results[-1]
    assert result.reason.code == "eleusis.end.depleted" and result.held[1] == 0
    assert table.hand.mainline[-1] != Card.parse("2S"), "the card was wrong: it is not on the mainline"
    assert "has no cards left" in str(result.reason) and "played" not in str(result.reason)


def test_e10_1_says_a_player_depletes_their_hand_however_it_empties() -> None:
    text = DOCS.read_text(encoding="utf-8")
    e10_1 = re.search(r"^- E10\.1 (.+?)(?=^- E10\.2)", text, re.M | re.S)
    assert e10_1 is not None
    assert "with a right play" not in e10_1.group(1)
    assert "depletes their hand" in e10_1.group(1) and "E8.3" in e10_1.group(1)
    pages = {lang: json.loads((DOCS.parents[1] / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
             for lang in ("en", "es")}
    assert pages["en"]["eleusis"]["end"]["depleted"] == {
        "you": "You have no cards left.", "other": "{who} has no cards left."}
    assert pages["es"]["eleusis"]["end"]["depleted"] == {
        "you": "Te quedaste sin cartas.", "other": "{who} se quedó sin cartas."}
