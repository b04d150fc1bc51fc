"""The platform's bridge for every game: routing, the one error-kind policy, request limits and
sessions per (client, game), through ``leopard_core.webapi.handle`` as the worker calls it.

Behaviour this pins that changed when the bridge became one: an illegal card-game move is kind
``illegal_move`` with ``reason`` and ``reason_msg`` (it was ``bad_request``); a request that is not
JSON is ``request.shape`` (it was ``internal`` quoting the parser); the hunt's saves are refused with
the card game's ``save.*`` codes (``hunt.save.format`` and friends are gone) and its requests keep
the size and depth limits; an unexpected error is kind ``internal`` (it escaped ``handle``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from leopard_core import webapi
from leopard_core.platform import bridge
from leopard_core.platform.registry import REGISTRY


def ask(method: str, client: str | None = None, **args: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"method": method, "args": args}
    if client is not None:
        request["client"] = client
    answer: dict[str, Any] = json.loads(webapi.handle(json.dumps(request)))
    return answer


@pytest.fixture(autouse=True)
def no_sessions() -> Iterator[None]:
    webapi.reset()
    yield
    webapi.reset()


def person_to_move(client: str | None = None) -> dict[str, Any]:
    snap = ask("new_game", client, seed=5, bot_seed=5, hands=1)["result"]
    while snap["bot_to_move"]:
        snap = ask("bot_move", client)["result"]["snapshot"]
    return snap


def test_an_illegal_move_is_kind_illegal_move_in_every_game() -> None:
    snap = person_to_move()
    illegal = next(m for m in ("KS to opp 1", "KH to opp 1", "out") if m not in snap["legal_moves"])
    answer = ask("play", move=illegal)
    assert answer["kind"] == "illegal_move" and answer["msg"]["code"] == "move.illegal_at"
    assert answer["reason_msg"] == answer["msg"]["params"]["reason"] and answer["reason"]
    ask("hunt.new_game", side="L", seed=1)
    on_a_cow = ask("hunt.board")["result"]["opening"][0]
    answer = ask("hunt.play", move=on_a_cow)
    assert answer["kind"] == "illegal_move" and answer["msg"]["code"] == "hunt.move.illegal_at"
    assert answer["reason_msg"] == answer["msg"]["params"]["reason"]


def test_malformed_requests_and_moves_are_bad_request() -> None:
    person_to_move()
    ask("hunt.new_game", side="L", seed=1)
    cases = [
        (webapi.handle("{"), "request.shape"),
        (webapi.handle('{"method": "levels", "client": 7}'), "request.shape"),
        (webapi.handle('{"method": "levels", "args": [1]}'), "request.args"),
        (json.dumps(ask("play", move="7X to own 7")), "notation.move_part"),
        (json.dumps(ask("hunt.play", move="zz")), "hunt.notation.move_shape"),
        (json.dumps(ask("nope")), "request.unknown_method"),
        (json.dumps(ask("hunt.nope")), "request.unknown_method"),
        (json.dumps(ask("leopard.hunt.play")), "request.unknown_method"),
    ]
    for text, code in cases:
        answer = json.loads(text)
        assert (answer["ok"], answer["kind"], answer["msg"]["code"]) == (False, "bad_request", code)


def test_bad_saves_are_corrupt_save_with_one_set_of_codes() -> None:
    for method in ("restore", "leopard.restore", "hunt.restore"):
        for text, code in (("{}", "save.wrong_format"), ("not json", "save.not_json"),
                           ("[" * 50, "save.too_deep"), (7, "save.not_text")):
            answer = ask(method, text=text)
            assert (answer["kind"], answer["msg"]["code"]) == ("corrupt_save", code), (method, text)


def test_request_limits_apply_to_every_game() -> None:
    deep = '{"method": "hunt.levels", "args": ' + "[" * 40 + "]" * 40 + "}"
    assert json.loads(webapi.handle(deep))["msg"]["code"] == "request.too_deep"
    long = json.dumps({"method": "hunt.restore", "args": {"text": "x" * bridge.MAX_REQUEST_CHARS}})
    assert json.loads(webapi.handle(long))["msg"]["code"] == "request.too_long"


def test_an_unexpected_error_is_kind_internal(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(call: object) -> None:
        raise KeyError("boom")

    monkeypatch.setitem(dict.__getitem__(REGISTRY, "hunt").methods, "board", broken)  # type: ignore[index]
    answer = ask("hunt.board")
    assert (answer["kind"], answer["msg"]["code"]) == ("internal", "internal")


def test_the_card_game_answers_with_and_without_its_prefix() -> None:
    assert ask("leopard.levels")["result"] == ask("levels")["result"]
    snap = ask("leopard.new_game", seed=3, bot_seed=3, hands=1)["result"]
    assert ask("snapshot")["result"]["revision"] == snap["revision"]


def test_reset_forgets_every_games_session_of_every_client() -> None:
    person_to_move()
    ask("hunt.new_game", side="L", seed=1)
    ask("hunt.new_game", "frame-2", side="C", seed=1)
    webapi.reset("frame-2")
    assert ask("hunt.snapshot")["ok"] and not ask("hunt.snapshot", "frame-2")["ok"]
    webapi.reset()
    for method, code in (("snapshot", "session.none"), ("hunt.snapshot", "hunt.session.none")):
        answer = ask(method)
        assert (answer["kind"], answer["msg"]["code"]) == ("bad_request", code)


def test_clients_play_separate_games() -> None:
    mine = person_to_move("frame-1")
    theirs = ask("new_game", "frame-2", seed=9, bot_seed=9, hands=1)["result"]
    assert ask("snapshot", "frame-1")["result"]["hand"] == mine["hand"]
    assert ask("snapshot", "frame-2")["result"]["hand"] == theirs["hand"]
    assert not ask("snapshot")["ok"]  # the default client has no game


def test_the_guided_hand_refuses_with_kind_tutorial() -> None:
    assert ask("tutorial_start")["ok"]
    assert ask("play", move="discard 5H")["kind"] == "tutorial"


def test_every_kind_is_listed() -> None:
    assert set(bridge.KINDS) == {"illegal_move", "corrupt_save", "tutorial", "bad_request", "internal"}
