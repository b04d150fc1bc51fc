"""The same seed, the same computer moves on any machine: every computer player of the three games
decides from its seed and a counted amount of work, never from the clock.

A challenge link, a daily deal and a save's replay must be the same game on a slow phone and a
fast laptop. Each test plays the same game twice through the bridge (as the page does): once with
this machine's clock, once with a clock that runs ``SLOWER`` times too fast (every clock the
``time`` module offers), which is what a machine that many times slower looks like to the
engine; the computer's moves must be the same. ``SLOWER`` is a slow phone under Pyodide (about
12 times slower than CPython here, ``bench/bot_worst_move.py``) that is also busy (twice that).

Eleusis's players read no clock, but the worker builds their hypothesis spaces in slices of time
(``eleusis.prepare {slice_ms}``) so that other pages are answered in between: its test builds them
at once with this clock, then in many short slices with the fast clock, and checks the same moves.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from leopard_core.games.eleusis import hypotheses
from leopard_core.webapi import handle

SLOWER = 25
"""How many times slower than this machine the slowed clock makes it look."""

CLOCKS = ("process_time", "perf_counter", "monotonic", "time", "thread_time")
"""Every clock of the ``time`` module a computer player could read (each also as ``*_ns``)."""


def call(method: str, **args: Any) -> Any:
    """The bridge's result for one request of this test's own client, which must succeed."""
    answer = json.loads(handle(json.dumps({"method": method, "args": args, "client": "determinism"})))
    assert answer["ok"], answer
    return answer["result"]


def _scaled(real: Callable[[], Any], factor: int) -> Callable[[], Any]:
    start = real()
    return lambda: start + (real() - start) * factor


@pytest.fixture()
def slow_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on in the test, every clock of ``time`` runs ``SLOWER`` times too fast."""
    for name in CLOCKS:
        monkeypatch.setattr(time, name, _scaled(getattr(time, name), SLOWER))
        monkeypatch.setattr(time, f"{name}_ns", _scaled(getattr(time, f"{name}_ns"), SLOWER))


def test_the_slowed_clock_runs_fast(request: pytest.FixtureRequest) -> None:
    """The fixture does what the other tests rely on (a guard against a fixture that does nothing)."""
    names = [*CLOCKS, *(f"{name}_ns" for name in CLOCKS)]
    real = {name: getattr(time, name) for name in names}
    request.getfixturevalue("slow_machine")
    for name in names:
        fast_before, real_before = getattr(time, name)(), real[name]()
        sum(range(300_000))
        real_after, fast_after = real[name](), getattr(time, name)()
        assert fast_after - fast_before >= SLOWER * (real_after - real_before) > 0, name


def computer_moves_of(game: str, snap: dict[str, Any], count: int,
                      person: Callable[[dict[str, Any]], Any]) -> list[Any]:
    """The computer's moves (at most ``count``) of ``game`` (``leopard`` or ``hunt``) from ``snap``,
    the person playing ``person(snapshot)`` on their turns."""
    moves: list[Any] = []
    while len(moves) < count and not snap["over"]:
        if snap["bot_to_move"]:
            answer = call(f"{game}.bot_move")
            moves.append(answer["move"])
            snap = answer["snapshot"]
        else:
            snap = call(f"{game}.play", move=person(snap))
    return moves


# ---------------------------------------------------------------------- the card game
def card_game_moves(level: str, variant: str, computer_moves: int) -> list[Any]:
    """The computer's first moves of a challenge-like game (fixed seeds); the person plays the
    first legal move listed each time."""
    snap = call("leopard.new_game", seed=20261127, bot_seed=4242, level=level, variant=variant, hands=1)
    moves = computer_moves_of("leopard", snap, computer_moves, lambda snap: snap["legal_moves"][0])
    assert len(moves) == computer_moves, "the hand ended before the moves compared"
    return moves


@pytest.mark.parametrize(("level", "variant", "computer_moves"), [
    ("normal", "standard", 14),
    ("normal", "running", 10),
    ("hard", "standard", 4),
])
def test_the_card_games_computer_plays_the_same_moves_on_a_slow_machine(
        level: str, variant: str, computer_moves: int, request: pytest.FixtureRequest) -> None:
    on_this_machine = card_game_moves(level, variant, computer_moves)
    request.getfixturevalue("slow_machine")
    assert card_game_moves(level, variant, computer_moves) == on_this_machine


def test_the_card_games_hint_is_the_same_on_a_slow_machine(request: pytest.FixtureRequest) -> None:
    """The hint is the default level's move: the same on every machine too."""
    def hints() -> list[Any]:
        snap = call("leopard.new_game", seed=77, bot_seed=78, level="greedy", hands=1)
        found = []
        while len(found) < 6 and not snap["over"]:
            if snap["bot_to_move"]:
                snap = call("leopard.bot_move")["snapshot"]
                continue
            found.append(call("leopard.hint")["move"])
            snap = call("leopard.play", move=found[-1])
        return found

    on_this_machine = hints()
    request.getfixturevalue("slow_machine")
    assert hints() == on_this_machine


# ---------------------------------------------------------------------- Cows and Leopards
def hunt_moves(side: str, computer_moves: int) -> list[str]:
    """The computer's moves at the search level, at most ``computer_moves``; the person plays a
    legal move chosen by a seeded random generator."""
    person = random.Random(5)
    snap = call("hunt.new_game", side=side, level="search", seed=31)
    moves = computer_moves_of("hunt", snap, computer_moves, lambda snap: person.choice(snap["legal_moves"]))
    assert len(moves) >= 8, "the game is long enough to compare"
    return moves


@pytest.mark.parametrize("person", ["C", "L"])
def test_the_hunts_computer_plays_the_same_moves_on_a_slow_machine(
        person: str, request: pytest.FixtureRequest) -> None:
    on_this_machine = hunt_moves(person, 30)
    request.getfixturevalue("slow_machine")
    assert hunt_moves(person, 30) == on_this_machine


# ---------------------------------------------------------------------- Eleusis
LEVELS = ["novice", "scientist", "expert"]


def eleusis_moves(slice_ms: int | None, computer_moves: int) -> tuple[list[Any], int]:
    """The computer players' first moves (at most ``computer_moves``) of a fresh worker's game (no
    space built yet), with their spaces built at once (``slice_ms`` None) or in slices; and how many
    slices said "not ready"."""
    snap = call("eleusis.new", bots=3, levels=LEVELS, seed=8)
    waits = 0
    while not call("eleusis.prepare", **({} if slice_ms is None else {"slice_ms": slice_ms}))["ready"]:
        waits += 1
    moves: list[Any] = []
    while len(moves) < computer_moves and not snap["over"]:
        if snap["bot_to_move"]:
            answer = call("eleusis.bot_move")
            snap = answer.pop("snapshot")
            moves.append(answer)
        else:
            legal = snap["legal_moves"]
            snap = call("eleusis.move", move="pass" if "pass" in legal else legal[0])
    # (a hand may end sooner, on a guess: the same for both ways of building, if they decide alike)
    assert len(moves) >= 12, "the hand is long enough to compare"
    return [*moves, snap["log"], snap["sure"]], waits


def test_eleusis_players_play_the_same_moves_however_their_spaces_were_built(
        monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    monkeypatch.setattr(hypotheses, "_SPACES", {})  # a worker's first game: nothing built yet
    monkeypatch.setattr(hypotheses, "_UNDER_WAY", {})
    at_once, waits = eleusis_moves(None, 24)
    assert waits == 0
    monkeypatch.setattr(hypotheses, "_SPACES", {})
    monkeypatch.setattr(hypotheses, "_UNDER_WAY", {})
    request.getfixturevalue("slow_machine")
    in_slices, waits = eleusis_moves(1, 24)
    assert waits > 20, "the spaces were built in many slices"
    assert in_slices == at_once
