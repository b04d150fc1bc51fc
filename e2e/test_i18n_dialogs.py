"""The game page's dialogs in every language (the i18n issue): each dialog, opened in a seeded game,
shows only catalog texts (the pseudo-language), nothing left in English in Spanish, no serious
axe-core violation; and the language switch in Settings reloads the page into the chosen language
with the same game, remembered for the next visit.

Glossary:
    tour   -- every dialog of the page opened in turn, the way a player opens them: the first
              visit's offer of the guided hand and its panel, the rules of each variant, New game
              (against the computer and between two people), Settings, Today's deal, Challenge a
              friend (before and after the game), a one-hand game's result and its last hand's end,
              Statistics with that finished game, the discard pile. At each, a check runs.
    only   -- the page reduced, for a check, to the dialog being looked at: the table and the top
              bar around it are the game's own texts (another part of the page, checked by its own
              tests); they are put back right after.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from i18n_check import PSEUDO, english_left, hard_coded
from pages.leopard import GamePage, game_in, near_the_end, person_move, session_of
from pages.site import ENGLISH, PYTHON_START_MS, SPANISH, axe_violations, open_more, wait_for_match
from playwright.sync_api import Browser, Page, expect

SEED = 2024
DAY = "2026-11-23"

Check = Callable[[str], None]


def page_in(browser: Browser, site_url: str, language: str | None = None,
            locale: str = "en-US") -> AbstractContextManager[GamePage]:
    """A GamePage in a new context (nothing stored; the clock fixed on DAY), guarded against console
    errors (a missing catalog key logs one); ``language`` is chosen as the switch would."""
    return game_in(browser, site_url, day=DAY, language=language, locale=locale, bypass_csp=True)


_ASIDE_JS = """(selector) => {
  const keep = document.querySelector(selector);
  const others = [...document.body.children, document.querySelector("title"),
                  document.querySelector("meta[name=description]")];
  window.__aside = [];
  for (const node of others) {
    if (!node || node === keep || node.contains(keep)) continue;
    const mark = document.createComment("aside");
    node.replaceWith(mark);
    window.__aside.push([mark, node]);
  }
}"""
_BACK_JS = "() => { for (const [mark, node] of window.__aside) mark.replaceWith(node); window.__aside = []; }"


@contextmanager
def only(page: Page, selector: str) -> Iterator[None]:
    """The page holding only ``selector`` (and the document's frame) while the block runs."""
    page.evaluate(_ASIDE_JS, selector)
    try:
        yield
    finally:
        page.evaluate(_BACK_JS)


def saved_state(game: GamePage) -> Any:
    """The engine's reading of the game's save, once the worker has kept it."""
    return session_of(game.saved()).game.state


def tour(game: GamePage, check: Check) -> list[str]:
    """Open every dialog in turn and check each; returns the names of the dialogs checked."""
    page = game.page
    seen: list[str] = []

    def look(name: str, selector: str) -> None:
        expect(page.locator(selector)).to_be_visible()
        check(selector)
        seen.append(name)

    # A first visit: the offer of the guided hand, then its panel.
    game.open("?pace=0")
    expect(page.locator("#tutorial-offer")).to_be_visible()
    look("tutorial offer", "#tutorial-offer")
    page.click("#tutorial-accept")
    wait_for_match(page, "body[data-tutorial='0']", PYTHON_START_MS, visible=True)
    expect(page.locator("#tutorial-prompt")).not_to_be_empty()
    look("guided hand", "#tutorial-panel")
    page.click("#tutorial-fold")
    look("guided hand, folded", "#tutorial-panel")
    page.click("#tutorial-fold")
    page.click("#tutorial-skip")
    wait_for_match(page, "body[data-tutorial='']", PYTHON_START_MS, visible=True)
    game.wait_settled()

    # The rules of each variant.
    for variant in ("classic", "running", "standard"):
        game.start(seed=SEED, hands=1, variant=variant)
        page.click("#open-rules")
        expect(page.locator(f"#rules-body[data-variant={variant}]")).to_be_attached()
        look(f"rules, {variant}", "#rules")
        page.click("#rules-close")

    # New game, with each opponent; two equal names are refused.
    page.click("#open-settings")
    look("new game, the computer", "#settings")
    page.select_option("#set-opponent", "human")
    page.fill("#set-name-1", "Ana")
    page.fill("#set-name-2", "ana")
    expect(page.locator("#set-names-problem")).not_to_be_empty()
    look("new game, two people", "#settings")
    page.select_option("#set-opponent", "computer")
    page.click("#settings-cancel")

    page.click("#open-preferences")
    expect(page.locator("#pref-language-select")).to_be_visible()
    look("settings", "#preferences")
    page.click("#preferences-done")

    open_more(page, "open-daily")
    expect(page.locator("#daily")).to_have_attribute("data-state", "offered")
    look("today's deal", "#daily")
    page.click("#daily-close")

    open_more(page, "open-challenge")
    expect(page.locator("#challenge")).to_have_attribute("data-link", "ready")
    look("challenge, before the end", "#challenge")
    page.click("#challenge-close")

    # A one-hand game played to its end: the result, the last hand's end, the challenge with a result.
    # The same game opens near its end (the engine played the rest; test_game_play.py plays a whole
    # game by clicks), and its last moves are made by clicks.
    game.resume(near_the_end(seed=SEED, hands=1, variant="standard"))
    while game.phase() == "your-turn":
        person_move(game)
    assert game.phase() == "game-over"
    look("result", "#result")
    page.click("#result-last-hand")
    look("hand end", "#hand-end")
    page.click("#back-to-result")
    page.click("#result-challenge")
    expect(page.locator("#challenge")).to_have_attribute("data-link", "ready")
    look("challenge, after the end", "#challenge")
    page.click("#challenge-close")
    page.click("#result-review")

    open_more(page, "open-stats")
    expect(page.locator("#stats")).to_have_attribute("data-drawn", "1")
    expect(page.locator("#stats-games li")).to_have_count(1)
    page.click("#stats-games summary")
    page.click("#stats-reset")
    expect(page.locator("#stats-confirm")).to_be_visible()
    look("statistics", "#stats")
    page.click("#stats-reset-no")
    page.click("#stats-close")

    if saved_state(game).discards:
        page.click("#show-discards")
        look("discard pile", "#discards-dialog")
        page.click("#discards-close")
    return seen


DIALOGS = 16  # the discard pile too when the hand left discards


def note_in_dialog(found: dict[str, list[str]], page: Page, selector: str,
                   read: Callable[[Page], list[str]]) -> None:
    """Note under ``selector`` what ``read`` finds in that dialog alone (the rest of the page is
    set aside meanwhile), if anything."""
    with only(page, selector):
        texts = read(page)
    if texts:
        found[selector] = texts


def test_every_dialog_shows_only_catalog_texts(browser: Browser, site_url: str) -> None:
    """In the pseudo-language every text of every dialog is wrapped in ⟦ ⟧: none is written in code."""
    found: dict[str, list[str]] = {}

    with page_in(browser, site_url, PSEUDO) as game:
        def check(selector: str) -> None:
            note_in_dialog(found, game.page, selector, hard_coded)

        seen = tour(game, check)
    assert len(seen) >= DIALOGS, seen
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


def test_every_dialog_in_spanish_has_no_english_and_passes_axe(browser: Browser, site_url: str) -> None:
    """A Spanish browser gets the dialogs in Spanish: no English catalog text left, axe-core clean."""
    left: dict[str, list[str]] = {}
    violations: dict[str, list[object]] = {}

    with page_in(browser, site_url, locale="es-ES") as game:
        def check(selector: str) -> None:
            assert game.page.evaluate("document.documentElement.lang") == "es"
            note_in_dialog(left, game.page, selector, english_left)
            severe = axe_violations(game.page)
            if severe:
                violations[selector] = severe

        seen = tour(game, check)
    assert len(seen) >= DIALOGS, seen
    assert left == {}, json.dumps(left, indent=1, ensure_ascii=False)
    assert violations == {}, json.dumps(violations, indent=1)


def test_the_checks_can_fail(browser: Browser, site_url: str) -> None:
    """A sentence written into a dialog is found in pseudo, and an English one in Spanish."""
    with page_in(browser, site_url, PSEUDO) as game:
        game.start(seed=SEED, hands=1)
        open_more(game.page, "open-daily")
        expect(game.page.locator("#daily")).to_have_attribute("data-state", "offered")
        with only(game.page, "#daily"):
            assert hard_coded(game.page) == []
        game.page.evaluate("document.getElementById('daily-what').textContent = 'Written in code'")
        with only(game.page, "#daily"):
            assert any("Written in code" in text for text in hard_coded(game.page))
    with page_in(browser, site_url, locale="es-ES") as game:
        game.start(seed=SEED, hands=1)
        open_more(game.page, "open-daily")
        expect(game.page.locator("#daily")).to_have_attribute("data-state", "offered")
        english = ENGLISH["dialogs"]["daily"]["playing"]
        game.page.evaluate("(text) => { document.getElementById('daily-what').textContent = text; }", english)
        with only(game.page, "#daily"):
            assert english_left(game.page) == [english]


def choose_language(game: GamePage, language: str) -> None:
    """Choose a language in Settings; the page reloads in it and resumes."""
    page = game.page
    page.click("#open-preferences")
    with page.expect_navigation():
        page.select_option("#pref-language-select", language)
    game.wait_settled(PYTHON_START_MS)


def test_the_language_switch_reloads_the_same_game_and_is_remembered(browser: Browser,
                                                                     site_url: str) -> None:
    with page_in(browser, site_url) as game:
        page = game.page
        game.start(seed=SEED, hands=2)
        person_move(game)
        hand, history = game.hand(), saved_state(game).history
        assert page.evaluate("document.documentElement.lang") == "en"
        choose_language(game, "es")
        assert page.evaluate("document.documentElement.lang") == "es"
        assert game.hand() == hand, "the same game, the same hand"
        assert saved_state(game).history == history
        page.click("#open-preferences")
        expect(page.locator("#preferences-title")).to_have_text(SPANISH["dialogs"]["preferences"]["title"])
        expect(page.locator("#pref-language-select")).to_have_value("es")
        page.click("#preferences-done")

        # Remembered: a fresh visit in the same browser speaks Spanish.
        again = GamePage(page.context.new_page(), game.base_url)
        again.open("?pace=0")
        assert again.page.evaluate("document.documentElement.lang") == "es"
        assert again.hand() == hand
        again.page.close()

        choose_language(game, "en")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert game.hand() == hand
        page.click("#open-preferences")
        expect(page.locator("#preferences-title")).to_have_text("Settings")
        expect(page.locator("#pref-language-select")).to_have_value("en")
