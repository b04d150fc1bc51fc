"""N1-N4 notation: round trips (hypothesis), the accepted spellings, malformed input, and the
engine's scoring and legality compared with the independent reference (R3, R5, R6.1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from conftest import (
    CARD_TEXTS,
    VARIANT_NAMES,
    ref_legal_moves,
    ref_raw_value,
)
from hypothesis import given
from hypothesis import strategies as st

from leopard_core.games.leopard import (
    ALL_CARDS,
    Card,
    IllegalMoveError,
    Layer,
    LeopardError,
    Move,
    NotationError,
    Position,
    Square,
    full_deck,
    parse_cards,
)

card_texts = st.sampled_from(CARD_TEXTS)
face_down_texts = st.sampled_from(["~" + r + s for r in "JQ" for s in "SHDC"] + ["~"])
cover_texts = st.one_of(card_texts, face_down_texts)
# A stack in canonical N2: a face-up card at the bottom (R3.1), then anything.
stack_texts = st.one_of(
    st.just("-"),
    st.builds(lambda b, rest: ".".join([b, *rest]), card_texts, st.lists(cover_texts, max_size=4)),
)
square_texts = st.lists(stack_texts, min_size=9, max_size=9).map(
    lambda s: "/".join(",".join(s[r * 3 : r * 3 + 3]) for r in range(3))
)
move_texts = st.one_of(
    st.sampled_from(["out", "end", "pass"]),
    st.builds(lambda c: f"discard {c}", card_texts),
    st.builds(lambda c, side, n: f"{c} to {side} {n}", card_texts, st.sampled_from(["own", "opp"]),
              st.integers(1, 9)),
)


def within_two_decks(position: str) -> bool:
    """R1.1: at most two copies of any card in the position."""
    counts = Counter(t.strip().lstrip("~") for t in position.replace("|", ",").replace("/", ",")
                     .replace(".", ",").split(","))
    return all(n <= 2 for c, n in counts.items() if c not in ("", "-"))


position_texts = st.builds(
    lambda own, opp, hand: f"{own} | {opp} | {','.join(hand)}",
    square_texts, square_texts, st.lists(card_texts, max_size=10),
).filter(within_two_decks)


# ----------------------------------------------------------------- N1
def test_N1_every_card_round_trips_and_the_deck_is_two_of_each() -> None:
    """N1 and R1.1: 52 distinct cards, printed forms as written in N1, 104 in the deck."""
    assert [str(c) for c in ALL_CARDS] == CARD_TEXTS
    for card in ALL_CARDS:
        assert Card.parse(str(card)) == card
        assert Card.parse(str(card).lower()) == card
    assert Counter(str(c) for c in full_deck()) == Counter({t: 2 for t in CARD_TEXTS})



def assert_refused_quoting(parse: Callable[[str], object], bad: str) -> None:
    """The notation's parser refuses ``bad`` with a NotationError that quotes it."""
    with pytest.raises(NotationError) as info:
        parse(bad)
    assert repr(bad) in str(info.value)


def assert_round_trip(parse: Callable[[str], Any], text: str) -> Any:
    """Parse then print gives ``text`` back, and parsing that gives the same value; the value."""
    value = parse(text)
    assert str(value) == text
    assert parse(str(value)) == value
    return value


@pytest.mark.parametrize(("text", "printed"), [("th", "10H"), ("TD", "10D"), ("10c", "10C"),
                                               (" as ", "AS"), ("qC", "QC"), ("kd", "KD")])
def test_N1_spellings(text: str, printed: str) -> None:
    """N1: case-insensitive, T for 10; printing uses the canonical forms."""
    assert str(Card.parse(text)) == printed


def test_R1_2_colours_and_names() -> None:
    """R1.2: hearts and diamonds red, spades and clubs black; ranks ace low (R1.3)."""
    assert {s: Card.parse("7" + s).colour for s in "SHDC"} == {
        "S": "black", "H": "red", "D": "red", "C": "black"}
    assert [Card.parse(r + "S").rank for r in ("A", "10", "J", "Q", "K")] == [1, 10, 11, 12, 13]
    assert Card.parse("7H").name == "7 of hearts"


@pytest.mark.parametrize("bad", ["", "1H", "11H", "AX", "A", "H", "10", "A H", "AHH", "0S", "~JC"])
def test_N1_malformed_card_raises_NotationError_quoting_it(bad: str) -> None:
    """N1: anything else is a NotationError that quotes the input."""
    assert_refused_quoting(Card.parse, bad)


# ----------------------------------------------------------------- N2
@given(square_texts)
def test_N2_round_trip(text: str) -> None:
    """N2: parse then print gives the text back; the stacks hold exactly the written layers."""
    square = assert_round_trip(Square.parse, text)
    written = [[] if s == "-" else s.split(".") for row in text.split("/") for s in row.split(",")]
    for stack, layers in zip(square.stacks, written, strict=True):
        assert [str(layer) for layer in stack] == layers
        for layer, layer_text in zip(stack, layers, strict=True):
            assert layer.face_up is (not layer_text.startswith("~"))
            assert (layer.card is None) is (layer_text == "~")


def test_N2_example_and_face_down_forms() -> None:
    """N2: the rules' example; `~JC` is a known face-down jack, `~` an unknown one (R3.3)."""
    square = Square.parse("AH,2H,3H/4S,5S.~JC,6S/7D,-,9D")
    assert square.stacks[4] == (Layer(Card.parse("5S"), True), Layer(Card.parse("JC"), False))
    assert square.is_open(5) and square.is_open(8) and not square.is_open(4)
    assert str(Square.parse("ah,2h,3h/4s,5s.~jc,6s/7d,-,9d")) == "AH,2H,3H/4S,5S.~JC,6S/7D,-,9D"
    assert str(Square.parse(" th.~ , - ,- / -,-,- / -,-,- ")) == "10H.~,-,-/-,-,-/-,-,-"


@pytest.mark.parametrize("bad", [
    "", "-,-,-/-,-,-", "-,-,-/-,-,-/-,-,-/-,-,-", "-,-/-,-,-/-,-,-", "-,-,-,-/-,-,-/-,-,-",
    "XX,-,-/-,-,-/-,-,-", "~JC,-,-/-,-,-/-,-,-", "~,-,-/-,-,-/-,-,-", "AH.~5C,-,-/-,-,-/-,-,-",
    "AH..2H,-,-/-,-,-/-,-,-", ",-,-/-,-,-/-,-,-",
])
def test_N2_malformed_square_raises_NotationError_quoting_it(bad: str) -> None:
    """N2 (and R3.1/R3: face-down only J or Q, never at the bottom)."""
    assert_refused_quoting(Square.parse, bad)


@given(square_texts)
def test_R5_raw_value_matches_the_reference_in_every_variant(text: str) -> None:
    """R5.1-R5.2 (R8.2 for classic): engine == independent reference; lines add up."""
    square = Square.parse(text)
    for variant in VARIANT_NAMES:
        raw = square.raw_value(variant)
        assert raw == ref_raw_value(text, variant)
        assert sum(line.points for line in square.scoring_lines(variant)) == raw
        assert 0 <= raw <= 24


def test_R5_full_square_extremes() -> None:
    """R5.2: a one-suit square scores all 8 lines (24); with 2-point suits 16 (R8.2)."""
    one_suit = "AH,2H,3H/4H,5H,6H/7H,8H,9H"
    assert Square.parse(one_suit).raw_value() == 24
    assert Square.parse(one_suit).raw_value("classic") == 16
    # All red in a drawn tic-tac-toe pattern of suits: 8 colour lines, no suit line.
    assert Square.parse("AH,2D,3H/4H,5D,6D/7D,8H,9H").raw_value() == 8
    assert Square.parse("AH,2S,3H/4H,5S,6S/7S,8H,9H").raw_value() == 0  # same pattern, red/black


# ----------------------------------------------------------------- N3
@given(move_texts)
def test_N3_round_trip(text: str) -> None:
    """N3: parse then print gives the text back, also from upper case and extra spaces."""
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse("  " + text.upper().replace(" ", "   ") + " ") == move


def test_N3_constructors_match_the_text() -> None:
    """N3: the move values and their text."""
    assert Move.play("7H", "own", 7) == Move.parse("7h to own 7")
    assert str(Move.play(Card.parse("TD"), "opp", 3)) == "10D to opp 3"
    assert str(Move.discard("9C")) == "discard 9C"
    assert [str(Move.out()), str(Move.end()), str(Move.pass_())] == ["out", "end", "pass"]


@pytest.mark.parametrize("bad", [
    "", "7H", "7H to own", "7H to own 0", "7H to own 10", "7H to mine 7", "7H on own 7",
    "discard", "discard 7X", "discard 7H 8H", "out now", "XX to own 7", "7H to own seven",
])
def test_N3_malformed_move_raises_NotationError_quoting_it(bad: str) -> None:
    """N3: anything else is a NotationError that quotes the input."""
    assert_refused_quoting(Move.parse, bad)


# ----------------------------------------------------------------- N4
@given(position_texts)
def test_N4_round_trip(text: str) -> None:
    """N4: parse then print gives the text back."""
    assert_round_trip(Position.parse, text)


@given(position_texts)
def test_N4_legal_moves_match_the_reference_in_every_variant(text: str) -> None:
    """R3, R6.1, R8: the legal moves of a position equal the independent reference's; sorted
    out, plays, discards (no duplicates)."""
    own, opp, hand = (part.strip() for part in text.split("|"))
    for variant in VARIANT_NAMES:
        moves = [str(m) for m in Position.parse(text).legal_moves(variant)]
        assert len(moves) == len(set(moves))
        assert set(moves) == ref_legal_moves(own, opp, [c for c in hand.split(",") if c], variant)
        order = ["out" if m == "out" else "discard" if m.startswith("discard") else
                 "pass" if m == "pass" else "play" for m in moves]
        assert order == sorted(order, key=["out", "play", "discard", "pass"].index)


def test_N4_examples() -> None:
    """N4: an empty hand is nothing after the bar; out when the square reaches the threshold."""
    blank = "-,-,-/-,-,-/-,-,-"
    assert [str(m) for m in Position.parse(f"{blank} | {blank} | 5H").legal_moves()] == [
        "5H to own 5", "5H to opp 5", "discard 5H"]
    full = "AH,2H,3H/4S,5S,6S/-,-,-"  # two suit lines: 6 in standard, 4 in classic -> no out
    assert "out" not in [str(m) for m in Position.parse(f"{full} | {blank} | ").legal_moves()]
    six = "AH,2H,3H/4S,5S,6S/7H,-,-"  # 3 + 3; column A 4 7 (H S H) and diagonal 3 5 7 (H S H): 0
    assert [str(m) for m in Position.parse(f"{six} | {blank} |").legal_moves()] == ["pass"]
    assert [str(m) for m in Position.parse(f"{six} | {blank} |").legal_moves("classic")] == ["pass"]
    twelve = "AH,2H,3H/4H,5H,6H/7H,-,-"  # rows 1-2-3, 4-5-6, column 1-4-7, diagonal 3-5-7: 4 x 3
    assert [str(m) for m in Position.parse(f"{twelve} | {blank} |").legal_moves()] == ["out", "pass"]
    assert [str(m) for m in Position.parse(f"{twelve} | {blank} |").legal_moves("classic")] == [
        "out", "pass"]


@pytest.mark.parametrize("bad", [
    "", "-,-,-/-,-,-/-,-,- | -,-,-/-,-,-/-,-,-", "a | b | c", "-,-,-/-,-,-/-,-,- | x | 5H",
    "-,-,-/-,-,-/-,-,- | -,-,-/-,-,-/-,-,- | 5H,ZZ", "-,-,-/-,-,-/-,-,- | -,-,-/-,-,-/-,-,- | 5H | 6H",
    "-,-,-/-,-,-/-,-,- | -,-,-/-,-,-/-,-,- | 5H,5H,5H",  # R1.1: only two of each card
])
def test_N4_malformed_position_raises_NotationError_quoting_it(bad: str) -> None:
    """N4 (and R1.1)."""
    assert_refused_quoting(Position.parse, bad)


def test_parse_cards() -> None:
    """Cards joined by commas; the empty string is no cards."""
    assert parse_cards("") == [] and [str(c) for c in parse_cards("7h, TD")] == ["7H", "10D"]


def test_error_classes_are_distinct_value_errors() -> None:
    """Malformed text and illegal moves are told apart; both are LeopardError(ValueError)."""
    assert issubclass(NotationError, LeopardError) and issubclass(IllegalMoveError, LeopardError)
    assert issubclass(LeopardError, ValueError)
    assert not issubclass(NotationError, IllegalMoveError)
    assert not issubclass(IllegalMoveError, NotationError)
