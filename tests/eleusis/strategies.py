"""Hypothesis strategies for Eleusis rules and mainlines (shared by the tests of tests/eleusis/)."""

from __future__ import annotations

from hypothesis import strategies as st

from leopard_core.cards import ALL_CARDS, Card
from leopard_core.games.eleusis import rule as lang

cards = st.sampled_from(ALL_CARDS)
mainlines = st.lists(cards, min_size=1, max_size=8).map(tuple)
pairs = st.sampled_from([(0, 1), (0, 2), (1, 2)])

atoms: st.SearchStrategy[lang.Rule] = st.one_of(
    st.just(lang.Always()),
    st.builds(lang.Has, st.sampled_from(lang.FEATURES), st.integers(0, 2)),
    st.builds(lang.RankIn, st.lists(st.integers(1, 13), min_size=1, max_size=6, unique=True).map(
        lambda r: tuple(sorted(r))), st.integers(0, 2)),
    pairs.flatmap(lambda p: st.builds(lang.Match, st.sampled_from(lang.ATTRIBUTES), st.booleans(),
                                      st.just(p[0]), st.just(p[1]))),
    pairs.flatmap(lambda p: st.builds(
        lang.Step, st.lists(st.integers(-12, 12), min_size=1, max_size=4, unique=True).map(
            lambda s: tuple(sorted(s))), st.booleans(), st.just(p[0]), st.just(p[1]))),
    pairs.flatmap(lambda p: st.builds(lang.Compare, st.booleans(), st.just(p[0]), st.just(p[1]),
                                      st.booleans())),
    st.builds(lang.SuitIn, st.lists(st.sampled_from("SHDC"), min_size=1, max_size=4, unique=True).map(
        "".join), st.integers(0, 2)),
    pairs.flatmap(lambda p: st.builds(lang.SuitOrder, st.permutations("SHDC").map("".join),
                                      st.booleans(), st.booleans(), st.just(p[0]), st.just(p[1]))),
    pairs.flatmap(lambda p: st.builds(lang.Apart, st.integers(1, 12), st.booleans(), st.booleans(),
                                      st.just(p[0]), st.just(p[1]))),
    pairs.flatmap(lambda p: st.integers(2, 6).flatmap(lambda m: st.builds(
        lang.Modular, st.just(m), st.lists(st.integers(0, m - 1), min_size=1, max_size=m, unique=True).map(
            lambda r: tuple(sorted(r))), st.booleans(), st.just(p[0]), st.just(p[1])))),
    pairs.flatmap(lambda p: st.builds(lang.Total, st.sampled_from(lang.TOTAL_BOUNDS), st.booleans(),
                                      st.just(p[0]), st.just(p[1]))),
    st.builds(lang.Between, st.booleans()),
    # any pair of a pairing that is not the colours, in either order (the rule names it by spades')
    pairs.flatmap(lambda p: st.builds(lang.SuitPairs, st.sampled_from(
        ["SH", "HS", "DC", "CD", "SD", "DS", "HC", "CH"]), st.booleans(), st.just(p[0]), st.just(p[1]))),
    st.permutations("SHDC").map(lambda p: lang.SuitCycle("".join(p))),
    # runs of every two-way attribute (colour as the old notation ``runs(2,3)`` writes it)
    st.builds(lambda n, attribute: lang.Runs(tuple(n), attribute),
              st.lists(st.integers(1, 4), min_size=1, max_size=3), st.sampled_from(lang.RUN_ATTRIBUTES)),
    st.integers(2, 4).flatmap(lambda m: st.lists(st.integers(0, m - 1), min_size=1, max_size=m,
                                                 unique=True).map(
        lambda r, m=m: lang.Position(m, tuple(sorted(r))))),
)


def _extend(children: st.SearchStrategy[lang.Rule]) -> st.SearchStrategy[lang.Rule]:
    return st.one_of(
        children.map(lang.Not),
        st.lists(children, min_size=2, max_size=3).map(lambda p: lang.And(tuple(p))),
        st.lists(children, min_size=2, max_size=3).map(lambda p: lang.Or(tuple(p))),
        st.builds(lang.If, children, children, children),
    )


rules: st.SearchStrategy[lang.Rule] = st.recursive(atoms, _extend, max_leaves=6)


def some_card(rank: int, suit: str) -> Card:
    """A card by rank and suit letter (readability in examples)."""
    return Card(rank, suit)
