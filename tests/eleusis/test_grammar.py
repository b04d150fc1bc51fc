"""The grammar of issue 31 (rule.py, notation.py, wording.py, hypotheses.py): the new kinds of
rule read and write themselves, are worded in plain English and Spanish, are in the players'
spaces (and the hand-picked rank sets are not), and inference finds them from simulated play."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from leopard_core.cards import ALL_CARDS, Card
from leopard_core.games.eleusis.agreement import same_rule
from leopard_core.games.eleusis.belief import Belief
from leopard_core.games.eleusis.evidence import Evidence, Play
from leopard_core.games.eleusis.explanation import aspects
from leopard_core.games.eleusis.hypotheses import candidate_rules, hypothesis_space
from leopard_core.games.eleusis.notation import RuleNotationError
from leopard_core.games.eleusis.rule import Between, Rule, RuleError, Runs, SuitPairs, Total

C = Card.parse

NEW_KINDS = [
    "higher_eq", "lower_eq", "higher_eq(last2)", "last.lower_eq",
    "suit(SH)", "suit(SD)", "last.suit(HC)", "last2.suit(SH)",
    "suit_higher(CDHS)", "suit_lower_eq(SHDC)", "suit_higher_eq(CDHS,last2)",
    "within(3)", "apart(4)", "within(1,wrap)", "apart(5,last2)",
    "sum(3,0)", "diff(3,1)", "sum(2,1,last2)", "diff(4,0,2)",
    "rank(4,5,6,7,8,9)", "rank(1,4,9)",
    "if(odd, differ(colour), same(colour))", "if(suit(SH), higher_eq, lower)",
    "if(place(2,0), lower, higher)", "if(last2.red, black, red)",
    "if(last.red, if(last.odd, higher, lower), same(suit))",
    "if(last.face, suit(HC), suit(SD))", "suit(SH) & within(2)",
]


@pytest.mark.parametrize("text", NEW_KINDS)
def test_new_kinds_round_trip_through_the_notation(text: str) -> None:
    rule = Rule.parse(text)
    assert Rule.parse(str(rule)) == rule
    assert str(Rule.parse(str(rule))) == str(rule)


@pytest.mark.parametrize("text", NEW_KINDS)
def test_new_kinds_are_worded_in_both_languages_without_notation(text: str) -> None:
    rule = Rule.parse(text)
    english, spanish = rule.wording("en"), rule.wording("es")
    assert english != spanish
    for sentence in (english, spanish):
        assert sentence.endswith(".") and sentence[0].isupper()
        for code in ("_", "(S", "last2", "last.s", "last.l", "SH", "CDHS", "wrap", "&", "|"):
            assert code not in sentence, (code, sentence)


@pytest.mark.parametrize(("text", "english", "spanish"), [
    ("within(3)", "Play a card of a value at most 3 away from the last card's.",
     "Juega una carta de un valor que diste a lo sumo 3 del de la última."),
    ("suit(SH)", "Play a spade or a heart.", "Juega una pica o un corazón."),
    ("higher_eq", "Play a card higher than or equal to the last card.",
     "Juega una carta igual o más alta que la última."),
    ("rank(4,5,6,7,8,9)", "Play a card of value 4 to 9.", "Juega una carta de valor del 4 al 9."),
    ("sum(3,0)", "Play a card of a value that, plus the last card's, leaves 0 when divided by 3.",
     "Juega una carta de un valor que, más el de la última, deje resto 0 al dividirlo entre 3."),
])
def test_new_kinds_wording_examples(text: str, english: str, spanish: str) -> None:
    assert Rule.parse(text).wording("en") == english
    assert Rule.parse(text).wording("es") == spanish


@pytest.mark.parametrize(("text", "mainline", "card", "expected"), [
    ("higher_eq", "7H", "7S", True), ("higher", "7H", "7S", False), ("lower_eq", "7H", "8S", False),
    ("suit_higher(CDHS)", "5D", "2H", True), ("suit_higher(CDHS)", "5D", "2C", False),
    ("suit_higher_eq(CDHS)", "5D", "2D", True), ("suit(SH)", "5D", "2H", True),
    ("suit(SH)", "5D", "2C", False), ("within(3)", "5D", "8C", True), ("within(3)", "5D", "9C", False),
    ("within(1,wrap)", "KD", "AC", True), ("apart(4)", "5D", "9C", True), ("apart(4)", "5D", "8C", False),
    ("sum(3,0)", "5D", "4C", True), ("sum(3,0)", "5D", "5C", False), ("diff(3,1)", "5D", "9C", True),
    ("diff(3,1)", "5D", "3C", True), ("diff(3,1)", "5D", "4C", False),
    ("higher(last2)", "9H 2S", "10C", True), ("higher(last2)", "9H 2S", "5C", False),
])
def test_new_kinds_judge_by_hand(text: str, mainline: str, card: str, expected: bool) -> None:
    line = tuple(C(c) for c in mainline.split())
    assert Rule.parse(text).accepts(line, C(card)) is expected


@pytest.mark.parametrize("text", [
    "higher_eq", "suit(SH)", "suit_higher_eq(CDHS)", "within(3)", "apart(4)", "sum(3,0)",
    "diff(3,1)", "rank(4,5,6,7,8,9)", "rank(1,4,9)", "if(odd, differ(colour), same(colour))",
    "if(place(2,0), lower, higher)", "if(last2.red, black, red)", "higher(last2)",
    "same(parity,last2) & differ(suit)", "within(2) | same(suit)", "sum(2,1) | same(suit)",
])
def test_the_expert_imagines_the_new_kinds(text: str) -> None:
    assert hypothesis_space("expert").class_of(Rule.parse(text)) is not None


def test_no_hand_picked_rank_set_and_levels_grow() -> None:
    for imagination in ("novice", "scientist", "expert"):
        assert hypothesis_space(imagination).class_of(Rule.parse("rank(1,2,3,5,8,13)")) is None
    sizes = [len(candidate_rules(level)) for level in ("novice", "scientist", "expert")]
    assert sizes == sorted(sizes) and sizes[0] < sizes[1] < sizes[2]
    # enumerated by size: never a larger rule before a smaller one
    rules = candidate_rules("scientist")
    assert [r.size for r in rules] == sorted(r.size for r in rules)


def simulated_play(secret: Rule, turns: int) -> tuple[tuple[Card, ...], list[Play]]:
    """The mainline and plays of ``turns`` random cards (seed 7) judged by ``secret`` after the 6 of
    hearts."""
    rng = random.Random(7)
    mainline: tuple[Card, ...] = (C("6H"),)
    plays: list[Play] = []
    for _ in range(turns):
        card = rng.choice(ALL_CARDS)
        right = secret.accepts(mainline, card)
        plays.append(Play(len(mainline), (card,), right))
        if right:
            mainline = (*mainline, card)
    return mainline, plays


# (stop 51: two residue classes and a sum divided by 5, which fail before. After the 6 of hearts
# "a multiple of 3" is what "the value minus the last card's is a multiple of 3" says on the
# continuations of these plays, and "a value that leaves 1 divided by 3" what "the two values add
# up to 2 more than a multiple of 3" says, so they are not among these.)
@pytest.mark.parametrize("text", ["within(3)", "sum(3,0)", "suit(SH)", "higher_eq",
                                  "if(odd, differ(colour), same(colour))",
                                  "rank(2,5,8,11)", "rank(1,5,9,13)", "sum(5,0)"])
def test_inference_finds_a_new_kind_from_simulated_play(text: str) -> None:
    secret = Rule.parse(text)
    mainline, plays = simulated_play(secret, 30)
    belief = Belief(hypothesis_space("expert"))
    belief.update(Evidence(mainline, tuple(plays)))
    best = belief.space.rules[belief.ranked(1)[0]]
    assert same_rule(best, secret, mainline, random.Random(1)), str(best)
    assert belief.weights[belief.ranked(1)[0]] > 0.3


# ---------------------------------------------------------------- stop 46: a sum at most / at least

SUM_BOUNDS = ["sum_le(14)", "sum_ge(15)", "sum_le(3,last2)", "sum_ge(25,last2)", "last.sum_le(9)"]


@pytest.mark.parametrize("text", SUM_BOUNDS)
def test_a_bounded_sum_round_trips_and_is_worded_without_notation(text: str) -> None:
    rule = Rule.parse(text)
    assert str(rule) == text and Rule.parse(str(rule)) == rule
    for sentence in (rule.wording("en"), rule.wording("es")):
        assert sentence.endswith(".") and sentence[0].isupper()
        for code in ("_", "last2", "sum_", "le(", "ge("):
            assert code not in sentence, (code, sentence)


@pytest.mark.parametrize(("text", "english", "spanish"), [
    ("sum_le(14)",
     "Play a card whose value and the last card's add up to at most 14 (ace 1, jack 11, queen 12, "
     "king 13).",
     "Juega una carta cuyo valor y el de la última sumen a lo sumo 14 (as 1, jota 11, reina 12, "
     "rey 13)."),
    ("sum_ge(15,last2)",
     "Play a card whose value and that of the card before the last add up to at least 15 (ace 1, jack 11, "
     "queen 12, king 13).",
     "Juega una carta cuyo valor y el de la penúltima sumen por lo menos 15 (as 1, jota 11, reina 12, "
     "rey 13)."),
    ("!sum_le(14)",
     "Play a card that has a value that, added to that of the last card, comes to more than 14 (ace 1, "
     "jack 11, queen 12, king 13).",
     "Juega una carta que tenga un valor que, sumado al de la última, dé más de 14 (as 1, jota 11, "
     "reina 12, rey 13)."),
    ("if(last.sum_ge(20), red, black)",
     "If the last card has a value that, added to that of the card before it, comes to at least 20 "
     "(ace 1, jack 11, queen 12, king 13), play a red card; otherwise, play a black card.",
     "Si la última carta tiene un valor que, sumado al de la anterior, da por lo menos 20 (as 1, "
     "jota 11, reina 12, rey 13), juega una carta roja; si no, juega una carta negra."),
])
def test_a_bounded_sum_wording_examples(text: str, english: str, spanish: str) -> None:
    assert Rule.parse(text).wording("en") == english
    assert Rule.parse(text).wording("es") == spanish


@pytest.mark.parametrize(("text", "mainline", "card", "expected"), [
    ("sum_le(14)", "9H", "5S", True), ("sum_le(14)", "9H", "6S", False),
    ("sum_le(14)", "AH", "KS", True), ("sum_le(14)", "2H", "KS", False),
    ("sum_ge(15)", "9H", "6S", True), ("sum_ge(15)", "9H", "5S", False),
    ("sum_ge(15)", "JH", "4C", True), ("sum_ge(15)", "QH", "2C", False),
    ("sum_le(14,last2)", "9H 2S", "5C", True), ("sum_le(14,last2)", "9H 2S", "6C", False),
    ("sum_le(3)", "AH", "2C", True), ("sum_ge(25)", "KH", "QC", True), ("sum_ge(25)", "KH", "JC", False),
])
def test_a_bounded_sum_judges_by_hand(text: str, mainline: str, card: str, expected: bool) -> None:
    line = tuple(C(c) for c in mainline.split())
    assert Rule.parse(text).accepts(line, C(card)) is expected


@pytest.mark.parametrize(("text", "reason"), [
    ("sum_le(2)", "a bound of a sum of two values is 3..25, got 2"),
    ("sum_ge(26)", "a bound of a sum of two values is 3..25, got 26"),
    ("sum_le(14,15)", "sum_le takes one bound, e.g. sum_le(14)"),
    ("sum_ge(last2)", "sum_ge takes one bound, e.g. sum_ge(14)"),
    ("sum_le(high)", "sum_le takes numbers, found high"),
    ("last2.sum_le(14)", "'last2.' only prefixes a feature"),
])
def test_a_bad_bounded_sum_is_refused_quoting_the_text(text: str, reason: str) -> None:
    with pytest.raises(RuleNotationError) as caught:
        Rule.parse(text)
    assert repr(text) in str(caught.value) and reason in str(caught.value)


@pytest.mark.parametrize(("arguments", "reason"), [
    ((2,), "got 2"), ((26,), "got 26"), (("14",), "got '14'"), ((True,), "got True"),
    ((14, "yes"), "at_least is True or False, got 'yes'"), ((14, False, 1, 1), "of=1, to=1"),
])
def test_a_bounded_sum_built_wrong_is_a_rule_error_quoting_the_value(arguments: tuple[object, ...],
                                                                     reason: str) -> None:
    with pytest.raises(RuleError, match=re.escape(reason)):
        Total(*arguments)  # type: ignore[arg-type]


def test_a_bounded_sum_costs_what_a_distance_costs() -> None:
    """The description length of the prior: a bound and its direction, as an Apart's."""
    assert Rule.parse("sum_le(14)").size == Rule.parse("within(3)").size == 2
    assert Rule.parse("sum_ge(15,last2)").size == Rule.parse("apart(4,last2)").size == 3


@pytest.mark.parametrize("text", ["sum_le(14)", "sum_ge(15)", "sum_le(10) | same(suit)",
                                  "red & sum_ge(15)", "!sum_ge(20)",
                                  "sum_ge(16,last2)"])
def test_the_expert_imagines_bounded_sums(text: str) -> None:
    assert hypothesis_space("expert").class_of(Rule.parse(text)) is not None


def test_the_scientist_imagines_bounded_sums_with_the_last_card_only_and_the_novice_none() -> None:
    assert hypothesis_space("scientist").class_of(Rule.parse("sum_le(14)")) is not None
    assert hypothesis_space("scientist").class_of(Rule.parse("sum_le(14,last2)")) is None
    assert hypothesis_space("novice").class_of(Rule.parse("sum_le(14)")) is None


@pytest.mark.parametrize("text", ["sum_le(14)", "sum_ge(13)", "sum_le(12,last2)"])
def test_inference_finds_a_bounded_sum_from_simulated_play(text: str) -> None:
    test_inference_finds_a_new_kind_from_simulated_play(text)


# ---------------------------------------------------------------- stop 46: between the last two

@pytest.mark.parametrize(("text", "english", "spanish"), [
    ("between", "Play a card of a value strictly between those of the last two cards.",
     "Juega una carta de un valor estrictamente entre los de las dos últimas."),
    ("between_eq", "Play a card of a value between those of the last two cards (both included).",
     "Juega una carta de un valor entre los de las dos últimas (ambos incluidos)."),
    ("!between_eq", "Play a card that is not of a value between those of the last two cards (both "
     "included).", "Juega una carta que no sea de un valor entre los de las dos últimas (ambos incluidos)."),
])
def test_between_round_trips_and_is_worded(text: str, english: str, spanish: str) -> None:
    rule = Rule.parse(text)
    assert str(rule) == text and Rule.parse(str(rule)) == rule
    assert rule.wording("en") == english and rule.wording("es") == spanish


@pytest.mark.parametrize(("text", "mainline", "card", "expected"), [
    ("between", "9H 3S", "5C", True), ("between", "3H 9S", "5C", True), ("between", "9H 3S", "3C", False),
    ("between", "9H 3S", "9C", False), ("between", "9H 3S", "10C", False), ("between", "5H 5S", "5C", False),
    ("between_eq", "9H 3S", "3C", True), ("between_eq", "3H 9S", "9C", True),
    ("between_eq", "9H 3S", "2C", False), ("between_eq", "5H 5S", "5C", True),
    ("between", "9H", "KC", True), ("between_eq", "9H", "AC", True),  # no card two back: any card
    ("between", "KD 2H 9H 3S", "10C", False),  # only the last two count
])
def test_between_judges_by_hand(text: str, mainline: str, card: str, expected: bool) -> None:
    line = tuple(C(c) for c in mainline.split())
    assert Rule.parse(text).accepts(line, C(card)) is expected


@pytest.mark.parametrize(("text", "reason"), [
    ("between(last2)", "between takes nothing"), ("between_eq()", "between_eq takes nothing"),
    ("last.between", "'between' cannot take a card prefix"),
])
def test_a_bad_between_is_refused_quoting_the_text(text: str, reason: str) -> None:
    with pytest.raises(RuleNotationError) as caught:
        Rule.parse(text)
    assert repr(text) in str(caught.value) and reason in str(caught.value)


def test_a_between_built_wrong_is_a_rule_error_quoting_the_value() -> None:
    with pytest.raises(RuleError, match="or_equal is True or False, got 'yes'"):
        Between("yes")  # type: ignore[arg-type]


def test_between_costs_as_a_comparison_with_the_card_two_back() -> None:
    assert Rule.parse("between").size == Rule.parse("higher(last2)").size == 2
    assert Rule.parse("between_eq").size == Rule.parse("higher_eq(last2)").size == 3


def test_the_expert_alone_imagines_between() -> None:
    for text in ("between", "between_eq", "!between_eq", "between | red"):
        assert hypothesis_space("expert").class_of(Rule.parse(text)) is not None, text
    for imagination in ("novice", "scientist"):
        assert hypothesis_space(imagination).class_of(Rule.parse("between_eq")) is None


def test_inference_finds_between_from_simulated_play() -> None:
    """As ``test_inference_finds_a_new_kind_from_simulated_play``, with 40 random plays: a random
    card lies between two others less often than it matches a pair's rule, so 30 leave the expert
    right but under a third sure (40: 0.31 before the expert's prior gave reused productions
    their due, stop 50; 0.29 since, the rules that say one thing twice taking a little)."""
    secret = Rule.parse("between_eq")
    mainline, plays = simulated_play(secret, 40)
    belief = Belief(hypothesis_space("expert"))
    belief.update(Evidence(mainline, tuple(plays)))
    best = belief.ranked(1)[0]
    found = belief.space.rules[best]
    assert same_rule(found, secret, mainline, random.Random(1)), str(found)
    assert belief.weights[best] > 0.25


# ---------------------------------------------------------------- stop 47: the same pair of suits

# The two pairings that are not the colours, written out here (not read from the code under test).
PAIRINGS_BY_HAND = {"SH": ({"S", "H"}, {"D", "C"}), "SD": ({"S", "D"}, {"H", "C"})}


def same_pair_by_hand(pairing: str, a: str, b: str) -> bool:
    return any(a in pair and b in pair for pair in PAIRINGS_BY_HAND[pairing])


@pytest.mark.parametrize(("text", "written"), [
    ("same_pair(SH)", "same_pair(SH)"), ("differ_pair(SD)", "differ_pair(SD)"),
    ("same_pair(HS)", "same_pair(SH)"), ("same_pair(DC)", "same_pair(SH)"),
    ("differ_pair(cd)", "differ_pair(SH)"),
    ("same_pair(HC)", "same_pair(SD)"), ("same_pair(DS,last2)", "same_pair(SD,last2)"),
    ("last.differ_pair(SH)", "last.differ_pair(SH)"), ("!last.same_pair(SD)", "!last.same_pair(SD)"),
    ("if(last.same_pair(SH), red, differ_pair(SD))", "if(last.same_pair(SH), red, differ_pair(SD))"),
    ("same_pair(SH) & odd | differ_pair(SD,last2)", "same_pair(SH) & odd | differ_pair(SD,last2)"),
])
def test_a_pair_of_suits_round_trips_named_by_the_pair_with_spades(text: str, written: str) -> None:
    rule = Rule.parse(text)
    assert str(rule) == written and Rule.parse(str(rule)) == rule
    for sentence in (rule.wording("en"), rule.wording("es")):
        assert sentence.endswith(".") and sentence[0].isupper()
        for code in ("_", "last2", "pair(", "SH", "SD", "&", "|"):
            assert code not in sentence, (code, sentence)


@pytest.mark.parametrize(("text", "english", "spanish"), [
    ("same_pair(SH)",
     "Play a card whose suit is in the same pair as the last card's (hearts with spades, diamonds with "
     "clubs).",
     "Juega una carta cuyo palo sea de la misma pareja que el de la última (corazones con picas, "
     "diamantes con tréboles)."),
    ("differ_pair(SD)",
     "Play a card whose suit is in a different pair from the last card's (hearts with clubs, diamonds "
     "with spades).",
     "Juega una carta cuyo palo sea de otra pareja que el de la última (corazones con tréboles, "
     "diamantes con picas)."),
    ("same_pair(SD,last2)",
     "Play a card whose suit is in the same pair as that of the card before the last (hearts with clubs, "
     "diamonds with spades).",
     "Juega una carta cuyo palo sea de la misma pareja que el de la penúltima (corazones con tréboles, "
     "diamantes con picas)."),
    ("!same_pair(SH)",
     "Play a card that has a suit in a different pair from the last card's (hearts with spades, "
     "diamonds with clubs).",
     "Juega una carta que tenga un palo de otra pareja que el de la última (corazones con picas, "
     "diamantes con tréboles)."),
    ("red & differ_pair(SD)",
     "Play a card that is red and has a suit in a different pair from the last card's (hearts with "
     "clubs, diamonds with spades).",
     "Juega una carta que sea roja y tenga un palo de otra pareja que el de la última (corazones con "
     "tréboles, diamantes con picas)."),
    ("differ_pair(SH) | same(rank)",
     "Play a card whose suit is in a different pair from the last card's (hearts with spades, diamonds "
     "with clubs) or a card of the same value as the last card.",
     "Juega una carta cuyo palo sea de otra pareja que el de la última (corazones con picas, diamantes "
     "con tréboles) o una carta del mismo valor que la última."),
    ("if(last.same_pair(SH), red, black)",
     "If the last card has a suit in the same pair as that of the card before it (hearts with spades, "
     "diamonds with clubs), play a red card; otherwise, play a black card.",
     "Si la última carta tiene un palo de la misma pareja que el de la anterior (corazones con picas, "
     "diamantes con tréboles), juega una carta roja; si no, juega una carta negra."),
    ("if(last.face, same_pair(SH), black)",
     "If the last card is a face card, play a card whose suit is in the same pair as the last card's "
     "(hearts with spades, diamonds with clubs); otherwise, play a black card.",
     "Si la última carta es una figura, juega una carta cuyo palo sea de la misma pareja que el de la "
     "última (corazones con picas, diamantes con tréboles); si no, juega una carta negra."),
])
def test_a_pair_of_suits_wording_examples(text: str, english: str, spanish: str) -> None:
    assert Rule.parse(text).wording("en") == english
    assert Rule.parse(text).wording("es") == spanish


@pytest.mark.parametrize(("text", "mainline", "card", "expected"), [
    ("same_pair(SH)", "5S", "9H", True), ("same_pair(SH)", "5S", "9S", True),
    ("same_pair(SH)", "5S", "9D", False), ("same_pair(SH)", "5C", "9D", True),
    ("differ_pair(SH)", "5H", "9C", True), ("differ_pair(SH)", "5H", "9S", False),
    ("differ_pair(SH)", "5D", "KH", True), ("differ_pair(SH)", "5D", "KC", False),
    ("same_pair(SD)", "5S", "9D", True), ("same_pair(SD)", "5H", "9C", True),
    ("same_pair(SD)", "5H", "9S", False), ("differ_pair(SD)", "5C", "9S", True),
    ("same_pair(SH,last2)", "5S 2D", "9H", True), ("same_pair(SH,last2)", "5S 2D", "9C", False),
    ("same_pair(SH,last2)", "5S", "9C", True),  # no card two back yet: any card
    ("last.same_pair(SD)", "5S 2D", "9C", True), ("last.same_pair(SD)", "5S 2H", "9C", False),
])
def test_a_pair_of_suits_judges_by_hand(text: str, mainline: str, card: str, expected: bool) -> None:
    line = tuple(C(c) for c in mainline.split())
    assert Rule.parse(text).accepts(line, C(card)) is expected


@pytest.mark.parametrize("pairing", ["SH", "SD"])
@pytest.mark.parametrize("same", [True, False])
@pytest.mark.parametrize("to", [1, 2])
def test_a_pair_of_suits_masks_match_the_pairs_written_by_hand(pairing: str, same: bool, to: int) -> None:
    rule = SuitPairs(pairing, same, 0, to)
    for other in ALL_CARDS:
        line = (other,) if to == 1 else (other, C("7H"))
        expected = sum(1 << i for i, card in enumerate(ALL_CARDS)
                       if same_pair_by_hand(pairing, card.suit, other.suit) == same)
        assert rule.mask(line) == expected, (str(rule), str(other))


@pytest.mark.parametrize(("text", "reason"), [
    ("same_pair(HD)", "the pairs of suits 'HD' are the colours"),
    ("differ_pair(CS)", "the pairs of suits 'CS' are the colours"),
    ("same_pair(S)", "a pair of suits is two different letters of SHDC, got 'S'"),
    ("same_pair(SHD)", "got 'SHD'"), ("same_pair(SS)", "got 'SS'"), ("same_pair(XY)", "got 'XY'"),
    ("same_pair(SH,SD)", "expected 'last' or 'last2', found 'SD'"),
    ("same_pair(SH,last2,last)", "same_pair takes one pair of suits, e.g. same_pair(SH)"),
    ("last.same_pair(SH,last)", "of=1, to=1"),
])
def test_a_bad_pair_of_suits_is_refused_quoting_the_text(text: str, reason: str) -> None:
    with pytest.raises(RuleNotationError) as caught:
        Rule.parse(text)
    assert repr(text) in str(caught.value) and reason in str(caught.value)


@pytest.mark.parametrize(("arguments", "reason"), [
    (("HD",), "'HD' are the colours"), (("SC",), "'SC' are the colours"), ((7,), "got 7"),
    (("SH", "yes"), "same is True or False, got 'yes'"), (("SH", True, 2, 1), "of=2, to=1"),
])
def test_a_pair_of_suits_built_wrong_is_a_rule_error_quoting_the_value(arguments: tuple[object, ...],
                                                                        reason: str) -> None:
    with pytest.raises(RuleError, match=re.escape(reason)):
        SuitPairs(*arguments)  # type: ignore[arg-type]


def test_a_pair_of_suits_costs_what_a_group_of_two_suits_costs() -> None:
    assert Rule.parse("same_pair(SH)").size == Rule.parse("suit(SH)").size == 2
    assert Rule.parse("differ_pair(SD,last2)").size == Rule.parse("apart(4,last2)").size == 3


def test_a_pair_of_suits_is_about_suits() -> None:
    assert aspects(Rule.parse("same_pair(SH)")) == {"suits"}
    assert aspects(Rule.parse("differ_pair(SD,last2)")) == {"suits", "before_last"}


@pytest.mark.parametrize("text", ["same_pair(SH)", "differ_pair(SH)", "same_pair(SD)", "differ_pair(SD)",
                                  "differ_pair(SH) | same(rank)", "odd & same_pair(SD)"])
def test_the_scientist_and_the_expert_imagine_pairs_of_suits(text: str) -> None:
    for imagination in ("scientist", "expert"):
        assert hypothesis_space(imagination).class_of(Rule.parse(text)) is not None, imagination


def test_the_expert_alone_imagines_pairs_of_suits_two_back_and_the_novice_none() -> None:
    for text in ("same_pair(SH,last2)", "differ_pair(SD,last2)"):
        assert hypothesis_space("expert").class_of(Rule.parse(text)) is not None, text
        assert hypothesis_space("scientist").class_of(Rule.parse(text)) is None, text
    assert hypothesis_space("novice").class_of(Rule.parse("same_pair(SH)")) is None


@pytest.mark.parametrize("text", ["differ_pair(SH)", "same_pair(SD)", "differ_pair(SD,last2)"])
def test_inference_finds_a_pair_of_suits_from_simulated_play(text: str) -> None:
    test_inference_finds_a_new_kind_from_simulated_play(text)


# ---------------------------------------------------------------- runs of any two-way attribute

# The two sides of each attribute that can run, written out here (not read from the code under test).
SIDE_BY_HAND = {
    "colour": lambda card: card.suit in "HD",
    "parity": lambda card: card.rank in (1, 3, 5, 7, 9, 11, 13),
    "kind": lambda card: card.rank in (11, 12, 13),
    "height": lambda card: card.rank in (8, 9, 10, 11, 12, 13),
}


def same_run_by_hand(lengths: tuple[int, ...], place: int) -> bool:
    """Whether the card at ``place`` (the starter 0) is in the same run as the card before it: the
    runs laid out one by one, their lengths repeating."""
    run_of_place: list[int] = []
    run = 0
    while len(run_of_place) <= place:
        run_of_place += [run] * lengths[run % len(lengths)]
        run += 1
    return run_of_place[place] == run_of_place[place - 1]


def runs_accept_by_hand(attribute: str, lengths: tuple[int, ...], line: tuple[Card, ...], card: Card) -> bool:
    if not line:
        return True
    alike = SIDE_BY_HAND[attribute](card) == SIDE_BY_HAND[attribute](line[-1])
    return alike == same_run_by_hand(lengths, len(line))


@pytest.mark.parametrize(("text", "written"), [
    ("runs(2,3)", "runs(2,3)"), ("runs(colour,2,3)", "runs(2,3)"), ("runs(parity,2,2)", "runs(parity,2,2)"),
    ("runs( kind , 1 , 3 )", "runs(kind,1,3)"), ("runs(height,3)", "runs(height,3)"),
    ("runs(parity,1,2,3) | red", "runs(parity,1,2,3) | red"), ("!runs(kind,2)", "!runs(kind,2)"),
])
def test_runs_round_trip_and_colour_runs_print_as_before(text: str, written: str) -> None:
    rule = Rule.parse(text)
    assert str(rule) == written and Rule.parse(str(rule)) == rule
    for sentence in (rule.wording("en"), rule.wording("es")):
        assert sentence.endswith(".") and sentence[0].isupper()
        for code in ("runs(", "parity", "height", "kind,", "colour,", "&", "|"):
            assert code not in sentence, (code, sentence)


def test_the_old_colour_runs_notation_reads_as_the_same_rule() -> None:
    rule = Rule.parse("runs(2,3)")
    assert rule == Runs((2, 3)) == Runs((2, 3), "colour") == Rule.parse("runs(colour,2,3)")
    assert rule.size == 3
    assert rule.wording("en") == ("Play runs of one colour of 2, then 3 cards, and so on, the colour "
                                  "changing from run to run (the starter begins the first run).")


@pytest.mark.parametrize(("text", "english", "spanish"), [
    ("runs(parity,2,2)",
     "Play runs of 2, then 2 cards, and so on, all of odd value or all of even value within a run, odd "
     "and even taking turns from run to run (the starter begins the first run).",
     "Juega rachas de 2, luego 2 cartas, y así sucesivamente, todas de valor impar o todas de valor par "
     "dentro de una racha, alternando impar y par de una racha a la siguiente (la carta inicial empieza "
     "la primera)."),
    ("runs(kind,1,2)",
     "Play runs of 1, then 2 cards, and so on, all face cards or all number cards (ace to 10) within a "
     "run, face and number taking turns from run to run (the starter begins the first run).",
     "Juega rachas de 1, luego 2 cartas, y así sucesivamente, todas figuras o todas cartas numéricas "
     "(del as al 10) dentro de una racha, alternando figuras y numéricas de una racha a la siguiente (la "
     "carta inicial empieza la primera)."),
    ("runs(height,3)",
     "Play runs of 3 cards, all high (8 to king) or all low (ace to 7) within a run, high and "
     "low taking turns from run to run (the starter begins the first run).",
     "Juega rachas de 3 cartas, todas altas (del 8 al rey) o todas bajas (del as al "
     "7) dentro de una racha, alternando altas y bajas de una racha a la siguiente (la carta inicial "
     "empieza la primera)."),
    ("runs(parity,2,2) | red",
     "Play a card that keeps the runs of 2, then 2 cards, and so on, all of odd value or all of even "
     "value within a run, odd and even taking turns from run to run (the starter begins the first run) "
     "or a red card.",
     "Juega una carta que siga las rachas de 2, luego 2 cartas, y así sucesivamente, todas de valor "
     "impar o todas de valor par dentro de una racha, alternando impar y par de una racha a la "
     "siguiente (la carta inicial empieza la primera) o una carta roja."),
])
def test_runs_wording_examples(text: str, english: str, spanish: str) -> None:
    assert Rule.parse(text).wording("en") == english
    assert Rule.parse(text).wording("es") == spanish


@pytest.mark.parametrize(("text", "mainline", "card", "expected"), [
    # two odd, then two even, and so on: the starter (3) begins an odd run
    ("runs(parity,2,2)", "3H", "5S", True), ("runs(parity,2,2)", "3H", "4S", False),
    ("runs(parity,2,2)", "3H 5S", "4D", True), ("runs(parity,2,2)", "3H 5S", "7D", False),
    ("runs(parity,2,2)", "3H 5S 4D", "8C", True), ("runs(parity,2,2)", "3H 5S 4D 8C", "KC", True),
    ("runs(parity,2,2)", "3H 5S 4D 8C", "QC", False),
    # a face card, then two number cards, and so on (the starter is the face card)
    ("runs(kind,1,2)", "JH", "2S", True), ("runs(kind,1,2)", "JH", "QS", False),
    ("runs(kind,1,2)", "JH 2S", "10D", True), ("runs(kind,1,2)", "JH 2S 10D", "KD", True),
    ("runs(kind,1,2)", "JH 2S 10D", "AD", False),
    ("runs(height,2)", "8H", "7S", False), ("runs(height,2)", "8H", "KS", True),
    ("runs(height,2)", "8H KS", "AS", True), ("runs(2,3)", "5H", "9D", True),
    ("runs(2,3)", "5H 9D", "9C", True),
])
def test_runs_judge_by_hand(text: str, mainline: str, card: str, expected: bool) -> None:
    line = tuple(C(c) for c in mainline.split())
    assert Rule.parse(text).accepts(line, C(card)) is expected


@pytest.mark.parametrize("attribute", ["colour", "parity", "kind", "height"])
@pytest.mark.parametrize("lengths", [(2,), (2, 3), (1, 2), (3, 1, 2)])
def test_runs_masks_and_verdicts_match_the_runs_laid_out_by_hand(attribute: str,
                                                                 lengths: tuple[int, ...]) -> None:
    rule, rng = Runs(lengths, attribute), random.Random(5)
    for _ in range(40):
        line = tuple(rng.sample(ALL_CARDS, rng.randint(0, 9)))
        expected = sum(1 << i for i, card in enumerate(ALL_CARDS)
                       if runs_accept_by_hand(attribute, lengths, line, card))
        assert rule.mask(line) == expected, (str(rule), [str(c) for c in line])
        card = rng.choice(ALL_CARDS)
        assert rule.accepts(line, card) is runs_accept_by_hand(attribute, lengths, line, card)


@pytest.mark.parametrize(("text", "reason"), [
    ("runs(suit,2)", "runs are of colour, parity, kind, height, found 'suit'"),
    ("runs(rank,1,2)", "found 'rank'"), ("runs(odd,2)", "found 'odd'"),
    ("runs(parity)", "runs takes run lengths, e.g. runs(2,3) or runs(parity,2,2)"),
    ("runs(2,parity)", "runs takes numbers, found 2, parity"),
    ("runs(parity,kind,2)", "runs takes numbers, found kind, 2"),
    ("runs(height,0)", "run lengths must be 1..9, got (0,)"), ("runs(kind,10)", "got (10,)"),
])
def test_bad_runs_are_refused_quoting_the_text(text: str, reason: str) -> None:
    with pytest.raises(RuleNotationError) as caught:
        Rule.parse(text)
    assert repr(text) in str(caught.value) and reason in str(caught.value)


def test_runs_built_of_an_attribute_with_more_than_two_sides_is_a_rule_error_quoting_it() -> None:
    with pytest.raises(RuleError, match=re.escape("got 'suit'")):
        Runs((2,), "suit")


def test_runs_of_another_attribute_cost_one_more_than_colour_runs() -> None:
    assert Rule.parse("runs(parity,2,3)").size == Rule.parse("runs(2,3)").size + 1 == 4
    assert Rule.parse("runs(kind,2)").size == Rule.parse("runs(height,2)").size == 3


def test_runs_are_about_the_place_and_what_runs() -> None:
    assert aspects(Rule.parse("runs(2,3)")) == {"suits", "place"}
    assert aspects(Rule.parse("runs(parity,2,2)")) == {"values", "place"}


@pytest.mark.parametrize("text", ["runs(parity,2,2)", "runs(kind,1,2)", "runs(height,3,2)", "runs(2,3)"])
def test_the_scientist_and_the_expert_imagine_runs_and_the_novice_none(text: str) -> None:
    for imagination in ("scientist", "expert"):
        assert hypothesis_space(imagination).class_of(Rule.parse(text)) is not None, imagination
    assert hypothesis_space("novice").class_of(Rule.parse(text)) is None


@pytest.mark.parametrize("text", ["runs(parity,2,2)", "runs(height,1,2)"])
def test_inference_finds_runs_from_simulated_play(text: str) -> None:
    test_inference_finds_a_new_kind_from_simulated_play(text)


# ---------------------------------------------------------------- stop 51: residue classes

# The values of each class written out here (not read from the code under test).
RESIDUE_CLASSES_BY_HAND = {
    "rank(3,6,9,12)": {3, 6, 9, 12},        # a multiple of 3
    "rank(1,4,7,10,13)": {1, 4, 7, 10, 13},  # leaves 1 divided by 3
    "rank(2,5,8,11)": {2, 5, 8, 11},        # leaves 2 divided by 3
    "rank(1,5,9,13)": {1, 5, 9, 13},        # leaves 1 divided by 4
    "rank(1,2,4,5,7,8,10,11,13)": {1, 2, 4, 5, 7, 8, 10, 11, 13},  # not a multiple of 3
}


@pytest.mark.parametrize("text", sorted(RESIDUE_CLASSES_BY_HAND))
def test_the_expert_imagines_every_residue_class(text: str) -> None:
    """"A multiple of 3" and "not a multiple of 3" are classes of the expert's space, said by their
    smallest rule (before, a set of four values or more was beyond the space: only the grower
    could find it)."""
    space = hypothesis_space("expert")
    index = space.class_of(Rule.parse(text))
    assert index is not None
    found = space.rules[index]
    accepted = {r for r in range(1, 14) if found.accepts((C("6H"),), Card(r, "S"))}
    assert accepted == RESIDUE_CLASSES_BY_HAND[text]
    assert found.size == (3 if len(accepted) == 9 else 2)  # a modulus and its remainders


# ---------------------------------------------------------------- stop 51: divided by 5 and 6

@pytest.mark.parametrize(("text", "by_hand"), [
    ("sum(5,0)", lambda card, last: (card + last) % 5 == 0),
    ("diff(6,1)", lambda card, last: (card - last) % 6 == 1),
])
def test_the_expert_imagines_sums_and_differences_divided_by_5_and_6(text: str, by_hand: Any) -> None:
    """The rule builder deals them (it divides by 2 to 6), so the expert imagines them (before,
    its sums and differences were divided by 2 to 4)."""
    rule = Rule.parse(text)
    for last in range(1, 14):
        assert {r for r in range(1, 14) if rule.accepts((Card(last, "S"),), Card(r, "H"))} == {
            r for r in range(1, 14) if by_hand(r, last)}
    index = hypothesis_space("expert").class_of(rule)
    assert index is not None
    assert hypothesis_space("expert").rules[index].size == 2


# ---------------------------------------------------------------- stop 52: runs of steps

@pytest.mark.parametrize(("text", "by_hand"), [
    ("step(+1,+2,+3)", lambda card, last: 1 <= card - last <= 3),
    ("step(-2,-1)", lambda card, last: 1 <= last - card <= 2),
])
def test_the_expert_imagines_runs_of_steps_as_whole_rules_and_parts(text: str, by_hand: Any) -> None:
    """"One to three above the last card" is a whole rule of size 2 in the expert's space, and a
    part of its "or"s ("..., or the same suit"); the scientist has it only as an "and" of size 4."""
    rule = Rule.parse(text)
    for last in range(1, 14):
        assert {r for r in range(1, 14) if rule.accepts((Card(last, "S"),), Card(r, "H"))} == {
            r for r in range(1, 14) if by_hand(r, last)}
    space = hypothesis_space("expert")
    index = space.class_of(rule)
    assert index is not None
    assert space.rules[index].size == 2
    assert space.class_of(Rule.parse(f"{text} | same(suit)")) is not None
    assert hypothesis_space("scientist").class_of(Rule.parse(f"{text} | same(suit)")) is None
