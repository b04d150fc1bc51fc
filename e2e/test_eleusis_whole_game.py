"""Eleusis (eleusis.html): a whole game in which every player deals one hand (docs/eleusis-rules.md
E13), played by clicks, and the New game dialog's choice of it.

The seeded game: Express, seed 7, the person and two novice computer players, easy rules. Computer
1 deals the first hand and Computer 2 the second (the person plays both, as EleusisPage.take_turn
does); the person deals the last, "another colour than the last card" built by clicks in the Deal
dialog, and watches. Each hand's end-of-hand sheet gives every seat's score (the dealer's as
dealer); the test adds them up itself and checks the running totals on each sheet and, at the end,
the winner named with their total (E13.1). The game is reloaded in the middle of the second hand,
between the second and the third, during the person's own hand and at the end: it goes on where it
was, and the person's two hands are counted once each in the statistics. The same game in Spanish
shows no English on its sheets and in the Deal dialog, and names the winner in Spanish.

Glossary:
    sheet   -- the end-of-hand dialog (#result): between hands it offers "Next hand" (#result-next)
               and no "Play again"; the whole game's totals are its #result-game section.
"""

from __future__ import annotations

import re

from i18n_check import english_left
from pages.eleusis import EleusisPage
from pages.eleusis_lab import ANSWER_MS, build_rule
from pages.site import MOVE_MS, guarded_context, wait_for_match, wait_for_text
from playwright.sync_api import Browser, Page, expect

from leopard_core.games.eleusis.rule import Rule

SEED = 7
PLAYERS = 3
NAMES = ["You", "Computer 1", "Computer 2"]
SPANISH_NAMES = ["Tú", "Máquina 1", "Máquina 2"]
DEALT = "differ(colour)"  # the person's rule, built below by clicks


def hands_counted(page: Page) -> str:
    """The Statistics dialog's "Hands played" of every difficulty together, opened from the ⋮ menu."""
    page.click("#more-menu > summary")
    page.click("#open-stats")
    expect(page.locator("#stats")).to_have_attribute("open", "")
    hands = page.locator("#stats-rows tr[data-figure=all] td").first.inner_text()
    page.click("#stats-close")
    return hands


def start_whole_game(eleusis: EleusisPage) -> None:
    eleusis.open(f"?game=express&bots=2&level=novice&difficulty=easy&seed={SEED}&pace=0&whole=1")


def number(text: str) -> int:
    return int(re.search(r"-?\d+", text).group())  # type: ignore[union-attr]


def sheet_scores(page: Page) -> dict[int, int]:
    """Each seat's score of the hand, as the sheet shows it."""
    expect(page.locator("#result")).to_have_attribute("open", "")
    return points_by_seat(page, "#result-scores li")


def sheet_totals(page: Page) -> dict[int, int]:
    """The whole game's totals, as the sheet shows them."""
    return points_by_seat(page, "#result-game .game-totals li")


def points_by_seat(page: Page, rows_selector: str) -> dict[int, int]:
    """The points of each row (a seat's) of a list on the sheet."""
    rows = page.locator(rows_selector)
    return {int(str(row.get_attribute("data-seat"))): number(row.locator(".points").inner_text())
            for row in rows.all()}


def check_the_sheet_between_hands(page: Page, totals: list[int], played: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-phase", "between-hands")
    expect(page.locator("#result-next")).to_be_visible()
    expect(page.locator("#result-again")).to_be_hidden()
    expect(page.locator("#result-game")).to_contain_text(f"{played} of {PLAYERS} hands played")
    assert sheet_totals(page) == dict(enumerate(totals))
    expect(page.locator("#game-winner")).to_have_count(0)


def play_a_computers_hand(eleusis: EleusisPage, dealer: int, totals: list[int]) -> None:
    """The person plays the hand dealt by the computer player ``dealer`` to its end."""
    page = eleusis.page
    expect(page.locator(f"#players li[data-seat='{dealer}'] .badge.dealer")).to_be_visible()
    assert eleusis.hand(), "the person holds cards in a hand they do not deal"
    assert eleusis.play_hand(), "the person played"
    scores = sheet_scores(page)
    assert sorted(scores) == list(range(PLAYERS))
    expect(page.locator(f"#result-scores li[data-seat='{dealer}'] .why")).to_have_text("as the dealer")
    for seat, score in scores.items():
        totals[seat] += score


def test_a_whole_game_every_player_deals_once_by_clicks(guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    eleusis = EleusisPage(page, site_url)
    start_whole_game(eleusis)
    totals = [0] * PLAYERS
    expect(page.locator("#hand-of-game")).to_have_text(f"Hand 1 of {PLAYERS}")

    play_a_computers_hand(eleusis, 1, totals)
    check_the_sheet_between_hands(page, totals, 1)
    next_dealer = page.locator("#result-game .next-dealer")
    expect(next_dealer).to_have_text("Next hand: Computer 2 deals a secret rule.")
    page.keyboard.press("Escape")  # the sheet closed, the table's own button deals the next hand
    expect(page.locator("#result")).not_to_have_attribute("open", "")
    expect(page.locator("#next-hand")).to_be_enabled()
    page.click("#next-hand")
    eleusis.wait_settled()
    expect(page.locator("#hand-of-game")).to_have_text(f"Hand 2 of {PLAYERS}")
    assert eleusis.mainline() and eleusis.phase() == "your-turn"

    eleusis.take_turn()  # then a reload in the middle of the hand: the same table comes back
    before = (eleusis.mainline(), eleusis.hand(), eleusis.wrong_cards())
    eleusis.open()
    assert (eleusis.mainline(), eleusis.hand(), eleusis.wrong_cards()) == before
    play_a_computers_hand(eleusis, 2, totals)
    check_the_sheet_between_hands(page, totals, 2)
    expect(next_dealer).to_have_text("Next hand, the last of the game: you deal.")

    # A reload between hands: the sheet of the hand just played again. The computer players now
    # wait 1.5 s before each move, so that the person's own hand can be reloaded while it is played.
    eleusis.open("?pace=1500")
    check_the_sheet_between_hands(page, totals, 2)
    page.click("#result-next")
    deal = page.locator("#deal-box")
    expect(page.locator("#deal")).to_have_attribute("open", "")
    build_rule(deal, "match", {"sameness": "differ", "attribute": "colour"})
    wait_for_match(page, "#deal-box .rb-band", ANSWER_MS, visible=True)
    expect(deal.locator(".rb-band")).to_be_visible()   # its difficulty, as in You deal
    start = deal.locator(".yd-start")
    wait_for_match(page, "#deal-box .yd-start:enabled", ANSWER_MS)
    expect(start).to_be_enabled()
    start.click()
    wait_for_match(page, "body[data-dealer=you][data-phase=bot-turn]", MOVE_MS, visible=True)
    eleusis.open("?pace=0")  # a reload during the person's hand: they deal it still, and watch on
    expect(page.locator("#dealt-rule")).to_contain_text(Rule.parse(DEALT).wording("en"))
    expect(page.locator("#hand-of-game")).to_have_text(f"Hand 3 of {PLAYERS}")
    wait_for_match(page, "body[data-phase=game-over]", MOVE_MS * 3, visible=True)

    expect(page.locator("#dealt-rule")).to_contain_text(Rule.parse(DEALT).wording("en"))
    expect(page.locator("#result-rule")).to_have_text(Rule.parse(DEALT).wording("en"))
    expect(page.locator("#result-scores li[data-seat='0'] .why")).to_have_text("as the dealer")
    for seat, score in sheet_scores(page).items():
        totals[seat] += score
    expect(page.locator("#result-title")).to_have_text("The end of the game")
    assert sheet_totals(page) == dict(enumerate(totals))
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    assert len(winners) == 1, f"the seeded game has one winner: {totals}"
    winner = page.locator("#game-winner")
    if winners[0] == 0:
        expect(winner).to_have_text(f"You win the game with {best} points!")
    else:
        expect(winner).to_have_text(f"{NAMES[winners[0]]} wins the game with {best} points.")
    expect(page.locator("#result-next")).to_be_hidden()
    expect(page.locator("#result-again")).to_be_visible()
    expect(page.locator("#turn")).to_have_text("The game is over")

    page.click("#result-review")  # the person's two hands are counted once each, their own dealt hand not
    assert hands_counted(page) == "2"
    eleusis.open()  # a reload at the game's end: the final sheet again, nothing counted twice
    expect(page.locator("#game-winner")).to_be_visible()
    assert sheet_totals(page) == dict(enumerate(totals))
    page.click("#result-review")
    assert hands_counted(page) == "2"


def test_the_new_game_dialog_offers_the_whole_game_but_not_to_a_classroom(
        guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    eleusis = EleusisPage(page, site_url)
    eleusis.start("express", SEED)
    expect(page.locator("#hand-of-game")).to_be_hidden()         # a single hand says nothing of a game
    page.click("#open-new-game")
    dialog = page.locator("#new-game")
    expect(dialog.locator("#set-theme, #set-sound")).to_have_count(0)   # the Settings dialog keeps them
    whole = dialog.locator("input[name=dealer][value=all]")
    expect(dialog.locator("#whole-game-hint")).to_have_text(
        "Every player deals one hand, you last; the highest total wins.")
    page.check("input[name=players][value=classroom]")
    expect(whole).to_be_disabled()
    expect(dialog.locator("#whole-game-why")).to_contain_text("A whole game is for one person")
    page.check("input[name=players][value=one]")
    expect(whole).to_be_enabled()
    whole.check()
    expect(page.locator("#difficulty-choice")).to_be_visible()   # the computer dealers' rules
    page.select_option("#set-bots", "3")
    for seat in (1, 2, 3):
        page.select_option(f"#set-level-{seat}", "novice")
    page.click("#new-game-start")
    wait_for_text(page, "#hand-of-game", "Hand 1 of 4", MOVE_MS, exactly=True)
    expect(page.locator("#hand-of-game")).to_have_text("Hand 1 of 4")
    wait_for_match(page, "#players li[data-seat='1'] .badge.dealer", MOVE_MS, visible=True)
    expect(page.locator("#players li[data-seat='1'] .badge.dealer")).to_be_visible()
    eleusis.wait_settled()
    page.click("#open-new-game")
    expect(whole).to_be_checked()                                # the game on the table is a whole game


def test_the_whole_game_in_spanish_shows_no_english(browser: Browser, site_url: str) -> None:
    with guarded_context(browser, site_url, language="es") as page:
        eleusis = EleusisPage(page, site_url)
        start_whole_game(eleusis)
        expect(page.locator("#hand-of-game")).to_have_text(f"Mano 1 de {PLAYERS}")
        totals = [0] * PLAYERS
        for dealer in (1, 2):
            eleusis.play_hand()
            for seat, score in sheet_scores(page).items():
                totals[seat] += score
            why = page.locator(f"#result-scores li[data-seat='{dealer}'] .why")
            expect(why).to_have_text("como repartidor")
            so_far = f"La partida hasta ahora: {dealer} de 3 manos jugadas"
            expect(page.locator("#result-game h3")).to_have_text(so_far)
            assert english_left(page) == []
            page.click("#result-next")
            if dealer == 1:
                eleusis.wait_settled()
        expect(page.locator("#deal")).to_have_attribute("open", "")
        deal = page.locator("#deal-box")
        build_rule(deal, "match", {"sameness": "differ", "attribute": "colour"})
        words = Rule.parse(DEALT).wording("es")
        wait_for_text(page, "#deal-box .rb-wording", words, ANSWER_MS)
        expect(deal.locator(".rb-wording")).to_contain_text(words)
        assert english_left(page) == []
        start = deal.locator(".yd-start")
        wait_for_match(page, "#deal-box .yd-start:enabled", ANSWER_MS)
        expect(start).to_be_enabled()
        start.click()
        wait_for_match(page, "body[data-phase=game-over]", MOVE_MS * 3, visible=True)
        for seat, score in sheet_scores(page).items():
            totals[seat] += score
        best = max(totals)
        winner = totals.index(best)
        expect(page.locator("#result-title")).to_have_text("Fin de la partida")
        expect(page.locator("#turn")).to_have_text("La partida ha terminado")
        expected = f"¡Ganas la partida con {best} puntos!" if winner == 0 \
            else f"{SPANISH_NAMES[winner]} gana la partida con {best} puntos."
        expect(page.locator("#game-winner")).to_have_text(expected)
        assert english_left(page) == []
