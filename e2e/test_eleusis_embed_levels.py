"""The Eleusis frame's ``levels=`` (embed.html?game=eleusis&levels=novice,expert): each computer
player gets its own level, as the engine's snapshot and the table say; a bad
list gets the frame's usual notice and every computer player the level of ``level=`` (scientist by
default).
"""

from __future__ import annotations

import json
from typing import Any

from pages.eleusis import WORKER_SPY
from pages.site import ENGLISH, PYTHON_START_MS, wait_for_match
from playwright.sync_api import Page, expect

SEED = 5
SETTLED = "main[data-turn=your-turn], main[data-turn=game-over]"
LEVEL = ENGLISH["eleusis"]["level"]


def open_frame(page: Page, site_url: str, query: str) -> None:
    page.add_init_script(WORKER_SPY)
    page.goto(f"{site_url}embed.html?game=eleusis&{query}&seed={SEED}&pace=0&boot=snapshot")
    wait_for_match(page, SETTLED, PYTHON_START_MS, visible=True)


def engine_levels(page: Page) -> list[str | None]:
    """Each seat's level in the latest snapshot the worker sent (None for the person)."""
    for text in reversed(page.evaluate("() => window.__workerMessages")):
        result: Any = json.loads(text).get("result")
        if isinstance(result, dict) and isinstance(result.get("snapshot"), dict):
            result = result["snapshot"]
        if isinstance(result, dict) and "levels" in result and "mainline" in result:
            return list(result["levels"])
    raise AssertionError("the worker sent no snapshot")


def table_levels(page: Page) -> list[str]:
    return page.locator(".players .player:not(.you) .level").all_inner_texts()


def test_levels_gives_each_computer_player_its_level(guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    open_frame(page, site_url, "levels=novice,expert")
    expect(page.locator(".embed-notice")).to_have_count(0)
    assert engine_levels(page) == [None, "novice", "expert"]
    assert table_levels(page) == [LEVEL["novice"], LEVEL["expert"]]
    expect(page.locator(".embed-info")).to_contain_text(f"{LEVEL['novice']}, {LEVEL['expert']}")


def test_a_bad_levels_list_gets_a_notice_and_the_default(guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    open_frame(page, site_url, "levels=novice,genius&level=novice")
    items = page.locator(".embed-notice li").all_inner_texts()
    assert len(items) == 1 and items[0].startswith("levels=novice,genius"), items
    assert engine_levels(page) == [None, "novice", "novice"]
    assert table_levels(page) == [LEVEL["novice"], LEVEL["novice"]]


def test_a_levels_list_of_another_length_than_bots_gets_a_notice(guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    open_frame(page, site_url, "levels=novice,expert&bots=3")
    items = page.locator(".embed-notice li").all_inner_texts()
    assert len(items) == 1 and items[0].startswith("levels=novice,expert"), items
    assert engine_levels(page) == [None, "scientist", "scientist", "scientist"]
