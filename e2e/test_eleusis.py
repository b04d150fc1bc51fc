"""Eleusis (eleusis.html) in the browser: whole hands of Eleusis Express and Eleusis played by clicks
against a seeded dealer and seeded computer players, checked against the engine's own snapshots; the
secret rule never reaches the page before the hand is over; a reload resumes the game the worker
kept; the page in Spanish shows no English.
"""

from __future__ import annotations

import json
import re
from typing import Any

from i18n_check import english_left
from pages.eleusis import EleusisPage, new_args, replay_natively
from pages.site import guarded_context
from playwright.sync_api import Browser, Page

from leopard_core.games.eleusis.rule import Rule

EXPRESS_SEED = 7  # a short hand: a computer player guesses the rule after a few rounds
ELEUSIS_SEED = 3  # a short hand: a computer player calls No play rightly


def points(text: str) -> int:
    return int(re.search(r"-?\d+", text).group())  # type: ignore[union-attr]


def check_the_end_of_the_hand(eleusis: EleusisPage, args: dict[str, Any], moves: list[str]) -> None:
    """The table and the end-of-hand dialog show what the engine's last snapshot says, and the
    browser's engine played the hand as the tests' Python does (the same rule dealt for the seed,
    the same computer moves)."""
    view = eleusis.last_snapshot()
    native = replay_natively(args, moves).snapshot()
    for part in ("mainline", "plays", "results"):
        assert view[part] == native[part], part
    assert view["over"] and eleusis.mainline() == view["mainline"]
    wrong = [card for play in view["plays"] if not play["right"] for card in play["cards"]]
    assert sorted(eleusis.wrong_cards()) == sorted(wrong)
    eleusis.page.wait_for_selector("#result[open]")
    secret = view["results"][0]["rule"]
    assert eleusis.page.locator("#result-rule").inner_text() == Rule.parse(secret).wording("en")
    assert [points(text) for text in eleusis.result_scores()] == view["results"][0]["scores"]
    flags = eleusis.page.locator("#result-replay .sure-flag").count()
    assert flags == len(view["sure"])


def test_a_whole_express_hand_by_clicks(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.spy_on_worker()
    eleusis.start("express", EXPRESS_SEED)
    assert eleusis.data("game") == "express" and len(eleusis.hand()) == 12
    moves = eleusis.play_hand()
    assert moves and all(m == "pass" or m.startswith("play ") for m in moves)
    check_the_end_of_the_hand(eleusis, new_args("express", EXPRESS_SEED), moves)


def test_a_whole_eleusis_hand_with_a_string_by_clicks(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.spy_on_worker()
    eleusis.start("eleusis", ELEUSIS_SEED)
    assert eleusis.data("game") == "eleusis" and len(eleusis.hand()) == 14
    moves = eleusis.play_hand(strings=True)
    assert len(moves[0].split()) == 3, "the first play is a string of two cards"
    first = eleusis.last_snapshot()["plays"]
    assert next(p["cards"] for p in first if p["seat"] == 0) == moves[0].split()[1:]
    check_the_end_of_the_hand(eleusis, new_args("eleusis", ELEUSIS_SEED), moves)


# The page's text outside the rule builder: the builder's menus offer every part of every rule (the
# secret's among them), which tells nothing; its live wording is only of the rule the person builds.
TEXT_OUTSIDE_THE_BUILDER = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll(".rule-builder").forEach((node) => node.remove());
  return copy.textContent;
}"""


def is_the_builders_menu(message: str) -> bool:
    """The answer to the rule builder's request for what it offers (eleusis.grammar: the families
    and parts of every rule, "odd" among them), which names no secret."""
    result = json.loads(message).get("result")
    return isinstance(result, dict) and "families" in result


def test_the_secret_rule_is_never_sent_to_the_page_nor_shown_before_the_hand_ends(
        guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.spy_on_worker()
    eleusis.start("express", EXPRESS_SEED)
    texts, stores = [], []
    for _ in range(200):
        if eleusis.phase() == "game-over":
            break
        texts.append(eleusis.page.evaluate(TEXT_OUTSIDE_THE_BUILDER))
        stores.append(eleusis.page.evaluate("() => JSON.stringify(localStorage)"))
        eleusis.take_turn()
    secret = eleusis.last_snapshot()["results"][0]["rule"]
    notation = json.dumps(secret)  # as a JSON string: "odd", quotes included
    wordings = [Rule.parse(secret).wording(language) for language in ("en", "es")]
    assert not [text for text in texts if any(words in text for words in wordings)]
    assert not [store for store in stores if notation in store or any(w in store for w in wordings)]
    messages = eleusis.worker_messages()
    end = next(i for i, m in enumerate(messages) if '"phase":"over"' in m)
    early = [m for m in messages[:end] if not is_the_builders_menu(m)]
    assert not [m for m in early if notation in m or any(words in m for words in wordings)]
    assert any(notation in m for m in messages[end:]), "the end of the hand names the rule (the spy sees it)"
    assert Rule.parse(secret).wording("en") in eleusis.page.locator("#result").inner_text()


def test_a_reload_resumes_the_game_the_worker_kept(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("eleusis", ELEUSIS_SEED)
    moves = [eleusis.take_turn(), eleusis.take_turn()]
    before = (eleusis.mainline(), eleusis.hand(), eleusis.wrong_cards())
    assert "seed" not in eleusis.page.url, "the link's settings are dropped once used"
    eleusis.page.reload()
    eleusis.wait_settled()
    assert (eleusis.mainline(), eleusis.hand(), eleusis.wrong_cards()) == before
    plays = int(eleusis.data("plays"))
    moves.append(eleusis.take_turn())
    assert int(eleusis.data("plays")) > plays, "the resumed game goes on"


def test_the_page_in_spanish_shows_no_english(browser: Browser, site_url: str) -> None:
    with guarded_context(browser, site_url, language="es") as page:
        eleusis = EleusisPage(page, site_url)
        eleusis.start("express", EXPRESS_SEED)
        assert english_left(page) == []
        page.click("#open-think")
        page.wait_for_selector("#think-body .thinker")
        assert english_left(page) == []
        eleusis.play_hand()
        page.wait_for_selector("#result[open]")
        assert english_left(page) == []
        assert "Fin de la mano" in page.locator("#result").inner_text()
