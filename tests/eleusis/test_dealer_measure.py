"""The dealer's measuring player (dealer.py, *measuring player*): how hard the dealer says a rule is
does not move when a level's strategy changes."""

from __future__ import annotations

import pytest

from leopard_core.games.eleusis import dealer, players
from leopard_core.games.eleusis.notation import parse_rule

# A grown kind of the catalogue, measured on its four seeds by the measuring player (the stored
# figure, dealer_catalogue.json); a confirming scientist takes another number of turns.
RULE = "suit(SH)"
STORED = 8.75


def test_the_stored_figure_is_the_one_pinned_here() -> None:
    assert dealer.catalogue()[RULE] == STORED


def test_the_measuring_player_does_not_follow_the_scientists_level_settings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The measure stays what it was before the level changed. (It is not the stored figure: the
    measuring player imagines the scientist's space, which grew after the catalogue was measured;
    with the pairs of suits it finds this rule on its four seeds in 9, 8, 8, 9 turns, 8.5, where
    the stored 8.75 was 9, 9, 8, 9.)"""
    rule = parse_rule(RULE)
    seeds = range(4)
    before = dealer.simulated_difficulty(rule, seeds)
    confirming = players.Level("scientist", 0.0, True, 0.6, 0.85, 0.95, 0.85)
    monkeypatch.setitem(players.LEVEL_SETTINGS, "scientist", confirming)
    # The scientist level now plays otherwise (the change would show) ...
    assert [dealer.turns_to_find(rule, seed, "scientist") for seed in seeds] != [
        dealer.turns_to_find(rule, seed) for seed in seeds]
    # ... and the measure is the same all the same.
    assert dealer.simulated_difficulty(rule, seeds) == before


def test_the_measuring_player_is_no_level_and_plays_for_information() -> None:
    measuring = players.MEASURING
    assert measuring not in players.LEVEL_SETTINGS.values()
    assert measuring.imagination == "scientist" and measuring.info_weight == 4.0
    assert not measuring.confirm and not measuring.positive_test and not measuring.grows
