"""The Eleusis page's classroom game (E16) and teacher's link (E17), driven through its DOM.

Glossary:
    ClassroomPage -- an EleusisPage that also stops at the hand-over screen (body data-phase
                     "pass-device"): a move's end is "saved more than before, and the page waits for
                     a person, a hand-over or the end".
    hand-over     -- the dialog #handover: "Pass the device to Ana"; its button shows Ana's hand.
    hand in DOM   -- every element of the page that draws a card of a hand (#hand's buttons and
                     any .hand-card elsewhere): none may exist while the hand-over screen is up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .eleusis import EleusisPage
from .site import MOVE_MS, PYTHON_START_MS, WAIT_MS, wait_for_match

STOPPED = ("your-turn", "game-over", "pass-device")
STOPPED_SELECTOR = ", ".join(f"body[data-phase={phase}]" for phase in STOPPED)
CARDS_OF_A_HAND = "#hand [data-card], .hand-card"


@dataclass
class HandOver:
    """What the page showed at one hand-over."""

    title: str
    hand_cards_in_dom: int
    worker_messages: int


@dataclass
class ClassroomHand:
    """A classroom hand played by clicks: each hand-over, and the moves each person made."""

    handovers: list[HandOver] = field(default_factory=list)
    moves: dict[str, list[str]] = field(default_factory=dict)


class ClassroomPage(EleusisPage):
    """Drives a classroom game of eleusis.html through its DOM."""

    def open(self, query: str = "", boot: str = "snapshot") -> None:
        query = f"{query}{'&' if query else '?'}boot={boot}"
        self.page.goto(f"{self.base_url}eleusis.html{query}")
        self.wait_settled(PYTHON_START_MS)

    def wait_settled(self, timeout: int = MOVE_MS) -> None:
        wait_for_match(self.page, STOPPED_SELECTOR, timeout)

    def click_and_wait(self, selector: str) -> None:
        """Click, then wait until the move is saved and the page stops again (a person's turn, a
        hand-over or the end)."""
        before = self.saved()
        self.page.click(selector)
        self.page.wait_for_function(
            "([before, stopped]) => Number(document.body.dataset.saved || 0) > before"
            " && stopped.includes(document.body.dataset.phase)",
            arg=[before, list(STOPPED)], timeout=MOVE_MS)

    def set_up_classroom(self, people: int, names: dict[int, str]) -> None:
        """In the New game dialog, by clicks: several people, how many, and the names typed (by
        player number; the others left empty)."""
        self.page.click("#open-new-game")
        self.page.check("input[name=players][value=classroom]")
        self.page.select_option("#set-people", str(people))
        for number, name in names.items():
            self.page.fill(f"#set-name-{number}", name)

    def hand_cards_in_dom(self) -> int:
        return self.page.locator(CARDS_OF_A_HAND).count()

    def reveal(self) -> str:
        """Tap the hand-over screen's button; the name the screen gave."""
        title = self.page.locator("#handover-title").inner_text()
        self.page.click("#handover-reveal")
        wait_for_match(self.page, "body[data-phase=your-turn]", MOVE_MS)
        return title

    def step(self, played: ClassroomHand) -> bool:
        """One step of a classroom hand by clicks: record and reveal a hand-over, or take the
        person's turn (first playable card, no guess); False once the hand is over."""
        phase = self.phase()
        if phase == "game-over":
            return False
        if phase == "pass-device":
            wait_for_match(self.page, "#handover[open]", WAIT_MS, visible=True)
            played.handovers.append(HandOver(
                self.page.locator("#handover-title").inner_text(), self.hand_cards_in_dom(),
                len(self.worker_messages())))
            self.reveal()
            return True
        title = str(self.page.locator("#hand-title").text_content())
        played.moves.setdefault(title, []).append(self.take_turn())
        return True

    def play_classroom_hand(self, limit: int = 300) -> ClassroomHand:
        """Steps until the hand is over; what was seen and played."""
        played = ClassroomHand()
        for _ in range(limit):
            if not self.step(played):
                return played
        raise AssertionError("the classroom hand did not end")
