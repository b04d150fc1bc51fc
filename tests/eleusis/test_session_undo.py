"""Taking back a move (docs/eleusis-rules.md E18) and the person's record of a finished hand.

Only ``pass`` and ``prophet`` (nobody judges them) may be taken back, by the person, until the next
player moves; every judged move is final. The hands below are seeded: with the rule "odd" and seed 4,
the Express table deals the person AS AH AH AD 5H 5H 5D 7H 9D 10H JC KC after the starter KH, and
the Eleusis table (four seats) 2D 3S 5S ... after the starter 9H (read once from the table, then
written here by hand).
"""

from __future__ import annotations

import json

import pytest

from leopard_core.games.eleusis.errors import IllegalMove
from leopard_core.games.eleusis.moves import Move
from leopard_core.games.eleusis.session import EleusisSession
from leopard_core.games.eleusis.table import EleusisTable, Settings


def session(game: str, seats: int) -> EleusisSession:
    table = EleusisTable.new(Settings(game, seats, (None,), "easy"), 4, rule="odd")
    return EleusisSession(table, [None, *["random"] * (seats - 1)], 4)


def test_going_on_without_a_guess_is_taken_back_until_the_next_player_moves() -> None:
    s = session("express", 3)
    after_play = s.persons_move(Move.parse("play AS"))
    assert after_play["phase"] == "guess" and after_play["undoable"] is False  # the card was judged
    passed = s.persons_move(Move.parse("pass"))
    assert passed["to_move"] == 1 and passed["undoable"] is True
    back = s.undo()
    assert (back["phase"], back["to_move"], back["undoable"]) == ("guess", 0, False)
    assert back["mainline"] == ["KH", "AS"] and len(back["hand"]) == 11
    # The game's moves so far, the page's mark of a position: one more for each move, one less back.
    assert (after_play["moves"], passed["moves"], back["moves"]) == (1, 2, 1)
    s.persons_move(Move.parse("pass"))
    s.bot_move()
    with pytest.raises(IllegalMove) as refused:
        s.undo()
    assert refused.value.reason_msg.code == "eleusis.illegal.no_undo"


def test_a_judged_play_is_never_taken_back() -> None:
    s = session("express", 3)
    s.persons_move(Move.parse("play 10H"))  # even: wrong, two penalty cards
    with pytest.raises(IllegalMove):
        s.undo()
    assert s.snapshot()["undoable"] is False


def test_a_declaration_of_prophet_taken_back_was_never_made() -> None:
    s = session("eleusis", 4)
    declaring = s.persons_move(Move.parse("play 3S"))
    assert declaring["phase"] == "declare"
    prophet = s.persons_move(Move.parse("prophet"))
    assert (prophet["prophet"], prophet["marker"], prophet["undoable"]) == (0, 1, True)
    back = s.undo()
    lifted = (back["prophet"], back["marker"], back["been_prophet"], back["phase"])
    assert lifted == (None, None, [], "declare")
    assert s.persons_move(Move.parse("prophet"))["prophet"] == 0  # still allowed: it never happened


def test_the_chance_to_take_back_survives_a_save() -> None:
    s = session("express", 3)
    s.persons_move(Move.parse("play AS"))
    s.persons_move(Move.parse("pass"))
    restored = EleusisSession.restore(s.save())
    assert restored.snapshot()["undoable"] is True
    assert restored.undo()["phase"] == "guess"
    older = json.loads(s.save())
    del older["undo_from"]
    assert EleusisSession.restore(json.dumps(older)).snapshot()["undoable"] is False


def test_a_guess_that_ends_the_hand_is_recorded_as_found_with_the_cards_it_needed() -> None:
    s = session("express", 3)
    s.persons_move(Move.parse("play AS"))
    end = s.persons_move(Move.guess("odd"))
    assert end["over"] and end["undoable"] is False
    # Starter KH and AS: two cards; 12 - 11 held + 6 for the guess = 7; the others 12 - 12 = 0.
    assert end["records"] == [{"hand": 0, "game": "express", "difficulty": "easy", "found": True,
                               "cards": 2, "won": True, "score": 7}]


def test_a_hand_still_going_has_no_record() -> None:
    assert session("express", 3).snapshot()["records"] == []
