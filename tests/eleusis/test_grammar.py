"""The grammar of issue 31 (rule.py, notation.py, wording.py, hypotheses.py): the new kinds of
rule read and write themselves, are worded in plain English and Spanish, are in the players'
spaces (and the hand-picked rank sets are not), and inference finds them from simulated play."""

from __future__ import annotations

import random

import pytest

from leopard_core.cards import ALL_CARDS, Card
from leopard_core.games.eleusis.agreement import same_rule
from leopard_core.games.eleusis.belief import Belief
from leopard_core.games.eleusis.evidence import Evidence, Play
from leopard_core.games.eleusis.hypotheses import candidate_rules, hypothesis_space
from leopard_core.games.eleusis.rule import Rule

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
     "Juega una carta de un valor que dista a lo sumo 3 del de la última."),
    ("suit(SH)", "Play a spade or a heart.", "Juega una pica o un corazón."),
    ("higher_eq", "Play a card higher than or equal to the last card.",
     "Juega una carta igual o más alta que la última."),
    ("rank(4,5,6,7,8,9)", "Play a card of value 4 to 9.", "Juega una carta de valor del 4 al 9."),
    ("sum(3,0)", "Play a card of a value that, plus the last card's, leaves 0 when divided by 3.",
     "Juega una carta de un valor que, más el de la última, deja resto 0 al dividirlo entre 3."),
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


@pytest.mark.parametrize("text", ["within(3)", "sum(3,0)", "suit(SH)", "higher_eq",
                                  "if(odd, differ(colour), same(colour))"])
def test_inference_finds_a_new_kind_from_simulated_play(text: str) -> None:
    secret = Rule.parse(text)
    rng = random.Random(7)
    mainline: tuple[Card, ...] = (C("6H"),)
    plays: list[Play] = []
    for _ in range(30):
        card = rng.choice(ALL_CARDS)
        right = secret.accepts(mainline, card)
        plays.append(Play(len(mainline), (card,), right))
        if right:
            mainline = (*mainline, card)
    belief = Belief(hypothesis_space("expert"))
    belief.update(Evidence(mainline, tuple(plays)))
    best = belief.space.rules[belief.ranked(1)[0]]
    assert same_rule(best, secret, mainline, random.Random(1)), str(best)
    assert belief.weights[belief.ranked(1)[0]] > 0.3
