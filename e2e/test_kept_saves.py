"""The saves the engine worker keeps (web/js/platform/engine/kept-saves.js, ../kept-game.js): one
revision rule for every kept save, the secret held sealed, and one plain notice when the browser's
storage cannot be used (issue 32, items 2, 3 and 8).

Glossary:
    two tabs     -- two pages of one browser context: one shared worker, one store.
    stale tab    -- a tab whose game is based on a revision another tab has since moved on from: its
                    write is refused, it says so and offers the newer game.
    sealed       -- a kept save as the browser's storage tools show it: no more readable than the
                    teacher's link (leopard_core.platform.saves.seal_kept).
    blocked store -- the worker's database cannot be opened (see pages.kept.block_kept_store).
"""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

import pytest
from pages.eleusis import EleusisPage
from pages.kept import block_kept_store, kept_records, kept_text, raw_store, text_of
from pages.site import MOVE_MS, PYTHON_START_MS, guarded, guarded_context, wait_for_match
from playwright.sync_api import Browser, expect

from leopard_core.games.eleusis.link_code import encode
from leopard_core.games.eleusis.rule import Rule

KEY = "eleusis.game"
SEED = 3  # Eleusis with two novice computer players: a hand long enough for a few turns per tab
BASE64 = set(string.ascii_letters + string.digits + "+/=")
CATALOGS = Path(__file__).resolve().parent.parent / "web" / "i18n"
TEACHERS_RULE = "differ(colour)"
# The page's text outside the rule builder, whose menus offer every part of every rule.
TEXT_OUTSIDE_THE_BUILDER = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll(".rule-builder").forEach((node) => node.remove());
  return copy.textContent;
}"""


def catalog(language: str) -> dict[str, str]:
    """The kept saves' notices in ``language``, from the catalog the page reads (none before they
    existed: a test run on an older page then fails on what that page shows, not here)."""
    return dict(json.loads((CATALOGS / f"{language}.json").read_text(encoding="utf-8")).get("kept", {}))


def notice_lines(eleusis: EleusisPage) -> list[str]:
    return list(eleusis.page.locator("#notice-text .notice-line").all_inner_texts())


def begin_turn(eleusis: EleusisPage) -> None:
    """The person's move by clicks, without waiting for its save (a refused save never comes)."""
    phase = eleusis.hand_phase()
    if phase == "play":
        card = eleusis.playable()[0]
        index = eleusis.hand().index(card)
        eleusis.page.click(f"#hand button[data-index='{index}']")
        if eleusis.data("game") == "eleusis":
            eleusis.page.click("#play-selected")
        return
    button = {"declare": "#go-on", "guess": "#skip-guess", "judge": "#judge-right"}[phase]
    eleusis.page.click(button)


def game_of(text: str) -> dict[str, Any]:
    """The table's save inside a kept Eleusis session save."""
    return dict(json.loads(json.loads(text)["game"]))


def moves_kept(text: str) -> int:
    """How many moves the kept save holds."""
    return len(game_of(text)["moves"])


def names_rule(stored: str, notation: str) -> bool:
    """Whether stored text names a rule's notation in plain: quoted (as a save writes it) or, for a
    notation with a character base 64 never has, anywhere (so sealed text cannot match by chance)."""
    return f'"{notation}' in stored or (not set(notation) <= BASE64 and notation in stored)


def test_an_older_tab_never_overwrites_the_newer_game_and_offers_to_load_it(browser: Browser,
                                                                            site_url: str) -> None:
    context = browser.new_context()
    try:
        first_page, first_guard = guarded(context, site_url)
        first = EleusisPage(first_page, site_url)
        first.start("eleusis", SEED)
        first.take_turn()
        # The second tab resumes the game the worker kept and moves it on.
        second_page, second_guard = guarded(context, site_url)
        second = EleusisPage(second_page, site_url)
        second.open()
        assert second.mainline() == first.mainline()
        older = text_of(kept_records(second_page)[KEY])
        second.take_turn()
        second.take_turn()
        newer = kept_records(second_page)[KEY]
        assert moves_kept(text_of(newer)) > moves_kept(older)
        newer_mainline, newer_plays = second.mainline(), second.data("plays")

        # The first tab, behind, makes a move: its save is refused, and it says so in plain words.
        plays = first.data("plays")
        begin_turn(first)
        first_page.wait_for_function(f"() => document.body.dataset.plays !== {plays!r}", timeout=MOVE_MS)
        first.wait_settled()
        now = kept_records(first_page)[KEY]
        assert now == newer, (f"the older tab's save ({moves_kept(text_of(now))} moves) replaced the newer"
                              f" game ({moves_kept(text_of(newer))} moves)")
        stale = first_page.locator("#notice-kept-stale")
        expect(stale).to_be_visible()
        expect(stale).to_contain_text(catalog("en")["stale"])
        saved = first.saved()

        # Its button loads the newer game; the next move is kept on top of it.
        first_page.get_by_role("button", name=catalog("en")["loadNewer"]).click()
        first_page.wait_for_function(f"() => document.body.dataset.plays === {newer_plays!r}",
                                     timeout=MOVE_MS)
        first.wait_settled()
        expect(stale).to_have_count(0)
        assert first.mainline() == newer_mainline
        first.take_turn()
        assert first.saved() > saved
        after = kept_records(first_page)[KEY]
        assert after["revision"] > newer["revision"]
        assert moves_kept(text_of(after)) > moves_kept(text_of(newer))
        first_guard.check()
        second_guard.check()
    finally:
        context.close()


@pytest.mark.parametrize("link", ["computer", "teacher"])
def test_the_kept_save_names_the_rule_no_more_readably_than_the_teachers_link(browser: Browser, site_url: str,
                                                                              link: str) -> None:
    """During the hand, neither the worker's store, nor any message of the worker, nor the page's
    text names the secret rule: the computer dealer's or the teacher's."""
    with guarded_context(browser, site_url) as page:
        eleusis = EleusisPage(page, site_url)
        eleusis.spy_on_worker()
        deal = f"&deal={encode(TEACHERS_RULE)}" if link == "teacher" else ""
        eleusis.open(f"?game=express&bots=2&level=novice&difficulty=easy&seed=7{deal}&pace=0")
        stores, texts = [], []
        for _ in range(6):
            if eleusis.phase() == "game-over":
                break
            stores.append(raw_store(page))
            texts.append(page.evaluate(TEXT_OUTSIDE_THE_BUILDER))
            eleusis.take_turn()
        assert stores and all(KEY in store for store in stores), "the worker kept the game at every turn"
        kept = kept_text(page, KEY)
        assert kept is not None
        secret = game_of(kept)["dealt"][0]  # the engine's own reading of the kept save
        if link == "teacher":
            assert secret == str(Rule.parse(TEACHERS_RULE))
        wordings = [Rule.parse(secret).wording(language) for language in ("en", "es")]
        assert names_rule(kept, secret), "the check looks for the text the save holds"
        named = [store for store in stores if names_rule(store, secret) or any(w in store for w in wordings)]
        assert not named, "the worker's store names the rule during the hand"
        assert not [text for text in texts if any(words in text for words in wordings)]
        hand_over = [i for i, m in enumerate(eleusis.worker_messages()) if '"phase":"over"' in m]
        during = eleusis.worker_messages()[:hand_over[0]] if hand_over else eleusis.worker_messages()
        early = [m for m in during if not isinstance(json.loads(m).get("result"), dict)
                 or "families" not in json.loads(m)["result"]]
        assert early and not [m for m in early if json.dumps(secret) in m or any(w in m for w in wordings)]


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_store_that_cannot_be_opened_gets_one_plain_notice(browser: Browser, site_url: str,
                                                             language: str) -> None:
    with guarded_context(browser, site_url, language=language) as page:
        page.goto(f"{site_url}hunt-rules.html")  # a page of the site that keeps no save
        block_kept_store(page)
        eleusis = EleusisPage(page, site_url)
        eleusis.open("?game=express&bots=2&level=novice&seed=7&pace=0")
        wait_for_match(page, "#notice", MOVE_MS, visible=True)
        expect(page.locator("#notice")).to_be_visible()
        lines = notice_lines(eleusis)
        assert len(lines) == 1, f"one notice, not {lines}"
        words = catalog(language).get("storageBlocked")
        assert lines == [words]
        # A move is not kept either: still the one notice, in plain words (no second one).
        plays = eleusis.data("plays")
        begin_turn(eleusis)
        page.wait_for_function(f"() => document.body.dataset.plays !== {plays!r}", timeout=MOVE_MS)
        eleusis.wait_settled()
        assert notice_lines(eleusis) == [words]
        assert eleusis.saved() == 0
        # The next visit finds nothing kept: the same one notice, never "kept aside".
        page.reload()
        eleusis.wait_settled(PYTHON_START_MS)
        wait_for_match(page, "#notice", MOVE_MS, visible=True)
        expect(page.locator("#notice")).to_be_visible()
        assert notice_lines(eleusis) == [words]
