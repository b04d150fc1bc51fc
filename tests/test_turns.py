"""R1.4 deal, R4 turns (draw, empty stock, pass, end of hand), R6 going out per variant,
R8.2 classic scoring and layout, R8.3 running turns."""

from __future__ import annotations

import random

import pytest
from conftest import VARIANT_NAMES, ref_raw_value, snapshot

from leopard_core.games.leopard import Card, HandState, IllegalMoveError, Square, rules_for

BLANK = "-,-,-/-,-,-/-,-,-"
# Worked by hand: rows 1-2-3 (hearts) and 4-5-6 (diamonds) are one-suit lines, column 2-5-8
# (2H 5D 8H) is one colour; spaces 7 and 9 are empty, so no other line is complete.
# standard/running: 3 + 3 + 1 = 7; classic: 2 + 2 + 1 = 5.
SQ_AT_THRESHOLD = "AH,2H,3H/4D,5D,6D/-,8H,-"
# The same with a black 8: column 2-5-8 scores 0. standard: 6; classic: 4 (one below each threshold).
SQ_BELOW = "AH,2H,3H/4D,5D,6D/-,8S,-"
THRESHOLD = {"standard": 7, "classic": 5, "running": 7}


def cards(text: str) -> list[Card]:
    """Cards from ``AS,2H``; the empty string is no cards."""
    return [Card.parse(c) for c in text.split(",") if c]


def make(variant: str, own: str = BLANK, opp: str = BLANK, hand: str = "", opp_hand: str = "",
         stock: str = "", plays: int = 0) -> HandState:
    """Seat 0 to move, having drawn; the stock's top is its last card."""
    return HandState.from_position(
        rules_for(variant), Square.parse(own), Square.parse(opp), cards(hand),
        opp_hand=cards(opp_hand), stock=cards(stock), plays_this_turn=plays,
    )


def texts(state: HandState) -> list[str]:
    """The legal moves as N3 text."""
    return [str(m) for m in state.legal_moves()]


# ----------------------------------------------------------------- R1.4 deal
@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("dealer", [0, 1])
def test_R1_4_deal_eight_each_non_dealer_moves_first_and_has_drawn(variant: str, dealer: int) -> None:
    """R1.4 (and R8.3: the running mover draws two)."""
    state = HandState.deal(rules_for(variant), dealer=dealer, rng=random.Random(5))
    drawn = 2 if variant == "running" else 1
    assert state.to_move == 1 - dealer
    assert len(state.hand(1 - dealer)) == 8 + drawn
    assert len(state.hand(dealer)) == 8
    assert state.stock_count == 88 - drawn
    assert not state.over and state.discards == []


# ----------------------------------------------------------------- R6.1 threshold per variant
@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_R6_1_out_needs_the_variants_threshold(variant: str) -> None:
    """R6.1 / R8.2: 7 in standard and running, 5 in classic; the squares are worth exactly the
    threshold and one below it."""
    assert ref_raw_value(SQ_AT_THRESHOLD, variant) == THRESHOLD[variant]
    assert ref_raw_value(SQ_BELOW, variant) == THRESHOLD[variant] - 1
    at = make(variant, own=SQ_AT_THRESHOLD, hand="KS", stock="2C,3C")
    assert at.raw_value(0) == THRESHOLD[variant]
    assert texts(at)[0] == "out" and at.may_go_out()
    below = make(variant, own=SQ_BELOW, hand="KS", stock="2C,3C")
    assert not below.may_go_out()
    assert below.raw_value(0) == THRESHOLD[variant] - 1
    assert "out" not in texts(below)
    before = snapshot(below)
    with pytest.raises(IllegalMoveError, match=r"R6\.1"):
        below.apply("out")
    assert snapshot(below) == before
    at.apply("out")
    assert at.over and at.end_reason == "out" and at.went_out == 0
    assert not at.may_go_out()  # R6.2: the hand is over
    # R7.2: the player who went out loses 1; the bonus line is the threshold in every variant.
    assert at.scores() == (THRESHOLD[variant] - 1, 0)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_R6_1_out_with_an_empty_stock_before_playing(variant: str) -> None:
    """R6.1: with an empty stock, going out is allowed at the start of the turn."""
    state = make(variant, own=SQ_AT_THRESHOLD, hand="KS", opp_hand="2C")
    assert state.stock_count == 0
    assert "out" in texts(state)


def test_R6_1_no_out_after_a_play_in_running_R8_3() -> None:
    """R8.3: going out stays at the start of the turn; not between plays."""
    state = make("running", own=SQ_AT_THRESHOLD, hand="KS,KH", stock="2C,3C,4C")
    assert "out" in texts(state)
    state.apply("KS to own 9")
    assert state.to_move == 0 and state.plays_this_turn == 1
    assert "out" not in texts(state) and not state.may_go_out()
    with pytest.raises(IllegalMoveError, match=r"R6\.1"):
        state.apply("out")


def test_R6_1_no_out_right_after_reaching_the_threshold_standard() -> None:
    """R6.1: the play that reaches the threshold ends the turn (the going-out example)."""
    state = make("standard", own=SQ_BELOW, hand="8D", opp_hand="2C", stock="3C,4C")
    state.apply("8D to opp 8")  # 8 is face up on our square: only the opponent's 8 is open
    assert state.to_move == 1


# ----------------------------------------------------------------- R4 turns
@pytest.mark.parametrize("variant", ["standard", "classic"])
def test_R4_1_the_next_mover_draws_the_top_card(variant: str) -> None:
    """R4.1: after a discard the other seat draws the top (last) stock card."""
    state = make(variant, hand="5S", opp_hand="2C", stock="3C,4C")
    state.apply("discard 5S")
    assert state.to_move == 1
    assert state.hand(1) == cards("2C,4C")
    assert state.stock == cards("3C")
    assert state.discards == cards("5S")


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_R4_3_empty_stock_no_draw(variant: str) -> None:
    """R4.3: when the stock is empty, turns go on without drawing."""
    state = make(variant, hand="5S,6S", opp_hand="2C")
    state.apply("discard 5S")
    assert state.to_move == 1 and state.hand(1) == cards("2C")
    assert not state.over


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_R4_3_empty_hand_and_nothing_to_draw_passes(variant: str) -> None:
    """R4.3 / R8.3: a player with no cards and nothing to draw passes (`pass`)."""
    state = make(variant, hand="", opp_hand="2C")
    assert texts(state) == ["pass"]
    with pytest.raises(IllegalMoveError):
        state.apply("discard 2C")
    state.apply("pass")
    assert state.to_move == 1 and not state.over
    assert texts(state) == ["2C to own 2", "2C to opp 2", "discard 2C"]


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_R4_3_pass_is_refused_with_cards_in_hand(variant: str) -> None:
    """R4.3: passing is only for an empty hand."""
    state = make(variant, hand="5S", opp_hand="2C")
    with pytest.raises(IllegalMoveError, match=r"R4\.3"):
        state.apply("pass")


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@pytest.mark.parametrize("last", ["discard 5S", "5S to own 5"])
def test_R4_3_hand_ends_when_stock_and_both_hands_are_empty(variant: str, last: str) -> None:
    """R4.3: the last card leaves the last hand -> over, 'exhausted', nobody went out (no -1)."""
    own = "AH,2H,3H/-,-,-/-,-,-"
    state = make(variant, own=own, hand="5S", opp_hand="")
    state.apply(last)
    assert state.over and state.end_reason == "exhausted" and state.went_out is None
    assert state.legal_moves() == []
    assert state.scores() == ((2, 0) if variant == "classic" else (3, 0))  # R8.2: suit line 2
    with pytest.raises(IllegalMoveError):
        state.apply("pass")


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_R4_3_hand_goes_on_while_the_other_seat_holds_cards(variant: str) -> None:
    """R4.3: the hand ends only when *both* hands are empty."""
    state = make(variant, hand="5S", opp_hand="7C")
    state.apply("discard 5S")
    assert not state.over and state.to_move == 1
    state.apply("discard 7C")
    assert state.over and state.end_reason == "exhausted"


@pytest.mark.parametrize("variant", ["standard", "classic"])
def test_R4_2_one_play_then_the_turn_passes_and_no_end(variant: str) -> None:
    """R4.2: exactly one action per turn; `end` belongs to running only (R8.3)."""
    state = make(variant, hand="5S,6S", opp_hand="2C", stock="3C")
    assert "end" not in texts(state)
    with pytest.raises(IllegalMoveError, match=r"R8\.3"):
        state.apply("end")
    state.apply("5S to own 5")
    assert state.to_move == 1


# ----------------------------------------------------------------- R8.3 running
def test_R8_3_running_draws_two_or_fewer() -> None:
    """R8.3: draw two instead of one, fewer when the stock has fewer."""
    state = make("running", hand="5S", opp_hand="2C", stock="3C,4C,6C")
    state.apply("discard 5S")
    assert state.to_move == 1 and sorted(map(str, state.hand(1))) == ["2C", "4C", "6C"]
    assert state.stock == cards("3C")
    state.apply("discard 2C")
    assert state.to_move == 0 and state.hand(0) == cards("3C") and state.stock == []


def test_R8_3_running_plays_several_then_end() -> None:
    """R8.3: play one or more legal cards one after another, then `end` when you choose."""
    state = make("running", hand="5S,6S,7S,9D", opp_hand="2C", stock="3C,4C,8C")
    state.apply("5S to own 5")
    assert state.to_move == 0
    moves = texts(state)
    assert moves[-1] == "end"
    assert not any(m.startswith("discard") for m in moves)  # no discard after a play
    with pytest.raises(IllegalMoveError, match=r"R8\.3"):
        state.apply("discard 9D")
    state.apply("6S to own 6")
    state.apply("7S to opp 7")
    assert state.plays_this_turn == 3 and state.to_move == 0
    state.apply("end")
    assert state.to_move == 1 and state.plays_this_turn == 0
    assert len(state.hand(1)) == 3  # drew two


def test_R8_3_running_end_not_before_a_play() -> None:
    """R8.3: `end` comes after at least one play; otherwise discard exactly one."""
    state = make("running", hand="5S,6S", opp_hand="2C", stock="3C")
    assert "end" not in texts(state)
    with pytest.raises(IllegalMoveError):
        state.apply("end")
    state.apply("discard 5S")
    assert state.to_move == 1  # exactly one discard ends the turn


def test_R8_3_running_empty_hand_after_plays_must_end() -> None:
    """R8.3: having played every card, the only move is `end`."""
    state = make("running", hand="5S", opp_hand="2C", stock="3C")
    state.apply("5S to own 5")
    assert texts(state) == ["end"]
    with pytest.raises(IllegalMoveError):
        state.apply("pass")
    state.apply("end")
    assert state.to_move == 1


def test_R8_3_running_last_play_of_the_hand_ends_it() -> None:
    """R4.3 in running: the play that empties the last hand (stock empty) ends the hand."""
    state = make("running", hand="5S,6S", opp_hand="")
    state.apply("5S to own 5")
    assert not state.over
    state.apply("6S to own 6")
    assert state.over and state.end_reason == "exhausted"


# ----------------------------------------------------------------- R8.2 classic
def test_R8_2_classic_suit_line_is_worth_2_colour_line_1() -> None:
    """R8.2: a same-suit line 2 (not 3); a same-colour line still 1."""
    square = Square.parse("AH,2H,3H/4D,5H,6D/-,-,-")  # suit row, colour row
    assert square.raw_value("standard") == 4
    assert square.raw_value("classic") == 3
    kinds = [(line.spaces, line.points, line.kind) for line in square.scoring_lines("classic")]
    assert kinds == [((1, 2, 3), 2, "suit"), ((4, 5, 6), 1, "colour")]


def test_R8_2_classic_bonus_above_5_and_out_penalty() -> None:
    """R8.2 + R7.1-R7.2: points above 5 count double; going out costs 1."""
    classic = rules_for("classic")
    assert [classic.hand_score(raw, False) for raw in (4, 5, 6, 7, 8)] == [4, 5, 7, 9, 11]
    assert classic.hand_score(8, True) == 10


def test_R8_2_classic_keypad_layout_same_lines() -> None:
    """R8.2: the picture is keypad-style (7 8 9 on top); the lines are the same sets of spaces."""
    assert rules_for("classic").layout == ((7, 8, 9), (4, 5, 6), (1, 2, 3))
    assert rules_for("standard").layout == ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    assert rules_for("running").layout == ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    state = HandState.deal(rules_for("classic"), rng=random.Random(1))
    assert state.view(0)["layout"] == [[7, 8, 9], [4, 5, 6], [1, 2, 3]]
    assert state.view(0)["variant"] == "classic"
    # The N2 text is the same in every layout (N2): it always lists spaces 1 to 9.
    square = Square.parse("AC,2C,3C/-,-,-/7S,8S,9S")
    assert square.raw_value("classic") == 4 and square.raw_value("standard") == 6


def test_R8_variant_numbers() -> None:
    """R8: the rules objects carry the numbers of each variant."""
    numbers = {
        name: (r.suit_points, r.colour_points, r.out_threshold, r.bonus_line, r.draw_count, r.multi_play)
        for name in VARIANT_NAMES
        for r in [rules_for(name)]
    }
    assert numbers == {
        "standard": (3, 1, 7, 7, 1, False),
        "classic": (2, 1, 5, 5, 1, False),
        "running": (3, 1, 7, 7, 2, True),
    }
    assert rules_for(" Classic ") is rules_for("classic")
