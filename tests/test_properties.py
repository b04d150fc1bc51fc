"""Properties over thousands of random complete hands and games in every variant (R1-R8).

Each check compares the engine with the rules, not with itself: card census against the two
decks (R1.1), legal moves against the independent reference in conftest.py (R3, R4, R6.1, R8.3),
scores against the reference scorer (R5, R7), and views against a twin state whose hidden
information differs (R3.3).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from conftest import (
    ALL_MOVE_TEXTS,
    CARD_TEXTS,
    VARIANT_NAMES,
    ref_hand_score,
    ref_legal_moves,
    ref_raw_value,
    snapshot,
)

from leopard_core.games.leopard import Card, Game, HandState, IllegalMoveError, Move, full_deck, rules_for

TWO_DECKS = Counter(full_deck())
ALL_MOVES = [Move.parse(text) for text in ALL_MOVE_TEXTS]
MAX_MOVES = 500  # 104 cards, each played or discarded once, plus passes and ends: far below this


def random_hand(variant: str, seed: int) -> tuple[HandState, random.Random]:
    """A freshly dealt hand and the rng that will choose its moves."""
    rng = random.Random(seed)
    return HandState.deal(rules_for(variant), dealer=rng.randrange(2), rng=rng), rng


def reference_moves(state: HandState) -> set[str]:
    """The reference's legal moves for the mover of ``state``."""
    seat = state.to_move
    return ref_legal_moves(
        str(state.square(seat)), str(state.square(1 - seat)), [str(c) for c in state.hands[seat]],
        state.rules.name, start=state.plays_this_turn == 0,
    )


def check_final(state: HandState, variant: str) -> None:
    """R4.3, R6.2, R7.1-R7.2: how the hand ended and what each seat scores."""
    assert state.over and state.legal_moves() == []
    last_seat, last_move = state.history[-1]
    if state.end_reason == "out":
        assert str(last_move) == "out" and state.went_out == last_seat
    else:
        assert state.end_reason == "exhausted" and state.went_out is None
        assert state.stock == [] and state.hands == [[], []]
    for seat in (0, 1):
        raw = ref_raw_value(str(state.square(seat)), variant)
        assert state.raw_value(seat) == raw
        assert state.scores()[seat] == ref_hand_score(raw, state.went_out == seat, variant)


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_random_hands_census_legality_and_end(variant: str) -> None:
    """1,000 random hands per variant: R1.1 every one of the 104 cards is in exactly one place
    after every move; every hand ends (R4.3/R6); the moves offered apply through the checked
    path; the offered moves are sorted out, plays, discards, end/pass; the final scores are R7's."""
    ends: Counter[str] = Counter()
    for seed in range(1000):
        state, rng = random_hand(variant, seed)
        for _ in range(MAX_MOVES):
            assert state.card_census() == TWO_DECKS
            if state.over:
                break
            moves = state.legal_moves()
            assert moves, "a live hand always offers a move (R4.3: at least pass)"
            state.apply(rng.choice(moves))
        assert state.over, "the hand did not end"
        check_final(state, variant)
        ends[state.end_reason or ""] += 1
    assert ends["out"] > 0 and ends["exhausted"] > 0  # both endings are exercised


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_random_hands_legal_moves_equal_the_reference(variant: str) -> None:
    """R3, R4.2-R4.3, R6.1, R8.3: at every step of 250 hands the engine offers exactly the
    reference's moves, in order and without duplicates."""
    kinds = ["out", "play", "discard", "end", "pass"]
    for seed in range(10_000, 10_250):
        state, rng = random_hand(variant, seed)
        while not state.over:
            moves = [str(m) for m in state.legal_moves()]
            assert len(moves) == len(set(moves))
            assert set(moves) == reference_moves(state), state.position_text()
            order = [m if m in kinds else "discard" if m.startswith("discard") else "play" for m in moves]
            assert order == sorted(order, key=kinds.index)
            state.apply_unchecked(state.legal_moves()[rng.randrange(len(moves))])


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_random_hands_offered_moves_apply_and_all_others_are_refused(variant: str) -> None:
    """R3/R4/R6/R8.3: at sampled steps of 6 hands, each of the 991 writable moves either is
    offered and applies (on a clone), or is refused with IllegalMoveError, state unchanged."""
    for seed in range(20_000, 20_006):
        state, rng = random_hand(variant, seed)
        step = 0
        while not state.over:
            if step % 11 == 0:
                offered = set(state.legal_moves())
                before = snapshot(state)
                for index, move in enumerate(ALL_MOVES):
                    if move in offered:
                        clone = state.clone()
                        clone.apply(move)
                        assert snapshot(state) == before  # the clone is independent
                    else:
                        with pytest.raises(IllegalMoveError) as info:
                            state.apply(move)
                        assert str(move) in str(info.value)
                        if index % 97 == 0:
                            assert snapshot(state) == before
                assert snapshot(state) == before
            state.apply_unchecked(rng.choice(state.legal_moves()))
            step += 1


def twin_with_other_secrets(state: HandState, viewer: int, rng: random.Random) -> HandState:
    """A clone in which everything ``viewer`` may not see (R3.3) is different: the opponent's hand
    and the stock are reshuffled together, and the opponent's face-down cards are other J/Qs."""
    twin = state.clone()
    other = 1 - viewer
    pool = twin.hands[other] + twin.stock
    rng.shuffle(pool)
    size = len(twin.hands[other])
    twin.hands[other], twin.stock = pool[:size], pool[size:]
    faces = [Card.parse(r + s) for r in "JQ" for s in "SHDC"]
    for seat in (0, 1):
        for stack in twin.stacks[seat]:
            for i, (card, up, by) in enumerate(stack):
                if not up and by == other:
                    stack[i] = (rng.choice([f for f in faces if f != card]), up, by)
    twin.history = [
        (by, Move.play(rng.choice(faces), str(m.square), int(m.space or 1)))
        if by == other and m.kind == "play" and m.card is not None and m.card.rank in (11, 12) else (by, m)
        for by, m in twin.history
    ]
    if twin.to_move == other:
        twin.drawn = list(twin.hands[other][-len(twin.drawn):]) if twin.drawn else []
    return twin


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_views_reveal_no_secret_R3_3(variant: str) -> None:
    """R3.3 and the view contract: a seat's view is the same whatever the opponent holds, whatever
    the stock order, whatever the opponent's face-down cards are; it is plain JSON; the viewer's
    own face-down cards are shown to him, the opponent's are bare."""
    for seed in range(30_000, 30_030):
        state, rng = random_hand(variant, seed)
        step = 0
        while not state.over:
            step += 1
            for viewer in (0, 1) if step % 3 == 0 else ():
                view = state.view(viewer)
                assert json.loads(json.dumps(view)) == view
                assert view["opp_hand_count"] == len(state.hands[1 - viewer])
                assert sorted(view["hand"]) == sorted(str(c) for c in state.hands[viewer])
                assert view == twin_with_other_secrets(state, viewer, rng).view(viewer)
                for key, owner in (("own", viewer), ("opp", 1 - viewer)):
                    for stack, entries in zip(view[key]["stacks"], state.stacks[owner], strict=True):
                        for layer, (card, up, by) in zip(stack, entries, strict=True):
                            assert layer["up"] is up
                            shown = up or by == viewer
                            assert layer["card"] == (str(card) if shown else None)
            state.apply_unchecked(rng.choice(state.legal_moves()))


def play_random_game(variant: str, seed: int, hands: int = 4) -> Game:
    """A complete game with uniformly random moves chosen by an rng seeded like the game."""
    game = Game(variant, hands=hands, seed=seed)
    rng = random.Random(seed)
    while True:
        while not game.state.over:
            game.apply(rng.choice(game.state.legal_moves()))
        if game.is_over:
            return game
        game.next_hand()


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_random_games_totals_dealers_save_restore_and_seed(variant: str) -> None:
    """R1.3 cut and alternating deal, R7.3 totals and winner, saves that round-trip exactly,
    and the same seed giving the same game; 150 four-hand games per variant."""
    for seed in range(150):
        game = play_random_game(variant, seed)
        # R1.3: the cut's last round decides (higher rank deals, ace low); equal ranks cut again.
        *ties, (card0, card1) = game.cut
        assert all(a.rank == b.rank for a, b in ties) and card0.rank != card1.rank
        first_dealer = 0 if card0.rank > card1.rank else 1
        assert [hand.dealer for hand in game.hands] == [first_dealer, 1 - first_dealer] * 2
        # R7: each hand's scores from the reference scorer, and the totals are their sums.
        expected = [
            tuple(
                ref_hand_score(ref_raw_value(str(hand.square(seat)), variant), hand.went_out == seat, variant)
                for seat in (0, 1)
            )
            for hand in game.hands
        ]
        assert game.hand_scores() == expected
        totals = (sum(s[0] for s in expected), sum(s[1] for s in expected))
        assert game.totals() == totals
        assert game.winner() == (None if totals[0] == totals[1] else 0 if totals[0] > totals[1] else 1)
        sheet = game.view(1)["game"]
        assert sheet["totals"] == {"own": totals[1], "opp": totals[0]} and sheet["over"] is True
        assert sheet["draw"] is (totals[0] == totals[1])
        # Save and restore round-trip exactly; the same seed replays the same game.
        saved = game.save()
        restored = Game.restore(saved)
        assert restored.save() == saved
        assert restored.view(0) == game.view(0) and restored.view(1) == game.view(1)
        if seed % 10 == 0:
            assert play_random_game(variant, seed).save() == saved


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_same_seed_same_deal_different_seed_different_deal(variant: str) -> None:
    """A seed fixes the deal: the same seed reproduces it, another seed (almost surely) not."""
    deals = {str(Game(variant, seed=s).state.hands) for s in range(20)}
    assert len(deals) == 20
    assert str(Game(variant, seed=7).state.hands) == str(Game(variant, seed=7).state.hands)
    assert sorted(CARD_TEXTS) == sorted({str(c) for c in full_deck()})
