"""The guided hand on a small phone (360x640): at every step the panel's box meets neither square
nor what the step asks the person to click (the card in the hand, the place it goes, Go out), and
its text lies whole inside it. At the step of the jack for the computer's square and at going out,
the panel (folded) was a few pixels too tall for the middle column and was put over the person's
own square. Measured with bounding boxes, in English and Spanish (Spanish texts are longer).
"""

from __future__ import annotations

import pytest
from pages.leopard import game_in, play_by_clicks
from pages.site import PYTHON_START_MS, wait_for_match
from playwright.sync_api import Browser

STEPS = 10
# The boxes the panel's box meets, by name ([] when it meets none): both squares, and the card and
# place of every move the step accepts (a move is "CARD to SIDE SPACE", or "out").
MET_BY_THE_PANEL = """accepted => {
  const box = e => e.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const named = {'the computer\\'s square': document.querySelector('#opp-square .square'),
                 'the person\\'s square': document.querySelector('#own-square .square')};
  for (const move of accepted) {
    if (move === 'out') { named['Go out'] = document.getElementById('go-out'); continue; }
    const [card, , side, space] = move.split(' ');
    named[card] = document.querySelector(`#hand .hand-card[data-card='${card}']`);
    named[`${side} ${space}`] = document.getElementById(`${side}-space-${space}`);
  }
  const panel = box(document.getElementById('tutorial-panel'));
  const missing = Object.keys(named).filter(k => !named[k]).map(k => k + ' missing');
  return [...missing, ...Object.keys(named).filter(k => named[k] && meets(panel, box(named[k])))];
}"""
TEXT_CUT = """() => { const p = document.getElementById('tutorial-panel');
  return p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1; }"""
CARDS_AT_REST = "() => document.getAnimations().every(a => !a.id.startsWith('motion-'))"


@pytest.mark.parametrize("language", ["en", "es"])
def test_guided_hand_panel_meets_neither_square_nor_its_target_on_a_small_phone(
        browser: Browser, site_url: str, language: str) -> None:
    with game_in(browser, site_url, viewport={"width": 360, "height": 640}, is_mobile=True,
                 has_touch=True, language=language) as game:
        page = game.page
        game.open("?tutorial=1&pace=0")
        for step in range(STEPS):
            wait_for_match(page, f"body[data-tutorial='{step}']", PYTHON_START_MS, visible=True)
            game.wait_settled()
            page.wait_for_function(CARDS_AT_REST)
            accepted = str(page.locator("#tutorial-panel").get_attribute("data-accepted")).split("|")
            assert page.evaluate(MET_BY_THE_PANEL, accepted) == [], (language, step, accepted)
            assert not page.evaluate(TEXT_CUT), (language, step)
            play_by_clicks(game, accepted[0])
        wait_for_match(page, "body[data-tutorial='done']", PYTHON_START_MS, visible=True)
