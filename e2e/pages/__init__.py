"""Page objects of the browser tests: each drives one kind of page of the site through its DOM only
(clicks, keys, what is shown), the way a person would, and never through the page's files.

Glossary:
    site    -- what every page shares: time limits, storage keys, the catalogs, the Guard that
               fails a test on console errors or requests to other origins, ``guarded_context``
               (a page with nothing stored and a Guard, e.g. one preferring Spanish), axe-core.
    warm    -- the warm browser profiles that lend tests their pages (compiled code kept, storage
               wiped between tests).
    leopard -- the card game page (index.html): ``GamePage`` and the moves made by clicks.
    hunt    -- Cows and Leopards (hunt.html): ``HuntPage`` and the saves it is seeded with.
    rules   -- the rules page (rules.html): ``open_rules``.
    embed   -- the embed (embed.html): its settled state and a game played by clicks to its end.

Tests import from here (``from pages.leopard import GamePage``); fixtures live in e2e/conftest.py;
no test module imports another.
"""
