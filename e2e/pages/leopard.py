"""The card game page (index.html), driven and read through its DOM.

Glossary:
    game_in           -- a GamePage in a fresh guarded context (another language, a fixed day...).
    GamePage          -- opens the page (a seeded game from URL parameters), waits for a decision
                         point and reads what is shown: hand, squares, lit targets, moves, the save.
    settled           -- the page waits for the person: your turn, the hand over or the game over.
    play_by_clicks    -- a move in N3 text made with the mouse ("KS to own 5", "discard 4H", "out",
                         "end"): the card, then where it goes; given the engine's legal moves it
                         also checks that the page lights exactly the places the engine allows.
    person_move       -- the tests' greedy choice for the person, made by clicks, until settled.
    greedy_choice     -- that choice: go out when allowed, else the best raw value after one move.
    session_of        -- the engine's own reading (in CPython) of the game's save.
    saved / kept      -- the game's save: the engine worker keeps it (sealed, in IndexedDB, under
                         KEPT_KEY) for every game and the page never holds it; <body data-kept>
                         counts its keeps.
    top_bar_click     -- a top-bar button by its id, from the More menu on a phone (Rules, New game…).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .kept import wait_kept, wait_kept_as
from .site import MOVE_MS, PYTHON_START_MS, guarded_context

KEPT_KEY = "leopard.game"  # the key of the card game's save in the worker's store
PREVIOUS_KEY = "leopard.game.previous"  # the worker's copy of the game a new one replaced

SETTLED = "body[data-phase=your-turn], body[data-phase=hand-over], body[data-phase=game-over]"


class GamePage:
    """Drives the game page by its DOM, the way a person would (clicks and keys)."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    def open(self, query: str = "", boot: str | None = "snapshot") -> None:
        """Load the page and wait until the player may move (or the hand is over). Python starts
        from the build's memory snapshot unless ``boot`` says otherwise (None: the page's own
        choice, a first visit's normal start): every test has a fresh context, which would
        otherwise start Python the slow way each time. test_fast_start.py covers every path."""
        if boot and "boot=" not in query:
            query = f"{query}{'&' if '?' in query else '?'}boot={boot}"
        self.page.goto(self.base_url + query)
        self.wait_settled(PYTHON_START_MS)

    def start(self, seed: int, botseed: int = 1, hands: int = 1, variant: str = "standard",
              level: str = "random") -> None:
        """A fresh seeded game from URL parameters, with no pause before the computer's moves."""
        self.open(f"?seed={seed}&botseed={botseed}&hands={hands}&variant={variant}&level={level}&pace=0")

    def wait_settled(self, timeout: int = MOVE_MS) -> str:
        """Wait for a decision point; returns the phase. On a time-out, says where the page was."""
        try:
            self.page.wait_for_selector(SETTLED, timeout=timeout)
        except PlaywrightTimeoutError:
            where = {sel: self.page.locator(sel).inner_text() for sel in ("#load-label", "#status")}
            phase = self.phase()
            raise AssertionError(f"page not settled after {timeout} ms: phase {phase}, {where}") from None
        return self.phase()

    def phase(self) -> str:
        """The page's current phase."""
        return str(self.page.locator("body").get_attribute("data-phase"))

    def saved(self) -> str:
        """The game's save the engine worker keeps, unsealed (read from IndexedDB as the browser's
        tools would; the page itself never holds it). The page keeps a new game just after it draws
        it, so a read right after the table settles waits for the first keep."""
        return wait_kept(self.page, KEPT_KEY)

    def kept(self) -> str:
        """The same as saved(): every game's save is kept by the worker."""
        return self.saved()

    def kept_count(self) -> int:
        """How many keeps of the game the worker confirmed to this page."""
        return int(self.page.locator("body").get_attribute("data-kept") or 0)

    def wait_saved(self, text: str) -> None:
        """Wait until the worker's store holds the save ``text`` (another tab's keep)."""
        wait_kept_as(self.page, KEPT_KEY, text)

    def hand(self) -> list[str]:
        """The cards in the player's hand as shown."""
        return self.page.locator("#hand .hand-card").evaluate_all("els => els.map(e => e.dataset.card)")

    def squares(self) -> dict[str, list[str]]:
        """Top cards of both squares as shown ('' for empty), spaces 1..9."""
        result = {}
        for side in ("own", "opp"):
            result[side] = [
                self.page.locator(f"#{side}-space-{space}").get_attribute("data-card") or ""
                for space in range(1, 10)
            ]
        return result

    def targets(self) -> set[str]:
        """The highlighted places for the chosen card, as N3 move endings ('own 4', 'discard')."""
        found = set()
        for side in ("own", "opp"):
            for space in self.page.locator(f"#{side}-square .space.target").evaluate_all(
                "els => els.map(e => e.dataset.space)"
            ):
                found.add(f"{side} {space}")
        if "target" in (self.page.locator("#discard-target").get_attribute("class") or "").split():
            found.add("discard")
        return found

    def moves_shown(self) -> int:
        """Number of moves of this hand the page has drawn."""
        return int(self.page.locator("body").get_attribute("data-moves") or 0)

    def text(self, selector: str) -> str:
        """Inner text of an element."""
        return self.page.locator(selector).inner_text()

    def log(self) -> list[str]:
        """The moves of this hand as the page lists them."""
        return self.page.locator("#log li").evaluate_all("els => els.map(e => e.dataset.move)")

    def picture(self) -> dict[str, object]:
        """What the page shows of the position."""
        return {
            "squares": self.squares(),
            "hand": self.hand(),
            "stock": self.text("#stock-count"),
            "log": self.log(),
            "raw": (self.text("#own-raw"), self.text("#opp-raw")),
        }


@contextlib.contextmanager
def game_in(browser: Browser, site_url: str, **options: Any) -> Iterator[GamePage]:
    """A GamePage in a new browser context (nothing stored), guarded like ``guarded_page``; the
    options are ``guarded_context``'s (day, language, locale, permissions, bypass_csp...)."""
    with guarded_context(browser, site_url, **options) as page:
        yield GamePage(page, site_url)


def greedy_choice(state: Any) -> str:
    """The tests' own pick for the person (a leopard_core HandState): go out when allowed, else the
    best own-minus-opponent raw value after one move."""
    def value(move: Any) -> tuple[int, str]:
        if move.kind == "out":
            return (100, str(move))
        after = state.clone()
        after.apply(move)
        return (after.raw_value(0) - after.raw_value(1), str(move))

    return str(max(state.legal_moves(), key=value))


def session_of(text: str) -> Any:
    """The engine's own reading of the page's save (leopard_core.webapi.Session)."""
    from leopard_core.games.leopard.session import Session

    return Session.restore(text)


def targets_from_engine(legal: list[str], card: str) -> set[str]:
    """Where the engine lets ``card`` go, in the page's terms ('own 4', 'opp 7', 'discard')."""
    found = {" ".join(m.split()[2:4]) for m in legal if m.startswith(f"{card} to ")}
    if f"discard {card}" in legal:
        found.add("discard")
    return found


def play_by_clicks(game: GamePage, move: str, legal: list[str] | None = None) -> None:
    """Make ``move`` with the mouse: Go out or End turn (running Leopard, R8.3), or choose the card
    and click where it goes. With ``legal`` (the engine's moves), the places lit for the card must
    be exactly those the engine allows."""
    page = game.page
    if move in ("out", "end"):
        page.click("#go-out" if move == "out" else "#end-turn")
        return
    words = move.split()
    card = words[1] if words[0] == "discard" else words[0]
    page.click(f"#hand-card-{game.hand().index(card)}")
    if legal is not None:
        assert game.targets() == targets_from_engine(legal, card), f"targets of {card}"
    page.click("#discard-target" if words[0] == "discard" else f"#{words[2]}-space-{words[3]}")


def person_move(game: GamePage) -> str:
    """The tests' greedy choice for the person, made by clicks (the lit places checked against the
    engine's); waits until the page settles again. Returns the move."""
    state = session_of(game.saved()).game.state
    move = greedy_choice(state)
    play_by_clicks(game, move, [str(m) for m in state.legal_moves()])
    game.wait_settled()
    return move


def play_moves(game: GamePage, count: int) -> None:
    """Make ``count`` of the person's moves by clicks (the computer answers in between)."""
    for _ in range(count):
        assert game.phase() == "your-turn"
        person_move(game)


def play_a_lit_move(page: Page) -> None:
    """A legal move by clicks read from the page alone: go out when offered, else the first playable
    card to its first lit place (or the discard pile), else End turn."""
    if page.locator("#go-out").is_enabled():
        page.click("#go-out")
        return
    playable = page.locator("#hand .hand-card[aria-disabled=false]")
    if playable.count():
        playable.first.click()
        # the chosen card is drawn pressed, with its places lit, once the page has taken the click
        expect(page.locator("#hand .hand-card[aria-pressed=true]")).to_have_count(1)
        target = page.locator(".space.target, #discard-target.target")
        if target.count():
            target.first.click()
            return
        page.locator("#hand .hand-card[aria-pressed=true]").click()  # put it back
    page.click("#end-turn")


# The top bar's buttons that a narrow screen moves into the More menu, and their copies there.
NARROW_COPIES = {"open-settings": "more-new-game", "open-rules": "more-rules"}


def top_bar_click(page: Page, control: str) -> None:
    """Click a top-bar control by its id as a person would: the bar's own button, or on a narrow
    screen (where the bar has no room for it) its copy in the More menu."""
    if page.locator(f"#{control}").is_visible():
        page.click(f"#{control}")
        return
    page.click("#more-menu summary")
    page.click(f"#{NARROW_COPIES[control]}")
