"""The Eleusis lab in the browser: a rule built by clicks judges cards in the rules page's sandbox,
the lab notebook's marks are the engine's verdicts on which cards a hypothesis accepts, "You deal"
refuses a dead end, and the Spanish page shows no English.

Expected verdicts are worked out here by hand from the rules (E4: a wrong card goes to the sideline
and does not count), or from the engine's own ``Rule.accepts`` where the test says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from i18n_check import PSEUDO, english_left, hard_coded, in_language
from pages.eleusis_lab import (
    ANSWER_MS,
    build_rule,
    columns,
    engine_call,
    mount,
    open_eleusis_rules,
    play_card,
    recorded,
    wording,
)
from pages.site import PYTHON_START_MS, guarded_context, wait_for_match, wait_for_text
from playwright.sync_api import BrowserContext, Page, expect

from leopard_core.cards import Card
from leopard_core.games.eleusis.lab import grammar
from leopard_core.games.eleusis.rule import Rule

RED = {"H", "D"}
Judge = Callable[[Sequence[str], str], bool]


def red(card: str) -> bool:
    return card[-1] in RED


def expected_columns(played: list[str], judge: Judge) -> list[tuple[str, str, list[str]]]:
    """E4 by hand: each card after the right cards before it; wrong ones hang under the last."""
    drawn: list[tuple[str, str, list[str]]] = [(played[0], "starter", [])]
    mainline = [played[0]]
    for card in played[1:]:
        if judge(mainline, card):
            mainline.append(card)
            drawn.append((card, "right", []))
        else:
            drawn[-1][2].append(card)
    return drawn


def test_a_rule_built_by_clicks_judges_each_card_played(guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    sandbox = open_eleusis_rules(page, site_url, seed=11)
    build_rule(sandbox, "match", {"sameness": "same", "attribute": "suit"})
    assert wording(sandbox) == "Play a card of the same suit as the last card."
    wait_for_match(page, ".lab-sandbox[data-state=ready]", ANSWER_MS)
    expect(sandbox).to_have_attribute("data-state", "ready")
    starter = columns(page)[0][0]
    played = [starter] + [play_card(page, i % 8) for i in range(8)]
    same_suit: Judge = lambda line, card: card[-1] == line[-1][-1]  # noqa: E731
    drawn = columns(page)
    assert drawn == expected_columns(played, same_suit)
    assert any(wrong for _, _, wrong in drawn), "the seeded cards include wrong ones"

    build_rule(sandbox, "ranks", toggles=("1", "13"))      # the same cards, judged again
    assert wording(sandbox) == "Play a card of value ace or king."
    wait_for_match(page, ".lab-sandbox[data-state=ready]", ANSWER_MS)
    expect(sandbox).to_have_attribute("data-state", "ready")
    assert columns(page) == expected_columns(played, lambda line, card: card[:-1] in ("A", "K"))

    build_rule(sandbox, "feature", {"feature": "red"})
    wait_for_text(page, ".lab-sandbox .rb-wording", "Play a red card.", ANSWER_MS, exactly=True)
    expect(sandbox.locator(".rb-wording")).to_have_text("Play a red card.")
    wait_for_match(page, ".lab-sandbox[data-state=ready]", ANSWER_MS)
    expect(sandbox).to_have_attribute("data-state", "ready")
    assert columns(page) == expected_columns(played, lambda line, card: red(card))


def test_the_sandbox_is_as_the_reader_left_it_on_the_next_visit(guarded_page: Page, site_url: str) -> None:
    """Nothing the reader did is lost: the rule built, the cards played and the cards to play come
    back when the page is opened again (an address with ?seed= deals its own cards instead)."""
    page = guarded_page
    sandbox = open_eleusis_rules(page, site_url, seed=11)
    build_rule(sandbox, "match", {"sameness": "same", "attribute": "suit"})
    assert wording(sandbox) == "Play a card of the same suit as the last card."
    for i in range(3):
        play_card(page, i)
    to_play = page.locator(".sb-hand .lab-card")
    left = (columns(page), to_play.evaluate_all("els => els.map(e => e.dataset.card)"))
    page.goto(f"{site_url}eleusis-rules.html")
    wait_for_match(page, ".lab-sandbox[data-state=ready]", PYTHON_START_MS)
    expect(sandbox).to_have_attribute("data-state", "ready")
    assert wording(sandbox) == "Play a card of the same suit as the last card."
    assert (columns(page), to_play.evaluate_all("els => els.map(e => e.dataset.card)")) == left


def test_an_if_rule_is_built_from_its_nested_parts(guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    sandbox = open_eleusis_rules(page, site_url)
    build_rule(sandbox, "if")
    expect(sandbox.locator(".rb-wording")).to_have_attribute("data-state", "incomplete")
    nested = sandbox.locator(".rb-place[data-depth='1']")
    expect(nested).to_have_count(3)
    nested.nth(0).locator(".rb-family").select_option("cond_feature")
    nested.nth(0).locator(".rb-choice[data-part=feature]").select_option("face")
    nested.nth(1).locator(".rb-family").select_option("feature")
    nested.nth(2).locator(".rb-family").select_option("feature")
    nested.nth(2).locator(".rb-choice[data-part=feature]").select_option("black")
    assert wording(sandbox) == ("If the last card is a face card, play a red card; "
                                "otherwise, play a black card.")


def played_table(page: Page, turns: int) -> dict[str, Any]:
    """The mounted notebook's game after some turns: the person plays its first listed card."""
    snap = page.evaluate("() => window.labTest.snapshot")
    for _ in range(turns):
        if snap["over"]:
            break
        if snap["bot_to_move"]:
            snap = engine_call(page, "eleusis.bot_move")["snapshot"]
            continue
        moves = snap["legal_moves"]
        card_play = next((m for m in moves if m.startswith("play") and len(m.split()) == 2), None)
        if "pass" in moves:
            snap = engine_call(page, "eleusis.pass")
        elif card_play:
            snap = engine_call(page, "eleusis.play", {"cards": card_play.split()[1:]})
        else:
            snap = engine_call(page, "eleusis.noplay")
    return snap


def test_the_notebook_marks_what_the_engine_accepts(guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    open_eleusis_rules(page, site_url)
    notebook = mount(page, "notebook", {"game": "express", "bots": 2, "seed": 5, "difficulty": "easy"})
    snap = played_table(page, 30)
    assert len(snap["mainline"]) > 2 and any(not p["right"] for p in snap["plays"])
    build_rule(notebook, "match", {"sameness": "differ", "attribute": "colour"})
    wait_for_match(page, "#lab-under-test .rb-wording[data-state=ready]", ANSWER_MS)
    expect(notebook.locator(".rb-wording")).to_have_attribute("data-state", "ready")
    page.evaluate("(snap) => window.labTest.made.refresh(snap)", snap)
    wait_for_match(page, "#lab-under-test[data-state=ready]", ANSWER_MS)
    expect(notebook).to_have_attribute("data-state", "ready")
    marks = recorded(page, "marks")[-1]

    rule = Rule.parse("differ(colour)")                  # the engine's own judging, as asked
    line = [Card.parse(c) for c in snap["mainline"]]
    assert marks["mainline"] == ["starter"] + [
        "agrees" if rule.accepts(line[:i], line[i]) else "contradicts" for i in range(1, len(line))]
    assert [h["right"] for h in marks["hand"]] == [rule.accepts(line, Card.parse(c)) for c in snap["hand"]]
    wrong = [(i, p) for i, p in enumerate(snap["plays"]) if not p["right"]]
    assert [(s["play"], s["agrees"]) for s in marks["sidelines"]] == [
        (i, not rule.accepts(line[: p["at"]], Card.parse(p["cards"][0]))) for i, p in wrong]
    # and by hand: a different colour from the last card
    assert marks["mainline"][1:] == ["agrees" if red(a) != red(b) else "contradicts"
                                     for a, b in zip(snap["mainline"], snap["mainline"][1:], strict=False)]
    summary = notebook.locator(".nb-summary")
    judged = len(snap["mainline"]) - 1 + len(wrong)
    expect(summary).to_contain_text(f"of the {judged} judged cards")


def test_you_deal_refuses_a_dead_end_and_deals_a_fit_rule(guarded_page: Page, site_url: str) -> None:
    page = guarded_page
    open_eleusis_rules(page, site_url)
    deal = mount(page, "you-deal")
    start = deal.locator(".yd-start")
    build_rule(deal, "compare", {"direction": "higher"})
    warning = deal.locator(".rb-warning")
    wait_for_text(page, "#lab-under-test .rb-warning", "no card at all would be right", ANSWER_MS)
    expect(warning).to_contain_text("no card at all would be right")
    expect(warning).to_contain_text("the king of")       # the cards in words, not "KC"
    expect(deal.locator(".rb-band")).to_have_count(0)    # a dead end has no difficulty to tell
    expect(start).to_be_disabled()
    build_rule(deal, "match", {"sameness": "differ", "attribute": "colour"})
    wait_for_text(page, "#lab-under-test .rb-band", "Difficulty: easy", ANSWER_MS)
    expect(deal.locator(".rb-band")).to_contain_text("Difficulty: easy")
    expect(warning).to_have_count(0)
    expect(start).to_be_enabled()
    start.click()
    assert recorded(page, "start") == ["differ(colour)"]


@pytest.fixture()
def spanish(browser: Any, site_url: str) -> Iterator[Page]:
    """A guarded page of a browser that prefers Spanish (es-ES)."""
    with guarded_context(browser, site_url, locale="es-ES") as page:
        yield page


def test_the_sandbox_in_spanish_shows_no_english(spanish: Page, site_url: str) -> None:
    page = spanish
    sandbox = open_eleusis_rules(page, site_url, seed=3)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    assert wording(sandbox) == "Juega una carta de otro color que la última."
    build_rule(sandbox, "step", toggles=("-1", "+1"))
    assert wording(sandbox) == "Juega una carta de un valor 1 por encima o por debajo del de la última."
    for index in range(3):
        play_card(page, index)
    expect(sandbox.locator(".sb-status")).to_contain_text("de las 52 cartas")
    # The complete rules below are in English by design (the page says so): the frame and sandbox are not.
    page.evaluate("() => document.querySelector('.rules-document').remove()")
    assert english_left(page) == []
    # The builder's menus come from the engine's grammar, in both languages: none left in English.
    menus = sandbox.locator(".rule-builder option, .rule-builder .rb-caption, .rb-toggle")
    shown = set(menus.all_inner_texts())
    english_only = set()
    for family in grammar()["families"].values():
        labels = [family["label"]] + [p["label"] for p in family["parts"]]
        labels += [o["label"] for p in family["parts"] for o in p.get("options", [])]
        english_only |= {label["en"] for label in labels if label["en"] != label["es"]}
    assert shown and not shown & english_only


def test_every_text_of_the_sandbox_comes_from_a_catalog_or_the_grammar(
        context: BrowserContext, guarded_page: Page, site_url: str) -> None:
    """In the pseudo-language, the page with a used sandbox (a rule built, cards judged) and the
    notebook has no text that neither a catalog nor the engine's grammar gave."""
    in_language(context, PSEUDO)
    page = guarded_page
    sandbox = open_eleusis_rules(page, site_url, seed=5)
    build_rule(sandbox, "or")
    nested = sandbox.locator(".rb-place[data-depth='1']")
    nested.nth(0).locator(".rb-family").select_option("ranks")
    nested.nth(0).locator(".rb-toggle").first.click()
    nested.nth(1).locator(".rb-family").select_option("cycle")
    assert wording(sandbox).startswith("\u27e6")
    for index in range(3):
        play_card(page, index)
    notebook = mount(page, "notebook", {"game": "express", "bots": 2, "seed": 2})
    build_rule(notebook, "feature")
    page.evaluate("() => window.labTest.made.refresh(window.labTest.snapshot)")
    wait_for_match(page, "#lab-under-test[data-state=ready]", ANSWER_MS)
    expect(notebook).to_have_attribute("data-state", "ready")
    assert hard_coded(page) == []
