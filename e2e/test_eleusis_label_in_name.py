"""Label in Name (WCAG 2.5.3): a card button's accessible name contains what it shows. The hand's
buttons and the rules page's sandbox cards showed "Q♦" and were named by an aria-label "queen of
diamonds": Lighthouse listed them under label-content-name-mismatch (an axe rule it runs and axe
leaves off by default, so the other axe tests never saw it). Now their name is hidden text and
their face is hidden from screen readers, as the card game's hand does.
"""

from __future__ import annotations

from pages.eleusis import EleusisPage
from pages.eleusis_lab import open_eleusis_rules
from pages.site import AXE
from playwright.sync_api import Page

# The rule's failures, each as the start of the element's markup.
LABEL_IN_NAME = """() => axe.run(document, {runOnly: ['label-content-name-mismatch'],
  rules: {'label-content-name-mismatch': {enabled: true}}})
  .then(r => r.violations.flatMap(v => v.nodes.map(n => n.html.slice(0, 120))))"""


def label_in_name_failures(page: Page) -> list[str]:
    if page.evaluate("typeof axe === 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # evaluated, not a script tag: the page's CSP
    return list(page.evaluate(LABEL_IN_NAME))


def test_the_hands_cards_are_named_by_what_they_show(guarded_page: Page, site_url: str) -> None:
    """Seed 7's hand holds an ace, a jack and a king (letters a name in words does not contain)."""
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", 7)
    assert any(card[0] in "AJQK" for card in eleusis.hand()), eleusis.hand()
    assert label_in_name_failures(guarded_page) == []


def test_the_sandboxs_cards_are_named_by_what_they_show(guarded_page: Page, site_url: str) -> None:
    sandbox = open_eleusis_rules(guarded_page, site_url)
    cards = sandbox.locator(".sb-hand .lab-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert any(card[0] in "AJQK" for card in cards), cards
    assert label_in_name_failures(guarded_page) == []
