"""Cows and Leopards that teaches (issue 21, items 4 and 7): what a newcomer needs to read the game.

- The board is labelled: files a..i under it, ranks 1..9 beside it, each in line with its points
  and readable (on screen, 10 px or more) at the sizes where the log could not be read against it.
- A first game as the Cows is warned of the leopards' first move, with what to do (How to play too):
  following it, the leopards take one cow at most (tests/test_hunt_teaching.py checks every line).
- How hemmed in the leopards are: the points they could go to next, in the panel and on each leopard,
  counted here from the engine's own legal moves.
- The language switch is on the page; lit points are dark rings (3:1 on the board) in both themes.
- Texts: whose leopard jumped, sentences closed once, rules linked to their section, never a code.
"""

from __future__ import annotations

import re

import pytest
from pages.colours import contrast, luminance, rgb
from pages.hunt import SETTLED, HuntPage, jumped_over, seed_save, state_with_double_jump
from pages.site import MOVE_MS, PYTHON_START_MS, wait_for_match, wait_for_text
from playwright.sync_api import expect

from leopard_core.games.hunt.board import NAMES
from leopard_core.games.hunt.bots import make_bot
from leopard_core.games.hunt.rules import CAPTURE_GOAL, HuntRules
from leopard_core.games.hunt.session import HuntSession
from leopard_core.games.hunt.state import HuntState

SIZES = [(1366, 768), (390, 844), (844, 390)]
PREFERENCES_KEY = "leopard.preferences.v1"


def centre(hunt: HuntPage, selector: str) -> tuple[float, float]:
    box = hunt.page.locator(selector).bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_the_board_is_labelled_in_line_with_its_points(hunt: HuntPage) -> None:
    """At each size (one game, the window resized: the board lays itself out by CSS alone)."""
    width, height = SIZES[0]
    hunt.page.set_viewport_size({"width": width, "height": height})
    hunt.start("C", seed=1)
    for width, height in SIZES:
        hunt.page.set_viewport_size({"width": width, "height": height})
        files = hunt.page.locator("#board .coordinate.file")
        ranks = hunt.page.locator("#board .coordinate.rank")
        assert files.all_inner_texts() == list("abcdefghi")
        assert ranks.all_inner_texts() == [str(n) for n in range(9, 0, -1)]
        for label in [*files.all(), *ranks.all()]:
            box = label.bounding_box()
            where = (width, height, label.inner_text())
            assert box and box["x"] >= 0 and box["y"] >= 0, where
            assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, where
            assert float(label.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 10
        # c under the points c1..c9, 3 beside a3..i3 (H2.3).
        size = (width, height)
        assert abs(centre(hunt, ".coordinate.file >> text=c")[0] - centre(hunt, "#pt-c1")[0]) < 2, size
        assert abs(centre(hunt, ".coordinate.rank >> text=3")[1] - centre(hunt, "#pt-a3")[1]) < 2, size
        assert centre(hunt, ".coordinate.file >> text=e")[1] > centre(hunt, "#pt-e1")[1], size
        assert centre(hunt, ".coordinate.rank >> text=5")[0] < centre(hunt, "#pt-a5")[0], size


def test_a_first_game_as_the_cows_is_warned_and_the_advice_works(hunt: HuntPage) -> None:
    hunt.start("C", level="search", seed=1)
    assert str(hunt.session().state.history[0]) == "e5"  # the Hard leopards start on the centre
    warning = hunt.page.locator("#opening-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("five or more")
    expect(warning).to_contain_text("e3 and e7")
    hunt.page.click("#open-rules")
    expect(hunt.page.locator("#rules-opening")).to_contain_text("e3 and e7")
    hunt.page.click("#rules-close")
    hunt.play("e3")
    expect(warning).to_be_visible()
    hunt.play("e7")  # then the leopards' first move (the fifth of the game)
    assert len(hunt.session().state.history) >= 5
    assert hunt.session().state.captured <= 1
    expect(warning).to_be_hidden()
    hunt.page.reload()
    hunt.wait_settled(PYTHON_START_MS)
    hunt.page.click("#open-new-game")
    hunt.page.check("input[name=side][value=C]")
    hunt.page.click("#new-game-start")
    wait_for_match(hunt.page, SETTLED, MOVE_MS, visible=True)
    expect(warning).to_be_hidden()  # once per browser


def test_the_warning_can_be_closed(hunt: HuntPage) -> None:
    hunt.start("C", level="random", seed=2)
    hunt.page.click("#opening-warning-close")
    expect(hunt.page.locator("#opening-warning")).to_be_hidden()
    hunt.page.reload()
    hunt.wait_settled(PYTHON_START_MS)
    expect(hunt.page.locator("#opening-warning")).to_be_hidden()


def room_from_legal_moves(state: HuntState) -> dict[str, int]:
    """Each leopard's next points, from the engine's legal moves of the same board with the Leopards
    to move and capture free (every step and every first hop is then a move of its own)."""
    cells, _, reserve, to_place = state.position.split()
    free = HuntState.from_position(f"{cells} L {reserve} {to_place}", HuntRules(compulsory_capture=False))
    reach: dict[str, set[str]] = {name: set() for name, cell in zip(NAMES, cells, strict=True) if cell == "L"}
    for move in free.legal_moves():
        points = str(move).replace("x", "-").split("-")
        if len(points) > 1:
            reach[points[0]].add(points[1])
    return {point: len(next_points) for point, next_points in reach.items()}


def test_the_leopards_room_is_shown(hunt: HuntPage) -> None:
    hunt.start("C", level="search", seed=1)
    expect(hunt.page.locator("#leopard-room")).to_have_text("8")  # e5 in the ring: eight hops
    expect(hunt.page.locator("#pt-e5 .room")).to_have_text("8")
    expect(hunt.page.locator("#pt-e5")).to_have_attribute("aria-label", re.compile("8 moves"))
    for ply in range(6):
        hunt.play(str(make_bot("search", f"room:{ply}").choose(hunt.session().state)))
        if hunt.phase() == "game-over":
            break
        rooms = room_from_legal_moves(hunt.session().state)
        expect(hunt.page.locator("#leopard-room")).to_have_text(str(sum(rooms.values())))
        for point, room in rooms.items():
            expect(hunt.page.locator(f"#pt-{point} .room")).to_have_text(str(room))


def test_the_language_switch_is_on_the_page(hunt: HuntPage) -> None:
    """In sight at each size (one game, the window resized), and it switches the page."""
    width, height = SIZES[0]
    hunt.page.set_viewport_size({"width": width, "height": height})
    hunt.start("L", seed=1)
    switch = hunt.page.locator("#hunt-language")
    for width, height in SIZES:
        hunt.page.set_viewport_size({"width": width, "height": height})
        expect(switch).to_be_visible()
        box = switch.bounding_box()
        assert box and box["y"] + box["height"] <= height, (width, height)
        assert box["x"] + box["width"] <= width, (width, height)
    with hunt.page.expect_navigation():
        switch.select_option("es")
    wait_for_match(hunt.page, SETTLED, PYTHON_START_MS, visible=True)
    expect(hunt.page.locator("#turn")).to_have_text("Tu turno")


# The board's gradient, lightest and darkest (hunt-board.css): a lit ring must stand out on both.
BOARD_COLOURS = [(0xF3, 0xE6, 0xC4), (0xCD, 0xB5, 0x81)]


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_lit_points_stand_out_in_both_themes(hunt: HuntPage, theme: str) -> None:
    hunt.page.add_init_script(
        f"localStorage.setItem('{PREFERENCES_KEY}', JSON.stringify({{theme: '{theme}'}}))")
    hunt.start("C", seed=1)
    expect(hunt.page.locator("html")).to_have_attribute("data-theme", theme)
    felt = rgb(hunt.page.evaluate("() => getComputedStyle(document.documentElement).backgroundColor"))
    assert (luminance(felt) < 0.2) == (theme == "dark"), f"the {theme} theme applies to the page: {felt}"
    lit = hunt.page.locator("#board .hunt-point[data-target=place]").first
    ring = lit.evaluate(
        "e => { const s = getComputedStyle(e, '::after'); return [s.borderTopColor, s.borderTopWidth]; }")
    assert float(ring[1].removesuffix("px")) >= 3
    for board in BOARD_COLOURS:
        assert contrast(rgb(ring[0]), board) >= 3, (ring, board)


def test_a_jump_says_whose_leopard_jumped(hunt: HuntPage) -> None:
    state = state_with_double_jump(compulsory=True)
    seed_save(hunt.page, HuntSession(state, "L", "random", 1))
    hunt.open()
    jump = next(m for m in state.legal_moves() if m.kind == "jump")
    hunt.play(str(jump))
    status = hunt.page.locator("#status")
    start, end = NAMES[jump.start], NAMES[jump.end]
    cows = jumped_over(str(jump))
    assert len(cows) >= 2, "a double jump: its cows are a list"
    listed = ", ".join(cows[:-1]) + f" and {cows[-1]}"
    # The engine's words (hunt.words.you.jumps), the cows it found joined in the page's language.
    expect(status).to_contain_text(
        f"Your leopard on {start} jumped the cows on {listed} and took them, landing on {end}")
    assert not re.search(r"[a-i][1-9][-x\u2013][a-i][1-9]", status.inner_text())  # words, not the notation
    assert "jumped a leopard" not in status.inner_text()


def test_sentences_are_closed_once_and_rules_are_links(hunt: HuntPage) -> None:
    hunt.start("L", seed=1)
    hunt.page.click("#open-new-game")
    hunt.page.check("input[name=side][value=C]")
    hunt.page.click("#new-game-start")
    status = hunt.page.locator("#status")
    wait_for_text(hunt.page, "#status", "New game: you play the Cows. ", MOVE_MS)
    expect(status).to_contain_text("New game: you play the Cows. ")
    assert ".." not in status.inner_text()
    # A refused click: plain words, and the rule as a link to its section of the rules page.
    hunt.click("d4")
    expect(status).to_contain_text("d4 is not allowed. Point d4 is not empty.")
    assert "(H" not in status.inner_text()
    link = hunt.page.locator("#status-rule")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", "hunt-rules.html#H3.4")
    expect(hunt.page.locator("#rules")).not_to_contain_text("H1")


def one_jump_from_winning() -> HuntState:
    for ply in range(4000):
        state = HuntState.new()
        bot = make_bot("random", ply)
        while not state.over:
            if state.to_move == "L" and any(
                    m.kind == "jump" and state.captured + len(m.points) - 1 >= CAPTURE_GOAL
                    for m in state.legal_moves()):
                return state
            state.apply(bot.choose(state))
    raise AssertionError("no winning jump found")


def test_the_end_is_a_sentence_with_its_rule_linked(hunt: HuntPage) -> None:
    state = one_jump_from_winning()
    seed_save(hunt.page, HuntSession(state, "L", "random", 1))
    hunt.open()
    win = next(m for m in state.legal_moves() if state.captured + len(m.points) - 1 >= CAPTURE_GOAL)
    hunt.play(str(win))
    expect(hunt.page.locator("#result")).to_be_visible()
    expect(hunt.page.locator("#result-text")).to_have_text("You win. The leopards captured 12 cows.")
    expect(hunt.page.locator("#result-rule")).to_have_attribute("href", "hunt-rules.html#H7.1")
