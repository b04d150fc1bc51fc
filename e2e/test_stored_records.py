"""One rule for everything a game page reads from storage (issue 32): a record is checked where it
is read; a bad one is reported in plain words, kept aside under the name the notice gives, and
replaced; the page always starts.

Each test damages what an earlier visit kept (the table drawn before Python starts, the
preferences, the settings) and opens the page again, as a person coming back would.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from pages.eleusis import EleusisPage
from pages.hunt import HuntPage
from pages.leopard import GamePage
from pages.site import ENGLISH
from playwright.sync_api import Page, expect

ELEUSIS_VIEW = "leopard.eleusis.view.v1"
CARD_VIEW = "leopard.view.v1"
HUNT_VIEW = "leopard.hunt.view.v1"
PREFERENCES = "leopard.preferences.v1"
SEED = 7
ASIDE = re.compile(r"“([^”]+\.unreadable\.[^”]+)”")


def stored(page: Page, key: str) -> str | None:
    value = page.evaluate("k => localStorage.getItem(k)", key)
    return None if value is None else str(value)


def set_aside_as_noticed(page: Page, key: str, text: str) -> str:
    """The notice names where the bad record was kept; that copy holds it exactly, and its own key
    is free for the page to write a good record."""
    notice = page.locator("#notice")
    expect(notice).to_contain_text(ENGLISH["game"]["storage"]["record"]["wrongShape"])
    named = ASIDE.search(notice.inner_text())
    assert named, notice.inner_text()
    aside = named.group(1)
    assert aside.startswith(f"{key}.unreadable."), aside
    assert stored(page, aside) == text
    return aside


def damaged_views(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The damage the independent checks found fatal, each made from a real kept view."""
    no_expelled = {k: v for k, v in view.items() if k != "expelled"}
    return {
        "a null card": {**view, "mainline": [*view["mainline"], None]},
        "not a card in the hand": {**view, "hand": [*view["hand"][:-1], {"rank": "A"}]},
        "a null play": {**view, "plays": [*view["plays"], None]},
        "no expelled field": no_expelled,
    }


def test_a_damaged_eleusis_view_is_set_aside_and_the_page_starts(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", SEED)
    page = eleusis.page
    page.wait_for_function(f"() => localStorage.getItem({ELEUSIS_VIEW!r}) !== null")
    good = json.loads(stored(page, ELEUSIS_VIEW) or "null")
    for name, damaged in damaged_views(good).items():
        text = json.dumps(damaged)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [ELEUSIS_VIEW, text])
        eleusis.open()
        assert eleusis.phase() == "your-turn", name
        set_aside_as_noticed(page, ELEUSIS_VIEW, text)
        # Replaced: the page kept a good view again, and the next visit has nothing to report.
        page.wait_for_function(f"() => localStorage.getItem({ELEUSIS_VIEW!r}) !== null")
        eleusis.open()
        expect(page.locator("#notice")).to_be_hidden()


def test_a_card_game_view_that_cannot_be_drawn_is_set_aside(game: GamePage) -> None:
    game.start(seed=31, botseed=2, hands=2)
    page = game.page
    page.wait_for_function(f"() => localStorage.getItem({CARD_VIEW!r}) !== null")
    view = json.loads(stored(page, CARD_VIEW) or "null")
    text = json.dumps({**view, "own": {**view["own"], "stacks": [None] * 9}})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [CARD_VIEW, text])
    game.open()
    set_aside_as_noticed(page, CARD_VIEW, text)


def test_a_hunt_view_and_preferences_of_the_wrong_kind_are_set_aside(hunt: HuntPage) -> None:
    hunt.start("L")
    page = hunt.page
    page.wait_for_function(f"() => localStorage.getItem({HUNT_VIEW!r}) !== null")
    view = json.loads(stored(page, HUNT_VIEW) or "null")
    text = json.dumps({**view, "cells": None})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [HUNT_VIEW, text])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PREFERENCES, "[1, 2, 3]"])
    hunt.open()
    set_aside_as_noticed(page, HUNT_VIEW, text)
    set_aside_as_noticed(page, PREFERENCES, "[1, 2, 3]")


@pytest.mark.parametrize("text", ["{\"speed\": 5", "\"dark\"", "{\"theme\": \"purple\"}"])
def test_damaged_preferences_are_reported_and_replaced_on_the_eleusis_page(
        guarded_page: Page, site_url: str, text: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    page = eleusis.page
    page.goto(f"{site_url}eleusis-rules.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PREFERENCES, text])
    eleusis.start("express", SEED)
    notice = page.locator("#notice")
    expect(notice).to_contain_text(ENGLISH["game"]["storage"]["record"]["what"]["preferences"])
    aside = ASIDE.search(notice.inner_text())
    assert aside and stored(page, aside.group(1)) == text
    assert stored(page, PREFERENCES) is None
