"""Statistics from a damaged store (issue 21, item 9): the store holds one good record beside a null
record, a record of garbage and one nested 5,000 arrays deep. The page checks every record where it
reads it: the damaged ones are never counted and never crash the page, the store as it was is kept
aside and the player is told once in plain words; a game finished now is still counted, and
Statistics draws the two real games.
"""

from __future__ import annotations

import json

from pages.leopard import GamePage, near_the_end, person_move
from pages.site import STATS_KEY, WAIT_MS, wait_for_match
from playwright.sync_api import expect

GOOD = {
    "id": "kept-1", "format": "leopard-record", "version": 1, "variant": "standard", "level": "random",
    "hands": 1, "sheet": [{"own": 9, "opp": 4}], "totals": {"own": 9, "opp": 4}, "result": "won",
    "undo_used": False, "hints_used": False, "finished_at": "2026-01-02T10:00:00Z",
}
NESTED = "[" * 5000 + "]" * 5000
DAMAGED_STORE = ('{"format":"leopard-stats","version":1,"records":['
                 f'{json.dumps(GOOD)},null,"garbage",{NESTED}]}}')


def test_damaged_records_are_set_aside_and_a_new_game_counts(game: GamePage) -> None:
    page = game.page
    page.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({json.dumps(STATS_KEY)}, {json.dumps(DAMAGED_STORE)}); }}")
    # A game near its end (the engine played the rest): what counts is that it finishes here.
    game.resume(near_the_end(seed=4104, botseed=1, hands=1))
    for _ in range(300):  # the guarded page fails the test on any uncaught error
        if game.phase() != "your-turn":
            break
        person_move(game)
    assert game.phase() == "game-over"
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem({json.dumps(STATS_KEY)})).records.length === 2")
    records = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(STATS_KEY)})"))["records"]
    assert records[0] == GOOD and records[1]["id"] != GOOD["id"]
    aside = page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('leopard.game.unreadable.stats.'))")
    assert len(aside) == 1
    assert page.evaluate(f"localStorage.getItem({json.dumps(aside[0])})") == DAMAGED_STORE
    notice = page.locator("#notice")
    expect(notice).to_contain_text(
        "3 of your game records could not be read: they are left out of your statistics.")
    assert notice.inner_text().count("could not be read") == 1
    page.keyboard.press("Escape")  # the result screen
    expect(page.locator("#result")).to_be_hidden()
    page.click("#more-menu summary")
    page.click("#open-stats")
    wait_for_match(page, "#stats[data-drawn]:not([aria-busy])", WAIT_MS, visible=True)
    assert page.locator("#stats tr[data-figure=games] td").all_inner_texts() == ["2"]
