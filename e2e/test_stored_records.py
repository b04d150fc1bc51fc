"""One rule for everything a game page reads from storage (issue 32): a record is checked where it
is read; a bad one is reported in plain words, kept aside under the name the notice gives, and
replaced; the page always starts.

Each test damages what an earlier visit kept (the table drawn before Python starts, the
preferences, the settings) and opens the page again, as a person coming back would.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from pages.eleusis import EleusisPage
from pages.eleusis_lab import ANSWER_MS, build_rule, columns
from pages.hunt import HuntPage
from pages.kept import kept_text
from pages.leopard import PREVIOUS_KEY, GamePage, near_the_end, person_move, session_of
from pages.rules import open_rules
from pages.site import (
    ENGLISH,
    EXPECT_MS,
    PYTHON_START_MS,
    SPANISH,
    STATS_KEY,
    open_more,
    wait_for_match,
    wait_for_text,
)
from playwright.sync_api import Page, expect

from leopard_core.platform.saves import seal_kept

ELEUSIS_VIEW = "leopard.eleusis.view.v1"
CARD_VIEW = "leopard.view.v1"
HUNT_VIEW = "leopard.hunt.view.v1"
PREFERENCES = "leopard.preferences.v1"
SEED = 7
ASIDE = re.compile(r"“([^”]+\.unreadable\.[^”]+)”")


def stored(page: Page, key: str) -> str | None:
    value = page.evaluate("k => localStorage.getItem(k)", key)
    return None if value is None else str(value)


def set_aside_as_noticed(page: Page, key: str, text: str, why: str = "wrongShape",
                         notice_at: str = "#notice") -> str:
    """The notice (at ``notice_at``) says why the record could not be read (``why``: the words of
    game.storage.record) and names where it was kept; that copy holds it exactly."""
    notice = page.locator(notice_at)
    wait_for_text(page, notice_at, ENGLISH["game"]["storage"]["record"][why], EXPECT_MS)
    expect(notice).to_contain_text(ENGLISH["game"]["storage"]["record"][why])
    named = [aside for aside in ASIDE.findall(notice.inner_text()) if aside.startswith(f"{key}.unreadable.")]
    assert len(named) == 1, notice.inner_text()
    aside = named[0]
    assert stored(page, aside) == text
    return aside


def put(page: Page, key: str, text: str) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])


def forget_asides(page: Page) -> None:
    """Remove the copies set aside so far, so that the next damaged record's is the only one."""
    page.evaluate("() => Object.keys(localStorage).filter((k) => k.includes('.unreadable.'))"
                  ".forEach((k) => localStorage.removeItem(k))")


def damaged_views(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The damage the independent checks found fatal, each made from a real kept view."""
    no_expelled = {k: v for k, v in view.items() if k != "expelled"}
    return {
        "a null card": {**view, "mainline": [*view["mainline"], None]},
        "not a card in the hand": {**view, "hand": [*view["hand"][:-1], {"rank": "A"}]},
        "a null play": {**view, "plays": [*view["plays"], None]},
        "no expelled field": no_expelled,
    }


def test_a_damaged_eleusis_view_is_set_aside_and_the_page_starts(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", SEED)
    page = eleusis.page
    page.wait_for_function(f"() => localStorage.getItem({ELEUSIS_VIEW!r}) !== null")
    good = json.loads(stored(page, ELEUSIS_VIEW) or "null")
    for name, damaged in damaged_views(good).items():
        text = json.dumps(damaged)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [ELEUSIS_VIEW, text])
        eleusis.open()
        assert eleusis.phase() == "your-turn", name
        set_aside_as_noticed(page, ELEUSIS_VIEW, text)
        # Replaced: the page kept a good view again, and the next visit has nothing to report.
        page.wait_for_function(f"() => localStorage.getItem({ELEUSIS_VIEW!r}) !== null")
        eleusis.open()
        expect(page.locator("#notice")).to_be_hidden()


def test_a_card_game_view_that_cannot_be_drawn_is_set_aside(game: GamePage) -> None:
    game.start(seed=31, botseed=2, hands=2)
    page = game.page
    page.wait_for_function(f"() => localStorage.getItem({CARD_VIEW!r}) !== null")
    view = json.loads(stored(page, CARD_VIEW) or "null")
    text = json.dumps({**view, "own": {**view["own"], "stacks": [None] * 9}})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [CARD_VIEW, text])
    game.open()
    set_aside_as_noticed(page, CARD_VIEW, text)


def test_a_hunt_view_and_preferences_of_the_wrong_kind_are_set_aside(hunt: HuntPage) -> None:
    hunt.start("L")
    page = hunt.page
    page.wait_for_function(f"() => localStorage.getItem({HUNT_VIEW!r}) !== null")
    view = json.loads(stored(page, HUNT_VIEW) or "null")
    text = json.dumps({**view, "cells": None})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [HUNT_VIEW, text])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PREFERENCES, "[1, 2, 3]"])
    hunt.open()
    set_aside_as_noticed(page, HUNT_VIEW, text)
    set_aside_as_noticed(page, PREFERENCES, "[1, 2, 3]")


@pytest.mark.parametrize("text", ["{\"speed\": 5", "\"dark\"", "{\"theme\": \"purple\"}"])
def test_damaged_preferences_are_reported_and_replaced_on_the_eleusis_page(
        guarded_page: Page, site_url: str, text: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    page = eleusis.page
    page.goto(f"{site_url}eleusis-rules.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [PREFERENCES, text])
    eleusis.start("express", SEED)
    notice = page.locator("#notice")
    wait_for_text(page, "#notice", ENGLISH["game"]["storage"]["record"]["what"]["preferences"], EXPECT_MS)
    expect(notice).to_contain_text(ENGLISH["game"]["storage"]["record"]["what"]["preferences"])
    aside = ASIDE.search(notice.inner_text())
    assert aside and stored(page, aside.group(1)) == text
    assert stored(page, PREFERENCES) is None


# ------------------------------------------------------------------ a move left in flight, damaged
ELEUSIS_PENDING = "leopard.eleusis.pending.v1"


@pytest.mark.parametrize("text", ['{"revision": 1, "at": 3, "move": "play', "null", "42",
                                  '{"revision": "1", "at": [], "move": {"cards": null}}'],
                         ids=["truncated", "null", "a number", "wrong types"])
def test_a_damaged_eleusis_move_left_in_flight_is_reported_and_kept_aside(
        guarded_page: Page, site_url: str, text: str) -> None:
    """The move noted as it was sent, damaged before the next visit: it may hold a move the kept game
    lacks, so the page says so in plain words and keeps it aside (it used to drop it silently); the
    kept game is drawn as it was."""
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", SEED)
    page = eleusis.page
    eleusis.take_turn()
    table = (eleusis.hand(), eleusis.mainline(), eleusis.wrong_cards())
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [ELEUSIS_PENDING, text])
    eleusis.open("?pace=0")
    notice = page.locator("#notice")
    wait_for_text(page, "#notice", ENGLISH["game"]["storage"]["record"]["what"]["pendingMove"], EXPECT_MS)
    expect(notice).to_contain_text(ENGLISH["game"]["storage"]["record"]["what"]["pendingMove"])
    named = [aside for aside in ASIDE.findall(notice.inner_text())
             if aside.startswith(f"{ELEUSIS_PENDING}.unreadable.")]
    assert len(named) == 1, notice.inner_text()
    assert stored(page, named[0]) == text
    assert stored(page, ELEUSIS_PENDING) is None
    assert (eleusis.hand(), eleusis.mainline(), eleusis.wrong_cards()) == table
    assert eleusis.phase() == "your-turn"


# ------------------------------------------------------------------ a save cut short
@pytest.mark.parametrize(("lang", "words"), [("en", ENGLISH), ("es", SPANISH)])
def test_a_save_cut_short_is_reported_in_the_players_words(game: GamePage, lang: str,
                                                           words: dict[str, Any]) -> None:
    """A card game save cut short: the notice says its text is damaged in the page's language; it
    quoted the parser's English ("Expecting ',' delimiter: line 1 column 27 (char 26)")."""
    page = game.page
    page.goto(f"{game.base_url}rules.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["leopard.game.v1", '{"format": "x", "a": [1, 2'])
    game.open(f"?lang={lang}&pace=0")
    notice = page.locator("#notice")
    wait_for_text(page, "#notice", words["engine"]["save"]["not_json"], EXPECT_MS)
    expect(notice).to_contain_text(words["engine"]["save"]["not_json"])
    assert not re.search(r"line \d+ column|char \d+|Expecting", notice.inner_text()), notice.inner_text()


# ------------------------------------------------------------------ the kept saves (IndexedDB)
KEPT_SAVES = """([key, value]) => new Promise((resolve, reject) => {
  const open = indexedDB.open("leopard-kept-saves", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("saves");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const transaction = open.result.transaction("saves", "readwrite");
    transaction.objectStore("saves").put(value, key);
    transaction.oncomplete = () => { open.result.close(); resolve(true); };
    transaction.onerror = () => reject(transaction.error);
  };
})"""
KEPT_KEYS = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("leopard-kept-saves", 1);
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const request = open.result.transaction("saves").objectStore("saves").getAllKeys();
    request.onsuccess = () => { open.result.close(); resolve(request.result); };
  };
})"""


@pytest.mark.parametrize("value", [{"format": "eleusis-session"}, 5], ids=["an object", "a number"])
def test_a_kept_eleusis_save_that_is_not_text_is_reported_and_kept_aside(
        guarded_page: Page, site_url: str, value: Any) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    page = eleusis.page
    page.goto(f"{site_url}eleusis-rules.html")
    page.evaluate(KEPT_SAVES, ["eleusis.game", value])
    eleusis.open("?pace=0")
    notice = page.locator("#notice")
    wait_for_text(page, "#notice", "eleusis.game.unreadable.", EXPECT_MS)
    expect(notice).to_contain_text("eleusis.game.unreadable.")
    named = re.search(r"“(eleusis\.game\.unreadable\.\d+)”", notice.inner_text())
    assert named, notice.inner_text()
    assert named.group(1) in page.evaluate(KEPT_KEYS)
    assert eleusis.phase() == "your-turn"


# ------------------------------------------------------------------ a hunt save over the limit
def test_a_hunt_save_over_the_engines_limit_is_reported_and_kept_aside(hunt: HuntPage) -> None:
    page = hunt.page
    page.goto(f"{hunt.base_url}hunt-rules.html")
    # 1,000,050 characters: over the engine's limit of a million, and within the browser's storage.
    page.evaluate("""() => localStorage.setItem("leopard.hunt.v1",
      '{"format": "leopard-hunt-session", "pad": "' + "x".repeat(1000000) + '"}')""")
    hunt.open("?pace=0")
    notice = page.locator("#notice")
    wait_for_text(page, "#notice", "leopard.hunt.unreadable.", EXPECT_MS)
    expect(notice).to_contain_text("leopard.hunt.unreadable.")
    named = re.search(r"“(leopard\.hunt\.unreadable\.[^”]+)”", notice.inner_text())
    assert named, notice.inner_text()
    assert page.evaluate("k => localStorage.getItem(k).length", named.group(1)) > 1_000_000
    assert hunt.phase() == "your-turn"


# ------------------------------------------------------------------ links
def test_a_link_with_a_thousand_levels_is_quoted_short(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    levels = ",".join(["novice"] * 1000)
    eleusis.open(f"?game=express&bots=2&levels={levels}&seed={SEED}&pace=0")
    notice = eleusis.page.locator("#notice")
    wait_for_text(eleusis.page, "#notice", "“novice,novice,novice,nov…”", EXPECT_MS)
    expect(notice).to_contain_text("“novice,novice,novice,nov…”")
    assert len(notice.inner_text()) < 400, len(notice.inner_text())
    # Only the list was refused: the link's game started, two computer players at their default.
    assert eleusis.page.locator("#players li.player").count() == 3


def test_an_empty_classroom_code_is_refused_in_plain_words(guarded_page: Page, site_url: str) -> None:
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.open(f"?game=express&bots=2&level=novice&deal=&seed={SEED}&pace=0")
    wait_for_text(eleusis.page, "#notice", ENGLISH["game"]["link"]["emptyCode"], EXPECT_MS)
    expect(eleusis.page.locator("#notice")).to_contain_text(ENGLISH["game"]["link"]["emptyCode"])
    assert eleusis.phase() == "your-turn"


@pytest.mark.parametrize("seed", ["abc", "9" * 5000, "-1", "9007199254740992"])
def test_a_seed_that_is_not_a_seed_is_refused_on_every_page(
        guarded_page: Page, site_url: str, seed: str) -> None:
    page = guarded_page
    shown = seed if len(seed) <= 24 else f"{seed[:24]}…"
    eleusis = EleusisPage(page, site_url)
    eleusis.open(f"?game=express&bots=2&level=novice&seed={seed}&pace=0")
    notice = page.locator("#notice")
    wait_for_text(page, "#notice", f"“{shown}”", EXPECT_MS)
    expect(notice).to_contain_text(f"“{shown}”")
    assert len(notice.inner_text()) < 400
    hunt = HuntPage(page, site_url)
    hunt.open(f"?side=L&seed={seed}&pace=0")
    wait_for_text(page, "#notice", f"“{shown}”", EXPECT_MS)
    expect(notice).to_contain_text(f"“{shown}”")
    assert len(notice.inner_text()) < 400
    game = GamePage(page, site_url)
    game.open(f"?seed={seed}&pace=0")
    expect(notice).to_be_visible()
    assert len(notice.inner_text()) < 400


def test_the_largest_seed_deals_the_same_game_in_a_fresh_browser(browser: Any, site_url: str) -> None:
    """The same valid seed, two fresh browsers: the same hand and the same starter."""
    seen = []
    for _ in range(2):
        context = browser.new_context()
        try:
            eleusis = EleusisPage(context.new_page(), site_url)
            eleusis.open("?game=express&bots=2&level=novice&seed=9007199254740991&pace=0")
            seen.append((eleusis.hand(), eleusis.mainline()))
        finally:
            context.close()
    assert seen[0] == seen[1]
    assert seen[0][0]


@pytest.mark.parametrize("text", ["5", "\"fast\"", "{\"snapshot\": 3}"])
def test_start_timings_of_the_wrong_kind_never_stop_a_page(
        guarded_page: Page, site_url: str, text: str) -> None:
    """The engine's start times of the last visit (the browser's own measurements, replaced by the
    next start's): a number stored there made the page throw when Python was ready."""
    eleusis = EleusisPage(guarded_page, site_url)
    page = eleusis.page
    page.goto(f"{site_url}eleusis-rules.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["leopard.engine.timing.v1", text])
    eleusis.open(f"?game=express&bots=2&level=novice&seed={SEED}&pace=0")
    assert eleusis.phase() == "your-turn"
    timing = json.loads(stored(page, "leopard.engine.timing.v1") or "null")
    assert isinstance(timing, dict) and all(isinstance(times, dict) for times in timing.values())


@pytest.mark.parametrize("text", ['{"a":' * 3000 + "1" + "}" * 3000, '{"snapshot": {"load": {"a": [1]}}}'],
                         ids=["nested 3000 deep", "a stage time that is not a number"])
def test_start_timings_nested_deep_never_stop_the_hunt(hunt: HuntPage, text: str) -> None:
    """Start times nested 3,000 objects deep: the card game's and the hunt's pages stayed at
    "Starting, 0%" for good (the check let any object of objects through to the engine's worker)."""
    page = hunt.page
    page.goto(f"{hunt.base_url}hunt-rules.html")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["leopard.engine.timing.v1", text])
    hunt.open("?side=L&seed=3&pace=0")
    assert hunt.phase() == "your-turn"
    timing = json.loads(stored(page, "leopard.engine.timing.v1") or "null")
    assert all(isinstance(ms, (int, float)) for times in timing.values() for ms in times.values()), timing


@pytest.mark.parametrize("where", ["localStorage", "worker"])
def test_a_game_kept_for_after_the_guided_hand_that_cannot_be_read_is_kept_aside(game: GamePage,
                                                                                  where: str) -> None:
    """The game to go back to after the guided hand, damaged: as an earlier visit left it in
    localStorage (the page moves it into the worker) or in the worker's store. The worker keeps it
    aside under the name the notice gives; a new game starts."""
    page = game.page
    page.goto(f"{game.base_url}rules.html")
    if where == "localStorage":
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["leopard.tutorial.resume", "not a save"])
    else:
        damaged = {"revision": 3, "sealed": seal_kept("not a save")}
        page.evaluate(KEPT_SAVES, ["leopard.tutorial.resume", damaged])
    page.goto(f"{game.base_url}?tutorial=1&pace=0&boot=snapshot")
    wait_for_match(page, "body[data-tutorial='0']", 90_000)
    assert stored(page, "leopard.tutorial.resume") is None, "moved into the worker"
    page.click("#tutorial-skip")
    notice = page.locator("#notice")
    wait_for_text(page, "#notice", "leopard.tutorial.resume.unreadable.", EXPECT_MS)
    expect(notice).to_contain_text("leopard.tutorial.resume.unreadable.")
    named = re.search(r"“(leopard\.tutorial\.resume\.unreadable\.\d+)”", notice.inner_text())
    assert named, notice.inner_text()
    assert kept_text(page, named.group(1)) == "not a save"
    game.wait_settled()
    assert session_of(game.saved()).game.hand_number == 1 and not session_of(game.saved()).tutorial


# ------------------------------------------------------------------ the rules being built (Eleusis)
DRAFTS = "leopard.eleusis.drafts.v1"
NESTED = "[" * 5000 + "]" * 5000


def shown_family(page: Page, builder: str) -> str:
    """The kind of rule a builder shows ("" when none is chosen)."""
    return str(page.locator(f"{builder} .rb-place[data-depth='0'] > .rb-head .rb-family").first.input_value())


def test_damaged_rule_drafts_are_set_aside_and_the_good_drafts_stay(guarded_page: Page,
                                                                     site_url: str) -> None:
    """The rules being built (drafts.js), damaged before the next visit: each damaged record is kept
    aside under the name the notice gives and the table plays on. A draft whose rule fits no kind of
    rule the builder knows was dropped unseen and unsaid, and written over by the next click; now the
    record is kept aside and the player told, and the other drafts in it stay."""
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", SEED)
    page = eleusis.page
    eleusis.click_and_wait("#hand button[data-card='AH']:not(:disabled)")
    assert eleusis.hand_phase() == "guess"
    build_rule(page.locator("#guess-builder"), "feature", {"feature": "odd"})
    page.wait_for_function(f"() => (localStorage.getItem({DRAFTS!r}) || '').includes('odd')")
    good = stored(page, DRAFTS) or ""
    guess = json.loads(good)["guess"]
    unfit = {"guess": {"hand": guess["hand"], "form": {"family": "no such kind"}},
             "youDeal": {"hand": "", "form": guess["form"]}}
    damaged = {
        "cut short": (good[:-7], "notJson"),
        "wrong types": (json.dumps({"guess": {"hand": 5, "form": "odd"}}), "wrongShape"),
        "far too long": (json.dumps({"guess": {**guess, "pad": "x" * 30_000}}), "tooLong"),
        "nested 5000 deep": (json.dumps({"guess": {"hand": guess["hand"], "form": None}})
                             .replace("null", NESTED), "wrongShape"),
        "a rule of no kind": (json.dumps(unfit), "wrongShape"),
    }
    for name, (text, why) in damaged.items():
        put(page, DRAFTS, text)
        eleusis.open()
        assert eleusis.hand_phase() == "guess", name
        set_aside_as_noticed(page, DRAFTS, text, why)
        assert shown_family(page, "#guess-builder") == "", name
    # The rule of no kind was kept aside; the good draft beside it stays kept.
    assert json.loads(stored(page, DRAFTS) or "null") == {"youDeal": unfit["youDeal"]}
    put(page, DRAFTS, good)
    eleusis.open()
    assert shown_family(page, "#guess-builder") == "feature"
    expect(page.locator("#notice")).to_be_hidden()
    assert stored(page, DRAFTS) == good


# ------------------------------------------------------------------ the rules pages' sandboxes
RULES_SANDBOX = "leopard.rules.sandbox.v1"
ELEUSIS_SANDBOX = "leopard.eleusis.sandbox.v1"


def test_a_damaged_rules_sandbox_is_set_aside_and_a_refused_position_is_kept(
        guarded_page: Page, site_url: str) -> None:
    """The card game's rules page: the reader's position, damaged, is kept aside and told above the
    sandbox, which starts from the page's position; a position the engine refuses is the reader's
    own (they can mend it), so it is shown with the refusal and kept as it was."""
    page = guarded_page
    open_rules(page, site_url, sandbox=True)
    page.click("#sandbox [data-sb=add-hand]")
    page.wait_for_function(f"() => localStorage.getItem({RULES_SANDBOX!r}) !== null")
    good = stored(page, RULES_SANDBOX) or ""
    n4 = json.loads(good)["n4"]
    damaged = {
        "cut short": (good[:-3], "notJson"),
        "a number for the position": ('{"n4": 5, "variant": "standard"}', "wrongShape"),
        "nested 5000 deep": ('{"n4": ' + NESTED + ', "variant": "standard"}', "wrongShape"),
        "far too long": (json.dumps({"n4": n4 + ",KH" * 70_000, "variant": "standard"}), "tooLong"),
    }
    error = "#sandbox [data-sb=error]"
    for name, (text, why) in damaged.items():
        put(page, RULES_SANDBOX, text)
        open_rules(page, site_url, sandbox=True)
        set_aside_as_noticed(page, RULES_SANDBOX, text, why, notice_at=error)
        assert stored(page, RULES_SANDBOX) is None, name
    refused = json.dumps({"n4": n4 + ",KH" * 2000, "variant": "classic"})
    put(page, RULES_SANDBOX, refused)
    page.reload()
    wait_for_match(page, "#sandbox[data-state=refused]", PYTHON_START_MS, visible=True)
    assert stored(page, RULES_SANDBOX) == refused
    put(page, RULES_SANDBOX, good)
    open_rules(page, site_url, sandbox=True)
    assert page.locator("#sandbox [data-sb=n4]").input_value() == n4
    expect(page.locator(error)).to_be_hidden()


def open_eleusis_sandbox(page: Page, site_url: str) -> None:
    """The Eleusis rules page with no seed (a seed deals fresh cards and reads no kept sandbox)."""
    page.goto(f"{site_url}eleusis-rules.html")
    wait_for_match(page, "#engine-status[data-state=ready]", PYTHON_START_MS)
    wait_for_match(page, ".lab-sandbox[data-state=ready], .lab-sandbox[data-state=no-rule]", ANSWER_MS,
                   visible=True)


def test_a_damaged_eleusis_sandbox_is_set_aside_and_its_cards_stay(guarded_page: Page, site_url: str) -> None:
    """The Eleusis rules page's sandbox, damaged: kept aside and told above it. A rule that fits no
    kind of rule was written over with "no rule" unsaid; now it is kept aside and told, and the
    cards played stay."""
    page = guarded_page
    open_eleusis_sandbox(page, site_url)
    page.wait_for_function(f"() => localStorage.getItem({ELEUSIS_SANDBOX!r}) !== null")
    good = stored(page, ELEUSIS_SANDBOX) or ""
    kept = json.loads(good)
    unfit = {**kept, "form": {"family": "no such kind", "parts": {"x": NESTED}}}
    damaged = {
        "cut short": (good[:-3], "notJson"),
        "wrong types": ('{"form": {}, "played": "9H", "hand": 8}', "wrongShape"),
        "far too long": (json.dumps({**kept, "pad": "x" * 250_000}), "tooLong"),
        "a rule nested 5000 deep": (json.dumps({**kept, "form": None}).replace("null", NESTED), "wrongShape"),
        "a rule of no kind": (json.dumps(unfit), "wrongShape"),
    }
    for name, (text, why) in damaged.items():
        put(page, ELEUSIS_SANDBOX, text)
        open_eleusis_sandbox(page, site_url)
        set_aside_as_noticed(page, ELEUSIS_SANDBOX, text, why, notice_at=".sb-storage")
        if name in ("a rule nested 5000 deep", "a rule of no kind"):  # the rule was damaged, not the cards
            page.wait_for_function(f"() => localStorage.getItem({ELEUSIS_SANDBOX!r}) !== null")
            again = json.loads(stored(page, ELEUSIS_SANDBOX) or "null")
            assert (again["played"], again["hand"]) == (kept["played"], kept["hand"]), name
            assert again["form"] is None, name
    put(page, ELEUSIS_SANDBOX, good)
    open_eleusis_sandbox(page, site_url)
    assert shown_family(page, ".lab-sandbox") == kept["form"]["family"]
    assert [card for card, _, _ in columns(page)][:1] == kept["played"][:1]
    expect(page.locator(".sb-storage")).to_be_hidden()


# ------------------------------------------------------------------ the card game's small records
TUTORIAL_OFFERED = "leopard.tutorial.offered"
CHALLENGE_NAME = "leopard.challenge.name.v1"


def test_the_card_games_flag_copy_and_name_of_any_kind_never_stop_the_page(game: GamePage) -> None:
    """Three small records of the card game, damaged on a first visit:
    - the guided hand's offer made (a flag: any text means made; a damaged one costs at most one
      more offer, so nothing is said);
    - the game a new one replaced, from before the worker kept saves: moved into the worker as it
      is, never read back by any page action (a person may recover it by hand), so a damaged one is
      neither checked nor told, and not lost;
    - the name last put on a challenge: shown in the challenge dialog as it was kept, where the
      person can mend it; a name the engine refuses says why in the dialog and stays kept."""
    page = game.page
    page.goto(f"{game.base_url}rules.html")
    flag = "x" * 1_000_000
    previous = '{"format": "leopard-session", "game": ' + NESTED + "}"
    put(page, TUTORIAL_OFFERED, flag)
    put(page, PREVIOUS_KEY, previous)
    game.open("?pace=0")
    expect(page.locator("#tutorial-offer")).to_be_hidden()
    assert stored(page, TUTORIAL_OFFERED) == flag
    assert stored(page, PREVIOUS_KEY) is None and kept_text(page, PREVIOUS_KEY) == previous
    expect(page.locator("#notice")).to_be_hidden()
    box = page.locator("#challenge")
    for name in ["x" * 200_000, "Ana\u0000<b>", '{"by": ["Ana"]}', "   "]:
        put(page, CHALLENGE_NAME, name)
        open_more(page, "open-challenge")
        expect(box).to_have_attribute("data-link", re.compile("ready|refused"))
        assert page.locator("#challenge-name").input_value() == name
        if name.strip():
            expect(box).to_have_attribute("data-link", "refused")
            expect(page.locator("#challenge-status")).to_contain_text("use 1 to 24 letters")
            assert len(page.locator("#challenge-status").inner_text()) < 400
            # the refused name quoted as a player reads it, not in Python's escapes ('Ana\x00<b>')
            assert "\\x" not in page.locator("#challenge-status").inner_text()
            assert stored(page, CHALLENGE_NAME) == name
        page.click("#challenge-close")
    put(page, CHALLENGE_NAME, "Ana")
    open_more(page, "open-challenge")
    expect(page.locator("#challenge-url")).to_have_value(re.compile("by=Ana"))


# ------------------------------------------------------------------ the statistics' note of the game
CARD_CURRENT = "leopard.stats.current"
ELEUSIS_CURRENT = "leopard.eleusis.stats.current"
ELEUSIS_STATS = "leopard.eleusis.stats.v1"


def records_counted(page: Page, key: str, count: int) -> None:
    """Wait until the statistics store under ``key`` holds ``count`` records."""
    page.wait_for_function("([k, n]) => JSON.parse(localStorage.getItem(k) || '{}').records?.length === n",
                           arg=[key, count])


def test_a_damaged_note_of_the_card_game_being_played_is_set_aside_and_the_game_counts(
        game: GamePage) -> None:
    """The statistics' note of the game being played, read when the game ends: damaged, it is kept
    aside and told, and the game is counted once. The end of a finished game is recorded again on
    the next visit: with its note damaged in between, the game was counted twice."""
    page = game.page
    game.resume(near_the_end(seed=4104, botseed=1, hands=1))
    text = '{"id": ' + "[" * 4000 + "]" * 4000 + ', "game": 5}'
    put(page, CARD_CURRENT, text)
    for _ in range(300):
        if game.phase() != "your-turn":
            break
        person_move(game)
    assert game.phase() == "game-over"
    records_counted(page, STATS_KEY, 1)
    set_aside_as_noticed(page, CARD_CURRENT, text)
    record = json.loads(stored(page, STATS_KEY) or "null")["records"][0]
    assert json.loads(stored(page, CARD_CURRENT) or "null")["id"] == record["id"]
    put(page, CARD_CURRENT, "[1]")
    game.open("?pace=0")
    set_aside_as_noticed(page, CARD_CURRENT, "[1]")
    page.wait_for_function(f"() => localStorage.getItem({CARD_CURRENT!r}) !== null")
    assert json.loads(stored(page, STATS_KEY) or "null")["records"] == [record]
    assert json.loads(stored(page, CARD_CURRENT) or "null")["id"] == record["id"]


def test_a_damaged_note_of_the_eleusis_game_being_played_is_set_aside_and_the_hand_counts(
        guarded_page: Page, site_url: str) -> None:
    """Eleusis's note, read when a hand ends: damaged, it is kept aside and told (not replaced
    silently: it is what keeps a hand from being counted twice), and the hand is counted. The
    finished hands are recorded again on the next visit: with the note damaged in between, the
    hand was counted twice (now the game's id is found again from the hand's deal)."""
    eleusis = EleusisPage(guarded_page, site_url)
    eleusis.start("express", SEED)
    page = eleusis.page
    text = '{"id": "' + "x" * 20_000 + '"}'
    put(page, ELEUSIS_CURRENT, text)
    eleusis.click_and_wait("#hand button[data-card='AH']:not(:disabled)")
    build_rule(page.locator("#guess-builder"), "feature", {"feature": "odd"})
    eleusis.click_and_wait("#guess-rule")
    assert eleusis.phase() == "game-over"
    records_counted(page, ELEUSIS_STATS, 1)
    set_aside_as_noticed(page, ELEUSIS_CURRENT, text, "tooLong")
    record = json.loads(stored(page, ELEUSIS_STATS) or "null")["records"][0]
    put(page, ELEUSIS_CURRENT, "[1]")
    eleusis.open("?pace=0")
    set_aside_as_noticed(page, ELEUSIS_CURRENT, "[1]")
    page.wait_for_function(f"() => localStorage.getItem({ELEUSIS_CURRENT!r}) !== null")
    assert json.loads(stored(page, ELEUSIS_STATS) or "null")["records"] == [record]
    assert record["id"] == json.loads(stored(page, ELEUSIS_CURRENT) or "null")["id"] + ":0"
