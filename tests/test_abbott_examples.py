"""Every worked example of Abbott's 2008 text (seeds/000), checked against the engine.

The text's diagrams were lost, so each square below is *reconstructed* in N2 from what the text
says about it; the comment above each one explains how. Expected values are computed by hand
from the text (and cross-checked with the independent reference scorer in conftest.py).
"""

from __future__ import annotations

import pytest
from conftest import ref_hand_score, ref_raw_value

from leopard_core.games.leopard import Card, HandState, IllegalMoveError, Square, rules_for

STANDARD = rules_for("standard")


def state_for(own: str, hand: str, opp: str = "-,-,-/-,-,-/-,-,-", opp_hand: str = "",
              stock: str = "2S,3S,4S,5S", variant: str = "standard") -> HandState:
    """A state where seat 0 owns ``own`` and has just drawn ``hand``."""
    return HandState.from_position(
        rules_for(variant), Square.parse(own), Square.parse(opp),
        [Card.parse(c) for c in hand.split(",") if c],
        opp_hand=[Card.parse(c) for c in opp_hand.split(",") if c],
        stock=[Card.parse(c) for c in stock.split(",") if c],
    )


# --- "The Use of the Ten": a 10 on space 5 makes the square worth 4.
# The text scores three lines through space 5: row 4 10 6 is one suit (3), diagonal 7 10 3 is one
# colour (1), column 2 10 8 is neither (0). Spaces 1 and 9 are left empty so that no other line
# scores (the text names no other line): rows 1-2-3 and 7-8-9, columns 1-4-7 and 3-6-9, and the
# diagonal 1-5-9 all have an empty space.
TEN_BEFORE = "-,2S,3D/4H,-,6H/7D,8H,-"
TEN_AFTER = "-,2S,3D/4H,10H,6H/7D,8H,-"


def test_abbott_ten_on_space_5_gives_4_points_R3_R5() -> None:
    """R3 (10: any open space of your own square) and R5: 3 (suit row) + 1 (colour diagonal)."""
    assert Square.parse(TEN_BEFORE).raw_value() == 0
    state = state_for(TEN_BEFORE, "10H")
    assert "10H to own 5" in [str(m) for m in state.legal_moves()]
    state.apply("10H to own 5")
    assert state.raw_value(0) == 4
    assert str(state.square(0)) == TEN_AFTER
    assert ref_raw_value(TEN_AFTER) == 4
    kinds = {(line.spaces, line.points, line.kind) for line in Square.parse(TEN_AFTER).scoring_lines()}
    assert kinds == {((4, 5, 6), 3, "suit"), ((3, 5, 7), 1, "colour")}


# --- "The Use of the King": 1 point before, 8 after a K on the 7.
# After: row K 8 9 one suit (3), column A 4 K one suit (3), so A, 4, K, 8, 9 share a suit (clubs).
# Diagonal K 5 10 only one colour (1): 5 and 10 black but not both clubs -> 5S, 10S.
# Diagonal A 5 9 one colour (1): AC 5S 9C. Before, only "the diagonal line of three black cards"
# scored, so the 7 under the K must break row 7-8-9, column 1-4-7 and diagonal 3-5-7: a red 7.
# The Q example ("another red seven") confirms the 7 is red. Spaces 2 and 6 stay empty so that
# row 1-2-3, row 4-5-6, column 2-5-8 and column 3-6-9 score nothing.
KING_BEFORE = "AC,-,10S/4C,5S,-/7H,8C,9C"
KING_AFTER = "AC,-,10S/4C,5S,-/7H.KC,8C,9C"


def test_abbott_king_on_the_7_gives_8_points_R3_R5_R7() -> None:
    """R3 (K: own square, on top of anything, face up), R5 = 3+3+1+1 = 8, R7.1 bonus -> 9."""
    assert Square.parse(KING_BEFORE).raw_value() == 1
    lines = Square.parse(KING_BEFORE).scoring_lines()
    assert [(line.spaces, line.kind) for line in lines] == [((1, 5, 9), "colour")]
    state = state_for(KING_BEFORE, "KC")
    state.apply("KC to own 7")
    assert str(state.square(0)) == KING_AFTER
    assert state.raw_value(0) == 8 == ref_raw_value(KING_AFTER)
    found = {(line.spaces, line.points) for line in Square.parse(KING_AFTER).scoring_lines()}
    assert found == {((7, 8, 9), 3), ((1, 4, 7), 3), ((3, 5, 7), 1), ((1, 5, 9), 1)}
    # "the 8-point value of that square is only its raw score. A bonus ... is added": 8 -> 9.
    assert state.hand_score(0) == 9


def test_abbott_king_may_not_go_on_the_opponents_square_R3() -> None:
    """R3: "You may place a king face up in any space in your square but not in your opponent's"."""
    state = state_for("-,-,-/-,-,-/-,-,-", "KC", opp=KING_BEFORE)
    with pytest.raises(IllegalMoveError):
        state.apply("KC to opp 7")


# --- "The Use of the Jack and Queen": the jack that takes a 6-point square to 0.
# Covering one card (the 3) drops 6 points to 0, so every scoring line passes through space 3:
# two one-suit lines (3 + 3) among row 1-2-3, column 3-6-9 and diagonal 3-5-7, the third
# scoring 0. Row AH 2H 3H and column 3H 6H 9H; space 5 empty so diagonal 3-5-7 and every other
# line through 5 score 0; spaces 4, 7, 8 empty so the remaining lines score 0.
JACK_SQUARE = "AH,2H,3H/-,-,6H/-,-,9H"


@pytest.mark.parametrize("jack", ["JS", "JH", "JD", "JC"])
def test_abbott_jack_on_the_3_takes_6_points_to_0_R3_R5(jack: str) -> None:
    """R3: a J goes face down on any card of either square; R5.1: a face-down top scores nothing.
    "Any other jack could also have been put on the 3 and the value ... would still be zero"."""
    state = state_for("-,-,-/-,-,-/-,-,-", jack, opp=JACK_SQUARE)
    assert state.raw_value(1) == 6 == ref_raw_value(JACK_SQUARE)
    state.apply(f"{jack} to opp 3")
    assert state.raw_value(1) == 0
    assert str(state.square(1)) == f"AH,2H,3H.~{jack}/-,-,6H/-,-,9H"
    assert ref_raw_value(f"AH,2H,3H.~{jack}/-,-,6H/-,-,9H") == 0
    # R3.3: the owner of the square sees a face-down card, not which one.
    assert str(state.square(1, viewer=1)) == "AH,2H,3H.~/-,-,6H/-,-,9H"


# --- The queen example: "Suppose you again had this square" (the king example's, worth 1, with a
# red 7 on space 7), "and in your hand you have a Q and a 7": Q face down on the 7, then next turn
# the 7 (a black one: 7C) on space 7 -> "increased to 8 points raw score".
def test_abbott_queen_then_seven_sequence_R3_R4() -> None:
    """The full sequence, with the opponent discarding in between (R4.2)."""
    state = state_for(KING_BEFORE, "QD,7C", opp_hand="2D,3D", stock="4D,5D,6D")
    state.apply("QD to own 7")
    assert state.raw_value(0) == 1
    assert state.to_move == 1
    state.apply("discard 2D")
    state.apply("7C to own 7")
    assert str(state.square(0)) == "AC,-,10S/4C,5S,-/7H.~QD.7C,8C,9C"
    assert state.raw_value(0) == 8 == ref_raw_value("AC,-,10S/4C,5S,-/7H.~QD.7C,8C,9C")


def test_abbott_opponent_red_seven_on_the_queen_blocks_the_7_R3() -> None:
    """"If your opponent had had another red seven, he might have put it on your Q ... you would
    have to put down another queen or a jack on the additional red seven"."""
    state = state_for(KING_BEFORE, "QD,7C,QS", opp_hand="7D,3D", stock="4D,5D,6D")
    state.apply("QD to own 7")
    state.apply("7D to opp 7")  # the opponent's play onto our open space 7
    moves = [str(m) for m in state.legal_moves()]
    assert "7C to own 7" not in moves
    with pytest.raises(IllegalMoveError):
        state.apply("7C to own 7")
    assert "QS to own 7" in moves


# --- "Scoring": the table of raw score -> score with bonus, copied from the text (R7.1).
ABBOTT_BONUS_TABLE = {
    1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 9, 9: 11, 10: 13, 11: 15, 12: 17, 13: 19, 14: 21,
    15: 23, 16: 25, 17: 27, 18: 29, 19: 31, 20: 33, 21: 35, 22: 37, 23: 39, 24: 41,
}
# R8.2 classic: the bonus counts points above 5 instead of 7 (each point above 5 doubled).
CLASSIC_BONUS_TABLE = {
    1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 7, 7: 9, 8: 11, 9: 13, 10: 15, 11: 17, 12: 19, 13: 21, 14: 23,
    15: 25, 16: 27, 17: 29, 18: 31, 19: 33, 20: 35, 21: 37, 22: 39, 23: 41, 24: 43,
}


@pytest.mark.parametrize("raw", range(1, 25))
def test_abbott_bonus_table_R7_1(raw: int) -> None:
    """R7.1: the text's table, and R7.2: one point less for the player who went out."""
    for variant in ("standard", "running"):
        rules = rules_for(variant)
        assert rules.hand_score(raw, went_out=False) == ABBOTT_BONUS_TABLE[raw]
        assert rules.hand_score(raw, went_out=True) == ABBOTT_BONUS_TABLE[raw] - 1
    classic = rules_for("classic")
    assert classic.hand_score(raw, went_out=False) == CLASSIC_BONUS_TABLE[raw]
    assert classic.hand_score(raw, went_out=True) == CLASSIC_BONUS_TABLE[raw] - 1


def test_bonus_table_matches_the_reference_formula_R7_1() -> None:
    """The copied table agrees with 'every point above 7 is doubled' (sanity of the test data)."""
    assert all(ref_hand_score(raw, False) == score for raw, score in ABBOTT_BONUS_TABLE.items())
    assert all(ref_hand_score(raw, False, "classic") == s for raw, s in CLASSIC_BONUS_TABLE.items())
    assert rules_for("standard").hand_score(0, went_out=False) == 0


# --- "Going Out": a square worth 3; draw an A, play it -> 9; cannot go out this turn.
# The A on space 1 adds 6 points: two one-suit lines through space 1 (row 1-2-3: 2H 3H, column
# 1-4-7: 4H 7H). The 3 points before come from a suit line not through space 1 (row 7H 8H 9H).
# Space 5 is empty, so the diagonal 1-5-9 and every line through 5 score nothing; so does column
# 3-6-9 (space 6 empty).
OUT_SQUARE = "-,2H,3H/4H,-,-/7H,8H,9H"


def going_out_state(opp_hand: str) -> HandState:
    """Seat 1 is to move; seat 0 (ours, OUT_SQUARE) draws the AH from the stock next."""
    return HandState.from_position(
        STANDARD,
        Square.parse("-,-,-/-,-,-/-,-,-"),
        Square.parse(OUT_SQUARE),
        [Card.parse(c) for c in opp_hand.split(",")],
        opp_hand=[Card.parse(c) for c in ("5C", "6C")],
        stock=[Card.parse(c) for c in ("2C", "3C", "4C", "AH")],  # the top is the last card
        to_move=1,
    )


def test_abbott_going_out_timing_R6_1() -> None:
    """R6.1: out only at the start of your own turn with the square worth 7 or more."""
    assert ref_raw_value(OUT_SQUARE) == 3
    state = going_out_state(opp_hand="10S,JS")
    state.apply("discard 10S")  # the opponent's turn; then we draw the AH
    assert state.to_move == 0 and Card.parse("AH") in state.hand(0)
    assert state.raw_value(0) == 3
    assert "out" not in [str(m) for m in state.legal_moves()]
    state.apply("AH to own 1")
    assert state.raw_value(0) == 9 == ref_raw_value("AH,2H,3H/4H,-,-/7H,8H,9H")
    # "you could not go out now; for it is no longer your turn": the turn has passed.
    assert state.to_move == 1
    assert "out" not in [str(m) for m in state.legal_moves()]
    with pytest.raises(IllegalMoveError):
        state.apply("out")  # the opponent (worth 0) may not go out either
    state.apply("discard JS")  # "Your opponent draws and discards."
    assert state.to_move == 0
    assert "out" in [str(m) for m in state.legal_moves()]  # "you may now declare"
    state.apply("out")
    assert state.over and state.end_reason == "out" and state.went_out == 0
    # R7.2: 9 raw -> 11 with bonus, -1 for going out.
    assert state.scores() == (10, 0)


def test_abbott_going_out_blocked_by_a_jack_on_the_ace_R6_1() -> None:
    """"If your opponent ... had played a jack on your A, your square would again be worth only
    3 points. In this case you could not go out, even after drawing"."""
    state = going_out_state(opp_hand="10S,JS")
    state.apply("discard 10S")
    state.apply("AH to own 1")
    state.apply("JS to opp 1")
    assert state.to_move == 0 and state.raw_value(0) == 3
    assert "out" not in [str(m) for m in state.legal_moves()]
    with pytest.raises(IllegalMoveError, match=r"R6\.1"):
        state.apply("out")


def test_going_out_is_never_forced_R6_2() -> None:
    """R6.2: with out available, other moves stay legal."""
    state = state_for("AH,2H,3H/4H,-,-/7H,8H,9H", "5S")
    moves = [str(m) for m in state.legal_moves()]
    assert moves[0] == "out" and "discard 5S" in moves
    state.apply("discard 5S")
    assert not state.over
