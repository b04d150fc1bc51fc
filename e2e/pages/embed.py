"""The embed (embed.html), in a page of its own or in a frame of a host page.

Glossary:
    Board            -- where the embed's elements are found: its own Page, or a FrameLocator of
                        the host page.
    SETTLED          -- the board waits for the person, or the game is over.
    play_one_move    -- one move by clicks (go out when offered, else pass, else discard the first
                        card); False once the game is over.
    play_to_the_end  -- a one-hand game of such moves, so the computer's moves, the scores and the
                        verdict are shown.
    document_of      -- the Page or Frame whose document a Board shows (what a frame-polled wait,
                        site.wait_for_match, looks at).
"""

from __future__ import annotations

from playwright.sync_api import Frame, FrameLocator, Page, expect

from .site import MOVE_MS, wait_for_match

SETTLED = "#embed-root[data-turn=you], #embed-root[data-turn=game-over]"
Board = Page | FrameLocator


def document_of(board: Board) -> Page | Frame:
    """The page, or the frame of the iframe a FrameLocator finds."""
    if isinstance(board, Page):
        return board
    frame = board.owner.element_handle().content_frame()
    assert frame is not None, "the frame's iframe shows no document"
    return frame


def choose_a_card(board: Board) -> None:
    """Choose the first card of the play mode's hand (the status then says what it may do)."""
    card = board.locator("#play-card-0")
    if card.get_attribute("aria-pressed") != "true":
        card.click()
    expect(card).to_have_attribute("aria-pressed", "true")


def play_one_move(board: Board) -> bool:
    """One of the person's moves by clicks (go out when offered, else pass, else discard the first
    card), waiting for it to be drawn; False (and no move) once the game is over."""
    root = board.locator("#embed-root")
    document = document_of(board)
    wait_for_match(document, SETTLED, MOVE_MS, visible=True)
    if root.get_attribute("data-turn") == "game-over":
        return False
    ply = root.get_attribute("data-ply")
    if board.locator("[data-action=out]").is_visible():
        board.locator("[data-action=out]").click()
    elif board.locator("[data-action=pass]").is_visible():
        board.locator("[data-action=pass]").click()
    else:
        choose_a_card(board)
        board.locator("[data-action=discard]").click()
    wait_for_match(document, f'#embed-root:not([data-ply="{ply}"])', MOVE_MS, visible=True)
    return True


def play_to_the_end(board: Board) -> None:
    """Play a one-hand game by clicks until it is over, waiting for each move to be drawn."""
    for _ in range(400):
        if not play_one_move(board):
            return
    raise AssertionError("the game did not end")
