"""The rules page (rules.html).

Glossary:
    open_rules -- load the rules page and wait until the engine has filled every live value (and,
                  when asked, until its sandbox is ready to play).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .site import PYTHON_START_MS

ANSWER_MS = 30_000


def open_rules(page: Page, site_url: str, query: str = "", sandbox: bool = False) -> None:
    """Load the rules page and wait until the engine has filled every value (and the sandbox)."""
    page.goto(site_url + "rules.html" + query)
    expect(page.locator("#engine-status")).to_have_attribute("data-state", "ready", timeout=PYTHON_START_MS)
    if sandbox:
        page.wait_for_selector("#sandbox[data-state=ready]", timeout=ANSWER_MS)
