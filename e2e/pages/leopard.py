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
    near_the_end      -- the save of a seeded game against the computer that the engine (in CPython)
                         played on until the person has a few moves left before the game is over:
                         a test about the end of a game opens it (``GamePage.resume``) instead of
                         playing the whole hand by clicks first (test_game_play.py and
                         test_game_layout.py play whole hands by clicks).
    resume            -- open the page on a save an earlier visit left in localStorage (SAVE_KEY),
                         planted before the page's first script runs; the page moves it into the
                         engine worker and resumes it, as it does a returning visitor's.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Iterator
from typing import Any

from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .kept import wait_kept, wait_kept_as
from .site import MOVE_MS, PYTHON_START_MS, SAVE_KEY, guarded_context, wait_for_match

KEPT_KEY = "leopard.game"  # the key of the card game's save in the worker's store
PREVIOUS_KEY = "leopard.game.previous"  # the worker's copy of the game a new one replaced

SETTLED = "body[data-phase=your-turn], body[data-phase=hand-over], body[data-phase=game-over]"
# Puts a save where an earlier visit of the page left it, before the page's first script runs; each
# save once per tab (sessionStorage remembers it by its mark), so that a reload resumes what the
# worker kept since. A frame whose storage is out of reach (an opaque origin) is left alone.
PLANT_ONCE = """(([key, text, mark]) => {
  try {
    if (sessionStorage.getItem(mark) === null) {
      localStorage.setItem(key, text);
      sessionStorage.setItem(mark, "planted");
    }
  } catch (err) { /* an opaque origin: nothing to plant */ }
})(%s);"""


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

    def resume(self, save: str, query: str = "?pace=0") -> None:
        """Open the page (``query``: no game parameters, or the link's game would start instead) on
        the game ``save``, as an earlier visit left it in localStorage; waits until it settles."""
        mark = "e2e.planted." + hashlib.sha256(save.encode()).hexdigest()[:16]
        self.page.add_init_script(PLANT_ONCE % json.dumps([SAVE_KEY, save, mark]))
        self.open(query)

    def wait_settled(self, timeout: int = MOVE_MS) -> str:
        """Wait for a decision point; returns the phase. On a time-out, says where the page was."""
        try:
            wait_for_match(self.page, SETTLED, timeout)
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


def near_the_end(seed: int, botseed: int = 1, hands: int = 1, variant: str = "standard",
                 level: str = "random", left: int = 3, origin: dict[str, Any] | None = None,
                 first_hand: bool = False) -> str:
    """The save of the game ``GamePage.start`` would open with these settings (``origin``: a
    challenge link's, e.g. ``{"kind": "challenge", "by": "Ana", "own": 3, "opp": 1}``), played on
    by the engine in CPython (the person's ``greedy_choice``, the computer's own moves, each next
    hand dealt) until the person has ``left`` moves to make before the game is over (with
    ``first_hand``, before the first hand is); the person is to move. The game is played out once
    to count the person's moves, then again to that point."""
    from leopard_core.games.leopard.session import Session

    def played(limit: int | None) -> tuple[Any, int]:
        session = Session.new(variant, level, hands, seed, botseed, origin=origin)
        made = 0
        while not session.game.is_over and not (first_hand and session.game.state.over):
            state = session.game.state
            if state.over:
                session.next_hand()
            elif state.to_move == 1:
                session.bot_move()
            elif made == limit:
                break
            else:
                session.play(greedy_choice(state))
                made += 1
        return session, made

    total = played(None)[1]
    assert total > left, f"the game has only {total} moves of the person's"
    session, _ = played(total - left)
    return str(session.save())


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
    (unless it is chosen already, as a hint does) and click where it goes. With ``legal`` (the
    engine's moves), the places lit for the card must be exactly those the engine allows."""
    page = game.page
    if move in ("out", "end"):
        page.click("#go-out" if move == "out" else "#end-turn")
        return
    words = move.split()
    card = words[1] if words[0] == "discard" else words[0]
    chosen = page.locator(f"#hand-card-{game.hand().index(card)}")
    if chosen.get_attribute("aria-pressed") != "true":  # a hint chooses its card itself
        chosen.click()
    if legal is not None:
        # the chosen card is drawn pressed, with its places lit, once the page has taken the click
        # (until then the places lit may be a hint's)
        expect(chosen).to_have_attribute("aria-pressed", "true")
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
