"""Plain words for a rule tree, in English and neutral Spanish, generated from the tree.

Glossary:
    phrase  -- what an atom says in one language: ``noun`` ("a red card", "una carta roja"),
               ``pred`` (what follows "a card that": "is red", "es roja") and ``neg`` ("is not
               red", "no es roja"). An atom about the mainline so far (not the card played) has
               a ``pred`` that is a whole clause ("the last card is red").
    word_rule -- the sentence: "Play <noun>." or, for an ``If`` on the mainline so far,
               "If <clause>, play <noun>; otherwise, play <noun>."
    cases     -- an ``If`` with an ``If`` on a side: one sentence per case, each condition said
               in full (negated for the second), the inner ``If`` in one clause: "If the last
               card is red: if it is a face card, play a heart; otherwise, play a club. If the
               last card is not red: play a black card." ("it": the inner condition speaks of
               the same card; a condition on the card played is "the card you play ...").
    either    -- an "or" beside an "and" (either holding the other) says which joins which:
               "either a card that is red and odd, or a black card"; "o bien ..., o bien ...".

>>> from .rule import Rule
>>> Rule.parse("if(last.face, red, black)").wording("en")
'If the last card is a face card, play a red card; otherwise, play a black card.'
>>> Rule.parse("if(last.face, red, black)").wording("es")
'Si la última carta es una figura, juega una carta roja; si no, juega una carta negra.'
>>> Rule.parse("same(suit) | same(rank)").wording("es")
'Juega una carta del mismo palo que la última o una carta del mismo valor que la última.'
"""

from __future__ import annotations

from dataclasses import dataclass

from . import rule as lang

LANGUAGES = ("en", "es")


class WordingError(ValueError):
    """A language the wording does not know; quotes it."""


@dataclass(frozen=True)
class Phrase:
    """One atom's words in one language (see the glossary)."""

    noun: str
    pred: str
    neg: str


# feature -> (English noun, English predicate after "is", Spanish noun, Spanish predicate after "es")
_FEATURE_WORDS: dict[str, tuple[str, str, str, str]] = {
    "red": ("a red card", "red", "una carta roja", "roja"),
    "black": ("a black card", "black", "una carta negra", "negra"),
    "spade": ("a spade", "a spade", "una pica", "una pica"),
    "heart": ("a heart", "a heart", "un corazón", "un corazón"),
    "diamond": ("a diamond", "a diamond", "un diamante", "un diamante"),
    "club": ("a club", "a club", "un trébol", "un trébol"),
    "odd": ("a card of odd value", "of odd value", "una carta de valor impar", "de valor impar"),
    "even": ("a card of even value", "of even value", "una carta de valor par", "de valor par"),
    "face": ("a face card", "a face card", "una figura", "una figura"),
    "number": ("a number card (ace to 10)", "a number card", "una carta numérica (del as al 10)",
               "una carta numérica"),
    "high": ("a high card (8 to king)", "high (8 to king)", "una carta alta (del 8 al rey)",
             "alta (del 8 al rey)"),
    "low": ("a low card (ace to 7)", "low (ace to 7)", "una carta baja (del as al 7)",
            "baja (del as al 7)"),
    "prime": ("a card of prime value (2, 3, 5, 7, jack or king)", "of prime value",
              "una carta de valor primo (2, 3, 5, 7, jota o rey)", "de valor primo"),
}

_SUIT_FEATURE = {suit: feature for feature, suit in lang.SUIT_OF_FEATURE.items()}
_RANK_WORDS = {
    "en": ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"),
    "es": ("as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jota", "reina", "rey"),
}
_SUIT_WORDS = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "es": {"S": "picas", "H": "corazones", "D": "diamantes", "C": "tréboles"},
}
# The two pairs of each split of the suits (rule.PAIRINGS), hearts' pair first, as a person says
# them: "hearts with spades, diamonds with clubs".
_PAIRS_IN_WORDS = {
    "SH": (("H", "S"), ("D", "C")),
    "SD": (("H", "C"), ("D", "S")),
}


def _pairs_words(pairing: str, language: str) -> str:
    """The split in words: "hearts with spades, diamonds with clubs" / "corazones con picas, ..."."""
    names, word = _SUIT_WORDS[language], " with " if language == "en" else " con "
    return ", ".join(names[a] + word + names[b] for a, b in _PAIRS_IN_WORDS[pairing])


# attribute -> (English noun, Spanish "mismo" form, Spanish "otro" form)
_ATTRIBUTE_WORDS: dict[str, tuple[str, str, str]] = {
    "colour": ("colour", "del mismo color", "de otro color"),
    "suit": ("suit", "del mismo palo", "de otro palo"),
    "parity": ("parity (odd or even)", "de la misma paridad (par o impar)",
               "de otra paridad (par o impar)"),
    "kind": ("kind (face or number)", "del mismo tipo (figura o número)",
             "de otro tipo (figura o número)"),
    "height": ("height (high 8-K or low A-7)", "de la misma altura (alta 8-K o baja A-7)",
               "de otra altura (alta 8-K o baja A-7)"),
    "rank": ("value", "del mismo valor", "de otro valor"),
}
# offset -> (English subject, English object, Spanish subject, Spanish object)
_CARD_WORDS = {
    0: ("the card played", "the card played", "la carta jugada", "la carta jugada"),
    1: ("the last card", "the last card", "la última carta", "la última"),
    2: ("the card before the last", "the card before the last", "la penúltima carta", "la penúltima"),
}

def _en_owned(to: int) -> str:
    """What a card at ``to`` has, in English: "the last card's", but "that of the card before the
    last" ("the card before the last's" reads badly).

    >>> _en_owned(1), _en_owned(2)
    ("the last card's", 'that of the card before the last')
    """
    obj = _CARD_WORDS[to][1]
    return f"{obj}'s" if to == 1 else f"that of {obj}"


# A sum of values needs the face cards' values said (E1.2), which no other relation does.
_EN_VALUES = " (ace 1, jack 11, queen 12, king 13)"
_ES_VALUES = " (as 1, jota 11, reina 12, rey 13)"


def _join(items: list[str], word: str) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _en_is(pred: str) -> Phrase:
    """An English phrase from the words after "is"."""
    return Phrase("", "is " + pred, "is not " + pred)


def _es_is(pred: str) -> Phrase:
    return Phrase("", "es " + pred, "no es " + pred)


# What a Spanish command asks for is a card not yet chosen, so its relative clause takes the
# subjunctive ("Juega una carta que sea roja"), while a clause about a card on the table, or a
# condition, states a fact (indicative: "si la última carta es roja"). The verbs an atom about the
# card played can hold, at its start and inside it:
_ES_WISH_START = (("es ", "sea "), ("no es ", "no sea "), ("sigue las ", "siga las "),
                  ("rompe las ", "rompa las "), ("tiene un ", "tenga un "))
_ES_WISH_INSIDE = ((" que dista ", " que diste "), (", deja resto ", ", deje resto "),
                   (", da ", ", dé "), (" suman ", " sumen "), ("una carta que sigue las ",
                                                                  "una carta que siga las "))


def _es_wish(text: str) -> str:
    """A Spanish atom's words in the subjunctive (see ``_ES_WISH_START``).

    >>> _es_wish("no es roja"), _es_wish("una carta de un valor que dista a lo sumo 3 de la última")
    ('no sea roja', 'una carta de un valor que diste a lo sumo 3 de la última')
    """
    for indicative, subjunctive in _ES_WISH_START:
        if text.startswith(indicative):
            text = subjunctive + text[len(indicative):]
            break
    for indicative, subjunctive in _ES_WISH_INSIDE:
        text = text.replace(indicative, subjunctive)
    return text


def _with_noun(phrase: Phrase, noun: str) -> Phrase:
    return Phrase(noun, phrase.pred, phrase.neg)


def _clause(subject: str, phrase: Phrase) -> Phrase:
    """A phrase about a mainline card made into a clause with its subject."""
    return Phrase("", subject + " " + phrase.pred, subject + " " + phrase.neg)


def _step_words(rule: lang.Step, language: str) -> str:
    ups = [s for s in rule.steps if s > 0]
    downs = [-s for s in rule.steps if s < 0]
    obj = _CARD_WORDS[rule.to][1 if language == "en" else 3]
    if language == "en":
        parts = []
        if ups and set(ups) == set(downs):
            parts.append(_join([str(n) for n in ups], "or") + " above or below")
        else:
            if ups:
                parts.append(_join([str(n) for n in ups], "or") + " above")
            if downs:
                parts.append(_join([str(n) for n in sorted(downs)], "or") + " below")
        if 0 in rule.steps:
            parts.append("equal to")
        text = "of a value " + _join(parts, "or") + " " + obj + "'s"
        return text + (", counting round (the ace follows the king)" if rule.wrap else "")
    parts = []
    if ups and set(ups) == set(downs):
        parts.append(_join([str(n) for n in ups], "o") + " por encima o por debajo")
    else:
        if ups:
            parts.append(_join([str(n) for n in ups], "o") + " por encima")
        if downs:
            parts.append(_join([str(n) for n in sorted(downs)], "o") + " por debajo")
    if 0 in rule.steps:
        parts.append("igual")
    text = "de un valor " + _join(parts, "o") + " del de " + obj
    return text + (", contando en círculo (tras el rey viene el as)" if rule.wrap else "")


_RUN_WORDS: dict[str, tuple[str, str]] = {
    "parity": ("all of odd value or all of even value within a run, odd and even taking turns",
               "todas de valor impar o todas de valor par dentro de una racha, alternando impar y par"),
    "kind": ("all face cards or all number cards (ace to 10) within a run, face and number taking "
             "turns",
             "todas figuras o todas cartas numéricas (del as al 10) dentro de una racha, alternando "
             "figuras y numéricas"),
    "height": ("all high (8 to king) or all low (ace to 7) within a run, high and low taking turns",
               "todas altas (del 8 al rey) o todas bajas (del as al 7) dentro de una racha, "
               "alternando altas y bajas"),
}
"""How the cards of a run are alike, and how the runs alternate, by attribute (colour says it in
"runs of one colour")."""


def _runs_pattern(rule: lang.Runs, language: str) -> str:
    lengths = [str(n) for n in rule.lengths]
    en = language == "en"
    # "and so on" follows a pattern of lengths; runs of one length say it once ("runs of 3 cards")
    if len(lengths) == 1:
        lengths[0] += " cards" if en else " cartas"
    else:
        lengths[-1] += " cards, and so on" if en else " cartas, y así sucesivamente"
    if rule.attribute == "colour":
        if en:
            return (", then ".join(lengths) + ", the colour changing from run to run (the starter "
                    "begins the first run)")
        return (", luego ".join(lengths) + ", cambiando de color en cada racha (la carta inicial "
                "empieza la primera)")
    en_alike, es_alike = _RUN_WORDS[rule.attribute]
    if en:
        return (", then ".join(lengths) + f", {en_alike} from run to run (the starter begins "
                "the first run)")
    return (", luego ".join(lengths) + f", {es_alike} de una racha a la siguiente (la carta "
            "inicial empieza la primera)")


_RESIDUE_WORDS = {
    "en": ("of a value that is a multiple of {m} ({names})",
           "of a value that is not a multiple of {m} (all but {left_out})",
           "of a value that leaves {r} when divided by {m} ({names})", "or", "and", "a card "),
    "es": ("de un valor múltiplo de {m} ({names})",
           "de un valor que no es múltiplo de {m} (todos menos {left_out})",
           "de un valor que deja resto {r} al dividirlo entre {m} ({names})", "o", "y", "una carta "),
}
"""A residue class's words (``rule.RankIn.residue_class``): one remainder 0, every remainder but
0, any other; the words joining values (either, both) and the noun."""


def _atom(rule: lang.Rule, language: str) -> Phrase:
    """The phrase of an atom (see the glossary)."""
    en = language == "en"
    of = getattr(rule, "of", lang.CARD)
    if isinstance(rule, lang.Always):
        return Phrase("any card", "is any card", "is no card") if en else Phrase(
            "cualquier carta", "es cualquier carta", "no es ninguna carta")
    if isinstance(rule, lang.Has):
        en_noun, en_pred, es_noun, es_pred = _FEATURE_WORDS[rule.feature]
        phrase = _with_noun(_en_is(en_pred), en_noun) if en else _with_noun(_es_is(es_pred), es_noun)
    elif isinstance(rule, lang.RankIn) and rule.interval and len(rule.ranks) > 2:
        low, top = (_RANK_WORDS[language][r - 1] for r in (rule.ranks[0], rule.ranks[-1]))
        pred = f"of value {low} to {top}" if en else f"de valor del {low} al {top}"
        phrase = (_with_noun(_en_is(pred), "a card " + pred) if en
                  else _with_noun(_es_is(pred), "una carta " + pred))
    elif isinstance(rule, lang.RankIn) and rule.residue_class is not None:
        modulus, remainders = rule.residue_class
        multiple, all_but, leaves, either, both, noun = _RESIDUE_WORDS[language]
        values = _join([_RANK_WORDS[language][r - 1] for r in rule.ranks], either)
        # "not a multiple of 3" names the values it leaves out (four, not nine)
        left_out = _join([_RANK_WORDS[language][r - 1] for r in range(1, 14) if r % modulus == 0], both)
        if remainders == (0,):
            pred = multiple.format(m=modulus, names=values)
        elif 0 not in remainders and len(remainders) == modulus - 1:
            pred = all_but.format(m=modulus, left_out=left_out)
        else:
            pred = leaves.format(m=modulus, names=values, r=_join([str(r) for r in remainders], either))
        phrase = _with_noun((_en_is if en else _es_is)(pred), noun + pred)
    elif isinstance(rule, lang.RankIn):
        names = [_RANK_WORDS[language][r - 1] for r in rule.ranks]
        if en:
            pred = "of value " + _join(names, "or")
            phrase = _with_noun(_en_is(pred), "a card " + pred)
        else:
            pred = "de valor " + _join(names, "o")
            phrase = _with_noun(_es_is(pred), "una carta " + pred)
    elif isinstance(rule, lang.Match):
        en_attr, es_same, es_other = _ATTRIBUTE_WORDS[rule.attribute]
        obj = _CARD_WORDS[rule.to][1 if en else 3]
        if en:
            pred = (f"of the same {en_attr} as {obj}" if rule.same
                    else f"of a different {en_attr} from {obj}")
            phrase = _with_noun(_en_is(pred), "a card " + pred)
        else:
            pred = (es_same if rule.same else es_other) + " que " + obj
            phrase = _with_noun(_es_is(pred), "una carta " + pred)
    elif isinstance(rule, lang.Step):
        pred = _step_words(rule, language)
        phrase = _with_noun(_en_is(pred), "a card " + pred) if en else _with_noun(
            _es_is(pred), "una carta " + pred)
    elif isinstance(rule, lang.Compare):
        obj = _CARD_WORDS[rule.to][1 if en else 3]
        if en:
            pred = ("higher" if rule.higher else "lower") + (" than or equal to " if rule.or_equal
                                                             else " than ") + obj
            phrase = _with_noun(_en_is(pred), "a card " + pred)
        else:
            pred = ("igual o " if rule.or_equal else "") + (
                "más alta" if rule.higher else "más baja") + " que " + obj
            phrase = _with_noun(_es_is(pred), "una carta " + pred)
    elif isinstance(rule, lang.SuitIn):
        if en:
            names = [_FEATURE_WORDS[_SUIT_FEATURE[x]][0] for x in rule.suits]
            phrase = _with_noun(_en_is(_join(names, "or")), _join(names, "or"))
        else:
            names = [_FEATURE_WORDS[_SUIT_FEATURE[x]][2] for x in rule.suits]
            phrase = _with_noun(_es_is(_join(names, "o")), _join(names, "o"))
    elif isinstance(rule, lang.SuitPairs):
        split = f" ({_pairs_words(rule.pairing, language)})"
        if en:
            other = _en_owned(rule.to)
            alike, unlike = (f"in the same pair as {other}{split}",
                             f"in a different pair from {other}{split}")
            if not rule.same:
                alike, unlike = unlike, alike
            phrase = Phrase("a card whose suit is " + alike, "has a suit " + alike, "has a suit " + unlike)
        else:
            other = "el de " + _CARD_WORDS[rule.to][3]
            alike, unlike = (f"de la misma pareja que {other}{split}",
                             f"de otra pareja que {other}{split}")
            if not rule.same:
                alike, unlike = unlike, alike
            phrase = Phrase("una carta cuyo palo sea " + alike, "tiene un palo " + alike,
                            "tiene un palo " + unlike)
    elif isinstance(rule, lang.SuitOrder):
        obj = _CARD_WORDS[rule.to][1 if en else 3]
        order = " < ".join(_SUIT_WORDS[language][x] for x in rule.order)
        if en:
            pred = (f"of a suit {'higher' if rule.higher else 'lower'} than"
                    f"{' or equal to' if rule.or_equal else ''} {_en_owned(rule.to)} in the order {order}")
            phrase = _with_noun(_en_is(pred), "a card " + pred)
        else:
            pred = (f"de un palo {'igual o ' if rule.or_equal else ''}"
                    f"{'más alto' if rule.higher else 'más bajo'} que el de {obj} en el orden {order}")
            phrase = _with_noun(_es_is(pred), "una carta " + pred)
    elif isinstance(rule, lang.Apart):
        obj = _CARD_WORDS[rule.to][1 if en else 3]
        if en:
            pred = (f"of a value at {'least' if rule.at_least else 'most'} {rule.distance} away from"
                    f" {_en_owned(rule.to)}"
                    + (", counting round (the ace follows the king)" if rule.wrap else ""))
            phrase = _with_noun(_en_is(pred), "a card " + pred)
        else:
            pred = (f"de un valor que dista {'por lo menos' if rule.at_least else 'a lo sumo'} "
                    f"{rule.distance} del de {obj}"
                    + (", contando en círculo (tras el rey viene el as)" if rule.wrap else ""))
            phrase = _with_noun(_es_is(pred), "una carta " + pred)
    elif isinstance(rule, lang.Modular):
        obj = _CARD_WORDS[rule.to][1 if en else 3]
        residues = [str(r) for r in rule.residues]
        if en:
            how = f"less {_en_owned(rule.to)}" if rule.difference else f"plus {_en_owned(rule.to)}"
            pred = (f"of a value that, {how}, leaves {_join(residues, 'or')} when divided by "
                    f"{rule.modulus}")
            phrase = _with_noun(_en_is(pred), "a card " + pred)
        else:
            how = f"menos el de {obj}" if rule.difference else f"más el de {obj}"
            pred = (f"de un valor que, {how}, deja resto {_join(residues, 'o')} al dividirlo "
                    f"entre {rule.modulus}")
            phrase = _with_noun(_es_is(pred), "una carta " + pred)
    elif isinstance(rule, lang.Total):
        obj = _CARD_WORDS[rule.to][1 if en else 3]
        k = rule.bound
        if en:
            bound, beyond = (f"at least {k}", f"less than {k}") if rule.at_least else (
                f"at most {k}", f"more than {k}")
            pred, neg = (f"has a value that, added to that of {obj}, comes to {x}{_EN_VALUES}"
                         for x in (bound, beyond))
            summed = f"a card whose value and {_en_owned(rule.to)} add up to {bound}{_EN_VALUES}"
            phrase = Phrase(summed, pred, neg)
        else:
            bound, beyond = (f"por lo menos {k}", f"menos de {k}") if rule.at_least else (
                f"a lo sumo {k}", f"más de {k}")
            pred, neg = (f"tiene un valor que, sumado al de {obj}, da {x}{_ES_VALUES}"
                         for x in (bound, beyond))
            phrase = Phrase(f"una carta cuyo valor y el de {obj} suman {bound}{_ES_VALUES}", pred, neg)
    elif isinstance(rule, lang.Between):
        if en:
            pred = ("of a value between those of the last two cards (both included)" if rule.or_equal
                    else "of a value strictly between those of the last two cards")
            phrase = _with_noun(_en_is(pred), "a card " + pred)
        else:
            pred = ("de un valor entre los de las dos últimas (ambos incluidos)" if rule.or_equal
                    else "de un valor estrictamente entre los de las dos últimas")
            phrase = _with_noun(_es_is(pred), "una carta " + pred)
    elif isinstance(rule, lang.SuitCycle):
        names = [_SUIT_WORDS[language][s] for s in rule.order + rule.order[0]]
        if en:
            pred = "of the suit after the last card's in the cycle " + " → ".join(names)
            phrase = _with_noun(_en_is(pred), "a card " + pred)
        else:
            pred = "del palo que sigue al de la última en el ciclo " + " → ".join(names)
            phrase = _with_noun(_es_is(pred), "una carta " + pred)
    elif isinstance(rule, lang.Runs):
        pattern = _runs_pattern(rule, language)
        colour = rule.attribute == "colour"
        if en:
            runs = "the colour runs of " if colour else "the runs of "
            pred = "keeps " + runs + pattern
            return Phrase("a card that " + pred, pred, "breaks " + runs + pattern)
        runs = "las rachas de color de " if colour else "las rachas de "
        pred = "sigue " + runs + pattern
        return Phrase("una carta que " + pred, pred, "rompe " + runs + pattern)
    elif isinstance(rule, lang.Position):
        residues = [str(r) for r in rule.residues]
        if rule.modulus == 2:
            parity = ("even" if rule.residues == (0,) else "odd") if en else (
                "par" if rule.residues == (0,) else "impar")
            if len(rule.residues) == 2:
                return Phrase("", "always", "never") if en else Phrase("", "siempre", "nunca")
            if en:
                return Phrase("", f"the mainline has an {parity} number of cards",
                              f"the mainline does not have an {parity} number of cards")
            return Phrase("", f"la línea principal tiene un número {parity} de cartas",
                          f"la línea principal no tiene un número {parity} de cartas")
        if en:
            text = (f"the number of cards on the mainline leaves {_join(residues, 'or')} when "
                    f"divided by {rule.modulus}")
            return Phrase("", text, "not " + text)
        text = (f"el número de cartas de la línea principal deja resto {_join(residues, 'o')} al "
                f"dividirlo entre {rule.modulus}")
        return Phrase("", text, "no " + text)
    else:
        raise WordingError(f"not an atom: {rule!r}")
    if of != lang.CARD:
        subject = _CARD_WORDS[of][0 if en else 2]
        if isinstance(rule, lang.Match | lang.Step | lang.Compare | lang.SuitOrder | lang.Apart
                      | lang.Modular | lang.Total | lang.SuitPairs) and rule.to == of + 1:
            before = "the card before it" if en else "la anterior"
            obj = _CARD_WORDS[rule.to][1 if en else 3]
            phrase = Phrase("", phrase.pred.replace(obj + "'s", "the card before it's").replace(
                obj, before), phrase.neg.replace(obj, before))
        return _clause(subject, phrase)
    return phrase


def _is_atom(rule: lang.Rule) -> bool:
    return not isinstance(rule, lang.And | lang.Or | lang.Not | lang.If)


def _clause_of(rule: lang.Rule, language: str, negated: bool = False) -> str:
    """A clause about the mainline so far ("the last card is red")."""
    word_and, word_or = ("and", "or") if language == "en" else ("y", "o")
    if isinstance(rule, lang.Not):
        return _clause_of(rule.part, language, not negated)
    if isinstance(rule, lang.And | lang.Or):
        joins_all = isinstance(rule, lang.And) != negated
        return _join([_clause_of(p, language, negated) for p in rule.parts],
                     word_and if joins_all else word_or)
    if isinstance(rule, lang.If):
        yes, no = _clause_of(rule.condition, language), _clause_of(rule.condition, language, True)
        then = _clause_of(rule.then, language, negated)
        otherwise = _clause_of(rule.otherwise, language, negated)
        if language == "en":
            return f"either {yes} and {then}, or {no} and {otherwise}"
        return f"o bien {yes} y {then}, o bien {no} y {otherwise}"
    phrase = _atom(rule, language)
    return phrase.neg if negated else phrase.pred


def _is_joint(rule: lang.Rule) -> bool:
    return isinstance(rule, lang.And | lang.Or)


def _either(texts: list[str], language: str, comma: bool) -> str:
    """Alternatives that cannot be misread inside or around an "and": "either A or B" ("either A,
    or B" when an alternative holds an "and"); "o bien A o bien B"."""
    either, word = ("either ", "or") if language == "en" else ("o bien ", "o bien")
    return either + (", " if comma else " ").join(
        [*texts[:-2], f"{texts[-2]}{',' if comma else ''} {word} {texts[-1]}"])


def _pred(rule: lang.Rule, language: str, negated: bool = False, inside_joint: bool = False,
          wish: bool = False) -> str:
    """What follows "a card that" (see the glossary). An "and" holding an "or" (or the other way
    round) says which joins which: "either is red or is odd, and is black" (``inside_joint``: the
    rule is a side of such a joint). ``wish``: the card is one asked for, not yet chosen (Spanish
    says it in the subjunctive, ``_es_wish``)."""
    en = language == "en"
    if isinstance(rule, lang.Always):
        text = _atom(rule, language).neg if negated else _atom(rule, language).pred
        return _es_wish(text) if wish and not en else text
    if not lang.about_card_played(rule):
        played = "is played when " if en else ("se juegue cuando " if wish else "se juega cuando ")
        return played + _clause_of(rule, language, negated)
    if isinstance(rule, lang.Not):
        return _pred(rule.part, language, not negated, inside_joint, wish)
    if isinstance(rule, lang.And | lang.Or):
        joins_all = isinstance(rule, lang.And) != negated
        holds_joint = any(_is_joint(p) for p in rule.parts)
        texts = [_pred(p, language, negated, holds_joint, wish) for p in rule.parts]
        if not joins_all and (holds_joint or inside_joint):
            return _either(texts, language, comma=holds_joint)
        word = ("and" if joins_all else "or") if en else ("y" if joins_all else "o")
        # A comma also when a side says "or" on its own ("is a heart or a club, and is higher"),
        # unless the "and" is itself a side of an "either ..., or ..." (a second comma would
        # split it: "either a card that is red, and is of value ace or king, or ...").
        says_or = any(f" {'or' if en else 'o'} " in t for t in texts)
        if holds_joint or (joins_all and says_or and not inside_joint):
            return _join(texts[:-1], word) + f", {word} " + texts[-1]
        return _join(texts, word)
    if isinstance(rule, lang.If):
        if lang.about_card_played(rule.condition):  # a condition on the card played itself
            condition = ("it " if en else "") + _pred(rule.condition, language)
        else:
            condition = _clause_of(rule.condition, language)
        then = _pred(rule.then, language, negated, wish=wish)
        otherwise = _pred(rule.otherwise, language, negated, wish=wish)
        if en:
            return f"{then} if {condition}, and otherwise {otherwise}"
        return f"{then} si {condition}, y si no, {otherwise}"
    phrase = _atom(rule, language)
    text = phrase.neg if negated else phrase.pred
    return _es_wish(text) if wish and not en else text


def _noun(rule: lang.Rule, language: str, inside_joint: bool = False) -> str:
    """A noun phrase for the cards the rule allows ("a red card"); ``inside_joint`` as ``_pred``'s."""
    en = language == "en"
    if isinstance(rule, lang.Always) or (_is_atom(rule) and lang.about_card_played(rule)):
        noun = _atom(rule, language).noun
        return noun if en else _es_wish(noun)
    if isinstance(rule, lang.Or) and all(lang.about_card_played(p) for p in rule.parts):
        if any(_is_joint(p) for p in rule.parts):  # "either a card that is red and odd, or ..."
            return _either([_noun(p, language, True) for p in rule.parts], language, comma=True)
        nouns = [_noun(p, language) for p in rule.parts]
        return _join(nouns, "or" if en else "o")
    return ("a card that " if en else "una carta que ") + _pred(rule, language, inside_joint=inside_joint,
                                                              wish=True)


def _subject(condition: lang.Rule) -> int | None:
    """The card a condition speaks of (None: the place, or several cards)."""
    of = getattr(condition, "of", None)
    return of if _is_atom(condition) and isinstance(of, int) else None


def _condition_words(condition: lang.Rule, language: str, negated: bool = False,
                     outer: lang.Rule | None = None) -> str:
    """A condition of a case as a clause: "the last card is red"; "the card you play is a face
    card"; "it is a face card" when the ``outer`` condition speaks of the same card (in Spanish
    the subject is left out: "es una figura")."""
    en = language == "en"
    if lang.about_card_played(condition):
        subject = "the card you play" if en else "la carta que juegas"
        text = f"{subject} {_pred(condition, language, negated)}"
    else:
        of = _subject(condition)
        subject = _CARD_WORDS[of][0 if en else 2] if of is not None else ""
        text = _clause_of(condition, language, negated)
    same_card = outer is not None and _subject(condition) is not None \
        and _subject(condition) == _subject(outer)
    if same_card and subject and text.startswith(subject + " "):
        text = ("it " if en else "") + text[len(subject) + 1:]
    return text


def _case_branch(rule: lang.Rule, language: str, outer: lang.Rule) -> str:
    """What a case of ``_cases`` says: "play a heart", or an "if" of its own in one clause: "if it
    is a face card, play a heart; otherwise, play a club"."""
    en = language == "en"
    play = "play " if en else "juega "
    if not isinstance(rule, lang.If):
        return play + _noun(rule, language)
    condition = _condition_words(rule.condition, language, outer=outer)
    then, otherwise = play + _noun(rule.then, language), play + _noun(rule.otherwise, language)
    if en:
        return f"if {condition}, {then}; otherwise, {otherwise}"
    return f"si {condition}, {then}; si no, {otherwise}"


def _cases(rule: lang.If, language: str) -> str:
    """An "if" with an "if" on a side, as two sentences, one per case, each case said in full
    ("If the last card is red: ... If the last card is not red: ..."): one "otherwise" after
    another would leave the reader to find which "if" each belongs to."""
    en = language == "en"
    word = "If" if en else "Si"
    cases = []
    for negated, branch in ((False, rule.then), (True, rule.otherwise)):
        condition = _condition_words(rule.condition, language, negated)
        cases.append(f"{word} {condition}: {_case_branch(branch, language, rule.condition)}.")
    return " ".join(cases)


def word_rule(rule: lang.Rule, language: str = "en") -> str:
    """The rule as a sentence in ``language`` (``"en"`` or ``"es"``).

    >>> from .rule import Rule
    >>> word_rule(Rule.parse("step(-2,+2)"), "en")
    "Play a card of a value 2 above or below the last card's."
    """
    if language not in LANGUAGES:
        raise WordingError(f"unknown language {language!r}: expected one of {', '.join(LANGUAGES)}")
    en = language == "en"
    if isinstance(rule, lang.If) and (isinstance(rule.then, lang.If) or isinstance(rule.otherwise, lang.If)):
        return _cases(rule, language)
    if isinstance(rule, lang.If) and not lang.about_card_played(rule.condition):
        condition = _clause_of(rule.condition, language)
        then, otherwise = _noun(rule.then, language), _noun(rule.otherwise, language)
        if en:
            return f"If {condition}, play {then}; otherwise, play {otherwise}."
        return f"Si {condition}, juega {then}; si no, juega {otherwise}."
    if isinstance(rule, lang.Runs):
        pattern = _runs_pattern(rule, language)
        if rule.attribute != "colour":
            return f"Play runs of {pattern}." if en else f"Juega rachas de {pattern}."
        return f"Play runs of one colour of {pattern}." if en else (
            f"Juega rachas de un solo color de {pattern}.")
    if not lang.about_card_played(rule) and not isinstance(rule, lang.Always):
        condition = _clause_of(rule, language)
        if en:
            return f"Play any card when {condition}; otherwise no card is right."
        return f"Juega cualquier carta cuando {condition}; si no, ninguna carta vale."
    return ("Play " if en else "Juega ") + _noun(rule, language) + "."


__all__ = ["LANGUAGES", "Phrase", "WordingError", "word_rule"]


lang.install_reader("word", word_rule)
