"""Cows and Leopards (hunt.html), driven and read through its DOM.

Glossary:
    HuntPage               -- opens the page (a seeded game from the link's settings), reads the
                              board as drawn and the lit points, and plays whole moves by clicks.
    settled                -- the page waits for the person (your turn) or the game is over.
    seed_save              -- have the page find a given game when it is first opened: a save as the
                              page kept it in localStorage before the engine worker kept its games
                              (SAVE_KEY), which the page restores and moves into the worker's store.
    saved                  -- the game's save the engine worker keeps (KEPT_KEY), unsealed.
    jumped_over            -- the points a jump's hops go over, worked out from the points' names
                              (each hop goes over the point halfway, H5.1), not by the engine.
    state_with_double_jump -- a position in which the leopards to move have a two-jump sequence.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from leopard_core.games.hunt.bots import make_bot
from leopard_core.games.hunt.rules import HuntRules
from leopard_core.games.hunt.session import HuntSession
from leopard_core.games.hunt.state import HuntState

from .kept import wait_kept
from .leopard import PLANT_ONCE
from .site import MOVE_MS, PYTHON_START_MS, wait_for_match

SAVE_KEY = "leopard.hunt.v1"  # the page's own save, before the worker kept the game
KEPT_KEY = "hunt.game"  # the game's save in the worker's store (web/js/games/hunt/main.js)
SETTLED = "body[data-phase=your-turn], body[data-phase=game-over]"


class HuntPage:
    """Drives hunt.html through its DOM, as a person would."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    def open(self, query: str = "", boot: str = "snapshot") -> None:
        """Load the page and wait until the person may move (or the game is over). Python starts
        from the build's memory snapshot unless ``boot`` says otherwise: a fresh context would
        otherwise start it the slow, first-visit way for every test (test_fast_start.py covers both)."""
        query = f"{query}{'&' if query else '?'}boot={boot}"
        self.page.goto(f"{self.base_url}hunt.html{query}")
        self.wait_settled(PYTHON_START_MS)

    def start(self, side: str, seed: int = 1, level: str = "random", capture: str = "compulsory",
              boot: str = "snapshot") -> None:
        """A fresh seeded game from the link's settings, with no pause before the computer's moves."""
        self.open(f"?side={side}&level={level}&seed={seed}&capture={capture}&pace=0", boot)

    def wait_settled(self, timeout: int = MOVE_MS) -> None:
        """Wait until the person may move or the game is over."""
        wait_for_match(self.page, SETTLED, timeout)

    def phase(self) -> str:
        return str(self.page.locator("body").get_attribute("data-phase"))

    def moves(self) -> int:
        return int(self.page.locator("body").get_attribute("data-moves") or 0)

    def saved(self) -> str:
        """The game's save the engine worker keeps, unsealed (the page keeps a new game as soon as
        it draws it, so a read right after the page settles waits for that first keep)."""
        return wait_kept(self.page, KEPT_KEY)

    def session(self) -> HuntSession:
        """The engine's reading of the page's save."""
        return HuntSession.restore(self.saved())

    def cells(self) -> str:
        """The board as drawn: one character per point in board order (H8.6)."""
        pieces = self.page.locator("#board .hunt-point").evaluate_all(
            "els => els.map(e => e.dataset.piece || '.')")
        return "".join(pieces)

    def points(self) -> list[str]:
        """The names of the board's points in board order."""
        return self.page.locator("#board .hunt-point").evaluate_all("els => els.map(e => e.dataset.point)")

    def lit(self, kind: str) -> set[str]:
        """The points lit as targets of this kind (place, step, hop)."""
        return set(self.page.locator(f"#board .hunt-point[data-target={kind}]").evaluate_all(
            "els => els.map(e => e.dataset.point)"))

    def click(self, point: str) -> None:
        self.page.click(f"#pt-{point}")

    def wait_for_move_after(self, before: int, settled: tuple[str, ...] = ("your-turn", "game-over")) -> None:
        """Wait until the page shows more than ``before`` moves and is in one of ``settled`` phases."""
        self.page.wait_for_function(
            "([before, settled]) => Number(document.body.dataset.moves) > before"
            " && settled.includes(document.body.dataset.phase)", arg=[before, list(settled)], timeout=MOVE_MS)

    def play(self, move: str) -> None:
        """Make a whole move (H8 text) by clicks and wait for the page to settle after it. When it
        does not, the failure says what the page showed (a flake in a fresh-clone run once timed
        out here with nothing to read: a click the page ignored, or a move it refused?)."""
        before = self.moves()
        for point in move.replace("x", "-").split("-"):
            self.click(point)
        try:
            self.wait_for_move_after(before)
        except PlaywrightTimeoutError as timed_out:
            shown = self.page.evaluate("""() => ({
              phase: document.body.dataset.phase, moves: document.body.dataset.moves,
              status: document.getElementById("status")?.textContent,
              notice: document.getElementById("notice")?.textContent,
              cells: [...document.querySelectorAll("#board .hunt-point")]
                .map((e) => e.dataset.piece || ".").join(""),
            })""")
            raise AssertionError(
                f"the move {move} (after {before} moves) left the page at {shown}") from timed_out

    def play_to_the_end(self, chooser: str = "search", limit: int = 400) -> None:
        """The person's moves, chosen by a bot of the engine, until the game is over."""
        for ply in range(limit):
            if self.phase() == "game-over":
                return
            session = self.session()
            assert session.state.to_move == session.person, "the page waits for the person, the save does not"
            played = len(session.state.history)
            move = str(make_bot(chooser, f"test:{ply}").choose(session.state))
            self.play(move)
            assert str(self.session().state.history[played]) == move
        raise AssertionError("the game did not end")


def jumped_over(jump: str) -> list[str]:
    """The points a jump sequence (H8 text, "e5xe7xc5") goes over: halfway between each two landing
    points, e.g. ["e6", "d6"]."""
    points = jump.split("x")
    return [f"{chr((ord(a[0]) + ord(b[0])) // 2)}{(int(a[1:]) + int(b[1:])) // 2}"
            for a, b in itertools.pairwise(points)]


def state_with_double_jump(compulsory: bool) -> HuntState:
    """A position reached by random play in which the leopards (to move) have a two-jump sequence."""
    for seed in range(2000):
        rng = random.Random(seed)
        state = HuntState.new(HuntRules(compulsory_capture=compulsory))
        while not state.over:
            moves = state.legal_moves()
            if state.to_move == "L" and any(m.kind == "jump" and len(m.points) >= 3 for m in moves):
                return state
            state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("no double jump found")


def seed_save(page: Page, session: HuntSession) -> None:
    """Have the page find this save when it is first opened, as the page kept it in localStorage
    before the worker kept its games (planted once per tab: a reload finds what the page kept)."""
    plant_old_save(page, session.save())


def plant_old_save(page: Page, text: str) -> None:
    """Put ``text`` under SAVE_KEY before the page's scripts run, once per tab."""
    mark = "e2e.planted." + hashlib.sha256(text.encode()).hexdigest()[:16]
    page.add_init_script(PLANT_ONCE % json.dumps([SAVE_KEY, text, mark]))


def random_cows_to_the_end(session: HuntSession) -> HuntSession:
    """The game played on to its end: the cows' moves by the random bot, seeded as the page test's."""
    person = 0
    while not session.state.over:
        if session.state.to_move == "C":
            session.state.apply(make_bot("random", f"test:{person}").choose(session.state))
            person += 1
        else:
            session.bot_move()
    return session
