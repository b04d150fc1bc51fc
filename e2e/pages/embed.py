"""The embed (embed.html), in a page of its own or in a frame of a host page.

Glossary:
    Board            -- where the embed's elements are found: its own Page, or a FrameLocator of
                        the host page.
    SETTLED          -- the board waits for the person, or the game is over.
    play_to_the_end  -- a one-hand game by clicks (go out when offered, else pass, else discard the
                        first card), so the computer's moves, the scores and the verdict are shown.
"""

from __future__ import annotations

from playwright.sync_api import FrameLocator, Page, expect

from .site import MOVE_MS

SETTLED = "#embed-root[data-turn=you], #embed-root[data-turn=game-over]"
Board = Page | FrameLocator


def choose_a_card(board: Board) -> None:
    """Choose the first card of the play mode's hand (the status then says what it may do)."""
    card = board.locator("#play-card-0")
    if card.get_attribute("aria-pressed") != "true":
        card.click()
    expect(card).to_have_attribute("aria-pressed", "true")


def play_to_the_end(board: Board) -> None:
    """Play a one-hand game by clicks until it is over, waiting for each move to be drawn."""
    root = board.locator("#embed-root")
    for _ in range(400):
        board.locator(SETTLED).first.wait_for(timeout=MOVE_MS)
        if root.get_attribute("data-turn") == "game-over":
            return
        ply = root.get_attribute("data-ply")
        if board.locator("[data-action=out]").is_visible():
            board.locator("[data-action=out]").click()
        elif board.locator("[data-action=pass]").is_visible():
            board.locator("[data-action=pass]").click()
        else:
            choose_a_card(board)
            board.locator("[data-action=discard]").click()
        board.locator(f'#embed-root:not([data-ply="{ply}"])').wait_for(timeout=MOVE_MS)
    raise AssertionError("the game did not end")
