"""The move notation (E15): parse, print, round-trip, and errors that quote the input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leopard_core.cards import ALL_CARDS
from leopard_core.games.eleusis.errors import MoveNotationError
from leopard_core.games.eleusis.moves import DEAL_RANDOM, NO_PLAY, PASS, PROPHET, Move

RULE_TEXT = st.text(alphabet="abcdefghijklmnopqrstuvwxyz(),.0123456789 ", min_size=1).filter(str.strip)
MOVES = st.one_of(
    st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=8).map(Move.play),
    st.sampled_from([NO_PLAY, PASS, PROPHET, DEAL_RANDOM, Move.judge(True), Move.judge(False)]),
    RULE_TEXT.map(Move.guess), RULE_TEXT.filter(lambda t: t.strip().lower() != "random").map(Move.deal),
)


@given(MOVES)
def test_e15_3_every_move_round_trips(move: Move) -> None:
    assert Move.parse(str(move)) == move
    assert str(Move.parse(str(move).upper() if move.kind in ("play", "noplay") else str(move))) == str(move)


def test_e15_2_the_forms() -> None:
    assert str(Move.parse("Play 7h")) == "play 7H"
    assert str(Move.parse("play 7H 8d TC")) == "play 7H 8D 10C"
    assert Move.parse(" NOPLAY ") == NO_PLAY and Move.parse("prophet") == PROPHET
    assert Move.parse("pass") == PASS
    assert Move.parse("judge wrong") == Move.judge(False) and not Move.judge(False).verdict
    assert Move.parse("guess   differ(colour) ").text == "differ(colour)"
    assert Move.parse("deal RANDOM") == DEAL_RANDOM


@pytest.mark.parametrize(("text", "quoted"), [
    ("play 7Z", "'7Z'"), ("play", "'play'"), ("judge maybe", "'judge maybe'"), ("guess", "'guess'"),
    ("deal  ", "'deal  '"), ("", "''"), ("hello", "'hello'"), ("noplay now", "'noplay now'"),
])
def test_e15_bad_text_is_refused_quoting_it(text: str, quoted: str) -> None:
    with pytest.raises(MoveNotationError) as info:
        Move.parse(text)
    assert quoted in str(info.value)
    assert info.value.msg.code.startswith("eleusis.notation.")


def test_e15_not_text_is_refused() -> None:
    with pytest.raises(MoveNotationError, match="bad move 7"):
        Move.parse(7)
