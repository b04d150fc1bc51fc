"""Random-playout properties of the hunt game (H1.2, H7, H8), with hypothesis.

Games are random legal playouts from seeds, under both capture settings (H6).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leopard_core.games.hunt import (
    HuntError,
    HuntRules,
    HuntState,
    IllegalMoveError,
    Move,
    NotationError,
    SaveError,
)
from leopard_core.games.hunt.state import COW, LEOPARD


# Every game ends (H7.5): at most 16 cow placements + 2 leopard placements, 16 leopard turns
# meanwhile, then at most 12 captures each followed by at most move_limit quiet turns.
def turn_bound(rules: HuntRules) -> int:
    """An upper bound on the length of any game under ``rules``."""
    return 2 * 16 + 2 + 13 * (rules.move_limit + 1)


RULES = st.builds(HuntRules, compulsory_capture=st.booleans(), move_limit=st.sampled_from([10, 30, 100]))


def playout(seed: int, rules: HuntRules, stop: int | None = None) -> HuntState:
    """A random legal game (stopped after ``stop`` turns when given)."""
    rng = random.Random(seed)
    state = HuntState.new(rules)
    while not state.over and (stop is None or len(state.history) < stop):
        state.apply(rng.choice(state.legal_moves()))
    return state


def census(state: HuntState) -> tuple[int, int]:
    """(leopards on board + to place, cows on board + reserve + captured) from the raw board."""
    cows = sum(1 for c in state.board if c == COW)
    leopards = sum(1 for c in state.board if c == LEOPARD)
    return leopards + state.leopards_to_place, cows + state.reserve + state.captured


@given(st.integers(0, 2**32), RULES)
def test_h1_2_pieces_conserved_and_every_game_ends(seed: int, rules: HuntRules) -> None:
    rng = random.Random(seed)
    state = HuntState.new(rules)
    while not state.over:
        assert census(state) == (2, 24)
        assert 0 <= state.captured < 12
        state.apply(rng.choice(state.legal_moves()))
        assert len(state.history) <= turn_bound(rules)
    assert census(state) == (2, 24)
    assert state.reason and state.legal_moves() == []
    # H7.1 and H5.4: the leopards win exactly when the twelfth is taken, and never take a thirteenth
    assert (state.captured == 12) == ("H7.1" in state.reason)
    assert state.winner == ("L" if "H7.1" in state.reason or "H7.3" in state.reason else
                            "C" if "H7.2" in state.reason else None)


def snapshot(state: HuntState) -> tuple[object, ...]:
    """Everything a state holds, to prove a refusal changed nothing."""
    return (state.position, state.captured, state.quiet, list(state.history), dict(state.seen),
            state.winner, state.reason, [str(m) for m in state.legal_moves()])


MOVE_TEXT = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"[a-j][0-9](-[a-j][0-9]|(x[a-j][0-9]){1,3})?", fullmatch=True),
)


@given(st.integers(0, 2**32), RULES, st.integers(0, 120), st.lists(MOVE_TEXT, max_size=8))
def test_refusals_leave_the_state_unchanged(seed: int, rules: HuntRules, stop: int, texts: list[str]) -> None:
    state = playout(seed, rules, stop)
    legal = {str(m) for m in state.legal_moves()}
    for text in texts:
        before = snapshot(state)
        try:
            move = Move.parse(text)
        except NotationError as err:
            assert repr(text) in str(err)
            with pytest.raises(NotationError):
                state.apply(text)
            assert snapshot(state) == before
            continue
        if str(move) in legal:
            continue
        with pytest.raises(IllegalMoveError) as err:
            state.apply(text)
        assert str(move) in str(err.value) and err.value.reason
        assert snapshot(state) == before


@given(st.integers(0, 2**32), RULES, st.integers(0, 200))
def test_h8_every_legal_move_round_trips(seed: int, rules: HuntRules, stop: int) -> None:
    state = playout(seed, rules, stop)
    for move in state.legal_moves():
        assert Move.parse(str(move)) == move
        assert Move.parse(str(move).upper()) == move


@given(st.integers(0, 2**32), RULES, st.integers(0, 200))
def test_save_restore_round_trip(seed: int, rules: HuntRules, stop: int) -> None:
    state = playout(seed, rules, stop)
    again = HuntState.restore(state.save())
    assert snapshot(again) == snapshot(state)
    assert again.rules == state.rules
    assert again.save() == state.save()


@given(st.integers(0, 2**32), st.integers(0, 60))
def test_clone_is_independent(seed: int, stop: int) -> None:
    state = playout(seed, HuntRules(), stop)
    if state.over:
        return
    copy = state.clone()
    before = snapshot(state)
    copy.apply(copy.legal_moves()[0])
    assert snapshot(state) == before


def mutations(save: str) -> st.SearchStrategy[str]:
    """Saves with one character changed, cut short, or with a field replaced."""
    data = json.loads(save)
    fields = st.sampled_from(["format", "version", "rules", "moves"])
    values = st.one_of(
        st.none(), st.integers(), st.text(max_size=5), st.lists(st.text(max_size=6), max_size=4),
        st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    )
    replaced = st.tuples(fields, values).map(lambda fv: json.dumps({**data, fv[0]: fv[1]}))
    cut = st.integers(0, len(save)).map(lambda n: save[:n])
    flipped = st.tuples(st.integers(0, len(save) - 1), st.characters()).map(
        lambda ic: save[: ic[0]] + ic[1] + save[ic[0] + 1:])
    return st.one_of(replaced, cut, flipped)


SAMPLE_SAVE = playout(7, HuntRules(), 40).save()


@given(st.one_of(st.text(max_size=200), mutations(SAMPLE_SAVE), st.from_type(type(None)), st.integers()))
def test_any_input_to_restore_gives_a_game_or_the_save_error(text: object) -> None:
    try:
        state = HuntState.restore(text)
    except SaveError:
        return
    assert isinstance(state, HuntState)
    assert census(state) == (2, 24)
    assert HuntState.restore(state.save()).position == state.position


def test_restore_refuses_an_illegal_move_list() -> None:
    data = json.loads(SAMPLE_SAVE)
    data["moves"] = ["e5", "c3", "d3-d2"]
    with pytest.raises(SaveError, match="move 3"):
        HuntState.restore(json.dumps(data))
    data["moves"] = ["d3"]   # H3.3: the first leopard must be able to attack
    with pytest.raises(SaveError, match="move 1"):
        HuntState.restore(json.dumps(data))
    data = {**json.loads(SAMPLE_SAVE), "version": 2}
    with pytest.raises(SaveError, match="version"):
        HuntState.restore(json.dumps(data))
    assert issubclass(SaveError, HuntError) and issubclass(HuntError, ValueError)
