"""The build's page work (tools/site_pages.py, tools/markdown_page.py): the site menu and the rules pages.

The hunt's complete rules page must give every numbered rule of docs/hunt-rules.md an id (so the
game and other pages can link ``hunt-rules.html#H3.3``); the site menu must reach every page of
the site from every page, with links that work from a page in a folder too.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT / "tools"))

import markdown_page  # noqa: E402
import site_pages  # noqa: E402

RULES_MD = ROOT / "docs" / "hunt-rules.md"
MENU_LINKS = (ROOT / "web" / "partials" / "site-menu.html").read_text(encoding="utf-8").count("href=")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """web/ copied and finished as the build does (without the engine)."""
    out = tmp_path_factory.mktemp("site") / "dist"
    shutil.copytree(WEB, out)
    site_pages.write_pages(out)
    return out


def test_every_numbered_rule_of_the_document_has_an_id(built: Path) -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    numbers = set(re.findall(r"^## (H\d+) ", text, re.M)) | set(re.findall(r"^- (H\d+\.\d+) ", text, re.M))
    assert {"H1", "H3", "H3.3", "H8.7"} <= numbers, "the document is read as its rules are numbered"
    page = (built / "hunt-rules.html").read_text(encoding="utf-8")
    ids = set(re.findall(r'id="(H[\d.]+)"', page))
    assert numbers == ids


def test_the_rules_page_leaves_out_the_developers_part(built: Path) -> None:
    page = (built / "hunt-rules.html").read_text(encoding="utf-8")
    assert "Playing it" in RULES_MD.read_text(encoding="utf-8")
    assert "Playing it" not in page and "python -m" not in page
    # The document's opening note names files for its maintainers; the page has its own introduction.
    assert "shared/seeds/" in RULES_MD.read_text(encoding="utf-8")
    assert "shared/seeds/" not in page and "the rules the engine implements" not in page
    assert site_pages.DOCUMENT_MARK not in page


# What a player must not read on a rules page: programmer notation, file names, the source text's
# number citations and the documents' own markers.
NOT_FOR_PLAYERS = re.compile(r"\.py\b|\.java\b|\.lud\b|str\(|\.parse\(|_[a-z]+`|\bseeds?\b|<!--|leopard_core|"
                             r"legal_moves|POINTS|JSON")


@pytest.mark.parametrize("page", ["hunt-rules.html", "eleusis-rules.html"])
def test_the_rules_page_speaks_to_players_not_to_programmers(built: Path, page: str) -> None:
    html = (built / page).read_text(encoding="utf-8")
    main = html[html.index("<main"):html.index("</main>")]
    text = re.sub(r"<[^>]+>", "", main)
    assert NOT_FOR_PLAYERS.findall(text) == [], page
    # A citation on a rule's next line left its full stop behind as a paragraph of its own (". " under
    # H2.1, between two bullets).
    assert re.findall(r"<p>\s*[.,;:]?\s*</p>", main) == [], page
    document = RULES_MD if page == "hunt-rules.html" else ROOT / "docs" / "eleusis-rules.md"
    # The documents keep what their maintainers need; only the page leaves it out.
    assert "<!-- developers -->" in document.read_text(encoding="utf-8")


def test_every_page_has_the_menu_and_its_links_reach_pages(built: Path) -> None:
    pages = [p for p in sorted(built.rglob("*.html")) if p.name != "embed.html"]
    assert len(pages) >= 5
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert 'class="site-menu"' in html, page.name
        menu = html[html.index('class="site-menu"'):html.index("</details>", html.index('class="site-menu"'))]
        links = re.findall(r'href="([^"]+)"', menu)
        assert len(links) == MENU_LINKS, page.name
        for link in links:
            assert (page.parent / link).resolve().is_file(), f"{page.name}: {link}"
        current = re.findall(r'href="([^"]+)" aria-current="page"', menu)
        assert [(page.parent / c).resolve() for c in current] == [page.resolve()], page.name
    assert not (built / site_pages.PARTIALS).exists()


def test_a_page_without_the_document_mark_is_refused() -> None:
    with pytest.raises(site_pages.PageError, match=r"hunt-rules\.html"):
        site_pages.put_document("<main></main>", "hunt-rules.html", RULES_MD, set())


def test_an_unclosed_code_block_is_refused() -> None:
    with pytest.raises(markdown_page.MarkdownError, match="not closed"):
        markdown_page.render("Text\n```\ncode\n")


def test_every_mark_is_replaced_and_the_stylesheets_are_found(built: Path) -> None:
    for page in sorted(built.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        assert "<!-- site-" not in html and "<!-- rules-document -->" not in html, page.name
        head = html[:html.index("</head>")]
        for link in re.findall(r'<link rel="stylesheet" href="([^"]+)"', head):
            assert (page.parent / link).resolve().is_file(), f"{page.name}: {link}"


def test_every_numbered_rule_of_the_eleusis_document_has_an_id(built: Path) -> None:
    text = (ROOT / "docs" / "eleusis-rules.md").read_text(encoding="utf-8")
    numbers = set(re.findall(r"^## (E\d+) ", text, re.M)) | set(re.findall(r"^- (E\d+\.\d+) ", text, re.M))
    assert {"E1", "E9", "E9.2", "E15"} <= numbers, "the document is read as its rules are numbered"
    page = (built / "eleusis-rules.html").read_text(encoding="utf-8")
    assert numbers == set(re.findall(r'id="(E[\d.]+)"', page))
    assert "Playing it" not in page and site_pages.DOCUMENT_MARK not in page
