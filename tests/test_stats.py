"""Statistics (issue 10): figures equal what is computed independently from the records."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from leopard_core.games.leopard.session import Session
from leopard_core.games.leopard.stats import record_problem, stats
from leopard_core.webapi import handle

VARIANTS = ["standard", "classic", "running"]
LEVELS = ["random", "greedy", "normal", "hard"]


def make_record(variant: str, level: str, sheet: list[tuple[int, int]], day: int, undo: bool = False,
                hints: bool = False) -> dict[str, Any]:
    own, opp = sum(a for a, _ in sheet), sum(b for _, b in sheet)
    return {
        "format": "leopard-record", "version": 1, "variant": variant, "level": level,
        "hands": len(sheet), "sheet": [{"own": a, "opp": b} for a, b in sheet],
        "totals": {"own": own, "opp": opp},
        "result": "won" if own > opp else ("lost" if own < opp else "drawn"),
        "undo_used": undo, "hints_used": hints,
        "finished_at": f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T10:00:00Z",
    }


def test_hand_made_case() -> None:
    records = [
        make_record("standard", "normal", [(9, 4), (0, 7)], day=3),   # 9-11 lost
        make_record("standard", "normal", [(11, 2), (3, 3)], day=1),  # 14-5 won (first in time)
        make_record("standard", "normal", [(5, 5)], day=2, undo=True),  # 5-5 drawn
        make_record("standard", "normal", [(12, 0)], day=4, hints=True),  # won
        make_record("standard", "normal", [(7, 1)], day=5),  # won
        make_record("classic", "greedy", [(2, 6)], day=0),  # another group: lost
    ]
    figures = stats(records)
    assert figures["rejected"] == []
    assert [(g["variant"], g["level"]) for g in figures["groups"]] == [
        ("standard", "normal"), ("classic", "greedy")]
    group = figures["groups"][0]
    assert (group["games"], group["won"], group["drawn"], group["lost"]) == (5, 3, 1, 1)
    assert group["hands"] == 7
    assert group["best_hand"] == 12
    assert group["average_hand"] == round((9 + 0 + 11 + 3 + 5 + 12 + 7) / 7, 2)
    assert group["points_per_hand"] == {"own": 6.71, "opp": round(22 / 7, 2)}
    # In time order: won, drawn, lost, won, won -> longest streak 2.
    assert group["longest_winning_streak"] == 2
    assert (group["games_with_undo"], group["games_with_hints"]) == (1, 1)
    assert [r["margin"] for r in group["recent"]] == [9, 0, -2, 12, 6]
    assert figures["all"]["games"] == 6 and figures["all"]["lost"] == 2


def independent(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of one group computed the plain way."""
    records = sorted(records, key=lambda r: r["finished_at"])  # same format: text order is time order
    own = [row["own"] for r in records for row in r["sheet"]]
    opp = [row["opp"] for r in records for row in r["sheet"]]
    best = run = 0
    for r in records:
        run = run + 1 if r["totals"]["own"] > r["totals"]["opp"] else 0
        best = max(best, run)
    return {
        "games": len(records),
        "won": len([r for r in records if r["totals"]["own"] > r["totals"]["opp"]]),
        "drawn": len([r for r in records if r["totals"]["own"] == r["totals"]["opp"]]),
        "lost": len([r for r in records if r["totals"]["own"] < r["totals"]["opp"]]),
        "hands": len(own),
        "best_hand": max(own) if own else None,
        "average_hand": round(sum(own) / len(own), 2) if own else None,
        "points_per_hand": {"own": round(sum(own) / len(own), 2) if own else None,
                            "opp": round(sum(opp) / len(opp), 2) if opp else None},
        "longest_winning_streak": best,
        "games_with_undo": len([r for r in records if r["undo_used"]]),
        "games_with_hints": len([r for r in records if r["hints_used"]]),
        "recent": [r["totals"]["own"] - r["totals"]["opp"] for r in records][-50:],
    }


record_strategy = st.builds(
    make_record, st.sampled_from(VARIANTS), st.sampled_from(LEVELS),
    st.lists(st.tuples(st.integers(-1, 41), st.integers(-1, 41)), min_size=1, max_size=5),
    st.integers(0, 300), st.booleans(), st.booleans(),
)
junk_strategy = st.one_of(
    st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=2),
    st.dictionaries(st.sampled_from(["variant", "hands", "sheet", "totals", "result"]),
                    st.one_of(st.integers(), st.text(max_size=3), st.none()), max_size=5),
)


@given(st.lists(st.one_of(record_strategy, junk_strategy), max_size=70), st.randoms())
def test_stats_equal_an_independent_computation(entries: list[Any], rng: random.Random) -> None:
    # Distinct times, so that the order in time is unambiguous.
    valid_indexes = [i for i, e in enumerate(entries) if isinstance(e, dict) and "format" in e]
    days = rng.sample(range(300), len(valid_indexes))
    for index, day in zip(valid_indexes, days, strict=True):
        entries[index]["finished_at"] = f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}T10:00:00Z"
    valid = [entries[i] for i in valid_indexes]
    figures = stats(entries)
    assert sorted(r["index"] for r in figures["rejected"]) == [
        i for i in range(len(entries)) if i not in valid_indexes]
    groups = {(g["variant"], g["level"]): g for g in figures["groups"]}
    assert set(groups) == {(r["variant"], r["level"]) for r in valid}
    for (variant, level), group in groups.items():
        expected = independent([r for r in valid if (r["variant"], r["level"]) == (variant, level)])
        got = {key: group[key] for key in expected}
        got["recent"] = [point["margin"] for point in group["recent"]]
        assert got == expected
    overall = {key: figures["all"][key] for key in independent(valid) if key != "recent"}
    assert overall == {k: v for k, v in independent(valid).items() if k != "recent"}


def test_bad_records_are_reported_never_a_crash() -> None:
    good = make_record("standard", "normal", [(9, 4)], day=1)
    bad_cases = {
        "not a dict": [1, 2],
        "wrong total": {**good, "totals": {"own": 10, "opp": 4}},
        "wrong result": {**good, "result": "lost"},
        "hands mismatch": {**good, "hands": 2},
        "bool as int": {**good, "sheet": [{"own": True, "opp": 4}]},
        "went out": {**good, "sheet": [{"own": 9, "opp": 4, "went_out": "me"}]},
        "bad time": {**good, "finished_at": "yesterday"},
        "bad variant": {**good, "variant": "poker"},
        "flag": {**good, "undo_used": "no"},
        "missing": {k: v for k, v in good.items() if k != "level"},
    }
    for name, bad in bad_cases.items():
        assert record_problem(bad) is not None, name
    figures = stats([good, *bad_cases.values()])
    assert figures["all"]["games"] == 1 and len(figures["rejected"]) == len(bad_cases)
    assert stats("nope")["rejected"][0]["error"] == "records must be a list"


def finished_session(seed: int) -> Session:
    session = Session.new("classic", "random", hands=2, seed=seed, bot_seed=seed)
    chooser = random.Random(seed)
    while not session.game.is_over:
        if session.game.state.over:
            session.next_hand()
        elif session.snapshot()["bot_to_move"]:
            session.bot_move()
        else:
            session.play(chooser.choice(session.snapshot()["legal_moves"]))
    return session


def test_game_record_of_a_finished_game() -> None:
    session = finished_session(3)
    record = session.game_record("2026-11-23T08:00:00Z")
    assert record_problem(record) is None
    scores = session.game.hand_scores()
    assert [(row["own"], row["opp"]) for row in record["sheet"]] == scores
    went_out = [None if h.went_out is None else ("own", "opp")[h.went_out] for h in session.game.hands]
    assert [row["went_out"] for row in record["sheet"]] == went_out
    assert record["level"] == "random" and record["variant"] == "classic" and record["hands"] == 2
    assert record_problem(session.game_record()) is None  # the time of now is valid too


def test_webapi_game_record_and_stats() -> None:
    def call(method: str, **args: Any) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(handle(json.dumps({"method": method, "args": args})))
        return answer

    call("new_game", seed=1, bot_seed=1, hands=1, level="random")
    assert call("game_record")["ok"] is False  # not finished
    records = []
    for seed in (4, 5):
        snap = call("new_game", seed=seed, bot_seed=seed, hands=1, level="random")["result"]
        chooser = random.Random(seed)
        while not snap["game"]["over"]:
            if snap["bot_to_move"]:
                snap = call("bot_move")["result"]["snapshot"]
            else:
                snap = call("play", move=chooser.choice(snap["legal_moves"]))["result"]
        records.append(call("game_record", finished_at=f"2026-11-2{seed}T08:00:00Z")["result"])
    figures = call("stats", records=[*records, {"junk": 1}])["result"]
    assert figures["all"]["games"] == 2 and figures["groups"][0]["level"] == "random"
    rejected = figures["rejected"][0]
    assert figures["rejected"] == [
        {"index": 2, "error": rejected["error"], "error_msg": rejected["error_msg"]}]
    assert rejected["error_msg"]["code"] == "stats.missing"
    assert call("game_record", finished_at=5)["ok"] is False
