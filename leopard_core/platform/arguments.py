"""Arguments of a bridge call that every game reads the same way.

Glossary:
    seed_argument -- ``args["seed"]`` when it is a whole number, a fresh random one when it is
                     missing (or null); otherwise the game's error with the seed quoted.

>>> seed_argument({"seed": 7}, ValueError, "demo.seed")
7
>>> 0 <= seed_argument({}, ValueError, "demo.seed") < 2**53
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any


def seed_argument(args: Mapping[str, Any], error: Callable[..., Exception], code: str) -> int:
    """The call's ``seed``: random when absent, ``error(code, seed=repr(seed))`` when it is not an
    int (a bool is not a seed)."""
    seed = args.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(2**53)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise error(code, seed=repr(seed))
    return seed
