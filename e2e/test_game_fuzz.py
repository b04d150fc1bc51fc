"""Fuzz: random clicks and key presses on the game page's controls, in every phase (your turn, the
computer's turn, hand over, dialogs open), for a fixed number of actions. Afterwards: no uncaught error, and
the saved game, read by the engine in CPython, still holds all 104 cards (two decks, R1.1) and is
the game the page shows.

The random choices come from a seeded ``random.Random``, so a failure can be replayed; the page's
timing still varies from run to run, so the seed is printed in every assertion message.

Glossary:
    navigating control -- a control that leaves or reloads the page: a link (the header's "Rules
                          page", the More menu's "Cows and Leopards"), the language switch in
                          Settings (choosing reloads the page), "Try again". The fuzzer never clicks
                          one and never sends a key that would activate the focused one.
    coming back        -- should a navigation start all the same (focus moved by the page between
                          the check and the key), the fuzzer waits for the new document, forgets the
                          language chosen and opens the game page again, the same way every time,
                          before its next read; it is counted in ``seen["came back"]``.
    FuzzReport         -- what a fuzz run saw: uncaught errors, the states seen, actions, returns.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from i18n_check import LANGUAGE_KEY
from pages.leopard import GamePage, session_of
from pages.site import PYTHON_START_MS, SAVE_KEY
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Request, expect

from leopard_core.games.leopard.session import Session

FUZZ_ACTIONS = 350
"""Some 20 s of clicks and keys: every phase and every dialog of a turn was first seen within the
first 100 actions of the seeded runs (pairs of the computer's turn and a dialog within 550)."""
KEYS = ("Tab", "Shift+Tab", "Enter", " ", "Escape", "ArrowLeft", "ArrowRight", "ArrowDown")
# Keys that only move the focus or close things: safe on a navigating control.
HARMLESS_KEYS = ("Tab", "Shift+Tab", "Escape")
# Controls the fuzzer leaves alone: the opponent's level (the strongest thinks for seconds) and the
# choice of a person as opponent (the checks below are of a game against the computer; pass-and-play
# has its own tests, e2e/test_game_pass_and_play.py).
SKIPPED = ("set-level", "set-opponent")
NAVIGATING = "a[href], .language-switch select, #reload"
CONTROLS_JS = """([skipped, navigating]) => {
  const open = document.querySelector("dialog[open]");
  const scope = open ?? document;
  return [...scope.querySelectorAll("button, select, .space")]
    .filter((n) => n.id && !skipped.includes(n.id) && !n.matches(navigating) && !n.disabled
      && n.checkVisibility() && (open || !n.closest("dialog")))
    .map((n) => n.id);
}"""
FOCUS_NAVIGATES_JS = "(navigating) => Boolean(document.activeElement?.matches(navigating))"
# The phase, the open dialog, and whether this is still the document the fuzzer marked.
STATE_JS = """() => ({marked: window.fuzzMarked === true, state: document.body.dataset.phase
  + (document.querySelector("dialog[open]") ? " + " + document.querySelector("dialog[open]").id : "")})"""
MARK_JS = "() => { window.fuzzMarked = true; }"
NEW_DOCUMENT_JS = "() => window.fuzzMarked !== true && document.readyState === 'complete'"
FINAL_JS = """() => ({marked: window.fuzzMarked === true, phase: document.body.dataset.phase,
  moves: Number(document.body.dataset.moves || 0)})"""
SETTLED_PHASES = ("your-turn", "hand-over", "game-over")


def cards_accounted_for(text: str) -> Counter[str]:
    """Every card of the saved hand: both hands, every layer of both squares, stock and discards."""
    state = session_of(text).game.state
    cards = [str(card) for hand in state.hands for card in hand]
    cards += [str(entry[0]) for square in state.stacks for stack in square for entry in stack]
    cards += [str(card) for card in state.stock] + [str(card) for card in state.discards]
    return Counter(cards)


def near_hand_end(variant: str, rng: random.Random) -> str:
    """A session save of a game played (by the engine, in CPython) until its hand nearly ends (R4.3)."""
    session = Session.new(variant, "random", 2, rng.randrange(10**6), rng.randrange(10**6))
    state = session.game.state
    while (state.stock or sum(map(len, state.hands)) > 3) and not state.over:
        snap = session.snapshot()
        if snap["bot_to_move"]:
            session.bot_move()
        else:
            session.play(rng.choice([m for m in snap["legal_moves"] if m != "out"] or snap["legal_moves"]))
    return session.save()


def left_the_document(err: PlaywrightError) -> bool:
    """Whether a Playwright error says the page's document went away under the call."""
    text = str(err)
    return "Execution context was destroyed" in text or "navigat" in text


@dataclass
class FuzzReport:
    """What one fuzz run saw."""

    seed: int
    errors: list[str] = field(default_factory=list)
    seen: Counter[str] = field(default_factory=Counter)
    actions: int = 0
    first: dict[str, int] = field(default_factory=dict)
    """The action at which each state was first seen."""

    def where(self) -> str:
        """The replay facts for assertion messages."""
        return (f"seed {self.seed}, {self.actions} actions, states seen {dict(self.seen)}, "
                f"first seen at action {self.first}")


class Fuzzer:
    """Drives one game page at random; undoes any navigation before reading the page again."""

    def __init__(self, game: GamePage, seed: int) -> None:
        """Start watching a settled game page (its document is marked)."""
        self.game = game
        self.page: Page = game.page
        self.rng = random.Random(seed)
        self.report = FuzzReport(seed)
        self.navigations: list[str] = []
        self.page.on("pageerror", lambda err: self.report.errors.append(str(err)))
        self.page.on("request", self.note_navigation)
        self.mark()

    def note_navigation(self, request: Request) -> None:
        """Remember a new document asked for in the main frame (not a download of a blob: link)."""
        if request.is_navigation_request() and request.frame == self.page.main_frame \
                and request.url.startswith("http"):
            self.navigations.append(request.url)

    def mark(self) -> None:
        """Mark the settled game page's document, so a new one is told apart; forget navigations."""
        self.page.evaluate(MARK_JS)
        self.navigations.clear()

    def come_back(self) -> None:
        """After a navigation: wait for the new document (a wait that survives navigations), forget
        the language a switch chose, open the game page again and wait until it settles."""
        self.page.wait_for_function(NEW_DOCUMENT_JS, timeout=PYTHON_START_MS)
        self.page.evaluate(f"() => localStorage.removeItem({LANGUAGE_KEY!r})")
        self.page.goto(self.game.base_url + "?boot=snapshot")
        self.game.wait_settled(PYTHON_START_MS)
        self.mark()
        self.report.seen["came back"] += 1

    def read(self, script: str, arg: Any = None) -> Any:
        """Evaluate script in the marked game page, coming back first when a navigation started."""
        for _ in range(5):
            if self.navigations:
                self.come_back()
            try:
                value = self.page.evaluate(script, arg)
            except PlaywrightError as err:
                if not left_the_document(err):
                    raise
                self.navigations.append(self.page.url)  # the request may not be reported yet
                continue
            if isinstance(value, dict) and not value["marked"]:  # another document, not yet reported
                self.navigations.append(self.page.url)
                continue
            return value
        raise AssertionError(f"the page kept navigating: {self.report.where()}")

    def act(self) -> None:
        """One random key press or one random click (or choice) on a control of the page."""
        rng, page = self.rng, self.page
        roll = rng.random()
        if roll < 0.15:
            key = rng.choice(KEYS)
            if key not in HARMLESS_KEYS and self.read(FOCUS_NAVIGATES_JS, NAVIGATING):
                key = rng.choice(HARMLESS_KEYS)
            page.keyboard.press(key)
            return
        controls = self.read(CONTROLS_JS, [list(SKIPPED), NAVIGATING])
        if not controls:
            return
        # Going out when offered ends hands, so the hand-over dialogs get their share of clicks.
        chosen = "go-out" if "go-out" in controls and rng.random() < 0.5 else rng.choice(controls)
        target = page.locator(f"#{chosen}")
        # force: no waiting for the control to be still or uncovered; the click lands where it is.
        try:
            if chosen.startswith("set-"):
                options = target.locator("option").evaluate_all("els => els.map(e => e.value)")
                target.select_option(rng.choice(options), timeout=300, force=True)
            elif roll < 0.25:
                target.dblclick(timeout=300, force=True, no_wait_after=True)
            else:
                target.click(timeout=300, force=True, no_wait_after=True)
        except PlaywrightError:
            pass  # redrawn or hidden meanwhile (or the page left): the next read sees to it

    def run(self, actions: int) -> FuzzReport:
        """Act at random ``actions`` times on a settled game page, counting the states seen."""
        for _ in range(actions):
            state = self.read(STATE_JS)["state"]
            self.report.seen[state] += 1
            self.report.first.setdefault(state, self.report.actions)
            self.report.actions += 1
            self.act()
        return self.report

    def final(self) -> tuple[str, str, int]:
        """Once settled, in the marked document: the phase, the save and the moves the page shows."""
        for _ in range(5):
            self.game.wait_settled()
            final = self.read(FINAL_JS)
            if final["phase"] in SETTLED_PHASES:
                # Settled: nothing moves until the person does; the worker kept this position.
                return str(final["phase"]), self.game.saved(), int(final["moves"])
        raise AssertionError(f"the page did not stay settled: {self.report.where()}")


def open_near_hand_end(game: GamePage, rng: random.Random) -> str:
    """A seeded game against the computer, resumed near the end of its first hand, so hand-over
    comes within the fuzz time; returns its variant."""
    variant = rng.choice(["standard", "classic", "running"])
    page = game.page
    game.open(f"?seed={rng.randrange(10**6)}&botseed={rng.randrange(10**6)}&hands=2"
              f"&variant={variant}&level=random&pace=120")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, near_hand_end(variant, rng)])
    page.reload()
    game.wait_settled(PYTHON_START_MS)
    return variant


@pytest.mark.parametrize("seed", [20261123])
def test_random_clicks_and_keys_break_nothing(game: GamePage, seed: int) -> None:
    open_near_hand_end(game, random.Random(seed))
    fuzzer = Fuzzer(game, seed)
    report = fuzzer.run(FUZZ_ACTIONS)
    seen, where = report.seen, report.where()
    assert not report.errors, f"uncaught errors: {report.errors[:3]} ({where})"
    assert any(s.startswith("your-turn") for s in seen) and any(s.startswith("bot-turn") for s in seen), where
    assert any("+" in s for s in seen), f"no dialog was opened ({where})"
    assert any(s.startswith("hand-over") for s in seen), f"no hand ended ({where})"

    print(where)
    phase, text, moves_shown = fuzzer.final()
    counted = cards_accounted_for(text)
    assert sum(counted.values()) == 104, f"{sum(counted.values())} cards ({where})"
    assert len(counted) == 52 and set(counted.values()) == {2}, f"two decks (R1.1) ({where})"
    state = session_of(text).game.state
    assert moves_shown == len(state.history), f"the page shows the saved game ({where}, {phase})"


# A page script that throws an uncaught error on the first click on a button (a broken page).
BROKEN_PAGE = """addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("button") && !window.fuzzCanaryThrown) {
    window.fuzzCanaryThrown = true;
    throw new Error("injected fuzz canary");
  }
}, true);"""


def test_the_fuzz_reports_an_uncaught_error_of_a_broken_page(page: Page, site_url: str) -> None:
    """The test of the test: on a page whose script throws on a click, the fuzz loop reports it."""
    page.add_init_script(BROKEN_PAGE)
    game = GamePage(page, site_url)
    game.start(seed=5, botseed=5, hands=1)
    report = Fuzzer(game, 7).run(40)
    assert any("injected fuzz canary" in error for error in report.errors), report.where()


def test_the_fuzz_comes_back_from_a_page_it_left(game: GamePage) -> None:
    """A navigation under way when the fuzz loop reads again (Enter on the "Rules page" link) is
    waited for and undone: the loop comes back to the game page and goes on without a failure."""
    game.start(seed=6, botseed=6, hands=1)
    fuzzer = Fuzzer(game, 8)
    link = game.page.locator("#rules-page-link")  # the top bar's "Rules page", not the site menu's
    link.focus()
    expect(link).to_be_focused()
    game.page.keyboard.press("Enter")
    report = fuzzer.run(10)
    assert report.seen["came back"] >= 1, report.where()
    assert not report.errors, report.errors
    assert game.page.url.startswith(game.base_url) and "rules.html" not in game.page.url
    game.wait_settled()
