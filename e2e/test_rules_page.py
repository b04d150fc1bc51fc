"""The rules page: every live diagram and the bonus table show what the engine computes, and the
sandbox's values and legal targets follow the reader's edits (R3, R5, R7.1).

Expected values come from the engine in CPython (leopard_core), never from numbers typed here;
the page gets its values from the same engine running in Pyodide.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages.rules import ANSWER_MS, open_rules
from pages.site import PYTHON_START_MS, axe_violations, fresh_page, wait_for_match
from playwright.sync_api import Page, expect

from leopard_core.games.leopard import Position, Square
from leopard_core.games.leopard.rules import rules_for


def figures(page: Page) -> list[dict[str, Any]]:
    """Every live diagram's notation, variant and what the page shows for it."""
    found: list[dict[str, Any]] = page.locator("figure.leopard-square[data-n2]").evaluate_all(
        """els => els.map(e => ({
            n2: e.dataset.n2, variant: e.dataset.variant || 'standard', raw: e.dataset.raw,
            score: e.dataset.score, text: e.querySelector('.diagram-value').textContent,
            lines: e.querySelectorAll('svg.lines line').length,
            items: [...e.querySelectorAll('.lines-list li')].map(li => li.textContent),
            compact: e.classList.contains('compact'),
        }))"""
    )
    return found


def test_diagrams_are_drawn_before_python_is_ready(page: Page, site_url: str) -> None:
    """Diagrams appear at once from their notation (the values come later)."""
    page.goto(site_url + "rules.html")
    first = page.locator("figure.leopard-square[data-n2]").first
    expect(first.locator(".square .space")).to_have_count(9)
    n2 = str(first.get_attribute("data-n2"))
    cards = sum(1 for stack in Square.parse(n2).stacks if stack)
    expect(first.locator(".square .space .card")).to_have_count(cards)


def test_every_diagram_shows_the_engines_value_and_lines(guarded_page: Page, site_url: str) -> None:
    """R5: each diagram's value, hand score and highlighted lines equal the engine's; all of them
    come from one shared Python worker."""
    workers: list[str] = []
    guarded_page.on("worker", lambda worker: workers.append(worker.url))
    open_rules(guarded_page, site_url)
    shown = figures(guarded_page)
    assert len(shown) >= 20
    for fig in shown:
        square = Square.parse(fig["n2"])
        rules = rules_for(fig["variant"])
        raw = square.raw_value(rules)
        lines = square.scoring_lines(rules)
        assert fig["raw"] == str(raw), fig
        assert fig["score"] == str(rules.hand_score(raw, False)), fig
        assert f"Worth {raw} point" in fig["text"], fig
        assert fig["lines"] == len(lines), fig
        if not fig["compact"]:
            assert len(fig["items"]) == len(lines), fig
    # One engine: the site's shared worker (not a page's worker, so not in `workers`) or the page's own.
    shared = guarded_page.locator("html").get_attribute("data-engine") == "shared"
    assert len([url for url in workers if "engine/worker.js" in url]) + shared == 1, workers


def test_abbotts_worked_examples_are_on_the_page(guarded_page: Page, site_url: str) -> None:
    """The examples of Abbott's 2008 text (seed 000) appear with the values his text gives."""
    open_rules(guarded_page, site_url)
    by_n2 = {(f["n2"], f["variant"]): f for f in figures(guarded_page)}
    standard = rules_for("standard")

    def shown(predicate: Any) -> list[dict[str, Any]]:
        return [f for (n2, variant), f in by_n2.items()
                if variant == "standard" and predicate(Square.parse(n2))]

    def lines_of(sq: Square) -> list[tuple[int, str]]:
        return sorted((line.points, line.kind) for line in sq.scoring_lines(standard))

    # a single line of one suit, and a single line of one colour
    assert shown(lambda sq: lines_of(sq) == [(3, "suit")])
    assert shown(lambda sq: lines_of(sq) == [(1, "colour")])
    # the 10 on space 5 completing a suit line and a colour line: 4 points
    tens = shown(lambda sq: sq.top(5) is not None and sq.top(5).card is not None
                 and sq.top(5).card.rank == 10 and sq.raw_value(standard) == 4)
    assert tens and all(f["raw"] == "4" for f in tens)
    # a king covering a card that lifts the square to 8
    assert shown(lambda sq: sq.raw_value(standard) == 8 and any(
        len(stack) > 1 and stack[-1].face_up and stack[-1].card is not None and stack[-1].card.rank == 13
        for stack in sq.stacks))
    # a face-down jack leaving 0 where the same square without it is worth 6
    def jack_wipes_six(sq: Square) -> bool:
        for i, stack in enumerate(sq.stacks):
            top = stack[-1] if stack else None
            if top and not top.face_up and top.card is not None and top.card.rank == 11:
                uncovered = Square(tuple(s[:-1] if j == i else s for j, s in enumerate(sq.stacks)))
                return sq.raw_value(standard) == 0 and uncovered.raw_value(standard) == 6
        return False
    assert shown(jack_wipes_six)
    # changing your spots: a card played on a face-down queen
    assert shown(lambda sq: any(
        len(stack) >= 3 and stack[-1].face_up and not stack[-2].face_up
        and stack[-2].card is not None and stack[-2].card.rank == 12 for stack in sq.stacks))
    # the classic variant is shown too
    assert any(variant == "classic" for _, variant in by_n2)


def test_bonus_table_comes_from_the_engine(guarded_page: Page, site_url: str) -> None:
    """R7.1: every bonus-table row shows the engine's raw value, bonus and hand score."""
    open_rules(guarded_page, site_url)
    rows = guarded_page.locator(".bonus-table tbody tr[data-n2]").evaluate_all(
        """els => els.map(e => ({n2: e.dataset.n2, raw: e.querySelector('.bt-raw').textContent,
            bonus: e.querySelector('.bt-bonus').textContent,
            score: e.querySelector('.bt-score').textContent}))"""
    )
    rules = rules_for("standard")
    raws = []
    for row in rows:
        raw = Square.parse(row["n2"]).raw_value(rules)
        raws.append(raw)
        assert row["raw"] == str(raw)
        assert row["score"] == str(rules.hand_score(raw, False))
        assert row["bonus"].lstrip("+") == str(rules.hand_score(raw, False) - raw)
    assert raws == sorted(raws) and len(set(raws)) == len(raws)
    assert min(raws) <= rules.bonus_line < max(raws)


def sandbox_position(page: Page) -> str:
    """The N4 text the sandbox shows for its current position."""
    return page.locator("#sb-n4-input").input_value()


def wait_sandbox(page: Page, card: str | None = None) -> None:
    """Wait until the sandbox shows the engine's answer (for `card` when given)."""
    selector = "#sandbox[data-state=ready]" + (f'[data-card="{card}"]' if card else "")
    wait_for_match(page, selector, ANSWER_MS, visible=True)


def shown_targets(page: Page) -> set[str]:
    """Highlighted legal spaces, as 'own 5' / 'opp 7'."""
    found = set()
    for side in ("own", "opp"):
        for space in page.locator(f"[data-sb={side}] .space.legal").evaluate_all(
            "els => els.map(e => e.dataset.space)"
        ):
            found.add(f"{side} {space}")
    return found


def test_the_sandbox_is_as_the_reader_left_it_on_the_next_visit(guarded_page: Page, site_url: str) -> None:
    """Nothing the reader built is lost: the edited position and the variant come back when the page
    is opened again, and "Start again" still goes back to the page's position."""
    page = guarded_page
    open_rules(page, site_url, sandbox=True)
    start = sandbox_position(page)
    page.locator("#sb-own-space-5").click()
    page.locator("[data-sb=rank]").select_option("5")
    page.locator("[data-sb=suit]").select_option("H")
    page.locator("[data-sb=put]").click()
    page.locator("[data-sb=variant]").select_option("classic")
    wait_sandbox(page)
    built = sandbox_position(page)
    assert built != start
    open_rules(page, site_url, sandbox=True)  # the page again
    assert sandbox_position(page) == built
    expect(page.locator("[data-sb=variant]")).to_have_value("classic")
    page.locator("[data-sb=reset]").click()
    wait_sandbox(page)
    assert sandbox_position(page) == start


def test_sandbox_edit_changes_the_value(guarded_page: Page, site_url: str) -> None:
    """Putting a card on a space changes the square's value to the engine's value (R5)."""
    page = guarded_page
    open_rules(page, site_url)
    wait_sandbox(page)
    before = sandbox_position(page)
    before_raw = Position.parse(before).own.raw_value()
    expect(page.locator("[data-sb=own] .sb-value")).to_have_attribute("data-raw", str(before_raw))

    page.locator("#sb-own-space-5").click()
    page.locator("[data-sb=rank]").select_option("5")
    page.locator("[data-sb=suit]").select_option("H")
    page.locator("[data-sb=put]").click()
    wait_sandbox(page)
    after = sandbox_position(page)
    assert after != before
    position = Position.parse(after)
    top = position.own.top(5)
    assert top is not None and str(top.card) == "5H"
    after_raw = position.own.raw_value()
    assert after_raw != before_raw
    expect(page.locator("[data-sb=own] .sb-value")).to_have_attribute("data-raw", str(after_raw))
    expect(page.locator("[data-sb=opp] .sb-value")).to_have_attribute(
        "data-raw", str(position.opp.raw_value()))


def test_sandbox_legal_targets_match_the_engine(guarded_page: Page, site_url: str) -> None:
    """R3: for every card in hand, the lit spaces are exactly the engine's legal plays."""
    page = guarded_page
    open_rules(page, site_url)
    wait_sandbox(page)
    cards = page.locator("[data-sb=hand] .sb-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(cards) >= 4
    checked_some_target = False
    for index, card in enumerate(cards):
        page.locator(f"#sb-hand-{index}").click()
        wait_sandbox(page, card)
        position = Position.parse(sandbox_position(page))
        expected = {
            text.split(" to ", 1)[1] for text in (str(m) for m in position.legal_moves("standard"))
            if text.startswith(f"{card} to ")
        }
        assert shown_targets(page) == expected, card
        checked_some_target |= bool(expected)
    assert checked_some_target


def test_rules_page_fits_a_phone(browser: Any, site_url: str) -> None:
    """A 360x640 screen shows the page without sideways scrolling."""
    with fresh_page(browser, viewport={"width": 360, "height": 640}) as page:
        open_rules(page, site_url)
        width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360


def test_axe_finds_no_serious_violations(browser: Any, site_url: str) -> None:
    """The rules page (with its sandbox) and the embed modes pass axe-core's serious checks."""
    # axe-core is injected as a script, which the pages' CSP forbids: bypass it in this test only.
    with fresh_page(browser, bypass_csp=True) as page:
        open_rules(page, site_url)
        wait_sandbox(page)
        report = {"rules": axe_violations(page)}
        for name, query in (("square", "mode=square&square=AH,2H,3H/-,-,-/-,-,-"),
                            ("position", "mode=position&n4=-,-,-/-,-,-/-,-,-|-,-,-/-,-,-/-,-,-|7H,JC"),
                            ("play", "mode=play&hands=1&seed=5&botseed=5"),
                            ("bad", "mode=chess")):
            page.goto(f"{site_url}embed.html?{query}")
            wait_for_match(page, "#embed-root[data-state=ready], #embed-root[data-state=error]",
                           PYTHON_START_MS, visible=True)
            report[name] = axe_violations(page)
    bad = {name: found for name, found in report.items() if found}
    assert not bad, bad


def test_sandbox_works_from_the_keyboard(guarded_page: Page, site_url: str) -> None:
    """Spaces and cards are buttons: Enter selects a space and keeps the focus on it after redrawing."""
    page = guarded_page
    open_rules(page, site_url)
    wait_sandbox(page)
    page.locator("#sb-opp-space-4").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#sb-opp-space-4")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#sb-opp-space-4")).to_be_focused()
    expect(page.locator("[data-sb=selected]")).to_contain_text("space 4 of the opponent's square")
    page.locator("#sb-hand-1").focus()
    page.keyboard.press("Enter")
    card = str(page.locator("#sb-hand-1").get_attribute("data-card"))
    wait_sandbox(page, card)
    expect(page.locator("#sb-hand-1")).to_be_focused()
    expect(page.locator("#sb-hand-1")).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize("variant", ["standard", "classic", "running"])
def test_in_game_rules_dialog_follows_the_variant_and_fits_a_phone(browser: Any, site_url: str,
                                                                   variant: str) -> None:
    """R2.1, R5-R8: the game page's rules dialog (rules-dialog.js) shows the variant's own layout
    and numbers, links to the rules page, and its chart stays inside the dialog at 390 px."""
    rules = rules_for(variant)
    with fresh_page(browser, viewport={"width": 390, "height": 844}) as page:
        page.goto(site_url + "index.html")
        # the page's texts are in (initI18n done) before the dialog is drawn with them
        page.wait_for_function("() => !document.documentElement.classList.contains('i18n-wait')")
        page.evaluate("""async (variant) => {
            const { renderRulesDialog } = await import("./js/games/leopard/rules-dialog.js");
            const dialog = document.getElementById("rules");
            let box = document.getElementById("rules-body");
            if (!box) {  // a game page not yet wired to the module: replace its static content
                box = document.createElement("div");
                box.id = "rules-body";
                const title = dialog.querySelector("h2");
                for (const el of [...dialog.children]) {
                    if (el !== title && !el.classList.contains("dialog-actions")) el.remove();
                }
                title.after(box);
            }
            renderRulesDialog(box, variant);
            dialog.showModal();
        }""", variant)
        page.wait_for_function("""() => [...document.styleSheets].some(
            s => (s.href || '').endsWith('css/rules-dialog.css') && s.cssRules.length > 0)""")
        content = page.locator("#rules .rules-dialog-content")
        expect(content).to_have_attribute("data-variant", variant)
        spaces = content.locator(".rd-layout-space").all_text_contents()
        assert spaces == [str(space) for row in rules.layout for space in row]
        text = " ".join(content.inner_text().split())
        assert f"score {rules.suit_points};" in text and f"score {rules.colour_points}." in text
        assert f"worth {rules.out_threshold} or more" in text
        raw = rules.bonus_line + 1
        assert f"Each point above {rules.bonus_line} counts double" in text
        assert f"value {raw} scores {rules.hand_score(raw, False)}" in text
        assert f"A game is {rules.hands_per_game} hands" in text and "equal totals are a draw" in text
        assert "passes" in text and "higher rank deals" in text and "did not deal moves first" in text
        assert ("End turn" in text) == rules.multi_play
        assert content.locator("a[href^='rules.html']").count() == 1
        page.evaluate("""async (variant) => {
            const { renderRulesDialog } = await import("./js/games/leopard/rules-dialog.js");
            renderRulesDialog(document.getElementById("rules-body"), variant, { hands: 2 });
        }""", variant)
        expect(content).to_contain_text(f"This game is 2 hands ({rules.hands_per_game} unless")
        fits = page.evaluate("""() => {
            const dialog = document.getElementById('rules');
            const box = dialog.getBoundingClientRect();
            const cells = [...dialog.querySelectorAll('.rd-chart th, .rd-chart td')];
            const outside = cells.filter(c => {
                const r = c.getBoundingClientRect();
                return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
            }).map(c => c.textContent);
            return {outside, scroll: dialog.scrollWidth - dialog.clientWidth, cells: cells.length,
                    inView: box.left >= 0 && box.right <= window.innerWidth};
        }""")
        assert fits == {"outside": [], "scroll": 0, "cells": 30, "inView": True}, fits


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
def test_sandbox_says_why_a_position_is_refused_and_recovers(guarded_page: Page, site_url: str,
                                                             width: int, height: int) -> None:
    """A third 7 of hearts (R1.1: two decks, two of each card): the squares and the hand line say the
    position was refused instead of waiting for ever, the reason is one short sentence that does not
    quote the position back, the position stays, and an edit brings the answers back."""
    page = guarded_page
    page.set_viewport_size({"width": width, "height": height})
    open_rules(page, site_url, sandbox=True)
    refused = "7H,7H,7H/-,-,-/-,-,- | -,-,-/-,-,-/-,-,- | KH"
    page.fill("#sb-n4-input", refused)
    page.press("#sb-n4-input", "Enter")
    wait_for_match(page, "#sandbox[data-state=refused]", ANSWER_MS, visible=True)
    error = page.locator("[data-sb=error]")
    expect(error).to_have_text("The engine refuses this position. It has more than two copies of "
                               "7 of hearts; two decks hold only two of each card.")
    for side in ("own", "opp"):
        expect(page.locator(f"[data-sb={side}] .sb-value")).to_have_text(
            "No value: the engine refused this position.")
    legal = page.locator("[data-sb=legal]")
    expect(legal).to_contain_text("The engine refused this position")
    assert "Waiting" not in legal.inner_text() and "|" not in error.inner_text()
    assert sandbox_position(page).replace(" ", "") == refused.replace(" ", ""), "the position is kept"
    page.click("#sb-own-space-1")  # choose a space, empty it (one 7 of hearts less): answers again
    page.click("[data-sb=clear]")
    wait_sandbox(page)
    expect(error).to_be_hidden()
