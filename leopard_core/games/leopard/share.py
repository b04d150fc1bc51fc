"""Shared deals (issue 13): challenge links and the daily deal. Pure functions: no clock, no I/O.

Glossary:
    challenge link -- the game page's address with the settings that deal and play one game again:
        ``?seed=S&botseed=B&variant=V&level=L&hands=N``; ``by=NAME`` names the player who sends it,
        and once their game is over ``vs=OWN,OPP`` carries their result (their total and the
        computer's, R7.3). The friend gets the same cut, the same deals and the same stock; the
        computer's choices follow from the bot seed and what it sees, so they are the same as
        long as the friend plays the same moves.
    daily deal -- the game everyone plays on one UTC date: ``DAILY_VARIANT``, ``DAILY_HANDS``
        hands against ``DAILY_LEVEL``, seeds from ``daily_seed`` and ``daily_bot_seed``. They
        are a hash of the date, so anyone can compute them: nothing about the day's deal is
        secret, it is only the same for everyone.
    origin -- where a session's game came from, kept in its save and shown in its snapshots:
        None (an ordinary game), ``{"kind": "daily", "date": "YYYY-MM-DD"}`` or
        ``{"kind": "challenge", "by": NAME or None, "own": int or None, "opp": int or None}``.

>>> daily_seed("2026-11-23") == daily_seed(date(2026, 11, 23))
True
>>> daily_seed("2026-11-23") != daily_seed("2026-11-24")
True
>>> link = read_link({"seed": "7", "botseed": "9", "variant": "classic", "level": "random",
...                   "hands": "2", "by": "Ana", "vs": "12,-3"})
>>> link["settings"]["seed"], link["origin"]
(7, {'kind': 'challenge', 'by': 'Ana', 'own': 12, 'opp': -3})
>>> challenge_query({"seed": 7, "bot_seed": 9, "variant": "classic", "hands": 2, "level": "random"},
...                 by="Ana", result=(12, -3))
'seed=7&botseed=9&variant=classic&level=random&hands=2&by=Ana&vs=12,-3'
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any
from urllib.parse import quote_plus

from leopard_core.platform.names import MAX_NAME_CHARS, is_player_name

from .bots import LEVELS
from .errors import LeopardError
from .game import MAX_HANDS
from .rules import VARIANTS

DAILY_VARIANT = "standard"
DAILY_LEVEL = "normal"
DAILY_HANDS = 1
"""The daily deal is one hand: quick to play each day and easy to compare."""

LINK_PARAMS = ("seed", "botseed", "variant", "level", "hands", "by", "vs")
"""The parameters of a challenge link, in the order a link lists them."""
LINK_SEED_LIMIT = 2**53
"""A link's seeds stay below this: the page reads numbers as JavaScript numbers, exact up to 2**53."""
SCORE_DIGITS = 4
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SEED = re.compile(r"\d{1,16}")
_BOT_SEED = re.compile(r"-?\d{1,16}")
_HANDS = re.compile(r"\d{1,3}")
_RESULT = re.compile(rf"(-?\d{{1,{SCORE_DIGITS}}}),(-?\d{{1,{SCORE_DIGITS}}})")


def daily_date(day: object) -> str:
    """The date as ``YYYY-MM-DD``; LeopardError unless ``day`` is a ``date`` (not a datetime,
    whose time zone would make the day ambiguous) or such text naming a real date.

    >>> daily_date("2026-02-28"), daily_date(date(2026, 3, 1))
    ('2026-02-28', '2026-03-01')
    >>> daily_date("2026-02-30")
    Traceback (most recent call last):
    ...
    leopard_core.platform.errors.EngineError: bad date '2026-02-30': expected a real date as YYYY-MM-DD
    """
    if isinstance(day, date) and not isinstance(day, datetime):
        return day.isoformat()
    if isinstance(day, str) and _DATE.fullmatch(day):
        try:
            return date.fromisoformat(day).isoformat()
        except ValueError:
            pass
    raise LeopardError("link.bad_date", date=quoted(day))


def _date_hash(salt: str, day: object) -> int:
    """53 bits of SHA-256 of the salted date: a seed below 2**53, exact in JavaScript too."""
    digest = hashlib.sha256(f"{salt}:{daily_date(day)}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 11


def daily_seed(day: object) -> int:
    """The game seed of the daily deal of ``day`` (a UTC date, ``date`` or ``YYYY-MM-DD``): the
    first 53 bits of SHA-256 of ``leopard-daily:YYYY-MM-DD``. The same date gives the same seed on
    every machine; another date gives another seed.

    >>> digest = hashlib.sha256(b"leopard-daily:2026-11-23").hexdigest()
    >>> daily_seed("2026-11-23") == int(digest[:16], 16) >> 11
    True
    """
    return _date_hash("leopard-daily", day)


def daily_bot_seed(day: object) -> int:
    """The computer's seed of the daily deal of ``day``: as ``daily_seed`` with the salt
    ``leopard-daily-bot``, so that the computer plays the same way for everyone that day."""
    return _date_hash("leopard-daily-bot", day)


def daily_game(day: object) -> dict[str, Any]:
    """Everything that makes the daily deal of ``day``: the settings ``new_game`` takes and the
    origin that marks the game (and its statistics record) as that day's deal."""
    iso = daily_date(day)
    return {"date": iso, "seed": daily_seed(iso), "bot_seed": daily_bot_seed(iso),
            "variant": DAILY_VARIANT, "hands": DAILY_HANDS, "level": DAILY_LEVEL,
            "origin": {"kind": "daily", "date": iso}}


def check_name(name: object) -> str:
    """A player's name for a link, exactly as written: the one rule of ``platform.names`` (1 to 24
    letters, digits, spaces, dots, hyphens and apostrophes, starting with a letter or digit).

    >>> check_name("Ana María"), check_name("J.")
    ('Ana María', 'J.')
    >>> check_name("<b>")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    leopard_core.platform.errors.EngineError: bad name '<b>': use 1 to 24 letters, digits, spaces, dots, ...
    """
    if is_player_name(name):
        assert isinstance(name, str)
        return name
    raise LeopardError("link.bad_name", name=quoted(name), max=MAX_NAME_CHARS)


def check_origin(origin: object) -> dict[str, Any] | None:
    """``origin`` itself when it is a valid origin (see the glossary), else LeopardError."""
    if origin is None:
        return None
    if not isinstance(origin, dict):
        raise LeopardError("origin.not_object", origin=quoted(origin))
    kind = origin.get("kind")
    if kind == "daily" and set(origin) == {"kind", "date"}:
        return {"kind": "daily", "date": daily_date(origin["date"])}
    if kind == "challenge" and set(origin) == {"kind", "by", "own", "opp"}:
        by, own, opp = origin["by"], origin["own"], origin["opp"]
        if by is not None:
            check_name(by)
        scores = [score for score in (own, opp) if score is not None]
        if len(scores) not in (0, 2) or not all(_score_ok(score) for score in scores):
            raise LeopardError("origin.bad_result", own=quoted(own), opp=quoted(opp))
        return {"kind": "challenge", "by": by, "own": own, "opp": opp}
    raise LeopardError("origin.unknown", origin=quoted(origin))


def _score_ok(score: object) -> bool:
    return isinstance(score, int) and not isinstance(score, bool) and abs(score) < 10**SCORE_DIGITS


def read_link(params: object) -> dict[str, Any]:
    """The game a link's parameters ask for, every one checked: ``{"settings": {seed, bot_seed,
    variant, level, hands} (only those given), "origin": challenge origin or None}``. LeopardError
    naming the parameter when one is wrong; parameters not in ``LINK_PARAMS`` are left to the page.
    A link with ``by`` or ``vs`` is a challenge and must give all five settings."""
    if not isinstance(params, Mapping):
        raise LeopardError("link.params")
    given = {key: params[key] for key in LINK_PARAMS if key in params}
    for key, value in given.items():
        if not isinstance(value, str):
            raise LeopardError("link.not_text", key=key)
    settings: dict[str, Any] = {}
    if "seed" in given:
        settings["seed"] = _link_seed("seed", given["seed"], _SEED)
    if "botseed" in given:
        settings["bot_seed"] = _link_seed("botseed", given["botseed"], _BOT_SEED)
    if "variant" in given:
        if given["variant"] not in VARIANTS:
            raise LeopardError("link.variant", variant=quoted(given["variant"]), variants=list(VARIANTS))
        settings["variant"] = given["variant"]
    if "level" in given:
        if given["level"] not in LEVELS:
            raise LeopardError("link.level", level=quoted(given["level"]), levels=list(LEVELS))
        settings["level"] = given["level"]
    if "hands" in given:
        hands = given["hands"]
        if not _HANDS.fullmatch(hands) or not 1 <= int(hands) <= MAX_HANDS:
            raise LeopardError("link.hands", hands=quoted(hands), max=MAX_HANDS)
        settings["hands"] = int(hands)
    origin = None
    if "by" in given or "vs" in given:
        missing = [key for key in LINK_PARAMS[:5] if key not in given]
        if missing:
            raise LeopardError("link.missing", missing=missing)
        by = None
        if "by" in given:
            try:
                by = check_name(given["by"])
            except LeopardError as err:
                raise LeopardError("link.by", error=err.msg) from None
        own = opp = None
        if "vs" in given:
            found = _RESULT.fullmatch(given["vs"])
            if not found:
                raise LeopardError("link.vs", vs=quoted(given["vs"]), digits=SCORE_DIGITS)
            own, opp = int(found[1]), int(found[2])
        origin = {"kind": "challenge", "by": by, "own": own, "opp": opp}
    return {"settings": settings, "origin": origin}


QUOTE_CHARS = 24


def quoted(value: object) -> str:
    """A link's bad value as a refusal quotes it: Python's quotes, at most QUOTE_CHARS characters
    of it and "…" (a link may hold thousands; a notice quotes a short piece).

    >>> quoted("12x")
    "'12x'"
    >>> quoted("9" * 30)
    "'999999999999999999999999…'"

    A character that cannot be shown (a control character, as a damaged record may hold) is
    quoted as �, not in Python's escapes, which a player cannot read:

    >>> quoted("Ana\\x00<b>")
    "'Ana�<b>'"
    """
    if not isinstance(value, str):
        text = repr(value)
        return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"
    value = "".join(char if char.isprintable() else "\N{REPLACEMENT CHARACTER}" for char in value)
    return repr(value) if len(value) <= QUOTE_CHARS else repr(value[:QUOTE_CHARS])[:-1] + "…'"


def _link_seed(key: str, text: str, pattern: re.Pattern[str]) -> int:
    if not pattern.fullmatch(text) or not -LINK_SEED_LIMIT < int(text) < LINK_SEED_LIMIT:
        raise LeopardError("link.seed", key=key, text=quoted(text))
    return int(text)


def challenge_query(shared: Mapping[str, Any], by: str | None = None,
                    result: tuple[int, int] | None = None) -> str:
    """The query of a challenge link (without ``?``) for ``shared``, the answer of ``share_seed``;
    ``by`` names the sender and ``result`` is their finished game's totals (theirs, the
    computer's). ``read_link`` reads it back to the same settings."""
    pairs = [("seed", shared["seed"]), ("botseed", shared["bot_seed"]), ("variant", shared["variant"]),
             ("level", shared["level"]), ("hands", shared["hands"])]
    for key, value in pairs[:2]:
        if not -LINK_SEED_LIMIT < value < LINK_SEED_LIMIT:
            raise LeopardError("link.too_large", key=key)
    if by is not None:
        pairs.append(("by", check_name(by)))
    if result is not None:
        if not all(_score_ok(score) for score in result):
            raise LeopardError("link.bad_result", result=quoted(result))
        pairs.append(("vs", f"{result[0]},{result[1]}"))
    return "&".join(f"{key}={quote_plus(str(value), safe=',')}" for key, value in pairs)
