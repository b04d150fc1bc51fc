"""Make the README's pictures of the three games: ``docs/leopard.webp``, ``docs/hunt.webp`` and
``docs/eleusis.webp``, each a seeded game a few moves in, so they can be made again after a change.

Glossary:
    seeded game  -- a game started from a link's settings (``seed=``, the computer's level, ``pace=0``),
                    so the same build always shows the same table.
    a few moves  -- the person's moves made by clicks as a player would: the first card that may be
                    played to its first lit place, the first lit point, the first playable card.
    WebP         -- Chromium writes the picture (``canvas.toDataURL("image/webp")``): no image library
                    is needed, and a picture is about 30-50 KB where a PNG is 150-300 KB.

Usage: ``.venv/bin/python tools/screenshots.py [--dist dist] [--out docs]`` after
``tools/build_site.py`` (or ``bash tools/serve.sh``) has built the site. It serves ``dist/`` itself
(tools/serve.py) on a free port and drives ``/usr/bin/chromium`` with Playwright.
"""

from __future__ import annotations

import argparse
import base64
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from serve import start_server  # noqa: E402  (a tool beside this one, not a package)

CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 1100, "height": 680}
WIDTH = 880  # the picture's width in pixels (the README shows it at most this wide)
QUALITY = 0.8
LIMIT = 60_000  # bytes: a picture larger than this is refused (the README stays light)
START_MS = 120_000  # Python's first start on a loaded machine
MOVE_MS = 60_000
SETTLED = "body[data-phase=your-turn], body[data-phase=hand-over], body[data-phase=between-hands]"


class PictureTooLarge(ValueError):
    """A picture came out larger than LIMIT bytes; the message names it and its size."""


def moves_after(page: Page, before: str) -> None:
    """Wait until the page has shown another move and waits for the person again."""
    page.wait_for_function(
        "(before) => document.body.dataset.moves !== before && document.body.dataset.phase === 'your-turn'",
        arg=before, timeout=MOVE_MS)


def leopard(page: Page) -> None:
    """Four of the person's moves: the first playable card to its first lit place in the person's own
    square (else the first lit place)."""
    for _ in range(4):
        before = str(page.locator("body").get_attribute("data-moves"))
        page.locator("#hand .hand-card[aria-disabled=false]").first.click()
        own = page.locator("#own-square .space.target")
        (own if own.count() else page.locator(".space.target")).first.click()
        moves_after(page, before)


def hunt(page: Page) -> None:
    """Four cows placed on the first lit point, the computer's leopards answering."""
    for _ in range(4):
        before = str(page.locator("body").get_attribute("data-moves"))
        page.locator("#board .hunt-point[data-target=place]").first.click()
        moves_after(page, before)


def eleusis(page: Page) -> None:
    """Four of the person's turns: the first playable card (judged by the computer dealer), or "Go on"
    / "Not now" when the turn asks whether to declare or guess."""
    buttons = {"play": "#hand button:not(:disabled)", "declare": "#go-on", "guess": "#skip-guess"}
    for _ in range(4):
        before = str(page.locator("body").get_attribute("data-saved") or "0")
        phase = str(page.locator("body").get_attribute("data-hand-phase"))
        page.locator(buttons[phase]).first.click()
        page.wait_for_function(
            "(before) => Number(document.body.dataset.saved || 0) > Number(before)"
            " && document.body.dataset.phase === 'your-turn'", arg=before, timeout=MOVE_MS)


# name -> (the page and its seeded game, the moves to make before the picture)
GAMES: dict[str, tuple[str, Callable[[Page], None]]] = {
    "leopard": ("index.html?seed=11&botseed=1&hands=1&variant=standard&level=normal&pace=0", leopard),
    "hunt": ("hunt.html?side=C&level=greedy&seed=1&capture=compulsory&pace=0", hunt),
    "eleusis": ("eleusis.html?game=express&bots=2&level=novice&difficulty=easy&seed=7&pace=0", eleusis),
}


def webp(page: Page) -> bytes:
    """The page as it shows now, WIDTH pixels wide, encoded by Chromium as WebP."""
    png = base64.b64encode(page.screenshot()).decode("ascii")
    data_url = page.evaluate(
        """async ([png, width, quality]) => {
          const image = new Image();
          image.src = `data:image/png;base64,${png}`;
          await image.decode();
          const canvas = document.createElement("canvas");
          canvas.width = width;
          canvas.height = Math.round(image.height * width / image.width);
          const context = canvas.getContext("2d");
          context.imageSmoothingQuality = "high";
          context.drawImage(image, 0, 0, canvas.width, canvas.height);
          return canvas.toDataURL("image/webp", quality);
        }""", [png, WIDTH, QUALITY])
    return base64.b64decode(str(data_url).split(",", 1)[1])


def make_pictures(dist: Path, out: Path) -> dict[str, int]:
    """Write one picture per game into ``out``; their sizes in bytes, by name."""
    server, base = start_server(dist)
    sizes = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            for name, (address, play) in GAMES.items():
                context = browser.new_context(viewport=VIEWPORT, locale="en-US", color_scheme="light",
                                              reduced_motion="reduce")
                page = context.new_page()
                page.goto(f"{base}{address}&boot=snapshot&lang=en")
                page.wait_for_selector(SETTLED, timeout=START_MS)
                play(page)
                picture = webp(page)
                if len(picture) > LIMIT:
                    raise PictureTooLarge(f"{name}: {len(picture):,} bytes, more than {LIMIT:,}")
                (out / f"{name}.webp").write_bytes(picture)
                sizes[name] = len(picture)
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site (default dist/)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="the pictures' folder (docs/)")
    args = parser.parse_args()
    if not (args.dist / "index.html").is_file():
        parser.error(f"no built site in {args.dist}: run tools/build_site.py first")
    for name, size in make_pictures(args.dist, args.out).items():
        print(f"{args.out / name}.webp: {size:,} bytes")


if __name__ == "__main__":
    main()
