"""The platform: what every game shares and no game owns. It imports no game (tests/test_architecture.py).

    registry -- ``GameSpec`` and ``register``: a game describes itself once.
    bridge   -- ``handle(request)``: limits, ``<game>.<method>`` routing, sessions per (client, game),
                one error-kind policy, ``reset()``.
    contract -- ``GameState``: the State contract every game implements.
    messages -- ``Message`` and the registries of codes and formats; ``errors`` the one hierarchy.
    saves    -- the save limits and ``load_versioned``; ``names`` the one player-name rule;
    bots     -- the ``Bot`` protocol and ``timed``, the timing of a bot's choice; command_line --
                the statuses and messages every game's command line shares.
"""
