"""Reviewing a played hand of the card game (issue 35, ``leopard_core.games.leopard.review``).

The review must judge each of the person's moves from what they could see (never the computer's
hand, the stock order or the computer's face-down cards), flag a plainly bad move with a positive
cost, never flag the move it calls best, and play on from a step with the same deal and computer.
The bridge methods are exercised as the page calls them (``handle`` with JSON text).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import rehide

from leopard_core.cards import parse_cards
from leopard_core.games.leopard.autoplay import play_game
from leopard_core.games.leopard.bots import make_bot
from leopard_core.games.leopard.moves import Move
from leopard_core.games.leopard.pass_and_play import PassAndPlaySession
from leopard_core.games.leopard.review import (
    PlayedHand,
    ReviewError,
    Work,
    review_decision,
    review_step,
)
from leopard_core.games.leopard.rules import rules_for
from leopard_core.games.leopard.session import BOT, HUMAN, Session
from leopard_core.games.leopard.squares import Square
from leopard_core.games.leopard.state import HandState
from leopard_core.webapi import handle

LIGHT = Work(screen=4, keep=3, worlds=8, finalists=2, final_worlds=16)
"""A small review for tests of what it says, not of how well: the same rounds, fewer worlds."""


def call(method: str, client: str = "", **args: Any) -> dict[str, Any]:
    request = {"method": method, "args": args, "client": client}
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return answer


def finished_game(seed: int, hands: int = 1, level: str = "greedy") -> Session:
    """A game against the computer played to its end, the person's moves by the greedy level."""
    session = Session.new("standard", level, hands=hands, seed=seed, bot_seed=seed + 1)
    return play_game(session, make_bot("greedy", f"person:{seed}"))


def hidden_variants() -> tuple[HandState, HandState]:
    """Two true states that the person sees alike: the computer's hand, the stock order and the
    identity of the card it played face down on its own space 5 differ."""
    rules = rules_for("standard")
    own = Square.parse("AH,2H,-/-,-,-/7S,-,9H")
    hand = parse_cards("3H,7C,KS,JC,5D")

    def state(face_down: str, opp_hand: str, stock: str) -> HandState:
        opp = Square.parse(f"-,2C,-/-,10H.~{face_down},-/-,8D,-")
        made = HandState.from_position(rules, own, opp, hand, opp_hand=parse_cards(opp_hand),
                                       stock=parse_cards(stock), discards=parse_cards("4C"))
        return made

    first = state("JS", "4D,5C,6S,7H,8S,9S,10C,KD", "5S,6C,8H,9D,2S,4S,KC,QD,10S,9C")
    second = state("QD", "9C,10S,QH,2S,3C,6D,7D,8C", "4S,KD,5C,8S,4D,6S,7H,KC,5S,JD")
    return first, second


def test_the_review_never_uses_hidden_information() -> None:
    first, second = hidden_variants()
    assert first.view(HUMAN) == second.view(HUMAN)
    assert first.hand(BOT) != second.hand(BOT) and first.stock != second.stock
    assert first.stacks[BOT][4] != second.stacks[BOT][4]  # the face-down card itself differs
    for played in ("KS to own 5", "JC to opp 5", "discard 5D"):
        one = review_decision(first, Move.parse(played)).as_json()
        other = review_decision(second, Move.parse(played)).as_json()
        assert one == other
        assert len(one["moves"]) >= 2 and one["playouts"] > 100  # a review was made, not skipped


def test_every_step_of_a_played_hand_is_reviewed_alike_whatever_the_hidden_cards() -> None:
    """Real positions of a played hand, each against a copy where the computer's hand, the stock
    order and the computer's face-down cards are changed (``conftest.rehide``)."""
    session = finished_game(3)
    played = PlayedHand(session)
    rng = random.Random(35)
    late = [step for step in played.person_steps() if len(played.state_before(step).legal_moves()) > 1]
    face_down = 0
    for step in late[len(late) // 2 :][:6]:
        state = played.state_before(step)
        other = state.clone()
        rehide(other, BOT, rng)
        assert (other.hands[BOT], other.stock) != (state.hands[BOT], state.stock)
        face_down += other.stacks != state.stacks
        move = played.history[step][1]
        assert review_decision(state, move, LIGHT).as_json() == review_decision(other, move, LIGHT).as_json()
    assert face_down > 0, "no step had a face-down card of the computer to change"


def test_the_same_decision_always_gets_the_same_review() -> None:
    first, _ = hidden_variants()
    played = Move.parse("discard 5D")
    assert review_decision(first, played).as_json() == review_decision(first.clone(), played).as_json()


def line_completing_position() -> HandState:
    """The person holds the 3 of hearts that completes row 1-2-3 in hearts (3 points, R5.1)."""
    rules = rules_for("standard")
    return HandState.from_position(
        rules, Square.parse("AH,2H,-/-,-,-/-,-,-"), Square.parse("-,-,-/-,-,-/-,-,-"),
        parse_cards("3H,7S,9D"), opp_hand=parse_cards("4D,5D,6S,7C,8S,9S,10C,KD"),
        stock=parse_cards("5C,6C,8D,9C,2S,4S,KC,QD,10S,9H,6H,8C"))


def test_discarding_the_card_that_completes_a_line_is_a_costly_slip() -> None:
    state = line_completing_position()
    review = review_decision(state, Move.parse("discard 3H"))
    assert str(review.best) == "3H to own 3"
    assert not review.as_good
    assert review.cost >= 1.0 and review.cost > review.spread > 0
    assert review.reason_msg.code == "hint.complete"
    assert review.played_reason_msg.code == "hint.discard_keep"
    answer = review.as_json()
    margins = answer["margin_after_best"] - answer["margin_after_played"]
    assert margins == pytest.approx(answer["cost"], abs=0.02)


def test_the_best_move_is_never_flagged() -> None:
    session = finished_game(5)
    played = PlayedHand(session)
    steps = [step for step in played.person_steps() if len(played.state_before(step).legal_moves()) > 1]
    assert len(steps) >= 5
    for step in steps[:8]:
        state = played.state_before(step)
        first = review_decision(state, played.history[step][1], LIGHT)
        best = next(value for value in first.moves if value.move == first.best)
        assert (best.cost, best.spread, best.as_good) == (0.0, 0.0, True)
        again = review_decision(state, first.best, LIGHT)
        assert again.best == first.best
        assert (again.cost, again.spread, again.as_good) == (0.0, 0.0, True)
        assert all(value.cost >= 0 for value in first.moves)


def test_review_open_replays_the_hand_as_the_person_saw_it() -> None:
    session = next(s for s in (finished_game(seed) for seed in range(40))
                   if any(seat == BOT and move.card is not None and move.card.rank in (11, 12)
                          for seat, move in s.game.hands[0].history))
    answer = call("review_open", text=session.save())
    assert answer["ok"], answer
    review = answer["result"]
    history = session.game.hands[0].history
    assert (review["hands"], review["hand"]) == (1, 0)
    assert len(review["steps"]) == len(history)
    assert review["person_steps"] == [i for i, (seat, _) in enumerate(history) if seat == HUMAN]
    replay = session.game.dealt(0)
    face_down_by_computer = 0
    for step, (seat, move) in zip(review["steps"], history, strict=True):
        table = step["table"]
        assert sorted(table["hand"]) == sorted(str(card) for card in replay.hands[HUMAN])
        assert "opp_hand" not in table and "stock" not in table
        assert table["opp_hand_count"] == len(replay.hands[BOT])
        for layer in (layer for stack in table["opp"]["stacks"] for layer in stack):
            assert layer["up"] or layer["card"] is None or layer["card"][0] in "JQ"
        assert step["seat"] == ("person" if seat == HUMAN else "computer")
        if seat == BOT and move.card is not None and move.card.rank in (11, 12):
            face_down_by_computer += 1
            assert step["move"].startswith("~ to ") and step["entry"]["card"] is None
            assert str(move.card) not in json.dumps(step["entry"])
        else:
            assert step["move"] == str(move)
        replay.apply(move)
    assert face_down_by_computer >= 1
    final = review["final"]
    assert (final["own"], final["opp"]) == session.game.hands[0].scores()
    assert final["margin"] == final["own"] - final["opp"]


def test_the_computer_face_down_cards_stay_face_down_in_every_table() -> None:
    session = finished_game(3)
    review = call("review_open", text=session.save())["result"]
    replay = session.game.dealt(0)
    hidden_seen = 0
    for step, (_, move) in zip(review["steps"], session.game.hands[0].history, strict=True):
        for owner, key in ((HUMAN, "own"), (BOT, "opp")):
            for true_stack, stack in zip(replay.stacks[owner], step["table"][key]["stacks"], strict=True):
                for (card, face_up, by), layer in zip(true_stack, stack, strict=True):
                    assert layer["up"] == face_up
                    if not face_up and by == BOT:
                        assert layer["card"] is None
                        hidden_seen += 1
                    else:
                        assert layer["card"] == str(card)
        replay.apply(move)
    assert hidden_seen > 0


def test_review_step_answers_the_contract() -> None:
    session = finished_game(7)
    text = session.save()
    review = call("review_open", text=text)["result"]
    index = review["person_steps"][2]
    answer = call("review_step", text=text, index=index)
    assert answer["ok"], answer
    step = answer["result"]
    assert step["index"] == index
    assert step["played"] == str(session.game.hands[0].history[index][1])
    for key in ("best", "moves", "cost", "spread", "as_good", "reason_msg", "played_reason_msg",
                "margin_before", "margin_after_played", "margin_after_best"):
        assert key in step
    assert step["moves"][0]["move"] == step["best"] and step["moves"][0]["cost"] == 0
    assert step["played"] in [value["move"] for value in step["moves"]]
    assert step["reason_msg"]["code"].startswith("hint.")
    assert step["as_good"] == (step["cost"] <= step["spread"])
    assert step["margin_before"] == step["margin_after_best"] >= step["margin_after_played"]


def test_review_without_text_reviews_the_callers_game() -> None:
    session = finished_game(9, hands=2)
    assert call("restore", client="review-test", text=session.save())["ok"]
    review = call("review_open", client="review-test")["result"]
    assert review["hand"] == 1 and review["hands"] == 2
    first = call("review_open", client="review-test", hand=0)["result"]
    assert len(first["steps"]) == len(session.game.hands[0].history)


def refused(answer: dict[str, Any], code: str) -> None:
    assert answer["ok"] is False and answer["kind"] == "bad_request", answer
    assert answer["msg"]["code"] == code, answer


def test_a_hand_in_play_and_other_wrong_asks_are_refused_clearly() -> None:
    session = Session.new("standard", "greedy", hands=2, seed=11, bot_seed=12)
    refused(call("review_open", text=session.save()), "review.nothing_finished")
    done = finished_game(11, hands=1)
    text = done.save()
    refused(call("review_open", text=text, hand=1), "review.bad_hand")
    refused(call("review_open", text=text, hand="0"), "review.bad_hand")
    history = done.game.hands[0].history
    computer_step = next(i for i, (seat, _) in enumerate(history) if seat == BOT)
    refused(call("review_step", text=text, index=computer_step), "review.not_person_step")
    refused(call("review_step", text=text, index=len(history)), "review.bad_index")
    refused(call("review_step", text=text), "review.bad_index")
    refused(call("review_play_on", text=text, index=computer_step), "review.not_person_step")
    two = finished_game(13, hands=2)
    two.game.hands.pop()  # the second hand in play: rebuild it as the game's current hand
    two.game.next_hand()
    refused(call("review_open", text=two.save(), hand=1), "review.hand_in_play")
    assert call("review_open", text=two.save())["result"]["hand"] == 0
    people = PassAndPlaySession.new("standard", 1, 5, True, None)
    with pytest.raises(ReviewError) as err:
        review_step(people, None, 0)
    assert err.value.msg.code == "review.two_people"
    assert call("review_open", text="{}")["kind"] == "corrupt_save"


def test_play_on_starts_a_practice_game_at_that_step_with_the_same_deal_and_computer() -> None:
    session = finished_game(21, hands=2)
    text = session.save()
    assert call("restore", client="kept", text=text)["ok"]
    played = PlayedHand(session, 0)
    step = played.person_steps()[4]
    answer = call("review_play_on", client="practice", text=text, hand=0, index=step)
    assert answer["ok"], answer
    snap = answer["result"]
    before = played.state_before(step)
    view = before.view(HUMAN)
    assert snap["practice"] is True and snap["bot_to_move"] is False
    for key in ("own", "opp", "hand", "discards", "stock_count", "opp_hand_count", "legal_moves", "log"):
        assert snap[key] == view[key], key
    assert snap["game"]["hand_number"] == 1
    practice = call("save", client="practice")["result"]["text"]
    restored = Session.restore(practice)
    assert restored.practice is True
    state = restored.game.state
    assert state.hands == before.hands and state.stock == before.stock and state.stacks == before.stacks
    # The same move brings the same reply from the computer as in the game played.
    original_move = played.history[step][1]
    assert call("play", client="practice", move=str(original_move))["ok"]
    while call("snapshot", client="practice")["result"]["bot_to_move"]:
        assert call("bot_move", client="practice")["ok"]
    replayed = Session.restore(call("save", client="practice")["result"]["text"]).game.state.history
    assert replayed == played.history[: len(replayed)]
    refused(call("game_record", client="practice"), "stats.practice")
    # The kept game is untouched, under its own client.
    assert call("save", client="kept")["result"]["text"] == text
    assert call("compare_save", client="kept", text=practice)["result"]["relation"] == "other_game"


def test_a_normal_game_is_not_practice_and_its_save_is_unchanged() -> None:
    session = finished_game(2)
    assert session.snapshot()["practice"] is False
    assert "practice" not in json.loads(session.save())
    assert session.game_record("2026-01-01T00:00:00Z")["hands"] == 1  # counted as before


def test_a_practice_flag_that_is_not_true_or_false_is_a_corrupt_save() -> None:
    data = json.loads(finished_game(2).save())
    data["practice"] = "yes"
    answer = call("restore", client="review-test", text=json.dumps(data))
    assert answer["kind"] == "corrupt_save" and answer["msg"]["code"] == "save.practice"


def test_a_reason_never_names_a_card_the_computer_played_face_down() -> None:
    """The review's reasons come from the person's view, where the computer's face-down queen on
    its space 5 is a card of unknown identity: "covers the computer's card", not a stand-in."""
    rules = rules_for("standard")
    state = HandState.from_position(
        rules, Square.parse("-,-,-/-,-,-/-,-,-"), Square.parse("4D,-,-/-,10H.~QD,-/-,-,-"),
        parse_cards("JC,KS"), opp_hand=parse_cards("4C,5H"), stock=parse_cards("5C,6C,7D,8D"))
    review = review_decision(state, Move.parse("JC to opp 5"), LIGHT)
    reason = review.played_reason_msg
    assert reason.code == "hint.block_jack"
    assert str(reason).startswith("covers the computer's card on space 5")
    assert "jack" not in str(reason) and "queen" not in str(reason)
