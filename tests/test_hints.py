"""Hints (issue 10): the default level's move for the person's view, and a reason the rules confirm.

Reasons are checked against the reference scoring of ``conftest`` (written from RULES.md, R5 and
R7), applied to the TRUE state before and after the hinted move, never against the hint module.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from conftest import RED, REF_LINES, ref_hand_score, ref_raw_value, ref_top_suits
from hypothesis import given, settings
from hypothesis import strategies as st

from leopard_core.games.leopard.bots import DEFAULT_LEVEL, make_bot
from leopard_core.games.leopard.errors import LeopardError
from leopard_core.games.leopard.game import Game
from leopard_core.games.leopard.hints import hint, hint_seed, line_words
from leopard_core.games.leopard.moves import Move
from leopard_core.games.leopard.session import Session
from leopard_core.games.leopard.state import HandState
from leopard_core.webapi import handle

VARIANTS = ["standard", "classic", "running"]
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "red": "red", "black": "black"}


def ref_lines(n2: str, variant: str) -> set[tuple[tuple[int, ...], int, str]]:
    """Scoring lines of an N2 square by the reference: (spaces, points, suit letter or colour)."""
    suit_points = 2 if variant == "classic" else 3
    tops = ref_top_suits(n2)
    found = set()
    for line in REF_LINES:
        suits = [tops[s - 1] for s in line]
        if None in suits:
            continue
        if len(set(suits)) == 1:
            found.add((line, suit_points, str(suits[0])))
        elif len({s in RED for s in suits}) == 1:
            found.add((line, 1, "red" if suits[0] in RED else "black"))
    return found


def as_set(lines: list[dict[str, Any]]) -> set[tuple[tuple[int, ...], int, str]]:
    return {(tuple(line["spaces"]), line["points"], line["suit"]) for line in lines}


def person_positions(variant: str, seed: int, limit: int = 200) -> list[HandState]:
    """States of one hand where seat 0 is to move, the moves chosen by the greedy level."""
    game = Game(variant, hands=1, seed=seed)
    bots = [make_bot("greedy", f"{seed}:0"), make_bot("greedy", f"{seed}:1")]
    states = []
    state = game.state
    while not state.over and len(states) < limit:
        seat = state.to_move
        if seat == 0:
            states.append(state.clone())
        state.apply(bots[seat].choose(state.view(seat)))
    return states


def check_reason(state: HandState) -> dict[str, Any]:
    """Hint the person (seat 0) and check every number and line of its reason against the
    reference scoring of the true state before and after the move."""
    variant = state.rules.name
    view = state.view(0)
    given_hint = hint(view)
    move = given_hint.move
    assert str(move) in view["legal_moves"]
    after = state.clone()
    after.apply(move)
    data = given_hint.data
    for seat, key in ((0, "own"), (1, "opp")):
        before_n2, after_n2 = str(state.square(seat)), str(after.square(seat))
        facts = data[key]
        assert facts["raw_before"] == ref_raw_value(before_n2, variant)
        assert facts["raw_after"] == ref_raw_value(after_n2, variant)
        assert facts["score_before"] == ref_hand_score(facts["raw_before"], False, variant)
        assert facts["score_after"] == ref_hand_score(facts["raw_after"], False, variant)
        old, new = ref_lines(before_n2, variant), ref_lines(after_n2, variant)
        assert as_set(facts["gained"]) == new - old
        assert as_set(facts["lost"]) == old - new
    text, kind = given_hint.text, data["kind"]
    assert "\n" not in text and text
    if kind == "out":
        you, them = after.scores()
        assert (data["you"], data["computer"]) == (you, them)
        assert you == ref_hand_score(ref_raw_value(str(state.square(0)), variant), True, variant)
        assert text == f"go out now: you {you}, the computer {them}"
    elif kind == "complete":
        assert data["lines"] == data["own"]["gained"] and data["lines"]
        for line in data["lines"]:
            assert f"{line_words(line['spaces'])} in {SUIT_WORDS[line['suit']]} (+{line['points']})" in text
    elif kind == "spoil":
        lost = data["opp"]["lost"]
        assert data["lines"] == lost and not data["opp"]["gained"]
        assert f"({-sum(line['points'] for line in lost)} for the computer)" in text
    elif kind == "discard":
        helping = []
        for legal in view["legal_moves"]:
            trial = Move.parse(legal)
            if trial.kind != "play":
                continue
            probe = state.clone()
            probe.apply(trial)
            raws = [ref_raw_value(str(s.square(seat)), variant) for s in (state, probe) for seat in (0, 1)]
            if raws[2] > raws[0] or raws[3] < raws[1]:  # own square up, or the computer's down
                helping.append(legal)
        assert data["helps_now"] == helping
        assert ("none of your cards can help now" in text) == (not helping)
    else:
        assert kind in ("build", "block", "reopen", "cover", "end", "pass")
        if kind in ("build", "block", "reopen", "cover"):
            assert "points on average" in text
    return data


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_reason_matches_the_reference_scoring(variant: str) -> None:
    kinds = set()
    for seed in range(3):
        for state in person_positions(variant, seed):
            kinds.add(check_reason(state)["kind"])
    assert {"complete", "discard"} <= kinds or {"complete", "spoil"} <= kinds


def test_going_out_hint_gives_both_scores() -> None:
    seen = 0
    for seed in range(40):
        for state in person_positions("classic", seed):
            if "out" in [str(m) for m in state.legal_moves()] and hint(state.view(0)).move.kind == "out":
                check_reason(state)
                seen += 1
        if seen >= 2:
            break
    assert seen >= 1


def test_hint_is_the_default_levels_choice_and_legal() -> None:
    for state in person_positions("standard", 11, limit=12):
        view = state.view(0)
        expected = make_bot(DEFAULT_LEVEL, hint_seed(view)).choose(view)
        assert hint(view).move == expected
        assert str(expected) in view["legal_moves"]


def scrambled(state: HandState, rng: random.Random) -> HandState:
    """The same state with everything seat 0 cannot see changed: the computer's hand and the
    stock dealt anew from the same cards, and its face-down cards swapped for unseen ones of the
    same rank where there are any."""
    other = state.clone()
    pool = other.hands[1] + other.stock
    rng.shuffle(pool)
    for seat in (0, 1):
        for stack in other.stacks[seat]:
            for depth, (card, up, by) in enumerate(stack):
                if up or by != 1 or card is None:
                    continue
                same_rank = [i for i, c in enumerate(pool) if c.rank == card.rank and c != card]
                if same_rank:
                    i = rng.choice(same_rank)
                    pool[i], stack[depth] = card, (pool[i], up, by)
    count = len(other.hands[1])
    other.hands[1], other.stock = pool[:count], pool[count:]
    return other


@settings(max_examples=25)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6), at=st.integers(0, 60))
def test_hidden_information_never_changes_the_hint(variant: str, seed: int, at: int) -> None:
    states = person_positions(variant, seed, limit=at + 1)
    state = states[min(at, len(states) - 1)]
    other = scrambled(state, random.Random(seed))
    assert other.card_census() == state.card_census()
    unseen = state.hands[1] + state.stock
    assert len(set(unseen)) < 2 or other.hands[1] + other.stock != unseen  # something did change
    assert other.view(0) == state.view(0)
    first, second = hint(state.view(0)), hint(other.view(0))
    assert (first.move, first.text, first.data) == (second.move, second.text, second.data)


def test_hint_refused_when_not_your_turn_and_flag_is_saved() -> None:
    session = Session.new("standard", "random", hands=1, seed=21, bot_seed=21)
    while session.snapshot()["bot_to_move"]:
        session.bot_move()
    assert session.snapshot()["hints_used"] is False
    answer = session.hint()
    assert answer["move"] in session.snapshot()["legal_moves"]
    assert set(answer) == {"move", "reason", "reason_msg", "reason_data"}
    snap = Session.restore(session.save()).snapshot()
    assert snap["hints_used"] is True and snap["game"]["hints_used"] is True
    session.play(answer["move"])
    if session.snapshot()["bot_to_move"]:
        with pytest.raises(LeopardError, match="not your turn"):
            session.hint()


def test_webapi_hint() -> None:
    handle(json.dumps({"method": "new_game", "args": {"seed": 9, "bot_seed": 9, "hands": 1}}))
    snap = json.loads(handle('{"method": "snapshot"}'))["result"]
    while snap["bot_to_move"]:
        snap = json.loads(handle('{"method": "bot_move"}'))["result"]["snapshot"]
    answer = json.loads(handle('{"method": "hint"}'))
    assert answer["ok"] is True and answer["result"]["move"] in snap["legal_moves"]
    assert isinstance(answer["result"]["reason"], str) and answer["result"]["reason_data"]["kind"]
    assert json.loads(handle('{"method": "snapshot"}'))["result"]["hints_used"] is True
