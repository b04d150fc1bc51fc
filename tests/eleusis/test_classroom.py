"""A classroom game (E16): several people on one device against the computer dealer. Every answer
of the bridge carries only the hand of the person at the device, never another person's; a person's
turn begins with the hand-over (no hand at all) until ``reveal``; saves keep the people and restore
to a hand-over; old one-person saves still load."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import bridge_answer as call
from conftest import bridge_result as ok

from leopard_core.games.eleusis.errors import EleusisError, IllegalMove, SaveError
from leopard_core.games.eleusis.moves import PASS, PROPHET, Move
from leopard_core.games.eleusis.session import EleusisSession

NAMES = ["Ana", "Ben", "Cleo"]


def hands_of(session: EleusisSession) -> dict[int, list[str]]:
    """Each seat's cards now, from the table itself (what the answers must not leak)."""
    table = session.table
    return {seat: [str(c) for c in table.held(seat)] for seat in range(table.seats())}


def play_classroom_hand(args: dict[str, Any], limit: int = 3000) -> list[dict[str, Any]]:
    """A classroom hand through the bridge: each person reveals, then plays their first listed
    move (declining guesses and the prophet), the computer players move; every answer is kept with
    the table's true hands at that moment."""
    snap = ok("eleusis.new", **args)
    seen = []
    for _ in range(limit):
        seen.append(snap)
        if snap["over"]:
            return seen
        if snap["handover"]:
            snap = ok("eleusis.reveal")
        elif snap["bot_to_move"]:
            snap = ok("eleusis.bot_move")["snapshot"]
        else:
            moves = snap["legal_moves"]
            snap = ok("eleusis.move", move="pass" if "pass" in moves else moves[0])
    raise AssertionError("the hand did not end")


def test_a_new_classroom_game_starts_at_the_hand_over_with_no_hand() -> None:
    snap = ok("eleusis.new", people=["  Ana ", "", "Cleo"], bots=1, seed=4)
    assert snap["classroom"] and snap["handover"] and snap["to_move"] == 0
    assert snap["names"] == ["Ana", "Player 2", "Cleo", None]
    assert snap["to_move_name"] == "Ana"
    assert snap["hand"] == [] and snap["legal_moves"] == [] and snap["person"] is None
    assert snap["levels"] == [None, None, None, "scientist"]


def test_reveal_shows_only_the_movers_hand_and_a_move_hands_over() -> None:
    session = EleusisSession.new({"people": NAMES, "bots": 0, "seed": 11, "game": "express"})
    hidden = session.snapshot()
    assert hidden["handover"] and hidden["hand"] == []
    with pytest.raises(EleusisError, match="pass the device to Ana first"):
        session.persons_move(_first_play(session))
    shown = session.reveal()
    assert shown["person"] == 0 and shown["hand"] == hands_of(session)[0] and not shown["handover"]
    after = session.persons_move(_first_play(session))
    if after["phase"] == "guess":  # a right card: Ana may guess before Ben's turn
        assert after["hand"] == hands_of(session)[0]
        after = session.persons_move(PASS)
    assert after["to_move"] == 1 and after["handover"] and after["to_move_name"] == "Ben"
    assert after["hand"] == [] and after["legal_moves"] == []


def _first_play(session: EleusisSession) -> Move:
    return Move.parse(session.table.legal_moves()[0])


@pytest.mark.parametrize("game, seed", [("express", 5), ("eleusis", 3)])
def test_every_answer_of_a_whole_hand_holds_only_the_movers_hand(game: str, seed: int) -> None:
    args = {"people": ["Ana", "Ben"], "bots": 2, "levels": ["novice", "novice"], "game": game,
            "difficulty": "easy", "seed": seed}
    seen = play_classroom_hand(args)
    assert seen[-1]["over"]
    people_moved = {s["person"] for s in seen if s["person"] is not None}
    assert people_moved == {0, 1}, "both people had turns"
    for snap in seen:
        if snap["over"]:
            assert snap["hand"] == [] and snap["person"] is None
            continue
        assert (snap["person"] is None) == (snap["handover"] or snap["bot_to_move"])
        if snap["person"] is None:
            assert snap["hand"] == [] and snap["legal_moves"] == []
        else:
            assert snap["person"] == snap["to_move"] and snap["levels"][snap["person"]] is None
            assert len(snap["hand"]) == snap["hand_counts"][snap["person"]]
        assert snap["rule"] is None


def test_no_answer_holds_another_persons_cards() -> None:
    """The answers, compared with the table while the game is played through the session itself:
    everything but ``hand`` and ``legal_moves`` is what a spectator sees (``view(None)``, E14.1),
    and the hand is the true hand of the person to move, or none."""
    session = EleusisSession.new({"people": ["Ana", "Ben"], "bots": 1, "game": "express",
                                  "difficulty": "easy", "levels": ["novice"], "seed": 9})
    shown_to = set()
    for _ in range(3000):
        snap = session.snapshot()
        if snap["over"]:
            break
        public = session.table.view(None)
        for key, value in public.items():
            if key not in ("hand", "legal_moves", "seat"):
                assert snap[key] == value, key
        person = snap["person"]
        if person is None:
            assert snap["hand"] == [] and snap["legal_moves"] == []
        else:
            assert person == session.table.to_move() and session.is_person(person)
            assert snap["hand"] == hands_of(session)[person]
            shown_to.add(person)
        if snap["handover"]:
            session.reveal()
        elif snap["bot_to_move"]:
            session.bot_move()
        else:
            moves = snap["legal_moves"]
            session.persons_move(PASS if "pass" in moves else Move.parse(moves[0]))
    assert session.table.over and shown_to == {0, 1}


def test_a_classroom_save_restores_to_a_hand_over_and_plays_on() -> None:
    args = {"people": ["Ana", "Ben"], "bots": 1, "levels": ["novice"], "game": "express",
            "difficulty": "easy", "seed": 2}
    ok("eleusis.new", **args)
    ok("eleusis.reveal")
    shown = ok("eleusis.state")
    text = ok("eleusis.save")["text"]
    assert json.loads(text)["names"] == ["Ana", "Ben"]
    restored = ok("eleusis.restore", text=text)
    assert restored["classroom"] and restored["handover"] and restored["hand"] == []
    assert restored["mainline"] == shown["mainline"] and restored["names"] == shown["names"]
    again = ok("eleusis.reveal")
    assert again["hand"] == shown["hand"]
    session = EleusisSession.restore(text)
    assert session.save() == text


def test_an_old_one_person_save_still_loads_as_one_person() -> None:
    session = EleusisSession.new({"bots": 2, "seed": 3})
    data = json.loads(session.save())
    assert "names" not in data
    snap = EleusisSession.restore(json.dumps(data)).snapshot()
    assert not snap["classroom"] and not snap["handover"] and snap["person"] == 0 and len(snap["hand"]) == 12


@pytest.mark.parametrize("names", [["Ana", "Ana"], ["Ana"], "Ana,Ben", ["Ana", 3]])
def test_a_save_with_bad_names_is_refused(names: Any) -> None:
    session = EleusisSession.new({"people": ["Ana", "Ben"], "bots": 1, "seed": 3})
    data = json.loads(session.save())
    data["names"] = names
    with pytest.raises(SaveError):
        EleusisSession.restore(json.dumps(data))


def test_a_save_whose_people_do_not_match_the_levels_is_refused() -> None:
    session = EleusisSession.new({"people": ["Ana", "Ben"], "bots": 1, "seed": 3})
    data = json.loads(session.save())
    data["names"] = ["Ana", "Ben", "Cleo"]
    with pytest.raises(SaveError):
        EleusisSession.restore(json.dumps(data))


@pytest.mark.parametrize("args, words", [
    ({"people": ["Ana", "Ben"], "bots": 0}, "make 2 players"),
    ({"people": ["A", "B", "C", "D", "E"], "bots": 2}, "make 7 players"),
    ({"people": ["Ana", "ana"], "bots": 1}, "two players are called"),
    ({"people": ["<b>", "Ben"], "bots": 1}, "is not a name"),
    ({"people": ["Ana"] * 6, "bots": 0}, "2 to 5 people"),
])
def test_bad_classroom_settings_are_refused_in_words(args: dict[str, Any], words: str) -> None:
    answer = call("eleusis.new", **args)
    assert not answer["ok"] and answer["kind"] == "bad_request" and words in answer["error"]


def test_reveal_is_refused_outside_a_persons_turn_of_a_classroom_game() -> None:
    ok("eleusis.new", bots=2, seed=3)
    answer = call("eleusis.reveal")
    assert not answer["ok"] and "no hand-over screen" in answer["error"]


def test_a_person_prophet_judges_after_the_hand_over() -> None:
    """E7.3, E16: Ana declares herself prophet; the next person's play waits for her judgement,
    which comes after a hand-over to her; the engine checks it (E7.4: a false prophet draws five)."""
    from leopard_core.games.eleusis.table import EleusisTable, Settings

    session = EleusisSession.new({"people": ["Ana", "Ben"], "bots": 1, "levels": ["novice"],
                                  "game": "eleusis", "seed": 5})
    session.table = EleusisTable.new(Settings("eleusis", 3), seed=5, rule="red")
    session.reveal()
    red = next(c for c in session.table.held(0) if c.colour == "red")
    snap = session.persons_move(Move.parse(f"play {red}"))
    assert snap["phase"] == "declare" and snap["person"] == 0
    snap = session.persons_move(PROPHET)
    assert snap["prophet"] == 0 and snap["handover"] and snap["to_move_name"] == "Ben"
    session.reveal()
    black = next(c for c in session.table.held(1) if c.colour == "black")
    snap = session.persons_move(Move.parse(f"play {black}"))
    assert snap["phase"] == "judge" and snap["handover"] and snap["to_move_name"] == "Ana"
    assert snap["hand"] == [] and snap["pending"]["cards"] == [str(black)]
    snap = session.reveal()
    assert snap["person"] == 0 and snap["legal_moves"] == ["judge right", "judge wrong"]
    held = snap["hand_counts"][0]
    snap = session.persons_move(Move.judge(True))  # wrong: black is not red
    assert snap["prophet"] is None and snap["hand_counts"][0] == held + 5


def test_a_classroom_game_takes_nothing_back_and_keeps_no_ones_record() -> None:
    """E18.5: once a person's turn ends the device may be in the next person's hands, so a pass is
    not taken back; and a classroom hand is nobody's own record in the statistics."""
    session = EleusisSession.new({"people": NAMES, "bots": 0, "seed": 11, "game": "express"})
    session.reveal()
    after = session.persons_move(_first_play(session))
    if after["phase"] == "guess":
        after = session.persons_move(PASS)  # the move a single person could take back
    assert after["undoable"] is False
    with pytest.raises(IllegalMove):
        session.undo()
    seen = play_classroom_hand({"people": ["Ana", "Ben"], "bots": 1, "levels": ["novice"],
                                "game": "express", "seed": 5})
    assert seen[-1]["over"] and seen[-1]["results"] and seen[-1]["records"] == []
