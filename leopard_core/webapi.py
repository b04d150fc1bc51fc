"""The web page's worker calls this module: ``handle(request) -> answer``, JSON text both ways.

It is the platform's bridge (``leopard_core.platform.bridge``: routing ``<game>.<method>``, request
limits, sessions per client and game, error kinds) with every game loaded. ``reset()`` forgets every
game's session (the worker calls it after restoring a snapshot). Each game's methods are listed in
its folder: ``games/leopard/bridge.py`` (also unprefixed: ``play``, ``new_game``...) and
``games/hunt/session.py`` (``hunt.play``...).

>>> import json
>>> json.loads(handle('{"method": "levels"}'))["ok"], json.loads(handle('{"method": "hunt.levels"}'))["ok"]
(True, True)
"""

from __future__ import annotations

from .games import load_all
from .platform.bridge import handle, reset

__all__ = ["handle", "reset"]

load_all()
