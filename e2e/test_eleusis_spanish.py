"""A Spanish pass over the Eleusis page's two paths beyond plain play: the lab notebook during a
whole Express hand, and "You deal" (a rule built by clicks, the computer players hunting for it,
their thinking aloud). At every step the screen shows no English: no English catalog text
(i18n_check.english_left) and the rules in Spanish words, never the engine's English wording.
"""

from __future__ import annotations

from i18n_check import english_left
from pages.eleusis import EleusisPage
from pages.eleusis_lab import ANSWER_MS, build_rule
from pages.site import MOVE_MS, SPANISH, WAIT_MS, guarded_context, wait_for_match, wait_for_text
from playwright.sync_api import Browser, Page, expect

from leopard_core.games.eleusis.rule import Rule

EXPRESS_SEED = 7  # a short hand: a computer player guesses the rule after a few rounds
HYPOTHESIS = "differ(colour)"  # built by clicks below: "a card of another colour than the last"
DEALT = "same(parity)"  # built by clicks below: "a card of the same parity as the last"


def no_english(page: Page, *rules: str) -> None:
    """No English catalog text on screen, and none of ``rules`` in its English words."""
    assert english_left(page) == []
    shown = page.locator("body").inner_text()
    for rule in rules:
        assert Rule.parse(rule).wording("en") not in shown, rule


def test_the_notebook_and_you_deal_in_spanish_show_no_english(browser: Browser, site_url: str) -> None:
    with guarded_context(browser, site_url, language="es") as page:
        eleusis = EleusisPage(page, site_url)
        eleusis.start("express", EXPRESS_SEED)
        expect(page.locator("html")).to_have_attribute("lang", "es")
        no_english(page)
        # The notebook: a hypothesis built by clicks, in Spanish words, marks on the table.
        page.click("#open-notebook")
        notebook = page.locator("#notebook-panel .lab-notebook")
        build_rule(notebook, "match", {"sameness": "differ", "attribute": "colour"})
        wait_for_match(page, "#notebook-panel .lab-notebook .rb-wording[data-state=ready]", ANSWER_MS)
        expect(notebook.locator(".rb-wording")).to_have_attribute("data-state", "ready")
        expect(notebook.locator(".rb-wording")).to_contain_text(Rule.parse(HYPOTHESIS).wording("es"))
        wait_for_match(page, "#hand [data-notebook]", ANSWER_MS, visible=True)
        no_english(page, HYPOTHESIS)
        eleusis.play_hand()
        wait_for_match(page, "#result[open]", WAIT_MS, visible=True)
        no_english(page, HYPOTHESIS)
        assert SPANISH["eleusis"]["end"]["title"] in page.locator("#result").inner_text()
        page.click("#result-settings")
        # You deal: the rule built by clicks, its words in Spanish, the computer players hunting.
        page.check("input[name=dealer][value=you]")
        page.select_option("#set-bots", "2")
        for seat in (1, 2):
            page.select_option(f"#set-level-{seat}", "novice")
        deal = page.locator("#you-deal-box")
        build_rule(deal, "match", {"sameness": "same", "attribute": "parity"})
        dealt_words = Rule.parse(DEALT).wording("es")
        wait_for_text(page, "#you-deal-box .rb-wording", dealt_words, ANSWER_MS)
        expect(deal.locator(".rb-wording")).to_contain_text(dealt_words)
        no_english(page, DEALT)
        start = deal.locator(".yd-start")
        wait_for_match(page, "#you-deal-box .yd-start:enabled", ANSWER_MS)
        expect(start).to_be_enabled()
        start.click()
        wait_for_match(page, "body[data-dealer=you]", ANSWER_MS, visible=True)
        page.wait_for_function(
            "() => Number(document.body.dataset.plays || 0) >= 4"
            " || document.body.dataset.phase === 'game-over'",
            timeout=MOVE_MS)
        expect(page.locator("#dealt-rule")).to_contain_text(dealt_words)
        # The computer players may end the hand at any moment, and the scores then cover the table:
        # the test waits for the end and opens Think aloud from the table behind the scores (a check
        # of whether the scores were open, then a click, lost that race under load).
        page.wait_for_function("() => document.body.dataset.phase === 'game-over'", timeout=ANSWER_MS * 4)
        page.click("#result-review")
        expect(page.locator("#result")).not_to_be_visible()
        page.click("#open-think")
        wait_for_match(page, "#think-body .thinker", ANSWER_MS, visible=True)
        expect(page.locator("#think-body .thinker").first).to_be_visible()
        no_english(page, DEALT, HYPOTHESIS)
