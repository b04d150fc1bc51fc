"""The game survives reloads, unreadable saves, the settings dialog and a lost network."""

from __future__ import annotations

import json

import serve
from conftest import PYTHON_START_MS, SAVE_KEY, GamePage, Guard, expect, greedy_choice, origin_of, session_of
from playwright.sync_api import Browser, BrowserContext, Page
from test_game_play import play_by_clicks


def play_moves(game: GamePage, count: int) -> None:
    """Make ``count`` of the person's moves by clicks (the computer answers in between)."""
    for _ in range(count):
        assert game.phase() == "your-turn"
        session = session_of(game.saved())
        state = session.game.state
        play_by_clicks(game, greedy_choice(state), [str(m) for m in state.legal_moves()])
        game.wait_settled()


def table_picture(game: GamePage) -> dict[str, object]:
    """What the page shows of the position."""
    return {
        "squares": game.squares(),
        "hand": game.hand(),
        "stock": game.text("#stock-count"),
        "log": game.page.locator("#log li").evaluate_all("els => els.map(e => e.dataset.move)"),
        "raw": (game.text("#own-raw"), game.text("#opp-raw")),
    }


def test_reload_mid_hand_resumes_same_position(game: GamePage) -> None:
    game.start(seed=12, botseed=5, hands=2)
    play_moves(game, 3)
    before, saved = table_picture(game), game.saved()
    assert "seed=" not in game.page.url, "the URL is cleaned so a reload resumes"
    game.page.reload()
    game.wait_settled(PYTHON_START_MS)
    assert table_picture(game) == before
    assert game.saved() == saved
    play_moves(game, 1)  # and play goes on


def test_unreadable_save_is_reported_set_aside_and_a_new_game_starts(game: GamePage) -> None:
    game.start(seed=13, botseed=5, hands=2)
    play_moves(game, 1)
    good = json.loads(game.saved())
    inner = json.loads(good["game"])
    inner["moves"][0][0] = "KS to own 5"  # tampered: the checksum no longer matches
    good["game"] = json.dumps(inner)
    for bad in ("{not json", json.dumps(good)):
        game.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, bad])
        game.page.reload()
        game.wait_settled(PYTHON_START_MS)
        notice = game.page.locator("#notice")
        expect(notice).to_be_visible()
        assert "could not be read" in notice.inner_text()
        kept = game.page.evaluate(
            "Object.keys(localStorage).filter(k => k.startsWith('leopard.game.unreadable.'))"
            ".map(k => localStorage.getItem(k))"
        )
        assert bad in kept, "the unreadable save is kept under another key"
        fresh = session_of(game.saved())  # the engine reads the new save
        assert fresh.game.hand_number == 1
        play_moves(game, 1)
        game.page.click("#notice-close")


def test_settings_never_lose_the_game_and_start_a_new_one(game: GamePage) -> None:
    game.start(seed=14, botseed=5, hands=2)
    play_moves(game, 1)
    before, saved = table_picture(game), game.saved()
    page = game.page
    page.click("#open-settings")
    expect(page.locator("#settings")).to_be_visible()
    levels = page.locator("#set-level option").evaluate_all("els => els.map(e => e.value)")
    from leopard_core.games.leopard.bots import LEVELS

    assert levels == list(LEVELS), "levels come from the engine"
    page.select_option("#set-variant", "classic")
    page.click("#settings-cancel")
    assert table_picture(game) == before and game.saved() == saved
    page.click("#open-settings")
    page.select_option("#set-variant", "classic")
    page.select_option("#set-hands", "1")
    page.click("#settings-start")
    game.wait_settled()
    assert "Classic" in game.text("#game-info") and "of 1" in game.text("#game-info")
    first_cell = page.locator("#own-square .space").first.get_attribute("data-space")
    assert first_cell == "7", "classic draws the keypad layout (R8.2)"
    assert session_of(game.saved()).game.rules.name == "classic"
    previous = page.evaluate("localStorage.getItem('leopard.game.previous')")
    assert previous == saved, "the replaced game is kept"


def test_offline_after_first_visit(browser: Browser, site_dir: object) -> None:
    server, url = serve.start_server(site_dir)  # type: ignore[arg-type]
    context: BrowserContext = browser.new_context()
    page: Page = context.new_page()
    guard = Guard(origin_of(url))
    guard.watch(context, page)
    try:
        game = GamePage(page, url)
        game.start(seed=15, botseed=5, hands=2)
        page.wait_for_selector("html[data-sw=controlled]", timeout=PYTHON_START_MS)
        before = game.moves_shown()
        server.shutdown()
        server.server_close()
        page.reload()
        game.wait_settled(PYTHON_START_MS)
        assert game.moves_shown() == before
        play_moves(game, 1)
        assert game.moves_shown() > before
        guard.check()
    finally:
        context.close()
