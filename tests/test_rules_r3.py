"""R3: each row of the table, on both squares, onto empty, face-up-topped and face-down-topped
spaces, in all three variants (R8: the table is the same in each)."""

from __future__ import annotations

import pytest
from conftest import VARIANT_NAMES, snapshot

from leopard_core.games.leopard import Card, HandState, IllegalMoveError, Square, rules_for

# The space contents the table distinguishes (R2.2): empty and face-down tops are open.
SPACE_CONTENTS = {"empty": "", "face_up": "KS", "face_down": "KS.~JC"}

# R3, row by row: (row, whose square, what the space holds) -> legal?
# "A-9 own number" is an A..9 aimed at the space of its number; "A-9 other" at any other space.
R3_TABLE: dict[tuple[str, str, str], bool] = {}
for side in ("own", "opp"):
    R3_TABLE[("A-9 own number", side, "empty")] = True
    R3_TABLE[("A-9 own number", side, "face_down")] = True
    R3_TABLE[("A-9 own number", side, "face_up")] = False
    for contents in SPACE_CONTENTS:
        R3_TABLE[("A-9 other", side, contents)] = False
R3_TABLE |= {
    ("10", "own", "empty"): True, ("10", "own", "face_down"): True, ("10", "own", "face_up"): False,
    ("10", "opp", "empty"): False, ("10", "opp", "face_down"): False, ("10", "opp", "face_up"): False,
    ("J", "own", "empty"): False, ("J", "own", "face_down"): True, ("J", "own", "face_up"): True,
    ("J", "opp", "empty"): False, ("J", "opp", "face_down"): True, ("J", "opp", "face_up"): True,
    ("Q", "own", "empty"): False, ("Q", "own", "face_down"): True, ("Q", "own", "face_up"): True,
    ("Q", "opp", "empty"): False, ("Q", "opp", "face_down"): False, ("Q", "opp", "face_up"): False,
    ("K", "own", "empty"): True, ("K", "own", "face_down"): True, ("K", "own", "face_up"): True,
    ("K", "opp", "empty"): False, ("K", "opp", "face_down"): False, ("K", "opp", "face_up"): False,
}
# R3 "face" column: J and Q lie face down, every other card face up.
FACE_UP_AFTER = {"A-9 own number": True, "10": True, "J": False, "Q": False, "K": True}


def square_with(space: int, contents: str) -> str:
    """N2 of a square whose only non-empty space is ``space``."""
    spaces = ["-"] * 9
    if contents:
        spaces[space - 1] = contents
    return "/".join(",".join(spaces[r * 3 : r * 3 + 3]) for r in range(3))


def cases() -> list[tuple[str, str, str, str, str, int]]:
    """(variant, row, card, side, contents, space) for every rank, side and space kind."""
    out = []
    for variant in VARIANT_NAMES:
        for side in ("own", "opp"):
            for contents in SPACE_CONTENTS:
                for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9"]:
                    number = 1 if rank == "A" else int(rank)
                    out.append((variant, "A-9 own number", rank + "H", side, contents, number))
                    out.append((variant, "A-9 other", rank + "H", side, contents, number % 9 + 1))
                for rank in ["10", "J", "Q", "K"]:
                    for space in (1, 5, 9):
                        out.append((variant, rank, rank + "D", side, contents, space))
    return out


@pytest.mark.parametrize(("variant", "row", "card", "side", "contents", "space"), cases())
def test_R3_table_row(variant: str, row: str, card: str, side: str, contents: str, space: int) -> None:
    """R3 (and R3.1: no J or Q on an empty space), R8: same table in every variant."""
    target = square_with(space, SPACE_CONTENTS[contents])
    empty = square_with(space, "")
    own, opp = (target, empty) if side == "own" else (empty, target)
    state = HandState.from_position(
        rules_for(variant), Square.parse(own), Square.parse(opp), [Card.parse(card)],
        opp_hand=[Card.parse("2C")], stock=[Card.parse("3C"), Card.parse("4C")],
    )
    move = f"{card} to {side} {space}"
    legal = R3_TABLE[(row, side, contents)]
    assert (move in [str(m) for m in state.legal_moves()]) is legal
    if legal:
        state.apply(move)
        seat = 0 if side == "own" else 1
        top = state.square(seat).stacks[space - 1][-1]
        assert top.card == Card.parse(card)
        assert top.face_up is FACE_UP_AFTER[row]
        assert state.hand(0) == []  # R3.2: a played card never comes back
        if variant != "running":
            assert state.to_move == 1  # R4.2: one play, then the turn passes
    else:
        before = snapshot(state)
        with pytest.raises(IllegalMoveError) as info:
            state.apply(move)
        assert move in str(info.value)
        assert snapshot(state) == before


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("card", ["JS", "QH"])
def test_R3_1_jack_or_queen_never_on_an_empty_space(variant: str, card: str) -> None:
    """R3.1: with an empty square, a J or Q has no play at all, only a discard."""
    blank = Square.parse("-,-,-/-,-,-/-,-,-")
    state = HandState.from_position(rules_for(variant), blank, blank, [Card.parse(card)])
    assert [str(m) for m in state.legal_moves()] == [f"discard {card}"]
    with pytest.raises(IllegalMoveError, match=r"R3\.1"):
        state.apply(f"{card} to own 4")


def test_R3_another_six_cannot_go_on_a_face_up_six() -> None:
    """R3: "Another six, for instance, could not be placed immediately on top of this 6"."""
    state = HandState.from_position(
        rules_for("standard"), Square.parse("-,-,-/-,-,6D/-,-,-"), Square.parse("-,-,-/-,-,-/-,-,-"),
        [Card.parse("6H")],
    )
    assert [str(m) for m in state.legal_moves()] == ["6H to opp 6", "discard 6H"]


def test_R3_covered_face_up_cards_do_not_count_only_the_top_R2_2() -> None:
    """R2.2: a K on top of a 3 decides space 3; the card underneath no longer counts."""
    assert Square.parse("AH,2H,3H/-,-,-/-,-,-").raw_value() == 3
    assert Square.parse("AH,2H,3H.KS/-,-,-/-,-,-").raw_value() == 0
    assert Square.parse("AD,2H,3S.KH/-,-,-/-,-,-").raw_value() == 1
