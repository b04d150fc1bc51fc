"""Bad input never crashes or corrupts: illegal moves raise IllegalMoveError naming the move and
the rule, malformed text raises NotationError quoting it, and the state is unchanged (R3-R8, N3)."""

from __future__ import annotations

import random

import pytest
from conftest import snapshot

from leopard_core.games.leopard import (
    Card,
    HandState,
    IllegalMoveError,
    LeopardError,
    Move,
    NotationError,
    Square,
    rules_for,
)

OWN = "AH,2H,3H/4S,-,-/-,-,-"
OPP = "-,-,-/-,5D,-/-,-,-"


def fresh(variant: str = "standard", hand: str = "5S,7H,10C,JD,QS,KH") -> HandState:
    """Seat 0 to move holding ``hand`` over two small squares, cards left in the stock."""
    return HandState.from_position(
        rules_for(variant), Square.parse(OWN), Square.parse(OPP), [Card.parse(c) for c in hand.split(",")],
        opp_hand=[Card.parse("2C")], stock=[Card.parse("3C"), Card.parse("4C")],
    )


# (move, words the reason must contain) -- each refused by the rule named.
ILLEGAL = [
    ("5S to own 4", "R3"),            # A-9 only on its own number
    ("5S to opp 5", "R3"),            # opponent's 5 holds a face-up card
    ("10C to opp 6", "R3"),           # a 10 only on your own square
    ("10C to own 1", "R3"),           # not onto a face-up card
    ("QS to opp 5", "R3"),            # a queen only on your own square
    ("QS to own 5", "R3.1"),          # a queen must cover a card
    ("JD to opp 1", "R3.1"),          # a jack must cover a card
    ("KH to opp 5", "R3"),            # a king only on your own square
    ("9C to own 9", "not in your hand"),
    ("discard 9C", "not in your hand"),
    ("out", "R6.1"),                  # the square is worth 3
    ("end", "R8.3"),                  # no 'end' outside running
    ("pass", "R4.3"),                 # cards in hand
]


@pytest.mark.parametrize(("text", "why"), ILLEGAL)
def test_illegal_move_names_the_move_and_reason_state_unchanged(text: str, why: str) -> None:
    """IllegalMoveError: the message quotes the move and cites the rule; nothing changes."""
    state = fresh()
    before = snapshot(state)
    for move in (text, Move.parse(text)):
        with pytest.raises(IllegalMoveError) as info:
            state.apply(move)
        assert repr(text) in str(info.value) and why in str(info.value)
        assert info.value.move == Move.parse(text)
        assert why in info.value.reason
        assert snapshot(state) == before


@pytest.mark.parametrize("text", ["", "7H to own", "discard", "5S to own 0", "5S to own 10", "5X to own 5",
                                  "5S onto own 5", "go out", "5S to mine 5"])
def test_malformed_move_text_raises_NotationError_state_unchanged(text: str) -> None:
    """N3: malformed text is a NotationError (not an IllegalMoveError) quoting it."""
    state = fresh()
    before = snapshot(state)
    with pytest.raises(NotationError) as info:
        state.apply(text)
    assert not isinstance(info.value, IllegalMoveError)
    assert repr(text) in str(info.value)
    assert snapshot(state) == before


@pytest.mark.parametrize("move", [
    Move("play", Card.parse("KH"), "own", 0),      # would wrap to space 9 if unchecked
    Move("play", Card.parse("KH"), "own", 10),
    Move("play", Card.parse("KH"), "mine", 3),
    Move("play", Card.parse("KH"), "own", None),
    Move("fly", Card.parse("KH")),
    Move("discard", None),
])
def test_hand_built_bad_moves_are_refused_state_unchanged(move: Move) -> None:
    """A Move value made without Move.play/parse that aims nowhere is refused, never applied."""
    state = fresh()
    before = snapshot(state)
    with pytest.raises(IllegalMoveError):
        state.apply(move)
    assert snapshot(state) == before


@pytest.mark.parametrize("thing", [42, None, ("play", "KH"), 3.5])
def test_non_moves_are_refused(thing: object) -> None:
    """Anything that is neither a Move nor text is refused with a LeopardError."""
    state = fresh()
    before = snapshot(state)
    with pytest.raises(LeopardError):
        state.apply(thing)  # type: ignore[arg-type]
    assert snapshot(state) == before


def test_running_discard_after_a_play_is_refused_state_unchanged() -> None:
    """R8.3: no discard after a play; the turn in progress is untouched."""
    state = fresh("running")
    state.apply("KH to own 5")
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match=r"R8\.3"):
        state.apply("discard 5S")
    assert snapshot(state) == before


def test_moves_after_the_hand_is_over_are_refused() -> None:
    """R6.2: going out ends the hand at once; nothing may follow."""
    state = HandState.from_position(
        rules_for("standard"), Square.parse("AH,2H,3H/4H,5H,6H/7H,-,-"), Square.parse("-,-,-/-,-,-/-,-,-"),
        [Card.parse("KH")], stock=[Card.parse("3C")],
    )
    state.apply("out")
    before = snapshot(state)
    for move in ("KH to own 7", "discard KH", "out", "pass"):
        with pytest.raises(IllegalMoveError, match="over"):
            state.apply(move)
    assert snapshot(state) == before


def test_clone_is_independent() -> None:
    """clone(): moves on the copy never touch the original, and vice versa."""
    state = HandState.deal(rules_for("standard"), rng=random.Random(3))
    before = snapshot(state)
    copy = state.clone()
    assert snapshot(copy) == before
    copy.apply(copy.legal_moves()[0])
    assert snapshot(state) == before
    state.apply(state.legal_moves()[-1])
    assert snapshot(copy) != snapshot(state)


def test_unknown_variant_is_a_clear_error() -> None:
    """R8: only the three variants exist."""
    with pytest.raises(LeopardError, match="standard, classic, running"):
        rules_for("speed")
