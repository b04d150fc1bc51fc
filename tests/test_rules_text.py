"""The rules page's claims about its own diagrams and the rules' numbers, checked against the engine.

``web/rules.html`` marks every number it states about a diagram or a rule with ``data-claim``:

    raw             the raw value (R5.2) of the figure ``data-ref``
    lines           how many lines of ``data-ref`` score
    lines-score     the points the complete lines ``data-lines`` of ``data-ref`` score together
    lines-lost      how many lines score in ``data-before`` but not in ``data-after`` ("spoils N lines")
    lines-gained    how many lines score in ``data-after`` but not in ``data-before``
    lines-completed how many lines have three face-up top cards in ``data-after`` but not in ``data-before``
    raw-after       the raw value of ``data-ref`` after ``data-card`` (N1, ``~`` = face down) is laid on
                    ``data-space``
    drops-below     ``data-card`` laid on exactly the ``data-spaces`` of ``data-ref`` leaves it below N;
                    laid on any other occupied space, it does not
    rule            a number of the variant's rules (``data-key``: a ``Rules`` field, ``lines``,
                    ``max_raw`` or ``out_penalty``; ``data-variant`` defaults to standard)
    impossible-raws the raw values no square can have (checked by trying squares, independently of the
                    engine's scoring code)

``data-lines`` (optional, e.g. ``"4-5-6 3-6-9"``) names the lines a lines-* claim counts. Any sentence
of the page's prose that states a value, a score or a number of lines without such a mark fails the
test, so a new caption cannot drift from the engine unnoticed.

The page's texts live in the catalogs (``web/i18n/<lang>.json``, section ``rules``; the page's
markup keeps the English as its fallback). The catalog texts keep the claim spans (their attributes
are dropped when shown), so every language's numbers are checked the same way, with that language's
number words; and the English catalog text of each keyed element is the page's own English.

The in-game rules dialog's numbers (``web/js/game/rules-dialog.js``) are checked against each
variant's rules object the same way.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest

from leopard_core.games.leopard import Square
from leopard_core.games.leopard.rules import LINES, rules_for

WEB = Path(__file__).resolve().parent.parent / "web"
VOID = {"meta", "link", "input", "br", "img", "hr", "source", "area", "base", "col", "embed", "wbr"}
PROSE = {"p", "li", "figcaption", "caption", "td", "th", "h1", "h2", "h3", "dd", "dt"}
NUMBER_WORDS = {
    "nothing": 0, "zero": 0, "single": 1, "one": 1, "both": 2, "two": 2, "three": 3, "four": 4,
    "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}
NUM = r"(?:\d+|" + "|".join(NUMBER_WORDS) + r")"
# In running prose "one" ("one suit", "one line of HTML") and "ten" (the card) are mostly not
# counts, so the search for unmarked statements leaves them out except after "worth" or "scores".
COUNT = r"(?:\d+|" + "|".join(w for w in NUMBER_WORDS if w not in ("one", "ten")) + r")"
# Sentences that state a value, a score or a number of lines; each must be a marked claim.
UNMARKED = [
    re.compile(rf"\b{COUNT}\s+(?:[\w-]+\s+){{0,3}}lines?\b", re.I),  # "spoils three of his lines"
    re.compile(rf"\bworth\s+(?:[\w-]+\s+){{0,2}}?{NUM}\b", re.I),  # "worth 6", "worth at least 7"
    re.compile(rf"\bscores?\s+(?:only\s+|exactly\s+)?{NUM}\b", re.I),  # "scores nothing"
    re.compile(rf"\b{COUNT}\s+points?\b", re.I),  # "6 points"
    re.compile(rf"\b(?:value|total)\s+(?:of\s+)?{NUM}\b", re.I),  # "a raw value of 8"
    re.compile(rf"\bfrom\s+(?:above\s+{COUNT}|{COUNT}\s+points?)\s+to\b", re.I),  # "from 5 points to 7"
    re.compile(rf"\b(?:above|below)\s+{COUNT}\b", re.I),  # "above 7": the bonus line or threshold
]
# The same in Spanish (web/i18n/es.json): "un" and "una" are mostly articles, "diez" the card.
NUMBER_WORDS_ES = {
    "nada": 0, "cero": 0, "un": 1, "una": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5,
    "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12,
}
NUM_ES = r"(?:\d+|" + "|".join(NUMBER_WORDS_ES) + r")"
COUNT_ES = r"(?:\d+|" + "|".join(
    w for w in NUMBER_WORDS_ES if w not in ("un", "una", "uno", "diez")) + r")"
UNMARKED_ES = [
    re.compile(rf"\b{COUNT_ES}\s+(?:[\w-]+\s+){{0,3}}líneas?\b", re.I),  # "estropea tres líneas"
    re.compile(rf"\b(?:valen?|valga|valía|valdría|valiendo)\s+(?:[\w-]+\s+){{0,2}}?(?:{COUNT_ES}|nada|uno)\b",
               re.I),  # "vale al menos 7"
    re.compile(rf"\bpuntúan?\s+(?:solo\s+|exactamente\s+)?{NUM_ES}\b", re.I),  # "no puntúa nada"
    re.compile(rf"\b{COUNT_ES}\s+puntos?\b", re.I),  # "6 puntos"
    re.compile(rf"\b(?:valor(?:\s+bruto)?|total)\s+(?:de\s+)?{NUM_ES}\b", re.I),  # "un valor bruto de 8"
    re.compile(rf"\bde\s+(?:por\s+encima\s+de\s+{COUNT_ES}|{COUNT_ES}\s+puntos?)\s+a\b", re.I),
    re.compile(rf"\bpor\s+(?:encima|debajo)\s+de\s+{COUNT_ES}\b", re.I),  # "por encima de 7"
    re.compile(rf"\b(?:deja|queda)\s+en\s+{NUM_ES}\b", re.I),  # "lo deja en 3"
]
WORDS_OF = {"en": NUMBER_WORDS, "es": NUMBER_WORDS_ES}
UNMARKED_OF = {"en": UNMARKED, "es": UNMARKED_ES}
CLAIM_MARK = "\u27e8claim\u27e9"


@dataclass
class Node:
    """An element of the parsed page: tag, attributes and children (text is kept as str)."""

    tag: str
    attrs: dict[str, str]
    parent: Node | None = None
    children: list[Node | str] = field(default_factory=list)

    def text(self, hide_claims: bool = False) -> str:
        """The element's text; with hide_claims, every marked claim is one placeholder word."""
        if hide_claims and "data-claim" in self.attrs:
            return f" {CLAIM_MARK} "
        return "".join(c if isinstance(c, str) else c.text(hide_claims) for c in self.children)

    def walk(self) -> list[Node]:
        """This element and every element inside it, in document order."""
        found = [self]
        for child in self.children:
            if isinstance(child, Node):
                found.extend(child.walk())
        return found

    def inside(self, predicate: object) -> bool:
        """Whether this element or an ancestor satisfies predicate."""
        node: Node | None = self
        while node is not None:
            if predicate(node):  # type: ignore[operator]
                return True
            node = node.parent
        return False


class TreeBuilder(HTMLParser):
    """Just enough of an HTML tree for the page's own well-formed markup."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Open an element (void elements close at once)."""
        node = Node(tag, {k: v or "" for k, v in attrs}, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_endtag(self, tag: str) -> None:
        """Close the nearest open element of that tag."""
        node: Node | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None and node.parent is not None, f"stray </{tag}>"
        self.current = node.parent

    def handle_data(self, data: str) -> None:
        """Keep text."""
        self.current.children.append(data)


def parse_page(text: str) -> Node:
    """The page's element tree."""
    builder = TreeBuilder()
    builder.feed(text)
    builder.close()
    return builder.root


def numbers(text: str, lang: str = "en") -> list[int]:
    """Every number a claim's text states, in digits or words ("a single point" is 1)."""
    words = WORDS_OF[lang]
    pattern = r"(?:\d+|" + "|".join(words) + r")"
    return [int(t) if t.isdigit() else words[t.lower()] for t in re.findall(rf"\b{pattern}\b", text, re.I)]


def with_card(n2: str, space: int, card: str) -> str:
    """N2 of the square with `card` laid on top of `space` (N2: stacks bottom to top, `.`)."""
    cells = [cell for row in n2.split("/") for cell in row.split(",")]
    cells[space - 1] = card if cells[space - 1] == "-" else f"{cells[space - 1]}.{card}"
    return "/".join(",".join(cells[row * 3:row * 3 + 3]) for row in range(3))


def scoring(square: Square, variant: str) -> set[tuple[int, ...]]:
    """The lines (as space numbers) that score in the square (R5.1)."""
    return {tuple(sorted(line.spaces)) for line in square.scoring_lines(rules_for(variant))}


def complete(square: Square) -> set[tuple[int, ...]]:
    """The lines whose three top cards are face up (scoring or not)."""
    def up(space: int) -> bool:
        top = square.top(space)
        return top is not None and top.face_up
    return {tuple(sorted(line)) for line in LINES if all(up(s) for s in line)}


def named_lines(text: str) -> set[tuple[int, ...]]:
    """data-lines "4-5-6 3-6-9" as sets of space numbers."""
    return {tuple(sorted(int(s) for s in name.split("-"))) for name in text.split()}


@functools.cache
def tried_squares(variant: str) -> frozenset[tuple[int, int]]:
    """(number of scoring lines, raw value) of squares tried with a scorer written here from R5.1.

    A value above 16 needs at least six scoring lines (five score at most 15), so such a square
    has at most one open space, on an edge (a corner or the centre, or two open spaces, leave at
    most five lines); the full squares and the one-open-edge squares also reach every value up to
    16, so no other square needs trying. Swapping colours, and suits within a colour, keeps every
    line's points, so space 1 (never open here) holds hearts without loss of generality."""
    rules = rules_for(variant)
    suits = "HDSC"

    def line_points(a: str, b: str, c: str) -> int:
        if "-" in (a, b, c):
            return 0
        if a == b == c:
            return rules.suit_points
        colours = {"HD".find(x) >= 0 for x in (a, b, c)}
        return rules.colour_points if len(colours) == 1 else 0

    table = {(a, b, c): line_points(a, b, c) for a in suits + "-" for b in suits + "-" for c in suits + "-"}
    lines = [tuple(s - 1 for s in line) for line in LINES]
    reached: set[tuple[int, int]] = set()
    for open_space in (None, 1, 3, 5, 7):  # no open space, or one edge (0-based spaces 1, 3, 5, 7)
        free = [s for s in range(1, 9) if s != open_space]
        for suits_of_free in itertools.product(suits, repeat=len(free)):
            cells = ["H"] + ["-"] * 8
            for space, suit in zip(free, suits_of_free, strict=True):
                cells[space] = suit
            points = [table[(cells[a], cells[b], cells[c])] for a, b, c in lines]
            reached.add((sum(1 for x in points if x), sum(points)))
    return frozenset(reached)


def impossible_raws(variant: str) -> set[int]:
    """Raw values no square can have (see tried_squares)."""
    top = len(LINES) * rules_for(variant).suit_points
    return set(range(top + 1)) - {raw for _, raw in tried_squares(variant)}


@pytest.fixture(scope="module")
def page() -> Node:
    """The rules page, parsed."""
    return parse_page((WEB / "rules.html").read_text(encoding="utf-8"))


def figures(page: Node) -> dict[str, tuple[str, str]]:
    """Figure id -> (N2, variant) for every live diagram with an id."""
    found = {}
    for node in page.walk():
        if node.tag == "figure" and "data-n2" in node.attrs and "id" in node.attrs:
            assert node.attrs["id"] not in found, node.attrs["id"]
            found[node.attrs["id"]] = (node.attrs["data-n2"], node.attrs.get("data-variant", "standard"))
    return found


def claims(page: Node) -> list[Node]:
    """Every marked claim of the page."""
    return [node for node in page.walk() if "data-claim" in node.attrs]


def check_claim(claim: Node, figs: dict[str, tuple[str, str]], lang: str = "en") -> None:
    """Assert one marked claim against the engine (raises AssertionError naming the claim)."""
    kind, attrs, text = claim.attrs["data-claim"], claim.attrs, " ".join(claim.text().split())
    stated = numbers(text, lang)
    assert stated, f"claim {kind} states no number: {text!r}"

    def fig(attr: str) -> tuple[Square, str]:
        assert attrs.get(attr) in figs, f"claim {kind} {text!r}: no figure {attrs.get(attr)!r}"
        n2, variant = figs[attrs[attr]]
        return Square.parse(n2), variant

    if kind == "raw":
        square, variant = fig("data-ref")
        actual = square.raw_value(rules_for(variant))
    elif kind == "lines":
        square, variant = fig("data-ref")
        actual = len(scoring(square, variant))
    elif kind == "lines-score":
        square, variant = fig("data-ref")
        named = named_lines(attrs["data-lines"])
        assert named <= complete(square), f"{text!r}: not all of {sorted(named)} are complete"
        actual = sum(line.points for line in square.scoring_lines(rules_for(variant))
                     if tuple(sorted(line.spaces)) in named)
    elif kind in ("lines-lost", "lines-gained", "lines-completed"):
        (before, variant), (after, _) = fig("data-before"), fig("data-after")
        if kind == "lines-lost":
            changed = scoring(before, variant) - scoring(after, variant)
        elif kind == "lines-gained":
            changed = scoring(after, variant) - scoring(before, variant)
        else:
            changed = complete(after) - complete(before)
        if "data-lines" in attrs:
            assert changed == named_lines(attrs["data-lines"]), f"{kind} {text!r}: lines {sorted(changed)}"
        actual = len(changed)
    elif kind == "raw-after":
        n2, variant = figs[attrs["data-ref"]]
        actual = Square.parse(with_card(n2, int(attrs["data-space"]), attrs["data-card"])).raw_value(variant)
    elif kind == "drops-below":
        n2, variant = figs[attrs["data-ref"]]
        square = Square.parse(n2)
        below = {space for space in range(1, 10) if not square.is_empty(space) and Square.parse(
            with_card(n2, space, attrs["data-card"])).raw_value(variant) < stated[0]}
        assert below == {int(s) for s in attrs["data-spaces"].split()}, f"{text!r}: below on {sorted(below)}"
        actual = stated[0]
    elif kind == "rule":
        rules = rules_for(attrs.get("data-variant", "standard"))
        key = attrs["data-key"]
        derived = {"lines": len(LINES), "max_raw": len(LINES) * rules.suit_points,
                   "out_penalty": rules.hand_score(10, False) - rules.hand_score(10, True)}
        actual = derived[key] if key in derived else int(getattr(rules, key))
    elif kind == "impossible-raws":
        assert set(stated) == impossible_raws("standard"), text
        return
    else:
        raise AssertionError(f"unknown claim kind {kind!r}")
    assert stated[0] == actual, f"claim {kind} {attrs} says {text!r}; the engine gives {actual}"


def unmarked_statements(page: Node, lang: str = "en") -> list[str]:
    """Prose sentences stating a value or a number of lines outside a marked claim."""
    main = next(node for node in page.walk() if node.tag == "main")
    found = []
    for node in main.walk():
        if node.tag not in PROSE or node.inside(lambda n: n.attrs.get("id") == "sandbox"):
            continue
        # Only the element's own text: nested prose elements are checked on their own.
        own = "".join(c if isinstance(c, str) else (c.text(True) if c.tag not in PROSE else " ")
                      for c in node.children)
        own = " ".join(own.split())
        for pattern in UNMARKED_OF[lang]:
            for match in pattern.finditer(own):
                found.append(f"<{node.tag}> ...{match.group(0)}... in {own[:120]!r}")
    return found


def test_every_marked_claim_matches_the_engine(page: Node) -> None:
    """R5, R6, R7, R8: every marked number on the page is what the engine computes."""
    figs = figures(page)
    marked = claims(page)
    assert len(marked) >= 30
    kinds = {claim.attrs["data-claim"] for claim in marked}
    assert {"raw", "lines-lost", "lines-gained", "lines-completed", "raw-after", "rule"} <= kinds
    failures = []
    for claim in marked:
        try:
            check_claim(claim, figs)
        except AssertionError as err:
            failures.append(str(err))
    assert not failures, "\n".join(failures)


def test_no_unmarked_value_or_line_count(page: Node) -> None:
    """A caption or sentence that states a value or a number of lines must be a marked claim."""
    assert unmarked_statements(page) == []


def test_checks_can_fail() -> None:
    """A wrong claim and an unmarked one are both caught (the checks are not vacuous)."""
    figs = {"a": ("AH,2H,3H/-,-,6H/-,-,9H", "standard"), "b": ("AH,2H,3H.~JC/-,-,6H/-,-,9H", "standard")}
    wrong = parse_page('<span data-claim="lines-lost" data-before="a" data-after="b">three</span>')
    with pytest.raises(AssertionError):
        check_claim(wrong.walk()[1], figs)
    right = parse_page('<span data-claim="lines-lost" data-before="a" data-after="b">two</span>')
    check_claim(right.walk()[1], figs)
    loose = parse_page('<main><figure><figcaption>The red 7 spoils two lines.</figcaption></figure></main>')
    assert unmarked_statements(loose)


def test_every_diagram_with_a_claim_is_a_live_diagram(page: Node) -> None:
    """Claims refer to figures that exist and that the page draws (data-n2 parses, R1.1, R3)."""
    figs = figures(page)
    for n2, _variant in figs.values():
        Square.parse(n2)
    for claim in claims(page):
        for attr in ("data-ref", "data-before", "data-after"):
            if attr in claim.attrs:
                assert claim.attrs[attr] in figs, claim.attrs


def dialog_numbers() -> dict[str, dict[str, object]]:
    """The per-variant numbers of the in-game rules dialog (a JSON block in rules-dialog.js)."""
    source = (WEB / "js" / "game" / "rules-dialog.js").read_text(encoding="utf-8")
    match = re.search(r"const VARIANT_NUMBERS = (\{.*?\n\});", source, re.S)
    assert match, "rules-dialog.js has no VARIANT_NUMBERS block"
    data: dict[str, dict[str, object]] = json.loads(match.group(1))
    return data


@pytest.mark.parametrize("variant", ["standard", "classic", "running"])
def test_rules_dialog_numbers_follow_the_variant(variant: str) -> None:
    """R2.1, R5-R8: the in-game dialog's numbers are the variant's own."""
    rules = rules_for(variant)
    shown = dialog_numbers()[variant]
    assert shown == {
        "suitPoints": rules.suit_points, "colourPoints": rules.colour_points,
        "outThreshold": rules.out_threshold, "bonusLine": rules.bonus_line,
        "outPenalty": rules.hand_score(10, False) - rules.hand_score(10, True),
        "drawCount": rules.draw_count, "multiPlay": rules.multi_play,
        "handSize": rules.hand_size, "hands": rules.hands_per_game,
        "layout": [list(row) for row in rules.layout],
        "bonusExample": [[raw, rules.hand_score(raw, False)] for raw in
                         (rules.bonus_line + 1, rules.bonus_line + 2)],
        "maxRaw": len(LINES) * rules.suit_points,
    }


def test_rules_page_links_to_the_game(page: Node) -> None:
    """The rules page leads to the game: in the site menu and as a button under the introduction."""
    links = [node for node in page.walk() if node.tag == "a" and node.attrs.get("href") == "index.html"]
    texts = {" ".join(node.text().split()) for node in links}
    assert "Play the game" in texts and "Play Leopard against the computer" in texts


def test_why_some_raw_values_never_happen() -> None:
    """The page's reason for the missing raw values (#scoring): with every line scoring the value is
    even, and no square has all lines but one scoring (seven or more scoring lines need a full
    square, and every full square is tried)."""
    tried = tried_squares("standard")
    assert all(raw % 2 == 0 for count, raw in tried if count == len(LINES))
    assert not any(count == len(LINES) - 1 for count, _ in tried)


# ---- the catalogs: the same checks on each language's texts ----

def keyed_elements(page: Node) -> dict[str, Node]:
    """The page's elements whose text comes from a catalog key (data-i18n, data-i18n-html), by key."""
    found: dict[str, Node] = {}
    for node in page.walk():
        key = node.attrs.get("data-i18n-html") or node.attrs.get("data-i18n")
        if key:
            found.setdefault(key, node)
    return found


def catalog_text(lang: str, key: str) -> str:
    """The text of a dotted key in a language's catalog."""
    node: object = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    for part in key.split("."):
        assert isinstance(node, dict) and part in node, f"{lang}: no {key}"
        node = node[part]
    assert isinstance(node, str), key
    return node


def as_prose(text: str) -> Node:
    """A catalog text parsed as the content of one paragraph of the page's main."""
    return parse_page(f"<main><p>{text}</p></main>")


def claim_marks(node: Node) -> list[dict[str, str]]:
    """The attributes of every claim in node, in order."""
    return [claim.attrs for claim in claims(node)]


def test_the_catalogs_english_is_the_pages_english(page: Node) -> None:
    """Each keyed element's English text (the page's fallback) is its text in en.json, claims and all."""
    keyed = keyed_elements(page)
    assert len(keyed) >= 100
    different = []
    for key, node in keyed.items():
        english = as_prose(catalog_text("en", key))
        if " ".join(english.text().split()) != " ".join(node.text().split()):
            different.append(key)
        elif claim_marks(english) != claim_marks(node):
            different.append(f"{key} (claims)")
    assert different == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_claim_in_each_language_matches_the_engine(page: Node, lang: str) -> None:
    """R5-R8 in every language: each text keeps the page's claims, and each states the engine's number."""
    figs = figures(page)
    failures = []
    checked = 0
    for key, node in keyed_elements(page).items():
        text = as_prose(catalog_text(lang, key))
        if sorted(map(str, claim_marks(text))) != sorted(map(str, claim_marks(node))):
            failures.append(f"{lang} {key}: not the page's claims")
        for claim in claims(text):
            checked += 1
            try:
                check_claim(claim, figs, lang)
            except AssertionError as err:
                failures.append(f"{lang} {key}: {err}")
    assert checked >= 30
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_unmarked_value_or_line_count_in_each_language(page: Node, lang: str) -> None:
    """No text of the page, in any language, states a value or a number of lines without a claim."""
    found = []
    for key, node in keyed_elements(page).items():
        if node.inside(lambda n: n.attrs.get("id") == "sandbox"):
            continue
        text = as_prose(catalog_text(lang, key))
        found += [f"{key}: {problem}" for problem in unmarked_statements(text, lang)]
    assert found == []


def test_the_spanish_checks_can_fail() -> None:
    """A wrong Spanish number and an unmarked Spanish statement are both caught."""
    figs = {"a": ("AH,2H,3H/-,-,6H/-,-,9H", "standard"), "b": ("AH,2H,3H.~JC/-,-,6H/-,-,9H", "standard")}
    wrong = parse_page('<span data-claim="lines-lost" data-before="a" data-after="b">tres</span>')
    with pytest.raises(AssertionError):
        check_claim(wrong.walk()[1], figs, "es")
    check_claim(parse_page('<span data-claim="raw" data-ref="b">nada</span>').walk()[1], figs, "es")
    assert unmarked_statements(as_prose("El 7 rojo estropea dos líneas."), "es")
    assert unmarked_statements(as_prose("Ahora vale 6."), "es")
