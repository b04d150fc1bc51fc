"""The table at once (issue 8): before Python is ready the page draws the last view it drew,
read-only and marked "Starting…"; a first visit draws the empty table; moves open when the engine
is ready. The engine is held back by holding its worker's script, so nothing here is timed."""

from __future__ import annotations

import re
import time

from conftest import PYTHON_START_MS, GamePage, expect
from playwright.sync_api import Browser, Route

ENGINE_WORKER = re.compile(r".*/js/platform/engine/worker\.js(\?.*)?$")


def hold_engine(game: GamePage, query: str) -> list[Route]:
    """Load the page with its engine's worker script held back; returns the held requests."""
    held: list[Route] = []
    game.page.route(ENGINE_WORKER, lambda route: held.append(route))
    game.page.goto(game.base_url + query)
    deadline = time.monotonic() + PYTHON_START_MS / 1000
    while not held and time.monotonic() < deadline:
        game.page.wait_for_timeout(50)
    assert held, "the page asked for its engine's worker"
    return held


def release(game: GamePage, held: list[Route]) -> None:
    """Let the engine start."""
    for route in held:
        route.continue_()
    game.page.unroute(ENGINE_WORKER)


def test_first_visit_draws_the_empty_table_while_python_starts(game: GamePage) -> None:
    held = hold_engine(game, "?seed=41&botseed=2&hands=1&level=random&pace=0")
    page = game.page
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#turn")).to_have_text("Setting up the table…")
    assert game.phase() == "loading"
    assert page.locator("#own-square .space").count() == 9
    release(game, held)
    assert game.wait_settled(PYTHON_START_MS) == "your-turn"
    expect(page.locator("#turn")).to_have_text("Your turn")


def test_return_visit_draws_the_last_table_read_only_before_python(browser: Browser, site_url: str) -> None:
    # No service worker: requests it served would pass by the route that holds the engine back.
    context = browser.new_context(service_workers="block")
    try:
        game = GamePage(context.new_page(), site_url)
        return_visit(game)
    finally:
        context.close()


def return_visit(game: GamePage) -> None:
    """Play a move, then reload with the engine held: the same table shows, read-only."""
    game.start(seed=42, botseed=3, hands=2)
    page = game.page
    page.locator("#hand .hand-card[aria-disabled=false]").first.click()
    page.locator(".space.target, #discard-target.target").first.click()
    game.wait_settled()
    hand, squares, moves = game.hand(), game.squares(), game.moves_shown()
    assert moves >= 1
    held = hold_engine(game, "?pace=0")
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#turn")).to_have_text("Starting…")
    assert game.phase() == "loading"
    assert game.hand() == hand and game.squares() == squares
    # Read-only: a card cannot be chosen and nothing is lit.
    page.locator("#hand .hand-card").first.click(force=True)
    assert page.locator(".space.target").count() == 0
    assert page.evaluate("performance.getEntriesByName('leopard:table-drawn').length") == 1
    release(game, held)
    assert game.wait_settled(PYTHON_START_MS) == "your-turn"
    assert game.hand() == hand and game.moves_shown() == moves
