"""Fuzz: random clicks and key presses on the game page's controls, in every phase (your turn, the
computer's turn, hand over, dialogs open), for a bounded time. Afterwards: no uncaught error, and
the saved game, read by the engine in CPython, still holds all 104 cards (two decks, R1.1) and is
the game the page shows.

The random choices come from a seeded ``random.Random``, so a failure can be replayed; the page's
timing still varies from run to run, so the seed is printed in every assertion message.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest
from conftest import PYTHON_START_MS, SAVE_KEY, GamePage, session_of
from playwright.sync_api import Error as PlaywrightError

from leopard_core.games.leopard.session import Session

FUZZ_SECONDS = 35
KEYS = ("Tab", "Shift+Tab", "Enter", " ", "Escape", "ArrowLeft", "ArrowRight", "ArrowDown")
# Controls the fuzzer leaves alone: the opponent's level (the strongest thinks for seconds), the
# choice of a person as opponent (the checks below are of a game against the computer; pass-and-play
# has its own tests, e2e/test_game_pass_and_play.py) and whatever leaves the page (the rules page
# link, Try again).
SKIPPED = ("set-level", "set-opponent", "reload")
CONTROLS_JS = """(skipped) => {
  const open = document.querySelector("dialog[open]");
  const scope = open ?? document;
  return [...scope.querySelectorAll("button, select, .space")]
    .filter((n) => n.id && !skipped.includes(n.id) && !n.disabled && n.checkVisibility()
      && (open || !n.closest("dialog")))
    .map((n) => n.id);
}"""
STATE_JS = """() => document.body.dataset.phase + (document.querySelector("dialog[open]")
  ? " + " + document.querySelector("dialog[open]").id : "")"""


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


@pytest.mark.parametrize("seed", [20261123])
def test_random_clicks_and_keys_break_nothing(game: GamePage, seed: int) -> None:
    rng = random.Random(seed)
    variant = rng.choice(["standard", "classic", "running"])
    page = game.page
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    game.open(f"?seed={rng.randrange(10**6)}&botseed={rng.randrange(10**6)}&hands=2"
              f"&variant={variant}&level=random&pace=120")
    # The page resumes a game near the end of its first hand, so hand-over comes within the time.
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, near_hand_end(variant, rng)])
    page.reload()
    game.wait_settled(PYTHON_START_MS)
    seen: Counter[str] = Counter()
    actions = 0
    deadline = time.monotonic() + FUZZ_SECONDS
    while time.monotonic() < deadline:
        if not page.url.startswith(game.base_url) or "rules.html" in page.url:
            # Enter on the focused "Rules page" link left the game: come back, as a person would.
            page.goto(game.base_url)
            game.wait_settled(PYTHON_START_MS)
            seen["came back"] += 1
        seen[page.evaluate(STATE_JS)] += 1
        actions += 1
        roll = rng.random()
        if roll < 0.15:
            page.keyboard.press(rng.choice(KEYS))
            continue
        controls = page.evaluate(CONTROLS_JS, list(SKIPPED))
        if not controls:
            continue
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
            pass  # redrawn or hidden meanwhile: the next action goes on
    where = f"seed {seed}, {actions} actions, states seen {dict(seen)}"
    assert not errors, f"uncaught errors: {errors[:3]} ({where})"
    assert any(s.startswith("your-turn") for s in seen) and any(s.startswith("bot-turn") for s in seen), where
    assert any("+" in s for s in seen), f"no dialog was opened ({where})"
    assert any(s.startswith("hand-over") for s in seen), f"no hand ended ({where})"

    print(where)
    phase = game.wait_settled()
    text = game.saved()
    counted = cards_accounted_for(text)
    assert sum(counted.values()) == 104, f"{sum(counted.values())} cards ({where})"
    assert len(counted) == 52 and set(counted.values()) == {2}, f"two decks (R1.1) ({where})"
    state = session_of(text).game.state
    assert game.moves_shown() == len(state.history), f"the page shows the saved game ({where}, {phase})"
