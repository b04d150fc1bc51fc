"""The three levels think differently (players.py, *level*; issue 31), in ways Think aloud tells:
the scientist tests the rule it leans towards with cards that rule accepts (the positive test),
where the expert and the dealer's measuring player play the card that teaches most; the novice and
the scientist guess only when fairly sure, the expert when the expected points say so."""

from __future__ import annotations

import random

from leopard_core.cards import Card
from leopard_core.games.eleusis.evidence import Decision, Evidence, Play
from leopard_core.games.eleusis.players import MEASURING, ScientistPlayer, make_player
from leopard_core.games.eleusis.rule import Rule
from leopard_core.games.eleusis.science_messages import english

C = Card.parse


def table(line: str, plays: list[tuple[int, str, bool]]) -> Evidence:
    return Evidence(tuple(C(c) for c in line.split()),
                    tuple(Play(at, (C(card),), right) for at, card, right in plays))


# "A red card" dealt: every red card so far right, the two black cards after the starter wrong.
LEANING_RED = table("6S 7H JH 9D 2D", [(1, "7H", True), (2, "JH", True), (3, "AC", False),
                                       (3, "2S", False), (3, "9D", True), (4, "2D", True)])
HAND = [C("6C"), C("10H"), C("AC"), C("9S"), C("4H")]


def test_a_scientist_that_leans_towards_a_rule_tests_it_with_a_card_it_accepts() -> None:
    scientist = make_player("scientist", random.Random(1))
    play = scientist.choose_play(LEANING_RED, HAND, strings_allowed=False)
    block = scientist.explain(LEANING_RED, Decision(LEANING_RED, play, tuple(HAND)))
    assert block["belief"]["code"] == "eleusis.belief.leaning"
    assert block["belief"]["params"]["rule"] == "red"
    assert play is not None and play[0] in (C("10H"), C("4H"))  # a red card
    choice = block["choice"]
    assert choice["code"] == "eleusis.choice.positive" and choice["params"]["rule"] == "red"
    said = english(choice["code"], **choice["params"])
    assert "a card my favourite rule" in said and "accepts, to test it" in said, said


def test_where_the_scientist_tests_its_favourite_the_others_play_what_teaches_most() -> None:
    measuring = ScientistPlayer("measuring", random.Random(1), MEASURING)
    teaches_most = measuring.choose_play(LEANING_RED, HAND, strings_allowed=False)
    assert teaches_most is not None and not Rule.parse("red").accepts(LEANING_RED.mainline, teaches_most[0])
    expert = make_player("expert", random.Random(1))
    play = expert.choose_play(LEANING_RED, HAND, strings_allowed=False)
    block = expert.explain(LEANING_RED, Decision(LEANING_RED, play, tuple(HAND)))
    assert block["choice"]["code"] in ("eleusis.choice.test", "eleusis.choice.safe")


def test_the_novice_waits_until_it_is_fairly_sure_before_guessing() -> None:
    """Guessing at 55 % pays by the expected points (a wrong guess costs 2, a turn 1): an expert's
    reckoning. The novice, like the scientist, guesses once it gives a rule 80 %."""
    evidence = table("7S AD 5S 9S 7H KD", [(1, "AD", True), (2, "5S", True), (3, "9S", True),
                                           (4, "8C", False), (4, "7H", True), (5, "KD", True)])
    novice = make_player("novice", random.Random(1))
    rule, chance = novice.best_guess(evidence)
    assert str(rule) == "odd" and 0.6 <= chance < 0.8
    assert novice.guess(evidence) is None
