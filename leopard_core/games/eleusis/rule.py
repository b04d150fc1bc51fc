"""The Eleusis rule language: a secret rule as a small typed tree that says which cards may follow.

A rule judges the *card played* after a *mainline* (the starter first, then every card called
right; sideline cards never count). Its atoms speak of up to three cards, named by their distance
from the card played:

Glossary:
    offset       -- 0 the card played, 1 the last mainline card (``mainline[-1]``), 2 the card
                    before the last (``mainline[-2]``). A test of a card that is not there yet
                    (offset 2 when the mainline is only the starter) holds: it does not restrict.
    value        -- A = 1, 2..10, J = 11, Q = 12, K = 13 (no wrap from K to A unless a Step says so).
    features     -- of one card (``Has``): ``red`` ``black`` (hearts, diamonds / spades, clubs);
                    ``spade`` ``heart`` ``diamond`` ``club``; ``odd`` ``even`` (of the value);
                    ``face`` (J Q K) and ``number`` (A to 10: the ace is a number card);
                    ``high`` (8 to K) and ``low`` (A to 7); ``prime`` (2 3 5 7 J K).
    attributes   -- what two cards may share (``Match``): colour, suit, parity, kind (face or
                    number), height (high or low), rank.
    Step         -- the value of the card played minus that of the other card is one of ``steps``;
                    with ``wrap`` the values count round (K + 1 = A, A - 1 = K).
    Compare      -- strictly higher (or lower) value than the other card; with ``or_equal``
                    higher or equal (lower or equal).
    SuitOrder    -- the same for suits, in an ``order`` of the four suits given lowest first:
                    ``suit_higher(CDHS)`` (bridge order), ``suit_lower_eq(SHDC)``.
    SuitIn       -- the suit of the card at ``of`` is one of ``suits``: ``suit(HS)`` is any
                    two-and-two split of the suits (``suit(HD)`` is the red cards).
    SuitPairs    -- the suits split into two pairs other than by colour, ``same_pair(SH)`` (spades
                    with hearts, diamonds with clubs) or ``same_pair(SD)`` (spades with diamonds,
                    hearts with clubs): the card's suit is in the same pair as the other card's;
                    ``differ_pair(SH)`` in the other pair. Any pair names its split (``DC`` is
                    ``SH``); the split by colour is refused, ``same(colour)`` says it. Size 2, as
                    ``suit(SH)`` (one more with the card before the last, as every relation).
    Apart        -- the values of the two cards are at most (``within(3)``) or at least
                    (``apart(4)``) ``distance`` apart; with ``wrap`` counting round (K to A is 1).
    Modular      -- the sum (``sum(3,0)``) or the difference, card minus other (``diff(3,1)``),
                    of the two values modulo ``modulus`` is one of ``residues``.
    Total        -- the sum of the two values is at most (``sum_le(14)``) or at least
                    (``sum_ge(15)``) ``bound``, 3..25 (two values add up to 2..26).
    Between      -- the value of the card played lies strictly between the values of the last
                    card and the card before it, in either order (``between``); with ``or_equal``
                    it may equal either (``between_eq``).
    SuitCycle    -- the suit must be the one after the last card's in ``order`` (e.g. ``SCDH``).
    Runs         -- runs of cards alike in a two-way ``attribute`` whose lengths repeat ``lengths``,
                    the attribute's two sides alternating from run to run; the starter is the first
                    card of the first run. Colour (red or black) is Abbott's "two of one colour then
                    three of the other", ``Runs((2, 3))``; parity (odd or even), kind (face or
                    number) and height (high 8-K or low A-7) run the same way. Size one per length
                    plus one, and one more for an attribute other than colour (it has to be named).
    two-way      -- an attribute with two sides, so that "the other" side is one: ``RUN_ATTRIBUTES``.
    Position     -- the place of the card played (the starter is place 0, so it is
                    ``len(mainline)``) modulo ``modulus`` is one of ``residues``: "every other card".
    If           -- if ``condition`` (usually about the last card) then ``then`` else ``otherwise``.
    And Or Not   -- as in logic; ``Always`` accepts every card.
    mask         -- ``rule.mask(mainline)``: bit ``i`` set when ``ALL_CARDS[i]`` may follow
                    (``card.sort_key`` is ``i``).
    size         -- how much there is to say (the description length behind the prior): one per
                    node, plus the settings of an atom (a set of values one per member, at most
                    ``VALUE_SET_MOST``; an interval of values two; the values that leave one
                    of some remainders divided by 3 or 4, a *residue class*, one for the modulus
                    and one per remainder, as a sum modulo a number: "a multiple of 3",
                    ``rank(3,6,9,12)``, two, "not a multiple of 3" three; a set of steps one
                    per step, a run of them one way two, as an interval ("one to three above",
                    ``step(+1,+2,+3)``), and steps both ways their distances so counted and one
                    for "either way" (``step(-2,-1,+1,+2)`` three: ``steps_size``); a distance
                    or modulus one more).

>>> from leopard_core.cards import Card
>>> rule = Rule.parse("differ(colour)")
>>> rule.accepts([Card(5, "H")], Card(9, "S")), rule.accepts([Card(5, "H")], Card(9, "D"))
(True, False)
>>> rule.wording("en")
'Play a card of a different colour from the last card.'
>>> rule.wording("es")
'Juega una carta de otro color que la última.'
>>> str(If(Has("face", 1), Has("red"), Has("black")))
'if(last.face, red, black)'
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, reduce
from typing import ClassVar, cast

from leopard_core.cards import ALL_CARDS, SUITS, Card

FULL = (1 << 52) - 1
"""The mask of every card."""

CARD, LAST, BEFORE_LAST = 0, 1, 2
OFFSET_NAMES = {CARD: "", LAST: "last", BEFORE_LAST: "last2"}

PRIMES = frozenset({2, 3, 5, 7, 11, 13})
SUIT_OF_FEATURE = {"spade": "S", "heart": "H", "diamond": "D", "club": "C"}

FEATURE_TESTS: dict[str, Callable[[Card], bool]] = {
    "red": lambda c: c.colour == "red",
    "black": lambda c: c.colour == "black",
    "spade": lambda c: c.suit == "S",
    "heart": lambda c: c.suit == "H",
    "diamond": lambda c: c.suit == "D",
    "club": lambda c: c.suit == "C",
    "odd": lambda c: c.rank % 2 == 1,
    "even": lambda c: c.rank % 2 == 0,
    "face": lambda c: c.rank >= 11,
    "number": lambda c: c.rank <= 10,
    "high": lambda c: c.rank >= 8,
    "low": lambda c: c.rank <= 7,
    "prime": lambda c: c.rank in PRIMES,
}
"""Every feature of one card, by its notation name."""

FEATURES: tuple[str, ...] = tuple(FEATURE_TESTS)

ATTRIBUTE_OF: dict[str, Callable[[Card], object]] = {
    "colour": lambda c: c.colour,
    "suit": lambda c: c.suit,
    "parity": lambda c: c.rank % 2,
    "kind": lambda c: c.rank >= 11,
    "height": lambda c: c.rank >= 8,
    "rank": lambda c: c.rank,
}
"""What two cards may have in common, by its notation name."""

ATTRIBUTES: tuple[str, ...] = tuple(ATTRIBUTE_OF)

RUN_ATTRIBUTES: tuple[str, ...] = ("colour", "parity", "kind", "height")
"""The attributes with two sides, which can run (suit and rank have more: no single "other")."""


class RuleError(ValueError):
    """A rule tree that cannot be built (a bad feature name, an empty set, ...); quotes the value."""


def mask_of(test: Callable[[Card], bool]) -> int:
    """The mask of the cards that pass ``test``.

    >>> bin(mask_of(lambda c: c.rank == 1))
    '0b1111'
    """
    return sum(1 << i for i, card in enumerate(ALL_CARDS) if test(card))


FEATURE_MASKS: dict[str, int] = {name: mask_of(test) for name, test in FEATURE_TESTS.items()}


def _rank_is(rank: int) -> Callable[[Card], bool]:
    return lambda card: card.rank == rank


def _suit_is(suit: str) -> Callable[[Card], bool]:
    return lambda card: card.suit == suit


def _shares(attribute: Callable[[Card], object], other: Card) -> Callable[[Card], bool]:
    return lambda card: attribute(card) == attribute(other)


RANK_MASKS: tuple[int, ...] = tuple(mask_of(_rank_is(r)) for r in range(14))
SUIT_MASKS: dict[str, int] = {s: mask_of(_suit_is(s)) for s in SUITS}
SAME_MASKS: dict[str, tuple[int, ...]] = {
    name: tuple(mask_of(_shares(attr, other)) for other in ALL_CARDS)
    for name, attr in ATTRIBUTE_OF.items()
}
"""``SAME_MASKS[attribute][other.sort_key]``: the cards that share ``attribute`` with ``other``."""


def _card_at(mainline: Sequence[Card], offset: int) -> Card | None:
    return mainline[-offset] if 0 < offset <= len(mainline) else None


def _check_offsets(of: int, to: int) -> None:
    if not (0 <= of < to <= BEFORE_LAST):
        raise RuleError(f"offsets must satisfy 0 <= of < to <= 2, got of={of!r}, to={to!r}")


def step_target(rank: int, step: int, wrap: bool) -> int | None:
    """The value ``step`` away from ``rank``, counting round K-A with ``wrap``; None off the ends.

    >>> step_target(13, 1, True), step_target(13, 1, False), step_target(2, -3, True)
    (1, None, 12)
    """
    if wrap:
        return (rank - 1 + step) % 13 + 1
    target = rank + step
    return target if 1 <= target <= 13 else None


@dataclass(frozen=True)
class Rule:
    """A node of a rule tree (see the glossary); every node is a rule."""

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        """The direct, slow reading of the rule for one card (the reference for ``mask``)."""
        raise NotImplementedError

    def mask_after(self, mainline: Sequence[Card]) -> int:
        """The mask of the cards that may follow ``mainline``, computed from the tree."""
        raise NotImplementedError

    def mask(self, mainline: Sequence[Card]) -> int:
        """Bit ``i`` set when ``ALL_CARDS[i]`` may follow ``mainline`` (cached by state)."""
        return self.compiled(mainline)

    def accepts(self, mainline: Sequence[Card], card: Card) -> bool:
        """Whether ``card`` may be played after ``mainline`` (the ``SecretRule`` protocol)."""
        return bool(self.compiled(mainline) >> card.sort_key & 1)

    def children(self) -> tuple[Rule, ...]:
        """The sub-rules of a composite node; none for an atom."""
        return ()

    @property
    def own_size(self) -> int:
        """This node's share of ``size``."""
        return 1

    @cached_property
    def size(self) -> int:
        """One per node plus the extra members of its sets: the description length."""
        return self.own_size + sum(child.size for child in self.children())

    @cached_property
    def depends(self) -> tuple[bool, bool, int]:
        """(uses the last card, uses the card before it, period of the place it depends on)."""
        uses_last, uses_before, period = self._own_depends()
        for child in self.children():
            c_last, c_before, c_period = child.depends
            uses_last, uses_before = uses_last or c_last, uses_before or c_before
            period = _lcm(period, c_period)
        return uses_last, uses_before, period

    def _own_depends(self) -> tuple[bool, bool, int]:
        return False, False, 1

    @cached_property
    def compiled(self) -> Callable[[Sequence[Card]], int]:
        """``mask`` as a table lookup keyed by the little state the rule reads."""
        return compile_mask(self)

    @cached_property
    def keyed(self) -> Callable[[Sequence[Card], int, int, int], int]:
        """``mask`` given the mainline with its last card's and the one before's ``sort_key``
        (-1 when missing) and its length, worked out once per mainline for many rules."""
        return compile_keyed(self)

    @cached_property
    def text(self) -> str:
        """The notation (see ``notation``)."""
        return cast(str, _reader("format")(self))

    def __str__(self) -> str:
        return self.text

    def wording(self, language: str = "en") -> str:
        """The rule in plain words, ``"en"`` or ``"es"``."""
        return cast(str, _reader("word")(self, language))

    @classmethod
    def parse(cls, text: str) -> Rule:
        """Read the notation; raises ``RuleNotationError`` quoting ``text``."""
        return cast(Rule, _reader("parse")(text))


# The notation and the wording read and write rules, so they import this module; it cannot import
# them back (no import cycle). They plug their functions in here when imported, and the package's
# __init__ imports both, so any use of the package has them.
_READERS: dict[str, Callable[..., object]] = {}


def install_reader(name: str, function: Callable[..., object]) -> None:
    """Plug in ``format`` / ``parse`` (notation.py) or ``word`` (wording.py)."""
    _READERS[name] = function


def _reader(name: str) -> Callable[..., object]:
    try:
        return _READERS[name]
    except KeyError:
        raise RuntimeError(f"the rule {name!r} function is not installed: import "
                           "leopard_core.games.eleusis.notation and .wording") from None


def _lcm(a: int, b: int) -> int:
    from math import gcd

    return a * b // gcd(a, b)


def compile_keyed(rule: Rule) -> Callable[[Sequence[Card], int, int, int], int]:
    """Like ``compile_mask``, for a caller that knows the state's keys already (see ``keyed``).

    >>> line = (Card(3, "H"),)
    >>> Rule.parse("same(suit)").keyed(line, line[-1].sort_key, -1, 1) == SUIT_MASKS["H"]
    True
    """
    uses_last, uses_before, period = rule.depends
    table: dict[tuple[int, int, int], int] = {}
    slow = rule.mask_after

    def fast(mainline: Sequence[Card], last: int, before: int, n: int) -> int:
        key = (last if uses_last else -1, before if uses_before else -1, n % period if n else -1)
        found = table.get(key)
        if found is None:
            found = table[key] = slow(mainline)
        return found

    return fast


def compile_mask(rule: Rule) -> Callable[[Sequence[Card]], int]:
    """A fast ``mainline -> mask`` for ``rule``: the mask depends only on the last card(s) and the
    place modulo a period, so it is computed once per such state and then looked up.

    >>> fast = compile_mask(Rule.parse("same(suit)"))
    >>> fast([Card(3, "H")]) == SUIT_MASKS["H"]
    True
    """
    uses_last, uses_before, period = rule.depends
    table: dict[tuple[int, int, int], int] = {}
    slow = rule.mask_after

    def fast(mainline: Sequence[Card]) -> int:
        n = len(mainline)
        key = (
            mainline[-1].sort_key if uses_last and n else -1,
            mainline[-2].sort_key if uses_before and n > 1 else -1,
            n % period if n else -1,
        )
        found = table.get(key)
        if found is None:
            found = table[key] = slow(mainline)
        return found

    return fast


# ---------------------------------------------------------------- atoms


@dataclass(frozen=True)
class Always(Rule):
    """Every card (``true``)."""

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        return True

    def mask_after(self, mainline: Sequence[Card]) -> int:
        return FULL


@dataclass(frozen=True)
class Has(Rule):
    """The card at ``of`` has ``feature``: ``red``, ``last.face``."""

    feature: str
    of: int = CARD

    def __post_init__(self) -> None:
        if self.feature not in FEATURE_TESTS:
            raise RuleError(f"unknown feature {self.feature!r}: expected one of {', '.join(FEATURES)}")
        if self.of not in OFFSET_NAMES:
            raise RuleError(f"bad offset {self.of!r}")

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        subject = card if self.of == CARD else _card_at(mainline, self.of)
        return subject is None or FEATURE_TESTS[self.feature](subject)

    def mask_after(self, mainline: Sequence[Card]) -> int:
        if self.of == CARD:
            return FEATURE_MASKS[self.feature]
        subject = _card_at(mainline, self.of)
        return FULL if subject is None or FEATURE_TESTS[self.feature](subject) else 0

    def _own_depends(self) -> tuple[bool, bool, int]:
        return self.of == LAST, self.of == BEFORE_LAST, 1


RESIDUE_MODULI = (3, 4)
"""The moduli of a *residue class* (see *size*): a set named by a modulus and its remainders, as
the sums and differences modulo 3 or 4 of two values (``Modular``) are; modulo 2 it is ``odd`` or
``even``, and modulo 5 or more one remainder is a set of two or three values, which its members
name as cheaply. Before (stop 51), "a multiple of 3" was four values named one by one, beyond
every space listed (the grower had to find it), while "the value and the last card's add up to a
multiple of 3" was a piece of the expert's space: a hole in the language."""
VALUE_SET_MOST = 4
"""A set of values that is no interval costs one unit of size per member, as every setting of the
grammar, but no more than this: naming one set among the ``C(13, k)`` sets of ``k`` values takes
log 13 = 2.6 nats for one value, 5.7 for three, and then hardly more (6.6 for four, 7.2 for
five, 7.4 for six or seven; the grammar's unit is 2 nats, ``hypotheses.SIZE_COST``). So a value
added to a set of four or more costs nothing (issue 31: "any set of values"): with one per
member, the set of the values called right so far held 1 / (1 + e^-2)^k of the sets that fit with
k values never tried, and was guessed before they were tried (``growth``, *value sets*)."""


@dataclass(frozen=True)
class RankIn(Rule):
    """The value of the card at ``of`` is one of ``ranks``: ``rank(1,2,3,5,8,13)``."""

    ranks: tuple[int, ...]
    of: int = CARD

    def __post_init__(self) -> None:
        if not self.ranks or any(not isinstance(r, int) or not 1 <= r <= 13 for r in self.ranks):
            raise RuleError(f"ranks must be values 1..13, got {self.ranks!r}")
        if tuple(sorted(set(self.ranks))) != self.ranks:
            object.__setattr__(self, "ranks", tuple(sorted(set(self.ranks))))
        if self.of not in OFFSET_NAMES:
            raise RuleError(f"bad offset {self.of!r}")

    @property
    def interval(self) -> bool:
        """Whether the values are every value from the lowest to the highest (two or more)."""
        return len(self.ranks) > 1 and self.ranks[-1] - self.ranks[0] + 1 == len(self.ranks)

    @property
    def residue_class(self) -> tuple[int, tuple[int, ...]] | None:
        """``(modulus, remainders)`` when the values are every value that leaves one of
        ``remainders`` divided by a modulus of ``RESIDUE_MODULI``, the fewest remainders first
        (``rank(1,5,9,13)``: (4, (1,)); "not a multiple of 3", ``rank(1,2,4,5,7,8,10,11,13)``:
        (3, (1, 2))), else None."""
        found = [(modulus, remainders) for modulus in RESIDUE_MODULI
                 if (remainders := tuple(sorted({r % modulus for r in self.ranks}))) != tuple(range(modulus))
                 and self.ranks == tuple(r for r in range(1, 14) if r % modulus in remainders)]
        return min(found, key=lambda named: len(named[1])) if found else None

    @property
    def own_size(self) -> int:
        if self.interval:
            return 2
        named = self.residue_class
        listed = min(len(self.ranks), VALUE_SET_MOST)
        return listed if named is None else min(listed, 1 + len(named[1]))

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        subject = card if self.of == CARD else _card_at(mainline, self.of)
        return subject is None or subject.rank in self.ranks

    def mask_after(self, mainline: Sequence[Card]) -> int:
        if self.of == CARD:
            return _ranks_mask(self.ranks)
        subject = _card_at(mainline, self.of)
        return FULL if subject is None or subject.rank in self.ranks else 0

    def _own_depends(self) -> tuple[bool, bool, int]:
        return self.of == LAST, self.of == BEFORE_LAST, 1


def _ranks_mask(ranks: Sequence[int]) -> int:
    result = 0
    for rank in ranks:
        result |= RANK_MASKS[rank]
    return result


@dataclass(frozen=True)
class SuitIn(Rule):
    """The suit of the card at ``of`` is one of ``suits`` (written in the order S H D C):
    ``suit(SH)``, ``last.suit(HC)``."""

    suits: str
    of: int = CARD

    def __post_init__(self) -> None:
        if (not isinstance(self.suits, str) or not self.suits or len(set(self.suits)) != len(self.suits)
                or any(s not in SUITS for s in self.suits)):
            raise RuleError(f"suits must be letters of {''.join(SUITS)}, each once, got {self.suits!r}")
        ordered = "".join(s for s in SUITS if s in self.suits)
        if ordered != self.suits:
            object.__setattr__(self, "suits", ordered)
        if self.of not in OFFSET_NAMES:
            raise RuleError(f"bad offset {self.of!r}")

    @property
    def own_size(self) -> int:
        return 1 if len(self.suits) in (1, 4) else 2

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        subject = card if self.of == CARD else _card_at(mainline, self.of)
        return subject is None or subject.suit in self.suits

    def mask_after(self, mainline: Sequence[Card]) -> int:
        if self.of == CARD:
            return _suits_mask(self.suits)
        subject = _card_at(mainline, self.of)
        return FULL if subject is None or subject.suit in self.suits else 0

    def _own_depends(self) -> tuple[bool, bool, int]:
        return self.of == LAST, self.of == BEFORE_LAST, 1


def _suits_mask(suits: str) -> int:
    result = 0
    for suit in suits:
        result |= SUIT_MASKS[suit]
    return result


@dataclass(frozen=True)
class _Pair(Rule):
    """A relation between the card at ``of`` and the one at ``to`` (base of the relations)."""

    def _pair(self) -> tuple[int, int]:
        raise NotImplementedError

    def _related(self, subject: Card, other: Card) -> bool:
        raise NotImplementedError

    def _relation_mask(self, other: Card) -> int:
        raise NotImplementedError

    def _settings_size(self) -> int:
        """The weight of the relation's own settings: one, or more for a Step's list of steps."""
        return 1

    @property
    def own_size(self) -> int:
        of, to = self._pair()
        return self._settings_size() + (to - of > 1)  # one more when it skips a card

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        of, to = self._pair()
        subject = card if of == CARD else _card_at(mainline, of)
        other = _card_at(mainline, to)
        return subject is None or other is None or self._related(subject, other)

    def mask_after(self, mainline: Sequence[Card]) -> int:
        of, to = self._pair()
        other = _card_at(mainline, to)
        if other is None:
            return FULL
        if of == CARD:
            return self._relation_mask(other)
        subject = _card_at(mainline, of)
        return FULL if subject is None or self._related(subject, other) else 0

    def _own_depends(self) -> tuple[bool, bool, int]:
        of, to = self._pair()
        return LAST in (of, to), BEFORE_LAST in (of, to), 1


@dataclass(frozen=True)
class Match(_Pair):
    """Same (or, with ``same=False``, different) ``attribute`` as the card at ``to``:
    ``same(suit)``, ``differ(colour)``, ``last.same(colour)``, ``same(rank,last2)``."""

    attribute: str
    same: bool = True
    of: int = CARD
    to: int = LAST

    def __post_init__(self) -> None:
        if self.attribute not in ATTRIBUTE_OF:
            raise RuleError(
                f"unknown attribute {self.attribute!r}: expected one of {', '.join(ATTRIBUTES)}"
            )
        _check_offsets(self.of, self.to)

    def _pair(self) -> tuple[int, int]:
        return self.of, self.to

    def _related(self, subject: Card, other: Card) -> bool:
        attr = ATTRIBUTE_OF[self.attribute]
        return (attr(subject) == attr(other)) == self.same

    def _relation_mask(self, other: Card) -> int:
        same = SAME_MASKS[self.attribute][other.sort_key]
        return same if self.same else FULL ^ same


PAIRINGS = ("SH", "SD")
"""The two splits of the four suits into two pairs other than by colour, each named by the pair
that holds spades: ``SH`` (spades with hearts, diamonds with clubs) and ``SD`` (spades with
diamonds, hearts with clubs). The third split, spades with clubs and hearts with diamonds, is the
colour: ``same(colour)`` says it, and ``SuitPairs`` refuses it (one way to say each rule)."""


def pairing_of(suits: object) -> str:
    """The name in ``PAIRINGS`` of the split that has ``suits`` (two suits, any order) as one of
    its pairs; ``RuleError`` quoting them otherwise, and for the colour split.

    >>> pairing_of("HS"), pairing_of("CD"), pairing_of("hc")
    ('SH', 'SH', 'SD')
    >>> pairing_of("HD")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    leopard_core.games.eleusis.rule.RuleError: the pairs of suits 'HD' are ...: say same(colour) ...
    """
    given = suits.upper() if isinstance(suits, str) else suits
    if (not isinstance(given, str) or len(given) != 2 or len(set(given)) != 2
            or any(s not in SUITS for s in given)):
        raise RuleError(f"a pair of suits is two different letters of {''.join(SUITS)}, got {suits!r}")
    with_spades = given if "S" in given else "".join(s for s in SUITS if s not in given)
    pairing = "".join(s for s in SUITS if s in with_spades)
    if pairing == "SC":
        raise RuleError(f"the pairs of suits {suits!r} are the colours (hearts with diamonds, spades "
                        "with clubs): say same(colour) or differ(colour)")
    return pairing


@dataclass(frozen=True)
class SuitPairs(_Pair):
    """The suits split into two pairs, ``pairing`` (``PAIRINGS``: the pair with spades) and the
    other two: the suit of the card played is in the same pair as the card at ``to``'s (``same=False``:
    in the other pair): ``same_pair(SH)``, ``differ_pair(SD,last2)``, ``last.same_pair(SH)``. Any
    pair of a split names it (``same_pair(DC)`` is ``same_pair(SH)``); the colour split is refused."""

    pairing: str
    same: bool = True
    of: int = CARD
    to: int = LAST

    def __post_init__(self) -> None:
        pairing = pairing_of(self.pairing)
        if pairing != self.pairing:
            object.__setattr__(self, "pairing", pairing)
        if not isinstance(self.same, bool):
            raise RuleError(f"same is True or False, got {self.same!r}")
        _check_offsets(self.of, self.to)

    def _settings_size(self) -> int:
        return 2  # the relation and which split: as a SuitIn of two suits

    def _pair(self) -> tuple[int, int]:
        return self.of, self.to

    def pair_of(self, suit: str) -> str:
        """The pair of the split that holds ``suit`` (in the order S H D C)."""
        return self.pairing if suit in self.pairing else "".join(s for s in SUITS if s not in self.pairing)

    def _related(self, subject: Card, other: Card) -> bool:
        return (subject.suit in self.pair_of(other.suit)) == self.same

    def _relation_mask(self, other: Card) -> int:
        pair = self.pair_of(other.suit)
        return _suits_mask(pair if self.same else "".join(s for s in SUITS if s not in pair))


def steps_size(steps: Sequence[int]) -> int:
    """What a set of steps costs to say: one per step, but a run of distances one way ("one to
    three above the last card") two, as an interval of values; and steps that go both ways
    ("one or two above or below") their distances so counted and one for "either way", as the
    seed's own example says them ("two less or two more than the last card played").

    >>> steps_size((1,)), steps_size((1, 3)), steps_size((1, 2, 3)), steps_size((-2, -1, 1, 2))
    (1, 2, 2, 3)
    >>> steps_size((-3, -2, -1, 1, 2, 3)), steps_size((-2, -1, 1)), steps_size((-1, 1))
    (3, 3, 2)
    """
    distances = sorted({abs(s) for s in steps})
    run = distances == list(range(distances[0], distances[-1] + 1))
    said = min(len(distances), 2) if run else len(distances)
    if set(steps) == {-s for s in steps}:
        return min(len(steps), said + 1)
    if all(s > 0 for s in steps) or all(s < 0 for s in steps):
        return said
    return len(steps)


@dataclass(frozen=True)
class Step(_Pair):
    """The value moves by one of ``steps`` from the card at ``to``: ``step(-2,-1,+1,+2)``,
    ``step(+1,wrap)``."""

    steps: tuple[int, ...]
    wrap: bool = False
    of: int = CARD
    to: int = LAST

    def __post_init__(self) -> None:
        if not self.steps or any(not isinstance(s, int) or not -12 <= s <= 12 for s in self.steps):
            raise RuleError(f"steps must be numbers -12..12, got {self.steps!r}")
        if tuple(sorted(set(self.steps))) != self.steps:
            object.__setattr__(self, "steps", tuple(sorted(set(self.steps))))
        _check_offsets(self.of, self.to)

    def _settings_size(self) -> int:
        return steps_size(self.steps) + self.wrap

    def _pair(self) -> tuple[int, int]:
        return self.of, self.to

    def _related(self, subject: Card, other: Card) -> bool:
        return any(step_target(other.rank, s, self.wrap) == subject.rank for s in self.steps)

    def _relation_mask(self, other: Card) -> int:
        targets = {step_target(other.rank, s, self.wrap) for s in self.steps}
        return _ranks_mask([t for t in targets if t is not None])


@dataclass(frozen=True)
class Compare(_Pair):
    """Strictly higher (``higher=False``: lower) value than the card at ``to``: ``higher``; with
    ``or_equal``, higher or equal: ``higher_eq``."""

    higher: bool = True
    of: int = CARD
    to: int = LAST
    or_equal: bool = False

    def __post_init__(self) -> None:
        _check_offsets(self.of, self.to)

    def _settings_size(self) -> int:
        return 1 + self.or_equal

    def _pair(self) -> tuple[int, int]:
        return self.of, self.to

    def _related(self, subject: Card, other: Card) -> bool:
        if subject.rank == other.rank:
            return self.or_equal
        return subject.rank > other.rank if self.higher else subject.rank < other.rank

    def _relation_mask(self, other: Card) -> int:
        equal = 0 if self.or_equal else 1
        ranks = range(other.rank + equal, 14) if self.higher else range(1, other.rank + 1 - equal)
        return _ranks_mask(list(ranks))


@dataclass(frozen=True)
class SuitOrder(_Pair):
    """A higher (``higher=False``: lower) suit than the card at ``to``'s in ``order`` (the four
    suits, lowest first): ``suit_higher(CDHS)``; with ``or_equal`` also the same suit."""

    order: str
    higher: bool = True
    or_equal: bool = False
    of: int = CARD
    to: int = LAST

    def __post_init__(self) -> None:
        if not isinstance(self.order, str) or sorted(self.order) != sorted(SUITS):
            raise RuleError(f"a suit order names the four suits once each, got {self.order!r}")
        _check_offsets(self.of, self.to)

    def _settings_size(self) -> int:
        return 2 + self.or_equal

    def _pair(self) -> tuple[int, int]:
        return self.of, self.to

    def _related(self, subject: Card, other: Card) -> bool:
        mine, theirs = self.order.index(subject.suit), self.order.index(other.suit)
        if mine == theirs:
            return self.or_equal
        return mine > theirs if self.higher else mine < theirs

    def _relation_mask(self, other: Card) -> int:
        return _suits_mask("".join(s for s in SUITS if self._related(Card(1, s), Card(1, other.suit))))


@dataclass(frozen=True)
class Apart(_Pair):
    """The values are at most (``at_least=False``: ``within(3)``) or at least (``apart(4)``)
    ``distance`` apart; with ``wrap`` the distance counts round (K and A are 1 apart)."""

    distance: int
    at_least: bool = False
    wrap: bool = False
    of: int = CARD
    to: int = LAST

    def __post_init__(self) -> None:
        if not isinstance(self.distance, int) or not 1 <= self.distance <= 12:
            raise RuleError(f"a distance is 1..12, got {self.distance!r}")
        _check_offsets(self.of, self.to)

    def _settings_size(self) -> int:
        return 2 + self.wrap

    def _pair(self) -> tuple[int, int]:
        return self.of, self.to

    def _related(self, subject: Card, other: Card) -> bool:
        gap = abs(subject.rank - other.rank)
        if self.wrap:
            gap = min(gap, 13 - gap)
        return gap >= self.distance if self.at_least else gap <= self.distance

    def _relation_mask(self, other: Card) -> int:
        return _ranks_mask([r for r in range(1, 14) if self._related(Card(r, "S"), other)])


@dataclass(frozen=True)
class Modular(_Pair):
    """The sum (``difference=True``: the card's value minus the other's) of the two values
    modulo ``modulus`` is one of ``residues``: ``sum(3,0)``, ``diff(4,1,2)``."""

    modulus: int
    residues: tuple[int, ...]
    difference: bool = False
    of: int = CARD
    to: int = LAST

    def __post_init__(self) -> None:
        if not isinstance(self.modulus, int) or not 2 <= self.modulus <= 13:
            raise RuleError(f"a modulus is 2..13, got {self.modulus!r}")
        if not self.residues or any(
            not isinstance(r, int) or not 0 <= r < self.modulus for r in self.residues
        ):
            raise RuleError(f"residues must be 0..{self.modulus - 1}, got {self.residues!r}")
        if tuple(sorted(set(self.residues))) != self.residues:
            object.__setattr__(self, "residues", tuple(sorted(set(self.residues))))
        _check_offsets(self.of, self.to)

    def _settings_size(self) -> int:
        return 1 + len(self.residues)

    def _pair(self) -> tuple[int, int]:
        return self.of, self.to

    def _related(self, subject: Card, other: Card) -> bool:
        value = subject.rank - other.rank if self.difference else subject.rank + other.rank
        return value % self.modulus in self.residues

    def _relation_mask(self, other: Card) -> int:
        return _ranks_mask([r for r in range(1, 14) if self._related(Card(r, "S"), other)])


TOTAL_BOUNDS = range(3, 26)
"""The bounds of a ``Total``: two values (1..13) add up to 2..26, so "at most 2" or "at least 26"
is a single pair of values and "at most 26" every pair."""


@dataclass(frozen=True)
class Total(_Pair):
    """The sum of the two values is at most (``at_least=True``: at least) ``bound``:
    ``sum_le(14)``, ``sum_ge(15,last2)``."""

    bound: int
    at_least: bool = False
    of: int = CARD
    to: int = LAST

    def __post_init__(self) -> None:
        if (not isinstance(self.bound, int) or isinstance(self.bound, bool)
                or self.bound not in TOTAL_BOUNDS):
            raise RuleError(f"a bound of a sum of two values is "
                            f"{TOTAL_BOUNDS[0]}..{TOTAL_BOUNDS[-1]}, got {self.bound!r}")
        if not isinstance(self.at_least, bool):
            raise RuleError(f"at_least is True or False, got {self.at_least!r}")
        _check_offsets(self.of, self.to)

    def _settings_size(self) -> int:
        return 2  # the bound and its direction, as an Apart's distance and direction

    def _pair(self) -> tuple[int, int]:
        return self.of, self.to

    def _related(self, subject: Card, other: Card) -> bool:
        total = subject.rank + other.rank
        return total >= self.bound if self.at_least else total <= self.bound

    def _relation_mask(self, other: Card) -> int:
        return _ranks_mask([r for r in range(1, 14) if self._related(Card(r, "S"), other)])


@dataclass(frozen=True)
class Between(Rule):
    """The value of the card played lies strictly between the values of the last two cards (either
    order): ``between``; with ``or_equal`` it may equal either: ``between_eq``."""

    or_equal: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.or_equal, bool):
            raise RuleError(f"or_equal is True or False, got {self.or_equal!r}")

    @property
    def own_size(self) -> int:
        # it reads the card two back (one more, as a relation that skips a card) and, like a
        # Compare, "or equal" is one more setting
        return 2 + self.or_equal

    def _values(self, mainline: Sequence[Card]) -> range | None:
        """The values allowed after ``mainline``; None before there are two cards."""
        if len(mainline) < 2:
            return None
        low, high = sorted((mainline[-1].rank, mainline[-2].rank))
        return range(low, high + 1) if self.or_equal else range(low + 1, high)

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        values = self._values(mainline)
        return values is None or card.rank in values

    def mask_after(self, mainline: Sequence[Card]) -> int:
        values = self._values(mainline)
        return FULL if values is None else _ranks_mask(list(values))

    def _own_depends(self) -> tuple[bool, bool, int]:
        return True, True, 1


@dataclass(frozen=True)
class SuitCycle(_Pair):
    """The suit after the last card's in the cycle ``order``: ``cycle(SCDH)`` (spades, clubs,
    diamonds, hearts, spades, ...)."""

    order: str

    def __post_init__(self) -> None:
        if sorted(self.order) != sorted(SUITS):
            raise RuleError(f"a suit cycle names the four suits once each, got {self.order!r}")

    @property
    def own_size(self) -> int:
        return 2

    def _pair(self) -> tuple[int, int]:
        return CARD, LAST

    def next_suit(self, suit: str) -> str:
        """The suit that follows ``suit`` in the cycle."""
        return self.order[(self.order.index(suit) + 1) % 4]

    def _related(self, subject: Card, other: Card) -> bool:
        return subject.suit == self.next_suit(other.suit)

    def _relation_mask(self, other: Card) -> int:
        return SUIT_MASKS[self.next_suit(other.suit)]


@dataclass(frozen=True)
class Runs(Rule):
    """Runs of cards alike in ``attribute`` with lengths repeating ``lengths``: ``runs(2,3)``
    (colour), ``runs(parity,2,2)``."""

    lengths: tuple[int, ...]
    attribute: str = "colour"

    def __post_init__(self) -> None:
        if not self.lengths or any(not isinstance(n, int) or not 1 <= n <= 9 for n in self.lengths):
            raise RuleError(f"run lengths must be 1..9, got {self.lengths!r}")
        if self.attribute not in RUN_ATTRIBUTES:
            raise RuleError(
                f"runs are of a two-way attribute ({', '.join(RUN_ATTRIBUTES)}), got {self.attribute!r}"
            )

    @property
    def own_size(self) -> int:
        # Colour runs keep their size (Abbott's own example, and the prior the players had); the
        # other attributes cost one more, the choice among them that colour runs never name.
        return 1 + len(self.lengths) + (self.attribute != "colour")

    @property
    def period(self) -> int:
        """Cards in one turn of the pattern (twice round when it has an odd number of runs, so that
        the colours come back too: not needed for the rule, which only compares with the last)."""
        return sum(self.lengths)

    def starts_run(self, place: int) -> bool:
        """Whether the card at ``place`` (starter 0) begins a new run."""
        position = place % self.period
        total = 0
        for length in self.lengths:
            if position == total:
                return place > 0
            total += length
        return False

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        if not mainline:
            return True
        attribute = ATTRIBUTE_OF[self.attribute]
        same = attribute(card) == attribute(mainline[-1])
        return same != self.starts_run(len(mainline))

    def mask_after(self, mainline: Sequence[Card]) -> int:
        if not mainline:
            return FULL
        same = SAME_MASKS[self.attribute][mainline[-1].sort_key]
        return FULL ^ same if self.starts_run(len(mainline)) else same

    def _own_depends(self) -> tuple[bool, bool, int]:
        return True, False, self.period


@dataclass(frozen=True)
class Position(Rule):
    """The place of the card played (``len(mainline)``) modulo ``modulus`` is in ``residues``:
    ``place(2,1)`` is the 1st, 3rd, 5th ... card after the starter."""

    modulus: int
    residues: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.modulus, int) or not 2 <= self.modulus <= 9:
            raise RuleError(f"a place modulus is 2..9, got {self.modulus!r}")
        if not self.residues or any(
            not isinstance(r, int) or not 0 <= r < self.modulus for r in self.residues
        ):
            raise RuleError(f"residues must be 0..{self.modulus - 1}, got {self.residues!r}")
        if tuple(sorted(set(self.residues))) != self.residues:
            object.__setattr__(self, "residues", tuple(sorted(set(self.residues))))

    @property
    def own_size(self) -> int:
        return len(self.residues) + (self.modulus > 2)

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        return len(mainline) % self.modulus in self.residues

    def mask_after(self, mainline: Sequence[Card]) -> int:
        return FULL if len(mainline) % self.modulus in self.residues else 0

    def _own_depends(self) -> tuple[bool, bool, int]:
        return False, False, self.modulus


# ---------------------------------------------------------------- composites


@dataclass(frozen=True)
class Not(Rule):
    """Not ``part``: ``!red``."""

    part: Rule

    def children(self) -> tuple[Rule, ...]:
        return (self.part,)

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        return not self.part.holds(mainline, card)

    def mask_after(self, mainline: Sequence[Card]) -> int:
        return FULL ^ self.part.mask_after(mainline)


@dataclass(frozen=True)
class _Junction(Rule):
    """Two or more ``parts`` joined by one connective: ``And`` (every part) and ``Or`` (one)."""

    parts: tuple[Rule, ...]
    CONNECTIVE: ClassVar[str]
    QUANTIFIER: ClassVar[Callable[[Iterable[bool]], bool]]  # all or any
    COMBINE: ClassVar[Callable[[int, int], int]]  # and_ or or_ of the masks

    def __post_init__(self) -> None:
        if len(self.parts) < 2:
            raise RuleError(f"'{self.CONNECTIVE}' joins at least two rules, got {len(self.parts)}")

    def children(self) -> tuple[Rule, ...]:
        return self.parts

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        return type(self).QUANTIFIER(part.holds(mainline, card) for part in self.parts)

    def mask_after(self, mainline: Sequence[Card]) -> int:
        return reduce(type(self).COMBINE, (part.mask_after(mainline) for part in self.parts))


@dataclass(frozen=True)
class And(_Junction):
    """Every one of ``parts`` (at least two): ``red & higher``."""

    CONNECTIVE = "and"
    QUANTIFIER = all
    COMBINE = operator.and_


@dataclass(frozen=True)
class Or(_Junction):
    """At least one of ``parts`` (at least two): ``same(suit) | same(rank)``."""

    CONNECTIVE = "or"
    QUANTIFIER = any
    COMBINE = operator.or_


@dataclass(frozen=True)
class If(Rule):
    """``then`` where ``condition`` holds, else ``otherwise``: ``if(last.face, red, black)``."""

    condition: Rule
    then: Rule
    otherwise: Rule

    def children(self) -> tuple[Rule, ...]:
        return (self.condition, self.then, self.otherwise)

    def holds(self, mainline: Sequence[Card], card: Card) -> bool:
        if self.condition.holds(mainline, card):
            return self.then.holds(mainline, card)
        return self.otherwise.holds(mainline, card)

    def mask_after(self, mainline: Sequence[Card]) -> int:
        condition = self.condition.mask_after(mainline)
        return (condition & self.then.mask_after(mainline)) | (
            (FULL ^ condition) & self.otherwise.mask_after(mainline)
        )


def about_card_played(rule: Rule) -> bool:
    """Whether the rule reads the card played (False: it speaks only of the mainline so far).

    >>> about_card_played(Rule.parse("last.red")), about_card_played(Rule.parse("last.red & odd"))
    (False, True)
    """
    if isinstance(rule, Has | RankIn | SuitIn):
        return rule.of == CARD
    if isinstance(rule, Match | Step | Compare | SuitOrder | Apart | Modular | Total | SuitPairs):
        return rule.of == CARD
    if isinstance(rule, SuitCycle | Runs | Between):
        return True
    if isinstance(rule, Position | Always):
        return False
    return any(about_card_played(child) for child in rule.children())
