"""The notice above a game page (a link not understood, a record set aside): its buttons hold their
words on a phone, however long the notice. "Dismiss" used to be squeezed to 44 px, its word running
out of its round border, when the notice took two lines or more.
"""

from __future__ import annotations

import pytest
from pages.site import WAIT_MS, wait_for_match
from playwright.sync_api import Page

PAGES = ["index.html", "hunt.html", "eleusis.html"]
SIZES = [(390, 844), (360, 640), (1366, 768)]
# Each visible button of the notice whose words are wider than the room inside it.
SQUEEZED = """() => [...document.querySelectorAll('#notice button')]
  .filter(b => b.offsetParent && b.scrollWidth > b.clientWidth + 0.5)
  .map(b => `${b.textContent}: ${b.scrollWidth} px of words in ${b.clientWidth} px`)"""


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", PAGES)
def test_the_notices_buttons_hold_their_words(guarded_page: Page, site_url: str, name: str,
                                              lang: str) -> None:
    """A link with a seed that is not one: each page says so in a notice of several lines."""
    page = guarded_page
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.goto(f"{site_url}{name}?seed=abc&lang={lang}&pace=0&boot=snapshot")
    wait_for_match(page, "#notice:not([hidden]) #notice-close", WAIT_MS, visible=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(f"() => document.documentElement.clientWidth === {width}")
        assert page.evaluate(SQUEEZED) == [], (name, lang, width, height)
