"""The rules page in English and Spanish: every text it shows (prose, live diagrams, the sandbox and
its messages) comes from the catalogs, the Spanish page has nothing left in English and passes
axe-core, the section on where the name comes from is there in both languages, and the header's
language switch changes the language and is remembered.

Expected texts are read from the catalogs (web/i18n/*.json), never typed twice: the checks are the
shared ones of e2e/i18n_check.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from i18n_check import LANGUAGE_KEY, PSEUDO, catalog_texts, english_left, hard_coded, in_language
from pages.rules import ANSWER_MS, open_rules
from pages.site import axe_violations, fresh_page, guarded_context, wait_for_match
from playwright.sync_api import BrowserContext, Page, expect

BAD_POSITION = "AH,2H/-,-,-/-,-,- | -,-,-/-,-,-/-,-,- | 7H"


def use_sandbox(page: Page) -> None:
    """Choose a card in the sandbox's hand and a space, then load a bad position so its error shows."""
    page.locator("#sb-opp-space-4").click()
    card = str(page.locator("#sb-hand-1").get_attribute("data-card"))
    page.locator("#sb-hand-1").click()
    wait_for_match(page, f'#sandbox[data-state=ready][data-card="{card}"]', ANSWER_MS, visible=True)
    page.locator("#sb-n4-input").fill(BAD_POSITION)
    page.locator("[data-sb=n4-form] button[type=submit]").click()
    expect(page.locator("[data-sb=error]")).to_be_visible()


@pytest.fixture()
def spanish(browser: Any, site_url: str) -> Iterator[Page]:
    """A guarded page of a browser that prefers Spanish (es-ES); axe may be injected (bypass_csp)."""
    with guarded_context(browser, site_url, locale="es-ES", bypass_csp=True) as page:
        yield page


def test_every_text_comes_from_the_catalog(context: BrowserContext, guarded_page: Page,
                                            site_url: str) -> None:
    """In the pseudo-language, the page with its live diagrams, bonus table and a used sandbox (a
    card chosen, a notation error shown) has no text that a catalog did not give."""
    in_language(context, PSEUDO)
    page = guarded_page
    open_rules(page, site_url, sandbox=True)
    use_sandbox(page)
    values = page.locator("figure.leopard-square .diagram-value").all_text_contents()
    assert len(values) >= 20 and all(v.startswith("\u27e6") for v in values), values[:3]
    assert "\u27e6" in page.locator("[data-sb=error]").inner_text()
    assert "\u27e6" in page.locator("[data-sb=legal]").inner_text()
    assert hard_coded(page) == []


def test_a_word_written_into_the_page_is_found(context: BrowserContext, page: Page, site_url: str) -> None:
    """The pseudo check can fail: a sentence added by script outside the catalog is reported."""
    in_language(context, PSEUDO)
    open_rules(page, site_url, sandbox=True)
    page.evaluate("document.getElementById('sandbox').append(Object.assign("
                  "document.createElement('p'), {textContent: 'Worth nothing at all'}))")
    assert any("Worth nothing at all" in found for found in hard_coded(page))


def test_the_page_in_spanish(spanish: Page, site_url: str) -> None:
    """A Spanish browser gets the page in Spanish: no English catalog text left, the diagrams and the
    sandbox speak Spanish, the name section has Abbott's note and Jeremiah 13:23, and axe-core finds
    no serious violation."""
    page = spanish
    open_rules(page, site_url, sandbox=True)
    use_sandbox(page)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    spanish_texts = catalog_texts("es")
    expect(page.locator("h1")).to_have_text(spanish_texts["rules.intro.title"])
    expect(page.locator("#fig-ten-after .diagram-value")).to_have_text("Vale 4 puntos.")
    expect(page.locator("[data-sb=error]")).to_contain_text("no es una posición")
    expect(page.locator("[data-sb=selected]")).to_have_text(
        "Estás editando la casilla 4 del cuadro del rival.")
    expect(page.locator("#sandbox [data-sb=rank] option[value=K]")).to_have_text("rey")

    name = page.locator("#name")
    expect(name.locator("h2")).to_have_text("De dónde viene el nombre")
    text = " ".join(name.inner_text().split())
    for part in ("Jeremías 13:23", "Reina-Valera 1960",
                 "«¿Mudará el etíope su piel, y el leopardo sus manchas?»",
                 "«Genio y figura hasta la sepultura»", "«El que nace lechón muere cochino»", "Leopard",
                 "«cambiar de manchas»", "Note to whoever is translating this game into Spanish",
                 "[Nota para quien traduzca este juego al español", "Robert Abbott"):
        assert part in text, part
    assert name.locator("blockquote[lang=en]").count() == 1
    assert name.locator("blockquote[lang=es]").count() == 1
    expect(page.locator("a[href='#name']")).to_have_text("De dónde viene el nombre")

    assert english_left(page) == []
    assert axe_violations(page) == []


def test_the_name_section_in_english(guarded_page: Page, site_url: str) -> None:
    """The English page says where the name comes from too, with Abbott's note."""
    page = guarded_page
    page.goto(site_url + "rules.html")
    # the body is hidden (no inner text) until the page's texts are in
    page.wait_for_function("() => !document.documentElement.classList.contains('i18n-wait')")
    text = " ".join(page.locator("#name").inner_text().split())
    assert "“The leopard can\u2019t change its spots”" in text and "Jeremiah 13:23" in text
    assert "“changing your spots”" in text and "[Note to whoever is translating" in text


def test_the_header_switch_changes_the_language_and_is_remembered(guarded_page: Page, site_url: str) -> None:
    """The switch in the header reloads the page in Spanish; the choice is kept for the next visit,
    and switching back to English works the same way."""
    page = guarded_page
    page.goto(site_url + "rules.html")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    switch = page.locator("header.rules-header #language-switch")
    expect(switch).to_be_visible()
    expect(page.locator("header.rules-header .language-switch")).to_contain_text("Language")

    with page.expect_navigation():
        switch.select_option("es")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("h1")).to_have_text(catalog_texts("es")["rules.intro.title"])
    assert page.evaluate(f"localStorage.getItem('{LANGUAGE_KEY}')") == "es"

    page.goto(site_url + "rules.html")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("header.rules-header .language-switch")).to_contain_text("Idioma")
    expect(page.locator("#language-switch")).to_have_value("es")

    with page.expect_navigation():
        page.locator("#language-switch").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_have_text("How to play Leopard")


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_the_spanish_page_fits_a_phone(browser: Any, site_url: str, size: tuple[int, int]) -> None:
    """In Spanish (longer than English) the page, its header switch included, needs no sideways scroll."""
    width, height = size
    with fresh_page(browser, locale="es-ES", viewport={"width": width, "height": height}) as page:
        open_rules(page, site_url, sandbox=True)
        box = page.locator("#language-switch").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
