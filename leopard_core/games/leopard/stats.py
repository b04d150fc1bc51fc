"""Statistics of finished games (issue 10): pure functions over records the page keeps.

Glossary:
    record   -- one finished game, JSON-ready, from the person's side::

                    {"format": "leopard-record", "version": 1,
                     "variant": "standard", "level": "normal", "hands": 4,
                     "sheet": [{"own": 9, "opp": 4, "went_out": "own"}, ...],
                                        # one entry per hand (R7.1-R7.2); went_out is "own",
                                        # "opp" or null (optional)
                     "totals": {"own": 30, "opp": 21},          # the sums of the sheet (R7.3)
                     "result": "won" | "drawn" | "lost",        # from the totals
                     "undo_used": false, "hints_used": false,
                     "finished_at": "2026-11-23T07:20:00Z",     # ISO 8601, UTC
                     "seed": 42,                                # the game's seed (optional)
                     "daily": "2026-11-23"}                     # the UTC date of the daily deal
                                                                # it was (optional; ``share``)

    group    -- the records of one variant and level; ``stats`` gives one summary per group and
                one over all records (``all``).
    summary  -- games, won, drawn, lost; hands; average and best hand score (yours); points per
                hand for you and the computer; longest winning streak (games in ``finished_at``
                order); games with undo, with hints; the recent margins (your total minus the
                computer's, oldest first, at most ``RECENT``) for a chart.
    rejected -- records that are not valid, each with its index in the list and the reason
                (``error``, and ``error_msg`` as a Message for the page); they
                are left out of every figure, never a crash.
    daily    -- ``daily_summary``: the daily deals played (one per date: the first finished counts),
                won, drawn, lost, the current and longest streaks of consecutive days played, and
                the latest days' results.

>>> rec = {"format": "leopard-record", "version": 1, "variant": "standard", "level": "normal",
...        "hands": 1, "sheet": [{"own": 9, "opp": 4}], "totals": {"own": 9, "opp": 4},
...        "result": "won", "undo_used": False, "hints_used": False,
...        "finished_at": "2026-11-23T07:20:00Z"}
>>> figures = stats([rec, {"variant": "nope"}])
>>> figures["all"]["won"], figures["all"]["best_hand"], len(figures["rejected"])
(1, 9, 1)
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from .bots import LEVELS
from .errors import LeopardError
from .messages import Message
from .rules import VARIANTS

RECORD_FORMAT = "leopard-record"
RECORD_VERSION = 1
RECENT = 50
"""How many of the latest margins a summary keeps for its chart."""

RESULTS = ("won", "drawn", "lost")
DAILY_RECENT = 7
"""How many of the latest daily deals a daily summary lists."""
_FIELDS = (
    "format", "version", "variant", "level", "hands", "sheet", "totals", "result", "undo_used",
    "hints_used", "finished_at",
)


def result_of(own: int, opp: int) -> str:
    """``won``, ``drawn`` or ``lost`` from the totals (R7.3)."""
    return "won" if own > opp else ("lost" if own < opp else "drawn")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def record_problem(record: Any) -> Message | None:
    """Why ``record`` is not a valid record, or None when it is."""
    if not isinstance(record, dict):
        return Message("stats.not_object", type=type(record).__name__)
    missing = [key for key in _FIELDS if key not in record]
    if missing:
        return Message("stats.missing", keys=missing)
    if record["format"] != RECORD_FORMAT or record["version"] != RECORD_VERSION:
        return Message("stats.format", format=RECORD_FORMAT, version=RECORD_VERSION)
    if record["variant"] not in VARIANTS:
        return Message("stats.variant", variant=repr(record["variant"]))
    if not isinstance(record["level"], str) or not record["level"]:
        return Message("stats.level", level=repr(record["level"]))
    hands, sheet, totals = record["hands"], record["sheet"], record["totals"]
    if not _is_int(hands) or hands < 1:
        return Message("stats.hands", hands=repr(hands))
    if not isinstance(sheet, list) or len(sheet) != hands:
        return Message("stats.sheet_length", hands=hands)
    for index, row in enumerate(sheet, 1):
        if not isinstance(row, dict) or not all(_is_int(row.get(k)) for k in ("own", "opp")):
            return Message("stats.sheet_hand", hand=index)
        if row.get("went_out") not in (None, "own", "opp"):
            return Message("stats.went_out", hand=index)
    if not isinstance(totals, dict) or not all(_is_int(totals.get(k)) for k in ("own", "opp")):
        return Message("stats.totals")
    for side in ("own", "opp"):
        if totals[side] != sum(row[side] for row in sheet):
            return Message("stats.total_sum", side=side)
    if record["result"] != result_of(totals["own"], totals["opp"]):
        return Message("stats.result", result=repr(record["result"]))
    if not isinstance(record["undo_used"], bool) or not isinstance(record["hints_used"], bool):
        return Message("stats.flags")
    if _finished_time(record["finished_at"]) is None:
        return Message("stats.finished_at", value=repr(record["finished_at"]))
    if "daily" in record and _day(record["daily"]) is None:
        return Message("stats.daily", value=repr(record["daily"]))
    return None


def _day(text: Any) -> date | None:
    """The date of ``YYYY-MM-DD`` text, or None."""
    # fromisoformat also reads 20261123 and 2026-W48-1: a record's date is only YYYY-MM-DD.
    if not isinstance(text, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _finished_time(text: Any) -> datetime | None:
    """The record's time, or None when it is not ISO 8601 text."""
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _sort_time(record: dict[str, Any]) -> float:
    """A valid record's finish as a number, for ordering (equal times keep the given order)."""
    moment = _finished_time(record["finished_at"])
    return 0.0 if moment is None else moment.timestamp()


def record_of_game(
    variant: str, level: str, sheet: list[dict[str, Any]], undo_used: bool, hints_used: bool,
    finished_at: str, seed: int | None = None, daily: str | None = None,
) -> dict[str, Any]:
    """A record from a finished game's score sheet (the person's side)."""
    own, opp = sum(row["own"] for row in sheet), sum(row["opp"] for row in sheet)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT, "version": RECORD_VERSION, "variant": variant, "level": level,
        "hands": len(sheet),
        "sheet": [{"own": row["own"], "opp": row["opp"], "went_out": row.get("went_out")} for row in sheet],
        "totals": {"own": own, "opp": opp}, "result": result_of(own, opp),
        "undo_used": undo_used, "hints_used": hints_used, "finished_at": finished_at,
    }
    if seed is not None:
        record["seed"] = seed
    if daily is not None:
        record["daily"] = daily
    return record


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of valid records (see the glossary), in the order given."""
    ordered = sorted(records, key=_sort_time)
    own_hands = [row["own"] for r in ordered for row in r["sheet"]]
    opp_hands = [row["opp"] for r in ordered for row in r["sheet"]]
    counts = {result: sum(1 for r in ordered if r["result"] == result) for result in RESULTS}
    streak = longest = 0
    for r in ordered:
        streak = streak + 1 if r["result"] == "won" else 0
        longest = max(longest, streak)
    hands = len(own_hands)
    return {
        "games": len(ordered), **counts, "hands": hands,
        "average_hand": round(sum(own_hands) / hands, 2) if hands else None,
        "best_hand": max(own_hands) if hands else None,
        "points_per_hand": {
            "own": round(sum(own_hands) / hands, 2) if hands else None,
            "opp": round(sum(opp_hands) / hands, 2) if hands else None,
        },
        "longest_winning_streak": longest,
        "games_with_undo": sum(1 for r in ordered if r["undo_used"]),
        "games_with_hints": sum(1 for r in ordered if r["hints_used"]),
        "recent": [
            {"finished_at": r["finished_at"], "margin": r["totals"]["own"] - r["totals"]["opp"],
             "result": r["result"]}
            for r in ordered[-RECENT:]
        ],
    }


def _group_order(key: tuple[str, str]) -> tuple[int, int, str]:
    """Variants in R8 order, levels weakest first, unknown levels last by name."""
    variant, level = key
    rank = LEVELS.index(level) if level in LEVELS else len(LEVELS)
    return list(VARIANTS).index(variant), rank, level


def rejected_entry(index: int | None, problem: Message) -> dict[str, Any]:
    """A rejected record: its index, why (English ``error``) and the same as ``error_msg``."""
    return {"index": index, "error": str(problem), "error_msg": problem.as_json()}


def stats(records: Any) -> dict[str, Any]:
    """Summaries per variant and level and over all valid records, and the rejected ones."""
    if not isinstance(records, list):
        return {"groups": [], "all": summary([]),
                "rejected": [rejected_entry(None, Message("stats.not_list"))]}
    valid: list[dict[str, Any]] = []
    rejected = []
    for index, record in enumerate(records):
        problem = record_problem(record)
        if problem is None:
            valid.append(record)
        else:
            rejected.append(rejected_entry(index, problem))
    keys = sorted({(r["variant"], r["level"]) for r in valid}, key=_group_order)
    groups = [
        {"variant": variant, "level": level,
         **summary([r for r in valid if (r["variant"], r["level"]) == (variant, level)])}
        for variant, level in keys
    ]
    return {"groups": groups, "all": summary(valid), "rejected": rejected}


def daily_summary(records: Any, today: str | None = None) -> dict[str, Any]:
    """The daily deals among valid ``records`` (those with ``daily``), one per date (the first
    finished counts; a replay the same day does not). ``streak`` is the number of consecutive days
    played up to the latest one, and 0 when ``today`` (YYYY-MM-DD) is given and the latest day is
    neither today nor yesterday; ``recent`` lists the latest ``DAILY_RECENT`` days, newest first.

    >>> rec = {"format": "leopard-record", "version": 1, "variant": "standard", "level": "normal",
    ...        "hands": 1, "sheet": [{"own": 9, "opp": 4}], "totals": {"own": 9, "opp": 4},
    ...        "result": "won", "undo_used": False, "hints_used": False,
    ...        "finished_at": "2026-11-23T07:20:00Z", "daily": "2026-11-23"}
    >>> day = daily_summary([rec, {**rec, "daily": "2026-11-22"}], today="2026-11-24")
    >>> day["days"], day["streak"], day["longest_streak"], [r["date"] for r in day["recent"]]
    (2, 2, 2, ['2026-11-23', '2026-11-22'])
    """
    listed = records if isinstance(records, list) else []
    valid = [r for r in listed if record_problem(r) is None and "daily" in r]
    first: dict[str, dict[str, Any]] = {}
    for record in sorted(valid, key=_sort_time):
        first.setdefault(record["daily"], record)
    days = sorted(first)
    longest = run = 0
    previous: date | None = None
    for text in days:
        current = date.fromisoformat(text)
        run = run + 1 if previous is not None and current - previous == timedelta(days=1) else 1
        longest = max(longest, run)
        previous = current
    streak = run
    if today is not None and previous is not None:
        now = _day(today)
        if now is None:
            raise LeopardError("stats.bad_today", today=repr(today))
        if (now - previous).days not in (0, 1):
            streak = 0
    counts = {result: sum(1 for d in days if first[d]["result"] == result) for result in RESULTS}
    return {
        "days": len(days), **counts, "streak": streak, "longest_streak": longest,
        "recent": [
            {"date": d, "own": first[d]["totals"]["own"], "opp": first[d]["totals"]["opp"],
             "result": first[d]["result"]}
            for d in reversed(days[-DAILY_RECENT:])
        ],
    }
