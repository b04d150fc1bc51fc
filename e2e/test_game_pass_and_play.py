"""Pass-and-play on the game page and in the embed: two people on one device (issue 13).

Glossary:
    hidden cards -- what the player at the device may not see (R3.3): the other player's hand and
                    the identities of the face-down cards the other player played; while the hand-over
                    screen is up, both hands and every face-down identity.
    public count -- how many copies of a card the player at the device may see: face up on the
                    table or in the discard pile, in their own hand, their own face-down cards; from
                    the engine's reading of the page's save (two decks: a card of a hidden hand may
                    also be in view, R1.1). The page may show a hidden card no more often.

    opened near its end -- the test of a hand by clicks plays its first FIRST_MOVES moves by clicks,
                    then the engine (in CPython, the same choice for both seats) plays on from the
                    page's own kept save until LAST_MOVES moves are left, and the page is opened on
                    that save (as a returning visitor's, at the hand-over screen) and the hand ends by
                    clicks: the deal, the first turns, the stock running out and the score sheet are
                    all checked by clicks, without the sixty moves between that only repeat what the
                    first ones showed (a standard hand is always 104 moves: nobody goes out).

Every check reads the engine's full state from the save the engine worker keeps (``GamePage.kept``,
read from IndexedDB as the browser's tools would; the page itself never holds it), never the page's
own words for it.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Any

from pages.eleusis import WORKER_SPY
from pages.kept import kept_records, raw_store, text_of
from pages.leopard import KEPT_KEY, PLANT_ONCE, GamePage, play_by_clicks, session_of
from pages.site import (
    MOVE_MS,
    PYTHON_START_MS,
    SAVE_KEY,
    axe_violations,
    fresh_page,
    guarded,
    wait_for_match,
    watched,
)
from playwright.sync_api import Browser, Page, expect

SEED = 20261123
PHASES = ("pass-device", "your-turn", "hand-over", "game-over")
# A decision point: the hand-over screen counts only while it is open (it closes at once when the
# player reveals, while the phase changes a moment later).
SETTLED = """() => {
  const phase = document.body.dataset.phase;
  return ["your-turn", "hand-over", "game-over"].includes(phase)
    || (phase === "pass-device" && document.getElementById("handover").open);
}"""
NAMES = ("Ana", "Ben")
SESSION_FORMAT = "leopard-session"  # the card game's save, as leopard_core.games.leopard.session writes it
FIRST_MOVES = 24  # the moves of a hand by clicks from its deal (24 hand-overs)...
LAST_MOVES = 20  # ... and to its end (the stock runs out 17 moves before the end, R4.3)


def start(game: GamePage, seed: int, variant: str = "standard", hands: int = 1) -> None:
    """A seeded pass-and-play game from the address; waits for the first hand-over screen and the save."""
    game.page.goto(f"{game.base_url}?seed={seed}&hands={hands}&variant={variant}&opponent=human"
                   f"&p1={NAMES[0]}&p2={NAMES[1]}&pace=0")
    settle(game, PYTHON_START_MS)


# ... and the worker has kept the game (<body data-kept>): one wait, one round trip to the page.
SETTLED_AND_KEPT = f"() => ({SETTLED})() && document.body.hasAttribute('data-kept')"


def settle(game: GamePage, timeout: int = MOVE_MS) -> str:
    """Wait for a decision point (the hand-over screen included) and for the worker's keep of it."""
    game.page.wait_for_function(SETTLED_AND_KEPT, timeout=timeout)
    return game.phase()


def public_counts(state: Any, viewer: int | None) -> Counter[str]:
    """Copies of each card the page may show: face up anywhere on both squares (every layer), in
    the discard pile, and the viewer's own hand and face-down cards (R3.3)."""
    counts: Counter[str] = Counter(str(card) for card in state.discards)
    if viewer is not None:
        counts.update(str(card) for card in state.hands[viewer])
    for square in state.stacks:
        for stack in square:
            for card, face_up, by in stack:
                if face_up or by == viewer:
                    counts[str(card)] += 1
    return counts


def hidden_cards(state: Any, viewer: int | None) -> Counter[str]:
    """What ``viewer`` (None: nobody, the hand-over screen) may not see: the other hands and the
    other seats' face-down identities."""
    hidden: Counter[str] = Counter()
    for seat in (0, 1):
        if seat != viewer:
            hidden.update(str(card) for card in state.hands[seat])
    for square in state.stacks:
        for stack in square:
            for card, face_up, by in stack:
                if not face_up and by != viewer:
                    hidden[str(card)] += 1
    return hidden


def cards_in_dom(page: Page) -> Counter[str]:
    """Every card the DOM names in a data-card attribute ("~7H" counts as 7H; a bare "~" names none)."""
    values = page.evaluate(
        "() => [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)"
    )
    return Counter(value.lstrip("~") for value in values if value and value != "~")


def assert_nothing_hidden_shown(game: GamePage, viewer: int | None, state: Any = None,
                                shown: Counter[str] | None = None) -> None:
    """The DOM holds no card of a hidden hand (nor a hidden face-down identity) beyond its public
    copies. ``state``: the engine's reading of the kept save, and ``shown``: ``cards_in_dom``, when
    the caller has just read them (the page settled since)."""
    if state is None:
        state = session_of(game.kept()).game.state
    if shown is None:
        shown = cards_in_dom(game.page)
    public = public_counts(state, viewer)
    leaks = {card: shown[card] for card in hidden_cards(state, viewer) if shown[card] > public[card]}
    where = game.page.evaluate(
        "(cards) => [...document.querySelectorAll('[data-card]')]"
        ".filter(e => cards.includes(e.dataset.card.replace('~', '')))"
        ".map(e => (e.id || e.className) + ' in ' + (e.parentElement?.id || e.parentElement?.className))",
        list(leaks),
    ) if leaks else []  # where the leaked cards are, for the failure message
    assert not leaks, f"the page shows hidden cards {leaks} (viewer {viewer}) at {where}"
    if viewer is None:
        assert game.page.locator("#hand > *").count() == 0, "a hand is in the DOM behind the hand-over screen"


def choice_for(state: Any) -> str:
    """The test's own pick for the seat to move: go out when allowed, else the best own-minus-other
    raw value after one move (a quick hand)."""
    seat = state.to_move

    def value(move: Any) -> tuple[int, str]:
        if move.kind == "out":
            return (100, str(move))
        after = state.clone()
        after.apply(move)
        return (after.raw_value(seat) - after.raw_value(1 - seat), str(move))

    return str(max(state.legal_moves(), key=value))


def reveal(game: GamePage, state: Any = None) -> int:
    """Press "I am … — show my hand" on the hand-over screen; returns the seat now at the device.
    ``state``: the engine's reading of the kept save, when the caller has just read it."""
    if state is None:
        state = session_of(game.kept()).game.state
    name = NAMES[state.to_move]
    box = game.page.locator("#handover")
    expect(box).to_be_visible()
    expect(game.page.locator("#handover-title")).to_have_text(f"Pass the device to {name}")
    game.page.get_by_role("button", name=f"I am {name} — show my hand").click()
    return int(state.to_move)


def play_turns(game: GamePage, limit: int, checks: dict[str, int]) -> str:
    """Play by clicks until the hand ends or ``limit`` moves were made, checking the DOM at every
    step; returns the phase reached. The kept save is read once per step: the page is settled, so
    every check of the step reads the same save."""
    for _ in range(limit):
        phase = settle(game)
        if phase in ("hand-over", "game-over"):
            return phase
        state = session_of(game.kept()).game.state
        if phase == "pass-device":
            assert_nothing_hidden_shown(game, None, state)
            checks["handovers"] += 1
            reveal(game, state)
            continue
        mover = state.to_move
        assert sorted(game.hand()) == sorted(str(card) for card in state.hands[mover]), "the mover's own hand"
        assert game.text("#own-title") == NAMES[mover] and NAMES[1 - mover] in game.text("#opp-title")
        shown = cards_in_dom(game.page)
        assert_nothing_hidden_shown(game, mover, state, shown)
        # The check can fail: the mover's own hand, which is on the page, counts as a leak when the
        # other player is taken as the one at the device (unless every card of it is also in view
        # for that player, as may happen late in a hand with two decks).
        try:
            assert_nothing_hidden_shown(game, 1 - mover, state, shown)
        except AssertionError:
            checks["self_checks"] += 1
        legal = [str(move) for move in state.legal_moves()]
        before = game.kept_count()
        play_by_clicks(game, choice_for(state), legal)
        game.page.wait_for_function(
            f"() => Number(document.body.dataset.kept) > {before}"
            " && document.body.dataset.phase !== 'busy'"
        )
        checks["moves"] += 1
    return settle(game)


def played_on_until(save: str, left: int) -> tuple[str, int]:
    """The save of the game ``save`` played on by the engine (``choice_for`` for both seats) until
    ``left`` moves are left before the hand is over, and how many moves the engine made: the hand is
    played out once to count its moves, then again to that point."""
    def played(limit: int | None) -> tuple[Any, int]:
        session = session_of(save)
        made = 0
        while not session.game.state.over and made != limit:
            session.reveal()
            session.play(choice_for(session.game.state))
            made += 1
        return session, made

    total = played(None)[1]
    assert total > left, f"the hand has only {total} moves left"
    session, made = played(total - left)
    return str(session.save()), made


def resume_at_hand_over(game: GamePage, save: str) -> None:
    """Open the page on ``save`` as an earlier visit left it (planted before the page's first script
    runs; the page moves it into the engine worker); waits for the hand-over screen and the keep."""
    mark = "e2e.planted." + hashlib.sha256(save.encode()).hexdigest()[:16]
    game.page.add_init_script(PLANT_ONCE % json.dumps([SAVE_KEY, save, mark]))
    game.page.goto(f"{game.base_url}?pace=0&boot=snapshot")
    assert settle(game, PYTHON_START_MS) == "pass-device", "a resumed game opens on the hand-over screen"
    assert json.loads(game.kept())["game"] == json.loads(save)["game"], "the page resumed the planted game"


def test_a_hand_by_clicks_from_its_deal_and_near_its_end_never_shows_the_hidden_hand(game: GamePage) -> None:
    start(game, SEED, hands=1)
    assert "opponent=" not in game.page.url, "the address is cleaned so a reload resumes"
    checks = Counter({"handovers": 0, "self_checks": 0, "moves": 0})
    assert play_turns(game, 2 * FIRST_MOVES, checks) == "pass-device"  # a hand-over and a move each
    # The engine plays the middle of the hand on from the page's own save (module glossary).
    near_its_end, made = played_on_until(game.kept(), LAST_MOVES)
    assert made > FIRST_MOVES, "the engine played the middle of the hand"
    resume_at_hand_over(game, near_its_end)
    assert play_turns(game, 2 * LAST_MOVES, checks) == "game-over"
    assert checks["moves"] == FIRST_MOVES + LAST_MOVES, checks
    assert checks["handovers"] >= 10 and checks["self_checks"] >= 5, checks
    # The score sheet names the players; its numbers are the engine's (R7).
    session = session_of(game.kept())
    sheet = session.game.hand_scores()
    expect(game.page.locator("#result")).to_be_visible()
    heads = game.page.locator("#result thead th").all_inner_texts()
    assert heads[1:3] == list(NAMES), heads
    assert game.text("#total-own") == str(sheet[0][0]) and game.text("#total-opp") == str(sheet[0][1])
    winner = session.game.winner()
    expected = "draw" if winner is None else f"{NAMES[winner]} wins"
    assert expected in game.text("#winner").replace("A draw", "draw")
    # Not a game against the computer: nothing in the statistics.
    kept = game.page.evaluate("() => localStorage.getItem('leopard.stats.v1')")
    assert kept is None or json.loads(kept)["records"] == [], kept


def test_the_page_never_holds_the_save_only_the_view_of_the_player_at_the_device(game: GamePage) -> None:
    """The worker keeps a pass-and-play game's save (both hands, the face-down cards, the seeds):
    no message of the worker carries it to the page, localStorage never holds it, and the worker's
    store holds it sealed (issue 32, item 11)."""
    game.page.add_init_script(WORKER_SPY)
    start(game, SEED + 2, hands=1)
    stores = []
    checks = Counter({"handovers": 0, "self_checks": 0, "moves": 0})
    for _ in range(4):
        play_turns(game, 3, checks)
        stores.append(game.page.evaluate("() => JSON.stringify(localStorage)"))
    saved = json.loads(game.kept())
    assert saved["format"] == SESSION_FORMAT and saved["names"] == list(NAMES) and checks["moves"] >= 3
    messages = game.page.evaluate("() => window.__workerMessages")
    game.page.reload()
    assert settle(game, PYTHON_START_MS) == "pass-device", "the game the worker kept is resumed"
    assert json.loads(game.kept())["game"] == saved["game"]
    stores.append(game.page.evaluate("() => JSON.stringify(localStorage)"))
    messages += game.page.evaluate("() => window.__workerMessages")
    assert len(messages) > 20, "the spy saw the worker's answers"
    assert not [m for m in messages if SESSION_FORMAT in m or '"bot_seed"' in m], "a save reached the page"
    assert not [store for store in stores if SESSION_FORMAT in store or '"bot_seed"' in store]
    assert SESSION_FORMAT not in raw_store(game.page), "the worker's store holds the save sealed"


def test_save_and_resume_mid_hand_opens_on_the_hand_over_screen(game: GamePage) -> None:
    start(game, SEED + 1, variant="running", hands=2)
    checks = Counter({"handovers": 0, "self_checks": 0, "moves": 0})
    play_turns(game, 7, checks)
    if game.phase() == "pass-device":
        reveal(game)
    assert settle(game) == "your-turn"
    saved = game.kept()
    mover = session_of(saved).game.state.to_move
    assert game.page.locator("#hand .hand-card").count() > 0
    assert game.page.evaluate("() => localStorage.getItem('leopard.view.v1')") is None, \
        "no view of a pass-and-play game is kept for the next visit's first paint"
    game.page.reload()
    assert settle(game, PYTHON_START_MS) == "pass-device", "a resumed game never opens on a hand"
    assert game.kept() == saved
    assert_nothing_hidden_shown(game, None)
    assert reveal(game) == mover
    assert settle(game) == "your-turn"
    assert sorted(game.hand()) == sorted(str(card) for card in session_of(saved).game.state.hands[mover])
    assert play_turns(game, 6, checks) in PHASES


def test_an_older_tab_never_overwrites_the_newer_game_and_offers_to_load_it(browser: Browser,
                                                                            site_url: str) -> None:
    """The kept saves' one revision rule holds for the card game too (issue 32, item 2)."""
    context = browser.new_context()
    try:
        first_page, first_guard = guarded(context, site_url)
        first = GamePage(first_page, site_url)
        start(first, SEED + 3)
        older = first.kept()
        # A second tab resumes the game the worker kept, and Ana or Ben plays a turn there.
        second_page, second_guard = guarded(context, site_url)
        second = GamePage(second_page, site_url)
        second_page.goto(f"{site_url}?pace=0&boot=snapshot")
        assert settle(second, PYTHON_START_MS) == "pass-device"
        play_turns(second, 2, Counter({"handovers": 0, "self_checks": 0, "moves": 0}))
        newer = kept_records(second_page)[KEPT_KEY]
        assert text_of(newer) != older
        # The first tab, behind, plays its own turn on the older game: refused, and told.
        state = session_of(older).game.state
        first_page.get_by_role("button", name=f"I am {NAMES[state.to_move]} — show my hand").click()
        wait_for_match(first_page, "body[data-phase=your-turn]", MOVE_MS, visible=True)
        play_by_clicks(first, choice_for(state), [str(move) for move in state.legal_moves()])
        stale = first_page.locator("#notice-kept-stale")
        wait_for_match(first_page, "#notice-kept-stale", MOVE_MS, visible=True)
        expect(stale).to_be_visible()
        settle(first)
        assert kept_records(first_page)[KEPT_KEY] == newer, "the older tab wrote over the newer game"
        # Its button loads the newer game: the hand-over screen for the player the newer game waits for.
        in_handover = first_page.locator("#handover-kept-stale")  # the notice is behind the screen
        expect(in_handover).to_be_visible()
        in_handover.get_by_role("button", name="Load the newer game").click()
        expect(stale).to_have_count(0, timeout=MOVE_MS)
        expect(in_handover).to_have_count(0)
        waiting = NAMES[session_of(text_of(newer)).game.state.to_move]
        expect(first_page.locator("#handover-title")).to_have_text(f"Pass the device to {waiting}")
        first_guard.check()
        second_guard.check()
    finally:
        context.close()


def test_hand_over_screen_passes_axe_and_ignores_escape(browser: Browser, site_url: str) -> None:
    with (fresh_page(browser, viewport={"width": 390, "height": 844}, bypass_csp=True) as page,
          watched(page, site_url)):
        game = GamePage(page, site_url)
        start(game, SEED + 2)
        assert game.phase() == "pass-device"
        assert not (found := axe_violations(page)), found
        page.keyboard.press("Escape")
        expect(page.locator("#handover")).to_be_visible()
        expect(page.get_by_role("button", name="show my hand")).to_be_focused()
        page.keyboard.press("Enter")
        assert settle(game) == "your-turn"


def test_the_new_game_dialog_asks_for_two_different_names(game: GamePage) -> None:
    game.open("?seed=5&botseed=1&hands=1&level=random&pace=0")
    page = game.page
    page.click("#open-settings")
    expect(page.locator("#set-names")).to_be_hidden()
    page.select_option("#set-opponent", "human")
    expect(page.locator("#set-names")).to_be_visible()
    expect(page.locator("#set-level")).to_be_hidden()
    page.fill("#set-name-1", "  Ana ")
    page.fill("#set-name-2", "ana")
    expect(page.locator("#set-names-problem")).to_contain_text("different names")
    page.click("#settings-start")
    expect(page.locator("#settings")).to_be_visible()  # the form does not submit
    assert page.locator("#set-name-2").get_attribute("maxlength") == "24"
    page.fill("#set-name-2", "")  # an empty name is "Player 2"
    expect(page.locator("#set-names-problem")).to_be_empty()
    page.click("#settings-start")
    wait_for_match(page, "body[data-phase=pass-device]", MOVE_MS, visible=True)
    assert settle(game) == "pass-device"
    session = session_of(game.kept())
    assert session.names == ("Ana", "Player 2")
    first = ("Ana", "Player 2")[session.game.state.to_move]
    expect(page.locator("#handover-title")).to_have_text(f"Pass the device to {first}")


def test_embed_play_between_two_people(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}embed.html?mode=play&opponent=human&p1=Ana&p2=Ana&hands=1&seed={SEED}&pace=0")
    root = page.locator("#embed-root")
    wait_for_match(page, "#embed-names-start", PYTHON_START_MS, visible=True)
    page.click("#embed-names-start")
    expect(page.locator(".embed-names-problem")).to_contain_text("different names")
    page.fill("#embed-name-2", "Ben")
    page.click("#embed-names-start")
    for _ in range(3):
        wait_for_match(page, "#embed-root[data-turn=pass-device]", MOVE_MS, visible=True)
        assert page.locator(".embed-card").count() == 0, "no hand in the frame behind the hand-over screen"
        title = page.locator("#embed-handover-title").inner_text()
        assert title in (f"Pass the device to {name}" for name in NAMES)
        page.click("#embed-reveal")
        wait_for_match(page, "#embed-root[data-turn=you]", MOVE_MS, visible=True)
        assert page.locator(".embed-card").count() >= 8
        square = page.locator(".embed-side h2").last.inner_text()
        assert square == f"{title.rsplit(' ', 1)[1]}\u2019s square"
        ply = root.get_attribute("data-ply")
        for index in range(page.locator(".embed-card").count()):
            page.locator(".embed-card").nth(index).click()
            lit = page.locator(".embed-board .space.target")
            if lit.count():
                lit.first.click()
                break
            discard = page.locator("[data-action=discard]")
            if discard.is_visible() and discard.is_enabled():
                discard.click()
                break
        page.wait_for_function(
            f"() => document.getElementById('embed-root').dataset.ply !== {ply!r}", timeout=MOVE_MS
        )
