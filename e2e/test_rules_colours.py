"""The three rules pages (Leopard's, the Hunt's, Eleusis') in the system's dark and light modes, and
on phones. In both modes all three keep the same light paper (they have no dark palette of their
own; rules.css says ``color-scheme: light``), and the header's language menu is readable, its text
against its own background, whatever the system asks for. On a phone, in both languages, nothing
of a page (the hunt's board of coordinates, a table) makes it scroll sideways."""

from __future__ import annotations

import pytest
from pages.colours import contrast, luminance, rgb
from pages.site import WAIT_MS, guarded_context, wait_for_match
from playwright.sync_api import Browser

RULES_PAGES = ["rules.html", "hunt-rules.html", "eleusis-rules.html"]
TEXT_CONTRAST = 4.5  # WCAG AA for normal text

COLOURS = """() => {
  const select = document.querySelector('.rules-header select');
  const menu = getComputedStyle(select);
  return {text: menu.color, field: menu.backgroundColor,
          paper: getComputedStyle(document.body).backgroundColor};
}"""


@pytest.mark.parametrize("address", RULES_PAGES)
def test_rules_pages_keep_light_paper_and_a_readable_language_menu(
    browser: Browser, site_url: str, address: str,
) -> None:
    """In the system's dark mode, then its light mode (one page, the mode switched as the system
    would: the pages' colours come from CSS alone)."""
    with guarded_context(browser, site_url, color_scheme="dark") as page:
        page.goto(site_url + address)
        wait_for_match(page, ".rules-header select", WAIT_MS, visible=True)
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate(f"() => matchMedia('(prefers-color-scheme: {scheme})').matches"), scheme
            colours = page.evaluate(COLOURS)
            assert luminance(rgb(colours["paper"])) > 0.8, (address, scheme, colours)
            ratio = contrast(rgb(colours["text"]), rgb(colours["field"]))
            assert ratio >= TEXT_CONTRAST, (address, scheme, colours, ratio)


# What sticks out past the right edge of the screen (a wide diagram, a table, a code block).
STICKING_OUT = """() => [...document.querySelectorAll('main *, body > *')]
  .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5 && !e.closest('[hidden]'))
  .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : ''))"""


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("address", RULES_PAGES)
def test_rules_pages_fit_a_phone_without_sideways_scrolling(
    browser: Browser, site_url: str, address: str, language: str,
) -> None:
    """At 360 and 390 px wide (one page, the window resized: the pages lay themselves out by CSS)."""
    with guarded_context(browser, site_url, language=language,
                         viewport={"width": 360, "height": 740}) as page:
        page.goto(site_url + address)
        wait_for_match(page, ".rules-header select", WAIT_MS, visible=True)
        page.evaluate("() => document.fonts.ready.then(() => true)")
        for width in (360, 390):
            page.set_viewport_size({"width": width, "height": 740})
            wider = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
            assert wider <= 0, (address, width, language, wider, page.evaluate(STICKING_OUT)[:5])
