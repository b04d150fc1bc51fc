"""Eleusis (eleusis.html): nothing a player did is lost on leaving. The person's move, made just
before the page is reloaded or its tab closed while the worker's keep of it waits (the store held
from another page, pages.kept.hold_kept_store), is on the table on the next visit, with the computer
players' answers the engine gives to it (they decide from their seeds): a card, a string of cards,
"No play" and a guess of the rule built by clicks.

The seeded hands: Express, seed 7, two novice computer players, an easy rule ("play a card of odd
value"; the person holds AH AD 6H 6D 7H 8S 8C 9D 9C 10H JD KS after the starter 9H, see
test_eleusis_more.py); Eleusis, seed 3 (test_eleusis.py's short hand).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pages.eleusis import SETTLED, EleusisPage, new_args
from pages.eleusis_lab import ANSWER_MS, build_rule
from pages.kept import hold_kept_store, kept_text, release_kept_store
from pages.site import PYTHON_START_MS, WAIT_MS, wait_for_match
from playwright.sync_api import Page, expect

from leopard_core.games.eleusis.moves import Move
from leopard_core.games.eleusis.rule import Rule
from leopard_core.games.eleusis.session import EleusisSession

KEPT_KEY = "eleusis.game"  # the game's save in the worker's store (web/js/games/eleusis/main.js)
EXPRESS_SEED = 7
ELEUSIS_SEED = 3


def kept_moves(page: Page) -> list[str]:
    """Every move of the game the worker keeps now, in the table's notation (E15)."""
    text = kept_text(page, KEPT_KEY)
    assert text is not None, "a game is kept"
    return [str(move) for move in EleusisSession.restore(text).table.history]


def played_natively(args: dict[str, object], moves: list[str]) -> list[str]:
    """The seeded game of ``args`` with the person's ``moves``, the computer players answering
    each, until the person's turn after the last (or the hand's end): every move, in order."""
    session = EleusisSession.new(args)
    for move in moves:
        session.persons_move(Move.parse(move))
        while (mover := session.table.to_move()) is not None and mover != 0:
            session.bot_move()
    return [str(move) for move in session.table.history]


def leave_as_the_move_is_sent(eleusis: EleusisPage, act: Callable[[], None], leave: str,
                              back_when: str = SETTLED) -> EleusisPage:
    """Do ``act`` (the person's move by clicks) while the worker cannot keep the game, leave the
    page at once as ``leave`` says (reload, or close the tab and open the page again), and return
    the page of the next visit once it shows ``back_when`` (by default: once it has settled)."""
    assert eleusis.saved() > 0, "the game is kept: the worker's store exists"
    holder = eleusis.page.context.new_page()
    holder.goto(f"{eleusis.base_url}data/hunt-board.json")  # the site's origin, no engine
    hold_kept_store(holder)
    act()
    # the click was taken: the move is on its way
    wait_for_match(eleusis.page, "body[data-phase=busy]", WAIT_MS)
    page = eleusis.page
    if leave == "reload":
        page.reload(wait_until="commit")
    else:
        page.close()
        page = holder.context.new_page()
        page.goto(f"{eleusis.base_url}eleusis.html?pace=0&boot=snapshot", wait_until="commit")
    release_kept_store(holder)
    back = EleusisPage(page, eleusis.base_url)
    wait_for_match(page, back_when, PYTHON_START_MS)
    holder.close()
    return back


@pytest.mark.parametrize("leave", ["reload", "close"])
def test_a_card_played_as_the_page_is_left_is_on_the_table_on_return(
    guarded_page: Page, site_url: str, leave: str,
) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", EXPRESS_SEED)
    assert eleusis.mainline() == ["9H"]
    back = leave_as_the_move_is_sent(
        eleusis, lambda: eleusis.page.click("#hand button[data-card='AH']"), leave)
    assert back.mainline() == ["9H", "AH"], "the card played is on the table"
    assert back.hand_phase() == "guess", "and the person may guess after their right play, as before"
    assert kept_moves(back.page) == played_natively(new_args("express", EXPRESS_SEED), ["play AH"])


def test_a_guess_made_as_the_page_is_left_is_judged_on_return(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", EXPRESS_SEED)
    eleusis.click_and_wait("#hand button[data-card='AH']:not(:disabled)")
    assert eleusis.hand_phase() == "guess"
    build_rule(eleusis.page.locator("#guess-builder"), "feature", {"feature": "odd"})
    expect(eleusis.page.locator("#guess-rule")).to_be_enabled()
    back = leave_as_the_move_is_sent(eleusis, lambda: eleusis.page.click("#guess-rule"), "reload")
    assert back.phase() == "game-over", "the guess found the rule: the hand is over"
    expect(back.page.locator("#result")).to_have_attribute("open", "")
    expected = played_natively(new_args("express", EXPRESS_SEED), ["play AH", "guess odd"])
    assert kept_moves(back.page) == expected


def test_a_no_play_called_as_the_page_is_left_is_on_the_table_on_return(
    guarded_page: Page, site_url: str,
) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", EXPRESS_SEED)
    held = len(eleusis.hand())
    back = leave_as_the_move_is_sent(eleusis, lambda: eleusis.page.click("#no-play"), "reload")
    expected = played_natively(new_args("express", EXPRESS_SEED), ["noplay"])
    assert kept_moves(back.page) == expected
    assert expected[0] == "noplay"
    assert len(back.hand()) != held, "the wrong No play's hand is changed, as the rules say (E6)"


def test_a_string_played_as_the_page_is_left_is_on_the_table_on_return(
    guarded_page: Page, site_url: str,
) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("eleusis", ELEUSIS_SEED)
    cards = eleusis.playable()[:2]
    for index in eleusis._indexes(cards):
        eleusis.page.click(f"#hand button[data-index='{index}']")
    expect(eleusis.page.locator("#play-selected")).to_be_enabled()
    before = eleusis.mainline() + eleusis.wrong_cards()
    back = leave_as_the_move_is_sent(eleusis, lambda: eleusis.page.click("#play-selected"), "reload")
    expected = played_natively(new_args("eleusis", ELEUSIS_SEED), ["play " + " ".join(cards)])
    assert kept_moves(back.page) == expected
    on_table = back.mainline() + back.wrong_cards()
    assert all(on_table.count(card) > before.count(card) for card in cards), "the string is on the table"


def test_rules_being_built_are_there_as_they_were_left_after_a_reload(
    guarded_page: Page, site_url: str,
) -> None:
    """A half-built guess and the notebook's hypothesis are kept as they are built: a reload shows
    them as the person left them, on the same hand."""
    eleusis = EleusisPage(guarded_page, site_url)
    page = eleusis.page
    eleusis.start("express", EXPRESS_SEED)
    eleusis.click_and_wait("#hand button[data-card='AH']:not(:disabled)")
    assert eleusis.hand_phase() == "guess"
    guess = page.locator("#guess-builder")
    build_rule(guess, "if")
    guess.locator(".rb-place[data-depth='1']").nth(0).locator(".rb-family").select_option("cond_feature")
    guess.locator(".rb-place[data-depth='1'] .rb-choice[data-part=feature]").first.select_option("face")
    page.click("#open-notebook")
    notebook = page.locator("#notebook-panel .lab-notebook")
    build_rule(notebook, "match", {"sameness": "differ", "attribute": "colour"})
    page.reload()
    eleusis.wait_settled()
    assert eleusis.hand_phase() == "guess"
    expect(guess.locator(".rb-place[data-depth='0'] > .rb-head .rb-family")).to_have_value("if")
    nested = guess.locator(".rb-place[data-depth='1']")
    expect(nested.nth(0).locator(".rb-family")).to_have_value("cond_feature")
    expect(nested.nth(0).locator(".rb-choice[data-part=feature]")).to_have_value("face")
    expect(nested.nth(1).locator(".rb-family")).to_have_value("")
    expect(guess.locator(".rb-wording")).to_have_attribute("data-state", "incomplete")
    expect(page.locator("#guess-rule")).to_be_disabled()
    page.click("#open-notebook")
    expect(notebook.locator(".rb-place[data-depth='0'] > .rb-head .rb-family")).to_have_value("match")
    expect(notebook.locator(".rb-choice[data-part=sameness]")).to_have_value("differ")
    expect(notebook.locator(".rb-wording")).to_have_attribute("data-state", "ready")


def test_the_rule_dealt_for_a_whole_games_last_hand_as_the_page_is_left_is_dealt_on_return(
    guarded_page: Page, site_url: str,
) -> None:
    """A whole game (E13): the person builds the last hand's rule in the Deal dialog and deals it
    just before the page is reloaded: on return they deal it still, and the computer players play."""
    eleusis = EleusisPage(guarded_page, site_url)
    page = eleusis.page
    eleusis.open(f"?game=express&bots=2&level=novice&difficulty=easy&seed={EXPRESS_SEED}&pace=0&whole=1")
    assert eleusis.play_hand()  # Computer 1 deals the first hand, Computer 2 the second
    page.click("#result-next")
    expect(page.locator("#hand-of-game")).to_have_text("Hand 2 of 3")
    wait_for_match(page, "body[data-phase=your-turn]", WAIT_MS)
    assert eleusis.play_hand()
    page.click("#result-next")
    expect(page.locator("#deal")).to_have_attribute("open", "")
    deal = page.locator("#deal-box")
    build_rule(deal, "match", {"sameness": "differ", "attribute": "colour"})
    start = deal.locator(".yd-start")
    wait_for_match(page, "#deal-box .yd-start:enabled", ANSWER_MS)
    expect(start).to_be_enabled()
    # Back once the person deals (or, the rule lost, once the sheet waits between hands again).
    back_when = "body[data-dealer=you], body[data-phase=between-hands]"
    back = leave_as_the_move_is_sent(eleusis, start.click, "reload", back_when=back_when)
    expect(back.page.locator("body")).to_have_attribute("data-dealer", "you")
    expect(back.page.locator("#dealt-rule")).to_contain_text(Rule.parse("differ(colour)").wording("en"))
    expect(back.page.locator("#hand-of-game")).to_have_text("Hand 3 of 3")
