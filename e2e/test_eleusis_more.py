"""Eleusis (eleusis.html): the Statistics dialog counts a hand finished by clicks (once, also after a
reload at its end), a damaged statistics store is set aside without a crash, Undo takes back what
the rules allow (docs/eleusis-rules.md E18) by clicks and by Ctrl+Z (only while Undo is offered,
as How to play says), and the Settings dialog's choices persist.

The seeded hand: Express, seed 7, two novice computer players, an easy rule. The starter is 9H and
the person holds AH AD 6H 6D 7H 8S 8C 9D 9C 10H JD KS; the secret rule is "play a card of odd
value". The person plays AH (right), then guesses the rule, built by clicks: the hand ends with the
rule found after 2 mainline cards (9H, AH), the person scoring 12 - 11 + 6 = 7 against 0 and 0.
"""

from __future__ import annotations

import pytest
from pages.eleusis import EleusisPage
from pages.eleusis_lab import build_rule
from pages.site import MOVE_MS, wait_for_match
from playwright.sync_api import Page, expect

SEED = 7
NONE = "\u2013"  # the dialog's dash for a figure with no hand behind it
STATS_KEY = "leopard.eleusis.stats.v1"


def stats_row(page: Page, figure: str) -> list[str]:
    """The Statistics dialog's figures of a row: hands, won, found, average cards, fewest cards."""
    return list(page.locator(f"#stats-rows tr[data-figure={figure}] td").all_inner_texts())


def open_from_menu(page: Page, item: str, dialog: str) -> None:
    page.click("#more-menu > summary")
    page.click(f"#{item}")
    expect(page.locator(f"#{dialog}")).to_have_attribute("open", "")


def find_the_rule(eleusis: EleusisPage) -> None:
    """Play AH (right) and guess "odd" with the rule builder, by clicks."""
    eleusis.click_and_wait("#hand button[data-card='AH']:not(:disabled)")
    assert eleusis.hand_phase() == "guess"
    build_rule(eleusis.page.locator("#guess-builder"), "feature", {"feature": "odd"})
    eleusis.click_and_wait("#guess-rule")
    assert eleusis.phase() == "game-over"


def test_a_found_rule_is_counted_once_and_survives_a_reload(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", SEED)
    find_the_rule(eleusis)
    page = eleusis.page
    page.click("#result-review")
    open_from_menu(page, "open-stats", "stats")
    assert stats_row(page, "easy") == ["1", "1", "1", "2", "2"]
    assert stats_row(page, "all") == ["1", "1", "1", "2", "2"]
    assert stats_row(page, "medium") == ["0", "0", "0", NONE, NONE]
    expect(page.locator("#stats-empty")).to_be_hidden()
    page.click("#stats-close")
    eleusis.open()  # the kept game, over: its end is shown again and recorded again
    expect(page.locator("#result")).to_have_attribute("open", "")
    page.click("#result-review")
    open_from_menu(page, "open-stats", "stats")
    assert stats_row(page, "easy") == ["1", "1", "1", "2", "2"]
    page.select_option("#stats-game", "eleusis")
    assert stats_row(page, "all") == ["0", "0", "0", NONE, NONE]


def test_a_damaged_statistics_store_is_set_aside(guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    good = ('{"id":"g:0","game":"eleusis","difficulty":"hard","found":true,"cards":12,"won":false,'
            '"score":3,"finished_at":"2026-11-25T02:00:00Z"}')
    store = '{"format":"leopard-eleusis-stats","version":1,"records":[' + good + ',null,"junk",[[[]]]]}'
    page.goto(f"{site_url}eleusis.html?boot=snapshot")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [STATS_KEY, store])
    eleusis = EleusisPage(page, site_url)
    eleusis.open()
    open_from_menu(page, "open-stats", "stats")
    assert stats_row(page, "hard") == ["1", "0", "1", "12", "12"]
    left_out = "3 damaged hands in your Eleusis statistics were left out"
    expect(page.locator("#notice-text")).to_contain_text(left_out)
    page.click("#stats-close")
    page.evaluate("([key]) => localStorage.setItem(key, '{not json')", [STATS_KEY])
    open_from_menu(page, "open-stats", "stats")
    expect(page.locator("#stats-empty")).to_be_visible()
    aside = page.evaluate("() => Object.keys(localStorage).filter((k) => k.includes('eleusis-stats')).length")
    assert aside == 2


@pytest.mark.parametrize("undo_by", ["click", "Control+z"])
def test_undo_takes_back_not_now_but_never_a_judged_card(
        guarded_page: Page, site_url: str, undo_by: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    # &pace=3000: three seconds before each computer move, the time to take "Not now" back.
    eleusis.open(f"?game=express&bots=2&level=novice&difficulty=easy&seed={SEED}&pace=3000")
    page = eleusis.page
    eleusis.click_and_wait("#hand button[data-card='AH']:not(:disabled)")
    expect(page.locator("#undo-move")).to_be_hidden()  # the card was judged: final
    page.click("#skip-guess")
    if undo_by == "click":
        page.click("#undo-move")
    else:
        expect(page.locator("#undo-move")).to_be_visible()  # "Not now" is with the engine: undoable
        page.keyboard.press(undo_by)
    wait_for_match(page, "body[data-phase=your-turn][data-hand-phase=guess]", MOVE_MS, visible=True)
    expect(page.locator("#guess-box")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Taken back")
    assert eleusis.mainline() == ["9H", "AH"] and len(eleusis.hand()) == 11


def test_undo_unpicks_the_last_card_of_a_string(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("eleusis", 3)
    page = eleusis.page
    page.click("#hand button[data-index='0']")
    page.click("#hand button[data-index='1']")
    expect(page.locator("#play-selected")).to_have_text("Play 2 cards")
    page.click("#undo-move")
    expect(page.locator("#play-selected")).to_have_text("Play 1 card")
    page.click("#undo-move")
    expect(page.locator("#undo-move")).to_be_hidden()


def test_the_undo_key_unpicks_only_while_undo_is_offered(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("eleusis", 3)
    page = eleusis.page
    hand = eleusis.hand()
    page.keyboard.press("Control+z")  # nothing to take back: nothing happens
    assert eleusis.hand() == hand and eleusis.hand_phase() == "play"
    page.click("#hand button[data-index='0']")
    page.click("#hand button[data-index='1']")
    page.click("#hand button[data-index='2']")
    expect(page.locator("#play-selected")).to_have_text("Play 3 cards")
    page.keyboard.press("Control+z")
    expect(page.locator("#play-selected")).to_have_text("Play 2 cards")
    page.keyboard.press("Meta+z")  # a Mac's Command key
    expect(page.locator("#play-selected")).to_have_text("Play 1 card")
    page.keyboard.press("Control+Shift+z")  # redo elsewhere: not undo
    page.click("#open-rules")
    expect(page.locator("#rules")).to_contain_text("Ctrl+Z (⌘Z on a Mac)")
    page.keyboard.press("Control+z")  # a dialog is open: the key is not the table's
    page.click("#rules-close")
    expect(page.locator("#play-selected")).to_have_text("Play 1 card")
    page.keyboard.press("Control+z")
    expect(page.locator("#undo-move")).to_be_hidden()


def test_settings_persist_and_bad_values_are_ignored(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", SEED)
    page = eleusis.page
    open_from_menu(page, "open-settings", "settings")
    page.select_option("#pref-theme", "light")
    page.select_option("#pref-speed", "slow")
    page.check("#pref-think")
    page.select_option("#pref-game", "eleusis")
    page.select_option("#pref-bots", "4")
    page.select_option("#pref-level-2", "expert")
    page.select_option("#pref-difficulty", "hard")
    page.click("#settings-close")
    eleusis.open()
    assert page.locator("html").get_attribute("data-theme") == "light"
    expect(page.locator("#think-panel")).to_be_visible()
    open_from_menu(page, "open-settings", "settings")
    expect(page.locator("#pref-speed")).to_have_value("slow")
    expect(page.locator("#pref-game")).to_have_value("eleusis")
    expect(page.locator("#pref-bots")).to_have_value("4")
    expect(page.locator("#pref-level-2")).to_have_value("expert")
    expect(page.locator("#pref-difficulty")).to_have_value("hard")
    assert page.locator("#pref-think").is_checked()
    page.click("#settings-close")
    page.evaluate("""() => {
      localStorage.setItem("leopard.eleusis.settings.v1",
        '{"game": 5, "bots": 99, "levels": "x", "difficulty": []}');
      localStorage.setItem("leopard.eleusis.page.v1", "[1, 2");
    }""")
    eleusis.open()
    expect(page.locator("#think-panel")).to_be_hidden()
    open_from_menu(page, "open-settings", "settings")
    expect(page.locator("#pref-game")).to_have_value("express")
    expect(page.locator("#pref-bots")).to_have_value("3")
    expect(page.locator("#pref-difficulty")).to_have_value("medium")
