"""The Eleusis lab: the rule builder's grammar, a rule described for people, a hypothesis held up
against the public evidence, and a line of cards judged by a rule (bridge methods ``LAB_METHODS``).

A person never writes notation: the page's rule builder offers *families* ("a card of one kind",
"same or different as an earlier card", "if the last card is ... then ... otherwise ...") and
fills their *parts*; the grammar's *templates* turn a filled family (a *form*) into notation, and
``form_of`` turns a rule back into a form so that the builder can show any rule it can build.

Glossary:
    label     -- ``{"en": ..., "es": ...}``: what the page shows for a family, part or option.
    part      -- one thing to pick in a family: ``choice`` (one option), ``multi`` (one or more
                 options, joined in the options' order by the part's ``join``, a comma unless
                 said: suits are written together) or ``rule`` (a nested family of
                 the part's ``slot``).
    slot      -- which families a place accepts: ``rule`` (a whole rule, the top), ``simple`` (a
                 rule about the card played with no and/or/if inside), ``branch`` (what a side
                 of a top "if" says: ``simple``, "any card", "anything but" a simple rule, an
                 "and" or "or" of two simple rules, or an "if" of ``leaf`` branches), ``leaf``
                 (``simple`` or "any card": a side of an "if" inside an "if"), ``and_side`` and
                 ``or_side`` (a side of a top "and" / "or": ``simple``, "anything but" a simple
                 rule, or the other joint of two simple rules), ``condition`` (what an "if"
                 asks: the last card, the card before it, the last two together, the place of
                 the card played, or the card played itself).
    nesting   -- at most two levels below the top: "if the last card is red, then (if it is a
                 face card, a heart, otherwise a club), otherwise ...", "(red and odd) or black".
                 The families of the second level (``inner_and``, ``inner_or``, ``inner_if``)
                 have the words and notation of the top's but parts that nest no further. Why
                 it stops there: each level indents the builder's parts, and on a phone's 360
                 pixels a third level leaves its menus too narrow to read their options ("the
                 card before the last") whole; a sentence with three levels of "if" is no longer
                 one a player can hold in mind; and it holds every rule the computer players
                 imagine or grow from the evidence (``growth``: an "if" whose sides are "and" or
                 "or" of two pieces). An "and" inside an "and" is three rules joined, left out
                 as at the top.
    template  -- the family's notation with ``{part}`` holes: a choice's option value goes in as
                 it is, a multi's values joined by ``,``, a nested rule in parentheses.
    form      -- ``{"family": NAME, "parts": {PART: value}}``: a value is an option's value (choice),
                 a list of them (multi) or a form (rule). ``build(form)`` is its notation.
    verdict   -- of a hypothesis on a judged card: it ``agrees`` with the dealer's verdict or
                 ``contradicts`` it; the starter was never judged (``starter``).

What the builder cannot build (``CANNOT``): rules nested three levels (an "and" inside an "if"
inside an "if"), an "if" inside an "and", "or" or "anything but", three or more rules joined (an
"and" inside an "and"), "anything but" of anything but a simple rule, conditions joined by
and/or, several places at once or places counted past 4, a place on its own (a dead end), sums
and differences with several remainders or divided by more than 6, comparisons of the two
earlier cards other than alike, higher or lower, and suit cycles written from another suit than
spades (the same cycle can always be written from spades). Every rule the computer players can
imagine (``hypotheses.candidate_rules``) but a place on its own, every rule they can grow from
the evidence (``growth``), and every rule of the computer dealer's catalogue, can be built
(tests/eleusis/test_lab.py).

>>> form = {"family": "match", "parts": {"sameness": "differ", "attribute": "colour", "card": ""}}
>>> build(form)
'differ(colour)'
>>> form_of(Rule.parse("differ(colour)")) == form
True
>>> build({"family": "if", "parts": {"condition": {"family": "cond_feature",
...        "parts": {"card": "last.", "feature": "face"}}, "then": {"family": "feature",
...        "parts": {"feature": "red"}}, "otherwise": {"family": "any", "parts": {}}}})
'if((last.face), (red), (true))'
>>> judge_line(Rule.parse("red"), [Card.parse(c) for c in ("5S", "7H", "9C", "2D")])
[None, True, False, True]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from leopard_core.cards import Card
from leopard_core.platform.errors import NotationError as CardNotationError
from leopard_core.platform.registry import Call, Method

from . import rule as lang
from .dealer import BEYOND, catalogue, check_rule
from .errors import EleusisError
from .evidence import Evidence
from .notation import RuleNotationError
from .rule import Rule
from .rulebook import string_right
from .science_book import check_problems

Label = dict[str, str]
Form = dict[str, Any]

MAX_LINE = 120
"""The longest line of cards ``judge_line`` judges (a sandbox's line is far shorter)."""


def _label(en: str, es: str) -> Label:
    return {"en": en, "es": es}


@dataclass(frozen=True)
class Option:
    """One thing a choice or multi part offers: its notation fragment and its words."""

    value: str
    label: Label


@dataclass(frozen=True)
class Part:
    """One thing to pick in a family (see the glossary)."""

    name: str
    kind: str
    label: Label
    options: tuple[Option, ...] = ()
    slot: str = ""
    default: str | None = None
    join: str = ","
    """What joins a multi's values in the notation (suits are written together: ``suit(SH)``)."""

    def to_json(self) -> dict[str, Any]:
        """The part as the page reads it."""
        data: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": self.label}
        if self.options:
            data["options"] = [{"value": o.value, "label": o.label} for o in self.options]
        if self.slot:
            data["slot"] = self.slot
        if self.default is not None:
            data["default"] = self.default
        if self.kind == "multi":
            data["join"] = self.join
        return data


@dataclass(frozen=True)
class Family:
    """A kind of rule the builder offers: its words, its parts and its notation template."""

    name: str
    label: Label
    parts: tuple[Part, ...]
    template: str

    def to_json(self) -> dict[str, Any]:
        """The family as the page reads it."""
        return {"name": self.name, "label": self.label, "template": self.template,
                "parts": [p.to_json() for p in self.parts]}


# ---------------------------------------------------------------- the words of the options

FEATURE_OPTIONS = (
    Option("red", _label("red", "roja")),
    Option("black", _label("black", "negra")),
    Option("spade", _label("a spade", "una pica")),
    Option("heart", _label("a heart", "un corazón")),
    Option("diamond", _label("a diamond", "un diamante")),
    Option("club", _label("a club", "un trébol")),
    Option("odd", _label("of odd value", "de valor impar")),
    Option("even", _label("of even value", "de valor par")),
    Option("face", _label("a face card (jack, queen, king)", "una figura (jota, reina, rey)")),
    Option("number", _label("a number card (ace to 10)", "una carta del as al 10")),
    Option("high", _label("high (8 to king)", "alta (del 8 al rey)")),
    Option("low", _label("low (ace to 7)", "baja (del as al 7)")),
    Option("prime", _label("of prime value (2, 3, 5, 7, J, K)", "de valor primo (2, 3, 5, 7, J, K)")),
)
RANK_OPTIONS = tuple(
    Option(str(rank), _label(en, es)) for rank, en, es in zip(
        range(1, 14),
        ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
        ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"), strict=True))
ATTRIBUTE_OPTIONS = (
    Option("colour", _label("colour", "color")),
    Option("suit", _label("suit", "palo")),
    Option("parity", _label("parity (odd or even)", "paridad (par o impar)")),
    Option("kind", _label("kind (face or number card)", "tipo (figura o numérica)")),
    Option("height", _label("height (high from 8)", "altura (alta desde el 8)")),
    Option("rank", _label("value", "valor")),
)
SAMENESS_OPTIONS = (Option("same", _label("the same", "igual")),
                    Option("differ", _label("different", "distinto")))
DIRECTION_OPTIONS = (Option("higher", _label("higher", "más alta")),
                     Option("higher_eq", _label("higher or equal", "igual o más alta")),
                     Option("lower", _label("lower", "más baja")),
                     Option("lower_eq", _label("lower or equal", "igual o más baja")))
SUIT_DIRECTION_OPTIONS = (Option("higher", _label("higher", "más alto")),
                          Option("higher_eq", _label("higher or the same", "igual o más alto")),
                          Option("lower", _label("lower", "más bajo")),
                          Option("lower_eq", _label("lower or the same", "igual o más bajo")))
STEPS = (-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6)
MINUS = "\u2212"
"""The minus sign people read (the notation's hyphen is for the engine)."""
STEP_OPTIONS = tuple(Option(f"{s:+d}", _label(*[f"{s:+d}".replace("-", MINUS)] * 2)) for s in STEPS)
_SUIT_WORDS = {"S": ("spades", "picas"), "H": ("hearts", "corazones"), "D": ("diamonds", "diamantes"),
               "C": ("clubs", "tréboles")}
CYCLES = ("SCDH", "SCHD", "SDCH", "SDHC", "SHCD", "SHDC")
# The suit orders in the suits' symbols: in words ("picas → tréboles → diamantes → corazones →
# picas") the longest were wider than the menu on a phone and on a laptop's side panel, and cut.
_SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
CYCLE_OPTIONS = tuple(
    Option(order, _label(*[" → ".join(_SUIT_SYMBOLS[s] for s in order + order[0])] * 2))
    for order in CYCLES)
SUIT_OPTIONS = tuple(Option(suit, _label(*_SUIT_WORDS[suit])) for suit in "SHDC")
SUIT_ORDERS = ("CDHS", *sorted({"".join(p) for p in permutations("SHDC")} - {"CDHS"}))
"""Every order of the four suits, lowest first; bridge order (clubs lowest, spades highest) first."""
SUIT_ORDER_OPTIONS = tuple(
    Option(order, _label(*[" ".join(_SUIT_SYMBOLS[s] for s in order)] * 2)) for order in SUIT_ORDERS)
DISTANCE_OPTIONS = tuple(Option(str(n), _label(str(n), str(n))) for n in range(1, 13))
CLOSENESS_OPTIONS = (Option("within", _label("at most", "a lo sumo")),
                     Option("apart", _label("at least", "por lo menos")))
OPERATION_OPTIONS = (Option("sum", _label("the sum of the two values", "la suma de los dos valores")),
                     Option("diff", _label("its value minus the other's", "su valor menos el de la otra")))
MODULI = (2, 3, 4, 5, 6)
REMAINDER_OPTIONS = tuple(
    Option(f"{m},{r}", _label(f"leaves {r} when divided by {m}", f"deja resto {r} al dividirlo entre {m}"))
    for m in MODULI for r in range(m))
"""One remainder of one divisor (the language also takes several remainders: see ``CANNOT``)."""
TOTAL_OPTIONS = tuple(Option(str(k), _label(str(k), str(k))) for k in lang.TOTAL_BOUNDS)
LIMIT_OPTIONS = (Option("sum_le", _label("at most", "a lo sumo")),
                 Option("sum_ge", _label("at least", "por lo menos")))
PAIRING_OPTIONS = tuple(
    Option(pairing, _label(*[f"{_SUIT_SYMBOLS[a]} {word} {_SUIT_SYMBOLS[b]}, {_SUIT_SYMBOLS[c]} {word} "
                             f"{_SUIT_SYMBOLS[d]}" for word in ("with", "con")]))
    for pairing, (a, b, c, d) in (("SH", "HSDC"), ("SD", "HCDS")))
"""The two pairings of the suits other than by colour (``rule.PAIRINGS``), hearts' pair first, in
the suits' symbols (in words, "hearts with spades, diamonds with clubs", too wide for a phone's
menu)."""
PAIR_SAMENESS_OPTIONS = (Option("same", _label("the same pair", "la misma pareja")),
                         Option("differ", _label("a different pair", "otra pareja")))
PLACE_MODULI = (2, 3, 4)


def _ordinals(modulus: int, residue: int, language: str) -> str:
    """The first three places after the starter that are ``residue`` modulo ``modulus``, in words:
    "1st, 4th, 7th" / "1.ª, 4.ª, 7.ª"."""
    first = residue or modulus
    places = (first, first + modulus, first + 2 * modulus)
    if language == "es":
        return ", ".join(f"{n}.ª" for n in places)
    suffix = {1: "st", 2: "nd", 3: "rd"}
    return ", ".join(f"{n}{suffix.get(n % 10, 'th') if n not in (11, 12, 13) else 'th'}" for n in places)


PLACE_OPTIONS = tuple(
    Option(f"{m},{r}", _label(f"{_ordinals(m, r, 'en')} …", f"{_ordinals(m, r, 'es')} …"))
    for m in PLACE_MODULI for r in (*range(1, m), 0))
RUN_LENGTHS = (1, 2, 3, 4, 5)
RUN_ATTRIBUTE_OPTIONS = tuple(
    Option("" if option.value == "colour" else option.value + ",", option.label)
    for option in ATTRIBUTE_OPTIONS if option.value in lang.RUN_ATTRIBUTES)
"""The two-way attributes a run can keep (``rule.RUN_ATTRIBUTES``), worded as for "same or
different"; colour is the empty value, as its notation (``runs(2,3)``) names none."""
_CARDS = {1: ("1 card", "1 carta")}


def _cards_label(n: int) -> Label:
    en, es = _CARDS.get(n, (f"{n} cards", f"{n} cartas"))
    return _label(en, es)


def _part(name: str, kind: str, en: str, es: str, options: tuple[Option, ...] = (), slot: str = "",
          default: str | None = None) -> Part:
    return Part(name, kind, _label(en, es), options, slot, default)


def _feature_part(default: str = "red") -> Part:
    return _part("feature", "choice", "Kind of card", "Tipo de carta", FEATURE_OPTIONS, default=default)


def _ranks_part() -> Part:
    return _part("ranks", "multi", "Values", "Valores", RANK_OPTIONS)


def _sameness_part() -> Part:
    return _part("sameness", "choice", "Same or different", "Igual o distinto", SAMENESS_OPTIONS,
                 default="same")


def _attribute_part() -> Part:
    return _part("attribute", "choice", "In what", "En qué", ATTRIBUTE_OPTIONS, default="colour")


def _direction_part() -> Part:
    return _part("direction", "choice", "Higher or lower", "Más alta o más baja", DIRECTION_OPTIONS,
                 default="higher")


def _earlier_card_part(last2_value: str, en: str = "Compared with", es: str = "Comparada con") -> Part:
    options = (Option("", _label("the last card", "la última carta")),
               Option(last2_value, _label("the card before the last", "la penúltima carta")))
    return _part("card", "choice", en, es, options, default="")


def _wrap_part() -> Part:
    return _part("wrap", "choice", "After the king", "Después del rey",
                 (Option("", _label("nothing: the king is the top", "nada: el rey es la más alta")),
                  Option(",wrap", _label("the ace again: count round", "otra vez el as: en círculo"))),
                 default="")


def _which_card_part() -> Part:
    """The card a condition asks about: an earlier card, or the card played itself."""
    return _part("card", "choice", "Which card", "Qué carta",
                 (Option("last.", _label("the last card", "la última carta")),
                  Option("last2.", _label("the card before the last", "la penúltima carta")),
                  Option("", _label("the card played", "la carta jugada"))),
                 default="last.")


def _suits_part() -> Part:
    return Part("suits", "multi", _label("Suits", "Palos"), SUIT_OPTIONS, join="")


# ---------------------------------------------------------------- the families

def _if_family(name: str, branch: str) -> Family:
    """"If …, then …, otherwise …" whose sides fill places of slot ``branch`` (top or second level)."""
    return Family(name, _label("If …, then …, otherwise …", "Si …, entonces …, si no …"),
                  (_part("condition", "rule", "If", "Si", slot="condition"),
                   _part("then", "rule", "then play", "entonces juega", slot=branch),
                   _part("otherwise", "rule", "otherwise play", "si no, juega", slot=branch)),
                  "if({condition}, {then}, {otherwise})")


def _and_family(name: str, side: str) -> Family:
    """"Two rules at once" whose sides fill places of slot ``side``."""
    return Family(name, _label("Two rules at once", "Dos reglas a la vez"),
                  (_part("first", "rule", "Both", "Las dos", slot=side),
                   _part("second", "rule", "and", "y", slot=side)),
                  "{first} & {second}")


def _or_family(name: str, side: str) -> Family:
    """"One rule or another" whose sides fill places of slot ``side``."""
    return Family(name, _label("One rule or another", "Una regla u otra"),
                  (_part("first", "rule", "Either", "O bien", slot=side),
                   _part("second", "rule", "or", "o bien", slot=side)),
                  "{first} | {second}")


FAMILIES: tuple[Family, ...] = (
    Family("feature", _label("A card of one kind", "Una carta de un tipo"), (_feature_part(),),
           "{feature}"),
    Family("ranks", _label("Cards of chosen values", "Cartas de valores elegidos"), (_ranks_part(),),
           "rank({ranks})"),
    Family("match", _label("Like or unlike an earlier card",
                           "Igual o distinta que una anterior"),
           (_sameness_part(), _attribute_part(), _earlier_card_part(",last2")),
           "{sameness}({attribute}{card})"),
    Family("compare", _label("Higher or lower in value", "Más alta o más baja en valor"),
           (_direction_part(), _earlier_card_part("(last2)")), "{direction}{card}"),
    Family("step", _label("A step in value", "Un salto de valor"),
           (_part("steps", "multi", f"Steps ({MINUS} down, + up)",
                  f"Saltos ({MINUS} abajo, + arriba)", STEP_OPTIONS),
            _wrap_part(), _earlier_card_part(",last2")),
           "step({steps}{wrap}{card})"),
    Family("suits", _label("Cards of chosen suits", "Cartas de palos elegidos"), (_suits_part(),),
           "suit({suits})"),
    Family("pairs", _label("Suits in pairs", "Palos por parejas"),
           (_part("sameness", "choice", "Its suit in", "Su palo en", PAIR_SAMENESS_OPTIONS,
                  default="same"),
            _part("pairing", "choice", "Pairs of suits", "Parejas de palos", PAIRING_OPTIONS,
                  default="SH"),
            _earlier_card_part(",last2", "As that of", "Que el de")),
           "{sameness}_pair({pairing}{card})"),
    Family("suit_order", _label("A higher or lower suit", "Un palo más alto o más bajo"),
           (_part("direction", "choice", "Suit", "Palo", SUIT_DIRECTION_OPTIONS, default="higher_eq"),
            _part("order", "choice", "Order of the suits, lowest first",
                  "Orden de los palos, del más bajo al más alto", SUIT_ORDER_OPTIONS, default="CDHS"),
            _earlier_card_part(",last2")),
           "suit_{direction}({order}{card})"),
    Family("distance", _label("A value near or far", "Un valor cerca o lejos"),
           (_part("closeness", "choice", "How far from it", "Qué tan lejos", CLOSENESS_OPTIONS,
                  default="within"),
            _part("distance", "choice", "Values apart", "Valores de distancia", DISTANCE_OPTIONS,
                  default="2"),
            _wrap_part(), _earlier_card_part(",last2")),
           "{closeness}({distance}{wrap}{card})"),
    Family("modular", _label("A sum or difference of values", "Una suma o resta de valores"),
           (_part("operation", "choice", "Take", "Toma", OPERATION_OPTIONS, default="sum"),
            _part("remainder", "choice", "The result", "El resultado", REMAINDER_OPTIONS, default="3,0"),
            _earlier_card_part(",last2")),
           "{operation}({remainder}{card})"),
    Family("total", _label("Two values added up", "Dos valores sumados"),
           (_earlier_card_part(",last2", "Its value plus that of", "Su valor más el de"),
            _part("limit", "choice", "Adds up to", "Suma", LIMIT_OPTIONS, default="sum_le"),
            _part("total", "choice", "Total", "Total", TOTAL_OPTIONS, default="14")),
           "{limit}({total}{card})"),
    Family("between", _label("Between the last two", "Entre las dos últimas"),
           (_part("ends", "choice", "Equal to one of them", "Igual a una de ellas",
                  (Option("", _label("not allowed", "no vale")), Option("_eq", _label("allowed", "vale"))),
                  default="_eq"),),
           "between{ends}"),
    Family("cycle", _label("Suits in a cycle", "Palos en ciclo"),
           (_part("order", "choice", "Order of the suits", "Orden de los palos", CYCLE_OPTIONS,
                  default="SCDH"),),
           "cycle({order})"),
    Family("runs", _label("Runs of cards alike", "Rachas de cartas afines"),
           (_part("attribute", "choice", "Alike in", "Afines en", RUN_ATTRIBUTE_OPTIONS, default=""),
            _part("first", "choice", "Runs of", "Rachas de",
                  tuple(Option(str(n), _cards_label(n)) for n in RUN_LENGTHS), default="2"),
            _part("then", "choice", "Then runs of", "Luego rachas de",
                  (Option("", _label("the same length", "el mismo largo")),
                   *(Option(f",{n}", _cards_label(n)) for n in RUN_LENGTHS)), default="")),
           "runs({attribute}{first}{then})"),
    Family("alternate", _label("Two rules, card by card in turn", "Dos reglas, una carta cada una"),
           (_part("odd", "rule", "1st, 3rd, 5th … card after the starter",
                  "1.ª, 3.ª, 5.ª … carta tras la inicial", slot="branch"),
            _part("even", "rule", "2nd, 4th, 6th … card after the starter",
                  "2.ª, 4.ª, 6.ª … carta tras la inicial", slot="branch")),
           "if(place(2,0), {even}, {odd})"),
    _if_family("if", "branch"),
    _and_family("and", "and_side"),
    _or_family("or", "or_side"),
    # The second level: the same words and notation as "and", "or" and "if" at the top, with
    # parts that nest no further (see *nesting* in the module's docstring).
    _and_family("inner_and", "simple"),
    _or_family("inner_or", "simple"),
    _if_family("inner_if", "leaf"),
    Family("not", _label("Anything but a rule", "Todo menos una regla"),
           (_part("rule", "rule", "Anything but", "Todo menos", slot="simple"),), "!{rule}"),
    Family("any", _label("Any card", "Cualquier carta"), (), "true"),
    Family("cond_feature", _label("A card is of one kind", "Una carta es de un tipo"),
           (_which_card_part(), _part("feature", "choice", "is", "es", FEATURE_OPTIONS, default="red")),
           "{card}{feature}"),
    Family("cond_suits", _label("A card is of chosen suits", "Una carta es de palos elegidos"),
           (_which_card_part(), _suits_part()), "{card}suit({suits})"),
    Family("cond_ranks", _label("A card is of chosen values", "Una carta es de valores elegidos"),
           (_which_card_part(), _ranks_part()), "{card}rank({ranks})"),
    Family("cond_match", _label("The last two cards alike, or not",
                                "Las dos últimas, iguales o no"),
           (_sameness_part(), _attribute_part()), "last.{sameness}({attribute})"),
    Family("cond_compare", _label("Which of the last two is higher",
                                  "La última, mayor o menor"),
           (_direction_part(),), "last.{direction}"),
    Family("cond_place", _label("The place of the card played", "El lugar de la carta jugada"),
           (_part("place", "choice", "Its place after the starter", "Su lugar tras la inicial",
                  PLACE_OPTIONS, default="3,0"),),
           "place({place})"),
)
FAMILY = {family.name: family for family in FAMILIES}

_SIMPLE = ("feature", "suits", "ranks", "match", "compare", "pairs", "suit_order", "step", "distance",
           "modular", "total", "between", "cycle", "runs")
SLOTS: dict[str, tuple[str, ...]] = {
    "rule": (*_SIMPLE, "alternate", "if", "and", "or", "not"),
    "simple": _SIMPLE,
    "branch": (*_SIMPLE, "any", "inner_and", "inner_or", "not", "inner_if"),
    "leaf": (*_SIMPLE, "any"),
    "and_side": (*_SIMPLE, "not", "inner_or"),
    "or_side": (*_SIMPLE, "not", "inner_and"),
    "condition": ("cond_feature", "cond_suits", "cond_ranks", "cond_match", "cond_compare", "cond_place"),
}
"""Which families each slot offers, in the order the builder lists them."""

TOP_SLOT = "rule"

CANNOT: tuple[Label, ...] = (
    _label("rules nested three deep (an “and” inside an “if” inside an “if”), and an “if” inside "
           "an “and”, an “or” or an “anything but”",
           "reglas anidadas a tres niveles (un «y» dentro de un «si» dentro de otro «si»), y un «si» "
           "dentro de un «y», un «o» o un «todo menos»"),
    _label("three or more rules joined (an “and” inside an “and”, an “or” inside an “or”), and "
           "“anything but” two rules joined",
           "tres o más reglas unidas (un «y» dentro de un «y», un «o» dentro de un «o»), y «todo "
           "menos» dos reglas unidas"),
    _label("conditions joined by “and” or “or”", "condiciones unidas por «y» u «o»"),
    _label("several places at once, or places counted in fives or more",
           "varios lugares a la vez, o lugares contados de cinco en cinco o más"),
    _label("a place on its own (it leaves no right card at the other places)",
           "un lugar solo (en los demás lugares no vale ninguna carta)"),
    _label("a sum or difference with several remainders, or divided by more than 6",
           "una suma o resta con varios restos, o dividida entre más de 6"),
    _label("comparing the two earlier cards otherwise than alike, higher or lower (near, far, a sum, "
           "a pair of suits)",
           "comparar las dos cartas anteriores de otro modo que iguales, más alta o más baja "
           "(cerca, lejos, una suma, una pareja de palos)"),
)
"""What the builder cannot build (see the module's docstring), in the page's words."""


class LabFormError(ValueError):
    """A form the grammar cannot turn into notation; the message quotes it."""


def grammar() -> dict[str, Any]:
    """The rule builder's grammar, as the page reads it (``eleusis.grammar``).

    >>> g = grammar()
    >>> g["top"], g["slots"]["condition"][0], g["families"]["feature"]["template"]
    ('rule', 'cond_feature', '{feature}')
    """
    return {"families": {f.name: f.to_json() for f in FAMILIES},
            "slots": {name: list(names) for name, names in SLOTS.items()},
            "top": TOP_SLOT, "cannot": list(CANNOT)}


# ---------------------------------------------------------------- forms and notation

_HOLE = re.compile(r"\{(\w+)\}")


def build(form: object, slot: str = TOP_SLOT) -> str:
    """The notation of a filled family (``LabFormError`` quoting it when it is incomplete or wrong).

    >>> build({"family": "step", "parts": {"steps": ["+1", "-1"], "wrap": ",wrap"}})
    'step(-1,+1,wrap)'
    """
    if not isinstance(form, dict) or form.get("family") not in SLOTS.get(slot, ()):
        raise LabFormError(f"not a rule the {slot!r} place accepts: {form!r}")
    family = FAMILY[form["family"]]
    values = form.get("parts", {})
    if not isinstance(values, dict):
        raise LabFormError(f"the parts of a form are an object, got {values!r}")
    filled = {part.name: _fill(part, values.get(part.name, part.default)) for part in family.parts}
    return _HOLE.sub(lambda m: filled[m.group(1)], family.template)


def _fill(part: Part, value: object) -> str:
    """One part's notation fragment."""
    values = [o.value for o in part.options]
    if part.kind == "choice":
        if value not in values:
            raise LabFormError(f"{part.name}: {value!r} is not one of {values!r}")
        return str(value)
    if part.kind == "multi":
        if not isinstance(value, list) or not value or any(v not in values for v in value):
            raise LabFormError(f"{part.name}: pick one or more of {values!r}, got {value!r}")
        return part.join.join(v for v in values if v in value)
    return "(" + build(value, part.slot) + ")"


def _form(family: str, **parts: Any) -> Form:
    return {"family": family, "parts": parts}


def _earlier(to: int, last2_value: str) -> str:
    return last2_value if to == lang.BEFORE_LAST else ""


def _direction(higher: bool, or_equal: bool) -> str:
    return ("higher" if higher else "lower") + ("_eq" if or_equal else "")


def _steps(rule: lang.Step) -> Form | None:
    texts = [f"{s:+d}" for s in rule.steps]
    if rule.of != lang.CARD or not set(texts) <= {o.value for o in STEP_OPTIONS}:
        return None
    return _form("step", steps=texts, wrap=",wrap" if rule.wrap else "", card=_earlier(rule.to, ",last2"))


def _modular(rule: lang.Modular) -> Form | None:
    remainder = f"{rule.modulus},{rule.residues[0]}"
    if len(rule.residues) != 1 or remainder not in {o.value for o in REMAINDER_OPTIONS}:
        return None
    return _form("modular", operation="diff" if rule.difference else "sum", remainder=remainder,
                 card=_earlier(rule.to, ",last2"))


def _atom_form(rule: Rule) -> Form | None:
    """The form of a rule about the card played, or None."""
    if isinstance(rule, lang.Has) and rule.of == lang.CARD:
        return _form("feature", feature=rule.feature)
    if isinstance(rule, lang.SuitIn) and rule.of == lang.CARD:
        return _form("suits", suits=list(rule.suits))
    if isinstance(rule, lang.RankIn) and rule.of == lang.CARD:
        return _form("ranks", ranks=[str(r) for r in rule.ranks])
    if isinstance(rule, lang.Match) and rule.of == lang.CARD:
        return _form("match", sameness="same" if rule.same else "differ", attribute=rule.attribute,
                     card=_earlier(rule.to, ",last2"))
    if isinstance(rule, lang.Compare) and rule.of == lang.CARD:
        return _form("compare", direction=_direction(rule.higher, rule.or_equal),
                     card=_earlier(rule.to, "(last2)"))
    if isinstance(rule, lang.SuitPairs) and rule.of == lang.CARD:
        return _form("pairs", sameness="same" if rule.same else "differ", pairing=rule.pairing,
                     card=_earlier(rule.to, ",last2"))
    if isinstance(rule, lang.SuitOrder) and rule.of == lang.CARD:
        return _form("suit_order", direction=_direction(rule.higher, rule.or_equal), order=rule.order,
                     card=_earlier(rule.to, ",last2"))
    if isinstance(rule, lang.Apart) and rule.of == lang.CARD:
        return _form("distance", closeness="apart" if rule.at_least else "within",
                     distance=str(rule.distance), wrap=",wrap" if rule.wrap else "",
                     card=_earlier(rule.to, ",last2"))
    if isinstance(rule, lang.Modular) and rule.of == lang.CARD:
        return _modular(rule)
    if isinstance(rule, lang.Total) and rule.of == lang.CARD:
        return _form("total", card=_earlier(rule.to, ",last2"),
                     limit="sum_ge" if rule.at_least else "sum_le", total=str(rule.bound))
    if isinstance(rule, lang.Between):
        return _form("between", ends="_eq" if rule.or_equal else "")
    if isinstance(rule, lang.Step):
        return _steps(rule)
    if isinstance(rule, lang.SuitCycle):
        start = rule.order.index("S")
        return _form("cycle", order=rule.order[start:] + rule.order[:start])
    if isinstance(rule, lang.Runs) and len(rule.lengths) <= 2 and set(rule.lengths) <= set(RUN_LENGTHS):
        first, *then = rule.lengths
        attribute = "" if rule.attribute == "colour" else rule.attribute + ","
        return _form("runs", attribute=attribute, first=str(first), then=f",{then[0]}" if then else "")
    return None


def _which(of: int) -> str:
    """The value of ``_which_card_part`` for a card's offset."""
    return lang.OFFSET_NAMES[of] + "." if of else ""


def _condition_form(rule: Rule) -> Form | None:
    """The form of a condition (about an earlier card, the last two, the place or the card played),
    or None."""
    if isinstance(rule, lang.Has):
        return _form("cond_feature", card=_which(rule.of), feature=rule.feature)
    if isinstance(rule, lang.SuitIn):
        return _form("cond_suits", card=_which(rule.of), suits=list(rule.suits))
    if isinstance(rule, lang.RankIn):
        return _form("cond_ranks", card=_which(rule.of), ranks=[str(r) for r in rule.ranks])
    if isinstance(rule, lang.Match) and (rule.of, rule.to) == (lang.LAST, lang.BEFORE_LAST):
        return _form("cond_match", sameness="same" if rule.same else "differ", attribute=rule.attribute)
    if isinstance(rule, lang.Compare) and (rule.of, rule.to) == (lang.LAST, lang.BEFORE_LAST):
        return _form("cond_compare", direction=_direction(rule.higher, rule.or_equal))
    if isinstance(rule, lang.Position) and len(rule.residues) == 1 \
            and f"{rule.modulus},{rule.residues[0]}" in {o.value for o in PLACE_OPTIONS}:
        return _form("cond_place", place=f"{rule.modulus},{rule.residues[0]}")
    return None


def form_of(rule: Rule, slot: str = TOP_SLOT) -> Form | None:
    """The builder's form of ``rule`` in a place of ``slot``, or None when the builder cannot build
    it (see ``CANNOT``).

    >>> form_of(Rule.parse("if(place(2,0), red, black)"))["family"]
    'alternate'
    >>> form_of(Rule.parse("(red & odd) | black"))["parts"]["first"]["family"]
    'inner_and'
    >>> form_of(Rule.parse("(red & odd) & black")) is None
    True
    """
    if slot == "condition":
        return _condition_form(rule)
    if isinstance(rule, lang.Always):
        return _form("any") if "any" in SLOTS[slot] else None
    form = _atom_form(rule)
    if form is not None:
        return form
    # The first family of the place that has this shape and whose parts all have a form (the
    # top's "card by card in turn" comes before its "if", so place(2,0) at the top is the former).
    for family in SLOTS[slot]:
        parts = _composite_parts(rule, FAMILY[family])
        if parts is not None:
            return _form(family, **parts)
    return None


_SHAPES: dict[str, type[Rule]] = {
    "alternate": lang.If, "if": lang.If, "inner_if": lang.If, "and": lang.And, "inner_and": lang.And,
    "or": lang.Or, "inner_or": lang.Or, "not": lang.Not}
"""The node of the rule tree each family with nested parts writes."""


def _composite_parts(rule: Rule, family: Family) -> dict[str, Form] | None:
    """The parts of ``family`` that write ``rule``, or None when the family cannot write it."""
    shape = _SHAPES.get(family.name)
    if shape is None or not isinstance(rule, shape):
        return None
    children: dict[str, Rule]
    if isinstance(rule, lang.If):
        alternating = rule.condition == lang.Position(2, (0,))
        if family.name == "alternate":
            if not alternating:
                return None
            children = {"even": rule.then, "odd": rule.otherwise}
        elif family.name == "if" and alternating:
            return None
        else:
            children = {"condition": rule.condition, "then": rule.then, "otherwise": rule.otherwise}
    elif isinstance(rule, lang.And | lang.Or):
        if len(rule.parts) != 2:
            return None
        children = {"first": rule.parts[0], "second": rule.parts[1]}
    elif isinstance(rule, lang.Not):
        children = {"rule": rule.part}
    else:
        return None
    found: dict[str, Form] = {}
    for part in family.parts:
        form = form_of(children[part.name], part.slot)
        if form is None:
            return None
        found[part.name] = form
    return found


# ---------------------------------------------------------------- reading the page's arguments


def read_rule_argument(args: dict[str, Any]) -> Rule:
    """The ``rule`` argument (notation) as a rule; a bad request quoting it when unreadable."""
    text = args.get("rule")
    if not isinstance(text, str):
        raise EleusisError("eleusis.notation.rule", text=repr(text), error="a rule is text")
    try:
        return Rule.parse(text)
    except RuleNotationError as err:
        raise EleusisError("eleusis.notation.rule", text=repr(text), error=err.reason) from None


def read_cards_argument(args: dict[str, Any]) -> list[Card]:
    """The ``cards`` argument (card texts, the first the starter); a bad request quoting it."""
    cards = args.get("cards")
    if not isinstance(cards, list) or not cards or len(cards) > MAX_LINE:
        raise EleusisError("eleusis.notation.no_cards", text=repr(cards))
    try:
        return [Card.parse(text) for text in cards]
    except CardNotationError as err:
        bad = next(text for text in cards if not _is_card(text))
        raise EleusisError("eleusis.notation.card", text=repr(cards), card=repr(bad)) from err


def _is_card(text: object) -> bool:
    try:
        Card.parse(text)  # type: ignore[arg-type]
    except CardNotationError:
        return False
    return True


# ---------------------------------------------------------------- describe


def describe(rule: Rule, check: bool = True) -> dict[str, Any]:
    """What the builder's report shows about ``rule`` (``eleusis.describe``); without ``check`` only
    its notation, form and wording (quick: the dealer's checks explore every state of the rule).

    >>> d = describe(Rule.parse("differ(colour)"))
    >>> d["wording"]["en"], d["band"], d["measured"], d["dead_end"], d["trivial"], d["playable"]
    ('Play a card of a different colour from the last card.', 'easy', True, False, False, True)
    """
    words = {"notation": str(rule), "form": form_of(rule),
             "wording": {"en": rule.wording("en"), "es": rule.wording("es")}}
    if not check:
        return words
    found = check_rule(rule)  # one exploration of the rule's states; it holds the difficulty too
    return {
        **words, "difficulty": round(found.difficulty, 1), "band": found.band,
        "measured": str(rule) in catalogue(), "beyond": found.difficulty >= BEYOND,
        "acceptance": round(found.acceptance, 3), "dead_end": found.dead_end,
        "dead_end_example": list(found.dead_end_example), "trivial": found.trivial,
        "playable": found.playable, "warnings": [m.as_json() for m in check_problems(found)],
    }


# ---------------------------------------------------------------- judging lines and the notebook


def judge_line(rule: lang.Rule, cards: Sequence[Card]) -> list[bool | None]:
    """Each card of a line judged as the dealer would: the first is the starter (None), each next
    one right or wrong after the mainline of the right cards before it (a wrong card goes to the
    sideline and does not count)."""
    mainline = list(cards[:1])
    verdicts: list[bool | None] = [None] if cards else []
    for card in cards[1:]:
        right = rule.accepts(mainline, card)
        verdicts.append(right)
        if right:
            mainline.append(card)
    return verdicts


def _agreement(agrees: bool) -> str:
    return "agrees" if agrees else "contradicts"


def notebook(rule: Rule, evidence: Evidence, hand: Sequence[Card]) -> dict[str, Any]:
    """A hypothesis held up against the public evidence and the person's hand (``eleusis.notebook``).

    ``mainline``: per mainline card, ``starter``, ``agrees`` or ``contradicts``; ``sidelines``: per
    wrong play (``play`` is its index among all the plays), whether the hypothesis calls it wrong
    too; ``no_plays``: per "No play" call, whether the hypothesis agrees with its verdict; ``hand``:
    per card held, whether the hypothesis calls it right now; ``summary``: the counts.
    """
    line = evidence.mainline
    mainline = ["starter"] + [_agreement(rule.accepts(line[:i], line[i])) for i in range(1, len(line))]
    sidelines = [
        {"play": index, "at": play.at, "cards": [str(c) for c in play.cards],
         "agrees": not string_right(rule, line[:play.at], play.cards)}
        for index, play in enumerate(evidence.plays) if not play.right]
    no_plays = [
        {"call": index, "at": call.at,
         "agrees": call.right == (not any(rule.accepts(line[:call.at], c) for c in call.hand))}
        for index, call in enumerate(evidence.no_plays)]
    contradicting = [str(line[i]) for i, mark in enumerate(mainline) if mark == "contradicts"]
    wrong_plays = [play for play in evidence.plays if not play.right]
    judged = len(line) - 1 + sum(len(play.cards) for play in wrong_plays)
    for play, side in zip(wrong_plays, sidelines, strict=True):
        if not side["agrees"]:
            contradicting += [str(c) for c in play.cards]
    return {
        "notation": str(rule), "mainline": mainline, "sidelines": sidelines, "no_plays": no_plays,
        "hand": [{"card": str(c), "right": rule.accepts(line, c)} for c in hand],
        "summary": {"cards": judged, "agree": judged - len(contradicting), "contradicting": contradicting,
                    "calls": len(no_plays), "calls_agree": sum(n["agrees"] for n in no_plays)},
    }


def _notebook_call(call: Call) -> dict[str, Any]:
    rule = read_rule_argument(call.args)
    table = call.session.table  # only its public evidence and seat 0's hand are read
    return notebook(rule, table.evidence(), table.held(0))


def _judge_line_call(call: Call) -> dict[str, Any]:
    rule = read_rule_argument(call.args)
    cards = read_cards_argument(call.args)
    verdicts = judge_line(rule, cards)
    mainline = [str(c) for c, v in zip(cards, verdicts, strict=True) if v is not False]
    right_next = rule.mask([Card.parse(c) for c in mainline]).bit_count()
    return {"notation": str(rule), "verdicts": verdicts, "mainline": mainline, "right_next": right_next}


LAB_METHODS: dict[str, Method] = {
    "grammar": lambda call: grammar(),
    "describe": lambda call: describe(read_rule_argument(call.args), call.args.get("check") is not False),
    "notebook": _notebook_call,
    "judge_line": _judge_line_call,
}
"""The lab's bridge methods: ``grammar {}``, ``describe {rule, check?}``, ``notebook {rule}`` (the current
game's public view only), ``judge_line {rule, cards}`` (no game needed)."""

__all__ = ["CANNOT", "FAMILIES", "LAB_METHODS", "LabFormError", "build", "describe",
           "form_of", "grammar", "judge_line", "notebook"]
