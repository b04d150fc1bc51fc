"""Playing the game page by clicks and keys; every number the page shows is checked against the engine.

The person's moves are chosen by the test with the engine (a one-move greedy choice, so the hand
ends quickly), but they are made only by clicking the page: a card, then a lit space or the discard
pile, or the "Go out" button.
"""

from __future__ import annotations

import json

from pages.leopard import GamePage, greedy_choice, play_by_clicks, session_of, targets_from_engine
from playwright.sync_api import expect

from leopard_core.games.leopard import Game

SEED, BOT_SEED = 20261121, 7


def check_table_against_engine(game: GamePage, saved: str | None = None) -> list[str]:
    """The shown raw values, hand and Go-out button equal the engine's; returns the legal moves.
    ``saved``: the game's save, when the caller has just read it (the page settled since)."""
    session = session_of(saved if saved is not None else game.saved())
    state = session.game.state
    assert state.to_move == 0 and not state.over
    legal = [str(m) for m in state.legal_moves()]
    assert game.text("#own-raw") == str(state.raw_value(0))
    assert game.text("#opp-raw") == str(state.raw_value(1))
    assert sorted(game.hand()) == sorted(str(c) for c in state.hands[0])
    assert game.text("#stock-count") == str(len(state.stock))
    out = game.page.locator("#go-out")
    if "out" in legal:  # R6.1: offered exactly when legal, with what it would score (R7.1-R7.2)
        expect(out).to_be_enabled()
        score = session.game.rules.hand_score(state.raw_value(0), True)
        assert f"score {score}" in out.inner_text()
    else:
        expect(out).to_be_disabled()
    return legal


def test_complete_game_by_clicks_scores_match_engine(game: GamePage) -> None:
    game.start(seed=SEED, botseed=BOT_SEED, hands=1)
    outs_seen = 0
    before = None  # the save before the last move: each move is kept
    for _ in range(300):
        if game.phase() != "your-turn":
            break
        saved = game.saved()  # read once per move: the page is settled, every check reads the same
        assert saved != before
        legal = check_table_against_engine(game, saved)
        outs_seen += "out" in legal
        move = greedy_choice(session_of(saved).game.state)
        play_by_clicks(game, move, legal)
        game.wait_settled()
        before = saved
    assert game.phase() == "game-over"
    assert game.saved() != before
    # The end of the game is a result screen of its own, opened at its top.
    expect(game.page.locator("#result")).to_be_visible()
    expect(game.page.locator("#hand-end")).to_be_hidden()
    assert game.page.locator("#result").evaluate("d => d.scrollTop") == 0

    # The engine's own replay: a fresh game from the same seed and the moves the page saved.
    saved = json.loads(json.loads(game.saved())["game"])
    replay = Game("standard", hands=1, seed=SEED)
    for number, hand_moves in enumerate(saved["moves"]):
        if number:
            replay.next_hand()
        for move in hand_moves:
            replay.apply(move)
    assert replay.is_over
    (own, opp), = replay.hand_scores()
    assert game.text("#total-own") == str(replay.totals()[0])
    assert game.text("#total-opp") == str(replay.totals()[1])
    winner = replay.winner()
    expected = "draw" if winner is None else ("own" if winner == 0 else "opp")
    assert game.page.locator("#winner").get_attribute("data-winner") == expected
    # The last hand's breakdown is one click away, and the way back to the result too.
    game.page.click("#result-last-hand")
    expect(game.page.locator("#hand-end")).to_be_visible()
    assert game.text("#hand-score-own") == str(own)
    assert game.text("#hand-score-opp") == str(opp)
    game.page.click("#back-to-result")
    expect(game.page.locator("#result")).to_be_visible()
    # Every line of the page's log is a move the engine made, in order (hidden cards stay hidden).
    shown = game.page.locator("#log li").evaluate_all("els => els.map(e => e.dataset.move)")
    history = replay.state.history
    assert len(shown) == len(history)
    for text, (seat, move) in zip(shown, history, strict=True):
        assert text == str(move) or (seat == 1 and text.startswith("~ to ")), (text, str(move))

    # A new game starts from the winner screen.
    game.page.click("#new-game")
    assert game.wait_settled() in ("your-turn", "hand-over")
    assert game.moves_shown() <= 1
    print(f"turns with 'out' legal: {outs_seen}")


def test_each_card_lights_only_engine_targets(game: GamePage) -> None:
    game.start(seed=3, botseed=2, hands=2)
    legal = check_table_against_engine(game)
    for index, card in enumerate(game.hand()):
        game.page.click(f"#hand-card-{index}")
        assert game.targets() == targets_from_engine(legal, card), card
        # A space that is not lit does nothing when clicked.
        dark = game.page.locator("#own-square .space:not(.target), #opp-square .space:not(.target)")
        before = game.saved()
        if dark.count():
            dark.first.click(force=True)
            assert game.phase() == "your-turn" and game.saved() == before
        game.page.click(f"#hand-card-{index}")  # unselect
        assert game.targets() == set()


def test_keyboard_only_play(game: GamePage) -> None:
    game.start(seed=8, botseed=4, hands=2)
    page = game.page
    before = game.moves_shown()
    for _ in range(60):  # Tab through the page until a playable hand card has the focus
        page.keyboard.press("Tab")
        focused = page.locator(":focus")
        if (focused.get_attribute("class") or "").startswith("hand-card") and \
                focused.get_attribute("aria-disabled") == "false":
            break
    else:
        raise AssertionError("no playable card reachable with Tab")
    card = str(focused.get_attribute("data-card"))
    page.keyboard.press("Enter")
    target = page.locator(":focus")
    assert "target" in (target.get_attribute("class") or "").split(), "focus moves to a lit target"
    assert "may go to" in page.locator("#status").inner_text()
    page.keyboard.press("Enter")
    game.wait_settled()
    assert game.moves_shown() > before
    log = page.locator("#log li").evaluate_all("els => els.map(e => e.dataset.move)")
    assert any(card in text for text in log), (card, log)
    # Escape clears a choice.
    page.locator("#hand .hand-card").first.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    assert game.targets() == set()


def save_where_you_must_pass() -> str:
    """A session save (found by seeded random play of the running variant, where hands shrink at
    different speeds) where the person has no card and nothing to draw while the computer still
    holds cards (R4.3, R8.3)."""
    import random

    from leopard_core.games.leopard.session import Session

    for seed in range(500):
        session = Session.new("running", "random", hands=1, seed=seed, bot_seed=1)
        state = session.game.state
        rng = random.Random(seed)
        while not state.over:
            legal = [str(m) for m in state.legal_moves()]
            if state.to_move == 0 and legal == ["pass"]:
                return session.save()
            plays = [m for m in legal if " to " in m]  # play many cards to empty the hand early
            choices = plays or [m for m in legal if m != "out"] or legal
            state.apply(rng.choice(choices))
    raise AssertionError("no seed leads to a forced pass")


def test_forced_pass_is_played_automatically(game: GamePage) -> None:
    game.start(seed=1)
    text = save_where_you_must_pass()
    before = len(session_of(text).game.state.history)
    game.page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["leopard.game.v1", text])
    game.page.reload()
    game.wait_settled(90_000)
    log = game.page.locator("#log li").evaluate_all("els => els.map(e => [e.className, e.dataset.move])")
    assert log[before] == ["by-own", "pass"], log[before - 1:before + 2]
    after = session_of(game.saved()).game.state
    assert [str(m) for s, m in after.history[before:before + 1]] == ["pass"]


def test_running_variant_end_turn_button(game: GamePage) -> None:
    game.start(seed=31, botseed=2, hands=1, variant="running")
    page = game.page
    end = page.locator("#end-turn")
    expect(end).to_be_visible()
    for _ in range(20):  # play cards one after another while the engine allows (R8.3), then end
        legal = check_table_against_engine(game)
        if "end" in legal:
            expect(end).to_be_enabled()
        else:
            expect(end).to_be_disabled()
        plays = [m for m in legal if " to " in m]
        if "end" in legal and not plays:
            break
        if not plays:
            play_by_clicks(game, next(m for m in legal if m.startswith("discard")), legal)
            game.wait_settled()
            continue
        play_by_clicks(game, plays[0], legal)
        game.wait_settled()
        if "end" in [str(m) for m in session_of(game.saved()).game.state.legal_moves()]:
            break
    before = game.moves_shown()
    expect(end).to_be_enabled()
    end.click()
    game.wait_settled()
    shown = page.locator("#log li").evaluate_all("els => els.map(e => e.dataset.move)")
    assert shown[before] == "end" and game.moves_shown() > before + 1
