"""A game of several hands (R1.3, R7.3): flow, settings, and saves that refuse tampering."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from leopard_core.games.leopard import Game, IllegalMoveError, LeopardError, SaveError
from leopard_core.games.leopard.game import _checksum


def finish_hand(game: Game, rng: random.Random) -> None:
    """Random legal moves until the current hand is over."""
    while not game.state.over:
        game.apply(rng.choice(game.state.legal_moves()))


def test_R7_3_default_is_four_hands_and_flow() -> None:
    """R7.3: a game is 4 hands by default; next_hand only after a hand ends; then the game ends."""
    game = Game("standard", seed=1)
    rng = random.Random(1)
    assert game.num_hands == 4 and game.hand_number == 1 and not game.is_over
    with pytest.raises(LeopardError, match="not over"):
        game.next_hand()
    for number in range(1, 5):
        assert game.hand_number == number
        finish_hand(game, rng)
        assert len(game.hand_scores()) == number
        if number < 4:
            assert not game.is_over and game.winner() is None
            game.next_hand()
    assert game.is_over
    with pytest.raises(LeopardError, match="game is over"):
        game.next_hand()


@pytest.mark.parametrize("hands", [1, 2, 6])
def test_R7_3_number_of_hands_is_a_setting(hands: int) -> None:
    """R7.3: the number of hands is a setting."""
    game = Game("classic", hands=hands, seed=3)
    rng = random.Random(3)
    for _ in range(hands - 1):
        finish_hand(game, rng)
        game.next_hand()
    finish_hand(game, rng)
    assert game.is_over and len(game.hand_scores()) == hands


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"hands": 0}, "hands"), ({"hands": True}, "hands"), ({"hands": 2.0}, "hands"),
    ({"hands": -1}, "hands"), ({"hands": 1000}, "hands"),
    ({"seed": -5}, "seed"), ({"seed": "x"}, "seed"), ({"seed": 1.5}, "seed"),
    ({"variant": "fast"}, "variant"),
])
def test_bad_game_settings_are_clear_errors(kwargs: dict[str, object], words: str) -> None:
    """Bad settings are refused with a LeopardError naming the setting."""
    with pytest.raises(LeopardError, match=words):
        Game(**kwargs)  # type: ignore[arg-type]


def test_game_apply_illegal_is_refused() -> None:
    """Game.apply forwards to the hand: an illegal move raises and changes nothing."""
    game = Game("standard", seed=5)
    saved = game.save()
    with pytest.raises(IllegalMoveError):
        game.apply("out")
    assert game.save() == saved


def played_game(seed: int = 11) -> Game:
    """A game two hands into a four-hand game, mid-way through the second hand."""
    game = Game("running", seed=seed)
    rng = random.Random(seed)
    finish_hand(game, rng)
    game.next_hand()
    for _ in range(7):
        game.apply(rng.choice(game.state.legal_moves()))
    return game


def test_save_restore_mid_hand_round_trips_and_play_continues() -> None:
    """save == restore(save).save(), also mid-hand; the restored game plays on identically."""
    game = played_game()
    saved = game.save()
    restored = Game.restore(saved)
    assert restored.save() == saved
    assert restored.view(0) == game.view(0) and restored.view(1) == game.view(1)
    move = game.state.legal_moves()[0]
    game.apply(move)
    restored.apply(move)
    assert restored.save() == game.save()


def reseal(data: dict[str, object]) -> str:
    """A save with a recomputed checksum: what a careful tamperer would write."""
    body = {k: v for k, v in data.items() if k != "check"}
    body["check"] = _checksum(body)
    return json.dumps(body)


def tampered_saves() -> list[tuple[str, str]]:
    """(description, save text) pairs that must all be refused."""
    saved = played_game().save()
    data = json.loads(saved)
    later = data["moves"][1]
    out = [
        ("not JSON", saved[:-5]),
        ("empty", ""),
        ("a list", "[1, 2]"),
        ("wrong format", json.dumps({**data, "format": "chess"})),
        ("future version", json.dumps({**data, "version": 99})),
        ("extra key", json.dumps({**data, "cheat": True})),
        ("missing key", json.dumps({k: v for k, v in data.items() if k != "seed"})),
        ("changed seed, old checksum", json.dumps({**data, "seed": data["seed"] + 1})),
        ("changed move, old checksum", json.dumps({**data, "moves": [data["moves"][0][:-1], later]})),
        ("bad checksum", json.dumps({**data, "check": "0" * 64})),
    ]
    first = data["moves"][0]
    out += [
        ("resealed: illegal move", reseal({**data, "moves": [["KH to opp 5", *first[1:]], later]})),
        ("resealed: malformed move", reseal({**data, "moves": [["fly away", *first[1:]], later]})),
        ("resealed: hand 1 cut short", reseal({**data, "moves": [first[:-1], later]})),
        ("resealed: moves after the end", reseal({**data, "moves": [[*first, "out"], later]})),
        ("resealed: too many hands", reseal({**data, "hands": 1})),
        ("resealed: bad variant", reseal({**data, "variant": "speed"})),
        ("resealed: moves not lists", reseal({**data, "moves": "out"})),
        ("resealed: no hands", reseal({**data, "moves": []})),
        ("resealed: bad seed", reseal({**data, "seed": "abc"})),
    ]
    return out


@pytest.mark.parametrize(("what", "text"), tampered_saves(), ids=[w for w, _ in tampered_saves()])
def test_tampered_or_malformed_save_raises_SaveError(what: str, text: str) -> None:
    """A malformed, foreign, future or tampered save is refused with a clear SaveError."""
    with pytest.raises(SaveError) as info:
        Game.restore(text)
    assert str(info.value)


def test_game_view_has_the_score_sheet_relative_to_the_seat() -> None:
    """The game part of the view: hand number, sheet and totals from the seat's side; no seed."""
    game = played_game(seed=4)
    first = game.hand_scores()[0]
    for seat in (0, 1):
        sheet = game.view(seat)["game"]
        assert "seed" not in sheet and sheet["hand_number"] == 2 and sheet["hands"] == 4
        went = game.hands[0].went_out
        went_out = None if went is None else ("own" if went == seat else "opp")
        assert sheet["sheet"] == [{"own": first[seat], "opp": first[1 - seat], "went_out": went_out}]
        assert sheet["totals"] == {"own": first[seat], "opp": first[1 - seat]}
        assert sheet["over"] is False and sheet["winner"] is None and sheet["draw"] is False


def test_same_seed_same_game_across_processes() -> None:
    """A seed reproduces the whole game in another process too (no dependence on hash order)."""
    script = (
        "import random; from leopard_core.games.leopard import Game\n"
        "g = Game('running', hands=2, seed=77); r = random.Random(77)\n"
        "while True:\n"
        "    while not g.state.over: g.apply(r.choice(g.state.legal_moves()))\n"
        "    if g.is_over: break\n"
        "    g.next_hand()\n"
        "print(g.save())\n"
    )
    root = Path(__file__).resolve().parent.parent
    saves = {
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=root, check=True,
                       env={"PYTHONHASHSEED": hash_seed, "PATH": "/usr/bin:/bin"}).stdout
        for hash_seed in ("1", "2", "3")
    }
    assert len(saves) == 1 and Game.restore(saves.pop()).is_over
