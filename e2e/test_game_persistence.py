"""The game survives reloads, unreadable saves, the settings dialog and a lost network. Its save is
kept by the engine worker (pages.kept); a save an earlier visit left in localStorage is moved there."""

from __future__ import annotations

import json
import re

import pytest
import serve
from pages.kept import hold_kept_store, kept_records, kept_text, put_kept, release_kept_store
from pages.leopard import (
    KEPT_KEY,
    PREVIOUS_KEY,
    GamePage,
    greedy_choice,
    play_by_clicks,
    play_moves,
    session_of,
)
from pages.site import PYTHON_START_MS, SAVE_KEY, WAIT_MS, Guard, origin_of, wait_for_match
from playwright.sync_api import Browser, BrowserContext, Page, expect


def test_reload_mid_hand_resumes_same_position(game: GamePage) -> None:
    game.start(seed=12, botseed=5, hands=2)
    play_moves(game, 3)
    before, saved = game.picture(), game.saved()
    assert "seed=" not in game.page.url, "the URL is cleaned so a reload resumes"
    game.page.reload()
    game.wait_settled(PYTHON_START_MS)
    assert game.picture() == before
    assert game.saved() == saved
    play_moves(game, 1)  # and play goes on


@pytest.mark.parametrize("leave", ["reload", "close"])
def test_a_move_whose_save_is_still_in_flight_when_the_page_is_left_is_there_on_return(
    game: GamePage, leave: str,
) -> None:
    """Nothing a player did is lost: the person's move, made just before the page is reloaded or its
    tab closed, while the worker's keep of it waits (the store held from another page), is there on
    the next visit, and the computer's answer after it is the one it made."""
    game.start(seed=5, botseed=2)
    before = game.saved()
    move = greedy_choice(session_of(before).game.state)
    holder = game.page.context.new_page()
    holder.goto(f"{game.base_url}data/hunt-board.json")  # the site's origin, no engine
    hold_kept_store(holder)
    play_by_clicks(game, move)
    # the click was taken: the move is on its way
    wait_for_match(game.page, "body[data-phase=busy]", WAIT_MS, visible=True)
    page = game.page
    if leave == "reload":
        page.reload(wait_until="commit")
    else:
        page.close()
        page = game.page.context.new_page()
        page.goto(f"{game.base_url}?pace=0&boot=snapshot", wait_until="commit")
    release_kept_store(holder)
    back = GamePage(page, game.base_url)
    back.wait_settled(PYTHON_START_MS)
    # The game as the engine plays it on from the kept one: the move, then the computer's turn.
    unbroken = session_of(before)
    unbroken.play(move)
    while unbroken.snapshot()["to_move"] == "opp" and not unbroken.snapshot()["over"]:
        unbroken.bot_move()
    expected = [entry["text"] for entry in unbroken.snapshot()["log"]]
    assert expected[0] == move
    assert [entry["text"] for entry in session_of(back.saved()).snapshot()["log"]] == expected
    expect(page.locator("#log li").first).to_have_attribute("data-move", move)
    holder.close()


def test_a_save_an_earlier_visit_left_in_local_storage_is_moved_into_the_worker(game: GamePage) -> None:
    """An earlier visit kept the game in localStorage (before the worker kept every game): this visit
    resumes it, the worker keeps it, and localStorage holds it no more."""
    game.start(seed=11, botseed=5, hands=2)
    play_moves(game, 2)
    before, saved = game.picture(), game.saved()
    other = GamePage(game.page, game.base_url)
    other.start(seed=10, botseed=3, hands=1)  # another game kept since; the older save comes first
    game.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, saved])
    game.page.reload()
    game.wait_settled(PYTHON_START_MS)
    assert game.picture() == before
    game.page.wait_for_function("(k) => localStorage.getItem(k) === null", arg=SAVE_KEY)
    assert session_of(game.saved()).game.state.history == session_of(saved).game.state.history
    play_moves(game, 1)


def test_a_kept_save_that_cannot_be_read_is_kept_aside_under_the_name_the_notice_gives(
        game: GamePage) -> None:
    game.start(seed=9, botseed=5, hands=2)
    play_moves(game, 1)
    for bad in ("k1.%%%", "[" * 200_000):
        put_kept(game.page, KEPT_KEY, {"revision": 40, "sealed": bad})
        game.page.reload()
        game.wait_settled(PYTHON_START_MS)
        notice = game.page.locator("#notice")
        expect(notice).to_contain_text("could not be read")
        named = re.search(r"“(leopard\.game\.unreadable\.\d+)”", notice.inner_text())
        assert named, notice.inner_text()
        assert kept_records(game.page)[named.group(1)] == {"revision": 40, "sealed": bad}
        assert session_of(game.saved()).game.hand_number == 1, "a new game started and is kept"
        play_moves(game, 1)
        game.page.click("#notice-close")


def test_unreadable_save_is_reported_set_aside_and_a_new_game_starts(game: GamePage) -> None:
    """A save an earlier visit left in localStorage that cannot be read is set aside there."""
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
    before, saved = game.picture(), game.saved()
    page = game.page
    page.click("#open-settings")
    expect(page.locator("#settings")).to_be_visible()
    levels = page.locator("#set-level option").evaluate_all("els => els.map(e => e.value)")
    from leopard_core.games.leopard.bots import LEVELS

    assert levels == list(LEVELS), "levels come from the engine"
    page.select_option("#set-variant", "classic")
    page.click("#settings-cancel")
    assert game.picture() == before and game.saved() == saved
    page.click("#open-settings")
    page.select_option("#set-variant", "classic")
    page.select_option("#set-hands", "1")
    page.click("#settings-start")
    game.wait_settled()
    assert "Classic" in game.text("#game-info") and "of 1" in game.text("#game-info")
    first_cell = page.locator("#own-square .space").first.get_attribute("data-space")
    assert first_cell == "7", "classic draws the keypad layout (R8.2)"
    assert session_of(game.saved()).game.rules.name == "classic"
    assert kept_text(page, PREVIOUS_KEY) == saved, "the replaced game is kept, by the worker"


def test_offline_after_first_visit(browser: Browser, site_dir: object) -> None:
    server, url = serve.start_server(site_dir)  # type: ignore[arg-type]
    context: BrowserContext = browser.new_context()
    page: Page = context.new_page()
    guard = Guard(origin_of(url))
    guard.watch(context, page)
    try:
        game = GamePage(page, url)
        game.start(seed=15, botseed=5, hands=2)
        wait_for_match(page, "html[data-sw=controlled]", PYTHON_START_MS, visible=True)
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
