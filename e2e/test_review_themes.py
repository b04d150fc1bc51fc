"""The review dialogs (the card game's and the hunt's) in both themes: axe-core finds nothing serious
with a slip open, in the dark theme and in the light one (each chosen in Settings on an earlier
visit: the stored preference). And what the screenshots showed: the hunt's list of every move keeps
a readable height (it shrank with the panel to a box of two or three moves, the current one cut at
its top); the card game's Back and Forward keep a space between arrow and word, and a slip's number
starts its sentence instead of standing in a column beside it.

The games are the review tests' own (e2e/test_game_review.py, e2e/test_hunt_review.py): the card
game's seed 5 against the greedy computer, opened near its end and finished by clicks; the hunt's
seed 2, put in storage. Each game is reviewed once, in the first theme: the engine's verdicts are
kept with the game, so the other theme (stored as an earlier visit left it, then the page opened
again) shows the same review at once. One page per game checks both themes.
"""

from __future__ import annotations

import json

from pages.hunt import HuntPage, random_cows_to_the_end, seed_save
from pages.leopard import game_in, near_the_end, person_move
from pages.site import axe_violations, guarded_context
from playwright.sync_api import Browser, BrowserContext, Page, expect

from leopard_core.games.hunt.session import HuntSession

PREFERENCES_KEY = "leopard.preferences.v1"
REVIEW_MS = 120_000  # every move of the person's looked at by the engine, on a loaded machine


def choose_theme(context: BrowserContext, theme: str) -> None:
    """The context's first page finds ``theme`` chosen in Settings (as an earlier visit left it); once
    per tab, so that ``choose_theme_again`` and a reload can change it."""
    value = json.dumps(json.dumps({"theme": theme}))
    key = json.dumps(PREFERENCES_KEY)
    context.add_init_script(
        f"try {{ if (sessionStorage.getItem('e2e.theme') === null) {{ localStorage.setItem({key}, {value});"
        " sessionStorage.setItem('e2e.theme', 'planted'); } } catch (e) {}")


def choose_theme_again(page: Page, theme: str) -> None:
    """``theme`` chosen in Settings as an earlier visit left it, and the page opened again."""
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [PREFERENCES_KEY, json.dumps({"theme": theme})])
    page.reload()


def in_theme(page: Page, theme: str) -> None:
    expect(page.locator("html")).to_have_attribute("data-theme", theme)


# The arrows of Back and Forward stand apart from their words (the space between collapsed: "◀Back").
ARROW_GAPS = """() => ['#review-back', '#review-forward'].map(id => {
  const [a, b] = [...document.querySelectorAll(id + ' > span')].map(e => e.getBoundingClientRect());
  return Math.round(b.left - a.right);
})"""
# A slip's sentence starts beside its number and its next lines go under the number (the number was a
# column of its own, the sentence wrapping beside it): the left of each line of the text, in order.
SLIP_LINE_LEFTS = """() => { const slip = document.querySelector('#review-slips button');
  const text = [...slip.childNodes].find(n => n.nodeType === Node.TEXT_NODE);
  const range = document.createRange(); range.selectNodeContents(text);
  const lines = new Map();
  for (const r of range.getClientRects()) {
    if (!lines.has(Math.round(r.top))) lines.set(Math.round(r.top), r.left);
  }
  return [...lines.values()].map(Math.round);
}"""


def open_card_review_at_a_slip(page: Page) -> None:
    """The finished game's review from the result screen, every move looked at, its first slip open."""
    page.click("#result-review-game")
    page.wait_for_function(
        "() => { const [d, t] = (document.querySelector('#review').dataset.analysed || '0/1')"
        ".split('/').map(Number); return d === t; }", timeout=REVIEW_MS)
    page.locator("#review-slips button").first.click()
    expect(page.locator("#review-cost")).not_to_be_empty()


def test_card_game_review_passes_axe_in_each_theme(browser: Browser, site_url: str) -> None:
    """Dark at a laptop's size, then light on a phone (the slip's sentence wraps there)."""
    with game_in(browser, site_url, viewport={"width": 1366, "height": 768}, bypass_csp=True) as game:
        page = game.page
        choose_theme(page.context, "dark")
        game.resume(near_the_end(seed=5, botseed=3, hands=1, level="greedy"))
        in_theme(page, "dark")
        while game.phase() == "your-turn":
            person_move(game)
        for theme, width, height in (("dark", 1366, 768), ("light", 390, 844)):
            if theme != "dark":
                page.set_viewport_size({"width": width, "height": height})
                choose_theme_again(page, theme)
                game.wait_settled()
                in_theme(page, theme)
            open_card_review_at_a_slip(page)
            assert (found := axe_violations(page)) == [], f"axe in the {theme} theme at {width}: {found}"
            gaps = page.evaluate(ARROW_GAPS)
            assert all(gap >= 3 for gap in gaps), f"arrow gaps in the {theme} theme at {width}: {gaps}"
            if width < 500:  # the slip's sentence wraps on a phone
                lefts = page.evaluate(SLIP_LINE_LEFTS)
                assert len(lefts) > 1 and lefts[1] < lefts[0] - 5, f"the slip's line starts: {lefts}"


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
            page.wait_for_selector("#review[data-review=done]", timeout=REVIEW_MS)
            page.click("#review .review-slip >> nth=0")
            expect(page.locator("#review .review-mark")).not_to_be_empty()
            squeezed = page.evaluate(MOVES_SQUEEZED)
            assert squeezed == 0, f"the list of moves is {squeezed} px high in the {theme} theme at {width}"
            indents = page.evaluate(MOVE_TEXT_INDENTS)
            assert max(indents) <= 12, f"the rows start {indents} px in, in the {theme} theme at {width}"
            assert (found := axe_violations(page)) == [], f"axe in the {theme} theme at {width}: {found}"
