"""Cows and Leopards (hunt.html) in the pseudo-language and in Spanish: every text the page shows comes
from the catalog, the engine's reasons (a refused click, the end of a game) included.

In the pseudo-language every catalog text is wrapped in ⟦ ⟧ (e2e/i18n_check.py): ``hard_coded`` finds
any word written into the page's code, and an engine reason shown as a catalog text is a ⟦ ⟧ inside
the page's own ⟦ ⟧. The games are seeded (a link's settings, or a save put in the page's storage),
the person's moves chosen by the engine's bots from the page's save, as in e2e/test_hunt.py.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from i18n_check import english_left, hard_coded, in_language
from pages.hunt import SETTLED, HuntPage, jumped_over, seed_save, state_with_double_jump
from pages.site import (
    MOVE_MS,
    PYTHON_START_MS,
    WAIT_MS,
    axe_violations,
    guarded_context,
    wait_for_match,
    wait_for_text,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

from leopard_core.games.hunt.bots import make_bot
from leopard_core.games.hunt.moves import Move
from leopard_core.games.hunt.rules import CAPTURE_GOAL, HuntRules
from leopard_core.games.hunt.session import HuntSession
from leopard_core.games.hunt.state import HuntState

OPEN, CLOSE = "\u27e6", "\u27e7"
# A page text with a catalog text inside it: the engine's words, rendered from its message.
NESTED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{OPEN}[^{CLOSE}]+{CLOSE}")


def state_one_jump_from_winning() -> tuple[HuntState, Move]:
    """A position reached by random play in which the leopards (to move) win with one jump (H7.1)."""
    for seed in range(2000):
        rng = random.Random(seed)
        state = HuntState.new(HuntRules())
        while not state.over:
            if state.to_move == "L":
                wins = [m for m in state.legal_moves()
                        if m.kind == "jump" and state.captured + len(m.points) - 1 >= CAPTURE_GOAL]
                if wins:
                    return state, wins[0]
            state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("no winning jump found")


@pytest.fixture()
def pseudo(guarded_page: Page, context: BrowserContext, site_url: str) -> HuntPage:
    """The hunt page in the pseudo-language (console errors, a missing key's among them, fail)."""
    in_language(context, "x-pseudo")
    return HuntPage(guarded_page, site_url)


def no_hard_coded(hunt: HuntPage, where: str) -> None:
    assert hard_coded(hunt.page) == [], where


def settled_in(hunt: HuntPage, text: str) -> None:
    """Wait until the status line names text (the page has said what just happened)."""
    wait_for_text(hunt.page, "#status", text, MOVE_MS)
    expect(hunt.page.locator("#status")).to_contain_text(text)


# ------------------------------------------------------------------ pseudo-language
def test_pseudo_leopards_through_placing(pseudo: HuntPage) -> None:
    hunt = pseudo
    hunt.start("L", seed=1)
    no_hard_coded(hunt, "a new game")
    # A refused click: the engine's reason (H3.3), as its catalog text inside the page's sentence.
    hunt.click("a5")
    status = hunt.page.locator("#status")
    expect(status).to_contain_text("a5 is not allowed")
    assert NESTED.search(status.inner_text()), f"the engine's reason is a catalog text: {status.inner_text()}"
    no_hard_coded(hunt, "a refused click")
    for ply in range(2):  # H3.3, H3.5: both leopards placed, each followed by the computer's cow
        hunt.play(str(make_bot("greedy", ply).choose(hunt.session().state)))
        no_hard_coded(hunt, f"after placing leopard {ply + 1}")
    assert hunt.session().state.leopards_to_place == 0
    # Whose piece: a cow clicked while playing the leopards.
    cow = next(p for p, c in zip(hunt.points(), hunt.cells(), strict=True) if c == "C")
    hunt.click(cow)
    expect(status).to_contain_text("That is a cow")
    no_hard_coded(hunt, "a cow clicked")
    # A leopard chosen: the status says where it may go.
    leopard = str(hunt.page.locator("#board [data-movable=true]").first.get_attribute("data-point"))
    hunt.click(leopard)
    expect(status).to_contain_text(f"The leopard on {leopard} may")
    no_hard_coded(hunt, "a leopard chosen")
    hunt.page.click("#cancel-move")
    expect(status).to_contain_text("Nothing chosen")


def test_pseudo_cows_through_placing(pseudo: HuntPage) -> None:
    hunt = pseudo
    hunt.start("C", seed=3)
    no_hard_coded(hunt, "a new game as the cows")
    # A cow placed on a point that is not empty: the engine's reason (H3.4).
    taken = next(p for p, c in zip(hunt.points(), hunt.cells(), strict=True) if c == "C")
    hunt.click(taken)
    status = hunt.page.locator("#status")
    expect(status).to_contain_text(f"{taken} is not allowed")
    assert NESTED.search(status.inner_text()), f"the engine's reason is a catalog text: {status.inner_text()}"
    ply = 0
    while hunt.phase() != "game-over":  # H3.4: cows placed, the computer's leopards answering each
        hunt.play(str(make_bot("search", ply).choose(hunt.session().state)))
        ply += 1
        no_hard_coded(hunt, f"after cow {ply}")
    # With this seed the computer's leopards are shut in before the last cow is placed (H7.2).
    assert hunt.session().state.reserve > 0 and hunt.session().state.winner == "C"
    expect(hunt.page.locator("#result-title")).to_have_text(f"{OPEN}You win with the Cows{CLOSE}")
    result = hunt.page.locator("#result-text").inner_text()
    assert result.startswith(f"{OPEN}You win. ") and NESTED.search(result), result
    no_hard_coded(hunt, "the cows' result")


@pytest.mark.parametrize("compulsory", [True, False])
def test_pseudo_jump_sequence(pseudo: HuntPage, compulsory: bool) -> None:
    hunt = pseudo
    state = state_with_double_jump(compulsory=compulsory)
    seed_save(hunt.page, HuntSession(state, "L", "random", 1))
    hunt.open()
    jump = next(m for m in state.legal_moves() if m.kind == "jump" and len(m.points) >= 3)
    start, first, *rest = str(jump).split("x")
    hunt.click(start)
    hunt.click(first)
    settled_in(hunt, f"Jumped to {first}")
    no_hard_coded(hunt, "a jump half entered")
    before = hunt.moves()
    if compulsory:
        for point in rest:
            hunt.click(point)
    else:
        expect(hunt.page.locator("#stop-here")).to_be_visible()  # H6.2
        expect(hunt.page.locator(f"#pt-{first}")).to_have_attribute("aria-label", re.compile("stop here"))
        hunt.page.click("#stop-here")
    hunt.page.wait_for_function(f"() => Number(document.body.dataset.moves) > {before}"
                                " && document.body.dataset.phase !== 'busy'", timeout=MOVE_MS)
    wait_for_match(hunt.page, SETTLED, MOVE_MS, visible=True)
    settled_in(hunt, "Your leopard on")
    no_hard_coded(hunt, "a jump played")


def open_one_jump_from_winning(hunt: HuntPage) -> Move:
    """Open the page on a game that the person, playing the leopards, wins with one more jump;
    returns that jump."""
    state, win = state_one_jump_from_winning()
    seed_save(hunt.page, HuntSession(state, "L", "search", 1))
    hunt.open()
    return win


def test_pseudo_dialogs_and_a_finished_game(pseudo: HuntPage) -> None:
    hunt = pseudo
    win = open_one_jump_from_winning(hunt)
    hunt.page.click("#open-rules")
    expect(hunt.page.locator("#rules")).to_be_visible()
    no_hard_coded(hunt, "How to play")
    hunt.page.click("#rules-close")
    hunt.page.click("#open-new-game")
    expect(hunt.page.locator("#new-game")).to_be_visible()
    expect(hunt.page.locator(".hunt-panel select#hunt-language")).to_be_visible()  # the language switch
    no_hard_coded(hunt, "New game")
    hunt.page.click("#new-game-cancel")
    hunt.play(str(win))  # H7.1: the twelfth cow taken
    expect(hunt.page.locator("#result")).to_be_visible()
    result = hunt.page.locator("#result-text").inner_text()
    assert result.startswith(f"{OPEN}You win. ") and NESTED.search(result), result
    expect(hunt.page.locator("#result-title")).to_have_text(f"{OPEN}You win with the Leopards{CLOSE}")
    no_hard_coded(hunt, "the result")


def test_pseudo_bad_link_notice(pseudo: HuntPage) -> None:
    pseudo.open("?side=X&pace=0")
    expect(pseudo.page.locator("#notice")).to_contain_text("side=X")
    no_hard_coded(pseudo, "a bad link's notice")


# ------------------------------------------------------------------ Spanish
@pytest.fixture()
def spanish(browser: Browser, site_url: str) -> Iterator[HuntPage]:
    """The hunt page in a browser that prefers Spanish (es-ES), axe-core allowed in."""
    with guarded_context(browser, site_url, locale="es-ES", bypass_csp=True) as page:
        yield HuntPage(page, site_url)


def all_spanish(hunt: HuntPage, where: str) -> None:
    assert english_left(hunt.page) == [], where
    assert axe_violations(hunt.page) == [], where


def test_spanish_page(spanish: HuntPage) -> None:
    hunt = spanish
    hunt.start("L", seed=1)
    expect(hunt.page.locator("html")).to_have_attribute("lang", "es")
    expect(hunt.page.locator("#turn")).to_have_text("Tu turno")
    expect(hunt.page.locator("#you-play")).to_have_text("Leopardos")
    all_spanish(hunt, "a new game")
    hunt.click("a5")
    expect(hunt.page.locator("#status")).to_contain_text("No se puede jugar a5")
    hunt.play("e5")
    expect(hunt.page.locator("#move-log li").first).to_have_text("Leopardos: e5")
    # The list writes moves short (H8), and says how under its heading.
    expect(hunt.page.locator(".log-key")).to_be_visible()
    expect(hunt.page.locator(".log-key")).to_contain_text("e5xe7: un salto sobre la vaca de e6")
    all_spanish(hunt, "after a move")
    hunt.page.click("#open-rules")
    expect(hunt.page.locator("#rules-title")).to_have_text("Cómo se juega a Vacas y leopardos")
    all_spanish(hunt, "How to play")
    hunt.page.click("#rules-close")
    hunt.page.click("#open-new-game")
    expect(hunt.page.locator("#hunt-language")).to_have_value("es")
    all_spanish(hunt, "New game")


def test_spanish_result(spanish: HuntPage) -> None:
    hunt = spanish
    win = open_one_jump_from_winning(hunt)
    hunt.play(str(win))
    expect(hunt.page.locator("#result-title")).to_have_text("Ganas con los leopardos")
    # The jump in the engine's words, its cows joined in Spanish ("e6, d6 y f5").
    cows = jumped_over(str(win))
    listed = cows[0] if len(cows) == 1 else ", ".join(cows[:-1]) + f" y {cows[-1]}"
    taken = (f"saltó la vaca de {listed} y la capturó" if len(cows) == 1
             else f"saltó las vacas de {listed} y las capturó")
    start, end = str(win).split("x")[0], str(win).split("x")[-1]
    expect(hunt.page.locator("#status")).to_contain_text(f"Tu leopardo de {start} {taken}, cayendo en {end}")
    expect(hunt.page.locator("#result-text")).to_contain_text("¡Ganas! ")
    all_spanish(hunt, "the result")


def test_the_language_switch_is_remembered(spanish: HuntPage) -> None:
    hunt = spanish
    hunt.start("C", seed=2)
    moves = hunt.moves()
    with hunt.page.expect_navigation():  # the switch (on the page, under the log) reloads the page
        hunt.page.select_option("#hunt-language", "en")
    wait_for_match(hunt.page, "html[lang=en]", PYTHON_START_MS, visible=True)
    wait_for_match(hunt.page, SETTLED, PYTHON_START_MS, visible=True)
    expect(hunt.page.locator("#you-play")).to_have_text("Cows")
    assert hunt.moves() == moves, "the game goes on in the other language"
    assert hunt.page.evaluate("localStorage.getItem('leopard.language')") == "en"
    hunt.page.reload()
    wait_for_match(hunt.page, SETTLED, PYTHON_START_MS, visible=True)
    expect(hunt.page.locator("#turn")).to_have_text("Your turn")


# Nothing of the Spanish page may stick out of the screen or make it scroll, at the sizes the game
# page's layout tests use (Spanish is about a fifth longer than English). The page's name too: at
# 360x640 it was cut to "Vacas y leopar…".
SIZES = [(1366, 768), (390, 844), (844, 390), (360, 640)]
OVERFLOW_JS = """() => {
  const out = [];
  const root = document.scrollingElement;
  if (root.scrollWidth > innerWidth || root.scrollHeight > innerHeight)
    out.push(`the page scrolls: ${root.scrollWidth}x${root.scrollHeight}`);
  const panel = document.querySelector(".hunt-panel");
  if (panel.scrollHeight > panel.clientHeight + 1) out.push("the panel's content overflows it");
  const shown = "button, .button, dt, dd, .turn, .status, h1 .title, h2, label, select";
  for (const e of document.querySelectorAll(shown)) {
    if (!e.offsetParent) continue;
    const r = e.getBoundingClientRect();
    const where = e.id || e.className || e.tagName;
    if (r.left < -1 || r.right > innerWidth + 1 || r.top < -1 || r.bottom > innerHeight + 1)
      out.push(`${where} is off the screen`);
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible")
      out.push(`${where} is cut off`);
  }
  return out;
}"""


def test_spanish_fits(spanish: HuntPage) -> None:
    """At each size (one game, the window resized: the page lays itself out by CSS alone), the
    table and the open New game dialog."""
    hunt = spanish
    width, height = SIZES[0]
    hunt.page.set_viewport_size({"width": width, "height": height})
    hunt.start("L", seed=1)
    for width, height in SIZES:
        hunt.page.set_viewport_size({"width": width, "height": height})
        assert hunt.page.evaluate(OVERFLOW_JS) == [], (width, height)
        hunt.page.click("#open-new-game")
        assert hunt.page.evaluate(OVERFLOW_JS) == [], (width, height, "New game")
        hunt.page.click("#new-game-cancel")
        wait_for_match(hunt.page, "#new-game:not([open])", WAIT_MS)
