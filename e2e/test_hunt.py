"""Cows and Leopards in the browser (hunt.html): whole games by clicks on either side, jumps entered
one hop at a time (H5.3) under both capture settings (H6), resume after a reload, offline play, the
keyboard, refusals explained by the engine, bad links and saves, and the embed's hunt mode.

The tests choose the person's moves with the engine's own search bot, read from the page's save
(the engine's reading of what the page stored), and make them by clicks on the board's points.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import serve
from pages.hunt import SAVE_KEY, SETTLED, HuntPage, plant_old_save, seed_save, state_with_double_jump
from pages.kept import hold_kept_store, release_kept_store
from pages.site import (
    MOVE_MS,
    PYTHON_START_MS,
    WAIT_MS,
    Guard,
    axe_violations,
    fresh_page,
    origin_of,
    wait_for_match,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

from leopard_core.games.hunt.bots import make_bot
from leopard_core.games.hunt.session import HuntSession


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("side", ["L", "C"])
def test_a_whole_game_by_clicks(hunt: HuntPage, side: str) -> None:
    hunt.start(side, seed=7)
    expect(hunt.page.locator("#you-play")).to_have_text("Leopards" if side == "L" else "Cows")
    assert len(hunt.page.locator("#board .hunt-point").all()) == 49  # H2.3
    hunt.play_to_the_end()
    session = hunt.session()
    assert session.state.over and session.state.winner == side, session.state.reason
    # The board drawn is the engine's final position; the result says who won and why.
    assert hunt.cells() == session.state.position.split()[0]
    expect(hunt.page.locator("#result")).to_be_visible()
    expect(hunt.page.locator("#result-title")).to_contain_text("You win")
    reason = session.state.reason.rsplit(" (H", 1)[0]  # the engine's words (a sentence on the page)
    expect(hunt.page.locator("#result-text")).to_contain_text(reason, ignore_case=True)
    # Every move of the save was made by clicks or by the computer, alternately (H3.2).
    assert hunt.moves() == len(session.state.history)


def test_first_leopard_only_where_it_can_attack(hunt: HuntPage) -> None:
    hunt.start("L")
    # H3.3: from the opening, the nine points from which a ring cow can be jumped.
    assert hunt.lit("place") == {"e5", "c3", "e3", "g3", "c5", "g5", "c7", "e7", "g7"}
    assert hunt.cells().count("C") == 8  # H3.1
    hunt.click("a5")
    expect(hunt.page.locator("#status")).to_contain_text("a5 is not allowed")
    assert hunt.moves() == 0
    hunt.play("e5")
    assert hunt.session().state.history[0].__str__() == "e5"


def test_cows_are_placed_on_any_empty_point(hunt: HuntPage) -> None:
    hunt.start("C", seed=3)
    assert hunt.moves() == 1  # the computer's leopard came first (H3.2)
    empty = {p for p, c in zip(hunt.points(), hunt.cells(), strict=True) if c == "."}
    assert hunt.lit("place") == empty  # H3.4: any empty point
    hunt.click("e5" if "e5" in empty else sorted(empty)[0])
    wait_for_match(hunt.page, "body[data-moves='3'][data-phase=your-turn]", MOVE_MS, visible=True)
    assert hunt.session().state.reserve == 15  # 16 in reserve after the opening (H3.1), one placed


# ------------------------------------------------------------------ jumps hop by hop
def test_a_double_jump_is_entered_hop_by_hop(hunt: HuntPage) -> None:
    state = state_with_double_jump(compulsory=True)
    seed_save(hunt.page, HuntSession(state, "L", "random", 1))
    hunt.open()
    jump = next(m for m in state.legal_moves() if m.kind == "jump" and len(m.points) >= 3)
    start, first, second = str(jump).split("x")[:3]
    hunt.click(start)
    assert first in hunt.lit("hop")
    assert not hunt.lit("step")  # H6.1: a leopard that can jump must jump
    hunt.click(first)
    # Nothing is played yet: the leopard is shown on its landing point, the cow under way as taken.
    assert hunt.moves() == len(state.history)
    expect(hunt.page.locator(f"#pt-{first}")).to_have_attribute("data-piece", "L")
    expect(hunt.page.locator("#board .hunt-point[data-taken=true]")).to_have_count(1)
    expect(hunt.page.locator("#stop-here")).to_be_hidden()  # H6.1: the sequence must go on
    assert second in hunt.lit("hop")
    rest = str(jump).split("x")[2:]
    before = hunt.moves()
    for point in rest:
        hunt.click(point)
    hunt.page.wait_for_function(f"() => Number(document.body.dataset.moves) > {before}", timeout=MOVE_MS)
    played = [str(m) for m in hunt.session().state.history]
    assert played[len(state.history)] == str(jump)
    assert hunt.session().state.captured == state.captured + len(rest) + 1


def test_without_compulsory_capture_a_jump_may_stop_after_one_hop(hunt: HuntPage) -> None:
    state = state_with_double_jump(compulsory=False)
    seed_save(hunt.page, HuntSession(state, "L", "random", 1))
    hunt.open()
    jump = next(m for m in state.legal_moves() if m.kind == "jump" and len(m.points) >= 3)
    start, first = str(jump).split("x")[:2]
    hunt.click(start)
    hunt.click(first)
    expect(hunt.page.locator("#stop-here")).to_be_visible()  # H6.2
    before = hunt.moves()
    hunt.page.click("#stop-here")
    hunt.page.wait_for_function(f"() => Number(document.body.dataset.moves) > {before}", timeout=MOVE_MS)
    assert str(hunt.session().state.history[len(state.history)]) == f"{start}x{first}"


def test_escape_drops_a_jump_half_entered(hunt: HuntPage) -> None:
    state = state_with_double_jump(compulsory=True)
    seed_save(hunt.page, HuntSession(state, "L", "random", 1))
    hunt.open()
    cells = hunt.cells()
    jump = next(m for m in state.legal_moves() if m.kind == "jump" and len(m.points) >= 3)
    start, first = str(jump).split("x")[:2]
    hunt.click(start)
    hunt.click(first)
    hunt.page.keyboard.press("Escape")
    expect(hunt.page.locator("#board .hunt-point[data-taken=true]")).to_have_count(0)
    assert hunt.cells() == cells and hunt.moves() == len(state.history)


# ------------------------------------------------------------------ resume, offline, keyboard
def test_reload_in_the_middle_goes_on(hunt: HuntPage) -> None:
    hunt.start("L", seed=5)
    for ply in range(3):
        session = hunt.session()
        hunt.play(str(make_bot("greedy", ply).choose(session.state)))
    saved, cells, moves = hunt.saved(), hunt.cells(), hunt.moves()
    hunt.page.reload()
    wait_for_match(hunt.page, SETTLED, PYTHON_START_MS, visible=True)
    assert (hunt.cells(), hunt.moves()) == (cells, moves)
    assert hunt.saved() == saved
    session = hunt.session()
    move = str(make_bot("greedy", 9).choose(session.state))
    hunt.play(move)
    assert str(hunt.session().state.history[moves]) == move


def test_offline_return_visit_plays(browser: Browser, site_dir: Path) -> None:
    server, url = serve.start_server(site_dir)
    context: BrowserContext = browser.new_context()
    page = context.new_page()
    guard = Guard(origin_of(url))
    guard.watch(context, page)
    try:
        hunt = HuntPage(page, url)
        hunt.start("C", seed=2, boot="auto")  # a first visit: the normal start, then the snapshot kept
        wait_for_match(page, "html[data-sw=controlled]", PYTHON_START_MS, visible=True)
        wait_for_match(page, "html[data-snapshot=cached]", PYTHON_START_MS, visible=True)
        moves = hunt.moves()
        server.shutdown()
        server.server_close()
        page.reload()
        wait_for_match(page, SETTLED, PYTHON_START_MS, visible=True)
        assert hunt.moves() == moves
        session = hunt.session()
        move = str(make_bot("greedy", 1).choose(session.state))
        hunt.play(move)
        assert str(hunt.session().state.history[moves]) == move
        guard.check()
    finally:
        context.close()


def test_keyboard_play(hunt: HuntPage) -> None:
    hunt.start("L")
    hunt.page.focus("#pt-e5")
    hunt.page.keyboard.press("ArrowUp")
    focused = hunt.page.evaluate("document.activeElement.dataset.point")
    assert focused == "e6"
    hunt.page.keyboard.press("ArrowUp")
    assert hunt.page.evaluate("document.activeElement.dataset.point") == "e7"
    hunt.page.keyboard.press("Enter")  # e7 is a lit point for the first leopard (H3.3)
    wait_for_match(hunt.page, "body[data-moves='2'][data-phase=your-turn]", MOVE_MS, visible=True)
    assert str(hunt.session().state.history[0]) == "e7"


def test_board_is_accessible(hunt: HuntPage, browser: Browser, site_url: str) -> None:
    with fresh_page(browser, bypass_csp=True) as page:
        other = HuntPage(page, site_url)
        other.start("L")
        assert axe_violations(page) == []
        page.click("#open-rules")
        assert axe_violations(page) == []
    hunt.start("L")  # the guarded page: no console errors on a plain start either


# ------------------------------------------------------------------ bad input
def test_a_bad_link_is_explained(hunt: HuntPage) -> None:
    hunt.open("?side=X&pace=0")
    expect(hunt.page.locator("#notice")).to_contain_text("side=X")
    assert hunt.phase() == "your-turn"
    assert "side=" not in hunt.page.url


# A save exactly as the hunt page stored it in localStorage (under SAVE_KEY) before the engine
# worker kept its games: the person plays the Leopards at the hard level, capture compulsory, bot
# seed 5; the person's leopard went to e5 and the computer's cow to e3.
OLD_SAVE = ('{"format":"leopard-hunt-session","version":1,"person":"L","level":"search","bot_seed":5,'
            '"game":"{\\"format\\":\\"leopard-hunt\\",\\"version\\":1,\\"rules\\":'
            '{\\"compulsory_capture\\":true,\\"move_limit\\":100},\\"moves\\":[\\"e5\\",\\"e3\\"]}"}')


def test_a_save_from_before_the_worker_kept_the_game_goes_on(hunt: HuntPage) -> None:
    """The page's own save of before (localStorage) is restored, moved into the worker's store
    (kept-game.js) and removed once kept; a reload then resumes the kept game."""
    plant_old_save(hunt.page, OLD_SAVE)
    hunt.open("?pace=0")
    assert hunt.moves() == 2 and hunt.phase() == "your-turn"
    expect(hunt.page.locator("#pt-e5")).to_have_attribute("data-piece", "L")
    expect(hunt.page.locator("#pt-e3")).to_have_attribute("data-piece", "C")
    expect(hunt.page.locator("#you-play")).to_have_text("Leopards")
    kept = HuntSession.restore(hunt.saved())
    assert (kept.person, kept.level, [str(m) for m in kept.state.history]) == ("L", "search", ["e5", "e3"])
    hunt.page.wait_for_function(f"() => localStorage.getItem({json.dumps(SAVE_KEY)}) === null")
    hunt.page.reload()
    hunt.wait_settled(PYTHON_START_MS)
    assert hunt.moves() == 2
    hunt.play(str(make_bot("greedy", 0).choose(hunt.session().state)))
    assert hunt.moves() == 4 and [str(m) for m in hunt.session().state.history[:2]] == ["e5", "e3"]


@pytest.mark.parametrize("leave", ["reload", "close"])
def test_a_move_whose_save_is_still_in_flight_when_the_page_is_left_is_there_on_return(
    hunt: HuntPage, leave: str,
) -> None:
    """Nothing a player did is lost: the person's move, made just before the page is reloaded or its
    tab closed, while the worker's keep of it waits (the store held from another page), is there on
    the next visit, and the computer's answer after it is the one it made."""
    hunt.start("L", seed=5)
    hunt.saved()  # the new game is kept: the store exists
    holder = hunt.page.context.new_page()
    holder.goto(f"{hunt.base_url}data/hunt-board.json")  # the site's origin, no engine
    hold_kept_store(holder)
    hunt.click("e5")
    # the click was taken: the move is on its way
    wait_for_match(hunt.page, "body[data-phase=busy]", WAIT_MS, visible=True)
    page = hunt.page
    if leave == "reload":
        page.reload(wait_until="commit")
    else:
        page.close()
        page = hunt.page.context.new_page()
        page.goto(f"{hunt.base_url}hunt.html?pace=0&boot=snapshot", wait_until="commit")
    release_kept_store(holder)
    back = HuntPage(page, hunt.base_url)
    back.wait_settled(PYTHON_START_MS)
    expect(page.locator("#pt-e5")).to_have_attribute("data-piece", "L")
    assert back.moves() == 2  # the move, and the computer's answer
    # The computer's answer is the one it gives to e5 in this game (it decides from its seed).
    unbroken = HuntSession.new({"side": "L", "level": "random", "seed": 5})
    unbroken.state.apply("e5")
    answer = unbroken.bot_move()["move"]
    assert [str(m) for m in back.session().state.history] == ["e5", answer]
    holder.close()


def test_an_unreadable_save_is_set_aside(hunt: HuntPage) -> None:
    broken = '{"format": "leopard-hunt-session"'
    hunt.page.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(broken)}); }}")
    hunt.open("?pace=0")
    expect(hunt.page.locator("#notice")).to_contain_text("leopard.hunt.unreadable.")
    kept = hunt.page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('leopard.hunt.unreadable.'))"
        ".map(k => localStorage.getItem(k))")
    assert kept == [broken]
    HuntSession.restore(hunt.saved())  # a new, readable game took its place


# ------------------------------------------------------------------ links and embed
def test_the_other_pages_link_here(guarded_page: Page, site_url: str) -> None:
    for path in ("rules.html", ""):
        guarded_page.goto(site_url + path)
        link = guarded_page.locator("a[href='hunt.html']").first
        expect(link).to_be_attached()


def test_embed_hunt_mode_plays(guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    page.goto(f"{site_url}embed.html?mode=hunt&side=L&level=random&seed=4&pace=0")
    wait_for_match(page, "#embed-root[data-state=ready][data-turn=your-turn]", PYTHON_START_MS, visible=True)
    page.click("#pt-e5")
    wait_for_match(page, "#embed-root[data-turn=your-turn][data-moves='2']", MOVE_MS, visible=True)
    expect(page.locator("#pt-e5")).to_have_attribute("data-piece", "L")


def test_embed_hunt_mode_explains_a_bad_setting(guarded_page: Page, site_url: str) -> None:
    guarded_page.goto(f"{site_url}embed.html?mode=hunt&side=Q")
    expect(guarded_page.locator(".embed-problem")).to_contain_text("side=Q")


def test_a_link_with_settings_opened_in_the_same_tab_is_not_another_tab(hunt: HuntPage) -> None:
    """The same tab going from a game to a link that carries settings plays the link's game: its
    first save is not taken for another tab's, and the game left behind is not taken over."""
    hunt.start("L", seed=5)
    hunt.play(str(make_bot("greedy", 0).choose(hunt.session().state)))
    hunt.start("C", seed=3)
    expect(hunt.page.locator("#you-play")).to_have_text("Cows")
    session = hunt.session()
    assert session.state.history and str(session.state.history[0]) != ""
    assert hunt.page.locator("body").get_attribute("data-moves") == "1"  # the computer's first leopard
    hunt.play(str(make_bot("greedy", 1).choose(session.state)))
    expect(hunt.page.locator("#you-play")).to_have_text("Cows")
    expect(hunt.page.locator("#notice")).not_to_contain_text("another tab")
    assert "another tab" not in (hunt.page.locator("#status").text_content() or "")
    assert hunt.moves() == 3


def test_a_real_second_tab_is_still_told_apart(hunt: HuntPage) -> None:
    """A game a link started, moved on by another tab of the same browser: this tab says so (the
    kept saves' one notice, kept-game.js), never saves over it, and loads the newer game on request."""
    hunt.start("L", seed=5)
    hunt.saved()  # the link's game is kept
    other = HuntPage(hunt.page.context.new_page(), hunt.base_url)
    other.open()  # the second tab resumes the kept game and plays on
    other.play(str(make_bot("greedy", 0).choose(other.session().state)))
    expect(hunt.page.locator("#notice")).to_contain_text("Another tab has moved this game on")
    assert hunt.moves() == 0
    hunt.page.click("#notice-load-newer")
    hunt.page.wait_for_function("() => document.body.dataset.moves === '2'")
    expect(hunt.page.locator("#status")).to_contain_text("went on in another tab")
    other.page.close()
