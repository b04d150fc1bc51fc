"""Undo (issue 10): taking back the person's last move replays the hand without it, same seeds.

The expected states are built independently of ``Session.undo``: a fresh game with the same
seed is given the first moves of the recorded history, and the test itself decides where the
cut falls (before the person's k-th last move that had more than one legal choice).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leopard_core.games.leopard.errors import LeopardError, SaveError
from leopard_core.games.leopard.game import Game
from leopard_core.games.leopard.session import HUMAN, Session
from leopard_core.games.leopard.state import HandState
from leopard_core.webapi import handle

VARIANTS = ["standard", "classic", "running"]


def hidden_state(state: HandState) -> dict[str, Any]:
    """Everything a hand holds, hidden parts included."""
    return {
        "hands": [list(h) for h in state.hands], "stacks": [[list(s) for s in seat] for seat in state.stacks],
        "tops": [list(t) for t in state.tops], "values": list(state.values), "stock": list(state.stock),
        "discards": list(state.discards), "dealer": state.dealer, "to_move": state.to_move,
        "plays": state.plays_this_turn, "drawn": list(state.drawn), "over": state.over,
        "end": state.end_reason, "went_out": state.went_out, "history": list(state.history),
    }


def play_session(session: Session, person_moves: int, chooser: random.Random) -> list[int]:
    """Play until the person has made ``person_moves`` moves or the hand ends; the indices (in
    the hand's history) of the person's moves that were choices (more than one legal move)."""
    choices: list[int] = []
    made = 0
    while not session.game.state.over and made < person_moves:
        snap = session.snapshot()
        if snap["bot_to_move"]:
            session.bot_move()
            continue
        legal = snap["legal_moves"]
        if len(legal) > 1:
            choices.append(len(session.game.state.history))
        session.play(chooser.choice(legal))
        made += 1
    return choices


@given(
    variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6), bot_seed=st.integers(0, 10**6),
    n=st.integers(1, 30), k=st.integers(1, 4),
)
def test_undo_k_after_n_equals_replaying_the_first_moves(
    variant: str, seed: int, bot_seed: int, n: int, k: int
) -> None:
    session = Session.new(variant, "greedy", hands=2, seed=seed, bot_seed=bot_seed)
    choices = play_session(session, n, random.Random(seed))
    original = [m for _, m in session.game.state.history]
    saved = session.save()
    k = min(k, len(choices))
    for _ in range(k):
        session.undo()
    cut = choices[len(choices) - k] if k else len(original)
    expected = Game(variant, hands=2, seed=seed)
    for move in original[:cut]:
        expected.apply(move)
    assert hidden_state(session.game.state) == hidden_state(expected.state)
    for seat in (0, 1):
        assert session.game.view(seat) == expected.view(seat)
    assert session.undo_used == (k > 0)
    # The draws and the computer's replies are the same when the same moves are made again.
    redo = Session.restore(session.save())
    for index in range(cut, len(original)):
        if redo.game.state.to_move == HUMAN:
            redo.play(str(original[index]))
        else:
            redo.bot_move()
            assert redo.game.state.history[-1][1] == original[index]
    assert hidden_state(redo.game.state) == hidden_state(Session.restore(saved).game.state)
    # A restored save undoes the same way.
    restored = Session.restore(saved)
    for _ in range(k):
        restored.undo()
    assert hidden_state(restored.game.state) == hidden_state(session.game.state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_nothing_to_undo_at_the_start_of_a_hand(variant: str) -> None:
    for seed in range(6):
        session = Session.new(variant, "random", hands=2, seed=seed, bot_seed=seed)
        while session.snapshot()["bot_to_move"]:
            session.bot_move()
        assert session.snapshot()["can_undo"] is False
        before = session.save()
        with pytest.raises(LeopardError, match="nothing to undo"):
            session.undo()
        assert session.save() == before


def test_undo_in_the_second_hand_stays_in_that_hand() -> None:
    session = Session.new("standard", "random", hands=2, seed=5, bot_seed=5)
    chooser = random.Random(5)
    play_session(session, 500, chooser)
    session.next_hand()
    while session.snapshot()["bot_to_move"]:
        session.bot_move()
    first_hand = hidden_state(session.game.hands[0])
    with pytest.raises(LeopardError, match="nothing to undo"):
        session.undo()
    choices = play_session(session, 3, chooser)
    while len(choices) > 0:
        session.undo()
        choices.pop()
    assert hidden_state(session.game.hands[0]) == first_hand
    assert session.game.hand_number == 2 and not session.snapshot()["can_undo"]


def test_undo_after_a_hand_ends_reopens_it_when_the_game_goes_on() -> None:
    session = Session.new("classic", "random", hands=2, seed=12, bot_seed=12)
    choices = play_session(session, 500, random.Random(12))
    assert session.game.state.over and not session.game.is_over
    history = list(session.game.state.history)
    session.undo()
    assert not session.game.state.over
    assert session.game.state.history == history[: choices[-1]]


def test_undo_refused_once_the_game_is_finished() -> None:
    session = Session.new("running", "random", hands=1, seed=6, bot_seed=6)
    play_session(session, 500, random.Random(6))
    assert session.game.is_over and not session.snapshot()["can_undo"]
    before = session.save()
    with pytest.raises(LeopardError, match="result stands"):
        session.undo()
    assert session.save() == before


def test_undo_turned_off_is_refused_and_changes_nothing() -> None:
    session = Session.new("standard", "random", hands=1, seed=3, bot_seed=3, undo_allowed=False)
    play_session(session, 2, random.Random(3))
    snap = session.snapshot()
    assert snap["undo_allowed"] is False and snap["can_undo"] is False
    before = session.save()
    with pytest.raises(LeopardError, match="turned off"):
        session.undo()
    assert session.save() == before
    session.set_options(undo_allowed=True)
    assert session.snapshot()["can_undo"] is True


def test_undo_flag_is_saved_and_shown_on_the_score_sheet() -> None:
    session = Session.new("classic", "random", hands=1, seed=8, bot_seed=8)
    play_session(session, 2, random.Random(8))
    assert session.snapshot()["game"]["undo_used"] is False
    session.undo()
    snap = Session.restore(session.save()).snapshot()
    assert snap["undo_used"] is True and snap["game"]["undo_used"] is True


def test_old_saves_without_flags_restore_and_bad_flags_are_refused() -> None:
    session = Session.new("standard", "random", hands=1, seed=2, bot_seed=2)
    data = json.loads(session.save())
    for key in ("undo_allowed", "undo_used", "hints_used"):
        del data[key]
    restored = Session.restore(json.dumps(data))
    assert (restored.undo_allowed, restored.undo_used, restored.hints_used) == (True, False, False)
    data["undo_used"] = "yes"
    with pytest.raises(SaveError):
        Session.restore(json.dumps(data))


def test_webapi_undo_and_options() -> None:
    def call(method: str, **args: Any) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(handle(json.dumps({"method": method, "args": args})))
        return answer

    snap = call("new_game", seed=4, bot_seed=4, hands=1, level="random")["result"]
    while snap["bot_to_move"]:
        snap = call("bot_move")["result"]["snapshot"]
    refused = call("undo")
    assert refused["ok"] is False and "nothing to undo" in refused["error"]
    before = snap
    snap = call("play", move=snap["legal_moves"][-1])["result"]
    assert snap["can_undo"] is True
    undone = call("undo")["result"]
    assert undone["hand"] == before["hand"] and undone["log"] == before["log"]
    assert undone["undo_used"] is True
    assert call("options", undo_allowed=False)["result"]["can_undo"] is False
    assert call("options", undo_allowed="no")["ok"] is False
    assert call("new_game", undo_allowed=1)["ok"] is False


def test_undo_keeps_the_revision_growing_and_an_earlier_save_is_older() -> None:
    session = Session.new("standard", "random", hands=1, seed=14, bot_seed=14)
    play_session(session, 3, random.Random(14))
    before = session.save()
    revision = session.revision
    session.undo()
    assert session.revision == revision + 1
    assert Session.restore(session.save()).revision == session.revision
    assert session.compare_save(before)["relation"] == "older"
    assert session.compare_save(session.save())["relation"] == "same"
