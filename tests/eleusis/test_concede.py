"""The dealer ends a hand nobody is finding (docs/eleusis-rules.md E10.6, issue 33 item 6).

A person who dealt a rule beyond the computer players used to watch up to 300 turns in which
nobody could act. The seat that dealt may now end the hand at any moment of play (``concede``): the
players' cards are counted as at any end, and the dealer scores zero, or less when the usual
dealer's score is below zero (Express scores may be).
"""

from __future__ import annotations

import pytest

from leopard_core.games.eleusis.errors import EleusisError, IllegalMove
from leopard_core.games.eleusis.moves import Move
from leopard_core.games.eleusis.scoring import eleusis_scores, express_scores
from leopard_core.games.eleusis.session import EleusisSession

HARD = "if(last.high, even, face)"  # a rule the novices take long to find


def dealt(game: str, turns: int) -> EleusisSession:
    """The person deals HARD to three novices, who play ``turns`` moves."""
    session = EleusisSession.new(
        {"game": game, "bots": 3, "levels": ["novice"] * 3, "seed": 11, "rule": HARD})
    for _ in range(turns):
        session.bot_move()
    return session


@pytest.mark.parametrize("game", ["express", "eleusis"])
def test_the_person_who_dealt_ends_the_hand_and_scores_nothing(game: str) -> None:
    session = dealt(game, 12)
    held = [None, *(len(h) for h in session.table.hand.hands[1:])]
    snap = session.concede()
    assert snap["over"] and snap["phase"] == "over"
    result = snap["results"][-1]
    assert result["reason_msg"] == {"code": "eleusis.end.conceded", "params": {"seat": 0}}
    assert result["held"] == held
    usual = (express_scores(held, None, None) if game == "express" else eleusis_scores(held, None))
    assert result["scores"] == list(usual.players)  # the players' cards counted as at any end
    assert result["dealer_score"] == min(0, usual.dealer)
    assert result["rule"] == HARD  # shown to everybody (E10.5)


def test_a_conceded_hand_is_saved_and_restored() -> None:
    session = dealt("eleusis", 7)
    session.concede()
    again = EleusisSession.restore(session.save())
    assert again.snapshot()["results"] == session.snapshot()["results"]


def test_only_the_person_who_dealt_may_end_the_hand() -> None:
    session = EleusisSession.new({"game": "express", "bots": 2, "levels": ["novice"] * 2, "seed": 11})
    with pytest.raises(EleusisError) as refused:
        session.concede()
    assert refused.value.msg.code == "eleusis.session.not_dealer"
    with pytest.raises(IllegalMove) as illegal:
        session.table.apply(Move.parse("concede"))  # the computer dealer's hand has no dealing seat
    assert illegal.value.reason_msg.code == "eleusis.illegal.no_dealer"
    assert Move.parse("Concede") == Move("concede") and str(Move("concede")) == "concede"
