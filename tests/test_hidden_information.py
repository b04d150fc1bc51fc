"""The page receives only the person's view (R3.3; issue 11, failure 10).

Glossary:
    answer     -- anything the web bridge returns about the game in play: snapshots from new_game,
                  play, bot_move, next_hand, restore and snapshot, and bot_move's log entry.
    hidden     -- what seat 0 may not know: the seeds (from which the deal and the computer's
                  choices follow), the computer's hand, the order of the stock, and the identity of
                  every face-down card the computer played.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import rehide

from leopard_core.games.leopard.session import BOT, HUMAN, Session
from leopard_core.platform.bridge import session_of
from leopard_core.webapi import handle

SEED = 4_503_599_627_370_449  # long enough that no count or score in a view can equal it by chance
BOT_SEED = 3_141_592_653_589_793


def leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, key or scalar) in a JSON-like value, keys included."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.{key}", key
            yield from leaves(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, f"{path}[{index}]")
    else:
        yield path, value


def assert_no_seed(answer: Any) -> None:
    """No key names a seed; no value is, or spells, either seed."""
    for path, value in leaves(answer):
        assert not (isinstance(value, str) and "seed" in value.lower()), path
        for seed in (SEED, BOT_SEED):
            assert value != seed and str(seed) not in str(value), f"{path} holds a seed"


def assert_no_hidden_cards(answer: dict[str, Any], session: Session) -> None:
    """The computer's face-down cards show as unknown; its hand appears nowhere as a list."""
    state = session.game.state
    for side, owner in (("own", HUMAN), ("opp", BOT)):
        for stack, layers in zip(state.stacks[owner], answer[side]["stacks"], strict=True):
            for (card, face_up, by), layer in zip(stack, layers, strict=True):
                if not face_up and by == BOT:
                    assert layer["card"] is None, f"the computer's face-down {card} is named"
                else:
                    assert layer["card"] == str(card)
    for entry in answer["log"]:
        if entry["by"] == "opp" and entry["kind"] == "play" and entry["text"].startswith("~"):
            assert entry["card"] is None
    bot_hand = sorted(str(card) for card in state.hands[BOT])
    for path, value in lists_in(answer):
        assert not (bot_hand and sorted(value) == bot_hand and path != ".hand"), path


def lists_in(value: Any, path: str = "") -> Iterator[tuple[str, list[Any]]]:
    """Every list of strings in a JSON-like value."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from lists_in(item, f"{path}.{key}")
    elif isinstance(value, list):
        if all(isinstance(item, str) for item in value):
            yield path, value
        for index, item in enumerate(value):
            yield from lists_in(item, f"{path}[{index}]")


def scrambled(session: Session, rng: random.Random) -> Session:
    """The same session with every hidden card changed: the computer's hand and the stock dealt
    anew from their own cards, and the computer's face-down cards swapped for other J/Q."""
    other = copy.deepcopy(session)
    rehide(other.game.state, BOT, rng)
    return other


def play_through(variant: str, level: str, hands: int) -> Iterator[tuple[Session, dict[str, Any]]]:
    """A whole seeded game through the bridge: every answer, with the session it came from."""
    request = {"variant": variant, "level": level, "hands": hands, "seed": SEED, "bot_seed": BOT_SEED}
    snap = call("new_game", **request)
    rng = random.Random(variant)
    while True:
        session = session_of("leopard")
        assert session is not None
        yield session, snap
        if snap["game"]["over"]:
            return
        if snap["over"]:
            snap = call("next_hand")
        elif snap["bot_to_move"]:
            answer = call("bot_move")
            assert_no_seed(answer)
            snap = answer["snapshot"]
        else:
            snap = call("play", move=rng.choice(snap["legal_moves"]))
        if rng.random() < 0.05:
            snap = call("restore", text=call("save")["text"])


def call(method: str, **args: Any) -> Any:
    """The bridge's result for one request."""
    answer = json.loads(handle(json.dumps({"method": method, "args": args})))
    assert answer["ok"], answer
    return answer["result"]


@pytest.mark.parametrize(("variant", "level"), [("standard", "random"), ("running", "greedy"),
                                                  ("classic", "random")])
def test_no_answer_carries_a_seed_or_a_hidden_card(variant: str, level: str) -> None:
    rng = random.Random(7)
    faces_down = 0
    for count, (session, snap) in enumerate(play_through(variant, level, hands=2)):
        assert_no_seed(snap)
        assert_no_hidden_cards(snap, session)
        faces_down += sum(not up and by == BOT for square in session.game.state.stacks
                          for stack in square for _, up, by in stack)
        if count % 7 == 0:
            # Change every hidden card: what the person is shown must not change at all.
            assert scrambled(session, rng).snapshot() == session.snapshot()
    assert faces_down > 0, "the games never had a face-down card of the computer to hide"


def test_the_checks_can_fail() -> None:
    """The helpers notice a seed, a named face-down card and a changed hidden card."""
    session = Session.new("standard", "random", hands=1, seed=SEED, bot_seed=BOT_SEED)
    snap = session.snapshot()
    with pytest.raises(AssertionError):
        assert_no_seed({**snap, "extra": {"n": str(BOT_SEED)}})
    with pytest.raises(AssertionError):
        assert_no_seed({**snap, "game": {**snap["game"], "seed": 1}})
    bot_hand = [str(card) for card in session.game.state.hands[BOT]]
    with pytest.raises(AssertionError):
        assert_no_hidden_cards({**snap, "peek": bot_hand}, session)
    other = scrambled(session, random.Random(1))
    hidden = (session.game.state.hands[BOT], session.game.state.stock)
    assert (other.game.state.hands[BOT], other.game.state.stock) != hidden
    assert other.game.state.view(BOT) != session.game.state.view(BOT), "the computer sees the change"
    assert other.snapshot() == snap, "the person does not"


def test_share_seed_gives_the_seeds_only_when_asked() -> None:
    snap = call("new_game", variant="running", level="random", hands=3, seed=SEED, bot_seed=BOT_SEED)
    assert_no_seed(snap)
    shared = call("share_seed")
    assert shared == {"seed": SEED, "bot_seed": BOT_SEED, "variant": "running", "hands": 3, "level": "random"}
    # The shared settings replay the very same game.
    again = call("new_game", **shared)
    assert again == snap


def test_the_save_holds_everything_as_the_engine_document_says() -> None:
    """The save is not the view: it holds the seeds (so the full deal) and every move."""
    session = Session.new("standard", "random", hands=1, seed=SEED, bot_seed=BOT_SEED)
    data = json.loads(session.save())
    assert data["bot_seed"] == BOT_SEED and json.loads(data["game"])["seed"] == SEED
    document = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text(encoding="utf-8")
    assert "## What a save contains" in document
