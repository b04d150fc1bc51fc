"""Phone-sized screens, accessibility (axe-core), the loading screen and the page's own promises."""

from __future__ import annotations

from pages.leopard import GamePage, top_bar_click
from pages.site import ROOT, axe_violations, fresh_page, wait_for_match, watched
from playwright.sync_api import Browser, expect


def test_phone_viewport_has_no_sideways_scroll(browser: Browser, site_url: str) -> None:
    with (fresh_page(browser, viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True) as page,
          watched(page, site_url)):
        game = GamePage(page, site_url)
        game.start(seed=21, botseed=1, hands=2, variant="running")
        widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1] == 360, widths
        for selector in ("#opp-square .space", "#own-square .space", "#hand .hand-card", "#go-out",
                         "#discard-target", "#end-turn"):
            for box in page.locator(selector).evaluate_all(
                "els => els.map(e => e.getBoundingClientRect()).map(r => [r.left, r.right])"
            ):
                assert box[0] >= 0 and box[1] <= 360, (selector, box)
        # A tap plays like a click: choose a card, tap a lit place.
        page.locator("#hand .hand-card[aria-disabled=false]").first.tap()
        target = page.locator(".space.target, #discard-target.target").first
        before = game.moves_shown()
        target.tap()
        game.wait_settled()
        assert game.moves_shown() > before
        top_bar_click(page, "open-rules")
        expect(page.locator("#rules")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_axe_finds_no_serious_violations(browser: Browser, site_url: str) -> None:
    # axe-core is injected as a script, which the page's CSP (rightly) forbids: bypass it here only.
    with fresh_page(browser, bypass_csp=True) as page:
        game = GamePage(page, site_url)
        game.start(seed=22, botseed=1, hands=2)
        page.locator("#hand .hand-card[aria-disabled=false]").first.click()
        report = {"table": axe_violations(page)}
        for opener, dialog, closer in (("#open-rules", "#rules", "#rules-close"),
                                       ("#open-settings", "#settings", "#settings-cancel"),
                                       ("#show-discards", "#discards-dialog", "#discards-close")):
            page.click(opener)
            expect(page.locator(dialog)).to_be_visible()
            report[dialog] = axe_violations(page)
            page.click(closer)
        assert all(not v for v in report.values()), report


def test_loading_screen_shows_progress_then_the_table(game: GamePage) -> None:
    page = game.page
    page.goto(game.base_url + "?seed=23&botseed=1&hands=1&level=random&pace=0")
    expect(page.locator("#loading progress")).to_be_visible()
    game.wait_settled(90_000)
    expect(page.locator("#loading")).to_be_hidden()
    assert page.locator("#load-progress").get_attribute("value") == "1"
    expect(page.locator("#table")).to_be_visible()
    # The live region names what happens, for screen readers.
    assert page.locator("#status").get_attribute("aria-live") == "polite"
    assert page.locator("#status").inner_text().strip()
    labels = [page.locator(f"#hand-card-{i}").evaluate("e => e.textContent") for i in range(len(game.hand()))]
    assert all(" of " in label for label in labels), labels


def test_broken_engine_shows_a_clear_message(browser: Browser, site_url: str) -> None:
    context = browser.new_context()
    context.route("**/*.wasm", lambda route: route.abort())
    page = context.new_page()
    try:
        # The page's own worker: Playwright's routes do not reach a SharedWorker's requests, and a
        # worker that cannot start Python answers "fatal" the same way on either transport
        # (platform/engine/client.js), so the dedicated one shows the page's handling of it.
        page.goto(site_url + "?pace=0&engine=dedicated")
        wait_for_match(page, "body[data-phase=error]", 90_000, visible=True)
        expect(page.locator("#load-error")).to_be_visible()
        assert "could not start" in page.locator("#loading-title").inner_text()
        expect(page.locator("#reload")).to_be_visible()
    finally:
        context.close()


def test_netlify_serve_and_page_agree_on_the_csp() -> None:
    import tomllib

    import serve

    config = tomllib.loads((ROOT / "netlify.toml").read_text())
    assert config["build"]["publish"] == "dist"
    assert "build_site.py" in config["build"]["command"]
    headers = {rule["for"]: rule["values"] for rule in config["headers"]}
    assert headers["/*"]["Content-Security-Policy"] == serve.CSP
    assert headers["/*.wasm"]["Content-Type"] == "application/wasm"
    assert "immutable" in headers["/pyodide/*"]["Cache-Control"]
    # The policy's meta tag is in the head every page takes from the partial (web/partials/site-head.html)
    head = (ROOT / "web" / "partials" / "site-head.html").read_text()
    assert f'content="{serve.CSP}"' in head
    index = (ROOT / "web" / "index.html").read_text()
    assert "<!-- site-head -->" in index
    assert "<script>" not in index and "style=" not in index, "no inline script or style"
