"""The hunt bots play legal moves for either side, deterministically per seed; the match runs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leopard_core.games.hunt import HuntError, HuntRules, HuntState
from leopard_core.games.hunt.bots import LEVELS, SearchBot, SearchSettings, make_bot
from leopard_core.games.hunt.match import play_game, run_match

FAST = ["random", "greedy", "search:150"]
# H2.3 reading order, by hand
ORDER = " ".join([
    "c9 e9 g9", "d8 e8 f8", "a7 c7 d7 e7 f7 g7 i7", "b6 c6 d6 e6 f6 g6 h6", "a5 b5 c5 d5 e5 f5 g5 h5 i5",
    "b4 c4 d4 e4 f4 g4 h4", "a3 c3 d3 e3 f3 g3 i3", "d2 e2 f2", "c1 e1 g1",
]).split(" ")


def random_position(seed: int, turns: int, rules: HuntRules) -> HuntState:
    """A position reached by random legal play."""
    rng = random.Random(seed)
    state = HuntState.new(rules)
    while not state.over and len(state.history) < turns:
        state.apply(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=40)
@given(st.integers(0, 2**32), st.integers(0, 90), st.booleans(), st.sampled_from(FAST))
def test_bots_choose_legal_moves_for_either_side(seed: int, turns: int, compulsory: bool, level: str) -> None:
    state = random_position(seed, turns, HuntRules(compulsory_capture=compulsory))
    if state.over:
        return
    before = state.save()
    move = make_bot(level, seed).choose(state)
    assert move in state.legal_moves()
    assert state.save() == before            # choosing changes nothing


@pytest.mark.parametrize("leopards", FAST)
@pytest.mark.parametrize("cows", FAST)
def test_whole_games_between_levels_end_with_legal_moves(leopards: str, cows: str) -> None:
    record = play_game(leopards, cows, seed=3)   # play_game applies each move with the checks on
    assert record.reason and record.turns > 0


def test_the_default_search_level_plays_a_legal_move() -> None:
    state = random_position(5, 16, HuntRules())
    assert not state.over
    assert make_bot("search", 1).choose(state) in state.legal_moves()
    assert set(LEVELS) == {"random", "greedy", "search"}


@pytest.mark.parametrize("level", FAST)
def test_same_seed_same_moves(level: str) -> None:
    first = play_game(level, level, seed=11)
    second = play_game(level, level, seed=11)
    assert (first.winner, first.reason, first.turns, first.captured) == (
        second.winner, second.reason, second.turns, second.captured)


def test_search_takes_a_capture_that_wins() -> None:
    # 13 cows, 11 captured: the leopard on e5 can take the twelfth (H7.1), optional capture (H6.2),
    # so a step is legal too; the search must prefer the win.
    cells = {"e5": "L", "a3": "L"}
    herd = "e6 c9 e9 g9 d8 f8 c1 e1 g1 d2 e2 f2 i5"
    cells.update(dict.fromkeys(herd.split(), "C"))
    text = "".join(cells.get(name, ".") for name in ORDER)
    state = HuntState.from_position(f"{text} L 0 0", HuntRules(compulsory_capture=False))
    bot = SearchBot(0, SearchSettings(nodes=2000, time_cap=None))
    assert str(bot.choose(state)) == "e5xe7"


def test_cows_search_guards_a_threatened_cow() -> None:
    # Cows to place; the leopard on e5 threatens the cow on e6 (e7 empty): placing on e7 is the
    # only placement that leaves no capture, and a two-turn search must find it.
    cells = {"e5": "L", "a3": "L", "e6": "C"}
    text = "".join(cells.get(name, ".") for name in ORDER)
    state = HuntState.from_position(f"{text} C 20 0")
    assert str(SearchBot(0, SearchSettings(nodes=3000, time_cap=None)).choose(state)) == "e7"


def test_unknown_level_is_refused() -> None:
    with pytest.raises(HuntError, match="unknown level"):
        make_bot("grandmaster")
    with pytest.raises(HuntError):
        make_bot("search:0")


def test_match_counts_add_up() -> None:
    result = run_match("greedy", "random", games=3, seed=2)
    counts = result.counts()
    assert sum(counts.values()) == 3
    assert 0 <= result.mean_captured() <= 12
