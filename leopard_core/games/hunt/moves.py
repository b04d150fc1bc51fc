"""Moves of the hunt game and their notation (H8).

Glossary:
    Move   -- a small hashable value: ``kind`` and the ``points`` it names (indices into
              ``board.POINTS``).
    place  -- a cow from reserve or a leopard put on an empty point: ``e5`` (H3, H8.2).
    step   -- a piece moved to an adjacent empty point: ``e5-e6`` (H4, H8.3).
    jump   -- a leopard's jump sequence, start and every landing point: ``e5xe7xc7`` (H5, H8.4).

>>> str(Move.parse(" E5xE7xc7 "))
'e5xe7xc7'
>>> all(Move.parse(str(m)) == m for m in (Move.parse("e5"), Move.parse("e5-e6"), Move.parse("a3xa7")))
True
>>> Move.parse("e5-z9")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
leopard_core.games.hunt.errors.NotationError: bad move 'e5-z9': 'z9' is not a point (points are ...)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .board import INDEX, NAMES, NEIGHBOURS
from .errors import NotationError

Kind = Literal["place", "step", "jump"]

_POINT = r"[a-z][0-9]+"
_SHAPE = re.compile(rf"^{_POINT}(?:-{_POINT}|(?:x{_POINT})+)?$")


@dataclass(frozen=True, slots=True)
class Move:
    """One turn's move: a placement, a step, or a jump sequence."""

    kind: Kind
    points: tuple[int, ...]

    def __str__(self) -> str:
        names = [NAMES[p] for p in self.points]
        if self.kind == "place":
            return names[0]
        return ("-" if self.kind == "step" else "x").join(names)

    @property
    def start(self) -> int:
        """The point the move starts from (for a placement, the point placed on)."""
        return self.points[0]

    @property
    def end(self) -> int:
        """The point where the moved or placed piece ends."""
        return self.points[-1]

    @classmethod
    def place(cls, p: int) -> Move:
        """A placement on point ``p``."""
        return cls("place", (p,))

    @classmethod
    def step(cls, start: int, to: int) -> Move:
        """A step from ``start`` to ``to``."""
        return cls("step", (start, to))

    @classmethod
    def jump(cls, path: tuple[int, ...]) -> Move:
        """A jump sequence through ``path`` (start, then every landing point)."""
        return cls("jump", path)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read H8 notation; NotationError quoting ``text`` when it is malformed."""
        if not isinstance(text, str):
            raise NotationError("hunt.notation.move_type", text=repr(text))
        clean = text.strip().lower()
        if not _SHAPE.match(clean):
            raise NotationError("hunt.notation.move_shape", text=repr(text))
        parts = re.split(r"[-x]", clean)
        for part in parts:
            if part not in INDEX:
                raise NotationError("hunt.notation.point", text=repr(text), part=repr(part))
        points = tuple(INDEX[part] for part in parts)
        if len(points) == 1:
            return cls.place(points[0])
        return cls.step(*points) if "-" in clean else cls.jump(points)


PLACES: tuple[Move, ...] = tuple(Move.place(p) for p in range(len(NAMES)))
"""The placement on each point, made once (move generation reuses them)."""
STEPS: dict[tuple[int, int], Move] = {
    (p, q): Move.step(p, q) for p in range(len(NAMES)) for q in NEIGHBOURS[p]
}
"""The step along each line, both ways, made once."""
