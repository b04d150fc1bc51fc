"""A game page's "How to play" opens at its beginning, on a phone too.

The dialog's first focusable element used to be its Close button at the end: opening it focused
that button, which scrolled a long text to its last lines (the hunt's on a 390x844 phone, the
Eleusis page's on a 844x390 one), so a reader began in the middle. The card game's dialog focuses
its title; the three pages now do the same.
"""

from __future__ import annotations

import pytest
from pages.eleusis import EleusisPage
from pages.hunt import HuntPage
from pages.site import WAIT_MS, guarded_context, wait_for_match
from playwright.sync_api import Browser, Page

AT_ITS_START = """() => {
  const dialog = document.querySelector("#rules");
  const title = document.querySelector("#rules-title").getBoundingClientRect();
  return {scrolled: dialog.scrollTop, titleTop: title.top, titleBottom: title.bottom,
          screen: innerHeight, focused: document.activeElement && document.activeElement.id};
}"""


def open_hunt(page: Page, site_url: str) -> None:
    HuntPage(page, site_url).start("L")


def open_eleusis(page: Page, site_url: str) -> None:
    EleusisPage(page, site_url).start("express", 3)


SIZES = [(390, 844), (844, 390), (360, 640)]


@pytest.mark.parametrize("opener", [open_hunt, open_eleusis], ids=["hunt", "eleusis"])
def test_how_to_play_opens_at_its_title(browser: Browser, site_url: str, opener: object) -> None:
    """Opened at each phone's size (one page, the window resized, the dialog closed in between)."""
    width, height = SIZES[0]
    with guarded_context(browser, site_url, viewport={"width": width, "height": height}) as page:
        assert callable(opener)
        opener(page, site_url)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.click("#open-rules")
            wait_for_match(page, "#rules[open]", WAIT_MS, visible=True)
            where = page.evaluate(AT_ITS_START)
            assert where["scrolled"] == 0, (width, height, where)
            assert where["titleTop"] >= 0 and where["titleBottom"] <= where["screen"], (width, height, where)
            assert where["focused"] == "rules-title", (width, height, where)
            page.keyboard.press("Escape")
            wait_for_match(page, "#rules:not([open])", WAIT_MS)
