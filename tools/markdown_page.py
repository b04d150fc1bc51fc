"""Render the subset of Markdown the rules documents use (docs/hunt-rules.md) as HTML, at build time.

The site publishes a game's rules document as a page of its own (hunt-rules.html) without a
Markdown library at run time or build time: the documents keep to a small subset, and a rule's
number becomes the id of its element so that pages can link to it (``hunt-rules.html#H3.3``).

Glossary:
    block        -- a heading (``#``, ``##``, ``###``), a paragraph (lines up to a blank line; a line
                    starting with ``**`` starts a new one, as the documents' "**Choice ...**" notes
                    do), a list (lines starting with ``- ``, continued by lines indented two spaces)
                    or a fenced code block (three backquotes, also inside a list item).
    inline       -- ``code``, ``**strong**`` and ``*emphasis*``; everything else is text, escaped.
    developers' aside -- text between ``<!-- developers -->`` and ``<!-- /developers -->`` (a file,
                    a function, the save format): kept in the document, left out of the site's
                    page by ``for_players`` along with citations of the source text by number.
    rule number  -- ``H3`` at the start of a level-2 heading (the section's id) or ``H3.3`` at the
                    start of a list item (the item's id). Other level-2 headings get no id.

>>> inline("a `x*y` **b** *c* <d>")
'a <code>x*y</code> <strong>b</strong> <em>c</em> &lt;d&gt;'
>>> print(render("## H1 Pieces\\n- H1.1 Two.\\n  Still H1.1.\\n\\nText."))
<section id="H1">
<h2><span class="rule-ref">H1</span> Pieces</h2>
<ul>
<li id="H1.1"><span class="rule-ref">H1.1</span> Two. Still H1.1.</li>
</ul>
<p>Text.</p>
</section>
>>> print(render("- H2.3 Points:\\n\\n  ```\\n  a b\\n  ```\\n\\n  The end.\\n"))
<ul>
<li id="H2.3"><span class="rule-ref">H2.3</span> Points:<pre><code>a b</code></pre><p>The end.</p></li>
</ul>
>>> sections("# T\\n## H1 A\\n## Notes\\n## H2 B\\n")
['H1', 'H2']
"""

from __future__ import annotations

import html
import re

FENCE = "```"
RULE_HEADING = re.compile(r"^([A-Z]\d+)\s+(.*)$")
RULE_ITEM = re.compile(r"^([A-Z]\d+(?:\.\d+)+)\s+(.*)$", re.S)
INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*")


class MarkdownError(ValueError):
    """The document leaves the subset this converter reads; the message quotes the line."""


def inline(text: str) -> str:
    """Code spans, strong and emphasis as HTML; every other character escaped."""
    out: list[str] = []
    at = 0
    for match in INLINE.finditer(text):
        out.append(html.escape(text[at:match.start()], quote=False))
        code, strong, emphasis = match.groups()
        if code is not None:
            out.append(f"<code>{html.escape(code, quote=False)}</code>")
        elif strong is not None:
            out.append(f"<strong>{inline(strong)}</strong>")
        else:
            out.append(f"<em>{inline(emphasis)}</em>")
        at = match.end()
    out.append(html.escape(text[at:], quote=False))
    return "".join(out)


def _numbered(text: str) -> tuple[str, str]:
    """A list item's id and HTML: ``H3.3 text`` -> ('H3.3', '<span ...>H3.3</span> text')."""
    match = RULE_ITEM.match(text)
    if not match:
        return "", inline(text)
    number, rest = match.groups()
    return number, f'<span class="rule-ref">{number}</span> {inline(rest)}'


def _code(lines: list[str]) -> str:
    return f"<pre><code>{html.escape(chr(10).join(lines), quote=False)}</code></pre>"


def _list_item(lines: list[str]) -> str:
    """One list item: its text, and any fenced code block inside it (indented two spaces)."""
    text: list[str] = []
    blocks: list[str] = []
    after: list[str] = []  # a paragraph of the item after its code block
    code: list[str] | None = None
    for line in lines:
        stripped = line.strip()
        if stripped.startswith(FENCE):
            if code is None:
                code = []
            else:
                blocks.append(_code(code))
                code = None
        elif code is not None:
            code.append(line[2:] if line.startswith("  ") else line)
        elif blocks and stripped:
            after.append(stripped)
        elif blocks and after:
            blocks.append(f"<p>{inline(' '.join(after))}</p>")
            after = []
        elif stripped:
            text.append(stripped)
    if code is not None:
        raise MarkdownError(f"a code block in the list item {lines[0]!r} is not closed")
    if after:
        blocks.append(f"<p>{inline(' '.join(after))}</p>")
    number, body = _numbered(" ".join(text))
    ident = f' id="{number}"' if number else ""
    return f"<li{ident}>{body}{''.join(blocks)}</li>"


def _split_items(lines: list[str]) -> list[list[str]]:
    """The lines of a list, item by item (an item's continuation lines and blank lines inside fences)."""
    items: list[list[str]] = []
    for line in lines:
        if line.startswith("- "):
            items.append([line[2:]])
        elif items:
            items[-1].append(line)
        else:
            raise MarkdownError(f"a list must start with '- ', not {line!r}")
    return items


def _blocks(markdown: str) -> list[tuple[str, list[str]]]:
    """The document as (kind, lines) blocks: heading, paragraph, list, code."""
    blocks: list[tuple[str, list[str]]] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif line.startswith("#"):
            blocks.append(("heading", [line]))
            i += 1
        elif line.startswith(FENCE):
            end = i + 1
            while end < len(lines) and not lines[end].startswith(FENCE):
                end += 1
            if end == len(lines):
                raise MarkdownError(f"the code block at line {i + 1} ({line!r}) is not closed")
            blocks.append(("code", lines[i + 1:end]))
            i = end + 1
        elif line.startswith("- "):
            end, fenced = i, False
            while end < len(lines):
                current = lines[end]
                if current.strip().startswith(FENCE):
                    fenced = not fenced
                elif not fenced and not current.strip():
                    following = next((later for later in lines[end + 1:] if later.strip()), "")
                    if not following.startswith("  "):
                        break  # a blank line ends the list unless the item goes on, indented
                elif not fenced and not current.startswith(("- ", "  ")):
                    break
                end += 1
            blocks.append(("list", lines[i:end]))
            i = end
        else:
            end = i + 1
            starts = ("#", "- ", FENCE, "**")
            while end < len(lines) and lines[end].strip() and not lines[end].startswith(starts):
                end += 1
            blocks.append(("paragraph", lines[i:end]))
            i = end
    return blocks


def _heading(line: str) -> tuple[int, str, str]:
    """(level, id, inner HTML) of a heading line; the id is its rule number, if any."""
    marks = len(line) - len(line.lstrip("#"))
    if marks > 3 or not line[marks:].startswith(" "):
        raise MarkdownError(f"a heading is '# ', '## ' or '### ' and its text: {line!r}")
    text = line[marks:].strip()
    match = RULE_HEADING.match(text) if marks == 2 else None
    if not match:
        return marks, "", inline(text)
    number, rest = match.groups()
    return marks, number, f'<span class="rule-ref">{number}</span> {inline(rest)}'


def render(markdown: str) -> str:
    """The document as HTML; each level-2 heading opens a <section> (with the rule number as id)."""
    out: list[str] = []
    open_section = False
    for kind, lines in _blocks(markdown):
        if kind == "heading":
            level, ident, inner = _heading(lines[0])
            if level == 2:
                if open_section:
                    out.append("</section>")
                out.append(f'<section id="{ident}">' if ident else "<section>")
                open_section = True
            out.append(f"<h{level}>{inner}</h{level}>")
        elif kind == "code":
            out.append(_code(lines))
        elif kind == "list":
            out.append("<ul>")
            out.extend(_list_item(item) for item in _split_items(lines))
            out.append("</ul>")
        else:
            out.append(f"<p>{inline(' '.join(line.strip() for line in lines))}</p>")
    if open_section:
        out.append("</section>")
    return "\n".join(out)


def sections(markdown: str) -> list[str]:
    """The rule numbers of the level-2 headings, in order (for a table of contents or a link check)."""
    return [match.group(1) for line in markdown.splitlines() if line.startswith("## ")
            if (match := RULE_HEADING.match(line[3:].strip()))]


def without_sections(markdown: str, titles: set[str]) -> str:
    """The document without the level-2 sections of these titles (for example a developers' part)."""
    kept: list[str] = []
    skipping = False
    for line in markdown.splitlines():
        if line.startswith("## ") or line.startswith("# "):
            skipping = line[3:].strip() in titles if line.startswith("## ") else False
        if not skipping:
            kept.append(line)
    return "\n".join(kept) + "\n"


# What the rules documents say for their maintainers only: file and function names, the save format.
DEVELOPERS = re.compile(r"<!-- developers -->.*?<!-- /developers -->", re.S)
# A citation of the source text, which a player cannot look up: "(seed 11)", "(lines 71-72)".
# The space before it goes too, even a line break and the next line's indent (a rule's citation
# alone on its continuation line would otherwise leave its full stop there, a paragraph of its own).
CITATION = re.compile(r"(?:[ \t]*\n)?[ \t]*\((?:seed\b|lines \d)[^()]*\)")
# The source text named in prose; a player knows it as "the original text".
SEED_POINT = re.compile(r"\bseed (\d+)")
SEED = re.compile(r"\b([Tt])he(\s+)seed\b")


def for_players(markdown: str) -> str:
    """The document as the site's players read it: no developers' asides, no citations of the
    source text by number, and the source text called what a player would call it.

    >>> for_players("Two players (seed, introduction). The seed's board"
    ...             "<!-- developers --> (`POINTS`)<!-- /developers -->.")
    "Two players. The original text's board."
    >>> for_players("It fits seed 4 (lines 71-72), as the\\nseed says.")
    'It fits point 4 of the original text, as the\\noriginal text says.'
    >>> for_players("- H2.1 Pieces move along its lines\\n  (seed 1, seed 19).\\n- H2.2 The board")
    '- H2.1 Pieces move along its lines.\\n- H2.2 The board'
    """
    text = CITATION.sub("", DEVELOPERS.sub("", markdown))
    text = SEED_POINT.sub(r"point \1 of the original text", text)
    return SEED.sub(lambda m: ("T" if m.group(1) == "T" else "t") + "he" + m.group(2) + "original text", text)


def from_first_section(markdown: str) -> str:
    """The document from its first level-2 heading on: its title and opening note are for the
    people who maintain it (file names, how tests cite it); a rules page has its own title and
    introduction."""
    lines = markdown.splitlines()
    first = next((i for i, line in enumerate(lines) if line.startswith("## ")), 0)
    return "\n".join(lines[first:]) + "\n"
