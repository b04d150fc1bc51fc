"""The hunt's Review in the browser (issue 35): a seeded game played by clicks, then Review: the
replay stepped with the keys, the buttons and the slider, the costliest slips at the top, Play on
from here as a practice game that leaves the game's save untouched, and back to the review at once
(its marks are kept). In English and Spanish, on a phone and a laptop; axe-clean; and the embed's
play board offers the same Review when its game ends.

The game: the person plays the Cows (moves of the engine's random bot, chosen from the page's save
as in e2e/test_hunt.py) against the hard level, seed 2: the leopards take their twelfth cow at the
seventeenth move. Its costliest slips, the engine's review (tests/test_hunt_review.py checks the
marks themselves): move 16 (f5, the game), move 4 (g4, six cows where g5 gave one), move 6 (f4).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from pages.hunt import HuntPage, random_cows_to_the_end
from pages.site import MOVE_MS, PYTHON_START_MS, axe_violations, guarded_context, wait_for_match
from playwright.sync_api import Browser, Page, expect

from leopard_core.games.hunt.session import HuntSession

SEED = 2
MOVES = 17
SLIPS = ["15", "3", "5"]  # the plies of the costliest slips, costliest first
REVIEW_MS = 120_000  # every one of the person's moves searched by the engine in the page's worker
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
WORDS = {
    "en": {"title": "Review of your game", "reason": "This let the leopards take",
           "better": "Better: place a cow on c5.", "practice": "Practice game", "slip": "slip"},
    "es": {"title": "Repaso de tu partida", "reason": "Esto dejó que los leopardos capturaran",
           "better": "Mejor: colocar una vaca en c5.", "practice": "Partida de práctica", "slip": "descuido"},
}


@pytest.fixture(params=[(lang, size) for lang in ("en", "es") for size in ("phone", "laptop")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def review_page(request: pytest.FixtureRequest, browser: Browser,
                site_url: str) -> Iterator[tuple[HuntPage, str]]:
    lang, size = request.param
    with guarded_context(browser, site_url, language=lang, viewport=SIZES[size], bypass_csp=True,
                         reduced_motion="reduce") as page:
        yield HuntPage(page, site_url), lang


def at(page: Page) -> int:
    return int(page.locator("#review").get_attribute("data-at") or -1)


def test_review_a_played_game_step_through_it_and_play_on(review_page: tuple[HuntPage, str]) -> None:
    hunt, lang = review_page
    words = WORDS[lang]
    page = hunt.page
    hunt.start("C", seed=SEED, level="search")
    hunt.play_to_the_end(chooser="random")
    assert hunt.moves() == MOVES and hunt.session().state.winner == "L"
    kept = hunt.saved()

    # Review, from the result dialog: the last position first, every move checked in the background.
    page.click("#result-open-review")
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#review .review-title")).to_have_text(words["title"])
    wait_for_match(page, "#review[data-review=done]", REVIEW_MS, visible=True)
    assert at(page) == MOVES
    assert page.locator("#review .review-slip").evaluate_all("els => els.map(e => e.dataset.ply)") == SLIPS
    expect(page.locator("#review .review-slider-mark")).to_have_count(3)
    # Every move is a button; the person's slips say so in words (a screen reader reads them).
    expect(page.locator("#review .review-move")).to_have_count(MOVES)
    expect(page.locator("#review .review-move[data-ply='15']")).to_contain_text(words["slip"])
    expect(page.locator("#review .review-move[data-ply='14']")).not_to_contain_text(words["slip"])
    assert axe_violations(page) == []

    # The keyboard: Home, arrows, End (the focus is on the review's buttons).
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('#review').dataset.at === '0'")
    assert hunt.cells().count("C") == 8 and "L" not in hunt.cells()  # the opening (H3.1)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#review').dataset.at === '2'")
    expect(page.locator("#pt-e5")).to_have_attribute("data-piece", "L")  # the computer's first leopard
    page.keyboard.press("End")
    page.wait_for_function(f"() => document.querySelector('#review').dataset.at === '{MOVES}'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => document.querySelector('#review').dataset.at === '{MOVES - 1}'")
    # The buttons and the slider.
    page.click("#review .review-go[data-go=first]")
    assert at(page) == 0
    page.locator("#review .review-slider").fill("4")
    page.wait_for_function("() => document.querySelector('#review').dataset.at === '4'")
    expect(page.locator("#review .review-mark")).to_have_attribute("data-slip", "true")
    page.locator("#review .review-slider").press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#review').dataset.at === '5'")

    # The costliest slip, from the top list: its reason and the better move.
    page.click("#review .review-slip >> nth=0")
    assert at(page) == 16
    expect(page.locator("#review .review-mark")).to_contain_text(words["reason"])
    expect(page.locator("#review .review-mark")).to_contain_text(words["better"])
    expect(page.locator("#review .review-move[data-ply='15']")).to_have_attribute("aria-current", "step")

    # Play on from here: a practice game from before that move; the better move, by clicks.
    page.click("#review .review-play-on")
    wait_for_match(page, "body[data-practice=on][data-phase=your-turn]", MOVE_MS, visible=True)
    expect(page.locator("#practice-banner")).to_be_visible()
    expect(page.locator("#practice-banner")).to_contain_text(words["practice"])
    assert hunt.moves() == 15
    hunt.play("c5")
    assert hunt.moves() > 16
    assert hunt.saved() == kept  # the practice game is never saved over the game
    assert axe_violations(page) == []

    # Back to the review: the game as it was, its marks at once.
    page.click("#practice-back")
    wait_for_match(page, "#review[data-review=done]", MOVE_MS, visible=True)
    assert hunt.moves() == MOVES and hunt.saved() == kept
    expect(page.locator("body")).not_to_have_attribute("data-practice", "on")
    page.click("#review .review-close")
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("#open-review")).to_be_visible()
    assert hunt.cells() == HuntSession.restore(kept).state.position.split()[0]


def embed_moves() -> list[str]:
    """The game of the page's test as a list of moves (the same seeds: the same game)."""
    session = random_cows_to_the_end(HuntSession.new({"side": "C", "level": "search", "seed": SEED}))
    return [str(m) for m in session.state.history]


def test_the_embed_offers_review_when_its_game_ends(browser: Browser, site_url: str) -> None:
    moves = embed_moves()
    assert len(moves) == MOVES
    with guarded_context(browser, site_url, viewport=SIZES["phone"], reduced_motion="reduce") as page:
        page.goto(f"{site_url}embed.html?mode=hunt&side=C&level=search&seed={SEED}&pace=0&boot=snapshot")
        root = page.locator("#embed-root")
        wait_for_match(page, "#embed-root[data-state=ready][data-turn=your-turn]", PYTHON_START_MS,
                       visible=True)
        for ply in range(1, MOVES, 2):
            page.click(f"#pt-{moves[ply]}")
            page.wait_for_function(
                "(n) => Number(document.querySelector('#embed-root').dataset.moves) > n"
                " && ['your-turn', 'game-over'].includes(document.querySelector('#embed-root').dataset.turn)",
                arg=ply, timeout=MOVE_MS)
        expect(root).to_have_attribute("data-turn", "game-over")
        review = page.get_by_role("button", name="Review")
        review.click()
        wait_for_match(page, "#embed-review[data-review=done]", REVIEW_MS, visible=True)
        slips = page.locator("#embed-review .review-slip").evaluate_all("els => els.map(e => e.dataset.ply)")
        assert slips == SLIPS
        page.keyboard.press("Home")
        page.wait_for_function("() => document.querySelector('#embed-review').dataset.at === '0'")
        page.click("#embed-review .review-slip >> nth=1")
        expect(page.locator("#embed-review .review-mark")).to_contain_text("Better: place a cow on g5.")
        page.click("#embed-review .review-play-on")
        wait_for_match(page, "#embed-root[data-practice=on][data-turn=your-turn]", MOVE_MS, visible=True)
        assert root.get_attribute("data-moves") == "3"
        page.get_by_role("button", name="Back to the review").click()
        wait_for_match(page, "#embed-review[data-review=done]", MOVE_MS, visible=True)
        assert root.get_attribute("data-moves") == str(MOVES)


# A slip whose cost shows on the leopards' second move (tests/test_hunt_review.py plays it out): the
# cows' g6 at move 12 of this game; then the page test's random cows until the leopards win.
LATE_SLIP_GAME = ["e5", "e3", "f3", "g3", "e5xe7xc5xe5xg5xe7", "f5", "f3xd3xd5", "e5", "d5-d4", "d3", "d4xf6",
                  "g6"]
LATE_SLIP = {"en": ("This lets the leopards take 2 cows in their next 2 moves; by placing a cow on e3 you",
                    "Better: place a cow on e3."),
             "es": ("Esto deja que los leopardos capturen 2 vacas en sus próximas 2 jugadas; "
                    "colocando una vaca en e3,",
                    "Mejor: colocar una vaca en e3.")}


PLAY_ON_BOX = """(b) => ({scroll: b.scrollWidth, width: b.clientWidth, right: b.getBoundingClientRect().right,
  panel: b.closest('.hunt-panel').getBoundingClientRect().right})"""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_slip_whose_cost_shows_two_moves_later_is_marked(browser: Browser, site_url: str,
                                                           lang: str) -> None:
    """The page shows the engine's mark of a slip whose cost shows later, in the player's words."""
    session = HuntSession.new({"side": "C", "level": "search", "seed": SEED})
    for move in LATE_SLIP_GAME:
        session.state.apply(move)
    random_cows_to_the_end(session)
    from pages.hunt import seed_save

    with guarded_context(browser, site_url, language=lang, viewport=SIZES["laptop"]) as page:
        seed_save(page, session)
        HuntPage(page, site_url).open()
        page.click("#result-open-review")
        wait_for_match(page, "#review[data-review=done]", REVIEW_MS, visible=True)
        assert page.locator("#review .review-slip").evaluate_all("els => els.map(e => e.dataset.ply)") == [
            "17", "3", "11"]
        page.click("#review .review-slip >> nth=2")
        expect(page.locator("#review .review-move[data-ply='11']")).to_have_attribute("aria-current", "step")
        reason, better = LATE_SLIP[lang]
        expect(page.locator("#review .review-mark")).to_contain_text(reason)
        expect(page.locator("#review .review-mark")).to_contain_text(better)
        # The list of every move writes moves short, and says how (H8).
        notation = {"en": "e5xe7: a jump over the cow on e6",
                    "es": "e5xe7: un salto sobre la vaca de e6"}[lang]
        expect(page.locator("#review .review-notation")).to_have_text(re.compile(re.escape(notation)))
        # A phone on its side: Play on from here wraps inside the panel (it ran past its edge, cut
        # to "Seguir jugando desde a").
        page.set_viewport_size({"width": 844, "height": 390})
        play_on = page.locator("#review .review-play-on")
        expect(play_on).to_be_visible()
        box = play_on.evaluate(PLAY_ON_BOX)
        assert box["scroll"] <= box["width"] + 1 and box["right"] <= box["panel"] + 1, box


def test_every_text_of_the_review_comes_from_the_catalogs(browser: Browser, site_url: str) -> None:
    """In the pseudo-language every text of the review (the engine's reasons included, as catalog
    texts inside the page's) is wrapped in ⟦ ⟧: no word is written into the page's code. The
    game is the page test's, put in the page's storage."""
    from i18n_check import hard_coded
    from pages.hunt import seed_save

    session = HuntSession.new({"side": "C", "level": "search", "seed": SEED})
    for move in embed_moves():
        session.state.apply(move)
    with guarded_context(browser, site_url, language="x-pseudo", viewport=SIZES["laptop"]) as page:
        seed_save(page, session)
        hunt = HuntPage(page, site_url)
        hunt.open()
        page.click("#result-open-review")
        wait_for_match(page, "#review[data-review=done]", REVIEW_MS, visible=True)
        page.click("#review .review-slip >> nth=0")
        reason = page.locator("#review .review-reason").inner_text()
        # The engine's words, the moves it names in catalog words too (the reply, the better move).
        assert reason.startswith("\u27e6") and reason.endswith("\u27e7"), reason
        assert reason.count("\u27e6") == reason.count("\u27e7") == 3, reason
        assert hard_coded(page) == []
        page.click("#review .review-play-on")
        wait_for_match(page, "body[data-practice=on][data-phase=your-turn]", MOVE_MS, visible=True)
        assert hard_coded(page) == []
