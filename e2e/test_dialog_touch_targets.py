"""The dialogs' controls are touch targets a finger can hit on a phone (at least 44 CSS px tall, as
the table's buttons are): the menus, the text fields and the rows of choices (a radio button or a
check box with its words), on the card game's New game and Statistics dialogs and on Eleusis's New
game (the rule builder of "You deal" and the classroom's names), Settings and Statistics dialogs.
And the card game's More menu on a phone: its link to the hunt game is one of its items, the same
size as the others. And every column head of its dialogs has words for a screen reader.

Each control is measured as drawn (``getBoundingClientRect``); a control the dialog does not show
now (hidden, or in a part that is closed) is not measured.
"""

from __future__ import annotations

import pytest
from pages.eleusis import EleusisPage
from pages.eleusis_lab import ANSWER_MS, build_rule
from pages.leopard import GamePage
from pages.site import guarded_context, wait_for_match
from playwright.sync_api import Browser, Page, expect

TOUCH_MIN = 44
PHONES = [(390, 844), (360, 640), (844, 390)]
PHONE_IDS = ["390x844", "360x640", "844x390"]
# The open dialog's controls shorter than TOUCH_MIN: [what, its id or class, its height].
SHORT_CONTROLS = """(least) => [...document.querySelectorAll(
    'dialog[open] :is(button, select, input:not([type=radio]):not([type=checkbox]):not([type=range]),'
    + ' label:has(input[type=radio]), label:has(input[type=checkbox]))')]
  .filter(e => e.getClientRects().length)
  .map(e => [e.tagName.toLowerCase(), e.id || e.className || e.textContent.trim().slice(0, 30),
             Math.round(e.getBoundingClientRect().height)])
  .filter(([, , height]) => height < least)"""


def short_controls(page: Page) -> list[list[object]]:
    found: list[list[object]] = page.evaluate(SHORT_CONTROLS, TOUCH_MIN)
    return found


def open_more(page: Page, item: str) -> None:
    page.click("#more-menu summary")
    page.click(f"#{item}")


def test_the_card_games_dialogs_have_finger_sized_controls(browser: Browser, site_url: str) -> None:
    """On each phone (one game, the window resized: the table fits itself again on resize)."""
    width, height = PHONES[0]
    with guarded_context(browser, site_url, viewport={"width": width, "height": height}) as page:
        game = GamePage(page, site_url)
        game.start(seed=5)
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            narrow = width <= 560
            open_more(page, "more-new-game") if narrow else page.click("#open-settings")
            expect(page.locator("#settings")).to_be_visible()
            assert short_controls(page) == [], ("New game", width, height)
            page.click("#settings-cancel")
            open_more(page, "open-stats")
            expect(page.locator("#stats")).to_be_visible()
            assert short_controls(page) == [], ("Statistics", width, height)
            page.click("#stats-close")
            expect(page.locator("#stats")).to_be_hidden()


def short_controls_on_each_phone(page: Page) -> dict[str, list[list[object]]]:
    """The open dialog's short controls at each phone's size (the window resized; the Eleusis page
    lays itself out by CSS alone), by size; the window is left at the last size."""
    found = {}
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        found[f"{width}x{height}"] = short_controls(page)
    return found


NONE_SHORT = {size: [] for size in PHONE_IDS}


def test_eleusis_dialogs_have_finger_sized_controls(browser: Browser, site_url: str) -> None:
    """Each dialog's state checked at each phone's size (one page, resized)."""
    width, height = PHONES[0]
    with guarded_context(browser, site_url, viewport={"width": width, "height": height}) as page:
        eleusis = EleusisPage(page, site_url)
        eleusis.open("?game=express&bots=2&level=novice&difficulty=easy&seed=3&pace=0")
        page.click("#open-new-game")
        assert short_controls_on_each_phone(page) == NONE_SHORT, "New game"
        deal = eleusis.deal_own_rule("match", {"sameness": "differ", "attribute": "colour"})
        wait_for_match(page, "#you-deal-box .rb-wording[data-state=ready]", ANSWER_MS)
        expect(deal.locator(".rb-wording")).to_have_attribute("data-state", "ready")
        wait_for_match(page, "#you-deal-box .yd-start:enabled", ANSWER_MS)
        expect(deal.locator(".yd-start")).to_be_enabled()
        assert short_controls_on_each_phone(page) == NONE_SHORT, "You deal, a rule ready to deal"
        build_rule(deal, "if")  # the builder's nested places, each with its own menu
        page.check("input[name=players][value=classroom]")
        page.select_option("#set-people", "3")
        assert short_controls_on_each_phone(page) == NONE_SHORT, "You deal and the classroom"
        page.click("#new-game-cancel")
        for item, dialog in (("open-settings", "#settings"), ("open-stats", "#stats")):
            open_more(page, item)
            expect(page.locator(dialog)).to_be_visible()
            assert short_controls_on_each_phone(page) == NONE_SHORT, dialog
            page.keyboard.press("Escape")
            expect(page.locator(dialog)).to_be_hidden()


def test_the_more_menus_items_are_alike_on_a_phone(browser: Browser, site_url: str) -> None:
    """The hunt game's item is a link among buttons: on a phone it had the top bar's larger type and
    padding, standing out of the list."""
    with guarded_context(browser, site_url, viewport={"width": 390, "height": 844}) as page:
        GamePage(page, site_url).start(seed=5)
        page.click("#more-menu summary")
        looks = page.locator("#more-menu .more-items > :is(button, a)").evaluate_all(
            "items => items.filter(e => e.getClientRects().length).map(e => { const s = getComputedStyle(e);"
            " return [s.fontSize, s.paddingLeft, s.textAlign,"
            " Math.round(e.getBoundingClientRect().height)]; })")
        assert len(looks) >= 6
        assert [look for look in looks if look != looks[0]] == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_column_head_of_the_card_games_dialogs_has_words(
        browser: Browser, site_url: str, lang: str) -> None:
    """A screen reader names a column by its head: the hand-end breakdown's and the statistics'
    first columns (the rows' names) had an empty head (axe: empty-table-header)."""
    with guarded_context(browser, site_url, language=lang) as page:
        GamePage(page, site_url).start(seed=5)
        heads = page.locator("dialog thead th").evaluate_all("heads => heads.map(h => h.textContent.trim())")
        assert len(heads) >= 10
        assert "" not in heads, heads
