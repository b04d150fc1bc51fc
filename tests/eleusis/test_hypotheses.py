"""The hypothesis spaces (hypotheses.py): enumerated from the grammar, merged by behaviour, and
compiled to functions whose masks agree with each rule's own; built at once or in short steps."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from strategies import mainlines

from leopard_core.cards import Card
from leopard_core.games.eleusis import hypotheses
from leopard_core.games.eleusis.hypotheses import IMAGINATIONS, HypothesisSpace, build_space, hypothesis_space
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


@pytest.fixture()
def nothing_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Python in which no space has been built or begun (as a worker's first call finds it)."""
    monkeypatch.setattr(hypotheses, "_SPACES", {})
    monkeypatch.setattr(hypotheses, "_UNDER_WAY", {})


@pytest.mark.usefixtures("nothing_built")
def test_a_space_built_in_steps_is_the_space_built_at_once() -> None:
    at_once = next(step for step in iter_building("scientist") if step is not None)
    calls = 1
    while (in_steps := build_space("scientist", until=0.0)) is None:  # one step a call
        calls += 1
    assert calls > 20, "the building is cut into many short steps"
    assert in_steps.rules == at_once.rules and in_steps.log_prior == at_once.log_prior
    assert in_steps.atoms == at_once.atoms
    for mainline in ((), (Card(5, "H"),), (Card(5, "H"), Card(12, "S"), Card(1, "D"))):
        assert in_steps.masks(mainline) == [rule.mask(mainline) for rule in in_steps.rules]
    assert hypothesis_space("scientist") is in_steps, "kept once built"


def iter_building(imagination: str) -> list[HypothesisSpace | None]:
    """The space built by a fresh generator in one go (steps yield None, the last the space)."""
    steps = hypotheses._building(imagination)
    out: list[HypothesisSpace | None] = []
    try:
        while True:
            out.append(next(steps))
    except StopIteration as built:
        out.append(built.value)
    return out


@pytest.mark.usefixtures("nothing_built")
def test_a_failed_building_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    build_space("novice", until=0.0)
    real = hypotheses.packed_masks

    def broken(*args: object) -> object:
        raise MemoryError("no room")

    monkeypatch.setattr(hypotheses, "packed_masks", broken)
    with pytest.raises(MemoryError):
        build_space("novice")
    monkeypatch.setattr(hypotheses, "packed_masks", real)
    assert build_space("novice") is not None


def test_an_unknown_imagination_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'dreamer'"):
        build_space("dreamer", until=0.0)


@pytest.mark.parametrize(("text", "gain"), [
    ("if(last.face, red, black)", math.log(2)),  # colour twice: 2!
    ("if(last.red, black, red)", math.log(6)),  # colour three times: 3!
    ("if(last.face, suit(HC), suit(SD))", math.log(2)),  # two groups of suits
    ("if(last.same(kind), diamond, differ(suit))", 0.0),  # every production once
    ("same(rank) | step(+1)", 0.0),
])
def test_the_experts_prior_gives_a_production_used_again_its_reuse(text: str, gain: float) -> None:
    # Goodman et al.'s rational rules: productions drawn with unknown probabilities, uniform
    # under a Dirichlet of concentration 1, so n uses of one production gain log n!
    rule = Rule.parse(text)
    assert hypotheses.grammar_prior(rule, "expert") == pytest.approx(-2.0 * rule.size + gain)
    assert hypotheses.grammar_prior(rule, "scientist") == -2.0 * rule.size  # as the dealer measured


def test_the_experts_space_ranks_a_rule_that_says_colour_twice_above_its_twin() -> None:
    # Same size, same narrowness (neither accepts under a quarter of the faces): only the reuse
    # of the colour tells them apart in the expert's prior; the scientist's puts them level.
    twice, once = Rule.parse("if(last.face, red, black)"), Rule.parse("if(last.face, odd, black)")
    expert, scientist = hypothesis_space("expert"), hypothesis_space("scientist")

    def lead(space: HypothesisSpace) -> float:
        a, b = space.class_of(twice), space.class_of(once)
        assert a is not None and b is not None
        return space.log_prior[a] - space.log_prior[b]

    assert lead(expert) > lead(scientist) + 0.5
