"""The rule language (leopard_core.games.eleusis.rule, notation, wording): seed 002's example rules,
Abbott's and Golden's classics, the notation round-trip, masks against a direct reading, words.

E-numbers cite docs/eleusis-rules.md loosely: card values A=1..K=13 and wrap only where the rule
says so, "previous card" is the last mainline card, the starter is the first mainline card.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import cards, mainlines, rules

from leopard_core.cards import ALL_CARDS, Card
from leopard_core.games.eleusis.notation import RuleNotationError
from leopard_core.games.eleusis.rule import FULL, Not, RankIn, Rule, RuleError, Step

C = Card.parse


def ml(text: str) -> tuple[Card, ...]:
    return tuple(C(t) for t in text.split())


def right(rule_text: str, mainline: str, card: str) -> bool:
    return Rule.parse(rule_text).accepts(ml(mainline), C(card))


# ---- seed 002's four example rules (its sentences quoted)


def test_seed_red_then_black_and_vice_versa() -> None:
    # "If the last card played was red, play a black card, and vice-versa."
    rule = "differ(colour)"
    assert right(rule, "5H", "9S") and right(rule, "5S", "2D")
    assert not right(rule, "5H", "9D") and not right(rule, "5C", "KS")


def test_seed_two_less_or_two_more() -> None:
    # "Each card played must have a value of two less or two more than the last card played."
    rule = "step(-2,+2)"
    assert right(rule, "5H", "7S") and right(rule, "5H", "3C")
    assert not right(rule, "5H", "6S") and not right(rule, "5H", "5S")
    assert not right(rule, "KH", "2S")  # E: no wrap from K to A unless the rule says so
    assert right("step(-2,+2,wrap)", "KH", "2S")


def test_seed_two_then_three_of_the_other_colour() -> None:
    # "Two consecutive cards of the same color must be played, then three consecutive cards of
    # the other color, and so on." The starter is the first card of the first run.
    rule = "runs(2,3)"
    assert right(rule, "5H", "9D")  # second red of the first run
    assert not right(rule, "5H", "9S")
    assert right(rule, "5H 9D", "2S") and not right(rule, "5H 9D", "2H")  # a black run begins
    assert right(rule, "5H 9D 2S", "3C") and right(rule, "5H 9D 2S 3C", "4S")
    assert right(rule, "5H 9D 2S 3C 4S", "4H") and not right(rule, "5H 9D 2S 3C 4S", "4C")


def test_seed_suit_cycle() -> None:
    # "The cards must cycle through the suits in the order ♠♣♦♥."
    rule = "cycle(SCDH)"
    assert right(rule, "5S", "2C") and right(rule, "5C", "2D") and right(rule, "5D", "2H")
    assert right(rule, "5H", "2S") and not right(rule, "5S", "2D")


# ---- classics from Abbott's and Golden's lists


@pytest.mark.parametrize(
    ("rule", "mainline", "card", "expected"),
    [
        ("differ(parity)", "4H", "7H", True),  # alternate odd and even
        ("differ(parity)", "4H", "8S", False),
        ("higher | differ(suit)", "9H", "3H", False),  # higher, or if not a different suit
        ("higher | differ(suit)", "9H", "3S", True),
        ("higher | differ(suit)", "9H", "10H", True),
        ("step(-2,-1,+1,+2)", "9H", "JS", True),  # within 1 or 2 of the last card
        ("step(-2,-1,+1,+2)", "9H", "QS", False),
        ("same(suit) | same(rank)", "9H", "9S", True),  # Crazy Eights
        ("same(suit) | same(rank)", "9H", "2H", True),
        ("same(suit) | same(rank)", "9H", "2S", False),
        ("if(last.face, red, black)", "QS", "2H", True),  # last a face card: red, else black
        ("if(last.face, red, black)", "10S", "2H", False),
        ("if(last.face, red, black)", "10S", "2C", True),
        ("prime", "10S", "JC", True),
        ("prime", "10S", "AC", False),  # 1 is not prime
        ("if(place(2,1), red, black)", "10S", "2H", True),  # every other card red
        ("if(place(2,1), red, black)", "10S 2H", "3H", False),
        ("higher", "KS", "AS", False),  # A = 1: nothing is higher than a king
        ("step(+1,wrap)", "KS", "AH", True),
        ("same(colour,last2)", "2H 3S", "4D", True),
        ("same(colour,last2)", "2H 3S", "4S", False),
        ("same(colour,last2)", "2H", "4S", True),  # no card before the last yet: no restriction
        ("if(last.same(colour), differ(colour), same(colour))", "2H 3H", "4H", False),
        ("if(last.odd, red, black)", "3C", "4D", True),
        ("high", "3C", "8D", True),
        ("low", "3C", "8D", False),
        ("face", "3C", "AD", False),  # the ace is a number card
        ("number", "3C", "AD", True),
    ],
)
def test_classic_rules(rule: str, mainline: str, card: str, expected: bool) -> None:
    assert right(rule, mainline, card) is expected


# ---- notation


@given(rules)
def test_notation_round_trips(rule: Rule) -> None:
    assert Rule.parse(str(rule)) == rule


@pytest.mark.parametrize(
    "text", ["", "red &", "same(color)", "step(x)", "last2.cycle(SCDH)", "cycle(SSDH)", "red)",
             "if(red, black)", "rank(14)", "place(1,0)", "last.same(colour,last)", "blue", "(red"],
)
def test_bad_notation_quotes_the_input(text: str) -> None:
    with pytest.raises(RuleNotationError) as err:
        Rule.parse(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, ValueError)


def test_bad_tree_is_refused() -> None:
    with pytest.raises(RuleError, match="steps"):
        Step(())


def test_spaces_and_case_of_cycle_are_forgiven() -> None:
    assert str(Rule.parse("  cycle( scdh )|red ")) == "cycle(SCDH) | red"


# ---- masks


@given(rules, mainlines)
def test_mask_agrees_with_the_direct_reading(rule: Rule, mainline: tuple[Card, ...]) -> None:
    direct = sum(1 << i for i, card in enumerate(ALL_CARDS) if rule.holds(mainline, card))
    assert rule.mask(mainline) == direct
    assert rule.mask(mainline) == direct  # the second time from the table


@given(rules, mainlines, cards)
def test_accepts_is_the_mask_bit(rule: Rule, mainline: tuple[Card, ...], card: Card) -> None:
    assert rule.accepts(mainline, card) == rule.holds(mainline, card)


def test_masks_by_hand() -> None:
    hearts = sum(1 << i for i, c in enumerate(ALL_CARDS) if c.suit == "H")
    assert Rule.parse("same(suit)").mask(ml("7H")) == hearts
    assert Rule.parse("true").mask(ml("7H")) == FULL
    assert Rule.parse("!true").mask(ml("7H")) == 0


# ---- wording and size


@given(rules)
def test_wording_is_never_empty_and_differs_between_languages(rule: Rule) -> None:
    english, spanish = rule.wording("en"), rule.wording("es")
    assert english.strip() and spanish.strip()
    assert english != spanish
    assert english.endswith(".") and spanish.endswith(".")
    assert "  " not in english and "  " not in spanish


@pytest.mark.parametrize(
    ("rule", "english", "spanish"),
    [
        ("differ(colour)", "Play a card of a different colour from the last card.",
         "Juega una carta de otro color que la última."),
        ("cycle(SCDH)",
         "Play a card of the suit after the last card's in the cycle spades → clubs → diamonds → "
         "hearts → spades.",
         "Juega una carta del palo que sigue al de la última en el ciclo picas → tréboles → "
         "diamantes → corazones → picas."),
        ("if(last.face, red, black)",
         "If the last card is a face card, play a red card; otherwise, play a black card.",
         "Si la última carta es una figura, juega una carta roja; si no, juega una carta negra."),
    ],
)
def test_wording_examples(rule: str, english: str, spanish: str) -> None:
    assert Rule.parse(rule).wording("en") == english
    assert Rule.parse(rule).wording("es") == spanish


@pytest.mark.parametrize(
    ("rule", "english", "spanish"),
    [
        ("if(last.red, if(last.face, heart, club), black)",
         "If the last card is red: if it is a face card, play a heart; otherwise, play a club. "
         "If the last card is not red: play a black card.",
         "Si la última carta es roja: si es una figura, juega un corazón; si no, juega un trébol. "
         "Si la última carta no es roja: juega una carta negra."),
        ("if(last.red, if(face, heart, club), black)",
         "If the last card is red: if the card you play is a face card, play a heart; otherwise, "
         "play a club. If the last card is not red: play a black card.",
         "Si la última carta es roja: si la carta que juegas es una figura, juega un corazón; si "
         "no, juega un trébol. Si la última carta no es roja: juega una carta negra."),
        ("if(face, if(last.red, heart, club), black)",
         "If the card you play is a face card: if the last card is red, play a heart; otherwise, "
         "play a club. If the card you play is not a face card: play a black card.",
         "Si la carta que juegas es una figura: si la última carta es roja, juega un corazón; si "
         "no, juega un trébol. Si la carta que juegas no es una figura: juega una carta negra."),
        ("if(last.red, !heart, if(last2.odd, true, black))",
         "If the last card is red: play a card that is not a heart. If the last card is not red: "
         "if the card before the last is of odd value, play any card; otherwise, play a black card.",
         "Si la última carta es roja: juega una carta que no sea un corazón. Si la última carta no "
         "es roja: si la penúltima carta es de valor impar, juega cualquier carta; si no, juega "
         "una carta negra."),
        ("if(last.face, suit(HC) & higher, black)",
         "If the last card is a face card, play a card that is a heart or a club, and is higher "
         "than the last card; otherwise, play a black card.",
         "Si la última carta es una figura, juega una carta que sea un corazón o un trébol, y sea "
         "más alta que la última; si no, juega una carta negra."),
        ("(red & odd) | black",
         "Play either a card that is red and is of odd value, or a black card.",
         "Juega o bien una carta que sea roja y sea de valor impar, o bien una carta negra."),
        ("(red & rank(1,13)) | !spade",
         "Play either a card that is red and is of value ace or king, or a card that is not a spade.",
         "Juega o bien una carta que sea roja y sea de valor as o rey, o bien una carta que no sea una "
         "pica."),
        ("(red | odd) & black",
         "Play a card that either is red or is of odd value, and is black.",
         "Juega una carta que o bien sea roja o bien sea de valor impar, y sea negra."),
        ("if(last.red, (red | odd) & black, true)",
         "If the last card is red, play a card that either is red or is of odd value, and is "
         "black; otherwise, play any card.",
         "Si la última carta es roja, juega una carta que o bien sea roja o bien sea de valor impar, "
         "y sea negra; si no, juega cualquier carta."),
    ],
)
def test_wording_of_rules_nested_two_deep(rule: str, english: str, spanish: str) -> None:
    """Each case of an "if" inside an "if" said in full, with its own sentence; an "or" beside an
    "and" says which joins which ("either ..., or ..."; "o bien ..., o bien ...")."""
    assert Rule.parse(rule).wording("en") == english
    assert Rule.parse(rule).wording("es") == spanish


def test_size_grows_with_the_tree() -> None:
    assert Rule.parse("red").size == 1
    assert Rule.parse("red & higher").size == 3
    assert Rule.parse("if(last.face, red, black)").size == 4
    assert Rule.parse("step(-2,-1,+1,+2)").size > Rule.parse("step(+1)").size


@given(st.sampled_from(["en", "es"]))
def test_unknown_language_is_refused(language: str) -> None:
    with pytest.raises(ValueError, match="'fr'"):
        Rule.parse("red").wording("fr")
    assert Rule.parse("red").wording(language)


@pytest.mark.parametrize(("notation", "size"), [
    ("rank(5)", 1), ("rank(1,4)", 2), ("rank(1,4,9)", 3), ("rank(1,4,9,12)", 4),
    ("rank(1,2,3,5,8,13)", 4), ("rank(1,2,3,5,8,11,13)", 4), ("rank(4,5,6,7,8,9)", 2),
    ("!rank(2,6,9,12)", 5),
])
def test_a_set_of_values_costs_one_per_member_up_to_four(notation: str, size: int) -> None:
    """Naming one set among those of as many values hardly takes more past four values (see
    ``rule.VALUE_SET_MOST``); an interval costs two whatever its length."""
    assert Rule.parse(notation).size == size


@pytest.mark.parametrize(("notation", "size"), [
    ("step(+1)", 1), ("step(-1,+1)", 2), ("step(-2,+2)", 2), ("step(-2,-1,+1,+2)", 3),
    ("step(-3,-2,-1,+1,+2,+3)", 3), ("step(-1,+1,wrap)", 3), ("step(-3,-1,+1,+3)", 3),
    # one way: a run costs two, as an interval of values; steps apart one each
    ("step(+1,+2,+3)", 2), ("step(-4,-3,-2,-1)", 2), ("step(+1,+3)", 2), ("step(+1,+3,+5)", 3),
    # neither: one per step
    ("step(-1,+2)", 2), ("step(-2,-1,+1)", 3),
])
def test_steps_cost_what_they_take_to_say(notation: str, size: int) -> None:
    """"One or two above or below the last card" is said by its distances and "either way" (the
    seed's own example: "two less or two more than the last card played"), not step by step:
    no dearer than "one below or two below" (``step(-1) | step(-2)``, size 3 with its node);
    "one to three above" is an interval of differences, no dearer than "higher & within(3)"."""
    assert Rule.parse(notation).size == size
    assert Rule.parse("step(-2,-1,+1,+2)").size <= Rule.parse("step(-1) | step(-2)").size
    assert Rule.parse("step(+1,+2,+3)").size < Rule.parse("higher & within(3)").size


@pytest.mark.parametrize(("notation", "size", "residue"), [
    ("rank(3,6,9,12)", 2, (3, (0,))), ("rank(1,4,7,10,13)", 2, (3, (1,))), ("rank(2,5,8,11)", 2, (3, (2,))),
    ("rank(4,8,12)", 2, (4, (0,))), ("rank(1,5,9,13)", 2, (4, (1,))), ("!rank(3,6,9,12)", 3, (3, (0,))),
    # "not a multiple of 3" (two remainders), of 4 (three, no dearer than any set of four values)
    ("rank(1,2,4,5,7,8,10,11,13)", 3, (3, (1, 2))), ("rank(1,2,5,6,9,10,13)", 3, (4, (1, 2))),
    ("rank(1,2,3,5,6,7,9,10,11,13)", 4, (4, (1, 2, 3))),
    # not residue classes: a value missing, one too many, modulo 5
    ("rank(3,6,9)", 3, None), ("rank(3,6,9,12,13)", 4, None), ("rank(1,6,11)", 3, None),
    # the even and the odd values are classes modulo 4 too, dearer than the features that say them
    ("rank(2,4,6,8,10,12)", 3, (4, (0, 2))), ("rank(1,3,5,7,9,11,13)", 3, (4, (1, 3))),
])
def test_a_residue_class_costs_one_per_remainder_and_one_for_the_modulus(
        notation: str, size: int, residue: tuple[int, tuple[int, ...]] | None) -> None:
    """The values that leave one of some remainders divided by 3 or 4 are named by the modulus
    and the remainders (``rule.RESIDUE_MODULI``), as a sum modulo a number is: "a multiple of 3" is
    no dearer than "a value from 4 to 9"."""
    rule = Rule.parse(notation)
    assert rule.size == size
    group = rule.part if isinstance(rule, Not) else rule
    assert isinstance(group, RankIn)
    assert group.residue_class == residue


@pytest.mark.parametrize(("notation", "english", "spanish"), [
    ("rank(3,6,9,12)", "Play a card of a value that is a multiple of 3 (3, 6, 9 or queen).",
     "Juega una carta de un valor múltiplo de 3 (3, 6, 9 o reina)."),
    ("rank(1,5,9,13)", "Play a card of a value that leaves 1 when divided by 4 (ace, 5, 9 or king).",
     "Juega una carta de un valor que deja resto 1 al dividirlo entre 4 (as, 5, 9 o rey)."),
    ("rank(1,2,4,5,7,8,10,11,13)", "Play a card of a value that is not a multiple of 3 (all but 3, 6, 9"
     " and queen).", "Juega una carta de un valor que no es múltiplo de 3 (todos menos 3, 6, 9 y reina)."),
    ("rank(1,2,5,6,9,10,13)", "Play a card of a value that leaves 1 or 2 when divided by 4 (ace, 2, 5,"
     " 6, 9, 10 or king).", "Juega una carta de un valor que deja resto 1 o 2 al dividirlo entre 4 (as,"
     " 2, 5, 6, 9, 10 o rey)."),
    ("if(last.rank(2,5,8,11), red, black)",
     "If the last card is of a value that leaves 2 when divided by 3 (2, 5, 8 or jack), play a red"
     " card; otherwise, play a black card.",
     "Si la última carta es de un valor que deja resto 2 al dividirlo entre 3 (2, 5, 8 o jota),"
     " juega una carta roja; si no, juega una carta negra."),
])
def test_a_residue_class_is_worded_by_its_remainder(notation: str, english: str, spanish: str) -> None:
    """Said as a player would say it, its values named too (a jack is 11: not every player counts
    the faces), in both languages."""
    rule = Rule.parse(notation)
    assert rule.wording("en") == english
    assert rule.wording("es") == spanish
