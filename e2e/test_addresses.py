"""A game page reached by an unusual but working address starts its link's game.

A link pasted or joined by hand can double a slash (``https://host//eleusis.html?seed=3``): the
server sends the page, and the page used to fail at once ("The game could not start") when it
took the link's settings out of the address, since it rebuilt the address from its path alone and
``//eleusis.html`` names another host.
"""

from __future__ import annotations

from pages.eleusis import EleusisPage
from pages.hunt import HuntPage
from pages.leopard import GamePage
from playwright.sync_api import Page


def test_each_game_starts_from_an_address_with_a_doubled_slash(guarded_page: Page, site_url: str) -> None:
    doubled = site_url.rstrip("/") + "//"
    pages = [
        (GamePage(guarded_page, doubled + "index.html"), "?seed=5&level=novice"),
        (EleusisPage(guarded_page, doubled), "?game=express&bots=2&seed=3&pace=0"),
        (HuntPage(guarded_page, doubled), "?seed=4&level=novice"),
    ]
    for game, query in pages:
        game.open(query)
        address = guarded_page.evaluate("location.href")
        assert address.startswith(doubled), address  # the page the person asked for
        assert "seed=" not in address, address  # the link's settings used, then taken out
