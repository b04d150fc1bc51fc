"""The board of Cows and Leopards (H2): 49 points, the lines between them, and the jumps along them.

Glossary:
    point     -- an ``int`` index 0..48 into ``POINTS``, the points in reading order (top row
                 first, left to right); ``NAMES[i]`` is its name like a chess square (H2.3).
    (x, y)    -- a point's place on the 9 x 9 grid: file ``a``..``i`` is x 0..8, rank 1..9 is y 0..8.
    NEIGHBOURS -- ``NEIGHBOURS[p]``: the points joined to ``p`` by a line (H2.4), sorted.
    JUMPS     -- ``JUMPS[p]``: the pairs ``(over, land)`` with ``p, over, land`` in line (H2.4).
    OVER      -- ``OVER[(start, land)]``: the point jumped over by the jump ``start`` to ``land``.

The board is Ludii's ``Diviyan Keliya`` graph: a 5 x 5 Alquerque square (diagonals through the
points whose coordinates have an even sum) with a ``(wedge 3)`` on each side (docs/hunt-rules.md).

>>> len(POINTS), NAMES[CENTRE]
(49, 'e5')
>>> sorted(NAMES[q] for q in NEIGHBOURS[point("e3")])
['d2', 'd3', 'd4', 'e2', 'e4', 'f2', 'f3', 'f4']
>>> sorted((NAMES[a], NAMES[b]) for a, b in JUMPS[point("c1")])
[('d2', 'e3'), ('e1', 'g1')]
"""

from __future__ import annotations

FILES = "abcdefghi"

Coord = tuple[int, int]


def _square_edges() -> set[frozenset[Coord]]:
    """H2.2: the 5 x 5 square at x, y = 2..6, orthogonal lines and alternate diagonals."""
    edges: set[frozenset[Coord]] = set()
    for x in range(2, 7):
        for y in range(2, 7):
            for dx, dy in ((1, 0), (0, 1)):
                if x + dx <= 6 and y + dy <= 6:
                    edges.add(frozenset({(x, y), (x + dx, y + dy)}))
            if (x + y) % 2 == 0:
                for dx, dy in ((1, 1), (1, -1)):
                    if 2 <= x + dx <= 6 and 2 <= y + dy <= 6:
                        edges.add(frozenset({(x, y), (x + dx, y + dy)}))
    return edges


def _wedge_edges() -> set[frozenset[Coord]]:
    """H2.2: Ludii's ``(wedge 3)`` below the square, then turned to each of the four sides."""
    apex, row1, row2 = (4, 2), [(3, 1), (4, 1), (5, 1)], [(2, 0), (4, 0), (6, 0)]
    base: list[tuple[Coord, Coord]] = [(apex, p) for p in row1]
    base += [(row1[0], row1[1]), (row1[1], row1[2]), (row2[0], row2[1]), (row2[1], row2[2])]
    base += list(zip(row1, row2, strict=True))
    edges: set[frozenset[Coord]] = set()
    for turn in range(4):
        for a, b in base:
            edges.add(frozenset({_turn(a, turn), _turn(b, turn)}))
    return edges


def _turn(coord: Coord, quarter_turns: int) -> Coord:
    """``coord`` turned by a quarter turn about the centre (4, 4), ``quarter_turns`` times."""
    x, y = coord
    for _ in range(quarter_turns):
        x, y = 8 - y, x
    return x, y


_EDGES = _square_edges() | _wedge_edges()
_COORDS = sorted({c for edge in _EDGES for c in edge}, key=lambda c: (-c[1], c[0]))

POINTS: tuple[Coord, ...] = tuple(_COORDS)
"""Every point's (x, y), in reading order (H2.3)."""
NAMES: tuple[str, ...] = tuple(f"{FILES[x]}{y + 1}" for x, y in POINTS)
"""Every point's name, in the order of ``POINTS``."""
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
_AT: dict[Coord, int] = {c: i for i, c in enumerate(POINTS)}
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(_AT[c] for edge in _EDGES if p in edge for c in edge if c != p)) for p in POINTS
)
"""For each point, the points one line away (H2.4)."""


def _jumps(p: int) -> tuple[tuple[int, int], ...]:
    """The (over, land) pairs in line from ``p`` (H2.4)."""
    (x, y), out = POINTS[p], []
    for over in NEIGHBOURS[p]:
        ox, oy = POINTS[over]
        land = _AT.get((2 * ox - x, 2 * oy - y))
        if land is not None and land in NEIGHBOURS[over]:
            out.append((over, land))
    return tuple(out)


JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_jumps(p) for p in range(len(POINTS)))
"""For each point, the jumps a leopard there could make on an otherwise suitable board (H5.1)."""
OVER: dict[tuple[int, int], int] = {(p, land): over for p in range(len(POINTS)) for over, land in JUMPS[p]}
"""The point between a jump's start and its landing point."""
CENTRE = INDEX["e5"]


def point(name: str) -> int:
    """The index of a point name (H2.3); KeyError if there is no such point."""
    return INDEX[name]


def diagram(cells: str) -> str:
    """A 9-line picture of the board with one character per point (``cells`` in ``POINTS`` order).

    >>> print(diagram("o" * 49).splitlines()[0])
    9     o   o   o
    """
    grid = [[" "] * 9 for _ in range(9)]
    for (x, y), char in zip(POINTS, cells, strict=True):
        grid[8 - y][x] = char
    rows = [f"{9 - r} " + " ".join(row).rstrip() for r, row in enumerate(grid)]
    return "\n".join([*rows, "  " + " ".join(FILES)])
