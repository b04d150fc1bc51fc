"""Eleusis (eleusis.html), driven and read through its DOM.

Glossary:
    EleusisPage    -- opens the page (a seeded game from the link's settings), reads the table as
                      drawn and plays the person's turns by clicks.
    settled        -- the page waits for the person (your turn), or the hand is over (in a whole
                      game, E13, a hand before the last ends "between hands").
    saved          -- <body data-saved>: how many saves the worker confirmed; every move is saved,
                      so a move's end is waited for as "saved more than before, and settled".
    worker spy     -- an init script that records every message the engine's worker sends the page
                      (as JSON text), to check that none names the secret rule too early.
    last_snapshot  -- the engine's latest snapshot, as the worker sent it (read with the spy).
    replay_natively -- the same seeded game played by the engine in the tests' Python with the
                      person's moves the page made: what the page must show.
    own deal       -- in the open new-game dialog, "You deal" chosen and a rule built by clicks
                      (``deal_own_rule``); ``start_own_deal`` then deals it (E10).
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Locator, Page, expect

from leopard_core.games.eleusis.moves import Move
from leopard_core.games.eleusis.session import EleusisSession

from .eleusis_lab import ANSWER_MS, build_rule
from .site import MOVE_MS, PYTHON_START_MS, wait_for_match

SETTLED = "body[data-phase=your-turn], body[data-phase=between-hands], body[data-phase=game-over]"
HAND_OVER = ("between-hands", "game-over")

WORKER_SPY = """
(() => {
  const Real = window.Worker;
  window.__workerMessages = [];
  const record = (event) => window.__workerMessages.push(JSON.stringify(event.data));
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", record);
    }
  };
  // The engine is a SharedWorker where the browser has one: its messages come through its port.
  const RealShared = window.SharedWorker;
  if (RealShared) {
    window.SharedWorker = class extends RealShared {
      constructor(...args) {
        super(...args);
        this.port.addEventListener("message", record);
      }
    };
  }
})();
"""


class EleusisPage:
    """Drives eleusis.html through its DOM, as a person would."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    def spy_on_worker(self) -> None:
        """Record the worker's messages to the page from the next page load on."""
        self.page.add_init_script(WORKER_SPY)

    def worker_messages(self) -> list[str]:
        return list(self.page.evaluate("() => window.__workerMessages || []"))

    def last_snapshot(self) -> dict[str, Any]:
        """The latest snapshot the worker sent (a bot's move carries it inside)."""
        for text in reversed(self.worker_messages()):
            result = json.loads(text).get("result")
            if isinstance(result, dict) and isinstance(result.get("snapshot"), dict):
                result = result["snapshot"]
            if isinstance(result, dict) and "mainline" in result:
                return result
        raise AssertionError("the worker sent no snapshot")

    def open(self, query: str = "", boot: str = "snapshot") -> None:
        """Load the page and wait until it settles (Python from the build's memory snapshot)."""
        query = f"{query}{'&' if query else '?'}boot={boot}"
        self.page.goto(f"{self.base_url}eleusis.html{query}")
        self.wait_settled(PYTHON_START_MS)

    def start(self, game: str, seed: int, bots: int = 2, level: str = "novice",
              difficulty: str = "easy") -> None:
        """A fresh seeded game from the link's settings, with no pause before computer moves."""
        self.open(f"?game={game}&bots={bots}&level={level}&difficulty={difficulty}&seed={seed}&pace=0")

    def deal_own_rule(self, family: str, choices: dict[str, str]) -> Locator:
        """In the open new-game dialog, choose to deal and build the rule by clicks; the deal box."""
        self.page.check("input[name=dealer][value=you]")
        deal = self.page.locator("#you-deal-box")
        build_rule(deal, family, choices)
        return deal

    def start_own_deal(self) -> None:
        """Deal the rule built in the deal box, once the engine has checked it, and wait for the
        table with the person as the dealer."""
        start = self.page.locator("#you-deal-box .yd-start")
        wait_for_match(self.page, "#you-deal-box .yd-start:enabled", ANSWER_MS)
        expect(start).to_be_enabled()
        start.click()
        wait_for_match(self.page, "body[data-dealer=you]", ANSWER_MS)

    def wait_settled(self, timeout: int = MOVE_MS) -> None:
        wait_for_match(self.page, SETTLED, timeout)

    def data(self, name: str) -> str:
        return str(self.page.locator("body").get_attribute(f"data-{name}") or "")

    def phase(self) -> str:
        return self.data("phase")

    def hand_phase(self) -> str:
        return self.data("hand-phase")

    def saved(self) -> int:
        return int(self.data("saved") or 0)

    def hand(self) -> list[str]:
        return list(self.page.locator("#hand button").evaluate_all("els => els.map(e => e.dataset.card)"))

    def playable(self) -> list[str]:
        return list(self.page.locator("#hand button:not(:disabled)").evaluate_all(
            "els => els.map(e => e.dataset.card)"))

    def mainline(self) -> list[str]:
        return list(self.page.locator("#mainline .mainline-card").evaluate_all(
            "els => els.map(e => e.dataset.card)"))

    def wrong_cards(self) -> list[str]:
        return list(self.page.locator("#mainline .wrong-card").evaluate_all(
            "els => els.map(e => e.dataset.card)"))

    def click_and_wait(self, selector: str) -> None:
        """Click, then wait until the move is saved and the page settles again."""
        before = self.saved()
        self.page.click(selector)
        self.page.wait_for_function(
            "(before) => Number(document.body.dataset.saved || 0) > before"
            " && ['your-turn', 'between-hands', 'game-over'].includes(document.body.dataset.phase)",
            arg=before, timeout=MOVE_MS)

    def take_turn(self, string: bool = False) -> str:
        """Do what the person's turn asks, by clicks: play the first playable card (in Eleusis the
        first two as a string when ``string``), go on (no prophet, no guess), or judge a play right.
        Returns the move in the table's notation (E15)."""
        phase = self.hand_phase()
        if phase == "play":
            cards = self.playable()
            if self.data("game") == "express":
                self.click_and_wait(f"#hand button[data-card='{cards[0]}']:not(:disabled)")
                return f"play {cards[0]}"
            chosen = cards[:2] if string and len(cards) >= 2 else cards[:1]
            for index in self._indexes(chosen):
                self.page.click(f"#hand button[data-index='{index}']")
            self.click_and_wait("#play-selected")
            return "play " + " ".join(chosen)
        if phase == "declare":
            self.click_and_wait("#go-on")
            return "pass"
        if phase == "guess":
            self.click_and_wait("#skip-guess")
            return "pass"
        if phase == "judge":
            self.click_and_wait("#judge-right")
            return "judge right"
        raise AssertionError(f"no turn to take in phase {phase!r}")

    def _indexes(self, cards: list[str]) -> list[int]:
        """The hand's button indexes of ``cards`` (a card held twice: its first, then its second)."""
        hand, used = self.hand(), set()
        indexes = []
        for card in cards:
            index = next(i for i, c in enumerate(hand) if c == card and i not in used)
            used.add(index)
            indexes.append(index)
        return indexes

    def play_hand(self, strings: bool = False, limit: int = 200) -> list[str]:
        """Take the person's turns until the hand is over; the moves made, in order."""
        moves = []
        for turn in range(limit):
            if self.phase() in HAND_OVER:
                return moves
            moves.append(self.take_turn(string=strings and turn == 0))
        raise AssertionError("the hand did not end")

    def result_scores(self) -> list[str]:
        return list(self.page.locator("#result-scores .points").all_inner_texts())


def new_args(game: str, seed: int, bots: int = 2, level: str = "novice",
             difficulty: str = "easy") -> dict[str, Any]:
    """eleusis.new's arguments for EleusisPage.start's settings."""
    return {"game": game, "bots": bots, "levels": [level] * bots, "difficulty": difficulty, "seed": seed}


def replay_natively(args: dict[str, Any], moves: list[str]) -> EleusisSession:
    """The seeded game of ``args`` (eleusis.new's arguments) with the person's ``moves``, the
    computer players moving when it is their turn, until the hand is over."""
    session = EleusisSession.new(args)
    person = iter(moves)
    for _ in range(5000):
        mover = session.table.to_move()
        if mover is None:
            return session
        if mover == 0:
            session.persons_move(Move.parse(next(person)))
        else:
            session.bot_move()
    raise AssertionError("the native hand did not end")
