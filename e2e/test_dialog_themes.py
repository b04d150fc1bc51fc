"""The dialogs are sheets in the theme's colours (game-page.css's --sheet variables): a dark sheet
with light ink in the dark theme (the default), the cream sheet with dark ink in the light theme.
They used to stay cream in the dark theme, a bright page over the dimmed table (on a phone the
review filled the screen with it) while the theme's other overlays are dark.

Each theme is chosen as an earlier visit left it in Settings; in each, a dialog of the card game
(Statistics, with its table and chart) and of Eleusis (New game with You deal's rule builder)
is measured: the sheet's lightness and its ink's, and axe-core finds nothing serious in it.
"""

from __future__ import annotations

import json

import pytest
from pages.eleusis import EleusisPage
from pages.eleusis_lab import ANSWER_MS
from pages.leopard import GamePage
from pages.site import axe_violations, guarded_context, wait_for_match
from playwright.sync_api import Browser, Page, expect

PREFERENCES_KEY = "leopard.preferences.v1"
# The relative luminance (WCAG) of a dialog's background and of its text colour.
LUMINANCES = """(selector) => {
  const dialog = document.querySelector(selector);
  const luminance = (colour) => {
    const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map(Number).map(c => {
      const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const style = getComputedStyle(dialog);
  return [luminance(style.backgroundColor), luminance(style.color)];
}"""


def sheet_fits_the_theme(page: Page, selector: str, theme: str) -> None:
    background, ink = page.evaluate(LUMINANCES, selector)
    if theme == "dark":
        assert background < 0.05 < 0.8 < ink, (selector, background, ink)
    else:
        assert ink < 0.05 < 0.8 < background, (selector, background, ink)
    assert axe_violations(page) == [], (selector, theme)


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_dialogs_are_sheets_of_the_theme(browser: Browser, site_url: str, theme: str) -> None:
    with guarded_context(browser, site_url, bypass_csp=True, viewport={"width": 390, "height": 844}) as page:
        stored = json.dumps(json.dumps({"theme": theme}))
        # On the page, not its context: the page is lent by a warm profile, whose context outlives
        # the test (a context's init script would set the theme of every later test's pages).
        page.add_init_script(
            f"try {{ localStorage.setItem({json.dumps(PREFERENCES_KEY)}, {stored}); }} catch (e) {{}}")
        GamePage(page, site_url).start(seed=5)
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        page.click("#more-menu summary")
        page.click("#open-stats")
        expect(page.locator("#stats")).to_be_visible()
        sheet_fits_the_theme(page, "#stats", theme)
        eleusis = EleusisPage(page, site_url)
        eleusis.open("?game=express&bots=2&level=novice&difficulty=easy&seed=3&pace=0")
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        page.click("#open-new-game")
        deal = eleusis.deal_own_rule("match", {"sameness": "differ", "attribute": "colour"})
        wait_for_match(page, "#you-deal-box .rb-wording[data-state=ready]", ANSWER_MS)
        expect(deal.locator(".rb-wording")).to_have_attribute("data-state", "ready")
        sheet_fits_the_theme(page, "#new-game", theme)
