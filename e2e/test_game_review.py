"""Review a hand (issue 35), the card game's page: a seeded hand (opened near its end, the engine
having played the rest, and finished by clicks), reviewed move by move (keys, slider, the biggest
slips), played on from a move as practice while the kept game stays as it was, in English at a
laptop's size and in Spanish on a phone. The engine's verdicts are its
own (tests/test_leopard_review.py checks them); these tests check what the page does with them.

The review in each theme (dark at a laptop's size, light on a phone, each chosen in Settings on an
earlier visit: the stored preference) is checked on the first test's page once its hand is reviewed:
axe-core finds nothing serious with a slip open, Back and Forward keep a space between arrow and
word, and on a phone a slip's number starts its sentence instead of standing in a column beside it
(what the screenshots showed). The verdicts are kept with the game, so the page opened again in
each theme shows the same review at once; a page of its own had the engine review the hand again.

Glossary:
    analysed  -- #review[data-analysed="done/total"]: the person's moves the engine has looked at.
    position  -- #review[data-position="N"]: the reader's place in the hand (N moves played).
"""

from __future__ import annotations

import json
import re

from pages.embed import play_to_the_end
from pages.leopard import GamePage, game_in, near_the_end, person_move, play_a_lit_move
from pages.site import (
    MOVE_MS,
    PYTHON_START_MS,
    STATS_KEY,
    WAIT_MS,
    axe_violations,
    choose_theme_again,
    in_theme,
    wait_for_match,
)
from playwright.sync_api import Browser, Page, expect

REVIEW_MS = 120_000  # a whole hand looked at, one move at a time, on a loaded machine
COST_EN = re.compile(r"Cost: about \d+(\.\d)? points?, give or take \d")
VERDICT_ES = re.compile(r"Tan buena como la mejor jugada|Costo: cerca de \d+(,\d)? puntos?, más o menos \d")


def play_out(game: GamePage) -> None:
    """The person's greedy moves by clicks until the hand is over."""
    while game.phase() == "your-turn":
        person_move(game)


def position(page: Page) -> int:
    return int(page.locator("#review").get_attribute("data-position") or -1)


def analysed(page: Page) -> tuple[int, int]:
    done, total = (page.locator("#review").get_attribute("data-analysed") or "0/0").split("/")
    return int(done), int(total)


def wait_analysed(page: Page, count: int | None = None) -> None:
    """Until the engine has looked at `count` moves (all of them when None)."""
    page.wait_for_function(
        "(n) => { const [d, t] = (document.querySelector('#review').dataset.analysed || '0/1')"
        ".split('/').map(Number); return n === null ? d === t : d >= n; }", arg=count, timeout=REVIEW_MS)


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
    wait_analysed(page)
    page.locator("#review-slips button").first.click()
    expect(page.locator("#review-cost")).not_to_be_empty()


def test_review_a_hand_step_through_it_play_on_as_practice_and_in_each_theme(browser: Browser,
                                                                             site_url: str) -> None:
    with game_in(browser, site_url, viewport={"width": 1366, "height": 768}, bypass_csp=True) as game:
        page = game.page
        # The hand from near its end (the engine played the rest; what is reviewed is the whole
        # hand's save, however it was played): its last moves by clicks.
        game.resume(near_the_end(seed=5, botseed=3, hands=1, level="greedy"))
        play_out(game)
        assert game.phase() == "game-over"
        expect(page.locator("#result")).to_be_visible()
        page.click("#result-review-game")
        review = page.locator("#review")
        expect(review).to_be_visible()
        expect(page.locator("#review-title")).to_have_text("Review of hand 1")
        wait_analysed(page, 1)  # the first verdict comes while the rest are still looked at
        count = int(page.locator("#review-slider").get_attribute("max") or 0)
        assert count > 10
        assert page.locator("#review-moves button").count() == count + 1  # every move, and the end

        # The keys, from the dialog.
        assert position(page) == 0
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert position(page) == 2
        page.keyboard.press("ArrowLeft")
        assert position(page) == 1
        page.keyboard.press("End")
        assert position(page) == count
        expect(page.locator("#review-where")).to_contain_text("The end of the hand")
        page.keyboard.press("Home")
        assert position(page) == 0
        # The slider, by its label, with its own keys.
        slider = page.get_by_label("Move in the hand")
        slider.focus()
        page.keyboard.press("ArrowRight")
        assert position(page) == 1
        assert slider.get_attribute("aria-valuetext") == f"Move 2 of {count}"
        page.click("#review-back")
        assert position(page) == 0

        wait_analysed(page)
        done, total = analysed(page)
        assert done == total > 0
        slips = page.locator("#review-slips button")
        marks = page.locator("#review-marks .review-mark")
        assert 0 <= slips.count() <= 3
        assert marks.count() == slips.count()
        costs = []
        for i in range(slips.count()):
            slip = slips.nth(i)
            index = int(slip.get_attribute("data-index") or -1)
            cost = re.search(r"about (\d+(?:\.\d)?) point", slip.inner_text())
            assert cost, slip.inner_text()
            costs.append(float(cost.group(1)))
            slip.click()
            assert position(page) == index
            expect(page.locator("#review-cost")).to_contain_text(COST_EN)
            expect(page.locator("#review-best")).to_contain_text("Best: ")
        assert costs == sorted(costs, reverse=True)  # the costliest first
        expect(page.locator("#review-chart svg circle")).not_to_have_count(0)
        assert not (found := axe_violations(page)), found

        # Play on from one of the person's moves: practice, apart from the kept game.
        kept = game.saved()
        records = page.evaluate(f"localStorage.getItem({json.dumps(STATS_KEY)})")
        person = page.locator("#review-moves button.by-person").nth(2)
        person.click()
        page.click("#review-play-on")
        expect(page.locator("#review")).to_be_hidden()
        wait_for_match(page, "body[data-practice=on]", WAIT_MS, visible=True)
        expect(page.locator("#practice-bar")).to_contain_text("Not counted")
        game.wait_settled()
        for _ in range(3):
            if game.phase() != "your-turn":
                break
            play_a_lit_move(page)
            game.wait_settled()
        assert game.saved() == kept  # the worker's kept save: the practice game is never kept
        assert page.evaluate(f"localStorage.getItem({json.dumps(STATS_KEY)})") == records
        page.click("#practice-review")  # back to the kept game, and to its review: instant now
        expect(page.locator("#review")).to_be_visible()
        assert analysed(page)[0] == total
        page.keyboard.press("Escape")
        expect(page.locator("#review")).to_be_hidden()
        page.wait_for_function("() => !document.body.dataset.practice", timeout=MOVE_MS)
        assert game.phase() == "game-over"
        assert game.saved() == kept

        # The same review in each theme (module docstring).
        for theme, width, height in (("dark", 1366, 768), ("light", 390, 844)):
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


def test_review_in_spanish_on_a_phone_and_from_statistics(browser: Browser, site_url: str) -> None:
    with game_in(browser, site_url, viewport={"width": 390, "height": 844}, locale="es-ES") as game:
        page = game.page
        game.resume(near_the_end(seed=7, botseed=2, hands=1, level="greedy"))
        play_out(game)
        expect(page.locator("#result")).to_be_visible()
        page.click("#result-last-hand")
        page.click("#hand-end-review")  # the hand-end sheet offers it too
        expect(page.locator("#review-title")).to_have_text("Repaso de la mano 1")
        wait_analysed(page)
        first = page.locator("#review-moves button.by-person").first
        first.click()
        verdict = page.locator("#review-verdict")
        expect(verdict).to_contain_text(VERDICT_ES)
        box = page.locator("#review-play-on").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390  # within the phone's width
        page.click("#review-close")
        expect(page.locator("#review")).to_be_hidden()
        expect(page.locator("#hand-end")).to_be_visible()  # the review goes back where it came from
        # Statistics keep the finished game with what its review needs.
        page.click("#back-to-result")
        page.click("#result-review")
        page.click("#more-menu summary")
        page.click("#open-stats")
        page.locator("#stats-games summary").first.click()
        page.locator(".stats-review").first.click()
        expect(page.locator("#review-title")).to_have_text("Repaso de la mano 1")
        assert analysed(page)[0] == analysed(page)[1]  # kept with the game: nothing to look at again


def test_the_embed_links_its_finished_game_to_its_review(browser: Browser, site_url: str) -> None:
    with game_in(browser, site_url, viewport={"width": 1280, "height": 720}) as game:
        page = game.page
        page.goto(f"{site_url}embed.html?mode=play&hands=1&seed=7&botseed=3&level=greedy&pace=0&boot=snapshot")
        wait_for_match(page, "#embed-root[data-turn=you]", PYTHON_START_MS, visible=True)
        play_to_the_end(page)
        link = page.locator(".embed-review")
        wait_for_match(page, ".embed-review", MOVE_MS, visible=True)
        expect(link).to_be_visible()
        assert link.get_attribute("target") == "_blank"
        href = str(link.get_attribute("href"))
        assert href.startswith(f"{site_url}index.html#review=")
        page.goto(href)  # what the link opens in a new tab, here in this one
        wait_for_match(page, "#review", PYTHON_START_MS, visible=True)
        expect(page.locator("#review")).to_be_visible()
        expect(page.locator("#review-title")).to_have_text("Review of hand 1")
        assert "#review" not in page.url  # the save does not stay in the address
        wait_analysed(page, 1)
