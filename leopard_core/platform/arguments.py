"""Arguments of a bridge call that every game reads the same way.

Glossary:
    seed_argument -- ``args["seed"]`` when it is a whole number from 0 to MAX_SEED, a fresh random
                     one when it is missing (or null); otherwise the game's error with the seed
                     quoted. MAX_SEED is 2**53 - 1, the largest whole number a page's numbers hold
                     exactly: a seed a link carries deals the same game in every browser.
    quoted_value  -- a bad argument as a refusal quotes it: its repr, cut to QUOTE_CHARS
                     characters and "…" (a link may hold thousands; a notice quotes a short piece).

>>> seed_argument({"seed": 7}, ValueError, "demo.seed")
7
>>> 0 <= seed_argument({}, ValueError, "demo.seed") <= MAX_SEED
True
>>> from leopard_core.games.eleusis.errors import EleusisError
>>> seed_argument({"seed": 2**53}, EleusisError, "eleusis.session.seed")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
leopard_core.games.eleusis.errors.EleusisError: bad seed 9007199254740992: expected a whole number ...
>>> quoted_value(["novice"] * 1000)
"['novice', 'novice', 'no…"
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

MAX_SEED = 2**53 - 1
QUOTE_CHARS = 24


def quoted_value(value: object) -> str:
    """``repr(value)``, at most QUOTE_CHARS characters of it and "…" when it is longer."""
    text = repr(value)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "…"


def seed_argument(args: Mapping[str, Any], error: Callable[..., Exception], code: str) -> int:
    """The call's ``seed``: random when absent, ``error(code, seed=quoted_value(seed))`` when it
    is not an int from 0 to MAX_SEED (a bool is not a seed)."""
    seed = args.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED + 1)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise error(code, seed=quoted_value(seed))
    return seed
