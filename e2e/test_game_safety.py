"""Nothing lost, nothing leaked (issue 11, failures 1-8): hostile and oversized saves, full and
blocked storage, New game while Python loads, two tabs on one game, and the embed's host commands.

Each test drives the real page in Chromium; expected values come from the engine in CPython.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from pages.kept import wait_kept_as
from pages.leopard import PREVIOUS_KEY, GamePage, play_moves, session_of
from pages.site import ENGINE_WORKER, PYTHON_START_MS, SAVE_KEY, WAIT_MS, stranger_site, wait_for_match
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from leopard_core.games.leopard import Square

UNREADABLE_PREFIX = "leopard.game.unreadable."
STORAGE_FULL = """Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};"""
STORAGE_BLOCKED = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("blocked", "SecurityError"); },
});"""
# 3.1 million characters: more than half of Chromium's localStorage quota (about 5.2 million), so
# the page cannot keep a second copy of it.
BIG_SAVE_JS = "'{\"format\":\"leopard-session\",\"version\":1,\"pad\":\"' + 'x'.repeat(3100000) + '\"}'"


def notice_text(game: GamePage) -> str:
    """The notice above the table, once shown."""
    notice = game.page.locator("#notice")
    expect(notice).to_be_visible()
    return notice.inner_text()


def unreadable_copies(page: Page) -> dict[str, int]:
    """Keys of saves set aside, with the length of each."""
    found: dict[str, int] = page.evaluate(
        f"Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith('{UNREADABLE_PREFIX}'))"
        ".map(k => [k, localStorage.getItem(k).length]))"
    )
    return found


def stored_equals(page: Page, key: str, expression: str) -> bool:
    """True when localStorage[key] is exactly the string the JS expression builds (compared in the
    page, so megabytes are not shipped to the test)."""
    return bool(page.evaluate(f"k => localStorage.getItem(k) === ({expression})", key))


def test_1_deeply_nested_save_is_set_aside_and_reloads_work(game: GamePage) -> None:
    """A save of 200,000 '[' is refused before Python parses it, kept aside, and a new game starts."""
    game.start(seed=31, botseed=2, hands=2)
    page = game.page
    page.evaluate("k => localStorage.setItem(k, '['.repeat(200000))", SAVE_KEY)
    page.reload()
    game.wait_settled(PYTHON_START_MS)
    assert "could not be read" in notice_text(game)
    copies = unreadable_copies(page)
    assert any(stored_equals(page, key, "'['.repeat(200000)") for key in copies), copies
    named = re.search(r"“([^”]+)”", notice_text(game))
    assert named and named.group(1) in copies, "the notice names the key that holds the copy"
    fresh = session_of(game.saved())
    assert fresh.game.hand_number == 1
    play_moves(game, 1)
    saved, shown = game.saved(), game.moves_shown()
    for _ in range(2):  # and reloads keep working: the new game resumes
        page.reload()
        game.wait_settled(PYTHON_START_MS)
        assert game.saved() == saved and game.moves_shown() == shown
        expect(page.locator("#notice")).to_be_hidden()


def test_2_very_large_save_is_never_lost(game: GamePage) -> None:
    """A 3.1-million-character save an earlier visit left in localStorage: either really copied
    under the key the notice names, or kept in place (never written over: the new game is kept by
    the engine worker), and said so."""
    game.start(seed=32, botseed=2, hands=2)
    page = game.page
    page.evaluate(f"k => localStorage.setItem(k, {BIG_SAVE_JS})", SAVE_KEY)
    page.reload()
    game.wait_settled(PYTHON_START_MS)
    text = notice_text(game)
    assert "could not be read" in text
    named = re.search(r"“(leopard\.game\.unreadable\.[^”]+)”", text)
    if named:
        assert stored_equals(page, named.group(1), BIG_SAVE_JS), "the named copy exists"
        return
    assert stored_equals(page, SAVE_KEY, BIG_SAVE_JS), "the original stays in place"
    assert "stays where it is" in text
    play_moves_by_page(game, 2)
    assert stored_equals(page, SAVE_KEY, BIG_SAVE_JS), "playing on never saves over it"
    assert session_of(game.saved()).game.state.history, "the new game is kept by the worker"
    page.reload()
    game.wait_settled(PYTHON_START_MS)
    assert stored_equals(page, SAVE_KEY, BIG_SAVE_JS)
    assert "could not be read" in notice_text(game)


def play_moves_by_page(game: GamePage, count: int) -> None:
    """Make ``count`` of the person's moves with the page's own lit targets (no save needed)."""
    for _ in range(count):
        assert game.phase() == "your-turn"
        before = game.moves_shown()
        click_some_move(game)
        game.wait_settled()
        assert game.moves_shown() != before or game.phase() != "your-turn"


def click_some_move(game: GamePage) -> None:
    """Go out when offered, else choose the first playable card and click its first lit place."""
    page = game.page
    if page.locator("#go-out").is_enabled():
        page.click("#go-out")
        return
    page.locator("#hand .hand-card[aria-disabled=false]").first.click()
    # the places are lit once the page has the engine's answer for the chosen card
    wait_for_match(page, ".space.target, #discard-target.target", WAIT_MS, visible=True)
    page.locator(".space.target, #discard-target.target").first.click()


def test_3_storage_full_old_save_and_a_game_link(game: GamePage) -> None:
    """setItem throws: a ?seed= link still starts its game; the engine worker keeps it (not in
    localStorage), and the game it replaced as the previous game."""
    game.start(seed=33, botseed=2, hands=2)
    play_moves(game, 1)
    old = game.saved()
    game.page.add_init_script(STORAGE_FULL)
    game.open("?seed=34&botseed=3&hands=1&variant=classic&pace=0")
    assert "Classic" in game.text("#game-info") and "of 1" in game.text("#game-info")
    wait_kept_as(game.page, PREVIOUS_KEY, old)  # the old game is still there
    assert session_of(game.saved()).game.seed == 34, "the link's game is kept"
    play_moves_by_page(game, 1)


def test_4_storage_full_new_game_starts(game: GamePage) -> None:
    """setItem throws: New game… then Start closes the dialog and the new game plays, with a notice."""
    game.page.add_init_script(STORAGE_FULL)
    game.start(seed=35, botseed=2, hands=2)
    page = game.page
    page.click("#open-settings")
    expect(page.locator("#settings")).to_be_visible()
    page.select_option("#set-variant", "running")
    page.select_option("#set-hands", "1")
    page.click("#settings-start")
    expect(page.locator("#settings")).to_be_hidden()
    game.wait_settled()
    expect(page.locator("#game-info")).to_contain_text("Running")
    expect(page.locator("#game-info")).to_contain_text("of 1")
    assert "saved" in notice_text(game) or "remembered" in notice_text(game)
    play_moves_by_page(game, 1)


def test_5_storage_blocked_the_game_plays(game: GamePage) -> None:
    """Reading window.localStorage throws: the game starts and plays; it says it won't survive a reload."""
    game.page.add_init_script(STORAGE_BLOCKED)
    game.start(seed=36, botseed=2, hands=2)
    assert "reload" in notice_text(game)
    play_moves_by_page(game, 2)


def test_6_new_game_while_python_loads_gives_one_consistent_game(game: GamePage) -> None:
    """New game… while the engine is still loading: the button is disabled (or the choice queued);
    the result is one game with one set of settings and no uncaught error (the guard checks)."""
    page = game.page
    held: list[Route] = []
    page.route(ENGINE_WORKER, lambda route: held.append(route))
    page.goto(game.base_url + "?seed=37&botseed=3&hands=2&variant=standard&level=random&pace=0")
    expect(page.locator("body")).to_have_attribute("data-phase", "loading")
    deadline = time.monotonic() + PYTHON_START_MS / 1000
    while not held and time.monotonic() < deadline:  # the worker's script is held back: no Python
        page.wait_for_timeout(50)
    assert held, "the page asked for its engine's worker"
    expected = {"variant": "standard", "hands": 2}
    if page.locator("#open-settings").is_enabled():
        page.click("#open-settings")
        expect(page.locator("#settings")).to_be_visible()
        page.select_option("#set-variant", "classic")
        page.select_option("#set-hands", "1")
        page.click("#settings-start")
        expected = {"variant": "classic", "hands": 1}
    for route in held:
        route.continue_()
    page.unroute(ENGINE_WORKER)
    game.wait_settled(PYTHON_START_MS)
    expect(page.locator("#settings")).to_be_hidden()
    session = session_of(game.saved())
    assert {"variant": session.game.rules.name, "hands": session.game.num_hands} == expected
    words = f"{str(expected['variant']).title()} · hand 1 of {expected['hands']}"
    expect(page.locator("#game-info")).to_have_text(words)
    if expected["variant"] == "standard":
        assert session.game.seed == 37 and session.bot_seed == 3, "the link's own game"
    play_moves(game, 1)


def load_newer(game: GamePage) -> None:
    """Press the stale notice's Load the newer game; waits until the newer game is up."""
    stale = game.page.locator("#notice-kept-stale")
    wait_for_match(game.page, "#notice-kept-stale button", WAIT_MS, visible=True)
    stale.get_by_role("button", name="Load the newer game").click()
    expect(stale).to_have_count(0)
    game.wait_settled()


def test_7_two_tabs_never_overwrite_each_other(context: BrowserContext, game: GamePage) -> None:
    """Tab B moves the game on: tab A says so at once and offers B's game; A's move on its older
    game is not kept over B's; once A loads B's game, A's next move is kept on top of B's moves."""
    game.start(seed=38, botseed=4, hands=2)
    play_moves(game, 1)
    other_page = context.new_page()
    other = GamePage(other_page, game.base_url)
    other.open("?pace=0")  # resumes the game the worker kept
    assert other.picture() == game.picture()
    play_moves(other, 2)
    theirs = other.saved()
    expect(game.page.locator("#notice-kept-stale")).to_contain_text("Another tab has moved this game on")
    click_some_move(game)  # tab A plays on its older game anyway
    game.wait_settled()
    assert game.saved() == theirs, "tab A did not overwrite"
    load_newer(game)
    expect(game.page.locator("body")).to_have_attribute("data-moves", str(other.moves_shown()))
    play_moves(game, 1)
    ours = session_of(game.saved()).game.state.history
    assert ours[: len(session_of(theirs).game.state.history)] == session_of(theirs).game.state.history
    other_page.close()


def test_7_a_stale_tab_checks_the_revision_before_writing(context: BrowserContext, game: GamePage) -> None:
    """Even when this tab hears nothing of the other tab's keeps, the worker compares revisions
    before writing: the stale tab's move is refused and told, and the other tab's game stays."""
    game.page.add_init_script("delete window.BroadcastChannel;")
    game.start(seed=39, botseed=4, hands=2)
    other_page = context.new_page()
    other = GamePage(other_page, game.base_url)
    other.open("?pace=0")
    play_moves(other, 2)
    theirs = other.saved()
    expect(game.page.locator("#notice-kept-stale")).to_have_count(0)  # nothing heard
    click_some_move(game)  # tab A plays on its stale position
    game.wait_settled()
    expect(game.page.locator("#notice-kept-stale")).to_contain_text("Another tab has moved this game on")
    assert game.saved() == theirs, "the other tab's moves are not overwritten"
    load_newer(game)
    expect(game.page.locator("body")).to_have_attribute("data-moves", str(other.moves_shown()))
    other_page.close()


def test_double_click_on_a_space_makes_one_move(game: GamePage) -> None:
    """A double click on a lit space plays the card once."""
    game.start(seed=40, botseed=4, hands=2)
    page = game.page
    for index in range(len(game.hand())):
        page.click(f"#hand-card-{index}")
        if page.locator(".space.target").count():
            break
    target = page.locator(".space.target").first
    before = session_of(game.saved()).game.state.history
    target.dblclick()
    game.wait_settled()
    after = session_of(game.saved()).game.state.history
    mine = [move for seat, move in after[len(before):] if seat == 0]
    assert len(mine) == 1, after[len(before):]


# ---------------------------------------------------------------- the embed (failure 8)

HOST_PAGE = """<!doctype html><meta charset="utf-8"><title>host</title>
<iframe id="board" title="Leopard board" width="500" height="600"></iframe>
<ol id="log"></ol>
<script>
  const board = document.getElementById("board");
  board.src = new URLSearchParams(location.search).get("src");
  addEventListener("message", (event) => {
    if (event.source !== board.contentWindow || !event.data || event.data.source !== "leopard-embed") return;
    const item = document.createElement("li");
    item.dataset.type = event.data.type;
    item.textContent = JSON.stringify(event.data);
    document.getElementById("log").append(item);
  });
</script>"""


@pytest.fixture(scope="module")
def host_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A host page served from another origin than the Leopard site."""
    root = tmp_path_factory.mktemp("host-site")
    (root / "host.html").write_text(HOST_PAGE)
    with stranger_site(root) as base:
        yield base + "host.html"


def logged(page: Page) -> list[dict[str, Any]]:
    """Every message the host received from the frame, in order."""
    return [json.loads(text) for text in page.locator("#log li").all_text_contents()]


def test_8_embed_commands_apply_in_order_and_the_last_wins(
    browser: Browser, site_url: str, host_site: str,
) -> None:
    """show-square "BAD" then at once a valid show-square: ready for the valid one, and it is shown."""
    context = browser.new_context()
    page = context.new_page()
    try:
        first = "AH,2H,3H/-,-,-/-,-,-"
        embed = f"{site_url}embed.html?mode=square&id=t8&square={quote(first)}"
        page.goto(f"{host_site}?src={quote(embed)}")
        wait_for_match(page, "#log li[data-type=ready]", PYTHON_START_MS)
        frame = page.frame_locator("#board")
        valid = "KH,2H,3H/4H,5D,-/7C,-,9H"
        page.evaluate("""(n2) => {
            const w = document.getElementById('board').contentWindow;
            w.postMessage({source: 'leopard-host', type: 'show-square', square: 'BAD'}, '*');
            w.postMessage({source: 'leopard-host', type: 'show-square', square: n2}, '*');
        }""", valid)
        page.wait_for_selector("#log li[data-type=ready] >> nth=1", state="attached", timeout=PYTHON_START_MS)
        raw = Square.parse(valid).raw_value("standard")
        figure = frame.locator("figure.leopard-square")
        expect(figure).to_have_attribute("data-raw", str(raw))
        expect(figure).to_have_attribute("data-n2", valid)
        expect(frame.locator(".embed-problem")).to_have_count(0)
        outcome = [m for m in logged(page) if m["type"] in ("ready", "error")]
        assert outcome[-1]["type"] == "ready" and outcome[-1]["raw"] == raw, outcome
        assert outcome[-1]["n2"] == valid
    finally:
        context.close()
