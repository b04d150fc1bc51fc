"""What the Eleusis page needs from the session: moves in notation, rules in plain words, the
moment each computer player became sure (only once the hand is over), players made on demand."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import bridge_answer as call
from conftest import bridge_result as ok

from leopard_core.games.eleusis import hypotheses
from leopard_core.games.eleusis.rule import Rule
from leopard_core.games.eleusis.session import EleusisSession
from leopard_core.webapi import handle


def secret_of(saved: str) -> str:
    """The hand's rule, read from the session's save (the page never sees it)."""
    return str(json.loads(json.loads(saved)["game"])["dealt"][0])


def play_out(snap: dict[str, Any], seen: list[dict[str, Any]], limit: int = 2000) -> dict[str, Any]:
    """The person plays their first listed move (declining guesses and the prophet) until the end;
    every snapshot is kept in ``seen``."""
    for _ in range(limit):
        seen.append(snap)
        if snap["over"]:
            return snap
        if snap["bot_to_move"]:
            snap = ok("eleusis.bot_move")["snapshot"]
            continue
        moves = snap["legal_moves"]
        snap = ok("eleusis.move", move="pass" if "pass" in moves else moves[0])
    raise AssertionError("the hand did not end")


def test_move_takes_the_tables_notation() -> None:
    snap = ok("eleusis.new", bots=2, seed=3)
    card = snap["hand"][0]
    after = ok("eleusis.move", move=f"play {card}")
    assert after["plays"][0]["cards"] == [card] and after["plays"][0]["seat"] == 0


def test_move_refuses_with_the_rules_reason() -> None:
    ok("eleusis.new", bots=2, seed=3)
    answer = call("eleusis.move", move="judge right")
    assert answer["kind"] == "illegal_move"
    assert answer["reason_msg"]["code"] == "eleusis.illegal.play_now"


def test_new_answers_before_the_players_are_made_and_prepare_makes_them() -> None:
    ok("eleusis.new", bots=3, seed=8)
    assert ok("eleusis.prepare") == {"ready": True, "players": 3}


def test_prepare_in_slices_lets_another_page_play_between_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hypotheses, "_SPACES", {})  # a worker's first game: nothing built yet
    monkeypatch.setattr(hypotheses, "_UNDER_WAY", {})
    mine = {"client": "eleusis-page"}
    other = {"client": "other-page"}
    handle_as(mine, "eleusis.new", bots=3, levels=["novice", "scientist", "expert"], seed=8)
    other_snap = handle_as(other, "eleusis.new", bots=2, level="random", seed=4)
    answers = []
    while not (answer := handle_as(mine, "eleusis.prepare", slice_ms=1))["ready"]:
        answers.append(answer)
        # the other page's calls are answered between two slices, in its own game
        assert handle_as(other, "eleusis.state")["hand"] == other_snap["hand"]
    assert len(answers) > 10 and all(a == {"ready": False, "players": 0} for a in answers)
    assert answer == {"ready": True, "players": 3}
    assert handle_as(mine, "eleusis.prepare", slice_ms=1) == {"ready": True, "players": 3}


@pytest.mark.parametrize("slice_ms", [0, -5, 10001, "fast", True, [100]])
def test_prepare_refuses_a_bad_slice_and_quotes_it(slice_ms: object) -> None:
    ok("eleusis.new", bots=2, seed=8)
    answer = call("eleusis.prepare", slice_ms=slice_ms)
    assert answer["kind"] == "bad_request" and answer["msg"]["code"] == "eleusis.session.slice"
    assert repr(slice_ms) in answer["error"]


def handle_as(client: dict[str, str], method: str, **args: Any) -> Any:
    """The bridge's result for one request of a page (``client``: the worker's name for it)."""
    answer = json.loads(handle(json.dumps({"method": method, "args": args, **client})))
    assert answer["ok"], answer
    return answer["result"]


def test_the_certainty_and_the_secret_appear_only_once_the_hand_is_over() -> None:
    seen: list[dict[str, Any]] = []
    snap = ok("eleusis.new", bots=3, seed=5)
    secret = secret_of(ok("eleusis.save")["text"])
    end = play_out(snap, seen)
    for during in seen[:-1]:
        assert during["sure"] == [] and secret not in json.dumps(during)
        assert Rule.parse(secret).wording("en") not in json.dumps(during)
    assert end["results"][0]["rule"] == secret
    assert end["wordings"][secret] == {"en": Rule.parse(secret).wording("en"),
                                       "es": Rule.parse(secret).wording("es")}
    assert end["sure"], "seed 5: the players become sure before one guesses"
    for moment in end["sure"]:
        assert moment["hand"] == 0 and 1 <= moment["seat"] <= 3
        assert 1 <= moment["at"] <= len(end["mainline"])
        assert moment["rule"] in end["wordings"]


def test_the_certainty_survives_a_save_and_restore() -> None:
    seen: list[dict[str, Any]] = []
    end = play_out(ok("eleusis.new", bots=3, seed=5), seen)
    text = ok("eleusis.save")["text"]
    assert ok("eleusis.restore", text=text)["sure"] == end["sure"]


def test_a_save_with_a_bad_certainty_is_refused() -> None:
    ok("eleusis.new", bots=2, seed=5)
    data = json.loads(ok("eleusis.save")["text"])
    data["sure"] = [{"hand": 0, "seat": "one", "at": 3, "rule": "odd"}]
    assert call("eleusis.restore", text=json.dumps(data))["kind"] == "corrupt_save"


def test_explain_words_the_rules_it_names() -> None:
    snap = ok("eleusis.new", bots=2, seed=3)
    snap = ok("eleusis.move", move=f"play {snap['hand'][0]}")
    answer = ok("eleusis.explain", seat=1)
    for rule in answer["explanation"]["rules"]:
        assert answer["wordings"][rule["notation"]]["es"] == Rule.parse(rule["notation"]).wording("es")


def test_a_session_restored_from_an_old_save_has_no_certainty() -> None:
    ok("eleusis.new", bots=2, seed=5)
    data = json.loads(ok("eleusis.save")["text"])
    del data["sure"]
    assert EleusisSession.restore(json.dumps(data)).sure == []


def test_wordings_words_rules_without_a_game_and_leaves_out_what_it_cannot_read() -> None:
    answer = ok("eleusis.wordings", rules=["odd", "not a rule ("])
    assert answer == {"odd": {"en": Rule.parse("odd").wording("en"), "es": Rule.parse("odd").wording("es")}}
    assert call("eleusis.wordings", rules="odd")["kind"] == "bad_request"
