"""The hunt's review dialog in both themes: axe-core finds nothing serious with a slip open, in the
dark theme and in the light one (each chosen in Settings on an earlier visit: the stored
preference). And what the screenshots showed: the hunt's list of every move keeps a readable height
(it shrank with the panel to a box of two or three moves, the current one cut at its top).

The game is the hunt review tests' own (e2e/test_hunt_review.py): seed 2, put in storage. It is
reviewed once, in the first theme: the engine's verdicts are kept with the game, so the other
themes and sizes (stored as an earlier visit left them, then the page opened again) show the same
review at once. One page checks both themes.

The card game's review in both themes is checked on the page of the review test that has already
had the engine look at that hand (test_game_review.py,
test_review_a_hand_step_through_it_play_on_as_practice_and_in_each_theme): a page of its own opened
the same hand, played its end by clicks and had the engine review it again, some 19 s for nothing
new (the two themes there take 2 s).
"""

from __future__ import annotations

import json

from pages.hunt import HuntPage, random_cows_to_the_end, seed_save
from pages.site import (
    PREFERENCES_KEY,
    axe_violations,
    choose_theme_again,
    guarded_context,
    in_theme,
    wait_for_match,
)
from playwright.sync_api import Browser, BrowserContext, expect

from leopard_core.games.hunt.session import HuntSession

REVIEW_MS = 120_000  # every move of the person's looked at by the engine, on a loaded machine


def choose_theme(context: BrowserContext, theme: str) -> None:
    """The context's first page finds ``theme`` chosen in Settings (as an earlier visit left it); once
    per tab, so that ``choose_theme_again`` and a reload can change it."""
    value = json.dumps(json.dumps({"theme": theme}))
    key = json.dumps(PREFERENCES_KEY)
    context.add_init_script(
        f"try {{ if (sessionStorage.getItem('e2e.theme') === null) {{ localStorage.setItem({key}, {value});"
        " sessionStorage.setItem('e2e.theme', 'planted'); } } catch (e) {}")


def hunt_session() -> HuntSession:
    """The hunt review test's game: the person's Cows play the engine's random bot, seed 2."""
    return random_cows_to_the_end(HuntSession.new({"side": "C", "level": "search", "seed": 2}))


# Every move's words start at the left of its row (short rows were centred, long ones not: a ragged
# list): the gap between each button's left edge and its text's, in px.
MOVE_TEXT_INDENTS = """() => [...document.querySelectorAll('#review .review-move')].map(b => {
  const range = document.createRange(); range.selectNodeContents(b);
  return Math.round(range.getClientRects()[0].left - b.getBoundingClientRect().left); })"""
# The list of every move shows as many rows as it has, up to 150 px of them.
MOVES_SQUEEZED = """() => { const list = document.querySelector('#review .review-moves');
  return list.clientHeight < Math.min(list.scrollHeight, 150) ? list.clientHeight : 0; }"""


def test_hunt_review_passes_axe_in_each_theme_and_shows_its_moves(browser: Browser, site_url: str) -> None:
    """Each theme at a laptop's size and on a phone, each page opened at its size and theme: the
    engine looks at the game once, the other three open its kept review."""
    with guarded_context(browser, site_url, viewport={"width": 1366, "height": 768}, bypass_csp=True,
                         reduced_motion="reduce") as page:
        choose_theme(page.context, "dark")
        seed_save(page, hunt_session())
        hunt = HuntPage(page, site_url)
        hunt.open()
        for theme, width, height in (("dark", 1366, 768), ("dark", 390, 844), ("light", 390, 844),
                                     ("light", 1366, 768)):
            if (theme, width) != ("dark", 1366):
                page.set_viewport_size({"width": width, "height": height})
                choose_theme_again(page, theme)
                hunt.wait_settled()
            in_theme(page, theme)
            page.click("#result-open-review")
            wait_for_match(page, "#review[data-review=done]", REVIEW_MS, visible=True)
            page.click("#review .review-slip >> nth=0")
            expect(page.locator("#review .review-mark")).not_to_be_empty()
            squeezed = page.evaluate(MOVES_SQUEEZED)
            assert squeezed == 0, f"the list of moves is {squeezed} px high in the {theme} theme at {width}"
            indents = page.evaluate(MOVE_TEXT_INDENTS)
            assert max(indents) <= 12, f"the rows start {indents} px in, in the {theme} theme at {width}"
            assert (found := axe_violations(page)) == [], f"axe in the {theme} theme at {width}: {found}"
