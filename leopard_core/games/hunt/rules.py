"""The settings of a hunt game (H6, H7.5) and the fixed numbers of its rules.

Glossary:
    HuntRules          -- the settings: ``compulsory_capture`` (H6, default on) and ``move_limit``
                          (H7.5, turns without a capture in the moving phase before a draw).
    COWS, LEOPARDS     -- the two sides, written ``C`` and ``L``.
    HERD, CAPTURE_GOAL -- 24 cows (H1.1); the twelfth capture wins (H7.1).
    OPENING            -- the eight points the cows hold before the first turn (H3.1).

>>> HuntRules.from_dict(HuntRules(compulsory_capture=False).to_dict())
HuntRules(compulsory_capture=False, move_limit=100)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .board import INDEX
from .errors import HuntError

Side = Literal["L", "C"]
LEOPARDS: Side = "L"
COWS: Side = "C"
HERD = 24
CAPTURE_GOAL = 12
LEOPARD_COUNT = 2
REPETITIONS = 3
OPENING: tuple[int, ...] = tuple(INDEX[n] for n in ("d6", "e6", "f6", "d5", "f5", "d4", "e4", "f4"))
MOVE_LIMIT_RANGE = (10, 1000)


def other(side: Side) -> Side:
    """The side that is not ``side``."""
    return COWS if side == LEOPARDS else LEOPARDS


@dataclass(frozen=True, slots=True)
class HuntRules:
    """The settings of one game."""

    compulsory_capture: bool = True
    move_limit: int = 100

    def __post_init__(self) -> None:
        if not isinstance(self.compulsory_capture, bool):
            raise HuntError("hunt.settings.capture", value=repr(self.compulsory_capture))
        low, high = MOVE_LIMIT_RANGE
        if not isinstance(self.move_limit, int) or isinstance(self.move_limit, bool) or not (
            low <= self.move_limit <= high
        ):
            raise HuntError("hunt.settings.move_limit", value=repr(self.move_limit), low=low, high=high)

    def to_dict(self) -> dict[str, Any]:
        """The settings as JSON-ready data."""
        return {"compulsory_capture": self.compulsory_capture, "move_limit": self.move_limit}

    @classmethod
    def from_dict(cls, data: object) -> HuntRules:
        """Settings from ``to_dict`` data; HuntError when malformed."""
        if not isinstance(data, dict) or set(data) - {"compulsory_capture", "move_limit"}:
            raise HuntError("hunt.settings.shape", data=repr(data))
        return cls(data.get("compulsory_capture", True), data.get("move_limit", 100))
