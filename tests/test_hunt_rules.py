"""Rule tests of the hunt game, citing docs/hunt-rules.md (H1-H8).

Expected values are written here from the rules page (point names, neighbour lists, move lists),
never computed by the engine under test.
"""

from __future__ import annotations

import pytest

from leopard_core.games.hunt import HuntRules, HuntState, IllegalMoveError, Move, NotationError
from leopard_core.games.hunt.board import JUMPS, NAMES, NEIGHBOURS, POINTS, point

# H2.3, written out by hand, top row first.
ROWS = [
    "c9 e9 g9", "d8 e8 f8", "a7 c7 d7 e7 f7 g7 i7", "b6 c6 d6 e6 f6 g6 h6",
    "a5 b5 c5 d5 e5 f5 g5 h5 i5", "b4 c4 d4 e4 f4 g4 h4", "a3 c3 d3 e3 f3 g3 i3", "d2 e2 f2", "c1 e1 g1",
]
ALL_NAMES = [name for row in ROWS for name in row.split()]


def position(cells: dict[str, str], side: str, reserve: int = 0, to_place: int = 0) -> str:
    """H8.6 position text from {point name: 'L' or 'C'}, in the hand-written reading order above."""
    text = "".join(cells.get(name, ".") for name in ALL_NAMES)
    return f"{text} {side} {reserve} {to_place}"


def cows_on(points: str) -> dict[str, str]:
    """{point: 'C'} for space-separated point names."""
    return {name: "C" for name in points.split()}


def names(moves: list[Move]) -> set[str]:
    """The moves as H8 text."""
    return {str(m) for m in moves}


def state_of(cells: dict[str, str], side: str, rules: HuntRules | None = None, **kw: int) -> HuntState:
    """A state from a hand-made position."""
    return HuntState.from_position(position(cells, side, **kw), rules)


# Thirteen cows far from the left triangle, so captured = 24 - 13 = 11 (H1.2).
TOP_HERD = cows_on("c9 e9 g9 d8 e8 f8 c7 d7 e7 f7 g7 e6 f6")


# ------------------------------------------------------------------ H2 the board


def test_h2_3_points_and_their_names() -> None:
    assert list(NAMES) == ALL_NAMES
    assert len(POINTS) == 49


def test_h2_2_lines_count_square_and_triangles() -> None:
    # square: 2 x 5 x 4 orthogonal + 16 diagonal; each triangle: 3 + 2 + 2 + 3 = 10 lines
    assert sum(len(n) for n in NEIGHBOURS) // 2 == 40 + 16 + 4 * 10


@pytest.mark.parametrize(("name", "expected"), [
    ("e5", "d4 e4 f4 d5 f5 d6 e6 f6"),        # centre: eight lines (H2.2)
    ("e4", "d4 f4 e3 e5"),                     # odd point: no diagonal
    ("d4", "c3 c4 c5 d3 d5 e3 e4 e5"),         # even point: diagonals
    ("e3", "d3 f3 e4 d4 f4 d2 e2 f2"),         # apex of the bottom triangle
    ("c5", "c4 c6 b5 d5 b4 b6 d4 d6"),         # apex of the left triangle
    ("a5", "a3 a7 b5"),                        # outer row of the left triangle
    ("c3", "c4 d3 d4"),                        # corner of the square
    ("d2", "e3 c1 e2"),
])
def test_h2_4_neighbours(name: str, expected: str) -> None:
    assert {NAMES[q] for q in NEIGHBOURS[point(name)]} == set(expected.split())


@pytest.mark.parametrize(("name", "expected"), [
    ("c1", {("d2", "e3"), ("e1", "g1")}),
    ("e5", {("d6", "c7"), ("e6", "e7"), ("f6", "g7"), ("d5", "c5"), ("f5", "g5"), ("d4", "c3"),
            ("e4", "e3"), ("f4", "g3")}),
    ("a5", {("b5", "c5")}),                    # no point beyond a3 or a7
    # g4-h4 and f3-f2 are no lines; f4-e3-d2 and f4-g5-h6 run on into the triangles
    ("f4", {("e4", "d4"), ("f5", "f6"), ("e3", "d2"), ("e5", "d6"), ("g5", "h6")}),
])
def test_h2_4_jumps_in_line(name: str, expected: set[tuple[str, str]]) -> None:
    assert {(NAMES[o], NAMES[t]) for o, t in JUMPS[point(name)]} == expected


# ------------------------------------------------------------------ H3 opening and placing


def test_h3_1_opening() -> None:
    state = HuntState.new()
    assert {NAMES[p] for p in state.cows()} == {"d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"}
    assert (state.reserve, state.leopards_to_place, state.captured, state.to_move) == (16, 2, 0, "L")


def test_h3_3_first_leopard_must_be_able_to_attack() -> None:
    state = HuntState.new()
    assert names(state.legal_moves()) == {"e5", "c3", "e3", "g3", "c5", "g5", "c7", "e7", "g7"}
    before = state.position
    with pytest.raises(IllegalMoveError, match=r"H3\.3"):
        state.apply("d3")
    assert state.position == before


def test_h3_4_h3_5_placing_order() -> None:
    state = HuntState.new().apply("e5")
    assert state.to_move == "C"
    assert len(state.legal_moves()) == 49 - 9 and all(m.kind == "place" for m in state.legal_moves())
    state.apply("c3")
    assert state.reserve == 15 and state.to_move == "L"
    with pytest.raises(IllegalMoveError, match=r"H3\.3, H3\.5"):   # second leopard first (H3.5)
        state.apply("e5xe7")
    assert names(state.legal_moves()) == {n for n in ALL_NAMES if n not in
                                          {"e5", "c3", "d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"}}
    state.apply("a3")
    assert state.leopards_to_place == 0 and state.to_move == "C"


def test_h3_6_leopards_move_while_cows_are_placed() -> None:
    state = HuntState.new().apply("e5").apply("c3").apply("a3").apply("c7")
    assert state.reserve == 14 and state.to_move == "L"
    assert all(m.kind == "jump" for m in state.legal_moves())   # H6.1: e5 can jump


# ------------------------------------------------------------------ H4 steps


def test_h4_2_cows_do_not_move_while_cows_remain_in_reserve() -> None:
    state = HuntState.new().apply("e5")
    with pytest.raises(IllegalMoveError, match=r"H4\.2"):
        state.apply("d5-c5")


def test_h4_1_steps_go_along_lines_to_empty_points() -> None:
    state = state_of({"a3": "L", "i3": "L", **TOP_HERD}, "C")
    steps = names(state.legal_moves())
    assert "c7-c6" in steps and "c7-b6" not in steps      # c7-b6: no line
    assert "e7-d6" in steps and "d7-c6" not in steps      # diagonal only at even points
    assert "e8-e7" not in steps                           # e7 occupied
    with pytest.raises(IllegalMoveError, match=r"H2\.4"):
        state.apply("d7-c6")


def test_h4_2_cows_never_jump() -> None:
    state = state_of({"a3": "L", "i3": "L", **TOP_HERD}, "C")
    assert all(m.kind == "step" for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="never jump"):
        state.apply("e6xe4")


# ------------------------------------------------------------------ H5 jumps


def test_h5_1_jump_needs_empty_point_behind() -> None:
    herd = dict(TOP_HERD)
    state = state_of({"e5": "L", "a3": "L", **herd}, "L")
    assert "e5xe7" not in names(state.legal_moves())      # e7 holds a cow (H5.1, seed 10)
    herd.pop("e7")
    herd["d5"] = "C"
    state = state_of({"e5": "L", "a3": "L", **herd}, "L")
    assert {"e5xe7", "e5xc5"} <= names(state.legal_moves())
    state.apply("e5xc5")
    assert state.board[point("d5")] == 0 and state.captured == 11 + 1
    assert state.over and state.winner == "L"   # that was the twelfth (H7.1)


def test_h5_2_no_jumping_leopards() -> None:
    far = cows_on("a3 a5 a7 b4 b5 b6 c1 e1 g1 d2 e2 f2 h4")
    state = state_of({"e5": "L", "e6": "L", **far}, "L")
    assert not any(str(m).startswith("e5xe7") for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match=r"H5\.1, H5\.2"):
        state.apply("e5xe7")


def test_h5_3_multiple_jumps_and_h6_1_compulsory_continuation() -> None:
    # Leopard on a5; cows on b5 (a5-b5-c5), d6 (c5-d6-e7), e8 (e7-e8-e9): the chain
    # a5xc5xe7xe9 captures three. Other cows sit where no leopard can reach them.
    # Eight cows in reserve: 24 - 13 - 8 = 3 captured, far from the twelfth.
    herd = cows_on("b5 d6 e8 c1 e1 g1 d2 e2 f2 g3 h4 h5 h6")
    state = state_of({"a5": "L", "i7": "L", **herd}, "L", reserve=8)
    # i7-h6-g5 is in line too (right triangle) and g5 is empty: the other leopard's jump.
    full = names(state.legal_moves())
    # after i7xg5, g5-h4-i3 and g5-h5-i5 are in line too: that leopard must go on as well
    assert full == {"a5xc5xe7xe9", "i7xg5xi3", "i7xg5xi5"}   # no prefix, no step (H6.1)
    assert all(m.kind == "jump" for m in state.legal_moves())
    optional = state_of({"a5": "L", "i7": "L", **herd}, "L", HuntRules(compulsory_capture=False), reserve=8)
    assert {"a5xc5", "a5xc5xe7", "a5xc5xe7xe9", "a5-a3", "a5-a7"} <= names(optional.legal_moves())
    with pytest.raises(IllegalMoveError, match=r"H6\.1"):
        state.apply("a5xc5")
    with pytest.raises(IllegalMoveError, match=r"H6\.1"):
        state.apply("a5-a3")
    state.apply("a5xc5xe7xe9")
    assert state.captured == 3 + 3 and {"b5", "d6", "e8"}.isdisjoint(NAMES[p] for p in state.cows())


def test_h5_3_captured_cow_cannot_be_jumped_twice() -> None:
    # Leopard at e5 with a single cow at e6: after e5xe7 the cow is gone; e7xe5 is no jump.
    herd = cows_on("e6 a3 a5 a7 b4 b6 c1 e1 g1 d2 f2 h4 h6")
    state = state_of({"e5": "L", "i5": "L", **herd}, "L")
    assert "e5xe7xe5" not in names(state.legal_moves())
    assert "e5xe7" in names(state.legal_moves())


# ------------------------------------------------------------------ H7 the end


def test_h7_1_twelfth_capture_wins_and_stops_the_sequence() -> None:
    # 13 cows on the board, none in reserve: 11 captured. The chain could take two more,
    # but the twelfth capture ends it (H5.4).
    herd = cows_on("b5 d6 c1 e1 g1 d2 e2 f2 g3 h4 h5 h6 c9")
    state = state_of({"a5": "L", "i7": "L", **herd}, "L")
    assert state.captured == 11
    assert "a5xc5" in names(state.legal_moves()) and "a5xc5xe7" not in names(state.legal_moves())
    state.apply("a5xc5")
    assert state.over and state.winner == "L" and "H7.1" in state.reason
    assert state.legal_moves() == []


def test_h7_2_cows_win_when_neither_leopard_can_move() -> None:
    # Leopards on the outer corners a3 and i3. a3's lines: a5, b4 (jumps to a7, c5);
    # i3's lines: i5, h4 (jumps to i7, g5). Everything filled but b4; five more cows far away.
    herd = cows_on("a5 a7 b5 c5 i5 i7 h4 g5 c9 e9 g9 d8 f8")
    state = state_of({"a3": "L", "i3": "L", **herd}, "C")
    assert not state.over
    state.apply("b5-b4")
    assert state.over and state.winner == "C" and "H7.2" in state.reason
    assert state.legal_moves() == []


def test_h7_4_threefold_repetition_draws() -> None:
    state = state_of({"a3": "L", "i3": "L", **TOP_HERD}, "L")
    moves = ["a3-a5", "d7-d6", "a5-a3", "d6-d7", "a3-a5", "d7-d6", "a5-a3"]
    for move in moves:
        state.apply(move)
        assert not state.over
    state.apply("d6-d7")      # the starting position for the third time
    assert state.over and state.winner is None and "H7.4" in state.reason


def test_h7_5_move_limit_draws() -> None:
    state = state_of({"a3": "L", "i3": "L", **TOP_HERD}, "L", HuntRules(move_limit=10))
    moves = ["a3-a5", "d7-d6", "a5-a7", "d6-d5", "a7-b6", "d5-d4", "b6-b5", "d4-d3", "b5-b4"]
    for move in moves:
        state.apply(move)
        assert not state.over
    state.apply("d3-c3")
    assert state.over and state.winner is None and "H7.5" in state.reason


# ------------------------------------------------------------------ H8 notation


@pytest.mark.parametrize(("text", "kind", "points"), [
    ("e5", "place", ["e5"]), (" E5-E6 ", "step", ["e5", "e6"]), ("e5xe7xc7", "jump", ["e5", "e7", "c7"]),
])
def test_h8_parse(text: str, kind: str, points: list[str]) -> None:
    move = Move.parse(text)
    assert move.kind == kind and [NAMES[p] for p in move.points] == points
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize("text", ["", "e", "j5", "e0", "e5-", "e5--e6", "e5xe6-e7", "e5 e6", "x", "e5-e6-e7"])
def test_h8_malformed_notation_is_refused_quoting_input(text: str) -> None:
    with pytest.raises(NotationError) as err:
        Move.parse(text)
    assert repr(text) in str(err.value)


def test_h8_6_position_round_trip_and_refusals() -> None:
    text = position({"a3": "L", "i3": "L", **TOP_HERD}, "C")
    assert HuntState.from_position(text).position == text
    for bad in ["", "x" * 49 + " L 0 0", position({"a3": "L"}, "C"), position(TOP_HERD, "L", 0, 3),
                position({"a3": "L", "i3": "L"}, "L")]:
        with pytest.raises(NotationError):
            HuntState.from_position(bad)
