"""Undo, hints, statistics and the guided first game on the game page (issue 10).

Every game is seeded (deal and bot) and played by clicks and keys (the statistics' two games from
near their end, the rest played by the engine: ``near_the_end``); the expected values come from
the engine's own reading of the page's save (``session_of``) or from the test's own arithmetic over
the engine's score sheets, never from the page's code.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pages.kept import kept_text
from pages.leopard import GamePage, greedy_choice, near_the_end, person_move, play_by_clicks, session_of
from pages.site import EXPECT_MS, STATS_KEY, wait_for_match
from playwright.sync_api import expect

from leopard_core.games.leopard import Game


# ------------------------------------------------------------------ helpers
def play_to_the_end(game: GamePage) -> None:
    """Greedy moves by clicks until the game is over."""
    for _ in range(300):
        if game.phase() != "your-turn":
            break
        person_move(game)
    assert game.phase() == "game-over"


TUTORIAL_COPY = "leopard.tutorial.resume"  # the worker's copy of the game to go back to


def history_of(text: str) -> list[str]:
    """The current hand's moves in a session save, as N3 text."""
    return [str(move) for _, move in session_of(text).game.state.history]


def wait_for_moves(game: GamePage, count: int) -> None:
    """Wait until the page shows ``count`` moves of this hand and the person may move."""
    wait_for_match(game.page, f"body[data-phase=your-turn][data-moves='{count}']", 60_000, visible=True)


def stored_records(game: GamePage) -> list[dict[str, Any]]:
    """The finished-game records the page keeps."""
    text = game.page.evaluate(f"localStorage.getItem({json.dumps(STATS_KEY)})")
    return json.loads(text)["records"] if text else []


def wait_for_records(game: GamePage, count: int) -> None:
    """Wait until the page has stored ``count`` finished games."""
    stored = f"localStorage.getItem({json.dumps(STATS_KEY)})"
    game.page.wait_for_function(
        f"() => (JSON.parse({stored} || '{{\"records\": []}}').records.length === {count})", timeout=60_000)


def open_stats(game: GamePage) -> None:
    """Open Statistics from the More menu and wait for its figures."""
    page = game.page
    page.click("#more-menu summary")
    page.click("#open-stats")
    expect(page.locator("#stats")).to_be_visible()
    wait_for_match(page, "#stats[data-drawn]:not([aria-busy])", visible=True)


def figure(game: GamePage, name: str) -> list[str]:
    """The cells of one figure row of the Statistics dialog."""
    return game.page.locator(f"#stats tr[data-figure={name}] td").all_inner_texts()


def shown(value: float | None) -> str:
    """A figure as the dialog words it (at most one decimal)."""
    if value is None:
        return "\u2013"  # an en dash
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def sheet_of(text: str) -> list[tuple[int, int]]:
    """The person's and the computer's score of each hand of a finished game, replayed by the
    engine from the page's save."""
    game = session_of(text).game
    assert game.is_over
    return [(own, opp) for own, opp in game.hand_scores()]


# ------------------------------------------------------------------ undo
def test_undo_by_button_and_by_keyboard(game: GamePage) -> None:
    game.start(seed=4101, botseed=3, hands=1)
    page = game.page
    undo = page.locator("#undo")
    expect(undo).to_be_visible()
    if not session_of(game.saved()).snapshot()["can_undo"]:
        expect(undo).to_be_disabled()
    for how in ("button", "Control+z"):
        before = game.saved()
        hand, squares = game.hand(), game.squares()
        person_move(game)
        assert game.moves_shown() > len(history_of(before))
        expect(undo).to_be_enabled()
        if how == "button":
            undo.click()
        else:
            page.locator("body").press(how)
        wait_for_moves(game, len(history_of(before)))
        # The engine replayed the hand without that move: the same moves, hand and squares as before.
        assert history_of(game.saved()) == history_of(before)
        assert sorted(game.hand()) == sorted(hand)
        assert game.squares() == squares
        assert session_of(game.saved()).undo_used
        assert "took back" in game.text("#status")


def test_undo_can_be_turned_off_for_a_game(game: GamePage) -> None:
    game.start(seed=4102, botseed=3, hands=1)
    page = game.page
    page.click("#open-settings")
    page.uncheck("#set-undo")
    page.click("#settings-start")
    game.wait_settled()
    assert session_of(game.saved()).undo_allowed is False
    expect(page.locator("#undo")).to_be_hidden()
    first = person_move(game)
    page.locator("body").press("Control+z")
    # Any undo would run before the next move (one turn loop): the hand keeps the first move.
    second = person_move(game) if game.phase() == "your-turn" else None
    history = history_of(game.saved())
    assert first in history and (second is None or second in history)
    assert not session_of(game.saved()).undo_used
    # The New game dialog remembers the choice.
    page.click("#open-settings")
    expect(page.locator("#set-undo")).not_to_be_checked()
    page.click("#settings-cancel")


# ------------------------------------------------------------------ hints
def test_hint_is_shown_and_playable(game: GamePage) -> None:
    game.start(seed=4103, botseed=5, hands=1)
    page = game.page
    session = session_of(game.saved())
    expected = session.hint()  # the engine's answer for this same position
    page.click("#hint")
    line = page.locator("#hint-line")
    expect(line).to_be_visible()
    move = str(line.get_attribute("data-move"))
    assert move == expected["move"]
    assert move in [str(m) for m in session.game.state.legal_moves()]
    # The engine's reason, as the page's catalog writes it (a sentence: capital, full stop).
    assert expected["reason"].lower() in line.inner_text().lower()
    # Said once: the hint line is a live region; the status line does not repeat it (issue 21).
    assert expected["reason"].lower() not in game.text("#status").lower()
    assert line.get_attribute("aria-live") == "polite"
    assert session_of(game.saved()).hints_used
    words = move.split()
    if " to " in move or words[0] == "discard":
        card = words[1] if words[0] == "discard" else words[0]
        chosen = page.locator("#hand .hand-card[aria-pressed=true]")
        expect(chosen).to_have_count(1)
        assert chosen.get_attribute("data-card") == card
        target = page.locator("#discard-target" if words[0] == "discard" else f"#{words[2]}-space-{words[3]}")
        expect(target).to_have_class(re.compile(r"\bhinted\b"))
        expect(target).to_have_class(re.compile(r"\btarget\b"))
    else:
        target = page.locator("#go-out" if move == "out" else "#end-turn")
        expect(target).to_have_class(re.compile(r"\bhinted\b"))
    before = len(history_of(game.saved()))
    target.click()
    game.wait_settled()
    assert history_of(game.saved())[before] == move
    expect(line).to_be_hidden()


# ------------------------------------------------------------------ statistics
def test_statistics_after_two_finished_games(game: GamePage) -> None:
    page = game.page
    saves = []
    for number, (seed, botseed) in enumerate(((4104, 1), (4105, 2))):
        # Each game from near its end (the engine played the rest): what is counted is what the
        # finished game's save says, however it got there; test_game_play.py plays a whole game.
        game.resume(near_the_end(seed=seed, botseed=botseed, hands=1, left=3))
        if number == 0:  # the first game uses undo once
            person_move(game)
            if game.phase() == "your-turn":
                moves = game.moves_shown()
                page.click("#undo")
                page.wait_for_function(f"() => document.body.dataset.moves !== '{moves}'")
                game.wait_settled()
        else:  # the second asks for a hint once
            page.click("#hint")
            wait_for_match(page, "#hint-line", EXPECT_MS, visible=True)
            expect(page.locator("#hint-line")).to_be_visible()
        play_to_the_end(game)
        # The result screen and the last hand's sheet both say so.
        mark = "undo was used" if number == 0 else "hints were used"
        expect(page.locator("#result-detail")).to_contain_text(mark)
        page.click("#result-last-hand")
        expect(page.locator("#sheet-marks")).to_contain_text(mark)
        saves.append(game.saved())
        wait_for_records(game, number + 1)
        page.click("#review-table")

    sheets = [sheet_of(text) for text in saves]
    totals = [(sum(o for o, _ in s), sum(c for _, c in s)) for s in sheets]
    results = ["won" if o > c else "lost" if o < c else "drawn" for o, c in totals]
    hands = [h for s in sheets for h in s]
    open_stats(game)
    assert page.locator("#stats-variant").input_value() == "standard"
    assert page.locator("#stats-level").input_value() == "random"
    assert figure(game, "games") == ["2"]
    for result in ("won", "drawn", "lost"):
        assert figure(game, result) == [str(results.count(result))], result
    streak = best_streak = 0
    for result in results:
        streak = streak + 1 if result == "won" else 0
        best_streak = max(best_streak, streak)
    assert figure(game, "streak") == [str(best_streak)]
    assert figure(game, "undo") == ["1"] and figure(game, "hints") == ["1"]
    assert figure(game, "hands") == [str(len(hands))] * 2
    assert figure(game, "per-hand") == [shown(sum(o for o, _ in hands) / len(hands)),
                                        shown(sum(c for _, c in hands) / len(hands))]
    assert figure(game, "best")[0] == shown(max(o for o, _ in hands))
    margins = [o - c for o, c in totals]
    bars = page.locator("#stats-chart svg rect.bar").evaluate_all(
        "els => els.map(e => Number(e.dataset.margin))")
    assert bars == margins
    # The last games open with their score sheets, newest first.
    items = page.locator("#stats-games li")
    expect(items).to_have_count(2)
    newest = items.nth(0)
    newest.locator("summary").click()
    cells = newest.locator("tbody td").all_inner_texts()
    assert cells == [str(v) for pair in sheets[1] for v in pair]
    assert "hints used" in newest.locator("summary").inner_text()
    assert "undo used" in items.nth(1).locator("summary").inner_text()
    # "All levels" counts the same two games; another variant has none.
    page.select_option("#stats-level", index=0)
    wait_for_match(page, "#stats[data-drawn]:not([aria-busy])", visible=True)
    assert figure(game, "games") == ["2"]
    page.select_option("#stats-variant", "classic")
    expect(page.locator("#stats-empty")).to_be_visible()
    assert figure(game, "games") == ["0"]
    assert len(stored_records(game)) == 2


def engine_records() -> list[dict[str, Any]]:
    """Two finished one-hand games played by the engine alone (greedy against greedy), as the
    engine's statistics records with the page's ids."""
    from leopard_core.games.leopard.stats import record_of_game

    records = []
    for number, seed in enumerate((51, 52)):
        played = Game("standard", hands=1, seed=seed)
        while not played.is_over:
            played.apply(greedy_choice(played.state))
        sheet = [{"own": own, "opp": opp} for own, opp in played.hand_scores()]
        record = record_of_game("standard", "random", sheet, number == 0, False,
                                f"2026-11-2{number + 1}T10:00:00Z", seed)
        records.append({"id": f"test-{seed}", **record})
    return records


def test_statistics_export_import_round_trip(game: GamePage, tmp_path: Path) -> None:
    game.start(seed=4106, botseed=1, hands=1)
    page = game.page
    records = engine_records()
    original = tmp_path / "mine.json"
    original.write_text(json.dumps({"format": "leopard-stats", "version": 1, "records": records}))
    open_stats(game)
    assert figure(game, "games") == ["0"]
    page.set_input_files("#stats-import-file", str(original))
    expect(page.locator("#stats-message")).to_contain_text("Imported 2 games")
    assert figure(game, "games") == ["2"] and figure(game, "undo") == ["1"]
    names = ("games", "won", "drawn", "lost", "per-hand", "best")
    shown_before = {name: figure(game, name) for name in names}

    with page.expect_download() as download_info:
        page.click("#stats-export")
    exported = tmp_path / "exported.json"
    download_info.value.save_as(exported)
    assert json.loads(exported.read_text())["records"] == records

    # Reset asks first; "Keep them" keeps them.
    page.click("#stats-reset")
    expect(page.locator("#stats-confirm")).to_be_visible()
    page.click("#stats-reset-no")
    assert figure(game, "games") == ["2"]
    page.click("#stats-reset")
    page.click("#stats-reset-yes")
    expect(page.locator("#stats-message")).to_contain_text("reset")
    assert figure(game, "games") == ["0"] and stored_records(game) == []

    page.set_input_files("#stats-import-file", str(exported))
    expect(page.locator("#stats-message")).to_contain_text("Imported 2 games")
    assert {name: figure(game, name) for name in shown_before} == shown_before
    assert stored_records(game) == records

    # A bad file says why and changes nothing: a total that is not the sum of its sheet.
    bad = json.loads(exported.read_text())
    bad["records"][0]["id"] = "other"
    bad["records"][0]["totals"]["own"] += 1
    bad_file = tmp_path / "bad.json"
    bad_file.write_text(json.dumps(bad))
    page.set_input_files("#stats-import-file", str(bad_file))
    expect(page.locator("#stats-message")).to_contain_text("was not imported")
    expect(page.locator("#stats-message")).to_contain_text("total")
    not_json = tmp_path / "not.json"
    not_json.write_text("{oops")
    page.set_input_files("#stats-import-file", str(not_json))
    expect(page.locator("#stats-message")).to_contain_text("not JSON")
    assert stored_records(game) == records
    assert {name: figure(game, name) for name in shown_before} == shown_before


# ------------------------------------------------------------------ the guided first hand
def tutorial_step(game: GamePage) -> str:
    """The page's tutorial state: the step number, "done", or "" when no guided hand is on."""
    return str(game.page.locator("body").get_attribute("data-tutorial") or "")


def wait_for_step(game: GamePage, step: str) -> None:
    """Wait until the guided hand is at ``step`` ("3" or "done") and the page has settled."""
    wait_for_match(game.page, f"body[data-tutorial='{step}']", 90_000, visible=True)
    game.wait_settled(90_000)


def press_until_focused(game: GamePage, selector: str, limit: int = 120) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    page = game.page
    for _ in range(limit):
        if page.evaluate(f"document.activeElement && document.activeElement.matches({json.dumps(selector)})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} never got the focus with Tab")


def keyboard_move(game: GamePage, move: str) -> None:
    """Make ``move`` with the keyboard only: Tab to the card, Enter, Tab to its place, Enter."""
    page = game.page
    if move in ("out", "end"):
        press_until_focused(game, "#go-out" if move == "out" else "#end-turn")
        page.keyboard.press("Enter")
        return
    words = move.split()
    card = words[1] if words[0] == "discard" else words[0]
    press_until_focused(game, f"#hand .hand-card[data-card='{card}']")
    page.keyboard.press("Enter")
    press_until_focused(game, "#discard-target" if words[0] == "discard" else f"#{words[2]}-space-{words[3]}")
    page.keyboard.press("Enter")


def complete_guided_hand(game: GamePage, make_move: Any) -> None:
    """Follow every prompt of the guided hand with ``make_move``; checks each step against the
    engine's script and that the engine (not the page) accepts each move."""
    from i18n_check import english_text

    from leopard_core.games.leopard.tutorial import STEPS

    page = game.page
    panel = page.locator("#tutorial-panel")
    for index, step in enumerate(STEPS):
        wait_for_step(game, str(index))
        expect(panel).to_be_visible()
        expect(page.locator("#tutorial-prompt")).to_have_text(english_text(step.prompt))
        accepted = str(panel.get_attribute("data-accepted")).split("|")
        assert accepted == list(step.accepted)
        assert panel.get_attribute("data-rule") == step.rule
        make_move(game, accepted[0])
        wait_for_step(game, "done" if index == len(STEPS) - 1 else str(index + 1))
        assert accepted[0] in history_of(game.saved())
    expect(page.locator("#tutorial-title")).to_contain_text("done")
    state = session_of(game.saved()).game.state
    said = page.locator("#tutorial-said").inner_text()
    assert f"you score {state.hand_score(0)}" in said  # R7 explained with the engine's values
    expect(page.locator("#hand-end")).to_be_hidden()


def test_guided_hand_by_clicks_with_a_wrong_move_refused(game: GamePage) -> None:
    page = game.page
    page.goto(game.base_url + "?tutorial=1&pace=0")
    wait_for_step(game, "0")
    # A legal move the step does not ask for is refused by the engine, said in the panel, and
    # changes nothing.
    before = game.saved()
    play_by_clicks(game, "6H to own 6")
    expect(page.locator("#tutorial-refusal")).to_contain_text("Not quite")
    game.wait_settled()
    assert history_of(game.saved()) == history_of(before) and tutorial_step(game) == "0"
    complete_guided_hand(game, play_by_clicks)
    # The guided hand is not counted in the statistics; finishing starts a real game.
    assert stored_records(game) == []
    page.click("#tutorial-finish")
    wait_for_match(page, "body[data-tutorial='']", 60_000, visible=True)
    game.wait_settled()
    expect(page.locator("#tutorial-panel")).to_be_hidden()
    assert not json.loads(game.saved()).get("tutorial")


def test_guided_hand_by_keyboard(game: GamePage) -> None:
    game.page.goto(game.base_url + "?tutorial=1&pace=0")
    complete_guided_hand(game, keyboard_move)


def test_the_game_before_the_guided_hand_comes_back_after_a_reload_during_it(game: GamePage) -> None:
    """The worker keeps a copy of the game in play when the guided hand starts (the page never holds
    its save): a reload during the guided hand resumes the guided hand, and leaving it brings that
    game back; the copy is then forgotten."""
    game.start(seed=4108, botseed=1, hands=2)
    person_move(game)
    kept = history_of(game.saved())
    page = game.page
    page.click("#more-menu summary")
    page.click("#open-tutorial")
    wait_for_step(game, "0")
    assert kept_text(page, TUTORIAL_COPY) is not None
    page.reload()
    wait_for_step(game, "0")
    page.click("#tutorial-skip")
    wait_for_match(page, "body[data-tutorial='']", 60_000, visible=True)
    game.wait_settled()
    assert history_of(game.saved()) == kept
    assert kept_text(page, TUTORIAL_COPY) is None, "the copy is forgotten once the game is back"


def test_first_visit_offer_menu_replay_skip_and_rules_link(game: GamePage) -> None:
    page = game.page
    page.goto(game.base_url + "?pace=0")  # a first-time visitor: no save, no statistics
    wait_for_match(page, "#tutorial-offer", 90_000, visible=True)
    expect(page.locator("#tutorial-offer")).to_be_visible()
    page.click("#tutorial-accept")
    wait_for_step(game, "0")
    # Skipped with no game kept aside: a real game starts.
    page.click("#tutorial-skip")
    wait_for_match(page, "body[data-tutorial='']", 60_000, visible=True)
    game.wait_settled()
    # Offered only once.
    page.reload()
    game.wait_settled(90_000)
    expect(page.locator("#tutorial-offer")).to_be_hidden()
    # Replayed from the menu during a game, skipped: the same game comes back.
    game.start(seed=4107, botseed=1, hands=2)
    person_move(game)
    kept = history_of(game.saved())
    page.click("#more-menu summary")
    page.click("#open-tutorial")
    wait_for_step(game, "0")
    page.click("#tutorial-skip")
    wait_for_match(page, "body[data-tutorial='']", 60_000, visible=True)
    game.wait_settled()
    assert history_of(game.saved()) == kept
    # The rules page links to the guided hand.
    page.goto(game.base_url + "rules.html")
    page.click("#guided-hand-link")
    wait_for_step(game, "0")
