"""The end of an Eleusis hand replays the mainline card by card (each card slides in after the one
before it); a person who asks their system for less motion gets the whole mainline at once, as the
table's own animations do. The media rule that stops it used to come before the rule that starts
it, with the same selector, so it lost and the cards still slid in one by one from nothing.
"""

from __future__ import annotations

from pages.eleusis import EleusisPage
from pages.site import guarded_context
from playwright.sync_api import Browser, expect

# Each replayed card: its animation's name and its opacity now.
REPLAYED = """() => [...document.querySelectorAll('#result-replay .replay-step')].map(step => {
  const style = getComputedStyle(step);
  return [style.animationName, style.opacity];
})"""


def test_the_replay_is_still_when_the_person_asks_for_less_motion(browser: Browser, site_url: str) -> None:
    with guarded_context(browser, site_url, reduced_motion="reduce",
                         viewport={"width": 1366, "height": 768}) as page:
        eleusis = EleusisPage(page, site_url)
        eleusis.start("express", 3)
        eleusis.play_hand()
        expect(page.locator("#result")).to_be_visible()
        steps = page.evaluate(REPLAYED)
        assert len(steps) > 5, "the mainline is replayed"
        assert [step for step in steps if step != ["none", "1"]] == []
