"""Computer players that hold back (docs/eleusis-rules.md E16.7, issue 33 item 9).

With 3 pupils and 2 computer players on an easy rule, a Novice ended the hand after 3 rounds. The
teacher may have the computer players neither guess nor declare themselves the prophet for a number
of rounds, or never; they still play their cards.
"""

from __future__ import annotations

import pytest

from leopard_core.games.eleusis.errors import EleusisError
from leopard_core.games.eleusis.moves import Move
from leopard_core.games.eleusis.session import EleusisSession

SEED = 14  # a Novice guesses the easy rule on the ninth turn (in the second round); the seed is
# re-chosen when the Novice's way of guessing changes, so that the complaint stays the starting point
ARGS = {"game": "express", "people": ["Ana", "Ben", "Cleo"], "bots": 2, "levels": ["novice"] * 2,
        "difficulty": "easy"}


def computer_moves(hold_back: int | str, seed: int) -> list[tuple[int, str, int]]:
    """(turn, move, seats) of the computer players' moves over the first hand, the people playing
    their first listed card and never guessing."""
    session = EleusisSession.new({**ARGS, "seed": seed, "hold_back": hold_back})
    moves = []
    for _ in range(400):
        table = session.table
        seat = table.to_move()
        if seat is None or table.hand.number > 0:
            break
        if session.is_person(seat):
            session.revealed = True
            legal = table.legal_moves()
            session.persons_move(Move.parse("pass" if "pass" in legal else legal[0]))
        else:
            turn = table.hand.turns
            moves.append((turn, session.bot_move()["move"], table.seats()))
    return moves


def first_guess(moves: list[tuple[int, str, int]]) -> int | None:
    return next((turn for turn, move, _ in moves if move.startswith("guess") or move == "prophet"), None)


def test_without_holding_back_a_novice_guesses_the_easy_rule_early() -> None:
    turn = first_guess(computer_moves(0, SEED))
    assert turn is not None and turn < 2 * 5  # within two rounds: the complaint


@pytest.mark.parametrize("rounds", [5, 8])
def test_holding_back_for_some_rounds_delays_every_guess(rounds: int) -> None:
    moves = computer_moves(rounds, SEED)
    turn = first_guess(moves)
    assert turn is None or turn >= rounds * 5
    assert any(move.startswith("play") for _, move, _ in moves)


def test_holding_back_for_good_means_no_guess_at_all() -> None:
    moves = computer_moves("never", SEED)
    assert first_guess(moves) is None and any(move.startswith("play") for _, move, _ in moves)


def test_the_setting_is_checked_and_saved() -> None:
    with pytest.raises(EleusisError) as refused:
        EleusisSession.new({**ARGS, "seed": 1, "hold_back": "soon"})
    assert refused.value.msg.code == "eleusis.session.hold_back"
    session = EleusisSession.new({**ARGS, "seed": 1, "hold_back": 4})
    assert EleusisSession.restore(session.save()).hold_back == 4
