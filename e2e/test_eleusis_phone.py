"""The Eleusis page on phones: a panel the person opens (the lab notebook, the computer players'
thinking) can be read and used at once, without hunting for it in a scrolled strip.

On a portrait phone the players' column sits above the table with a quarter of the screen; an
opened panel used to go below the players there, a few lines high, its first control out of sight.
"""

from __future__ import annotations

import pytest
from pages.eleusis import EleusisPage
from pages.site import WAIT_MS, guarded_context, wait_for_match
from playwright.sync_api import Browser, Page, expect

SEED = 3

# The element at the centre of each named part is that part (or inside it): nothing covers it and
# no scrolled box clips it away.
IN_SIGHT = """selector => {
  const e = document.querySelector(selector);
  if (!e) return "missing";
  const r = e.getBoundingClientRect();
  if (!r.width || !r.height) return "not drawn";
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return "off screen";
  const hit = document.elementFromPoint(x, y);
  if (hit && (hit === e || e.contains(hit))) return "";
  return "hidden under " + (hit ? hit.id || hit.className : "nothing");
}"""

PANELS = {
    "#open-notebook": ["#notebook-panel .nb-title", "#notebook-close", "#notebook-panel select"],
    "#open-think": ["#think-title", "#think-close", "#think-body .thinker > :first-child"],
}


PANEL_SIZES = [(390, 844), (360, 640), (844, 390), (1366, 768)]
# The choices the notebook's menus offer that are wider than their menu's room (the box less its
# padding and the menu's arrow, some 20 px in Chromium), and so cut once chosen: at 844x390 "Choose
# a kind of rule…" was cut, and "Higher or lower than an earlier card" there and on a laptop too;
# on phones, choices of a kind's parts that ended in an explanation ("height (high 8 to king, low
# ace to 7)", "el valor de esta carta menos el de la otra").
ARROW = 20
MENU_TEXT_CUT = """(arrow) => [...document.querySelectorAll('#notebook-panel select')]
  .filter(e => e.offsetParent).flatMap(e => {
    const style = getComputedStyle(e), ruler = document.createElement('canvas').getContext('2d');
    ruler.font = style.font;
    const room = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    return [...e.options].map(o => o.text).filter(text => ruler.measureText(text).width > room);
  })"""
# Each kind of rule chosen in the notebook's first menu in turn (as a person's choice, a change
# event), then "If …" and each kind of condition in its condition's menu, so that the menus of each
# kind's parts and of the rules inside it show: the choices cut (MENU_TEXT_CUT) in any of them. In
# one call: some 20 choices at each size and language.
KINDS_CUT = """(cut) => {
  const menus = () => document.querySelectorAll('#notebook-panel select.rb-family');
  const choose = (menu, value) => {
    menu.value = value;
    menu.dispatchEvent(new Event('change', {bubbles: true}));
  };
  const values = (menu) => [...menu.options].map(o => o.value).filter(Boolean);
  const found = new Set();
  for (const kind of [...values(menus()[0]), 'if']) {
    choose(menus()[0], kind);
    cut().forEach(text => found.add(text));
  }
  for (const kind of values(menus()[1])) {
    choose(menus()[1], kind);
    cut().forEach(text => found.add(text));
  }
  // Two levels down (lab.py's "nesting"): each kind of rule inside the "if"'s "then", and each
  // kind of each place inside that one; the notebook's column was widened for them.
  const panel = document.querySelector('#notebook-panel');
  const then = () => panel.querySelector(".rb-place[data-depth='1'][data-slot='branch'] .rb-family");
  const deep = () => panel.querySelectorAll(".rb-place[data-depth='2'] > .rb-head .rb-family");
  for (const kind of ['inner_if', 'inner_and', 'inner_or', 'not']) {
    choose(then(), kind);
    for (let i = 0; i < deep().length; i++) {
      for (const inner of values(deep()[i])) {
        choose(deep()[i], inner);
        cut().forEach(text => found.add(text));
      }
    }
  }
  return [...found].sort();
}"""


def kinds_cut(page: Page) -> list[str]:
    """The choices cut in the open notebook's menus, whichever kind is chosen, at the top, one
    level down and two (KINDS_CUT; the first menu is left at "If …", its "then" at "anything but")."""
    found: list[str] = page.evaluate(f"() => ({KINDS_CUT})(() => ({MENU_TEXT_CUT})({ARROW}))")
    return found


@pytest.mark.parametrize("lang", ["en", "es"])
def test_an_opened_panel_shows_its_title_and_first_controls(browser: Browser, site_url: str,
                                                            lang: str) -> None:
    """On each phone and a laptop (one game, the window resized: the page lays itself out by CSS
    alone), each panel opened shows its title and first controls, and every kind of rule the
    notebook's menus offer, and every choice of their parts, shows whole once chosen."""
    width, height = PANEL_SIZES[0]
    with guarded_context(browser, site_url, viewport={"width": width, "height": height}) as page:
        eleusis = EleusisPage(page, site_url)
        eleusis.open(f"?game=express&bots=3&level=novice&difficulty=easy&seed={SEED}&pace=0&lang={lang}")
        for width, height in PANEL_SIZES:
            page.set_viewport_size({"width": width, "height": height})
            for opener, parts in PANELS.items():
                page.click(opener)
                wait_for_match(page, parts[-1], WAIT_MS, visible=True)
                for part in parts:
                    assert page.evaluate(IN_SIGHT, part) == "", (width, height, opener, part)
                if opener == "#open-notebook":
                    assert page.evaluate(MENU_TEXT_CUT, ARROW) == [], (width, height)
                    assert kinds_cut(page) == [], (width, height)
                page.click(opener)  # closed again before the other one opens
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), (width, height)


# Each of the top bar's controls lies whole within the screen (the More menu's ⋮ is the last one).
TOP_BAR_OUTSIDE = """() => [...document.querySelectorAll('.topbar button, .topbar summary')]
  .filter(e => e.getBoundingClientRect().width > 0 && !e.closest('details:not([open]) > :not(summary)'))
  .filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth; })
  .map(e => e.id || e.textContent.trim())"""


# Each cell of the Statistics table that is not whole in sight: outside the dialog's inner box or
# the screen, its text wider than the cell, or its scrolled box wider than it shows.
STATS_CUT = """() => {
  const box = document.querySelector('#stats').getBoundingClientRect();
  const scroller = document.querySelector('.stats-scroll');
  const cut = scroller.scrollWidth > scroller.clientWidth + 1 ? ['the table scrolls sideways'] : [];
  for (const cell of document.querySelectorAll('#stats-rows th, #stats-rows td')) {
    const r = cell.getBoundingClientRect();
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > innerWidth || r.left < 0
        || cell.scrollWidth > cell.clientWidth + 1)
      cut.push(`${cell.closest('tr').dataset.figure} ${cell.dataset.col || 'head'}`);
  }
  return cut;
}"""


TOP_BAR_SIZES = [(390, 844), (360, 640), (844, 390), (320, 568)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_top_bar_fits_each_phone_in_both_languages(browser: Browser, site_url: str, lang: str) -> None:
    """On each phone (one page per language, the window resized: the page lays itself out by CSS
    alone), the top bar's controls and the Statistics dialog's cells are whole on the screen."""
    width, height = TOP_BAR_SIZES[0]
    with guarded_context(browser, site_url, viewport={"width": width, "height": height}) as page:
        eleusis = EleusisPage(page, site_url)
        eleusis.open(f"?game=express&bots=2&level=novice&seed={SEED}&pace=0&lang={lang}")
        for width, height in TOP_BAR_SIZES:
            page.set_viewport_size({"width": width, "height": height})
            assert page.evaluate(TOP_BAR_OUTSIDE) == [], (width, lang)
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), (width, lang)
            # The Statistics dialog shows every figure and its name whole (its six columns used to
            # be cut at the right edge on phones).
            page.click("#more-menu > summary")
            page.click("#open-stats")
            wait_for_match(page, "#stats[open][data-drawn]", WAIT_MS, visible=True)
            expect(page.locator("#stats-rows td")).to_have_count(25)
            assert page.evaluate(STATS_CUT) == [], (width, lang)
            page.keyboard.press("Escape")
            wait_for_match(page, "#stats:not([open])", WAIT_MS)


# The newest mainline card lies whole inside the mainline's box: the box scrolls to the end when a
# card arrives, and stays there when it shrinks afterwards (the status line growing to three lines,
# the hand drawn again); it used to keep its scroll and cut the newest card in half on short screens.
NEWEST_CARD_IN_THE_BOX = """() => {
  const box = document.querySelector('.mainline-box').getBoundingClientRect();
  const cards = document.querySelectorAll('#mainline .mainline-card');
  const card = cards[cards.length - 1].getBoundingClientRect();
  return card.top >= box.top - 1 && card.bottom <= box.bottom + 1;
}"""
# Long hands (seed, rule's difficulty, mainline cards): eleven mainline cards by the person's third
# turn (Express, three novice players, a medium rule); fifteen, and a status line of four lines on
# a landscape phone, in Eleusis with strings and an easy rule.
LONG_HANDS = {"express": (5, "medium", 11), "eleusis": (3, "easy", 15)}


@pytest.mark.parametrize("game", ["express", "eleusis"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 640), (844, 390)],
                         ids=["390x844", "360x640", "844x390"])
def test_the_newest_mainline_card_stays_in_sight(
        browser: Browser, site_url: str, width: int, height: int, game: str) -> None:
    seed, difficulty, cards = LONG_HANDS[game]
    with guarded_context(browser, site_url, viewport={"width": width, "height": height}) as page:
        eleusis = EleusisPage(page, site_url)
        eleusis.start(game, seed, bots=3, difficulty=difficulty)
        for _ in range(30):
            if len(eleusis.mainline()) >= cards:
                break
            eleusis.take_turn(string=True)
        assert len(eleusis.mainline()) >= cards and eleusis.phase() == "your-turn"
        page.wait_for_function(NEWEST_CARD_IN_THE_BOX, timeout=5_000)
