"""What the card game's page may never hold (issue 32, item 11): the game's save, with the deal's
seed and the computer's seed, the computer's hand, and in pass-and-play the hand of the player who
is not at the device. The engine worker keeps every game's save; the page gets only the view of the
person at the device.

Each check reads everything the page could read or was sent: every value of localStorage,
sessionStorage and every IndexedDB database of the site (as the browser's storage tools show them),
and every message the engine worker sent to the page (``WORKER_SPY``), at each decision point of a
game against the computer and at each hand-over screen of a pass-and-play game, and after a reload.
The truth comes from the worker's own kept save, unsealed by the engine's Python.

Glossary:
    everything  -- the texts above, one list (storage values and messages).
    hand list   -- a list of card codes in a JSON text; a leak is one with exactly the cards of a
                   hidden hand (two decks: the person's own hand is never that multiset by chance).
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

from pages.eleusis import WORKER_SPY
from pages.leopard import GamePage, person_move, session_of
from pages.site import MOVE_MS, PYTHON_START_MS, WAIT_MS, wait_for_match
from playwright.sync_api import expect

# Seeds whose digits appear nowhere else by chance.
SEED, BOT_SEED = 8123456789012, 7712345678901
SESSION_FORMAT = "leopard-session"  # the card game's save, as leopard_core.games.leopard.session writes it

EVERYTHING = """async () => {
  const texts = [];
  for (const area of [localStorage, sessionStorage]) {
    for (let i = 0; i < area.length; i += 1) texts.push(area.key(i), area.getItem(area.key(i)));
  }
  for (const { name, version } of await indexedDB.databases()) {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open(name, version);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const storeName of db.objectStoreNames) {
      const all = (method) => new Promise((resolve, reject) => {
        const request = db.transaction(storeName).objectStore(storeName)[method]();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const [keys, values] = await Promise.all([all("getAllKeys"), all("getAll")]);
      texts.push(JSON.stringify(keys), JSON.stringify(values));
    }
    db.close();
  }
  return texts.concat(window.__workerMessages);
}"""


def everything(game: GamePage) -> list[str]:
    """Every storage value of the site and every message the worker sent to this page."""
    return list(game.page.evaluate(EVERYTHING))


def string_lists(value: Any) -> Iterator[list[str]]:
    """Every list of strings inside a JSON value (and inside JSON texts it holds)."""
    if isinstance(value, str):
        if value[:1] in "[{":
            with contextlib.suppress(ValueError):
                yield from string_lists(json.loads(value))
    elif isinstance(value, list):
        if value and all(isinstance(item, str) for item in value):
            yield value
        for item in value:
            yield from string_lists(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from string_lists(item)


def assert_nothing_secret(texts: list[str], hidden_hands: list[list[str]], when: str) -> None:
    """No text holds the save, a seed, or a list of exactly a hidden hand's cards."""
    for text in texts:
        assert SESSION_FORMAT not in text, f"{when}: a save reached the page: {text[:200]}"
        for seed in (SEED, BOT_SEED):
            assert str(seed) not in text, f"{when}: the seed {seed} reached the page: {text[:200]}"
        for hand in hidden_hands:
            for cards in string_lists(text):
                assert Counter(cards) != Counter(hand), \
                    f"{when}: the hidden hand {hand} reached the page: {text[:200]}"


def forget_messages(game: GamePage) -> None:
    """Start the message record afresh: the link's own answer (its seeds) came from the person."""
    game.page.evaluate("() => { window.__workerMessages.length = 0; }")


def test_a_game_against_the_computer_never_gives_the_page_its_save_seeds_or_the_computers_hand(
        game: GamePage) -> None:
    game.page.add_init_script(WORKER_SPY)
    game.open(f"?seed={SEED}&botseed={BOT_SEED}&hands=2&level=normal&pace=0")
    forget_messages(game)
    checked = 0
    for _ in range(6):
        if game.phase() != "your-turn":
            break
        state = session_of(game.saved()).game.state
        assert session_of(game.saved()).game.seed == SEED, "the truth is the worker's kept save"
        assert_nothing_secret(everything(game), [[str(card) for card in state.hands[1]]], f"move {checked}")
        checked += 1
        person_move(game)
    assert checked >= 4
    state = session_of(game.saved()).game.state
    game.page.reload()
    game.wait_settled(PYTHON_START_MS)
    assert session_of(game.saved()).game.state.history == state.history, "the kept game is resumed"
    assert_nothing_secret(everything(game), [[str(card) for card in state.hands[1]]], "after a reload")


def test_a_pass_and_play_hand_over_never_gives_the_page_either_hand_or_the_seed(game: GamePage) -> None:
    game.page.add_init_script(WORKER_SPY)
    page = game.page
    page.goto(f"{game.base_url}?seed={SEED}&hands=1&opponent=human&p1=Ana&p2=Ben&pace=0&boot=snapshot")
    wait_for_match(page, "body[data-phase=pass-device]", PYTHON_START_MS, visible=True)
    forget_messages(game)
    handovers = 0
    while handovers < 4:
        wait_for_match(page, "#handover", MOVE_MS, visible=True)
        expect(page.locator("#handover")).to_be_visible()
        wait_for_match(page, "body[data-kept]", WAIT_MS)
        state = session_of(game.kept()).game.state
        hands = [[str(card) for card in state.hands[seat]] for seat in (0, 1)]
        assert_nothing_secret(everything(game), hands, f"hand-over {handovers}")
        handovers += 1
        name = ("Ana", "Ben")[state.to_move]
        page.get_by_role("button", name=f"I am {name} — show my hand").click()
        wait_for_match(page, "body[data-phase=your-turn]", MOVE_MS, visible=True)
        # The player at the device plays one move (standard Leopard: a turn is one move), by the
        # page's own lit places; then the device is passed, or the hand is over.
        if page.locator("#go-out").is_enabled():
            page.click("#go-out")
        else:
            page.locator("#hand .hand-card[aria-disabled=false]").first.click()
            page.locator(".space.target, #discard-target.target").first.click()
        wait_for_match(page, "body[data-phase=pass-device], body[data-phase=hand-over], "
                       "body[data-phase=game-over]", MOVE_MS, visible=True)
        if game.phase() in ("hand-over", "game-over"):
            break
    assert handovers >= 3
    page.reload()
    wait_for_match(page, "body[data-phase=pass-device]", PYTHON_START_MS, visible=True)
    state = session_of(game.kept()).game.state
    hands = [[str(card) for card in state.hands[seat]] for seat in (0, 1)]
    assert_nothing_secret(everything(game), hands, "after a reload")
