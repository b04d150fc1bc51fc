"""The Eleusis page's start in a shared engine: the computer players are made in slices while the
person already reads the hand, and the status line says so in plain words; the Eleusis table in a
frame (embed.html?game=eleusis) plays a whole Express hand by clicks as the engine does, and a bad
setting in its address gets a notice and the default.

Each test has a fresh browser context, so a fresh shared worker in which no computer player's
hypothesis space is built yet (the slow part being tested).
"""

from __future__ import annotations

from typing import Any

from i18n_check import PSEUDO, english_left, hard_coded
from pages.eleusis import replay_natively
from pages.site import ENGLISH, MOVE_MS, PYTHON_START_MS, SPANISH, guarded_context, wait_for_match
from playwright.sync_api import Browser, Page, expect

from leopard_core.games.eleusis.rule import Rule

# Every text the status line shows, with how many cards of the hand were drawn at that moment.
STATUS_LOG = """
window.__statusLog = [];
new MutationObserver(() => {
  const status = document.getElementById("status");
  if (!status) return;
  const entry = [status.textContent, document.querySelectorAll("#hand button").length];
  const last = window.__statusLog[window.__statusLog.length - 1];
  if (!last || last[0] !== entry[0] || last[1] !== entry[1]) window.__statusLog.push(entry);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
EMBED_SEED = 5
EMBED_SETTLED = "main[data-turn=your-turn], main[data-turn=game-over]"


def test_the_status_line_says_the_computer_players_are_getting_ready_over_a_readable_hand(
        guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    page.add_init_script(STATUS_LOG)
    page.goto(f"{site_url}eleusis.html?game=express&bots=3&levels=novice,scientist,expert"
              "&difficulty=easy&seed=4&pace=0&boot=snapshot")
    wait_for_match(page, "body[data-phase=your-turn]", PYTHON_START_MS, visible=True)
    preparing = ENGLISH["eleusis"]["status"]["preparing"]
    page.wait_for_function(  # the sentence came, and went once the players were made
        "(text) => window.__statusLog.some((e) => e[0].includes(text))"
        " && document.body.dataset.waiting === ''",
        arg=preparing, timeout=MOVE_MS)
    log: list[list[Any]] = page.evaluate("() => window.__statusLog")
    waiting = [entry for entry in log if preparing in entry[0]]
    assert waiting, log
    assert any(cards == 12 for _, cards in waiting), f"the hand is readable while they get ready: {log}"
    assert preparing not in page.locator("#status").inner_text(), "the sentence goes once they are ready"
    # The person's card is played and judged; the page waits for the person again.
    plays = int(page.locator("body").get_attribute("data-plays") or 0)
    page.locator("#hand button:not(:disabled)").first.click()
    page.wait_for_function(
        "(before) => Number(document.body.dataset.plays) > before"
        " && ['your-turn', 'game-over'].includes(document.body.dataset.phase)", arg=plays, timeout=MOVE_MS)


def embed_args(seed: int) -> dict[str, Any]:
    """eleusis.new's arguments for the frame's settings below (its defaults: 2 scientists, easy)."""
    return {"game": "express", "bots": 2, "levels": ["novice", "novice"], "difficulty": "easy", "seed": seed}


def play_embed_hand(page: Page) -> list[str]:
    """Take the person's turns in the frame by clicks (the first playable card, "Not now" when
    offered a guess) until the hand is over; the moves, in the table's notation."""
    moves = []
    main = page.locator("main")
    for _ in range(300):
        wait_for_match(page, EMBED_SETTLED, MOVE_MS, visible=True)
        if main.get_attribute("data-turn") == "game-over":
            return moves
        plays = int(main.get_attribute("data-plays") or 0)
        if main.get_attribute("data-hand-phase") == "play":
            card = page.locator(".hand button:not(:disabled)").first
            moves.append(f"play {card.get_attribute('data-card')}")
            card.click()
            page.wait_for_function(
                "(before) => Number(document.querySelector('main').dataset.plays) > before", arg=plays,
                timeout=MOVE_MS)
        else:
            phase = main.get_attribute("data-hand-phase")
            moves.append("pass")
            # the frame offers a guess after a right play (E9.1): "Not now" goes on
            page.get_by_role("button", name=ENGLISH["eleusis"]["guess"]["skip"]).click()
            page.wait_for_function(
                "(before) => document.querySelector('main').dataset.handPhase !== before"
                " || document.querySelector('main').dataset.turn === 'game-over'", arg=phase, timeout=MOVE_MS)
    raise AssertionError("the hand did not end")


def test_the_eleusis_frame_plays_a_whole_express_hand_as_the_engine_does(
        guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    messages: list[str] = []
    page.on("console", lambda msg: messages.append(msg.text))
    page.goto(f"{site_url}embed.html?game=eleusis&level=novice&seed={EMBED_SEED}&pace=0&boot=snapshot")
    wait_for_match(page, EMBED_SETTLED, PYTHON_START_MS, visible=True)
    assert page.locator(".players .player").count() == 3
    assert page.locator(".hand button").count() == 12
    link = page.get_by_role("link", name=ENGLISH["embed"]["eleusis"]["credit"])
    assert (link.get_attribute("href") or "").endswith("/eleusis-rules.html")
    moves = play_embed_hand(page)
    native = replay_natively(embed_args(EMBED_SEED), moves).snapshot()
    result = native["results"][-1]
    words = Rule.parse(result["rule"]).wording("en")
    expect(page.locator(".embed-verdict")).to_contain_text(words)
    drawn = page.locator(".mainline .mainline-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert drawn == native["mainline"]
    scores = page.locator(".embed-scores li").all_inner_texts()
    assert [int(s.rsplit(":", 1)[1].split()[0]) for s in scores] == result["scores"]
    expect(page.get_by_role("button", name=ENGLISH["embed"]["eleusis"]["again"])).to_be_visible()


def test_bad_settings_of_the_frame_get_a_notice_and_their_defaults(browser: Browser, site_url: str) -> None:
    for language, catalog in (("en", ENGLISH), ("es", SPANISH)):
        with guarded_context(browser, site_url) as page:
            page.goto(f"{site_url}embed.html?game=eleusis&bots=9&level=genius&seed=x&pace=0"
                      f"&lang={language}&boot=snapshot")
            wait_for_match(page, EMBED_SETTLED, PYTHON_START_MS, visible=True)
            notice = page.locator(".embed-notice")
            expect(notice).to_contain_text(catalog["embed"]["eleusis"]["notice"])
            items = notice.locator("li").all_inner_texts()
            assert len(items) == 3, items
            assert items[0].startswith("bots=9") and "2" in items[0]
            assert items[1].startswith("level=genius") and items[2].startswith("seed=x")
            assert page.locator(".players .player").count() == 3, "two computer players: the default"
            expect(page.locator(".embed-credit a")).to_have_text(catalog["embed"]["eleusis"]["credit"])


def test_every_text_of_the_eleusis_frame_comes_from_a_catalog(browser: Browser, site_url: str) -> None:
    """In the pseudo-language, the frame (with a notice, after a move, at the end of the hand) has no
    text that no catalog gave; in Spanish, no English catalog text."""
    with guarded_context(browser, site_url) as page:
        page.goto(f"{site_url}embed.html?game=eleusis&bots=9&level=novice&seed={EMBED_SEED}&pace=0"
                  f"&lang={PSEUDO}&boot=snapshot")
        wait_for_match(page, EMBED_SETTLED, PYTHON_START_MS, visible=True)
        assert hard_coded(page) == []
        page.locator(".hand button:not(:disabled)").first.click()
        page.wait_for_function("() => Number(document.querySelector('main').dataset.plays) > 0",
                               timeout=MOVE_MS)
        wait_for_match(page, EMBED_SETTLED, MOVE_MS, visible=True)
        assert hard_coded(page) == []
    with guarded_context(browser, site_url) as page:
        page.goto(f"{site_url}embed.html?game=eleusis&level=novice&seed={EMBED_SEED}&pace=0&lang=es&boot=snapshot")
        wait_for_match(page, EMBED_SETTLED, PYTHON_START_MS, visible=True)
        assert english_left(page) == []
        assert page.title() == SPANISH["embed"]["title"]["eleusis"]
