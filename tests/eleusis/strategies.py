"""Hypothesis strategies for Eleusis rules and mainlines (shared by the tests of tests/eleusis/)."""

from __future__ import annotations

from hypothesis import strategies as st

from leopard_core.cards import ALL_CARDS, Card
from leopard_core.games.eleusis.rule import (
    ATTRIBUTES,
    FEATURES,
    Always,
    And,
    ColourRuns,
    Compare,
    Has,
    If,
    Match,
    Not,
    Or,
    Position,
    RankIn,
    Rule,
    Step,
    SuitCycle,
)

cards = st.sampled_from(ALL_CARDS)
mainlines = st.lists(cards, min_size=1, max_size=8).map(tuple)
pairs = st.sampled_from([(0, 1), (0, 2), (1, 2)])

atoms: st.SearchStrategy[Rule] = st.one_of(
    st.just(Always()),
    st.builds(Has, st.sampled_from(FEATURES), st.integers(0, 2)),
    st.builds(RankIn, st.lists(st.integers(1, 13), min_size=1, max_size=6, unique=True).map(
        lambda r: tuple(sorted(r))), st.integers(0, 2)),
    pairs.flatmap(lambda p: st.builds(Match, st.sampled_from(ATTRIBUTES), st.booleans(),
                                      st.just(p[0]), st.just(p[1]))),
    pairs.flatmap(lambda p: st.builds(
        Step, st.lists(st.integers(-12, 12), min_size=1, max_size=4, unique=True).map(
            lambda s: tuple(sorted(s))), st.booleans(), st.just(p[0]), st.just(p[1]))),
    pairs.flatmap(lambda p: st.builds(Compare, st.booleans(), st.just(p[0]), st.just(p[1]))),
    st.permutations("SHDC").map(lambda p: SuitCycle("".join(p))),
    st.lists(st.integers(1, 4), min_size=1, max_size=3).map(lambda n: ColourRuns(tuple(n))),
    st.integers(2, 4).flatmap(lambda m: st.lists(st.integers(0, m - 1), min_size=1, max_size=m,
                                                 unique=True).map(
        lambda r, m=m: Position(m, tuple(sorted(r))))),
)


def _extend(children: st.SearchStrategy[Rule]) -> st.SearchStrategy[Rule]:
    return st.one_of(
        children.map(Not),
        st.lists(children, min_size=2, max_size=3).map(lambda p: And(tuple(p))),
        st.lists(children, min_size=2, max_size=3).map(lambda p: Or(tuple(p))),
        st.builds(If, children, children, children),
    )


rules: st.SearchStrategy[Rule] = st.recursive(atoms, _extend, max_leaves=6)


def some_card(rank: int, suit: str) -> Card:
    """A card by rank and suit letter (readability in examples)."""
    return Card(rank, suit)
