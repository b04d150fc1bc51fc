"""Eleusis (eleusis.html) in the browser: whole hands of Eleusis Express and Eleusis played by clicks
against a seeded dealer and seeded computer players, checked against the engine's own snapshots; the
secret rule never reaches the page before the hand is over; a reload resumes the game the worker
kept; the page in Spanish shows no English; the lab notebook marks the table and the hand as the
engine's Rule.accepts judges a hypothesis built by clicks; "You deal" starts a hand with a rule built by
clicks, and the computer players' plays are judged by it.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

from i18n_check import english_left
from pages.eleusis import EleusisPage, new_args, replay_natively
from pages.eleusis_lab import ANSWER_MS, build_rule
from pages.site import WAIT_MS, guarded_context, wait_for_match
from playwright.sync_api import Browser, Page, expect

from leopard_core.cards import Card
from leopard_core.games.eleusis.rule import Rule
from leopard_core.games.eleusis.session import EleusisSession

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
    wait_for_match(eleusis.page, "#result[open]", WAIT_MS, visible=True)
    # The dialog opens at its title (the secret rule just below), not scrolled to its buttons.
    assert eleusis.page.evaluate("() => document.activeElement.id") == "result-title"
    assert eleusis.page.locator("#result").evaluate("e => e.scrollTop") == 0
    secret = view["results"][0]["rule"]
    assert eleusis.page.locator("#result-rule").inner_text() == Rule.parse(secret).wording("en")
    assert [points(text) for text in eleusis.result_scores()] == view["results"][0]["scores"]
    # One line per moment and rule, naming every computer player sure from there.
    seats = eleusis.page.locator("#result-replay .sure-flag").evaluate_all(
        "els => els.reduce((n, e) => n + Number(e.dataset.seats), 0)")
    assert seats == len(view["sure"])


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
        wait_for_match(page, "#think-body .thinker", WAIT_MS, visible=True)
        assert english_left(page) == []
        eleusis.play_hand()
        wait_for_match(page, "#result[open]", WAIT_MS, visible=True)
        assert english_left(page) == []
        assert "Fin de la mano" in page.locator("#result").inner_text()


NOTEBOOK_SEED = 5  # a long hand: right and wrong cards on the table by the person's third turn
HYPOTHESIS = "differ(colour)"  # built below by clicks: "a card of another colour than the last"

TABLE_MARKS = """() => ({
  columns: [...document.querySelectorAll("#mainline .column")].map((column) => ({
    card: column.querySelector(":scope > .mainline-card").dataset.card,
    mark: column.querySelector(":scope > .mainline-card").dataset.notebook || null,
    wrong: [...column.querySelectorAll(".wrong")].map((w) => ({
      first: w.querySelector(".wrong-card").dataset.card,
      mark: w.dataset.notebook || null})),
  })),
  hand: [...document.querySelectorAll("#hand button")].map((b) =>
    [b.dataset.card, b.dataset.notebook || null]),
  badges: document.querySelectorAll("#mainline .nb-badge, #hand .nb-badge").length,
  labels: [...document.querySelectorAll("#hand button[data-notebook]")]
    .map((b) => b.querySelector(".visually-hidden").textContent),  // the name a screen reader reads
})"""

EVERY_CARD_MARKED = """() => {
  const line = document.querySelectorAll("#mainline .mainline-card");
  const marked = document.querySelectorAll("#mainline .mainline-card[data-notebook]");
  const hand = document.querySelectorAll("#hand button");
  return line.length > 0 && marked.length === line.length - 1
    && [...hand].every((b) => b.dataset.notebook)
    && [...document.querySelectorAll("#mainline .wrong")].every((w) => w.dataset.notebook);
}"""


def expected_marks(drawn: dict[str, Any], rule: Rule) -> dict[str, Any]:
    """What the engine's Rule.accepts says of the table as drawn: each mainline card after the ones
    before it, each wrong play's first card after the mainline it was played on (a hypothesis that
    rejects a card the dealer called wrong agrees), each held card after the whole mainline."""
    line = [Card.parse(column["card"]) for column in drawn["columns"]]
    columns = []
    for index, column in enumerate(drawn["columns"]):
        mark = None if index == 0 else "agrees" if rule.accepts(line[:index], line[index]) else "contradicts"
        before = line[: index + 1]
        wrong = [{"first": w["first"],
                  "mark": "contradicts" if rule.accepts(before, Card.parse(w["first"])) else "agrees"}
                 for w in column["wrong"]]
        columns.append({"card": column["card"], "mark": mark, "wrong": wrong})
    hand = [[card, "right" if rule.accepts(line, Card.parse(card)) else "wrong"] for card, _ in drawn["hand"]]
    return {"columns": columns, "hand": hand}


def test_the_notebook_marks_the_table_as_the_engine_judges_the_hypothesis(
        guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    page = guarded_page
    eleusis.start("express", NOTEBOOK_SEED)
    for _ in range(6):
        if eleusis.wrong_cards() and len(eleusis.mainline()) > 2:
            break
        eleusis.take_turn()
    assert eleusis.wrong_cards() and len(eleusis.mainline()) > 2, "the seeded hand has right and wrong cards"
    assert page.locator("#notebook-panel").is_hidden(), "the notebook is closed at first"
    page.click("#open-notebook")
    notebook = page.locator("#notebook-panel .lab-notebook")
    build_rule(notebook, "match", {"sameness": "differ", "attribute": "colour"})
    wait_for_match(page, "#notebook-panel .lab-notebook .rb-wording[data-state=ready]", ANSWER_MS)
    expect(notebook.locator(".rb-wording")).to_have_attribute("data-state", "ready")
    rule = Rule.parse(HYPOTHESIS)
    for turn in range(2):  # the marks as built, then again after a move of the table
        page.wait_for_function(EVERY_CARD_MARKED, timeout=ANSWER_MS)
        drawn = page.evaluate(TABLE_MARKS)
        assert {k: drawn[k] for k in ("columns", "hand")} == expected_marks(drawn, rule)
        marked = len(drawn["columns"]) - 1 + sum(len(c["wrong"]) for c in drawn["columns"])
        assert drawn["badges"] == marked + len(drawn["hand"]), "a ✓ or ✗ beside every mark"
        assert all("hypothesis" in label for label in drawn["labels"])
        if turn == 0:
            plays = int(eleusis.data("plays"))
            eleusis.take_turn()
            assert int(eleusis.data("plays")) > plays
    page.click("#notebook-close")
    expect(page.locator("#mainline [data-notebook]")).to_have_count(0)


def test_you_deal_a_rule_built_by_clicks_and_watch_the_computer_players(
        guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    page = guarded_page
    eleusis.start("express", EXPRESS_SEED)
    page.click("#open-new-game")
    page.select_option("#set-bots", "2")
    for seat in (1, 2):
        page.select_option(f"#set-level-{seat}", "novice")
    eleusis.deal_own_rule("match", {"sameness": "differ", "attribute": "colour"})
    expect(page.locator("#new-game-start")).to_be_hidden()
    eleusis.start_own_deal()
    page.wait_for_function(
        "() => Number(document.body.dataset.plays || 0) >= 4 || document.body.dataset.phase === 'game-over'",
        timeout=ANSWER_MS)
    words = Rule.parse(HYPOTHESIS).wording("en")
    expect(page.locator("#dealt-rule")).to_contain_text(words)
    expect(page.locator(".hand-area")).to_be_hidden()          # the dealer holds no cards
    # The table in one reading (the computer players go on playing: read in two, a card could land
    # between the mainline's reading and its wrong cards')
    columns = page.evaluate("""() => [...document.querySelectorAll("#mainline .column")].map((c) => ({
      card: c.querySelector(".mainline-card").dataset.card,
      wrong: [...c.querySelectorAll(".wrong-card")].map((w) => w.dataset.card)}))""")
    line = [column["card"] for column in columns]
    wrong_under = [column["wrong"] for column in columns]
    assert len(line) + sum(map(len, wrong_under)) >= 4, "the computer players have played"
    # judged by the dealt rule, worked out by hand: another colour than the last mainline card
    assert all(red(a) != red(b) for a, b in itertools.pairwise(line))
    assert all(red(card) == red(line[i]) for i, cards in enumerate(wrong_under) for card in cards)
    # The computer players go on playing while the test reads the table, and may end the hand at
    # any moment (the scores then cover the table); so the test waits for the end, and looks at
    # what they thought from the table behind the scores.
    page.wait_for_function("() => document.body.dataset.phase === 'game-over'", timeout=ANSWER_MS * 4)
    page.click("#result-review")
    expect(page.locator("#result")).not_to_be_visible()
    page.click("#open-think")
    expect(page.locator("#think-panel .think-giveaway")).to_be_visible()
    wait_for_match(page, "#think-body .thinker", ANSWER_MS, visible=True)
    expect(page.locator("#think-body .thinker").first).to_be_visible()


def red(card: str) -> bool:
    return card[-1] in "HD"


def test_a_seeded_link_deals_the_same_new_games_on_every_device(browser: Browser, site_url: str) -> None:
    """A link's seed deals the link's game and then the visit's New games (seed 7, then 8): on two
    devices (two browser contexts) the second game is the same, and it is the engine's game of seed 8
    (a test's deal of You deal relies on it)."""
    dealt: list[tuple[list[str], list[str]]] = []
    for viewport in ({"width": 390, "height": 844}, {"width": 1366, "height": 768}):
        with guarded_context(browser, site_url, viewport=viewport) as page:
            eleusis = EleusisPage(page, site_url)
            eleusis.start("express", EXPRESS_SEED)
            first = eleusis.hand()
            page.click("#open-new-game")
            page.check("input[name=game][value=express]")
            page.check("input[name=dealer][value=computer]")
            page.select_option("#set-bots", "2")
            for seat in (1, 2):
                page.select_option(f"#set-level-{seat}", "novice")
            page.select_option("#set-difficulty", "easy")
            page.click("#new-game-start")
            page.wait_for_function(
                "(first) => [...document.querySelectorAll('#hand button')]"
                ".map((b) => b.dataset.card).join() !== first",
                arg=",".join(first), timeout=WAIT_MS)
            eleusis.wait_settled()
            dealt.append((first, eleusis.hand()))
    (first, second), again = dealt
    assert again == (first, second)
    assert second != first
    expected = EleusisSession.new(new_args("express", EXPRESS_SEED + 1)).table.held(0)
    assert sorted(second) == sorted(str(card) for card in expected)
