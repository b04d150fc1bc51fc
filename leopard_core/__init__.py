"""Robert Abbott's games as a Python engine: one platform, several games.

    platform/  -- what every game shares and no game owns: the registry (``GameSpec``), the bridge
                  (``handle``, ``reset``), the State contract, messages, errors, saves, names. It
                  imports no game.
    games/     -- one folder per game (``leopard``: the card game; ``hunt``: Cows and Leopards);
                  each registers its ``GameSpec`` on import (``games.load_all()`` imports them all).
    cards      -- the playing cards (``Card``, ``ALL_CARDS``), for every game played with them.
    webapi     -- ``handle(request) -> answer``: the bridge with every game loaded (the worker's).
    cli        -- ``python -m leopard_core`` (``leopard``): each game's command line.

>>> from leopard_core.cards import Card
>>> Card.parse("10D").name
'10 of diamonds'
"""

__version__ = "0.1.0"
