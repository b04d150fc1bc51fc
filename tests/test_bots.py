"""The computer players: the interface contract, fair play, determinism and a smoke match.

Strength is measured by ``python -m leopard_core simulate`` and bench/bot_speed.py, never here.
"""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest

from leopard_core.cards import JACK, QUEEN
from leopard_core.cli import main
from leopard_core.games.leopard import Card, HandState, LeopardError, Move, full_deck, rules_for
from leopard_core.games.leopard.bots import DEFAULT_LEVEL, LEVELS, make_bot, make_omniscient
from leopard_core.games.leopard.bots.search import SearchBot, Settings, evaluator_for
from leopard_core.games.leopard.bots.worlds import ME, THEM, Knowledge
from leopard_core.games.leopard.match import percentile, run_match, summary

VARIANTS = ("standard", "classic", "running")


def random_positions(variant: str, count: int, seed: int) -> list[HandState]:
    """``count`` states at random moments of random hands (random play), mover to act."""
    rng = random.Random(seed)
    found: list[HandState] = []
    while len(found) < count:
        state = HandState.deal(rules_for(variant), dealer=rng.randrange(2), rng=rng)
        while not state.over and len(found) < count:
            if rng.random() < 0.15:
                found.append(state.clone())
            state.apply_unchecked(rng.choice(state.legal_moves()))
    return found


# ----------------------------------------------------------------- interface contract
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", ["random", "greedy"])
def test_cheap_levels_return_legal_moves_in_thousands_of_views(variant: str, level: str) -> None:
    bot = make_bot(level, seed=1)
    for state in random_positions(variant, 1500, seed=hash(level) % 1000):
        move = bot.choose(state.view(state.to_move))
        assert isinstance(move, Move)
        assert move in state.legal_moves(), state.position_text()


@pytest.mark.parametrize("variant", VARIANTS)
def test_search_levels_return_legal_moves_with_tiny_budgets(variant: str) -> None:
    bot = make_bot("mc:12", seed=2)
    omniscient = make_omniscient(seed=2, budget=12)
    for state in random_positions(variant, 30, seed=5):
        assert bot.choose(state.view(state.to_move)) in state.legal_moves()
        assert omniscient.choose_from_state(state.clone()) in state.legal_moves()


def test_every_offered_level_plays_a_legal_move_and_names_are_checked() -> None:
    assert LEVELS[0] == "random" and DEFAULT_LEVEL in LEVELS and "omniscient" not in LEVELS
    state = random_positions("standard", 1, seed=9)[0]
    for level in LEVELS:
        assert make_bot(level, seed=0).choose(state.view(state.to_move)) in state.legal_moves()
    assert make_bot("mc:40:2:3", seed=0).choose(state.view(state.to_move)) in state.legal_moves()
    for bad in ("omniscient", "expert", "mc:x", "mc:0", "mc:10:0", "mc:1:2:3:4"):
        with pytest.raises(LeopardError):
            make_bot(bad, seed=0)


def test_a_bot_asked_out_of_turn_raises_a_clear_error() -> None:
    state = random_positions("standard", 1, seed=3)[0]
    waiting = state.view(1 - state.to_move)
    for level in LEVELS:
        with pytest.raises(LeopardError, match="no legal move"):
            make_bot(level, seed=0).choose(waiting)


# ----------------------------------------------------------------- fair play (R3.3)
def with_hidden_information_changed(state: HandState, seed: int) -> HandState:
    """The same state for the mover's eyes: the opponent's hand and the stock reshuffled together,
    and each face-down card the opponent played swapped for another J (or Q on its own square)."""
    rng = random.Random(seed)
    other = state.clone()
    me, them = state.to_move, 1 - state.to_move
    pool = other.hands[them] + other.stock
    for seat in (0, 1):
        for stack in other.stacks[seat]:
            for depth, (card, up, by) in enumerate(stack):
                if up or by == me:
                    continue
                assert card is not None
                allowed = (JACK,) if seat == me else (JACK, QUEEN)
                swaps = [i for i, c in enumerate(pool) if c.rank in allowed and c != card]
                if swaps:
                    i = rng.choice(swaps)
                    pool[i], stack[depth] = card, (pool[i], False, by)
    rng.shuffle(pool)
    other.hands[them] = pool[: len(state.hands[them])]
    other.stock = pool[len(state.hands[them]) :]
    return other


def fairness_positions(variant: str, count: int) -> list[tuple[HandState, HandState]]:
    """Pairs of states that differ in hidden information only, the mover's views equal."""
    pairs = []
    candidates = [s for s in random_positions(variant, count * 6, seed=11) if len(s.stock) > 4]
    for index, state in enumerate(candidates[::3][:count]):
        other = with_hidden_information_changed(state, seed=index)
        assert other.card_census() == state.card_census()
        assert state.view(state.to_move) == other.view(other.to_move)
        assert (other.hands[1 - other.to_move], other.stock) != (
            state.hands[1 - state.to_move], state.stock)
        pairs.append((state, other))
    return pairs


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", ["greedy", "mc:24"])
def test_hidden_information_does_not_change_the_decision(variant: str, level: str) -> None:
    for state, other in fairness_positions(variant, 12):
        first = make_bot(level, seed=7).choose(state.view(state.to_move))
        second = make_bot(level, seed=7).choose(other.view(other.to_move))
        assert first == second


def test_the_face_down_cards_the_opponent_played_really_differ_in_the_fairness_pairs() -> None:
    """Guard for the test above: some pairs do change a face-down identity, not only the stock."""
    changed = 0
    for state, other in fairness_positions("standard", 40):
        for seat in (0, 1):
            for a, b in zip(state.stacks[seat], other.stacks[seat], strict=True):
                changed += sum(1 for x, y in zip(a, b, strict=True) if x != y)
    assert changed > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_unseen_cards_are_exactly_the_cards_the_mover_has_not_seen(variant: str) -> None:
    for state in random_positions(variant, 60, seed=21):
        me, them = state.to_move, 1 - state.to_move
        hidden = Counter(state.hands[them] + state.stock)
        for seat in (0, 1):
            for stack in state.stacks[seat]:
                hidden.update(card for card, up, by in stack if not up and by == them)
        knowledge = Knowledge(state.view(me))
        assert Counter(knowledge.unseen) == hidden


@pytest.mark.parametrize("variant", VARIANTS)
def test_sampled_worlds_are_complete_games_that_look_the_same_to_the_bot(variant: str) -> None:
    rng = random.Random(4)
    for state in random_positions(variant, 40, seed=31):
        view = state.view(state.to_move)
        knowledge = Knowledge(view)
        world = knowledge.sample(rng)
        assert Counter(c for c in world.card_census().elements() if c is not None) == Counter(full_deck())
        seen = world.view(ME)
        for key in ("hand", "stock_count", "opp_hand_count", "discards", "legal_moves"):
            assert seen[key] == view[key], key
        assert seen["own"]["n2"] == view["own"]["n2"] and seen["opp"]["n2"] == view["opp"]["n2"]
        for seat in (ME, THEM):
            for space, stack in enumerate(world.stacks[seat]):
                for card, up, by in stack:
                    assert isinstance(card, Card)
                    if not up and by == THEM:  # a sampled face-down card (R3: J anywhere, Q own)
                        assert card.rank == JACK or (card.rank == QUEEN and seat == THEM), space


# ----------------------------------------------------------------- determinism
@pytest.mark.parametrize("level", [*LEVELS[:2], "mc:16"])
def test_same_seed_same_game(level: str) -> None:
    def history(seed: int) -> list[str]:
        state = HandState.deal(rules_for("standard"), rng=random.Random(5))
        bots = [make_bot(level, seed=seed), make_bot(level, seed=seed + 1)]
        while not state.over:
            state.apply(bots[state.to_move].choose(state.view(state.to_move)))
        return [str(move) for _, move in state.history]

    assert history(3) == history(3)


def test_omniscient_is_deterministic_for_a_seed() -> None:
    state = random_positions("standard", 1, seed=8)[0]
    moves = {make_omniscient(seed=1, budget=30).choose_from_state(state) for _ in range(3)}
    assert len(moves) == 1


# ----------------------------------------------------------------- smoke match
def test_a_short_match_adds_up() -> None:
    results = run_match("greedy", "random", games=2, seed=3, hands=1)
    figures = summary(results, "greedy", "random")
    assert figures["won"] + figures["drawn"] + figures["lost"] == 2
    assert [r.index for r in results] == [0, 1]
    for result in results:
        assert result.totals == {side: sum(result.hand_points[side]) for side in ("a", "b")}


def test_simulate_command_prints_the_figures() -> None:
    out = io.StringIO()
    status = main(["simulate", "--a", "mc:8", "--b", "random", "--games", "2", "--hands", "1",
                   "--variant", "running"], out=out)
    text = out.getvalue()
    assert status == 0
    assert "2 games" in text and "points per hand" in text and "p95" in text


def test_simulate_refuses_a_bad_level() -> None:
    with pytest.raises(LeopardError):
        run_match("nobody", "random", games=1)


def test_percentile_is_nearest_rank() -> None:
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.95) == 5.0
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5) == 3.0


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_fast_playout_policy_only_plays_legal_moves(variant: str) -> None:
    ev = evaluator_for(variant)
    rng = random.Random(6)
    for state in random_positions(variant, 1500, seed=41):
        for noise in (0.0, 0.5):
            assert ev.playout_move(state, rng, noise) in state.legal_moves(), state.position_text()


def test_a_zero_time_cap_still_gives_a_legal_move() -> None:
    bot = SearchBot(seed=1, settings=Settings(budget=10_000, time_cap=0.0))
    for state in random_positions("standard", 5, seed=51):
        assert bot.choose(state.view(state.to_move)) in state.legal_moves()
