"""The build's work on the site's pages: the shared top-bar menu and the rules pages made from documents.

Every page of the site reaches every game, the rules pages and the embedding examples through one
menu, written once (``web/partials/site-menu.html``) and put by the build where a page has the
mark ``<!-- site-menu -->``; the head's common lines (charset, viewport, the Content-Security-Policy,
theme colour, icons, manifest, the stylesheets of every page) are ``web/partials/site-head.html``, at
``<!-- site-head -->`` (the first line of the head; the page's title and description follow it); the
game pages' load progress and notice (js/platform/page-shell.js) are ``load-progress.html`` and
``notice.html``.
A game's rules document (Markdown, ``docs/``) becomes a page of the site where its page template
has the mark ``<!-- rules-document -->`` (``tools/markdown_page.py``).

Glossary:
    partial        -- a piece of markup in ``web/partials/`` that several pages share; the build puts
                      it into the pages and does not publish the folder.
    prefix         -- the way from a page back to the site's root ("" for ``hunt.html``, "../" for
                      ``examples/embed-demo.html``): the partial's links are written from the root.
    current page   -- the menu's link to the page it is on gets ``aria-current="page"``.
    RULES_PAGES    -- page -> (document, sections left out): what each rules page is made from.

>>> with_prefix('<a href="hunt.html">', "../")
'<a href="../hunt.html">'
>>> mark_current('<a href="hunt.html">H</a> <a href="index.html">L</a>', "hunt.html")
'<a href="hunt.html" aria-current="page">H</a> <a href="index.html">L</a>'
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import markdown_page

ROOT = Path(__file__).resolve().parent.parent
PARTIAL_MARKS = {"<!-- site-head -->": "site-head.html", "<!-- site-menu -->": "site-menu.html",
                 "<!-- load-progress -->": "load-progress.html", "<!-- notice -->": "notice.html"}
DOCUMENT_MARK = "<!-- rules-document -->"
PARTIALS = "partials"
# The developers' part of a rules document (how to run the engine) is not for the site's players.
RULES_PAGES = {"hunt-rules.html": (ROOT / "docs" / "hunt-rules.md", {"Playing it"}),
               "eleusis-rules.html": (ROOT / "docs" / "eleusis-rules.md", {"Playing it"})}
HREF = re.compile(r'href="([^"#:]+)"')


class PageError(ValueError):
    """A page or partial the build cannot put together; the message names the file."""


def with_prefix(markup: str, prefix: str) -> str:
    """The partial's root-relative links as seen from a page ``prefix`` below the root."""
    return HREF.sub(lambda m: f'href="{prefix}{m.group(1)}"', markup)


def mark_current(markup: str, page: str) -> str:
    """The link to ``page`` (root-relative, as in the partial) marked as the current page."""
    return markup.replace(f'href="{page}"', f'href="{page}" aria-current="page"', 1)


def indented(markup: str, mark_line: str) -> str:
    """The partial indented like the line of its mark, so the built page reads well."""
    indent = mark_line[: len(mark_line) - len(mark_line.lstrip())]
    return "\n".join(indent + line if line else line for line in markup.strip().splitlines()).lstrip()


def put_partial(html: str, page: str, mark: str, partial: str) -> str:
    """The page with the partial in place of its mark (a page without the mark is left alone)."""
    if mark not in html:
        return html
    prefix = "../" * page.count("/")
    line = next(line for line in html.splitlines() if mark in line)
    return html.replace(mark, indented(with_prefix(mark_current(partial, page), prefix), line), 1)


def put_document(html: str, page: str, document: Path, left_out: set[str]) -> str:
    """The rules page with its document rendered in place of the mark."""
    if DOCUMENT_MARK not in html:
        raise PageError(f"{page}: no {DOCUMENT_MARK} for {document.name}")
    text = markdown_page.from_first_section(document.read_text(encoding="utf-8"))
    text = markdown_page.for_players(markdown_page.without_sections(text, left_out))
    body = markdown_page.render(text)
    return html.replace(DOCUMENT_MARK, body, 1)


def write_pages(out: Path) -> None:
    """Finish the pages built in ``out`` (a copy of web/): rules documents, partials; drop the partials."""
    folder = out / PARTIALS
    partials = {mark: (folder / name).read_text(encoding="utf-8") for mark, name in PARTIAL_MARKS.items()}
    for page, (document, left_out) in RULES_PAGES.items():
        path = out / page
        built = put_document(path.read_text(encoding="utf-8"), page, document, left_out)
        path.write_text(built, encoding="utf-8")
    for path in sorted(out.rglob("*.html")):
        page = path.relative_to(out).as_posix()
        if page.startswith(PARTIALS + "/"):
            continue
        html = path.read_text(encoding="utf-8")
        for mark, partial in partials.items():
            html = put_partial(html, page, mark, partial)
        path.write_text(html, encoding="utf-8")
    shutil.rmtree(out / PARTIALS)
