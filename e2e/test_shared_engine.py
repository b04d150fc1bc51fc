"""One Python for every page and frame of the site: the engine's SharedWorker, and its fallback.

Glossary:
    shared engine   -- web/js/platform/engine/worker.js run as a SharedWorker: every page of the
                       site (a tab, or a frame of an embedding page) is one client of it, with its
                       own games (the bridge's sessions per client and game).
    welcome         -- the worker's greeting to a page (client.js keeps it as engine.welcome):
                       {client, clients, worker}: the page's name in the worker, how many pages the
                       worker served when this one came, and the worker's id (one id, one Python).
    fallback        -- a dedicated worker of the page's own, used where SharedWorker is missing or
                       fails (?engine=dedicated forces it); <html data-engine> says which one a page has.
    two boards      -- a test page of the site's origin with two embed frames (mode=play) of
                       different seeds, played move by move in turn.

Expected results come from the engine in CPython (the same seeded game replayed), never typed here.
Each test uses a fresh browser context: its own shared worker, nothing kept from another test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pages.embed import SETTLED, document_of, play_one_move
from pages.hunt import HuntPage
from pages.leopard import GamePage, play_moves
from pages.site import PYTHON_START_MS, Guard, origin_of, wait_for_match
from playwright.sync_api import Browser, BrowserContext, Frame, Page, expect

from leopard_core.games.hunt.bots import make_bot
from leopard_core.games.leopard.session import Session

START = "?seed=31&botseed=3&hands=1&level=random&pace=0"
LEVEL = "greedy"  # quick; the browser's bot chooses as the CPython replay does at every level
BOARDS = {"left": (11, 5), "right": (12, 6)}  # frame name -> (seed, bot seed)
TWO_BOARDS_PAGE = "e2e-two-boards.html"
CLIENT = "import('./js/platform/engine/client.js')"
WELCOME = f"{CLIENT}.then(m => m.getEngine().ready.then(() => m.getEngine().welcome))"
# A SharedWorker that fails as soon as it is made (an error event, its port silent).
FAILING_SHARED_WORKER = """
window.SharedWorker = class extends EventTarget {
  constructor() {
    super();
    this.port = new MessageChannel().port1;
    setTimeout(() => this.dispatchEvent(new Event("error")), 0);
  }
};
"""


@pytest.fixture()
def context(browser: Browser, site_url: str) -> Iterator[BrowserContext]:
    """A fresh context, guarded: the test fails on console errors or requests to other origins."""
    ctx = browser.new_context()
    guard = Guard(origin_of(site_url))
    ctx.on("page", lambda page: guard.watch(ctx, page))
    yield ctx
    ctx.close()
    guard.check()


def welcome(page: Page | Frame) -> dict[str, Any]:
    """The engine's greeting to this page, once its engine is ready."""
    return dict(page.evaluate(WELCOME))


def engine_of(page: Page | Frame) -> str:
    """Which worker the page's engine runs in: "shared" or "dedicated"."""
    return str(page.locator("html").get_attribute("data-engine"))


def open_game(context: BrowserContext, site_url: str, query: str = START) -> GamePage:
    """A new tab of the game page, settled (Python started from the snapshot)."""
    game = GamePage(context.new_page(), site_url)
    game.open(query)
    return game


# ---------------------------------------------------------------- two boards in one page

def two_boards_page(site_url: str) -> str:
    """A page of the site's origin with two play boards of different seeds."""
    frames = "\n".join(
        f'<iframe name="{name}" title="{name}" style="width:420px;height:640px" '
        f'src="embed.html?mode=play&id={name}&seed={seed}&botseed={bot}&level={LEVEL}&hands=1&pace=0">'
        "</iframe>" for name, (seed, bot) in BOARDS.items())
    return f"<!doctype html><html lang=en><head><title>two boards</title></head><body>{frames}</body></html>"


def replay_totals(seed: int, bot_seed: int) -> str:
    """The result line's totals of the policy play_one_move() clicks, from the engine in CPython: go out when
    legal, else pass when that is the only move, else discard the first card of the hand."""
    session = Session.new("standard", LEVEL, 1, seed, bot_seed)
    while True:
        snap = session.snapshot()
        if snap["over"]:
            totals = snap["game"]["totals"]
            return f"you {totals['own']}, computer {totals['opp']}"
        if snap["bot_to_move"]:
            session.bot_move()
            continue
        legal = snap["legal_moves"]
        if "out" in legal:
            session.play("out")
        else:
            session.play("pass" if legal == ["pass"] else f"discard {snap['hand'][0]}")


def test_two_boards_play_at_once_in_one_python_each_its_own_game(context: BrowserContext,
                                                                  site_url: str) -> None:
    page = context.new_page()
    page.route(site_url + TWO_BOARDS_PAGE, lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=two_boards_page(site_url)))
    page.goto(site_url + TWO_BOARDS_PAGE)
    frames = {name: page.frame_locator(f"iframe[name={name}]") for name in BOARDS}
    for board in frames.values():
        wait_for_match(document_of(board), SETTLED, PYTHON_START_MS, visible=True)
    greetings = {name: welcome(page.frame(name=name) or page.main_frame) for name in BOARDS}
    assert {g["worker"] for g in greetings.values()} == {greetings["left"]["worker"]}, greetings
    assert {g["client"] for g in greetings.values()} == {"c1", "c2"}, greetings
    assert all(g["shared"] for g in greetings.values()), greetings
    playing = dict(frames)
    for _ in range(200):  # a move on one board, then one on the other, until both games are over
        for name in list(playing):
            if not play_one_move(playing[name]):
                del playing[name]
        if not playing:
            break
    for name, (seed, bot) in BOARDS.items():
        expect(frames[name].locator(".embed-result")).to_contain_text(replay_totals(seed, bot))


# ---------------------------------------------------------------- two tabs

def test_two_tabs_share_one_python_and_a_closed_tab_is_forgotten(context: BrowserContext,
                                                                  site_url: str) -> None:
    # The second tab plays the hunt: the site keeps one card game, so a second card-game tab with
    # another game would make the first tab's game stale (it is told, and its moves are no longer
    # kept: e2e/test_game_safety.py); two pages of different games share the one Python as well.
    first = open_game(context, site_url)
    second = HuntPage(context.new_page(), site_url)
    second.start("cows", seed=32)
    one, two = welcome(first.page), welcome(second.page)
    assert engine_of(first.page) == engine_of(second.page) == "shared"
    assert one["worker"] == two["worker"], (one, two)
    assert (one["clients"], two["clients"]) == (1, 2)
    # One start: the second tab was served by the Python the first one started.
    infos = [p.evaluate("import('./js/platform/engine/client.js').then(m => m.getEngine().info)")
             for p in (first.page, second.page)]
    assert infos[0]["startMs"] == infos[1]["startMs"] and infos[0]["stages"] == infos[1]["stages"]
    second.play(str(make_bot("random", "second tab").choose(second.session().state)))
    play_moves(first, 1)
    second.page.close()
    # A third page of the site that keeps no game: a third game tab would write its own game where
    # the first tab keeps its save, and the first tab would take that game over (another tab
    # started another game), at a moment the test does not know.
    third = context.new_page()
    third.goto(site_url + "rules.html?boot=snapshot")  # the game tabs' start, so their engine
    assert welcome(third)["clients"] == 2, "the closed tab is still counted"
    play_moves(first, 1)


# ---------------------------------------------------------------- the fallback

@pytest.mark.parametrize("how", ["switch", "missing", "failing"])
def test_without_a_shared_worker_the_page_starts_its_own(context: BrowserContext, site_url: str,
                                                         how: str) -> None:
    if how == "missing":
        context.add_init_script("delete window.SharedWorker;")
    elif how == "failing":
        context.add_init_script(FAILING_SHARED_WORKER)
    warnings: list[str] = []
    page = context.new_page()
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    game = GamePage(page, site_url)
    game.open(START + ("&engine=dedicated" if how == "switch" else ""))
    assert engine_of(page) == "dedicated"
    greeting = welcome(page)
    assert greeting["shared"] is False and greeting["client"] == "c1", greeting
    assert bool([w for w in warnings if "shared engine failed" in w]) == (how == "failing"), warnings
    play_moves(game, 2)
