"""The embed: embed.html's three modes inside the demo page served from ANOTHER origin (a second
local server on another port, like a stranger's rules page), its postMessage protocol, host commands,
and the messages for bad URL settings.

Expected values come from the engine in CPython (leopard_core), never typed here.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from pages.embed import play_to_the_end
from pages.site import (
    MOVE_MS,
    PYTHON_START_MS,
    fresh_page,
    origin_of,
    stranger_site,
    wait_for_match,
    wait_for_text,
)
from playwright.sync_api import Browser, FrameLocator, Page, expect

from leopard_core.games.leopard import LeopardError, NotationError, Position, Square
from leopard_core.games.leopard.session import Session
from leopard_core.platform.messages import Message, english_param

WEB = Path(__file__).resolve().parent.parent / "web"
PLAY_SEED, PLAY_BOTSEED = 7, 3
# A quick level: every level chooses as the CPython replay of the same seed does (its work is
# counted, not timed: tests/test_bot_determinism.py), and greedy keeps the test short.
PLAY_LEVEL = "greedy"
DEMO_FAILED_REQUESTS: list[str] = []  # what the demo page (or a frame in it) asked for and did not get
I18N_MODULES = WEB / "js" / "platform" / "i18n"
DEMO_FILES = ("examples/embed-demo.html", "js/embed/demo.js", "css/rules.css", "css/site.css",
              "icons/icon.svg",
              # the demo's own texts (demo-page.js): the site's i18n modules and catalogs
              "js/embed/demo-page.js", "css/i18n.css", "i18n/en.json", "i18n/es.json",
              "js/platform/storage-area.js",
              *(f"js/platform/i18n/{p.name}" for p in sorted(I18N_MODULES.glob("*.js"))))


@pytest.fixture(scope="session")
def other_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A copy of the demo page served on another port (another origin) than the Leopard site."""
    root = tmp_path_factory.mktemp("other-site")
    for name in DEMO_FILES:  # static files the build copies unchanged from web/
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(WEB / name, root / name)
    with stranger_site(root) as base:
        yield base


def messages(page: Page, frame_id: str, kind: str) -> list[dict[str, Any]]:
    """Messages of one type from one frame, as the demo page logged them."""
    texts = page.locator(f'#message-log li[data-id="{frame_id}"][data-type="{kind}"]').all_text_contents()
    return [json.loads(text) for text in texts]


def wait_message(page: Page, frame_id: str, kind: str, timeout: int = PYTHON_START_MS) -> dict[str, Any]:
    """Wait until the demo page has received a message; return the last one."""
    wait_for_match(page, f'#message-log li[data-id="{frame_id}"][data-type="{kind}"]', timeout)
    return messages(page, frame_id, kind)[-1]


@pytest.fixture(scope="module")
def demo(browser: Browser, site_url: str, other_site: str) -> Iterator[Page]:
    """The demo page on the other origin, its boards from the Leopard site, seeded play board.
    One page for the module: its four frames each start Python once (each frame is its own page)."""
    assert origin_of(site_url) != origin_of(other_site)
    context = browser.new_context()
    page = context.new_page()
    failed = DEMO_FAILED_REQUESTS
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("requestfailed", lambda r: failed.append(f"failed {r.url}"))
    page.goto(f"{other_site}examples/embed-demo.html?base={quote(site_url)}"
              f"&seed={PLAY_SEED}&botseed={PLAY_BOTSEED}&level={PLAY_LEVEL}&pace=0")
    yield page
    context.close()


def frame(page: Page, slot: str) -> FrameLocator:
    """The board frame in one slot of the demo page."""
    return page.frame_locator(f"#{slot} iframe")


def page_words(msg: Message) -> str:
    """What the page shows in English for an engine message: the text of ``engine.<code>`` in the
    English catalog, filled with the message's parameters (the page's card and list formats)."""
    template: Any = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))["engine"]
    for part in msg.code.split("."):
        template = template[part]

    def joined(items: list[str], word: str) -> str:  # as Intl.ListFormat("en") joins them
        if len(items) < 3:
            return f" {word} ".join(items)
        return f"{', '.join(items[:-1])}, {word} {items[-1]}"

    def fill(match: re.Match[str]) -> str:
        value, fmt = msg.params[match.group(1)], match.group(2)
        items = [str(v) for v in value] if isinstance(value, list) else [str(value)]
        if fmt == "cards":
            return joined([english_param(card, "card") for card in items], "and")
        if fmt in ("list", "orList"):
            return joined(items, "and" if fmt == "list" else "or")
        return english_param(value, fmt)

    return re.sub(r"\{(\w+)(?::(\w+))?\}", fill, template)


def refusal(call: Any, error: type[LeopardError] = LeopardError) -> str:
    """The page's English words for what the engine refuses (with an ``error`` of this kind)."""
    try:
        call()
    except error as err:
        return page_words(err.msg)
    raise AssertionError("the engine accepted it")


def test_square_and_position_embeds_from_another_origin(demo: Page, site_url: str) -> None:
    """Square and position modes show the engine's value and legal moves; the host gets ready/height."""
    ready = wait_message(demo, "plain-square", "ready")
    square = frame(demo, "slot-plain")
    n2 = str(square.locator("figure.leopard-square").get_attribute("data-n2"))
    expected = Square.parse(n2).raw_value("standard")
    assert ready["raw"] == expected and ready["mode"] == "square" and ready["version"] == 1
    expect(square.locator("figure.leopard-square")).to_have_attribute("data-raw", str(expected))
    expect(square.locator(".square svg.lines line")).to_have_count(len(Square.parse(n2).scoring_lines()))
    height = wait_message(demo, "plain-square", "height")
    assert 100 < height["height"] < 2000

    ready = wait_message(demo, "demo-position", "ready")
    position_frame = frame(demo, "slot-position")
    element = demo.locator("#demo-position")
    n4, card = str(element.get_attribute("n4")), str(element.get_attribute("card"))
    legal = [str(m) for m in Position.parse(n4).legal_moves("standard")]
    mine = [m for m in legal if m.split()[0] == card or m.split()[-1] == card]
    assert ready["legal"] == mine
    shown = set()
    for side in ("own", "opp"):
        for space in position_frame.locator(f"[data-side={side}] .space.target").evaluate_all(
            "els => els.map(e => e.dataset.space)"
        ):
            shown.add(f"{card} to {side} {space}")
    assert shown == {m for m in mine if " to " in m}
    # auto-sizing: the frame takes the height the embed reported
    reported = wait_message(demo, "demo-position", "height")["height"]
    box = demo.locator("#demo-position iframe").bounding_box()
    assert box is not None and abs(box["height"] - reported) <= 2


def test_bad_setting_shows_its_message(demo: Page) -> None:
    """A square that is not valid N2 shows the engine's own words in the frame and tells the host."""
    error = wait_message(demo, "demo-bad", "error")
    bad = str(demo.locator("#demo-bad").get_attribute("square"))
    words = refusal(lambda: Square.parse(bad), NotationError)
    assert error["message"] == words
    problem = frame(demo, "slot-bad").locator(".embed-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text(words)
    assert not messages(demo, "demo-bad", "ready")


@pytest.mark.parametrize(("query", "words"), [
    ("mode=chess", 'unknown mode "chess"'),
    ("", "no mode"),
    ("mode=square", "mode=square needs a square"),
    ("mode=play&hands=many", "hands=many must be a whole number"),
    ("mode=position&n4=-,-,-/-,-,-/-,-,-|-,-,-/-,-,-/-,-,-|7H&card=8H", "8H is not in the position's hand"),
])
def test_bad_url_settings_are_explained(page: Page, site_url: str, query: str, words: str) -> None:
    """Unknown modes and malformed settings give a short message, never a blank frame."""
    page.goto(f"{site_url}embed.html?{query}")
    problem = page.locator(".embed-problem")
    wait_for_match(page, ".embed-problem", PYTHON_START_MS, visible=True)
    expect(problem).to_be_visible()
    expect(problem).to_contain_text(words)
    assert "Traceback" not in page.locator("body").inner_text()


def test_engine_errors_are_explained(page: Page, site_url: str) -> None:
    """An unknown variant and a bad position show the engine's words."""
    page.goto(f"{site_url}embed.html?mode=square&variant=poker&square={quote('AH,2H,3H/-,-,-/-,-,-')}")
    words = refusal(lambda: Square.parse("AH,2H,3H/-,-,-/-,-,-").raw_value("poker"))
    assert words.startswith("Unknown variant 'poker'")
    wait_for_text(page, ".embed-problem", words, PYTHON_START_MS)
    expect(page.locator(".embed-problem")).to_contain_text(words)
    page.goto(f"{site_url}embed.html?mode=play&level=grandmaster")
    problem = page.locator(".embed-problem")
    wait_for_text(page, ".embed-problem", "Unknown level 'grandmaster'", PYTHON_START_MS)
    expect(problem).to_contain_text("Unknown level 'grandmaster'")
    bad = "AH,AH,AH/-,-,-/-,-,- | -,-,-/-,-,-/-,-,- | 7H"
    page.goto(f"{site_url}embed.html?mode=position&n4={quote(bad)}")
    words = refusal(lambda: Position.parse(bad), NotationError)
    wait_for_text(page, ".embed-problem", words, PYTHON_START_MS)
    expect(page.locator(".embed-problem")).to_contain_text(words)


def test_host_commands_are_validated(demo: Page) -> None:
    """Malformed host messages are ignored; a valid show-square is drawn and scored by the engine."""
    wait_message(demo, "plain-square", "ready")
    square = frame(demo, "slot-plain").locator("figure.leopard-square")
    before = str(square.get_attribute("data-raw"))
    heights = len(messages(demo, "plain-square", "height"))
    demo.evaluate("""() => {
        const w = document.querySelector('#slot-plain iframe').contentWindow;
        for (const m of ['show-square', null, 42, [1], {type: 'show-square', square: '-,-,-/-,-,-/-,-,-'},
                         {source: 'leopard-host', type: 'show-square', square: 7},
                         {source: 'leopard-host', type: 'show-square', square: 'x'.repeat(5000)},
                         {source: 'leopard-host', type: 'reload'}]) w.postMessage(m, '*');
        w.postMessage({source: 'leopard-host', type: 'get-height'}, '*');
    }""")
    demo.wait_for_selector(f'#message-log li[data-id="plain-square"][data-type="height"] >> nth={heights}',
                           state="attached", timeout=MOVE_MS)
    assert square.get_attribute("data-raw") == before
    assert not messages(demo, "plain-square", "error")

    new = "KH,2H,3H/4H,5D,-/7C,-,9H"
    demo.evaluate("n2 => document.querySelector('#slot-plain iframe').contentWindow.postMessage("
                  "{source: 'leopard-host', type: 'show-square', square: n2}, '*')", new)
    expect(square).to_have_attribute("data-n2", new)
    raw = Square.parse(new).raw_value("standard")
    expect(square).to_have_attribute("data-raw", str(raw), timeout=MOVE_MS)


def replay_totals(seed: int, bot_seed: int, hands: int) -> dict[str, int]:
    """The engine's result of the policy the test clicks: go out when legal, else pass when that is
    the only move, else discard the first card shown in the hand."""
    session = Session.new("standard", PLAY_LEVEL, hands, seed, bot_seed)
    while True:
        snap = session.snapshot()
        if snap["over"]:
            if snap["game"]["over"]:
                return {"you": snap["game"]["totals"]["own"], "computer": snap["game"]["totals"]["opp"]}
            session.next_hand()
        elif snap["bot_to_move"]:
            session.bot_move()
        else:
            legal = snap["legal_moves"]
            if "out" in legal:
                session.play("out")
            else:
                session.play("pass" if legal == ["pass"] else f"discard {snap['hand'][0]}")


def test_play_embed_runs_a_seeded_game_to_its_end(demo: Page) -> None:
    """mode=play: a one-hand seeded game driven by clicks; the host gets ready, hand-over and
    game-over with the scores the engine gives for the same moves (R7)."""
    ready = wait_message(demo, "demo-play", "ready")
    assert ready["hands"] == 1
    board = frame(demo, "slot-play")
    play_to_the_end(board)
    over = wait_message(demo, "demo-play", "game-over", MOVE_MS)
    hand = wait_message(demo, "demo-play", "hand-over", MOVE_MS)
    expected = replay_totals(PLAY_SEED, PLAY_BOTSEED, 1)
    assert over["totals"] == expected
    assert hand["totals"] == expected and hand["scores"] == expected
    winner = None if expected["you"] == expected["computer"] else max(expected, key=lambda k: expected[k])
    assert over["winner"] == winner
    totals = f"you {expected['you']}, computer {expected['computer']}"
    expect(board.locator(".embed-result")).to_contain_text(totals)


def test_demo_snippets_show_the_real_address_and_nothing_is_missing(demo: Page) -> None:
    """The first snippet's address is the frame's own, with plain & between settings (no &amp;);
    the demo page and its frames request nothing that is missing (no favicon 404)."""
    wait_message(demo, "plain-square", "ready")
    snippet = demo.locator("#snippet-plain").inner_text()
    src = str(demo.locator("#slot-plain iframe").get_attribute("src"))
    assert "&amp;" not in snippet and "&id=" in src and f'src="{src}"' in snippet
    assert "&amp;" not in demo.locator("#snippet-play").inner_text()
    icon = demo.locator("link[rel=icon]")
    expect(icon).to_have_count(1)
    status = demo.evaluate("() => fetch(document.querySelector('link[rel=icon]').href).then(r => r.status)")
    assert status == 200
    wait_message(demo, "demo-position", "ready")
    assert DEMO_FAILED_REQUESTS == []


def test_running_hint_offers_end_turn_after_a_play(page: Page, site_url: str) -> None:
    """R8.3: in running Leopard, after the first play of a turn discarding is illegal, so the hint
    offers End turn and the Discard button is gone."""
    page.goto(f"{site_url}embed.html?mode=play&variant=running&hands=1&seed={PLAY_SEED}"
              f"&botseed={PLAY_BOTSEED}&level={PLAY_LEVEL}&pace=0")
    root = page.locator("#embed-root")
    wait_for_match(page, "#embed-root[data-turn=you]", PYTHON_START_MS, visible=True)
    status = page.locator(".embed-status")
    cards = page.locator(".embed-hand button")
    played = False
    for index in range(cards.count()):
        cards.nth(index).click()
        targets = page.locator(".embed-board .space.target")
        if targets.count():
            expect(status).to_contain_text("or discard it")
            ply = root.get_attribute("data-ply")
            targets.first.click()
            wait_for_match(page, f'#embed-root[data-turn=you]:not([data-ply="{ply}"])', MOVE_MS, visible=True)
            played = True
            break
        cards.nth(index).click()  # unchoose
    assert played, "no card of the seeded hand could be played"
    expect(page.locator("[data-action=end]")).to_be_visible()
    page.locator(".embed-hand button").first.click()
    expect(status).to_contain_text("End turn")
    expect(status).not_to_contain_text("discard")
    expect(page.locator("[data-action=discard]")).to_be_hidden()


PLAY_HEIGHT = "() => document.querySelector('.embed-play').getBoundingClientRect().height"


@pytest.mark.parametrize("width", [320, 480])
def test_pass_and_play_embed_shows_only_the_names_form_and_keeps_its_height(
    browser: Browser, site_url: str, width: int,
) -> None:
    """Issue 21: no square headings or dead buttons above the names form; choosing a card (a longer
    status line, the Discard button) leaves the board's height as it was, so the host page does not
    jump."""
    with fresh_page(browser, viewport={"width": width, "height": 900}) as page:
        page.goto(f"{site_url}embed.html?mode=play&opponent=human&p1=Ana&p2=Ben&hands=1&seed=5")
        wait_for_match(page, "#embed-root[data-turn=names]", PYTHON_START_MS, visible=True)
        expect(page.locator(".embed-names")).to_be_visible()
        for part in (".embed-boards", ".embed-hand", ".embed-actions", ".embed-side h2"):
            expect(page.locator(part).first).to_be_hidden()
        page.click("#embed-names-start")
        page.click("#embed-reveal")
        wait_for_match(page, "#embed-root[data-turn=you]", MOVE_MS, visible=True)
        before = page.evaluate(PLAY_HEIGHT)
        page.locator(".embed-hand button").first.click()
        expect(page.locator(".embed-hand button[aria-pressed=true]")).to_have_count(1)
        expect(page.locator(".embed-status")).not_to_contain_text("choose a card")
        assert page.evaluate(PLAY_HEIGHT) == before
