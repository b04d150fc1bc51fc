"""The computer dealer (dealer.py): dead ends found by exploring reachable states, trivial rules
refused, dealt rules playable (E2.4: "refused if some mainline that play can reach would have no
right card at all ... or if it accepts almost every card or almost none")."""

from __future__ import annotations

import random

import pytest

from leopard_core.cards import ALL_CARDS, Card
from leopard_core.games.eleusis import dealer
from leopard_core.games.eleusis.rule import Rule


def test_seed_examples_have_no_dead_end() -> None:
    for text in ["differ(colour)", "step(-2,+2)", "runs(2,3)", "cycle(SCDH)"]:
        check = dealer.check_rule(Rule.parse(text))
        assert not check.dead_end and not check.trivial, text


@pytest.mark.parametrize(
    ("text", "stuck_after"),
    [("higher", ("K",)), ("lower", ("A",)), ("step(+1)", ("K",)), ("step(+2)", ("Q", "K"))],
)
def test_dead_ends_are_found_with_a_mainline_that_reaches_them(
        text: str, stuck_after: tuple[str, ...]) -> None:
    rule = Rule.parse(text)
    check = dealer.check_rule(rule)
    assert check.dead_end
    mainline = tuple(Card.parse(c) for c in check.dead_end_example)
    # The example is a real play: each card right after the ones before it, then nothing is.
    for i in range(1, len(mainline)):
        assert rule.accepts(mainline[:i], mainline[i])
    assert not any(rule.accepts(mainline, card) for card in ALL_CARDS)
    assert str(mainline[-1])[0] in stuck_after


def test_a_dead_end_two_cards_deep_is_found() -> None:
    # Higher than the card before the last: stuck two cards after a king.
    check = dealer.check_rule(Rule.parse("higher(last2)"))
    assert check.dead_end and len(check.dead_end_example) >= 2
    assert check.dead_end_example[-2].startswith("K")
    # ... but not when equal values are allowed too.
    assert not dealer.check_rule(Rule.parse("higher(last2) | same(rank,last2)")).dead_end


def test_a_wrap_rule_has_no_dead_end() -> None:
    assert not dealer.check_rule(Rule.parse("step(+1,+2,wrap)")).dead_end


@pytest.mark.parametrize("text", ["true", "differ(rank)", "same(rank)", "rank(7)"])
def test_trivial_rules_are_refused(text: str) -> None:
    check = dealer.check_rule(Rule.parse(text))
    assert check.trivial and not check.playable


def test_acceptance_is_the_mean_over_reachable_states() -> None:
    assert dealer.check_rule(Rule.parse("red")).acceptance == pytest.approx(0.5)
    assert dealer.check_rule(Rule.parse("face")).acceptance == pytest.approx(12 / 52)


@pytest.mark.parametrize("band", dealer.DIFFICULTIES)
def test_dealt_rules_are_playable_and_of_their_band(band: str) -> None:
    rng = random.Random(5)
    for _ in range(5):
        rule = dealer.deal_rule(rng, band)
        check = dealer.check_rule(rule)
        assert check.playable
        if dealer.catalogue():
            assert check.band == band


def test_dealing_is_seeded() -> None:
    first = [str(dealer.deal_rule(random.Random(9), "hard")) for _ in range(3)]
    again = [str(dealer.deal_rule(random.Random(9), "hard")) for _ in range(3)]
    assert first == again


def test_unknown_difficulty_is_refused() -> None:
    with pytest.raises(dealer.DifficultyError, match="'insane'"):
        dealer.deal_rule(random.Random(1), "insane")


def test_the_catalogue_is_playable() -> None:
    for text in dealer.catalogue():
        assert dealer.check_rule(Rule.parse(text)).playable, text
