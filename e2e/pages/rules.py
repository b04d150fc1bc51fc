"""The rules page (rules.html).

Glossary:
    open_rules -- load the rules page and wait until the engine has filled every live value (and,
                  when asked, until its sandbox is ready to play).
"""

from __future__ import annotations

from playwright.sync_api import Page

from .site import PYTHON_START_MS, wait_for_match

ANSWER_MS = 30_000


def open_rules(page: Page, site_url: str, query: str = "", sandbox: bool = False) -> None:
    """Load the rules page and wait until the engine has filled every value (and the sandbox)."""
    page.goto(site_url + "rules.html" + query)
    wait_for_match(page, "#engine-status[data-state=ready]", PYTHON_START_MS)
    if sandbox:
        wait_for_match(page, "#sandbox[data-state=ready]", ANSWER_MS, visible=True)
