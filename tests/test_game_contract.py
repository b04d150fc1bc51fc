"""The State contract (``leopard_core.platform.contract``) for every registered game, OpenSpiel's
random-simulation test in small: seeded random playouts in which

- every listed legal move applies (on a copy), and the one chosen is played;
- a sample of moves that are not listed (other positions' moves, malformed text) is refused with an
  ``EngineError`` whose ``Message`` has catalog text in every language, and changes nothing;
- save then restore gives the same game back (to move, legal moves, every seat's view);
- a seat's view holds nothing that belongs to another seat: it stays the same when the other seats'
  secrets are changed (``SCRAMBLE`` says, per game, what those secrets are).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from leopard_core.cards import ALL_CARDS, Card
from leopard_core.games import load_all
from leopard_core.games.eleusis.rule import Rule
from leopard_core.games.eleusis.table import EleusisTable
from leopard_core.games.hunt.contract_state import HuntGameState
from leopard_core.games.leopard.contract_state import LeopardState
from leopard_core.platform.contract import GameState
from leopard_core.platform.errors import EngineError
from leopard_core.platform.registry import REGISTRY, GameSpec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import i18n

load_all()
CATALOGS = {path.stem: i18n.flatten(i18n.load(path.stem))
            for path in sorted((Path(__file__).resolve().parent.parent / "web" / "i18n").glob("*.json"))}
GARBAGE = ["", "   ", "zz", "to own 7", "7H to opp 10", "e5xe5", "discard", "x" * 300, "pass pass"]
PLAYOUTS, MAX_PLIES, CHECK_ALL_EVERY = 4, 160, 9


def other_suit(card: Card) -> Card:
    """The same rank in the next suit: another card that the seat must not be able to tell apart."""
    return next(c for c in ALL_CARDS if c.rank == card.rank and c.suit != card.suit)


def scramble_leopard(state: GameState, seat: int) -> None:
    """Change what only the other seat knows: its hand, the cards it drew, the identities of the
    face-down cards it played, and the stock's order and cards (nobody knows them)."""
    assert isinstance(state, LeopardState)
    hand_state = state.game.state
    other = 1 - seat
    hand_state.hands[other] = [other_suit(card) for card in hand_state.hands[other]]
    if hand_state.to_move == other:
        hand_state.drawn = [other_suit(card) for card in hand_state.drawn]
    for square in hand_state.stacks:
        for stack in square:
            for index, (card, face_up, played_by) in enumerate(stack):
                if not face_up and played_by == other and card is not None:
                    stack[index] = (other_suit(card), face_up, played_by)
    hand_state.stock = [other_suit(card) for card in reversed(hand_state.stock)]


def scramble_nothing(state: GameState, seat: int) -> None:
    """The hunt has no hidden information: there is nothing of another seat's to change."""
    assert isinstance(state, HuntGameState)


def scramble_eleusis(state: GameState, seat: int) -> None:
    """Change what ``seat`` may not know at an Eleusis table (E14): the other seats' hands (except
    a hand shown with a pending "No play", which is public), the stock, and the rule unless
    ``seat`` dealt it."""
    assert isinstance(state, EleusisTable)
    hand = state.hand
    shown = hand.pending.seat if hand.pending is not None and hand.pending.cards is None else None
    for other, cards in enumerate(hand.hands):
        if other not in (seat, shown):
            hand.hands[other] = [other_suit(card) for card in cards]
    if hand.stock is not None:
        hand.stock.cards = [other_suit(card) for card in reversed(hand.stock.cards)]
    if seat != hand.dealer and hand.rule is not None:
        hand.rule = Rule.parse("red" if str(hand.rule) != "red" else "black")


SCRAMBLE: dict[str, Callable[[GameState, int], None]] = {
    "leopard": scramble_leopard, "hunt": scramble_nothing, "eleusis": scramble_eleusis,
}
"""Per game: change, in place, everything that seat ``seat`` may not know (a new game adds its own)."""


def games() -> list[str]:
    return sorted(REGISTRY)


def snapshot(state: GameState) -> tuple[Any, ...]:
    """What must survive a refused move and a save: the mover, the moves and every seat's view."""
    views = [json.dumps(state.view(seat), sort_keys=True) for seat in [None, *range(state.seats())]]
    return state.to_move(), state.legal_moves(), views


def assert_refused_with_catalog_text(state: GameState, move: str) -> None:
    before = snapshot(state)
    with pytest.raises(EngineError) as info:
        state.apply(move)
    codes, msg = [], info.value.msg
    todo = [msg]
    while todo:  # the message and every message it quotes
        current = todo.pop()
        codes.append(current.code)
        todo += [p for p in current.params.values() if hasattr(p, "code")]
    for lang, texts in CATALOGS.items():
        assert all(f"engine.{code}" in texts for code in codes), (lang, move, codes)
    assert snapshot(state) == before, move


def test_every_game_says_what_its_seats_keep_secret() -> None:
    assert set(REGISTRY) <= set(SCRAMBLE), "add the new game's secrets to SCRAMBLE"
    assert {"leopard", "hunt"} <= set(REGISTRY)


@pytest.mark.parametrize("name", games())
def test_random_playouts_keep_the_contract(name: str) -> None:
    spec: GameSpec = REGISTRY[name]
    rng = random.Random(f"contract-{name}")
    seen_moves: list[str] = []
    for _ in range(PLAYOUTS):
        state = spec.new_state(rng)
        for ply in range(MAX_PLIES):
            mover, legal = state.to_move(), state.legal_moves()
            if mover is None:
                assert legal == []
                break
            assert 0 <= mover < state.seats() and legal and len(set(legal)) == len(legal)
            for move in legal if ply % CHECK_ALL_EVERY == 0 else []:
                copy = state.clone()
                copy.apply(move)
            others = [m for m in rng.sample(seen_moves, min(6, len(seen_moves))) + GARBAGE if m not in legal]
            for move in others[:8]:
                assert_refused_with_catalog_text(state, move)
            if ply % CHECK_ALL_EVERY == 0:
                assert snapshot(type(state).restore(state.save())) == snapshot(state)
            seen_moves += legal[:3]
            state.apply(rng.choice(legal))
        assert snapshot(type(state).restore(state.save())) == snapshot(state)


@pytest.mark.parametrize("name", games())
def test_a_seat_sees_nothing_of_another_seat(name: str) -> None:
    spec = REGISTRY[name]
    rng = random.Random(f"secrets-{name}")
    for _ in range(PLAYOUTS):
        state = spec.new_state(rng)
        for _ply in range(MAX_PLIES):
            if state.to_move() is None:
                break
            for seat in range(state.seats()):
                changed = state.clone()
                SCRAMBLE[name](changed, seat)
                assert changed.view(seat) == state.view(seat), (name, seat)
            state.apply(rng.choice(state.legal_moves()))


def test_the_secrecy_check_can_fail() -> None:
    """A view that showed the other hand would differ once that hand is scrambled."""
    state = REGISTRY["leopard"].new_state(random.Random(3))
    assert isinstance(state, LeopardState)
    changed = state.clone()
    scramble_leopard(changed, 0)
    assert changed.game.view(1)["hand"] != state.game.view(1)["hand"]


def test_a_restored_save_that_is_not_a_save_is_refused() -> None:
    for spec in REGISTRY.values():
        state = spec.new_state(random.Random(1))
        with pytest.raises(EngineError) as info:
            type(state).restore("{}")
        assert info.value.KIND == "corrupt_save"
