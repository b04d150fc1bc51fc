"""The rules object of a variant (R8): fixed numbers that one hand or game is played under.

Glossary:
    Rules     -- an immutable bundle: suit-line points, colour-line points, go-out threshold,
                 bonus line, cards drawn per turn, whether several cards may be played per turn,
                 and the picture of the square.
    VARIANTS  -- the three named rule sets, ``standard`` (R8.1), ``classic`` (R8.2) and
                 ``running`` (R8.3).

>>> rules_for("classic").suit_points, rules_for("classic").out_threshold
(2, 5)
>>> rules_for("standard").hand_score(9, went_out=True)
10
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import LeopardError

STANDARD_LAYOUT: tuple[tuple[int, int, int], ...] = ((1, 2, 3), (4, 5, 6), (7, 8, 9))
KEYPAD_LAYOUT: tuple[tuple[int, int, int], ...] = ((7, 8, 9), (4, 5, 6), (1, 2, 3))

LINES: tuple[tuple[int, int, int], ...] = (
    (1, 2, 3), (4, 5, 6), (7, 8, 9),  # rows
    (1, 4, 7), (2, 5, 8), (3, 6, 9),  # columns
    (1, 5, 9), (3, 5, 7),  # diagonals
)
"""The 8 scoring lines of R2.3, as space numbers."""


@dataclass(frozen=True)
class Rules:
    """The fixed numbers of one variant."""

    name: str
    suit_points: int = 3
    colour_points: int = 1
    out_threshold: int = 7
    bonus_line: int = 7
    draw_count: int = 1
    multi_play: bool = False
    layout: tuple[tuple[int, int, int], ...] = STANDARD_LAYOUT
    hand_size: int = 8
    hands_per_game: int = 4

    def bonus(self, raw: int) -> int:
        """R7.1: one extra point for each point of raw value above the bonus line."""
        return max(0, raw - self.bonus_line)

    def hand_score(self, raw: int, went_out: bool) -> int:
        """R7.1 and R7.2: raw value, plus the bonus, minus 1 for the player who went out."""
        return raw + self.bonus(raw) - (1 if went_out else 0)


VARIANTS: dict[str, Rules] = {
    "standard": Rules("standard"),
    "classic": Rules(
        "classic", suit_points=2, out_threshold=5, bonus_line=5, layout=KEYPAD_LAYOUT
    ),
    "running": Rules("running", draw_count=2, multi_play=True),
}


def rules_for(name: str | Rules) -> Rules:
    """The rules of a variant by name (case-insensitive); a Rules object is returned as is."""
    if isinstance(name, Rules):
        return name
    rules = VARIANTS.get(str(name).strip().lower())
    if rules is None:
        raise LeopardError("game.unknown_variant", name=repr(name), variants=list(VARIANTS))
    return rules
