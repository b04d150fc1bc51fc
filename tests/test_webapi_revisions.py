"""The session save's revision and the two-tab comparison (issue 11, failure 7).

Glossary:
    tab        -- a ``Session`` restored from the stored save, as each browser tab holds one.
    step       -- one change of the game: the person's move, the computer's move or a new hand.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from leopard_core.games.leopard import SaveError
from leopard_core.games.leopard.session import SESSION_VERSION, STALE_RELATIONS, Session
from leopard_core.webapi import handle


def step(session: Session, choice: int = 0) -> dict[str, Any]:
    """One change of the game; returns the snapshot after it."""
    snap = session.snapshot()
    if snap["over"]:
        return session.next_hand()
    if snap["bot_to_move"]:
        return dict(session.bot_move()["snapshot"])
    moves = snap["legal_moves"]
    return session.play(moves[min(choice, len(moves) - 1)])


def call(method: str, **args: Any) -> Any:
    """The bridge's answer to one request; fails the test on an error answer."""
    answer = json.loads(handle(json.dumps({"method": method, "args": args})))
    assert answer["ok"], answer
    return answer["result"]


def version_1(session: Session) -> str:
    """The session save as the engine wrote it before revisions (version 1)."""
    data = json.loads(session.save())
    del data["revision"]
    data["version"] = 1
    return json.dumps(data)


def test_revision_grows_by_one_with_every_move_and_every_new_hand() -> None:
    session = Session.new("standard", "random", hands=2, seed=5, bot_seed=6)
    assert session.snapshot()["revision"] == 0
    moves = deals = 0
    while not (session.game.is_over):
        before = session.snapshot()
        snap = step(session)
        if before["over"]:
            deals += 1
        else:
            moves += 1
        assert snap["revision"] == before["revision"] + 1 == moves + deals
    assert deals == 1 and moves == sum(len(hand.history) for hand in session.game.hands)
    text = session.save()
    assert json.loads(text)["revision"] == moves + deals
    assert json.loads(text)["version"] == SESSION_VERSION == 3


def test_bridge_save_and_snapshot_carry_the_revision() -> None:
    snap = call("new_game", seed=3, bot_seed=4, hands=1, level="random")
    assert snap["revision"] == 0
    while snap["bot_to_move"]:
        snap = call("bot_move")["snapshot"]
    snap = call("play", move=snap["legal_moves"][0])
    saved = call("save")
    assert saved["revision"] == snap["revision"] == json.loads(saved["text"])["revision"] >= 1
    assert call("restore", text=saved["text"])["revision"] == saved["revision"]


def test_version_1_saves_still_load_with_their_revision_counted() -> None:
    session = Session.new("running", "random", hands=2, seed=8, bot_seed=9)
    for _ in range(11):
        step(session)
    old = version_1(session)
    restored = Session.restore(old)
    assert restored.revision == 11 and restored.snapshot() == session.snapshot()
    assert json.loads(restored.save()) == json.loads(session.save())  # saved again as the current version
    assert call("restore", text=old)["revision"] == 11


@pytest.mark.parametrize("revision", [10, 12, -1, "11", None, True])
def test_a_save_whose_revision_does_not_match_its_moves_is_refused(revision: object) -> None:
    session = Session.new("standard", "random", hands=2, seed=8, bot_seed=9)
    for _ in range(11):
        step(session)
    data = json.loads(session.save())
    data["revision"] = revision
    with pytest.raises(SaveError, match="revision"):
        Session.restore(json.dumps(data))


@pytest.mark.parametrize("version", [0, 4, True, "2", None])
def test_unknown_session_versions_are_refused(version: object) -> None:
    data = json.loads(Session.new(seed=1, bot_seed=1).save())
    data["version"] = version
    with pytest.raises(SaveError, match="version"):
        Session.restore(json.dumps(data))


def test_two_tabs_the_stale_one_is_told_and_an_older_save_is_safe_to_overwrite() -> None:
    """Both tabs load the stored save; one plays on and writes; the other must not overwrite."""
    start = Session.new("standard", "random", hands=2, seed=21, bot_seed=22)
    for _ in range(6):
        step(start)
    while start.snapshot()["bot_to_move"] or len(start.snapshot()["legal_moves"]) < 2:
        step(start)
    stored = start.save()
    tab_a, tab_b = Session.restore(stored), Session.restore(stored)
    assert tab_a.compare_save(stored) == {
        "relation": "same", "stale": False, "revision": start.revision, "stored_revision": start.revision}

    step(tab_b, choice=0)
    step(tab_b)
    stored = tab_b.save()  # tab B wrote first
    answer = tab_a.compare_save(stored)
    assert answer["relation"] == "newer" and answer["stale"] is True
    assert answer["stored_revision"] == answer["revision"] + 2

    step(tab_a, choice=1)  # tab A played another move from the same position
    assert tab_a.compare_save(stored)["relation"] == "diverged"
    assert tab_a.compare_save(stored)["stale"] is True

    tab_c = Session.restore(stored)  # a tab that reloaded the stored save plays on
    step(tab_c)
    answer = tab_c.compare_save(stored)
    assert answer == {"relation": "older", "stale": False, "revision": tab_b.revision + 1,
                      "stored_revision": tab_b.revision}

    other = Session.new("standard", "random", hands=2, seed=99, bot_seed=22).save()
    assert tab_c.compare_save(other)["relation"] == "other_game"
    assert tab_c.compare_save(other)["stale"] is True
    reseeded = Session.new("standard", "random", hands=2, seed=21, bot_seed=23).save()
    assert tab_c.compare_save(reseeded)["relation"] == "other_game"


def test_across_a_new_hand_the_comparison_still_holds() -> None:
    session = Session.new("classic", "random", hands=2, seed=4, bot_seed=4)
    while not session.snapshot()["over"]:
        step(session)
    end_of_hand = session.save()
    later = Session.restore(end_of_hand)
    step(later)  # the next hand is dealt
    assert later.compare_save(end_of_hand)["relation"] == "older"
    assert session.compare_save(later.save())["relation"] == "newer"
    assert session.compare_save(version_1(later))["relation"] == "newer"


@pytest.mark.parametrize("text", ["", "{", "[" * 100_000, None, 5, json.dumps({"format": "leopard-session"})])
def test_an_unreadable_stored_save_is_reported_not_raised(text: object) -> None:
    call("new_game", seed=1, bot_seed=1, hands=1)
    answer = call("compare_save", text=text)
    assert answer["relation"] == "unreadable" and answer["stale"] is False and answer["error"]
    assert answer["stored_revision"] is None


def test_bridge_compare_save_names_the_relation() -> None:
    snap = call("new_game", seed=30, bot_seed=31, hands=1, level="random")
    first = call("save")["text"]
    while snap["bot_to_move"]:
        snap = call("bot_move")["snapshot"]
    call("play", move=snap["legal_moves"][0])
    assert call("compare_save", text=first)["relation"] == "older"
    assert call("compare_save", text=call("save")["text"])["relation"] == "same"
    assert set(STALE_RELATIONS) == {"newer", "diverged", "other_game"}


def test_undo_raises_the_revision_and_the_save_before_it_is_older() -> None:
    """An undo takes moves back but never the revision: the save written before the undo is older,
    so the tab that undid may write over it, while another tab holding that old save is stale."""
    tab = Session.new("standard", "random", hands=1, seed=8, bot_seed=2)
    while tab.undo_point() is None or tab.snapshot()["bot_to_move"]:
        step(tab)
    for _ in range(3):
        step(tab)
    while tab.snapshot()["bot_to_move"]:
        step(tab)
    before = tab.save()
    revision = tab.revision
    other = Session.restore(before)
    tab.undo()
    assert tab.revision > revision
    assert tab.compare_save(before)["relation"] == "older"
    assert other.compare_save(tab.save())["stale"] is True
    restored = Session.restore(tab.save())
    assert restored.revision == tab.revision and restored.snapshot() == tab.snapshot()


def test_a_revision_that_does_not_fit_the_moves_is_refused() -> None:
    tab = Session.new("standard", "random", hands=1, seed=8, bot_seed=2)
    step(tab)
    data = json.loads(tab.save())
    for bad in (-1, data["revision"] + 1, "3", None, True):
        data["revision"] = bad
        with pytest.raises(SaveError):
            Session.restore(json.dumps(data))
