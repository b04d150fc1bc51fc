"""What the hunt page teaches a newcomer, backed by the engine (issue 21, item 4).

- ``room``: each leopard's room (the points it could go to next), counted by hand on known
  positions: how close the cows are to trapping the leopards (H7.2).
- ``rule_of``: the rule an engine text cites, which the page links to its section of the rules page
  instead of printing the code; the snapshot and ``explain`` carry it.
- The opening's price, as "How to play" and the first game as the Cows state it: with the first
  leopard on e5 (where the Hard computer puts it), the leopards' first move takes five cows from
  the Hard computer's own cows and seven from cows placed away from the centre; two cows on e3 and
  e7 (or c5 and g5), the middles of opposite sides of the square, cap it at one, wherever the second
  leopard goes and whatever the leopards then play.
"""

from __future__ import annotations

import json

import pytest

from leopard_core.games.hunt.bots import make_bot
from leopard_core.games.hunt.messages import rule_of
from leopard_core.games.hunt.room import leopard_room
from leopard_core.games.hunt.state import HuntState
from leopard_core.webapi import handle, reset

# The leopards' first move is the fifth move of the game (H3.2-H3.6: L, C, L, C placements first).
FIRST_LEOPARD_MOVE = 5


def call(method: str, **args: object) -> dict[str, object]:
    answer = json.loads(handle(json.dumps({"method": method, "args": args})))
    assert answer["ok"], answer
    result: dict[str, object] = answer["result"]
    return result


def test_room_counts_steps_and_first_hops_by_hand() -> None:
    # On e5 inside the ring of eight cows: no step, eight hops (every point behind a cow is empty).
    assert leopard_room(HuntState.new().apply("e5")) == {"e5": 8}
    # From an H8.6 position (cows in reserve, so that few are captured): a leopard on a7 (neighbours a5 and
    # b6, H2.2) with a cow on b6 and c5 empty behind it: the step to a5 and the hop to c5.
    cells = ["."] * 49
    names = [p["name"] for p in call("hunt.board")["points"]]  # type: ignore[index]
    cells[names.index("a7")] = "L"
    cells[names.index("b6")] = "C"
    cells[names.index("i3")] = "L"
    cells[names.index("h4")] = "C"
    cells[names.index("g5")] = "C"  # the hop from i3 over h4 lands on g5: taken, so no hop
    state = HuntState.from_position("".join(cells) + " L 10 0")
    assert leopard_room(state) == {"a7": 2, "i3": 1}  # a7: a5 and c5; i3: i5 only


def test_a_shut_in_leopard_has_no_room() -> None:
    cells = ["."] * 49
    names = [p["name"] for p in call("hunt.board")["points"]]  # type: ignore[index]
    for name, cell in (("c9", "L"), ("d8", "C"), ("e9", "C"), ("e7", "C"), ("g9", "C"), ("g1", "L")):
        cells[names.index(name)] = cell
    state = HuntState.from_position("".join(cells) + " C 10 0")
    assert leopard_room(state)["c9"] == 0


def test_rule_of_names_the_first_rule_an_engine_text_cites() -> None:
    assert rule_of("hunt.end.captured") == "H7.1"
    assert rule_of("hunt.illegal.taken_leopard") == "H3.3"
    assert rule_of("hunt.illegal.leopards_placed") == "H4"
    assert rule_of("hunt.save.moves") is None
    assert rule_of(None) is None


def test_the_snapshot_and_explain_carry_the_rule_and_the_room() -> None:
    reset()
    snap = call("hunt.new_game", side="C", level="random", seed=1)
    assert snap["reason_rule"] is None
    assert snap["leopard_room"] == {}
    call("hunt.bot_move")
    snap = call("hunt.snapshot")
    leopard = next(iter(snap["leopard_room"]))  # type: ignore[call-overload]
    refused = call("hunt.explain", move=leopard)
    assert refused["legal"] is False and refused["rule"] == "H3.4"
    assert call("hunt.explain", move=snap["legal_moves"][0])["rule"] is None  # type: ignore[index]


def captured_by_the_leopards_first_move(cows: list[str] | None, seed: int) -> int:
    """Cows taken by the Hard leopards' first move; the cows' first two placements are ``cows``,
    or the Hard computer's own choice when None."""
    state = HuntState.new()
    leopards, cow_bot = make_bot("search", f"{seed}L"), make_bot("search", f"{seed}C")
    placed = iter(cows or [])
    while len(state.history) < FIRST_LEOPARD_MOVE:
        if state.to_move == "L":
            state.apply(leopards.choose(state))
        else:
            state.apply(next(placed) if cows else cow_bot.choose(state))
    return state.captured


@pytest.mark.parametrize("seed", range(3))
def test_the_hard_computers_own_cows_lose_five(seed: int) -> None:
    state = HuntState.new()
    assert str(make_bot("search", f"{seed}L").choose(state)) == "e5", "the Hard leopards start on e5"
    assert captured_by_the_leopards_first_move(None, seed) == 5


@pytest.mark.parametrize("cows", [["a7", "i3"], ["e9", "e1"], ["c1", "g9"]])
def test_cows_placed_away_from_the_centre_lose_seven(cows: list[str]) -> None:
    assert captured_by_the_leopards_first_move(cows, 0) == 7


def most_taken_at_once(state: HuntState) -> int:
    """The most cows the side to move (the leopards) can take with one move."""
    before = state.captured
    return max((state.clone().apply(m).captured - before for m in state.legal_moves()), default=0)


@pytest.mark.parametrize(("first", "second"), [("e3", "e7"), ("c5", "g5")])
def test_two_cows_on_opposite_middles_cap_the_first_move_at_one(first: str, second: str) -> None:
    """Every second leopard (H3.5); the second cow on the other middle, or, if the leopard took that
    point, the best other placement; then every move of the leopards."""
    placed = HuntState.new().apply("e5").apply(first)
    worst = 0
    for leopard in placed.legal_moves():
        after = placed.clone().apply(leopard)
        if str(leopard) == second:
            taken = min(most_taken_at_once(after.clone().apply(cow)) for cow in after.legal_moves())
        else:
            taken = most_taken_at_once(after.clone().apply(second))
        worst = max(worst, taken)
    assert worst == 1
