"""Shared deals (issue 13): the daily deal's seeds, challenge links, and their marks on a session.

Expected values here are written by hand or computed independently of ``leopard_core.games.leopard.share``.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime, timedelta
from typing import Any
from urllib.parse import parse_qsl

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leopard_core.games.leopard.bots import make_bot
from leopard_core.games.leopard.errors import LeopardError
from leopard_core.games.leopard.session import Session
from leopard_core.games.leopard.share import (
    challenge_query,
    check_name,
    daily_bot_seed,
    daily_game,
    daily_seed,
    read_link,
)
from leopard_core.games.leopard.stats import daily_summary, record_problem
from leopard_core.webapi import handle


def play_out(session: Session, seed: int) -> None:
    """Play the game to its end with the random level in the person's seat too (it is quick)."""
    bot = make_bot("random", seed)
    while not session.game.is_over:
        state = session.game.state
        if state.to_move == 0:
            session.play(str(bot.choose(state.view(0))))
        else:
            session.bot_move()

def call(method: str, **args: Any) -> Any:
    answer = json.loads(handle(json.dumps({"method": method, "args": args})))
    assert answer["ok"], answer
    return answer["result"]


def refused(method: str, **args: Any) -> str:
    answer = json.loads(handle(json.dumps({"method": method, "args": args})))
    assert not answer["ok"], answer
    assert answer["kind"] in ("bad_request", "corrupt_save")
    return str(answer["error"])


# ------------------------------------------------------------------ daily seed

def test_daily_seed_same_date_same_seed_in_every_form() -> None:
    assert daily_seed("2026-11-23") == daily_seed(date(2026, 11, 23)) == daily_seed("2026-11-23")
    assert daily_bot_seed("2026-11-23") == daily_bot_seed(date(2026, 11, 23))


def test_daily_seed_is_the_documented_hash() -> None:
    """docs/playing.md and the docstring say: the first 53 bits of SHA-256 of "leopard-daily:YYYY-MM-DD"."""
    digest = hashlib.sha256(b"leopard-daily:2027-01-05").digest()
    assert daily_seed("2027-01-05") == int.from_bytes(digest[:8], "big") >> 11
    bot = hashlib.sha256(b"leopard-daily-bot:2027-01-05").digest()
    assert daily_bot_seed("2027-01-05") == int.from_bytes(bot[:8], "big") >> 11


def test_daily_seeds_differ_from_day_to_day_and_fit_javascript() -> None:
    start = date(2026, 1, 1)
    days = [start + timedelta(days=n) for n in range(800)]
    seeds = [daily_seed(day) for day in days]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= seed < 2**53 for seed in seeds)
    assert all(daily_seed(day) != daily_bot_seed(day) for day in days[:50])


@pytest.mark.parametrize("bad", [
    "2026-02-30", "2026-13-01", "20261123", "2026-W48-1", "2026-11-23T00:00", " 2026-11-23", "",
    "2026-11-23\n", None, 20261123, datetime(2026, 11, 23, 12), ["2026-11-23"],
])
def test_daily_seed_refuses_bad_dates(bad: object) -> None:
    with pytest.raises(LeopardError, match="bad date"):
        daily_seed(bad)
    assert "bad date" in refused("daily", date=bad if not isinstance(bad, datetime) else str(bad))


def test_daily_game_through_the_bridge_is_standard_one_hand_fixed_level() -> None:
    day = call("daily", date="2026-11-23")
    assert day == daily_game("2026-11-23")
    assert (day["variant"], day["hands"], day["level"]) == ("standard", 1, "normal")
    assert day["seed"] == daily_seed("2026-11-23")
    settings = {key: day[key] for key in ("seed", "bot_seed", "variant", "hands", "level", "origin")}
    first = call("new_game", **settings)
    second = call("new_game", **settings)
    assert first == second, "the same date deals the same game"
    assert first["origin"] == {"kind": "daily", "date": "2026-11-23"}
    other = call("daily", date="2026-11-24")
    third = call("new_game", **{key: other[key] for key in settings})
    assert (third["hand"], third["game"]["cut"]) != (first["hand"], first["game"]["cut"])


def test_a_daily_origin_needs_that_days_settings() -> None:
    day = daily_game("2026-11-23")
    settings = {key: day[key] for key in ("seed", "bot_seed", "variant", "hands", "level", "origin")}
    wrongs = (("seed", 1), ("bot_seed", 1), ("variant", "classic"), ("hands", 2), ("level", "random"))
    for key, wrong in wrongs:
        assert "not the daily deal" in refused("new_game", **{**settings, key: wrong})


def test_a_daily_game_survives_a_save_and_is_recorded_as_daily() -> None:
    day = daily_game("2026-11-23")
    session = Session.new(day["variant"], day["level"], day["hands"], day["seed"], day["bot_seed"],
                          origin=day["origin"])
    restored = Session.restore(session.save())
    assert restored.snapshot()["origin"] == {"kind": "daily", "date": "2026-11-23"}
    # Play the hand out with the computer in both seats' places (random level is quick).
    play_out(restored, seed=5)
    record = restored.game_record("2026-11-23T20:00:00Z")
    assert record["daily"] == "2026-11-23"
    assert record_problem(record) is None
    assert record_problem({**record, "daily": "2026-W48-1"}) is not None
    ordinary = Session.new("standard", "random", 1, seed=5, bot_seed=6)
    assert ordinary.snapshot()["origin"] is None
    assert "origin" in json.loads(ordinary.save())


def test_a_save_with_a_bad_origin_is_refused_as_corrupt() -> None:
    session = Session.new("standard", "random", 1, seed=5, bot_seed=6)
    data = json.loads(session.save())
    for bad in ({"kind": "daily", "date": "tomorrow"}, {"kind": "challenge", "by": "<b>", "own": 1, "opp": 2},
                {"kind": "challenge", "by": None, "own": 1, "opp": None}, {"kind": "other"}, "daily"):
        assert "origin" in refused("restore", text=json.dumps({**data, "origin": bad}))
    older = {key: value for key, value in data.items() if key != "origin"}
    assert call("restore", text=json.dumps(older))["origin"] is None, "saves from before issue 13 load"


# ------------------------------------------------------------------ daily statistics

def daily_record(day: str, own: int, opp: int, finished: str | None = None) -> dict[str, Any]:
    return {
        "format": "leopard-record", "version": 1, "variant": "standard", "level": "normal", "hands": 1,
        "sheet": [{"own": own, "opp": opp}], "totals": {"own": own, "opp": opp},
        "result": "won" if own > opp else "lost" if own < opp else "drawn", "undo_used": False,
        "hints_used": False, "finished_at": finished or f"{day}T12:00:00Z", "daily": day,
    }


def test_daily_summary_by_hand() -> None:
    records = [
        daily_record("2026-11-20", 9, 4),
        daily_record("2026-11-21", 2, 8),
        daily_record("2026-11-21", 20, 0, "2026-11-21T18:00:00Z"),  # a replay: the first counts
        daily_record("2026-11-22", 5, 5),
        daily_record("2026-11-18", 7, 1),  # a gap on the 19th
        {**daily_record("2026-11-23", 1, 1), "daily": "bad"},  # rejected
    ]
    summary = daily_summary(records, "2026-11-23")
    assert (summary["days"], summary["won"], summary["lost"], summary["drawn"]) == (4, 2, 1, 1)
    assert summary["streak"] == 3 and summary["longest_streak"] == 3
    assert [r["date"] for r in summary["recent"]] == ["2026-11-22", "2026-11-21", "2026-11-20", "2026-11-18"]
    assert summary["recent"][1] == {"date": "2026-11-21", "own": 2, "opp": 8, "result": "lost"}
    assert daily_summary(records, "2026-11-25")["streak"] == 0, "a missed day ends the streak"
    assert daily_summary(records)["streak"] == 3
    assert daily_summary("nope")["days"] == 0
    figures = call("stats", records=records, today="2026-11-23")
    assert figures["daily"] == summary
    assert "bad date" in refused("stats", records=records, today="23/11/2026")


# ------------------------------------------------------------------ challenge links

def test_read_link_reads_every_setting() -> None:
    link = read_link({"seed": "12", "botseed": "-3", "variant": "running", "level": "greedy", "hands": "3",
                      "pace": "0"})
    assert link == {"settings": {"seed": 12, "bot_seed": -3, "variant": "running", "level": "greedy",
                                 "hands": 3}, "origin": None}
    assert read_link({"level": "random"}) == {"settings": {"level": "random"}, "origin": None}
    full = {"seed": "1", "botseed": "2", "variant": "standard", "level": "random", "hands": "1"}
    assert read_link({**full, "by": "Ana", "vs": "12,9"})["origin"] == {
        "kind": "challenge", "by": "Ana", "own": 12, "opp": 9}
    assert read_link({**full, "by": "Zoë O'Neil-Ruiz"})["origin"] == {
        "kind": "challenge", "by": "Zoë O'Neil-Ruiz", "own": None, "opp": None}
    assert read_link({**full, "vs": "-4,-10"})["origin"] == {
        "kind": "challenge", "by": None, "own": -4, "opp": -10}


@pytest.mark.parametrize(("params", "words"), [
    ({"seed": "abc"}, "seed 'abc'"),
    ({"seed": "-1"}, "seed '-1'"),
    ({"seed": "1.5"}, "seed"),
    ({"seed": str(2**53)}, "below 2**53"),
    ({"botseed": "0x10"}, "botseed"),
    ({"variant": "poker"}, "variant 'poker' is unknown"),
    ({"level": "champion"}, "level 'champion' is unknown"),
    ({"hands": "0"}, "hands '0'"),
    ({"hands": "51"}, "hands '51'"),
    ({"hands": "two"}, "hands 'two'"),
    ({"by": "Ana", "vs": "12,9"}, "must give seed, botseed, variant, level, hands"),
    ({"seed": "1", "botseed": "2", "variant": "standard", "level": "random", "hands": "1", "vs": "12-9"},
     "vs '12-9' is not a result"),
    ({"seed": "1", "botseed": "2", "variant": "standard", "level": "random", "hands": "1", "vs": "12,99999"},
     "vs"),
    ({"seed": "1", "botseed": "2", "variant": "standard", "level": "random", "hands": "1", "by": "<script>"},
     "the link's by: bad name"),
    ({"seed": "1", "botseed": "2", "variant": "standard", "level": "random", "hands": "1", "by": "a" * 25},
     "bad name"),
    ({"seed": "1", "botseed": "2", "variant": "standard", "level": "random", "hands": "1", "by": ""},
     "bad name"),
])
def test_read_link_explains_bad_parameters(params: dict[str, str], words: str) -> None:
    with pytest.raises(LeopardError) as caught:
        read_link(params)
    assert words in str(caught.value)
    assert words in refused("read_link", params=params)


def test_read_link_refuses_what_is_not_text() -> None:
    assert "not text" in refused("read_link", params={"seed": 5})
    assert "object of texts" in refused("read_link", params=["seed"])


@pytest.mark.parametrize("name", ["Ana", "J.", "Ana María", "李雷", "O'Neil", "x" * 24, "Bob 2"])
def test_good_names(name: str) -> None:
    assert check_name(name) == name


@pytest.mark.parametrize("name", ["", " Ana", "Ana ", "A  B", "_a", "a\nb", "a<b", "a&b=c", "x" * 25, 7,
                                  None])
def test_bad_names(name: object) -> None:
    with pytest.raises(LeopardError, match="bad name"):
        check_name(name)


@given(
    seed=st.integers(0, 2**53 - 1), bot_seed=st.integers(-(2**53) + 1, 2**53 - 1),
    variant=st.sampled_from(["standard", "classic", "running"]), level=st.sampled_from(["random", "hard"]),
    hands=st.integers(1, 50), by=st.none() | st.sampled_from(["Ana", "Zoë O'Neil", "李雷 2"]),
    result=st.none() | st.tuples(st.integers(-9999, 9999), st.integers(-9999, 9999)),
)
def test_a_link_reads_back_to_what_it_was_made_from(
    seed: int, bot_seed: int, variant: str, level: str, hands: int, by: str | None,
    result: tuple[int, int] | None,
) -> None:
    shared = {"seed": seed, "bot_seed": bot_seed, "variant": variant, "hands": hands, "level": level}
    query = challenge_query(shared, by, result)
    params = dict(parse_qsl(query, keep_blank_values=True, strict_parsing=True))
    link = read_link(params)
    assert link["settings"] == shared
    if by is None and result is None:
        assert link["origin"] is None
    else:
        own, opp = result if result is not None else (None, None)
        assert link["origin"] == {"kind": "challenge", "by": by, "own": own, "opp": opp}


def test_challenge_link_of_the_session_replays_the_game_and_carries_the_result() -> None:
    snap = call("new_game", variant="classic", level="random", hands=1, seed=77, bot_seed=88)
    mid = call("challenge_link", by="Ana")
    assert mid["result"] is None
    assert dict(parse_qsl(mid["query"])) == {"seed": "77", "botseed": "88", "variant": "classic",
                                            "level": "random", "hands": "1", "by": "Ana"}
    # The friend's game from the link is the very same deal.
    link = call("read_link", params=dict(parse_qsl(mid["query"])))
    again = call("new_game", **link["settings"], origin=link["origin"])
    assert again["hand"] == snap["hand"]
    assert (again["game"]["cut"], again["log"]) == (snap["game"]["cut"], snap["log"])
    assert again["origin"] == {"kind": "challenge", "by": "Ana", "own": None, "opp": None}
    # Play it out; the finished game's link carries its totals.
    session = Session.restore(call("save")["text"])
    play_out(session, seed=1)
    totals = session.snapshot()["game"]["totals"]
    done = session.challenge_link("Ana")
    assert done["result"] == totals
    assert dict(parse_qsl(done["query"]))["vs"] == f"{totals['own']},{totals['opp']}"
    assert "bad name" in refused("challenge_link", by="<b>")
    call("tutorial_start")
    assert "guided hand" in refused("challenge_link")
