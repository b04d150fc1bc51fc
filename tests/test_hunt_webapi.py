"""The hunt's bridge methods, called through ``leopard_core.webapi.handle`` as the worker does."""

from __future__ import annotations

from conftest import bridge_answer, bridge_result
from hypothesis import given
from hypothesis import strategies as st

call, ok = bridge_answer, bridge_result


def test_new_game_as_leopards_and_the_opening_h3() -> None:
    snap = ok("hunt.new_game", side="L", level="greedy", seed=4)
    assert snap["person"] == "L" and snap["to_move"] == "L" and not snap["bot_to_move"]
    assert sorted(snap["placements"]) == sorted(["e5", "c3", "e3", "g3", "c5", "g5", "c7", "e7", "g7"])
    assert snap["cells"].count("C") == 8 and snap["reserve"] == 16 and snap["captured"] == 0
    snap = ok("hunt.play", move="e5")
    assert snap["bot_to_move"] and snap["last_move"] == "e5"
    reply = ok("hunt.bot_move")
    assert reply["snapshot"]["reserve"] == 15 and reply["move"] in ok("hunt.snapshot")["history"]


def test_cows_side_the_computer_opens_and_errors_are_kinds() -> None:
    snap = ok("hunt.new_game", side="C", level="random", seed=1)
    assert snap["bot_to_move"]
    answer = call("hunt.play", move="e5")
    assert not answer["ok"] and "computer's turn" in answer["error"]
    ok("hunt.bot_move")
    answer = call("hunt.play", move="d5-c5")     # H4.2: cows wait for the herd to be placed
    assert not answer["ok"] and answer["kind"] == "illegal_move" and "H4.2" in answer["reason"]
    assert call("hunt.play", move="zz")["kind"] == "bad_request"
    assert call("hunt.new_game", side="X")["kind"] == "bad_request"
    assert call("hunt.new_game", level="grandmaster")["kind"] == "bad_request"
    assert call("hunt.nothing")["kind"] == "bad_request"


def test_hop_by_hop_jump_entry_h5_3() -> None:
    # Leopards at e5 and c3 against the opening herd; cows placed away from them.
    ok("hunt.new_game", side="L", level="random", seed=2, compulsory_capture=True)
    ok("hunt.play", move="e5")
    session_moves = ["a3", "c3", "i3"]            # cow a3, leopard c3, cow i3 (by the bot below)
    ok("hunt.bot_move")
    snap = ok("hunt.snapshot")
    if snap["to_move"] == "L":
        ok("hunt.play", move=next(p for p in snap["placements"] if p not in session_moves))
        ok("hunt.bot_move")
    snap = ok("hunt.snapshot")
    jumps = [m for moves in snap["by_piece"].values() for m in moves if "x" in m]
    assert jumps, snap                            # e5 still threatens the ring
    first = jumps[0].split("x")
    step1 = ok("hunt.hops", path=first[:1])
    assert first[1] in step1["next"] and not step1["complete"]
    walk = first[:2]
    while True:
        hop = ok("hunt.hops", path=walk)
        if hop["complete"]:
            assert hop["move"] in snap["legal_moves"]
            break
        assert hop["next"]
        walk.append(hop["next"][0])
    assert call("hunt.hops", path=["q9"])["kind"] == "bad_request"


def test_save_restore_and_explain() -> None:
    ok("hunt.new_game", side="L", level="search", seed=9, compulsory_capture=False, move_limit=40)
    ok("hunt.play", move="e5")
    ok("hunt.bot_move")
    before = ok("hunt.snapshot")
    text = ok("hunt.save")["text"]
    ok("hunt.new_game", side="C", seed=1)
    again = ok("hunt.restore", text=text)
    assert again == before
    assert again["rules"] == {"compulsory_capture": False, "move_limit": 40}
    # the Leopards' second turn: the second leopard must be placed (H3.5), on an empty point
    assert ok("hunt.explain", move="e5-e7") == {
        "legal": False, "reason": "the leopards must place a leopard this turn (H3.3, H3.5)",
        "reason_msg": {"code": "hunt.illegal.must_place", "params": {}}, "rule": "H3.3"}
    assert ok("hunt.explain", move="e6") == {
        "legal": False, "reason": "e6 is not empty (H3.3, H3.5)",
        "reason_msg": {"code": "hunt.illegal.taken_leopard", "params": {"point": "e6"}}, "rule": "H3.3"}
    assert ok("hunt.explain", move=before["legal_moves"][0]) == {
        "legal": True, "reason": "", "reason_msg": None, "rule": None}


@given(st.text(max_size=120))
def test_any_restore_text_gives_a_game_or_corrupt_save(text: str) -> None:
    answer = call("hunt.restore", text=text)
    assert answer["ok"] or answer["kind"] == "corrupt_save"


def test_board_geometry_h2() -> None:
    board = ok("hunt.board")
    assert len(board["points"]) == 49 and len(board["lines"]) == 96
    assert {"e5", "e6"} in [set(line) for line in board["lines"]]
    assert sorted(board["opening"]) == sorted(["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"])


def test_the_card_game_bridge_still_answers() -> None:
    assert ok("levels")["default"] in ok("levels")["levels"]
