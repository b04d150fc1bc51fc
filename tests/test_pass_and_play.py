"""Pass-and-play through the web bridge: two people on one device (issue 13).

Glossary:
    mover    -- the seat to move (R1.4, R4); the other seat is "waiting".
    handover -- the snapshot while the hand-over screen is up: nothing private of either seat.
    revealed -- the mover said they hold the device: the snapshot is the mover's own view, with the
                identities of only the face-down cards the mover played (R3.3).

Every check compares the bridge's answers with the engine's full state (both hands, who played each
face-down card), never with another answer of the bridge.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import bridge_answer, bridge_result, rehide

from leopard_core.games.leopard.pass_and_play import MAX_NAME_CHARS, PassAndPlaySession
from leopard_core.games.leopard.session import Session
from leopard_core.platform.bridge import session_of

SEED = 4_503_599_627_370_449


answer, call = bridge_answer, bridge_result


def session() -> PassAndPlaySession:
    current = session_of("leopard")
    assert isinstance(current, PassAndPlaySession)
    return current


def string_lists(value: Any) -> Iterator[tuple[str, list[str]]]:
    """Every list of strings in a JSON-like value, with its path."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            stack.extend((f"{path}.{key}", sub) for key, sub in item.items())
        elif isinstance(item, list):
            if item and all(isinstance(sub, str) for sub in item):
                yield path, item
            stack.extend((f"{path}[{index}]", sub) for index, sub in enumerate(item))


def face_down_layers(snap: dict[str, Any], mover: int) -> Iterator[tuple[str, int, Any]]:
    """(shown card or None, seat that played it, real card) of every face-down layer on the table,
    from the engine's state; ``snap``'s sides are relative to ``mover``."""
    state = session().game.state
    for side, owner in (("own", mover), ("opp", 1 - mover)):
        for stack, layers in zip(state.stacks[owner], snap[side]["stacks"], strict=True):
            for (card, face_up, by), layer in zip(stack, layers, strict=True):
                if not face_up:
                    yield layer["card"], by, card


def check_private(snap: dict[str, Any]) -> None:
    """What a snapshot may show, judged from the engine's full state."""
    current = session()
    state = current.game.state
    names = list(current.names or ())
    assert snap["opponent"] == "human" and snap["names"] == names and snap["bot_to_move"] is False
    if state.over:
        mover = 0
        assert snap["handover"] is False and snap["to_move_name"] is None
    else:
        mover = state.to_move
        assert snap["to_move_name"] == names[mover]
        assert snap["players"] == {"own": names[mover], "opp": names[1 - mover]}
    waiting_hand = sorted(str(card) for card in state.hands[1 - mover])
    for path, strings in string_lists(snap):
        assert not (waiting_hand and sorted(strings) == waiting_hand), f"{path} is the waiting hand"
    if snap["handover"] or state.over:
        assert snap["hand"] == [] and snap["drawn"] == [] and snap["legal_moves"] == []
        for shown, _, _ in face_down_layers(snap, mover):
            assert shown is None, "a face-down card is named while nobody's hand is showing"
        for entry in snap["log"]:
            if entry["kind"] == "play" and entry["text"].startswith("~"):
                assert entry["card"] is None
        mover_hand = sorted(str(card) for card in state.hands[mover])
        for path, strings in string_lists(snap):
            assert not (mover_hand and sorted(strings) == mover_hand), f"{path} is the mover's hand"
    else:
        assert sorted(snap["hand"]) == sorted(str(card) for card in state.hands[mover])
        for shown, by, card in face_down_layers(snap, mover):
            assert shown == (str(card) if by == mover else None), "R3.3: only the mover's own face-down cards"


def scrambled_waiting_seat(original: PassAndPlaySession, rng: random.Random) -> PassAndPlaySession:
    """The same session with everything the waiting seat hides changed (its hand and the stock
    dealt anew from their own cards, its face-down cards swapped for other J/Q)."""
    other = copy.deepcopy(original)
    rehide(other.game.state, 1 - other.game.state.to_move, rng)
    return other


@pytest.mark.parametrize("variant", ["standard", "classic", "running"])
def test_a_whole_game_shows_each_player_only_their_own_cards(variant: str) -> None:
    rng = random.Random(variant)
    snap = call("new_game", opponent="human", names=["Ana", "Ben"], variant=variant, hands=2, seed=SEED)
    seen = {"handover": 0, "revealed": 0, "restored": 0, "scrambled": 0, "own_face_down": 0}
    for _ in range(2000):
        check_private(snap)
        if snap["game"]["over"]:
            break
        if snap["over"]:
            snap = call("next_hand")
            assert snap["handover"], "a new hand starts at the hand-over screen"
            continue
        if snap["handover"]:
            seen["handover"] += 1
            refused = answer("play", move="pass")
            assert not refused["ok"] and "pass the device" in refused["error"]
            snap = call("reveal")
            continue
        seen["revealed"] += 1
        shown_down = [layer for layer, _, _ in face_down_layers(snap, session().mover or 0)]
        seen["own_face_down"] += any(layer is not None for layer in shown_down)
        if rng.random() < 0.1:
            # Change everything the waiting player hides: the mover's snapshot must not change.
            assert scrambled_waiting_seat(session(), rng).snapshot() == snap
            seen["scrambled"] += 1
        assert not answer("bot_move")["ok"]
        mover = session().mover
        snap = call("play", move=rng.choice(snap["legal_moves"]))
        if session().mover != mover and session().mover is not None:
            assert snap["handover"], "the device is passed on after every completed turn"
        if rng.random() < 0.05:
            snap = call("restore", text=call("save")["text"])
            seen["restored"] += 1
            assert snap["handover"] or snap["over"], "a restored game never opens on a hand"
    assert snap["game"]["over"]
    assert all(seen.values()), seen


def test_the_checks_can_fail() -> None:
    """The helpers notice the waiting hand, a named face-down card and a changed hidden card."""
    snap = call("new_game", opponent="human", names=["Ana", "Ben"], hands=1, seed=SEED)
    snap = call("reveal")
    waiting = 1 - session().game.state.to_move
    with pytest.raises(AssertionError):
        check_private({**snap, "peek": [str(card) for card in session().game.state.hands[waiting]]})
    with pytest.raises(AssertionError):
        check_private({**snap, "hand": []})
    other = scrambled_waiting_seat(session(), random.Random(1))
    assert other.game.state.hands[waiting] != session().game.state.hands[waiting]
    other.revealed = False
    assert other.snapshot() != snap, "the hand-over snapshot differs from the revealed one"


def test_save_restore_round_trip_keeps_names_and_mode() -> None:
    call("new_game", opponent="human", names=[" Ana  María ", "Ben"], variant="running", hands=3, seed=SEED)
    call("reveal")
    call("play", move=str(session().game.state.legal_moves()[0]))
    text = call("save")["text"]
    data = json.loads(text)
    assert data["version"] == 3 and data["opponent"] == "human" and data["names"] == ["Ana María", "Ben"]
    restored = Session.restore(text)
    assert isinstance(restored, PassAndPlaySession) and restored.save() == text
    assert restored.revealed is False and restored.snapshot()["handover"] is True
    assert call("compare_save", text=text)["relation"] == "same"
    computer = Session.new("running", "random", hands=3, seed=SEED, bot_seed=0)
    assert call("compare_save", text=computer.save())["relation"] == "other_game"


def test_older_saves_still_load_as_games_against_the_computer() -> None:
    text = Session.new("standard", "random", hands=1, seed=SEED, bot_seed=5).save()
    data = json.loads(text)
    del data["opponent"], data["names"]
    for version in (1, 2):
        old = Session.restore(json.dumps({**data, "version": version}))
        assert type(old) is Session and old.opponent == "computer" and old.names is None
        assert old.snapshot()["opponent"] == "computer" and old.snapshot()["handover"] is False


@pytest.mark.parametrize("change", [
    {"names": ["Ana", "Ana"]}, {"names": ["Ana", "  ana "]}, {"names": [" Ana", "Ben"]},
    {"names": None}, {"opponent": "robot"}, {"opponent": "computer"}, {"tutorial": True},
])
def test_tampered_pass_and_play_saves_are_refused(change: dict[str, Any]) -> None:
    data = json.loads(PassAndPlaySession.new("standard", hands=1, seed=SEED, names=["Ana", "Ben"]).save())
    reply = answer("restore", text=json.dumps({**data, **change}))
    assert not reply["ok"] and reply["kind"] == "corrupt_save", reply


@pytest.mark.parametrize(("names", "words"), [
    ("Ana", "list of two"), (["Ana"], "list of two"), (["A", "B", "C"], "list of two"),
    ([1, "Ben"], "not text"), (["Ana", "x" * (MAX_NAME_CHARS + 1)], f"at most {MAX_NAME_CHARS}"),
    (["An\x00a", "Ben"], "control"), (["Ana\u200b", "Ben"], "invisible"), (["Ana", "ANA"], "different"),
    (["", "Player 1"], "different"),
])
def test_bad_names_are_refused_with_a_clear_message(names: Any, words: str) -> None:
    call("new_game", opponent="human", names=["Old", "Game"], hands=1, seed=SEED)
    reply = answer("new_game", opponent="human", names=names, hands=1)
    assert not reply["ok"] and reply["kind"] == "bad_request" and words in reply["error"], reply
    assert session().names == ("Old", "Game"), "a refused new game leaves the game in play alone"


def test_names_default_trim_and_fit() -> None:
    assert call("new_game", opponent="human")["names"] == ["Player 1", "Player 2"]
    longest = "é" * MAX_NAME_CHARS
    assert call("new_game", opponent="human", names=["  Ana\t ", longest])["names"] == ["Ana", longest]
    assert call("new_game", opponent="human", names=["", None])["names"] == ["Player 1", "Player 2"]
    for bad in ({"opponent": "robot"}, {"names": ["Ana", "Ben"]}):
        assert not answer("new_game", **bad)["ok"]


def play_until(predicate: Any, limit: int = 400) -> dict[str, Any]:
    """Reveal and play the first legal move until ``predicate(snapshot)`` holds."""
    snap = call("snapshot")
    for _ in range(limit):
        if predicate(snap):
            return snap
        snap = call("reveal") if snap["handover"] else call("play", move=snap["legal_moves"][0])
    raise AssertionError("never reached")


def test_undo_takes_back_only_the_movers_own_turn_in_running_leopard() -> None:
    call("new_game", opponent="human", names=["Ana", "Ben"], variant="running", hands=1, seed=SEED)
    # R8: a running turn may play several cards; find a turn in which a card was played and the
    # player may go on (a choice stands to be taken back).
    snap = play_until(lambda s: not s["handover"] and s["plays_this_turn"] > 0 and s["can_undo"])
    mover = session().mover
    history = list(session().game.state.history)
    undone = call("undo")
    assert session().mover == mover and not undone["handover"]
    kept = session().game.state.history
    assert kept == history[:len(kept)] and len(kept) < len(history)
    assert all(seat == mover for seat, _ in history[len(kept):])
    assert undone["undo_used"] and undone["game"]["undo_used"]
    # Finish the turn: the next player may not take back anything of the turn before theirs.
    snap = play_until(lambda s: s["handover"])
    assert snap["can_undo"] is False
    snap = call("reveal")
    assert snap["can_undo"] is False and not answer("undo")["ok"]


def test_undo_in_standard_leopard_never_crosses_a_hand_over() -> None:
    call("new_game", opponent="human", names=["Ana", "Ben"], hands=1, seed=SEED)
    for _ in range(30):
        snap = play_until(lambda s: not s["handover"])
        assert snap["can_undo"] is False, "a standard turn is one move: nothing of this turn to take back"
        reply = answer("undo")
        assert not reply["ok"] and "this turn" in reply["error"]
        call("play", move=snap["legal_moves"][0])
        if session().game.state.over:
            break


def test_hints_follow_the_player_at_the_device_and_stats_refuse_the_game() -> None:
    call("new_game", opponent="human", names=["Ana", "Ben"], hands=1, seed=SEED)
    assert not answer("hint")["ok"], "no hint while the hand-over screen is up"
    for _ in range(2):
        snap = call("reveal")
        hint = call("hint")
        assert hint["move"] in snap["legal_moves"]
        call("play", move=hint["move"])
    assert call("snapshot")["hints_used"]
    snap = play_until(lambda s: s["over"])
    reply = answer("game_record")
    assert not reply["ok"] and "statistics" in reply["error"]
    assert snap["players"] == {"own": "Ana", "opp": "Ben"}, "the end of a hand is shown from seat 0"


# ------------------------------------------------------------------ with challenges and daily deals
def test_a_game_between_two_people_is_no_challenge_and_gives_out_no_seeds() -> None:
    call("new_game", opponent="human", names=["Ana", "Ben"], seed=SEED)
    for method in ("challenge_link", "share_seed"):
        reply = answer(method)
        assert not reply["ok"] and "two people" in reply["error"], reply


def test_a_game_between_two_people_cannot_claim_a_daily_or_challenge_origin() -> None:
    origin = {"kind": "challenge", "by": "Ana", "own": None, "opp": None}
    reply = answer("new_game", opponent="human", names=["Ana", "Ben"], origin=origin)
    assert not reply["ok"] and "against the computer" in reply["error"], reply
    call("new_game", opponent="human", names=["Ana", "Ben"], seed=SEED)
    data = json.loads(call("save")["text"])
    data["origin"] = origin
    reply = answer("restore", text=json.dumps(data))
    assert not reply["ok"] and reply["kind"] == "corrupt_save" and "two people" in reply["error"], reply
