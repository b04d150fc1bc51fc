"""The game page's table and play in every language: each text from the catalog.

Glossary:
    pseudo  -- the test language "x-pseudo" (e2e/i18n_check.py): every catalog text wrapped in ⟦ ⟧,
               so ``hard_coded`` lists any text of the page that page code wrote itself.
    stop    -- a state of the page a player meets (loading done, their turn, a refused click, the
               computer's moves in the log, a hint, an undo, the hand-over screen, a hand's end):
               at each, the whole page (hidden texts and labels too) must come from the catalog.

The person's moves are made by clicks, chosen from what the page lights up (the engine's legal
moves), with the engine's reading of the save only to pick a space that is not lit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from i18n_check import english_left, hard_coded, in_language
from pages.leopard import GamePage, game_in, near_the_end, session_of
from pages.site import EXPECT_MS, MOVE_MS, PYTHON_START_MS, axe_violations, wait_for_match
from playwright.sync_api import Browser, BrowserContext, Page, expect

SEED, BOT_SEED = 20261124, 5
NAMES = ("Ana", "Ben")
# A decision point of a pass-and-play game: the hand-over screen counts while it is open.
SETTLED_PEOPLE = """() => {
  const phase = document.body.dataset.phase;
  return ["your-turn", "hand-over", "game-over"].includes(phase)
    || (phase === "pass-device" && document.getElementById("handover").open);
}"""


@pytest.fixture()
def pseudo(context: BrowserContext, guarded_page: Page, site_url: str) -> GamePage:
    """The game page in the pseudo-language (fails on console errors: a missing key logs one)."""
    in_language(context, "x-pseudo")
    return GamePage(guarded_page, site_url)


@pytest.fixture()
def spanish(browser: Browser, site_url: str) -> Iterator[GamePage]:
    """The game page in a browser that prefers Spanish, with no language chosen on the site."""
    viewport = {"width": 1366, "height": 768}
    with game_in(browser, site_url, locale="es-ES", bypass_csp=True, viewport=viewport) as game:
        yield game


def assert_all_from_catalog(game: GamePage, where: str, allowed: tuple[str, ...] = ()) -> None:
    """Every text of the page, shown or hidden, came from the catalog."""
    assert hard_coded(game.page, allowed=allowed) == [], where


def play_one_lit_move(game: GamePage) -> None:
    """Choose the first card the page lets play, and click the first place it lights up."""
    page = game.page
    card = page.locator("#hand .hand-card:not(.unplayable)").first
    card.click()
    lit = page.locator("#own-square .space.target, #opp-square .space.target, #discard-target.target").first
    if lit.count():
        lit.click()
    else:
        page.click("#go-out")


def refuse_a_click(game: GamePage) -> str:
    """Choose a card and click a space it may not go to; returns the status line's words."""
    page = game.page
    state = session_of(game.saved()).game.state
    legal = [str(m) for m in state.legal_moves()]
    for index, card in enumerate(game.hand()):
        unlit = [s for s in range(1, 10) if f"{card} to own {s}" not in legal]
        if unlit and any(m.startswith(f"{card} ") or m == f"discard {card}" for m in legal):
            page.click(f"#hand-card-{index}")
            # force: an unlit space is aria-disabled, which Playwright will not click, but people do.
            page.click(f"#own-space-{unlit[0]}", force=True)
            status = page.locator("#status.refusal")
            expect(status).to_contain_text("cannot go there")
            return status.inner_text()
    raise AssertionError("no card has an unlit space")


def test_every_text_of_the_table_and_play_comes_from_the_catalog(pseudo: GamePage) -> None:
    game, page = pseudo, pseudo.page
    game.start(seed=SEED, botseed=BOT_SEED, hands=2)
    expect(page.locator("#loading")).to_be_hidden()
    assert page.locator("#load-label").inner_text().startswith("\u27e6")
    assert_all_from_catalog(game, "loading done")

    assert game.phase() == "your-turn"
    expect(page.locator("#turn")).to_have_text("\u27e6Your turn\u27e7")
    assert_all_from_catalog(game, "your turn")

    # A refused click: the engine's reason, in the catalog's words (an engine.* text in ⟦ ⟧).
    said = refuse_a_click(game)
    assert re.search(r"cannot go there\. \u27e6[^\u27e7]+\u27e7", said), said
    assert_all_from_catalog(game, "a refused click")
    page.keyboard.press("Escape")

    # The person plays; the computer answers and its moves are in the log.
    moves = game.moves_shown()
    play_one_lit_move(game)
    game.wait_settled()
    assert game.moves_shown() >= moves + 2
    expect(page.locator("#log li.by-opp").first).to_be_attached()
    assert_all_from_catalog(game, "the computer's turn and its logged moves")

    # A hint: the move and the engine's reason.
    page.click("#hint")
    wait_for_match(page, "#hint-line", EXPECT_MS, visible=True)
    expect(page.locator("#hint-line")).to_be_visible()
    assert re.fullmatch(r"\u27e6.*\u27e7", page.locator("#hint-reason").inner_text()), "the hint's reason"
    assert_all_from_catalog(game, "a hint")

    # Undo takes the move back (with the computer's replies).
    played = game.moves_shown()
    page.click("#undo")
    page.wait_for_function(f"() => Number(document.body.dataset.moves) < {played}", timeout=MOVE_MS)
    game.wait_settled()
    assert_all_from_catalog(game, "after undo")

    # Play on to the end of the first hand: from near it (the same game, the engine having played
    # the moves between; test_game_play.py plays whole games by clicks), its last moves by clicks.
    game.resume(near_the_end(seed=SEED, botseed=BOT_SEED, hands=2, first_hand=True))
    assert_all_from_catalog(game, "a resumed game")
    for _ in range(200):
        if game.phase() != "your-turn":
            break
        before = game.saved()
        play_one_lit_move(game)
        game.wait_settled()
        assert game.saved() != before
    assert game.phase() == "hand-over"
    expect(page.locator("#turn")).to_have_text("\u27e6Hand over\u27e7")
    assert_all_from_catalog(game, "a hand's end")


def test_the_hand_over_screen_comes_from_the_catalog(pseudo: GamePage) -> None:
    game, page = pseudo, pseudo.page
    page.goto(f"{game.base_url}?seed={SEED}&hands=1&opponent=human&p1={NAMES[0]}&p2={NAMES[1]}&pace=0&boot=snapshot")
    page.wait_for_function(SETTLED_PEOPLE, timeout=PYTHON_START_MS)
    wait_for_match(page, "body[data-kept]", MOVE_MS)  # the worker kept it
    assert game.phase() == "pass-device"
    expect(page.locator("#handover")).to_be_visible()
    reveal = page.locator("#handover-reveal")
    expect(reveal).to_contain_text(re.compile("|".join(NAMES)))
    first = next(name for name in NAMES if name in reveal.inner_text())
    assert_all_from_catalog(game, "the hand-over screen", NAMES)

    page.click("#handover-reveal")
    page.wait_for_function(SETTLED_PEOPLE, timeout=MOVE_MS)
    assert game.phase() == "your-turn"
    assert_all_from_catalog(game, "a pass-and-play turn", NAMES)

    play_one_lit_move(game)
    page.wait_for_function("() => document.getElementById('handover').open", timeout=MOVE_MS)
    expect(reveal).to_contain_text(next(name for name in NAMES if name != first))
    expect(page.locator("#log li")).to_have_count(1)
    assert_all_from_catalog(game, "the hand-over screen after a move", NAMES)


SPANISH_SUITS = re.compile(r"de (picas|corazones|diamantes|tréboles)")


def test_the_table_in_spanish(spanish: GamePage) -> None:
    game, page = spanish, spanish.page
    game.start(seed=SEED, botseed=BOT_SEED, hands=2)
    assert page.evaluate("() => document.documentElement.lang") == "es"
    expect(page.locator("#turn")).to_have_text("Tu turno")
    for _ in range(3):
        assert game.phase() == "your-turn"
        play_one_lit_move(game)
        game.wait_settled()
    log = page.locator("#log").text_content() or ""
    assert SPANISH_SUITS.search(log), log
    assert "La máquina jugó" in log or "La máquina descartó" in log, log
    assert english_left(page) == []
    assert axe_violations(page) == []
