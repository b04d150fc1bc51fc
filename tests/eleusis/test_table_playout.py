"""Random playouts of both games (E3-E13): every listed move applies, moves not allowed are refused
without changing the table, cards are conserved, and saves round-trip at every step."""

from __future__ import annotations

import random

import pytest
from eleusis_test_rules import RULES, TEST_BOOK

from leopard_core.games.eleusis.errors import EleusisError, IllegalMove, SaveError
from leopard_core.games.eleusis.moves import Move
from leopard_core.games.eleusis.table import EleusisTable, Settings

NOT_NOW = ["noplay", "pass", "prophet", "judge right", "deal random", "play 7H 8H", "guess red"]


def fingerprint(table: EleusisTable) -> tuple[object, ...]:
    """What a refused move must leave as it was: the mover, the moves, every seat's view."""
    views = [table.view(seat) for seat in [None, *range(table.seats())]]
    return table.to_move(), table.legal_moves(), len(table.history), views


def playout(table: EleusisTable, rng: random.Random, check_saves: bool) -> int:
    """Play random moves to the end; returns the number of moves."""
    count = 0
    while table.to_move() is not None:
        legal = table.legal_moves()
        assert legal, table.view(None)
        for text in NOT_NOW if count % 41 == 0 else ():   # refused moves leave the table as it was
            if text not in legal and not (table.hand.phase == "guess" and text.startswith("guess")) \
                    and not (table.hand.phase == "play" and text.startswith("play")):
                before = fingerprint(table)
                with pytest.raises(IllegalMove):
                    table.apply(text)
                assert fingerprint(table) == before
        move = rng.choice(legal)
        if table.hand.phase == "guess" and rng.random() < 0.2:
            move = "guess " + rng.choice(sorted(RULES))
        if table.hand.phase == "play" and table.game == "eleusis" and rng.random() < 0.05:
            held = table.held(table.hand.mover)
            move = str(Move.play(rng.sample(held, min(len(held), rng.randint(3, 5)))))
        table.apply(move)
        count += 1
        stock = table.hand.stock
        if stock is not None:
            assert table.cards_in_play() == 52 * stock.decks
        if check_saves and count % 97 == 0:
            again = EleusisTable.restore(table.save(), TEST_BOOK)
            assert again.save() == table.save() and again.view(0) == table.view(0)
    return count


@pytest.mark.parametrize("game", ["express", "eleusis"])
@pytest.mark.parametrize("seed", range(6))
def test_random_playout_of_a_whole_game(game: str, seed: int) -> None:
    rng = random.Random(seed)
    settings = Settings.every_player_deals(game, 3 + seed % 4) if seed % 2 else Settings(game, 3 + seed % 4)
    table = EleusisTable(settings, seed, TEST_BOOK, [rng.choice(["alternate", "red", "step2"])])
    playout(table, rng, check_saves=True)
    assert table.over and len(table.results) == len(settings.dealers)
    again = EleusisTable.restore(table.save(), TEST_BOOK)
    assert again.over and again.totals() == table.totals()
    with pytest.raises(IllegalMove, match="over"):
        table.apply("noplay")


def test_clone_is_independent() -> None:
    table = EleusisTable(Settings("eleusis", 4), 3, TEST_BOOK, ["alternate"])
    copy = table.clone()
    copy.apply(copy.legal_moves()[0])
    assert table.history == [] and copy.history != []
    assert table.view(0)["hand"] != copy.view(0)["hand"] or table.hand.mainline != copy.hand.mainline


@pytest.mark.parametrize("text", [
    None, "", "[]", "{}", '{"format": "leopard-eleusis", "version": 2}',
    '{"format": "leopard-eleusis", "version": 1, "settings": {}, "seed": 1, "dealt": [], "moves": []}',
    '{"format": "leopard-eleusis", "version": 1, "settings": {"game": "express", "seats": 3, '
    '"dealers": [null], "difficulty": "easy"}, "seed": 1, "dealt": ["red"], "moves": ["prophet"]}',
    '{"format": "leopard-eleusis", "version": 1, "settings": {"game": "express", "seats": 3, '
    '"dealers": [null], "difficulty": "easy"}, "seed": 1, "dealt": ["nonsense"], "moves": []}',
    '{"format": "leopard-eleusis", "version": 1, "settings": {"game": "express", "seats": 9, '
    '"dealers": [null], "difficulty": "easy"}, "seed": 1, "dealt": [], "moves": []}',
])
def test_bad_saves_are_save_errors(text: str | None) -> None:
    with pytest.raises(SaveError):
        EleusisTable.restore(text, TEST_BOOK)


def test_a_save_replays_the_same_game() -> None:
    table = EleusisTable(Settings("eleusis", 5), 11, TEST_BOOK, ["alternate"])
    rng = random.Random(2)
    for _ in range(40):
        table.apply(rng.choice(table.legal_moves()))
    again = EleusisTable.restore(table.save(), TEST_BOOK)
    for seat in range(5):
        assert again.view(seat) == table.view(seat)
    assert isinstance(SaveError("eleusis.save.shape"), EleusisError)


@pytest.mark.parametrize("game", ["express", "eleusis"])
def test_computer_players_play_a_whole_game(game: str) -> None:
    from leopard_core.games.eleusis.computer import computer_move, make_computer

    rules = ["differ(colour)", "if(last.face, red, black)", "step(-2,+2)"]
    table = EleusisTable(Settings.every_player_deals(game, 3), 21)
    players = [make_computer(level, random.Random(seat)) for seat, level in
               enumerate(["novice", "random", "novice"])]
    while not table.over:
        seat = table.to_move()
        assert seat is not None
        move = computer_move(table, players[seat])
        table.apply(f"deal {rules[table.hand.number]}" if move.kind == "deal" else move)
        stock = table.hand.stock
        assert stock is None or table.cards_in_play() == 52 * stock.decks
    assert [r.dealer for r in table.results] == [1, 2, 0] and [r.rule for r in table.results] == rules
    again = EleusisTable.restore(table.save())
    assert again.totals() == table.totals() and again.save() == table.save()
