"""One match runner for every game: bots play a state out, and how long each side thought.

Glossary:
    Clock     -- every move's thinking time (wall clock) per side, and each side's slowest move in
                 this process's CPU time, which stays honest when other programs share the machine.
    play_out  -- ``play_out(state, side_of, choose, clock)``: until ``state.over``, the side to move
                 (``side_of(state.to_move)``) chooses (``choose(side)``), timed on ``clock``, and the
                 move is applied (a bot's illegal move raises there). Games keep their own records
                 of a finished game (scores, captures) and their own reports.

>>> class Countdown:
...     def __init__(self) -> None: self.left, self.to_move = 3, 0
...     @property
...     def over(self) -> bool: return self.left == 0
...     def apply(self, move: int) -> None: self.left -= move; self.to_move = 1 - self.to_move
>>> clock = Clock(("a", "b"))
>>> play_out(Countdown(), "ab".__getitem__, lambda side: 1, clock)
>>> [len(clock.times[s]) for s in "ab"], clock.slowest("a") >= 0
([2, 1], True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol


class Playable(Protocol):
    """What a match needs of a game's state."""

    @property
    def over(self) -> bool: ...

    @property
    def to_move(self) -> Any: ...

    def apply(self, move: Any, /) -> Any: ...


@dataclass
class Clock:
    """Thinking times per side (see the module's glossary)."""

    sides: Iterable[str]
    times: dict[str, list[float]] = field(init=False)
    slowest_cpu: dict[str, float] = field(init=False)

    def __post_init__(self) -> None:
        self.times = {side: [] for side in self.sides}
        self.slowest_cpu = dict.fromkeys(self.times, 0.0)

    def record(self, side: str, wall: float, cpu: float) -> None:
        """One move of ``side``: ``wall`` and ``cpu`` seconds."""
        self.times[side].append(wall)
        self.slowest_cpu[side] = max(self.slowest_cpu[side], cpu)

    def slowest(self, side: str) -> float:
        """The longest wall time, in seconds, ``side`` took over one move (0 without moves)."""
        return max(self.times[side], default=0.0)

    def total(self, side: str) -> float:
        """Seconds ``side`` thought in all."""
        return sum(self.times[side])


def play_out(state: Playable, side_of: Callable[[Any], str], choose: Callable[[str], Any],
             clock: Clock) -> None:
    """Play ``state`` to its end (see the module's glossary)."""
    while not state.over:
        side = side_of(state.to_move)
        wall, cpu = time.perf_counter(), time.process_time()
        move = choose(side)
        clock.record(side, time.perf_counter() - wall, time.process_time() - cpu)
        state.apply(move)
