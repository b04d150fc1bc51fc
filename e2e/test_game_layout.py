"""The table fits the common screens (issue 9): every part of the playing surface is inside the
viewport with no scrolling, touch targets are at least 44 CSS px, a hand plays by clicks at each
size, a click that is not a legal move is answered, and the end screens open at their top and pass
axe-core in both themes.

One game per device, the window resized to each of the device's sizes (the hand fits itself again
on resize): the table is checked at every size at the start and in the middle of the hand, and the
first moves by clicks are made at each size in turn. Then the page is opened again on the same hand
near its end (``near_the_end``, played by the engine in CPython), checked at every size, and the
last moves are made by clicks: every size still reaches the result screen, without the dozens of
moves between that only repeat what the first twelve showed (the phone's running hand was played by
clicks to its end: 21 s of the test, 10 s without the middle). A whole
standard hand by clicks on a computer's screen is test_game_play.py's (at 1280x720, every number
checked against the engine at every move).

Each device's page is lent by a warm profile (``guarded_context``; a phone's has touch and a mobile
viewport), as the ``game`` fixture's are."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from pages.leopard import GamePage, near_the_end, person_move, play_a_lit_move, top_bar_click
from pages.site import axe_violations, guarded_context, resize_window
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

VIEWPORTS = [(1366, 768), (1280, 720), (1440, 900), (390, 844), (360, 640), (844, 390)]
PHONES = {(390, 844), (360, 640), (844, 390)}
MIDDLE = 12  # moves by clicks before the middle-of-the-hand check: the squares are filling up
# What a player needs to see at once: both squares, stock and discards, the hand, the actions and
# whose turn it is.
SURFACE = ("#opp-square .square", "#own-square .square", ".pile.stock", "#discard-target",
           "#hand .hand-card", "#go-out", "#turn")
TOUCH_MIN = 44


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    """Bounding boxes of the visible elements matching selector."""
    return page.locator(selector).evaluate_all(
        "els => els.filter(e => e.offsetParent !== null).map(e => {"
        " const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; })"
    )


def assert_surface_visible(page: Page, width: int, height: int) -> None:
    """Every part of the playing surface lies inside the viewport, and the page does not scroll."""
    scroll = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert scroll[0] <= width and scroll[1] <= height, (width, height, scroll)
    for selector in SURFACE:
        found = boxes(page, selector)
        assert found, f"{selector} is not shown at {width}x{height}"
        for box in found:
            assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
            inside = box["x"] + box["w"] <= width + 0.5 and box["y"] + box["h"] <= height + 0.5
            assert inside, (selector, box, width, height)


FITS = "([w, h]) => document.documentElement.scrollWidth <= w && document.documentElement.scrollHeight <= h"
"""Whether the page fits a window of ``[w, h]`` without scrolling."""


def assert_touch_targets(page: Page) -> None:
    """Every visible control of the table and the top bar is at least 44 x 44 CSS px."""
    controls = boxes(page, ".topbar button, .topbar a, .table button")
    assert len(controls) > 15
    small = [box for box in controls if box["w"] < TOUCH_MIN - 0.5 or box["h"] < TOUCH_MIN - 0.5]
    assert not small, small[:5]


@pytest.mark.parametrize("device", ["phone", "laptop"])
def test_table_fits_and_a_hand_plays_by_clicks(browser: Browser, site_url: str, device: str) -> None:
    phone = device == "phone"
    sizes = [size for size in VIEWPORTS if (size in PHONES) == phone]
    width, height = sizes[0]
    with guarded_context(browser, site_url, viewport={"width": width, "height": height},
                         is_mobile=phone, has_touch=phone) as page:
        game = GamePage(page, site_url)
        variant = "running" if phone else "standard"
        game.start(seed=11, botseed=4, hands=1, variant=variant)

        def fits_at_every_size(touch: bool = False) -> None:
            for width, height in sizes:
                resize_window(page, width, height)
                # A page just opened again (near the end) may still be fitting its hand when the
                # window changes: seen once under load at 390x844 (the page 394x856 for a moment).
                # What a player sees is the laid-out page: the check waits (at most 3 s) for it.
                with contextlib.suppress(PlaywrightTimeoutError):
                    page.wait_for_function(FITS, arg=[width, height], timeout=3000)
                assert_surface_visible(page, width, height)
                if touch:
                    assert_touch_targets(page)

        fits_at_every_size(touch=True)
        moves = 0
        while game.phase() == "your-turn" and moves < MIDDLE:
            resize_window(page, *sizes[moves % len(sizes)])  # each size plays some of the moves
            play_a_lit_move(page)
            game.wait_settled()
            moves += 1
        assert moves == MIDDLE, "the hand ended before its middle"
        fits_at_every_size()  # the middle of the hand: squares filled, still fits
        game.resume(near_the_end(seed=11, botseed=4, hands=1, variant=variant))
        fits_at_every_size()  # the end of a hand: the stock runs low
        while game.phase() == "your-turn":
            person_move(game)
        assert game.phase() == "game-over"
        expect(page.locator("#result")).to_be_visible()
        assert page.locator("#result").evaluate("d => d.scrollTop") == 0


def test_a_click_that_is_not_a_move_is_answered(game: GamePage) -> None:
    game.start(seed=5, botseed=2, hands=1)
    status = game.page.locator("#status")
    # No card chosen: a space or the discard pile says what to do first.
    # force: the unlit places are aria-disabled, which Playwright will not click, but people do.
    game.page.click("#own-space-5", force=True)
    expect(status).to_contain_text("Choose a card")
    game.page.click("#discard-target", force=True)
    expect(status).to_contain_text("Choose a card")
    # A card that may not go there: the engine's reason (R3), in words.
    cards = game.hand()
    index = next(i for i, card in enumerate(cards) if card[:-1] in "A23456789" and card[:-1] != "9")
    rank = cards[index][:-1]
    wrong = 9 if rank != "9" else 8
    game.page.click(f"#hand-card-{index}")
    game.page.click(f"#own-space-{wrong}", force=True)
    expect(status).to_contain_text("cannot go there")
    expect(status).to_contain_text(f"only on space {1 if rank == 'A' else rank}")
    assert game.moves_shown() <= 1  # nothing was played


def end_screens(page: Page) -> list[tuple[str, Any]]:
    """axe findings on the table, the hand's end and the result screen (the game must be over)."""
    found = [("result", axe_violations(page))]
    page.click("#result-last-hand")
    expect(page.locator("#hand-end")).to_be_visible()
    assert page.locator("#hand-end").evaluate("d => d.scrollTop") == 0
    found.append(("hand-end", axe_violations(page)))
    page.click("#review-table")
    found.append(("table", axe_violations(page)))
    return found


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_end_screens_pass_axe_in_both_themes(browser: Browser, site_url: str, theme: str) -> None:
    with guarded_context(browser, site_url, viewport={"width": 1280, "height": 720}, bypass_csp=True) as page:
        game = GamePage(page, site_url)
        game.resume(near_the_end(seed=11, botseed=4, hands=1))
        page.evaluate(f"document.documentElement.dataset.theme = {theme!r}")
        while game.phase() == "your-turn":
            person_move(game)
        for where, violations in end_screens(page):
            assert not violations, (theme, where, violations)


def test_in_game_rules_follow_the_variant_and_fit_a_phone(browser: Browser, site_url: str) -> None:
    """R8.2: a classic game's rules say keypad layout and going out at 5; nothing is clipped at 390 px."""
    with guarded_context(browser, site_url, viewport={"width": 390, "height": 844}, is_mobile=True,
                         has_touch=True) as page:
        game = GamePage(page, site_url)
        game.start(seed=3, botseed=1, hands=2, variant="classic")
        top_bar_click(page, "open-rules")
        rules = page.locator("#rules")
        expect(rules).to_be_visible()
        expect(rules).to_contain_text("7 8 9 on the top row")
        expect(rules).not_to_contain_text("1 2 3 on the top row")
        expect(rules.locator("a[href='rules.html'], a[href^='rules.html#']").first).to_be_attached()
        clipped = rules.evaluate(
            "d => { const edge = d.getBoundingClientRect().right;"
            " return [...d.querySelectorAll('th, td, p, li')]"
            ".filter(e => e.getBoundingClientRect().right > edge + 1).map(e => e.textContent.slice(0, 30)); }"
        )
        assert not clipped, clipped
        assert rules.evaluate("d => d.scrollWidth <= d.clientWidth + 1")
        page.click("#rules-close")
        top_bar_click(page, "open-settings")
        expect(page.locator("#variant-hint")).to_contain_text("above 5")
