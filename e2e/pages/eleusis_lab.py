"""The Eleusis lab in the browser: the rules page's sandbox (eleusis-rules.html), and the lab's
modules (notebook.js, you-deal.js) mounted on that page for tests before the play page embeds them.

Glossary:
    open_eleusis_rules -- load the rules page with a seed and wait until its sandbox judges cards.
    build_rule         -- pick a family in the builder's top menu, then its parts, by clicks.
    columns            -- the sandbox's mainline as drawn: per right card (the starter first) its
                          text, verdict and the wrong cards hanging under it.
    mount              -- run a lab module on the page with the page's own engine and texts (the
                          modules are imported by their address: the same instances as the page's).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

from .site import PYTHON_START_MS, wait_for_match

ANSWER_MS = 60_000


def open_eleusis_rules(page: Page, site_url: str, seed: int = 7) -> Locator:
    """Load the rules page and wait until the sandbox's first rule is in words; the sandbox."""
    page.goto(f"{site_url}eleusis-rules.html?seed={seed}")
    wait_for_match(page, "#engine-status[data-state=ready]", PYTHON_START_MS)
    sandbox = page.locator(".lab-sandbox")
    wait_for_match(page, ".lab-sandbox[data-state=ready]", ANSWER_MS)
    return sandbox


def wording(root: Locator) -> str:
    """The builder's rule in words, once the engine has said it."""
    words = root.locator(".rb-wording").first
    expect(words).to_have_attribute("data-state", "ready", timeout=ANSWER_MS)
    return words.inner_text()


def build_rule(root: Locator, family: str, choices: dict[str, str] | None = None,
               toggles: tuple[str, ...] = ()) -> None:
    """Pick ``family`` in the top menu, then each choice (part name -> option value) and each
    toggle (option value of a multi part), all by the controls a person uses."""
    root.locator(".rb-place[data-depth='0'] > .rb-head .rb-family").select_option(family)
    for part, value in (choices or {}).items():
        root.locator(f".rb-choice[data-part={part}]").first.select_option(value)
    for value in toggles:
        root.locator(f".rb-toggle[data-value='{value}']").first.click()


def deal_and_watch(page: Page, deal: Locator, plays: int) -> None:
    """Deal the rule "You deal" holds (``deal``: its dialog) and wait until the computer players
    have made ``plays`` plays, or the game is over."""
    deal.locator(".yd-start").click()
    wait_for_match(page, "body[data-dealer=you]", ANSWER_MS)
    page.wait_for_function(
        "(n) => Number(document.body.dataset.plays || 0) >= n || document.body.dataset.phase === 'game-over'",
        arg=plays, timeout=ANSWER_MS)


def play_card(page: Page, index: int) -> str:
    """Click the hand's card at ``index`` and wait until the engine has judged it; its text."""
    card = page.locator(".sb-hand .lab-card").nth(index)
    text = str(card.get_attribute("data-card"))
    played = page.locator(".sb-line .lab-card").count()
    card.click()
    expect(page.locator(".sb-line .lab-card")).to_have_count(played + 1)
    wait_for_match(page, ".lab-sandbox[data-state=ready]", ANSWER_MS)
    return text


def columns(page: Page) -> list[tuple[str, str, list[str]]]:
    """The sandbox's mainline as drawn (see the glossary)."""
    found: list[tuple[str, str, list[str]]] = page.evaluate("""() =>
      [...document.querySelectorAll(".sb-line > .sb-column")].map((column) => {
        const face = column.querySelector(":scope > .lab-card");
        return [face.dataset.card, face.dataset.verdict,
                [...column.querySelectorAll(".sb-sideline .lab-card")].map((c) => c.dataset.card)];
      })""")
    return [(card, verdict, list(wrong)) for card, verdict, wrong in found]


_MOUNT = """async ([module, options]) => {
  const at = (path) => new URL(path, location.href).href;
  const { getEngine } = await import(at("js/platform/engine/client.js"));
  const i18n = await import(at("js/platform/i18n/i18n.js"));
  const lab = await import(at("js/games/eleusis/" + module + ".js"));
  const engine = getEngine();
  window.labTest = { engine, calls: [] };
  const record = (name) => (value) => window.labTest.calls.push([name, value]);
  const made = module === "notebook"
    ? lab.createNotebook({ engine, t: i18n.t, lang: i18n.lang, onMarks: record("marks") })
    : lab.createYouDeal({ engine, t: i18n.t, lang: i18n.lang, onStart: record("start") });
  made.element.id = "lab-under-test";
  document.getElementById("rules-main").prepend(made.element);
  window.labTest.made = made;
  if (options.snapshot) window.labTest.snapshot = await engine.call("eleusis.new", options.snapshot);
}"""


def mount(page: Page, module: str, new_game: dict[str, Any] | None = None) -> Locator:
    """Put ``notebook`` or ``you-deal`` on the page (after starting a game when asked); its element."""
    page.evaluate(_MOUNT, [module, {"snapshot": new_game}])
    return page.locator("#lab-under-test")


def engine_call(page: Page, method: str, args: dict[str, Any] | None = None) -> Any:
    """Ask the page's engine directly (for a test's own moves at the table)."""
    return page.evaluate("([m, a]) => window.labTest.engine.call(m, a)", [method, args or {}])


def recorded(page: Page, name: str) -> list[Any]:
    """What a mounted module handed to its caller (``marks``, ``start``), in order."""
    return [value for kind, value in page.evaluate("() => window.labTest.calls") if kind == name]
