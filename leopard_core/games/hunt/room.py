"""How hemmed in the leopards are: the points each leopard could go to on its next move.

The Cows win when neither leopard can move (H7.2), so the number of points the leopards could
reach next is the measure of how close the cows are to winning. It is counted whoever is to move,
so the Cows see it while they place and move their cows.

Glossary:
    room      -- for one leopard, the points it could reach in one move now: the empty points
                 joined to it by a line (a step, H4.1) and the empty points right behind an
                 adjacent cow, in line (the first hop of a jump, H5.1). A point reached both ways
                 counts once. Compulsory capture (H6.1) is ignored: a leopard forced to jump still
                 has room to step later, and 0 means it is shut in either way.
    leopard_room -- every leopard on the board by point name, with its room.

>>> from .state import HuntState
>>> state = HuntState.new().apply("e5")
>>> leopard_room(state)  # the centre: every neighbour is a cow, every point behind them empty
{'e5': 8}
>>> leopard_room(HuntState.new())  # no leopard on the board yet
{}
"""

from __future__ import annotations

from .board import JUMPS, NAMES, NEIGHBOURS
from .state import COW, EMPTY, LEOPARD, HuntState


def room_of(board: bytes | bytearray, point: int) -> int:
    """The points a leopard on ``point`` could reach in one step or one hop (see the glossary)."""
    steps = {q for q in NEIGHBOURS[point] if board[q] == EMPTY}
    hops = {land for over, land in JUMPS[point] if board[over] == COW and board[land] == EMPTY}
    return len(steps | hops)


def leopard_room(state: HuntState) -> dict[str, int]:
    """Each leopard on the board (by point name, in board order) with its room."""
    return {NAMES[p]: room_of(state.board, p) for p, cell in enumerate(state.board) if cell == LEOPARD}
