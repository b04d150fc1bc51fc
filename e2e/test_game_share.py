"""Shared deals (issue 13): a challenge link replays the same game in a fresh browser, its result
screen compares both players' results, bad links are explained, and today's deal is the same in two
fresh browsers on the same date (the date is fixed with Playwright's clock).

The expected deals and computer moves are those of the first browser (never values computed by the
code under test for the check), whose game's middle was played on by the engine in CPython from its
own seeds (its first moves and its last are made by clicks there). The friend's browser makes the
same first moves and last moves by clicks, the engine playing its middle on from the friend's own kept
save (its seeds and its challenge), so a replay that drifted anywhere shows in the last moves' hands
and log and in the result; the daily seed is checked against the documented hash, computed here.
"""

from __future__ import annotations

import hashlib
import json
import re
from urllib.parse import parse_qs, quote, urlsplit

from pages.kept import wait_kept_holding
from pages.leopard import (
    KEPT_KEY,
    GamePage,
    game_in,
    greedy_choice,
    near_the_end,
    person_move,
    play_by_clicks,
    session_of,
)
from pages.site import PYTHON_START_MS, STATS_KEY, axe_violations, open_more
from playwright.sync_api import Browser, expect


def containing(text: str) -> re.Pattern[str]:
    """A pattern for ``to_have_value``: any value that contains ``text``."""
    return re.compile(f".*{re.escape(text)}.*")


def wait_for_new_game(game: GamePage, marker: str) -> None:
    """Wait until the kept save holds ``marker`` and the page is at a decision point."""
    wait_kept_holding(game.page, KEPT_KEY, marker, timeout=PYTHON_START_MS)
    game.wait_settled()


def persons_moves(seed: int, botseed: int) -> list[str]:
    """The person's moves of the whole one-hand standard game against the greedy computer with these
    seeds, as ``near_the_end`` plays it (the tests' greedy choice, the computer's own moves)."""
    from leopard_core.games.leopard.session import Session

    session = Session.new("standard", "greedy", 1, seed, botseed)
    moves = []
    while not session.game.is_over:
        if session.game.state.to_move == 1:
            session.bot_move()
        else:
            moves.append(greedy_choice(session.game.state))
            session.play(moves[-1])
    return moves


def test_challenge_link_replays_the_deal_and_the_computer_and_compares_results(browser: Browser,
                                                                                site_url: str) -> None:
    # What the first browser showed before each of its moves by clicks (the move's index in the game).
    logs_before: dict[int, list[str]] = {}
    hands_before: dict[int, list[str]] = {}
    with game_in(browser, site_url, permissions=["clipboard-read", "clipboard-write"]) as first:
        # A game with random seeds (only the level and length come from the address): its first two
        # moves by clicks, then the same game near its end (its seeds, played on by the engine in
        # CPython with the same choices) and its last moves by clicks. The friend below plays the
        # whole game by clicks.
        first.open("?level=greedy&hands=1&variant=standard&pace=0")
        for index in range(2):
            logs_before[index] = first.log()
            hands_before[index] = first.hand()
            person_move(first)
        begun = session_of(first.saved())
        seed, botseed = begun.game.seed, begun.bot_seed
        moves = persons_moves(seed, botseed)
        first.resume(near_the_end(seed=seed, botseed=botseed, hands=1, level="greedy"))
        index = len(moves) - 3
        while first.phase() == "your-turn":
            logs_before[index] = first.log()
            hands_before[index] = first.hand()
            assert person_move(first) == moves[index], f"move {index + 1}"
            index += 1
        assert first.phase() == "game-over" and index == len(moves)
        final_log = first.log()
        own, opp = int(first.text("#total-own")), int(first.text("#total-opp"))
        expect(first.page.locator("#result-versus")).to_be_hidden()  # not a challenge game

        first.page.click("#result-challenge")
        expect(first.page.locator("#challenge")).to_be_visible()
        first.page.fill("#challenge-name", "Ana")
        url_field = first.page.locator("#challenge-url")
        expect(url_field).to_have_value(containing("by=Ana"))
        url = url_field.input_value()
        query = parse_qs(urlsplit(url).query)
        assert query["vs"] == [f"{own},{opp}"], "the link carries the first player's totals"
        assert query["level"] == ["greedy"] and query["hands"] == ["1"] and query["variant"] == ["standard"]
        assert query["seed"] == [str(seed)] and query["botseed"] == [str(botseed)]
        first.page.click("#challenge-copy")
        expect(first.page.locator("#challenge")).to_have_attribute("data-copied", "clipboard")
        assert first.page.evaluate("() => navigator.clipboard.readText()") == url

    with game_in(browser, site_url) as friend:
        friend.page.goto(url + "&pace=0")
        friend.wait_settled(PYTHON_START_MS)
        notice = friend.text("#notice-text")
        assert f"Ana challenges you: on these very deals they scored {own} against the computer's {opp}" \
            in notice
        assert "seed=" not in friend.page.url, "the address is cleaned so that a reload resumes the game"
        for index, move in enumerate(moves):
            if index == 2:
                # The engine plays the middle on from the friend's own kept save (its seeds, its
                # challenge), the person's moves those of the first browser, and the page is opened on
                # it as a returning visitor's: a replay that drifted shows in its last moves and result.
                session = session_of(friend.saved())
                for middle in moves[2:len(moves) - 3]:
                    while session.game.state.to_move == 1:
                        session.bot_move()
                    session.play(middle)
                while session.game.state.to_move == 1:
                    session.bot_move()
                friend.resume(str(session.save()))
            if 2 <= index < len(moves) - 3:
                continue
            # The same first hand, the same draws and the same computer moves as in the first browser
            # (where it showed them; between, a move whose card is not in the hand cannot be clicked).
            assert friend.hand() == hands_before[index], f"hand before move {index + 1}"
            assert friend.log() == logs_before[index], f"moves before move {index + 1}"
            if index == 1:  # the challenge survives a reload mid-game
                friend.page.reload()
                friend.wait_settled(PYTHON_START_MS)
                assert friend.log() == logs_before[index]
            state = session_of(friend.saved()).game.state
            play_by_clicks(friend, move, [str(m) for m in state.legal_moves()])
            friend.wait_settled()
        assert friend.phase() == "game-over"
        assert friend.log() == final_log
        versus = friend.page.locator("#result-versus")
        expect(versus).to_be_visible()
        assert versus.inner_text().startswith(
            f"Ana scored {own} against the computer's {opp}; you scored {own} against its {opp}.")
        expect(versus).to_have_attribute("data-outcome", "equal")  # the same moves, the same result


def test_a_link_with_a_result_is_compared_on_the_result_screen(game: GamePage) -> None:
    name = "Zoë O'Neil"
    game.open(f"?seed=31&botseed=4&variant=standard&level=random&hands=1&by={quote(name)}&vs=40,-2&pace=0")
    greeting = f"{name} challenges you: on these very deals they scored 40 against the computer's -2"
    assert greeting in game.text("#notice-text")
    # The link's game, with the challenge it came from, near its end (the engine played the moves
    # between; the test above plays a challenge game whole): its last moves by clicks.
    game.resume(near_the_end(seed=31, botseed=4, hands=1,
                             origin={"kind": "challenge", "by": name, "own": 40, "opp": -2}))
    while game.phase() == "your-turn":
        person_move(game)
    own, opp = int(game.text("#total-own")), int(game.text("#total-opp"))
    versus = game.page.locator("#result-versus")
    expect(versus).to_be_visible()
    text = versus.inner_text()
    scores = f"{name} scored 40 against the computer's -2; you scored {own} against its {opp}."
    assert text.startswith(scores), text
    expected = "better" if own - opp > 42 else "worse" if own - opp < 42 else "equal"
    expect(versus).to_have_attribute("data-outcome", expected)
    # The link made from this game names the new sender and carries their own result.
    game.page.click("#result-challenge")
    game.page.fill("#challenge-name", "Bo")
    expect(game.page.locator("#challenge-url")).to_have_value(containing(f"by=Bo&vs={own},{opp}"))


def test_bad_link_parameters_are_explained_and_a_game_starts(game: GamePage) -> None:
    full = "seed=1&botseed=2&variant=standard&level=random&hands=1"
    cases = [
        ("seed=abc&level=random", "the link's seed 'abc' is not a whole number"),
        ("level=champion", "the link's level 'champion' is unknown"),
        ("variant=random&level=random&hands=2", "the link's variant 'random' is unknown"),
        ("hands=99&level=random", "the link's hands '99' is not a number of hands from 1 to 50"),
        ("by=Ana&vs=12,9&level=random", "a challenge link (with by or vs) must give seed, botseed, variant"),
        (f"{full}&vs=12-9", "the link's vs '12-9' is not a result"),
        (f"{full}&by=%3Cscript%3E", "the link's by: bad name '<script>'"),
    ]
    for query, words in cases:
        game.open(f"?{query}&pace=0")
        notice = game.text("#notice-text")
        assert "The link's game settings were not understood" in notice, (query, notice)
        # The engine's reason as the page's catalog writes it: a sentence (capital, full stop).
        assert words.lower() in notice.lower(), (query, notice)
        assert "a default game started" in notice.lower()
        assert game.phase() in ("your-turn", "hand-over", "game-over")
        assert "challenge" not in game.saved()


def test_copy_falls_back_to_a_selected_field_without_a_clipboard(game: GamePage) -> None:
    game.page.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})")
    game.start(seed=8, botseed=9, hands=1)
    open_more(game.page, "open-challenge")
    expect(game.page.locator("#challenge")).to_have_attribute("data-link", "ready")
    game.page.click("#challenge-copy")
    expect(game.page.locator("#challenge")).to_have_attribute("data-copied", "selected")
    selected = game.page.evaluate(
        "() => { const f = document.getElementById('challenge-url');"
        " return [document.activeElement === f, f.selectionStart, f.selectionEnd, f.value.length]; }")
    assert selected[0] and selected[1] == 0 and selected[2] == selected[3] > 0
    assert "copy it with Ctrl+C" in game.text("#challenge-status")
    # Without a result yet, the link has none; a bad name is explained and no link is offered.
    assert "vs=" not in game.page.locator("#challenge-url").input_value()
    game.page.fill("#challenge-name", "<b>")
    expect(game.page.locator("#challenge")).to_have_attribute("data-link", "refused")
    assert "bad name" in game.text("#challenge-status").lower()  # the engine says it as a sentence
    expect(game.page.locator("#challenge-copy")).to_be_disabled()


def documented_daily_seed(day: str) -> int:
    """docs/playing.md: the first 53 bits of SHA-256 of "leopard-daily:YYYY-MM-DD"."""
    return int.from_bytes(hashlib.sha256(f"leopard-daily:{day}".encode()).digest()[:8], "big") >> 11


def start_daily(game: GamePage) -> None:
    """Today's deal from the More menu, in place of the game on the table."""
    open_more(game.page, "open-daily")
    expect(game.page.locator("#daily")).to_have_attribute("data-state", "offered")
    game.page.click("#daily-start")
    wait_for_new_game(game, '"kind":"daily"')


def daily_table(browser: Browser, site_url: str,
                day: str) -> tuple[list[str], list[str], dict[str, list[str]]]:
    """Hand, moves and squares of the daily deal of ``day`` as a fresh browser deals it."""
    with game_in(browser, site_url, day=day) as game:
        game.open("?level=random&hands=1&pace=0")
        start_daily(game)
        session = session_of(game.saved())
        assert session.game.seed == documented_daily_seed(day)
        assert (session.game.rules.name, session.game.num_hands, session.level) == ("standard", 1, "normal")
        return game.hand(), game.log(), game.squares()


def test_daily_deal_is_the_same_in_two_fresh_browsers_and_differs_the_next_day(browser: Browser,
                                                                               site_url: str) -> None:
    first = daily_table(browser, site_url, "2026-11-23")
    second = daily_table(browser, site_url, "2026-11-23")
    assert first == second
    assert daily_table(browser, site_url, "2026-11-24")[0] != first[0]


def test_daily_deal_resumes_after_a_reload_counts_once_and_shows_in_statistics(browser: Browser,
                                                                               site_url: str) -> None:
    with game_in(browser, site_url, day="2026-11-25") as game:
        game.open("?level=random&hands=1&pace=0")
        start_daily(game)
        hand = game.hand()
        game.page.reload()
        game.wait_settled(PYTHON_START_MS)
        assert game.hand() == hand and '"kind":"daily"' in game.saved()
        open_more(game.page, "open-daily")
        expect(game.page.locator("#daily")).to_have_attribute("data-state", "playing")
        game.page.click("#daily-close")
        # The day's game near its end (the engine played on from its settings, in CPython): the end
        # of a daily game and its record are what is checked here; its last moves by clicks.
        daily = session_of(game.saved())
        assert daily.origin == {"kind": "daily", "date": "2026-11-25"}
        game.resume(near_the_end(seed=daily.game.seed, botseed=daily.bot_seed, hands=daily.game.num_hands,
                                 variant=daily.game.rules.name, level=daily.level, origin=daily.origin))
        assert '"kind":"daily"' in game.saved()
        while game.phase() == "your-turn":
            person_move(game)
        assert game.phase() == "game-over"
        expect(game.page.locator("#result-daily")).to_contain_text("2026-11-25")
        own, opp = int(game.text("#total-own")), int(game.text("#total-opp"))
        stored = json.loads(game.page.evaluate(f"() => localStorage.getItem({json.dumps(STATS_KEY)})"))
        daily = [r for r in stored["records"] if r.get("daily")]
        kept = [(r["daily"], r["totals"]["own"], r["totals"]["opp"]) for r in daily]
        assert kept == [("2026-11-25", own, opp)]
        game.page.click("#result-review")
        # Played today: the menu says so instead of dealing it again.
        open_more(game.page, "open-daily")
        expect(game.page.locator("#daily")).to_have_attribute("data-state", "played")
        assert f"{own} to the computer's {opp}" in game.text("#daily-what")
        expect(game.page.locator("#daily-start")).to_be_hidden()
        game.page.click("#daily-close")
        open_more(game.page, "open-stats")
        expect(game.page.locator("#stats-daily")).to_have_attribute("data-days", "1")
        expect(game.page.locator("#stats-daily")).to_have_attribute("data-streak", "1")
        item = game.page.locator("#stats-daily-days li")
        expect(item).to_have_count(1)
        expect(item).to_have_attribute("data-date", "2026-11-25")
        assert f"{own}\N{EN DASH}{opp}" in item.inner_text()


def test_axe_finds_no_serious_violations_in_the_share_dialogs(browser: Browser, site_url: str) -> None:
    # axe-core is injected as a script, which the page's CSP (rightly) forbids: bypass it here only.
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.clock.set_fixed_time("2026-11-26T10:00:00Z")
    try:
        game = GamePage(page, site_url)
        # The challenge game from near its end (the engine played the rest): the dialogs at its end
        # are what is checked here; a challenge game is played whole by clicks in the tests above.
        game.resume(near_the_end(seed=12, botseed=3, hands=1,
                                 origin={"kind": "challenge", "by": "Ana", "own": 3, "opp": 1}))
        while game.phase() == "your-turn":
            person_move(game)
        expect(page.locator("#result-versus")).to_be_visible()
        report = {"#result": axe_violations(page)}
        page.click("#result-challenge")
        expect(page.locator("#challenge")).to_have_attribute("data-link", "ready")
        report["#challenge"] = axe_violations(page)
        page.click("#challenge-close")
        page.click("#result-review")
        open_more(game.page, "open-daily")
        expect(page.locator("#daily")).to_have_attribute("data-state", "offered")
        report["#daily"] = axe_violations(page)
        page.click("#daily-close")
        open_more(game.page, "open-stats")
        expect(page.locator("#stats-daily")).to_have_attribute("data-days", "0")
        report["#stats"] = axe_violations(page)
        assert all(not v for v in report.values()), report
    finally:
        context.close()
