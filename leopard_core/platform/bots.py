"""Computer players as the platform sees them: something that chooses a move, and how long it took.

    Bot         -- ``bot.choose(x)``: a move for what the bot is shown (a game's own view or state).
    timed       -- ``timed(lambda: bot.choose(x))``: the move and the thinking time in milliseconds,
                   rounded to hundredths, as every game's ``bot_move`` answer reports it.

>>> move, think_ms = timed(lambda: "e5")
>>> move, think_ms >= 0
('e5', True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

Move = TypeVar("Move")


class Bot(Protocol):
    """A computer player: ``choose`` gives a legal move for what it is shown."""

    def choose(self, seen: Any, /) -> Any: ...


def timed(choose: Callable[[], Move]) -> tuple[Move, float]:
    """``choose()``'s move and how long it took in milliseconds (two decimals)."""
    started = time.perf_counter()
    move = choose()
    return move, round((time.perf_counter() - started) * 1000, 2)
