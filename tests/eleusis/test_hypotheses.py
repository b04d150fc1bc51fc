"""The hypothesis spaces (hypotheses.py): enumerated from the grammar, merged by behaviour, and
compiled to one function whose masks agree with each rule's own."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from strategies import mainlines

from leopard_core.cards import Card
from leopard_core.games.eleusis.hypotheses import IMAGINATIONS, hypothesis_space
from leopard_core.games.eleusis.rule import Rule

SEED_AND_CLASSICS = [
    "differ(colour)", "step(-2,+2)", "runs(2,3)", "cycle(SCDH)", "differ(parity)",
    "higher | differ(suit)", "step(-2,-1,+1,+2)", "same(suit) | same(rank)",
    "if(last.face, red, black)", "prime", "if(place(2,0), red, black)",
]


@pytest.mark.parametrize("text", SEED_AND_CLASSICS)
def test_the_scientist_imagines_the_seed_and_classic_rules(text: str) -> None:
    space = hypothesis_space("scientist")
    index = space.class_of(Rule.parse(text))
    assert index is not None
    assert space.rules[index].size <= Rule.parse(text).size  # the simplest member represents


def test_the_novice_imagines_less() -> None:
    novice, expert = hypothesis_space("novice"), hypothesis_space("expert")
    assert len(novice.rules) < len(hypothesis_space("scientist").rules) < len(expert.rules)
    assert novice.class_of(Rule.parse("cycle(SCDH)")) is None
    assert expert.class_of(Rule.parse("cycle(SCDH)")) is not None


def test_classes_are_distinct_and_sorted_by_prior() -> None:
    space = hypothesis_space("scientist")
    assert len(set(space.rules)) == len(space.rules)
    assert list(space.log_prior) == sorted(space.log_prior, reverse=True)


@pytest.mark.parametrize("imagination", IMAGINATIONS)
@settings(max_examples=25)
@given(mainline=mainlines)
def test_compiled_masks_agree_with_each_rule(imagination: str, mainline: tuple[Card, ...]) -> None:
    space = hypothesis_space(imagination)
    masks = space.masks(mainline)
    for i in random.Random(len(mainline)).sample(range(len(space.rules)), 40):
        assert masks[i] == space.rules[i].mask(mainline), str(space.rules[i])
