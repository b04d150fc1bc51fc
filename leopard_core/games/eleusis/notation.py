"""The text notation of Eleusis rules: ``Rule.parse(text)`` and ``str(rule)`` round-trip.

Glossary (a rule speaks of the card played unless a prefix names another card):
    red black spade heart diamond club odd even face number high low prime
                      -- a feature of the card played; ``last.red`` of the last card, ``last2.red``
                         of the card before it.
    rank(1,2,3)       -- the value is one of these (A=1 ... K=13).
    same(colour)      -- same colour as the last card; attributes: colour suit parity kind height
                         rank. ``differ(suit)`` different suit. ``same(colour,last2)`` compares with
                         the card before the last; ``last.same(colour)`` the last with the one
                         before it.
    step(-2,+2)       -- the value is 2 below or 2 above the last card's; ``step(+1,wrap)`` counts
                         on from K to A.
    higher lower      -- strictly higher (lower) value than the last card; ``higher(last2)``.
    higher_eq lower_eq -- higher (lower) or equal value; ``last.higher_eq`` the last card's.
    suit(HS)          -- the suit is one of these (S H D C); ``last.suit(HS)`` of the last card.
    same_pair(SH)     -- the suit in the same pair as the last card's, the suits paired spades with
                         hearts and diamonds with clubs (``SD``: spades with diamonds, hearts with
                         clubs; any pair of the split names it and is written as the pair with
                         spades: ``same_pair(DC)`` reads as ``same_pair(SH)``); ``differ_pair(SH)``
                         the other pair; ``same_pair(SH,last2)``, ``last.same_pair(SD)`` as for
                         ``same``. The pairing by colour (``HD``, ``SC``) is refused: it is
                         ``same(colour)``.
    suit_higher(CDHS) -- a higher suit than the last card's in this order of the suits, lowest
                         first; also ``suit_lower``, ``suit_higher_eq``, ``suit_lower_eq``.
    within(3) apart(4) -- the values at most (at least) 3 (4) apart; ``within(1,wrap)`` counts
                         round from K to A; ``within(3,last2)`` with the card before the last.
    sum(3,0) diff(3,1) -- the sum (the difference, card minus last) of the values modulo 3 is 0 (1).
    sum_le(14) sum_ge(15) -- the two values add up to at most 14 (at least 15); the bound is 3..25;
                         ``sum_le(14,last2)`` with the card before the last.
    between between_eq -- the value strictly between the last two cards' values (or equal to
                         either); it speaks of the card played only.
    cycle(SCDH)       -- the suit after the last card's in the cycle spades, clubs, diamonds, hearts.
    runs(2,3)         -- colour runs of 2, then 3, then 2, ... cards (the starter begins the first).
    runs(parity,2,2)  -- the same with another two-way attribute named first: ``parity`` (odd or
                         even), ``kind`` (face or number), ``height`` (high 8-K or low A-7);
                         ``runs(colour,2,3)`` reads as ``runs(2,3)``, which is how colour prints.
    place(2,1)        -- the place of the card played (the starter is place 0) is 1 modulo 2.
    if(C, T, E)       -- T where C holds, else E.
    A & B, A | B, !A  -- and, or, not (``!`` binds tighter than ``&``, which binds tighter than ``|``);
                         parentheses group. ``true`` accepts every card.

>>> from .rule import Has, If, Rule
>>> str(Rule.parse(" higher |differ( suit ) "))
'higher | differ(suit)'
>>> Rule.parse("if(last.face, red, black)") == If(Has("face", 1), Has("red"), Has("black"))
True
>>> Rule.parse("red &")
Traceback (most recent call last):
    ...
leopard_core.games.eleusis.notation.RuleNotationError: bad rule 'red &': expected a rule at the end
"""

from __future__ import annotations

import re

from . import rule as lang

MAX_TEXT = 2000
"""The longest notation read (a person's rule fits in far less)."""


class RuleNotationError(ValueError):
    """A rule notation that cannot be read; the message quotes the text and says what was expected."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"bad rule {text!r}: {reason}")


NotationError = RuleNotationError
"""The name the brief uses; distinct from ``leopard_core.errors.NotationError`` (card notation)."""

_TOKEN = re.compile(r"\s*(?:([A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)?)|([+-]?\d+)|(.))")
_OFFSET_BY_NAME = {name: offset for offset, name in lang.OFFSET_NAMES.items() if name}


# ---------------------------------------------------------------- formatting


def _ref(offset: int) -> str:
    return lang.OFFSET_NAMES[offset] + "." if offset else ""


def _to_arg(of: int, to: int) -> list[str]:
    return [] if to == of + 1 else [lang.OFFSET_NAMES[to]]


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def format_rule(rule: lang.Rule) -> str:
    """The notation of ``rule`` (the inverse of ``parse_rule``).

    >>> from .rule import And, Compare, Has, Not, Or
    >>> format_rule(And((Has("red"), Not(Or((Has("odd"), Compare()))))))
    'red & !(odd | higher)'
    """
    if isinstance(rule, lang.Always):
        return "true"
    if isinstance(rule, lang.Has):
        return _ref(rule.of) + rule.feature
    if isinstance(rule, lang.RankIn):
        return _ref(rule.of) + "rank(" + ",".join(map(str, rule.ranks)) + ")"
    if isinstance(rule, lang.Match):
        args = [rule.attribute, *_to_arg(rule.of, rule.to)]
        return _ref(rule.of) + ("same" if rule.same else "differ") + "(" + ",".join(args) + ")"
    if isinstance(rule, lang.Step):
        args = [_signed(s) for s in rule.steps] + (["wrap"] if rule.wrap else [])
        return _ref(rule.of) + "step(" + ",".join(args + _to_arg(rule.of, rule.to)) + ")"
    if isinstance(rule, lang.Compare):
        extra = _to_arg(rule.of, rule.to)
        word = ("higher" if rule.higher else "lower") + ("_eq" if rule.or_equal else "")
        return _ref(rule.of) + word + ("(" + extra[0] + ")" if extra else "")
    if isinstance(rule, lang.SuitIn):
        return _ref(rule.of) + f"suit({rule.suits})"
    if isinstance(rule, lang.SuitPairs):
        args = [rule.pairing, *_to_arg(rule.of, rule.to)]
        return _ref(rule.of) + ("same" if rule.same else "differ") + "_pair(" + ",".join(args) + ")"
    if isinstance(rule, lang.SuitOrder):
        word = "suit_" + ("higher" if rule.higher else "lower") + ("_eq" if rule.or_equal else "")
        return _ref(rule.of) + word + "(" + ",".join([rule.order, *_to_arg(rule.of, rule.to)]) + ")"
    if isinstance(rule, lang.Apart):
        args = [str(rule.distance)] + (["wrap"] if rule.wrap else []) + _to_arg(rule.of, rule.to)
        return _ref(rule.of) + ("apart" if rule.at_least else "within") + "(" + ",".join(args) + ")"
    if isinstance(rule, lang.Modular):
        args = [str(rule.modulus), *map(str, rule.residues), *_to_arg(rule.of, rule.to)]
        return _ref(rule.of) + ("diff" if rule.difference else "sum") + "(" + ",".join(args) + ")"
    if isinstance(rule, lang.Total):
        args = [str(rule.bound), *_to_arg(rule.of, rule.to)]
        return _ref(rule.of) + ("sum_ge" if rule.at_least else "sum_le") + "(" + ",".join(args) + ")"
    if isinstance(rule, lang.Between):
        return "between_eq" if rule.or_equal else "between"
    if isinstance(rule, lang.SuitCycle):
        return f"cycle({rule.order})"
    if isinstance(rule, lang.Runs):
        named = [] if rule.attribute == "colour" else [rule.attribute]
        return "runs(" + ",".join([*named, *map(str, rule.lengths)]) + ")"
    if isinstance(rule, lang.Position):
        return f"place({rule.modulus}," + ",".join(map(str, rule.residues)) + ")"
    if isinstance(rule, lang.If):
        return "if(" + ", ".join(c.text for c in rule.children()) + ")"  # (children's kept text)
    if isinstance(rule, lang.Not):
        inner = rule.part.text
        return "!" + (f"({inner})" if isinstance(rule.part, lang.And | lang.Or) else inner)
    if isinstance(rule, lang.And):
        return " & ".join(
            f"({p.text})" if isinstance(p, lang.And | lang.Or) else p.text for p in rule.parts
        )
    if isinstance(rule, lang.Or):
        return " | ".join(
            f"({p.text})" if isinstance(p, lang.Or) else p.text for p in rule.parts
        )
    raise lang.RuleError(f"not a rule node: {rule!r}")


# ---------------------------------------------------------------- parsing


class _Parser:
    """A recursive-descent reader over the tokens of one text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str]] = []
        position = 0
        while position < len(text):
            match = _TOKEN.match(text, position)
            if match is None or match.end() == position:
                break
            position = match.end()
            name, number, other = match.groups()
            if name is not None:
                self.tokens.append(("name", name))
            elif number is not None:
                self.tokens.append(("number", number))
            elif other is not None and not other.isspace():
                self.tokens.append(("symbol", other))
        self.index = 0

    def fail(self, reason: str) -> RuleNotationError:
        return RuleNotationError(self.text, reason)

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> tuple[str, str]:
        token = self.peek()
        if token is None:
            raise self.fail("expected a rule at the end")
        self.index += 1
        return token

    def expect(self, symbol: str) -> None:
        token = self.peek()
        if token != ("symbol", symbol):
            found = "the end" if token is None else repr(token[1])
            raise self.fail(f"expected {symbol!r}, found {found}")
        self.index += 1

    def at(self, symbol: str) -> bool:
        return self.peek() == ("symbol", symbol)

    def rule(self) -> lang.Rule:
        parts = [self.conjunction()]
        while self.at("|"):
            self.index += 1
            parts.append(self.conjunction())
        return parts[0] if len(parts) == 1 else lang.Or(tuple(parts))

    def conjunction(self) -> lang.Rule:
        parts = [self.unary()]
        while self.at("&"):
            self.index += 1
            parts.append(self.unary())
        return parts[0] if len(parts) == 1 else lang.And(tuple(parts))

    def unary(self) -> lang.Rule:
        if self.at("!"):
            self.index += 1
            return lang.Not(self.unary())
        if self.at("("):
            self.index += 1
            inner = self.rule()
            self.expect(")")
            return inner
        kind, word = self.take()
        if kind != "name":
            raise self.fail(f"expected a rule, found {word!r}")
        return self.call(word)

    def arguments(self) -> list[str]:
        """Plain arguments (names, numbers) inside parentheses."""
        self.expect("(")
        args: list[str] = []
        while True:
            kind, word = self.take()
            if kind == "symbol":
                raise self.fail(f"expected a name or a number, found {word!r}")
            args.append(word)
            if self.at(")"):
                self.index += 1
                return args
            self.expect(",")

    def numbers(self, args: list[str], what: str) -> tuple[int, ...]:
        try:
            return tuple(int(a) for a in args)
        except ValueError:
            raise self.fail(f"{what} takes numbers, found {', '.join(args)}") from None

    def offset(self, name: str) -> int:
        if name not in _OFFSET_BY_NAME:
            raise self.fail(f"expected 'last' or 'last2', found {name!r}")
        return _OFFSET_BY_NAME[name]

    def call(self, word: str) -> lang.Rule:
        of = lang.CARD
        if "." in word:
            prefix, word = word.split(".", 1)
            of = self.offset(prefix)
        if of == lang.BEFORE_LAST and word not in lang.FEATURES and word not in ("rank", "suit"):
            raise self.fail(f"'last2.' only prefixes a feature, rank(...) or suit(...), found {word!r}")
        try:
            return self.build(word, of)
        except lang.RuleError as err:
            raise self.fail(str(err)) from None

    def build(self, word: str, of: int) -> lang.Rule:
        if word == "true" and of == lang.CARD:
            return lang.Always()
        if word in lang.FEATURES:
            return lang.Has(word, of)
        if word == "rank":
            return lang.RankIn(self.numbers(self.arguments(), "rank"), of)
        if word in ("same", "differ"):
            args = self.arguments()
            if args[0] not in lang.ATTRIBUTES or len(args) > 2:
                raise self.fail(f"{word} takes one of {', '.join(lang.ATTRIBUTES)}, found {', '.join(args)}")
            to = self.offset(args[1]) if len(args) == 2 else of + 1
            return lang.Match(args[0], word == "same", of, to)
        if word == "step":
            args = self.arguments()
            to = of + 1
            if args[-1] in _OFFSET_BY_NAME:
                to = self.offset(args.pop())
            wrap = bool(args) and args[-1] == "wrap"
            if wrap:
                args.pop()
            return lang.Step(self.numbers(args, "step"), wrap, of, to)
        if word in ("higher", "lower", "higher_eq", "lower_eq"):
            to = of + 1
            if self.at("("):
                args = self.arguments()
                if len(args) != 1:
                    raise self.fail(f"{word} takes at most one card, found {', '.join(args)}")
                to = self.offset(args[0])
            return lang.Compare(word.startswith("higher"), of, to, word.endswith("_eq"))
        if word == "suit":
            args = self.arguments()
            if len(args) != 1:
                raise self.fail(f"suit takes one set of suits, e.g. suit(HS), found {', '.join(args)}")
            return lang.SuitIn(args[0].upper(), of)
        if word in ("suit_higher", "suit_lower", "suit_higher_eq", "suit_lower_eq"):
            args = self.arguments()
            to = self.offset(args.pop()) if len(args) == 2 else of + 1
            if len(args) != 1:
                raise self.fail(f"{word} takes an order of the four suits, e.g. {word}(CDHS)")
            return lang.SuitOrder(args[0].upper(), "higher" in word, word.endswith("_eq"), of, to)
        if word in ("same_pair", "differ_pair"):
            args = self.arguments()
            to = self.offset(args.pop()) if len(args) == 2 else of + 1
            if len(args) != 1:
                raise self.fail(f"{word} takes one pair of suits, e.g. {word}(SH)")
            return lang.SuitPairs(args[0].upper(), word == "same_pair", of, to)
        if word in ("within", "apart"):
            args = self.arguments()
            to = self.offset(args.pop()) if args[-1] in _OFFSET_BY_NAME else of + 1
            wrap = args[-1] == "wrap"
            if wrap:
                args.pop()
            numbers = self.numbers(args, word)
            if len(numbers) != 1:
                raise self.fail(f"{word} takes one distance, e.g. {word}(3)")
            return lang.Apart(numbers[0], word == "apart", wrap, of, to)
        if word in ("sum", "diff"):
            args = self.arguments()
            to = self.offset(args.pop()) if args[-1] in _OFFSET_BY_NAME else of + 1
            numbers = self.numbers(args, word)
            if len(numbers) < 2:
                raise self.fail(f"{word} takes a modulus and at least one remainder, e.g. {word}(3,0)")
            return lang.Modular(numbers[0], numbers[1:], word == "diff", of, to)
        if word in ("sum_le", "sum_ge"):
            args = self.arguments()
            to = self.offset(args.pop()) if args[-1] in _OFFSET_BY_NAME else of + 1
            numbers = self.numbers(args, word)
            if len(numbers) != 1:
                raise self.fail(f"{word} takes one bound, e.g. {word}(14)")
            return lang.Total(numbers[0], word == "sum_ge", of, to)
        if of == lang.CARD:
            return self.build_unprefixed(word)
        raise self.fail(f"{word!r} cannot take a card prefix")

    def build_unprefixed(self, word: str) -> lang.Rule:
        if word in ("between", "between_eq"):
            if self.at("("):
                raise self.fail(f"{word} takes nothing: it compares with the last two cards")
            return lang.Between(word == "between_eq")
        if word == "cycle":
            args = self.arguments()
            if len(args) != 1:
                raise self.fail("cycle takes one order of the four suits, e.g. cycle(SCDH)")
            return lang.SuitCycle(args[0].upper())
        if word == "runs":
            args = self.arguments()
            attribute = "colour"
            if args and not args[0].isdigit():
                attribute = args.pop(0)
                if attribute not in lang.RUN_ATTRIBUTES:
                    raise self.fail(
                        f"runs are of {', '.join(lang.RUN_ATTRIBUTES)}, found {attribute!r}"
                    )
            if not args:
                raise self.fail("runs takes run lengths, e.g. runs(2,3) or runs(parity,2,2)")
            return lang.Runs(self.numbers(args, "runs"), attribute)
        if word == "place":
            numbers = self.numbers(self.arguments(), "place")
            if len(numbers) < 2:
                raise self.fail("place takes a modulus and at least one remainder, e.g. place(2,0)")
            return lang.Position(numbers[0], numbers[1:])
        if word == "if":
            self.expect("(")
            condition = self.rule()
            self.expect(",")
            then = self.rule()
            self.expect(",")
            otherwise = self.rule()
            self.expect(")")
            return lang.If(condition, then, otherwise)
        raise self.fail(f"unknown word {word!r}")


def parse_rule(text: str) -> lang.Rule:
    """Read a rule's notation (see the glossary); raises ``RuleNotationError`` quoting ``text``.

    >>> from .rule import Match, Or, Step
    >>> parse_rule("same(suit) | same(rank)") == Or((Match("suit"), Match("rank")))
    True
    >>> parse_rule("step(+2, -2)") == Step((-2, 2))
    True
    """
    if not isinstance(text, str):
        raise RuleNotationError(repr(text), "a rule notation is text")
    if len(text) > MAX_TEXT:
        raise RuleNotationError(text[:40] + "...", f"a rule notation has at most {MAX_TEXT} characters")
    parser = _Parser(text)
    if not parser.tokens:
        raise parser.fail("the rule is empty")
    rule = parser.rule()
    if parser.peek() is not None:
        raise parser.fail(f"unexpected {parser.peek()[1]!r} after a complete rule")  # type: ignore[index]
    return rule


__all__ = ["RuleNotationError", "format_rule", "parse_rule"]


lang.install_reader("format", format_rule)
lang.install_reader("parse", parse_rule)
