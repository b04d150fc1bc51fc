"""Hostile saves: any text given to restore yields a game or a SaveError, never another exception,
and quickly (issue 11, failures 1 and 2).

Glossary:
    real save    -- the save of a seeded game played with random legal moves, mid-hand or finished.
    resealed     -- a changed save whose checksum was recomputed, so the change reaches the replay.
    restorers    -- ``Game.restore``, ``Session.restore`` and the web bridge's ``restore`` request.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from leopard_core.games.leopard import Game, SaveError
from leopard_core.games.leopard.game import _checksum
from leopard_core.games.leopard.session import Session
from leopard_core.platform.bridge import MAX_REQUEST_DEPTH
from leopard_core.platform.saves import MAX_SAVE_CHARS, MAX_SAVE_DEPTH, check_save_text, nesting_depth
from leopard_core.webapi import handle

# Each call must take under a second of this process's CPU time (``every_restorer``; CPU time, not
# the wall clock, so that other work on a busy machine does not fail the test); the longest real save
# restores in well under 0.1 s. Hypothesis's deadline is a wall-clock backstop against a hang.
HOSTILE = settings(max_examples=150, deadline=5000, suppress_health_check=[HealthCheck.too_slow])


def played_game(variant: str, seed: int, hands: int, finish: int) -> Game:
    """A game of ``hands`` hands with ``finish`` of them played to the end and a few moves more."""
    game = Game(variant, hands=hands, seed=seed)
    rng = random.Random(seed)
    for index in range(finish):
        while not game.state.over:
            game.apply(rng.choice(game.state.legal_moves()))
        if index + 1 < hands:
            game.next_hand()
    for _ in range(7):
        if not game.state.over:
            game.apply(rng.choice(game.state.legal_moves()))
    return game


GAMES = [played_game("standard", 3, 2, 1), played_game("running", 8, 1, 0), played_game("classic", 5, 2, 2)]
GAME_SAVES = [game.save() for game in GAMES]
SESSION_SAVES = [Session(game, "random", 12345).save() for game in GAMES]
JSON_VALUES = [None, True, False, 0, -1, 1.5, 2**70, 10**300, float("inf"), "", "x" * 5000, "out",
               [], [[]], [["out"]], {}, {"a": 1}, "standard", "random", 1e308]


def reseal(data: dict[str, Any]) -> str:
    """A game save with its checksum recomputed over whatever ``data`` now holds."""
    body = {k: v for k, v in data.items() if k != "check"}
    body["check"] = _checksum(body)
    return json.dumps(body)


def restore_game(text: object) -> None:
    """Game.restore: a game or a SaveError."""
    try:
        assert isinstance(Game.restore(text), Game)  # type: ignore[arg-type]
    except SaveError as err:
        assert str(err)


def restore_session(text: object) -> None:
    """Session.restore: a session or a SaveError."""
    try:
        assert isinstance(Session.restore(text), Session)  # type: ignore[arg-type]
    except SaveError as err:
        assert str(err)


def restore_request(text: object) -> None:
    """The bridge's restore request: a snapshot, or an answer of kind corrupt_save."""
    answer = json.loads(handle(json.dumps({"method": "restore", "args": {"text": text}})))
    if answer["ok"]:
        assert "legal_moves" in answer["result"]
    else:
        assert answer["kind"] == "corrupt_save" and answer["error"], answer


RESTORERS: list[Callable[[object], None]] = [restore_game, restore_session, restore_request]


def every_restorer(text: object) -> None:
    """Give ``text`` to every restorer, each within the time bound (one second of CPU time)."""
    for restore in RESTORERS:
        started = time.process_time()
        restore(text)
        assert time.process_time() - started < 1.0, restore.__name__


def deep(depth: int, opener: str) -> str:
    """JSON-like text nested ``depth`` deep, closed or not."""
    return opener * depth


@st.composite
def nested_texts(draw: st.DrawFn) -> str:
    """Deep nesting: brackets, objects, or either inside a real save's fields; closed or not."""
    depth = draw(st.integers(MAX_SAVE_DEPTH - 2, 300_000))
    opener = draw(st.sampled_from(["[", "{\"a\":", "[{\"b\":", " [ "]))
    body = deep(depth, opener)
    if draw(st.booleans()):
        closer = {"[": "]", "{\"a\":": "}", "[{\"b\":": "}]", " [ ": " ] "}[opener]
        body = body + "1" + closer * depth
    if draw(st.booleans()):
        data = json.loads(draw(st.sampled_from(GAME_SAVES)))
        key = draw(st.sampled_from(sorted(data)))
        text = reseal(data)
        return text.replace(json.dumps(data[key]), body, 1) if key != "check" else text
    return body


@st.composite
def wrong_fields(draw: st.DrawFn) -> str:
    """A real game or session save with one field (or a move) replaced by a value of another type."""
    value = draw(st.sampled_from(JSON_VALUES))
    if draw(st.booleans()):
        data = json.loads(draw(st.sampled_from(SESSION_SAVES)))
        key = draw(st.sampled_from(sorted(data)))
        data[key] = value
        return json.dumps(data)
    data = json.loads(draw(st.sampled_from(GAME_SAVES)))
    key = draw(st.sampled_from([*sorted(data), "moves[i]", "moves[i][j]"]))
    if key == "moves[i]":
        data["moves"][draw(st.integers(0, len(data["moves"]) - 1))] = value
    elif key == "moves[i][j]":
        hand = data["moves"][-1]
        if hand:
            hand[draw(st.integers(0, len(hand) - 1))] = value
    else:
        data[key] = value
    return reseal(data) if draw(st.booleans()) else json.dumps(data)


@st.composite
def huge_numbers(draw: st.DrawFn) -> str:
    """Numbers with thousands of digits or exponents, alone or in a save's numeric fields."""
    digits = draw(st.integers(1, 200_000))
    number = draw(st.sampled_from(["9" * digits, "-" + "1" * digits, f"1e{digits}", f"1.{'5' * digits}",
                                   f"-1e-{digits}", "1" + "0" * digits]))
    if draw(st.booleans()):
        data = json.loads(draw(st.sampled_from(GAME_SAVES)))
        key = draw(st.sampled_from(["hands", "seed", "version"]))
        text = reseal(data)
        return text.replace(f'"{key}": {json.dumps(data[key])}', f'"{key}": {number}', 1)
    if draw(st.booleans()):
        data = json.loads(draw(st.sampled_from(SESSION_SAVES)))
        return json.dumps(data).replace(str(data["bot_seed"]), number, 1)
    return number


@st.composite
def mutated_saves(draw: st.DrawFn) -> str:
    """A real save (game or session) with characters deleted, inserted, replaced or repeated; or its
    moves shuffled, cut or extended and resealed."""
    text = draw(st.sampled_from(GAME_SAVES + SESSION_SAVES))
    kind = draw(st.sampled_from(["delete", "insert", "replace", "repeat", "moves"]))
    at = draw(st.integers(0, len(text)))
    if kind == "delete":
        return text[:at] + text[at + draw(st.integers(1, 50)):]
    if kind == "insert":
        return text[:at] + draw(st.text(max_size=20)) + text[at:]
    if kind == "replace":
        return text[:at] + draw(st.sampled_from('"\\[]{}:,0aé\x00')) + text[at + 1:]
    if kind == "repeat":
        return text[:at] + text[at:at + 40] * draw(st.integers(2, 30_000)) + text[at + 40:]
    data = json.loads(draw(st.sampled_from(GAME_SAVES)))
    moves = data["moves"]
    hand = draw(st.integers(0, len(moves) - 1))
    move_texts = moves[hand]
    change = draw(st.sampled_from(["shuffle", "cut", "extend", "swap hands"]))
    if change == "shuffle":
        draw(st.randoms()).shuffle(move_texts)
    elif change == "cut":
        del move_texts[draw(st.integers(0, len(move_texts))):]
    elif change == "extend":
        move_texts += draw(st.lists(st.sampled_from(["out", "pass", "end", "7H to own 7", "discard KS",
                                                      "JD to opp 3", "~", "x" * 10_000]), max_size=5))
    else:
        moves.reverse()
    return reseal(data)


HOSTILE_TEXTS = {
    "any_text": st.text(),
    "deep_nesting_refused_before_parsing": nested_texts(),
    "wrong_types_in_every_field": wrong_fields(),
    "huge_numbers": huge_numbers(),
    "mutated_real_saves": mutated_saves(),
}


@pytest.mark.parametrize("texts", list(HOSTILE_TEXTS.values()), ids=list(HOSTILE_TEXTS))
@HOSTILE
@given(data=st.data())
def test_hostile_text_is_a_game_or_a_save_error(texts: st.SearchStrategy[str], data: st.DataObject) -> None:
    every_restorer(data.draw(texts))


@pytest.mark.parametrize("value", [None, 7, 1.5, ["[]"], {"text": "{}"}, b"{}"], ids=repr)
def test_a_save_that_is_not_text_is_a_save_error(value: object) -> None:
    """The bridge passes whatever JSON it got as ``text``: a non-string is a SaveError too."""
    with pytest.raises(SaveError, match="not text"):
        Game.restore(value)  # type: ignore[arg-type]
    with pytest.raises(SaveError, match="not text"):
        Session.restore(value)  # type: ignore[arg-type]
    if not isinstance(value, bytes):
        restore_request(value)


def test_the_issue_saves_are_refused_with_a_clear_error() -> None:
    """Failure 1 (``"[".repeat(200000)``) and failure 2 (3.1 million characters) of issue 11."""
    with pytest.raises(SaveError, match="nested more than 8 levels deep"):
        Session.restore("[" * 200_000)
    padded = SESSION_SAVES[0][:-1] + " " * 3_100_000 + "}"
    assert json.loads(padded)  # valid JSON: only its length is wrong
    with pytest.raises(SaveError, match=r"3,1\d\d,\d\d\d characters long; a save has at most 1,000,000"):
        Session.restore(padded)
    answer = json.loads(handle(json.dumps({"method": "restore", "args": {"text": padded}})))
    assert answer["kind"] == "corrupt_save" and "characters long" in answer["error"]


def test_limits_are_generous_for_real_saves_and_exported() -> None:
    """The longest real save (50 hands of `running`, nobody going out) is far below the size limit;
    real saves nest 3 deep; the bridge reports the limits the page must check."""
    game = Game("running", hands=50, seed=1)
    rng = random.Random(1)
    while True:
        while not game.state.over:
            moves = [m for m in game.state.legal_moves() if str(m) != "out"] or game.state.legal_moves()
            game.apply(rng.choice(moves))
        if game.is_over:
            break
        game.next_hand()
    text = Session(game, "random", -(2**63)).save()
    assert len(text) * 5 < MAX_SAVE_CHARS
    assert check_save_text(text) == text and Session.restore(text).game.is_over
    assert nesting_depth(game.save()) == 3 and nesting_depth(text) == 1
    limits = {"save_chars": MAX_SAVE_CHARS, "save_depth": MAX_SAVE_DEPTH}
    assert json.loads(handle('{"method": "limits"}'))["result"] == limits
    assert json.loads(handle('{"method": "levels"}'))["result"]["limits"] == limits


@pytest.mark.parametrize(
    ("text", "depth"),
    [("", 0), ("1", 0), ("[]", 1), ('{"a": [1, {"b": []}]}', 4), ('["[[[", "\\"[["]', 1),
     ('"unclosed [[[', 0), ("[[[", 3), ("]]][[", 0), ('["a\\\\", [["b"]]]', 3)],
)
def test_nesting_depth_counts_brackets_outside_strings(text: str, depth: int) -> None:
    assert nesting_depth(text) == depth


def test_a_request_nested_too_deep_is_refused_not_crashed() -> None:
    """The bridge checks the request itself too: it never raises, even on a hostile request."""
    for request in ("[" * 300_000, '{"method": "restore", "args": ' * 50_000):
        answer = json.loads(handle(request))
        assert answer == {"ok": False, "kind": "bad_request", "error": answer["error"],
                          "msg": {"code": "request.too_deep", "params": {"max": MAX_REQUEST_DEPTH}}}
        assert "levels deep" in answer["error"]
