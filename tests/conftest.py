"""Shared test helpers: an independent reference of the rules, written from docs/RULES.md alone.

Nothing here imports the engine's scoring or legality code: the reference works on notation
strings (N1-N4) so that the tests compare two implementations, never the engine with itself.

Glossary:
    ref_raw_value   -- R5 over an N2 string, for a variant's suit/colour points.
    ref_hand_score  -- R7.1-R7.2 for a raw value.
    ref_legal_moves -- R3, R4.3, R6.1, R8.3 over squares given as N2 strings and a hand.
    snapshot        -- everything a HandState holds, to prove an illegal move changed nothing.
    ALL_MOVE_TEXTS  -- every N3 move that can be written (52 cards x 18 targets, discards, words).
    run_cli         -- the exit status and output of ``python -m leopard_core ARGS`` run in-process.
"""

from __future__ import annotations

import io
import json
import os
import sys
from typing import Any

from hypothesis import HealthCheck, settings

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

settings.register_profile(
    "leopard", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=200
)
settings.load_profile("leopard")

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
RED = {"H", "D"}
CARD_TEXTS = [r + s for r in RANKS for s in SUITS]

# R8: (suit-line points, colour-line points, out threshold, bonus line) per variant.
VARIANT_NUMBERS = {
    "standard": (3, 1, 7, 7),
    "classic": (2, 1, 5, 5),
    "running": (3, 1, 7, 7),
}
VARIANT_NAMES = list(VARIANT_NUMBERS)

# R2.3 -- written out again here on purpose rather than imported.
REF_LINES = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7)]

ALL_MOVE_TEXTS = (
    ["out", "end", "pass"]
    + [f"{c} to {side} {space}" for c in CARD_TEXTS for side in ("own", "opp") for space in range(1, 10)]
    + [f"discard {c}" for c in CARD_TEXTS]
)


def rank_of(card: str) -> int:
    """Rank 1..13 of an N1 card string."""
    return RANKS.index(card[:-1].upper()) + 1


def ref_spaces(n2: str) -> list[list[str]]:
    """N2 -> nine stacks, each a list of layer strings bottom to top."""
    rows = [row.split(",") for row in n2.strip().split("/")]
    assert len(rows) == 3 and all(len(r) == 3 for r in rows), n2
    return [[] if s.strip() == "-" else [x.strip() for x in s.split(".")] for row in rows for s in row]


def ref_top_suits(n2: str) -> list[str | None]:
    """The suit of each space's face-up top card, None for an open space (R2.2)."""
    out: list[str | None] = []
    for stack in ref_spaces(n2):
        out.append(None if not stack or stack[-1].startswith("~") else stack[-1][-1].upper())
    return out


def ref_raw_value(n2: str, variant: str = "standard") -> int:
    """R5.1-R5.2 (and R8.2's 2-point suit lines for classic)."""
    suit_points, colour_points, _, _ = VARIANT_NUMBERS[variant]
    tops = ref_top_suits(n2)
    total = 0
    for line in REF_LINES:
        suits = [tops[s - 1] for s in line]
        if None in suits:
            continue
        if len(set(suits)) == 1:
            total += suit_points
        elif len({s in RED for s in suits}) == 1:
            total += colour_points
    return total


def ref_hand_score(raw: int, went_out: bool, variant: str = "standard") -> int:
    """R7.1 (bonus: each point above the bonus line counts twice) and R7.2 (-1 for going out)."""
    bonus_line = VARIANT_NUMBERS[variant][3]
    return raw + max(0, raw - bonus_line) - (1 if went_out else 0)


def ref_legal_moves(own: str, opp: str, hand: list[str], variant: str, start: bool = True) -> set[str]:
    """Every legal N3 move of a mover holding ``hand`` (R3, R4.2-R4.3, R6.1, R8.3).

    ``start`` is True before the mover has played this turn (always, outside running)."""
    threshold = VARIANT_NUMBERS[variant][2]
    moves: set[str] = set()
    if start and ref_raw_value(own, variant) >= threshold:
        moves.add("out")
    squares = {"own": ref_spaces(own), "opp": ref_spaces(opp)}
    for card in {c.upper() for c in hand}:
        rank = rank_of(card)
        for side, stacks in squares.items():
            for space in range(1, 10):
                stack = stacks[space - 1]
                empty = not stack
                is_open = empty or stack[-1].startswith("~")
                if rank <= 9:
                    ok = space == rank and is_open
                elif rank == 10:
                    ok = side == "own" and is_open
                elif rank == 11:
                    ok = not empty
                elif rank == 12:
                    ok = side == "own" and not empty
                else:
                    ok = side == "own"
                if ok:
                    moves.add(f"{card} to {side} {space}")
        if start:
            moves.add(f"discard {card}")
    if not start:
        moves.add("end")
    elif not hand:
        moves.add("pass")
    return moves


def snapshot(state: Any) -> str:
    """Every field of a HandState plus both seats' views, as one comparable string."""
    internals = {
        name: repr(getattr(state, name))
        for name in (
            "hands", "stacks", "tops", "values", "stock", "discards", "dealer", "to_move",
            "plays_this_turn", "drawn", "over", "end_reason", "went_out", "history",
        )
    }
    return json.dumps([internals, state.view(0), state.view(1)], sort_keys=True)


def bridge_answer(method: str, **args: Any) -> dict[str, Any]:
    """The bridge's whole answer to one request (``leopard_core.webapi.handle``), decoded."""
    from leopard_core.webapi import handle

    answer: dict[str, Any] = json.loads(handle(json.dumps({"method": method, "args": args})))
    return answer


def bridge_result(method: str, **args: Any) -> Any:
    """The bridge's result for one request, which must succeed."""
    answer = bridge_answer(method, **args)
    assert answer["ok"], answer
    return answer["result"]


def rehide(state: Any, seat: int, rng: Any) -> None:
    """Change, in a card game's ``HandState``, everything ``seat`` hides from the other: its hand
    and the stock dealt anew from their own cards, its face-down cards swapped for other J/Q."""
    from leopard_core.cards import Card

    pool = state.hands[seat] + state.stock
    rng.shuffle(pool)
    size = len(state.hands[seat])
    state.hands[seat], state.stock = pool[:size], pool[size:]
    faces = [Card.parse(text) for text in ("JS", "JH", "JD", "JC", "QS", "QH", "QD", "QC")]
    for square in state.stacks:
        for stack in square:
            for index, (card, face_up, by) in enumerate(stack):
                if not face_up and by == seat:
                    stack[index] = (rng.choice([f for f in faces if f != card]), face_up, by)


def run_cli(argv: list[str], stdin: str = "") -> tuple[int, str]:
    """The exit status and standard output of the command line (``leopard_core.cli.main``)."""
    from leopard_core.cli import main

    out = io.StringIO()
    status = main(argv, io.StringIO(stdin), out)
    return status, out.getvalue()
