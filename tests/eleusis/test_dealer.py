"""The computer dealer (dealer.py): dead ends found by exploring reachable states, trivial rules
refused, dealt rules playable (E2.4: "refused if some mainline that play can reach would have no
right card at all ... or if it accepts almost every card or almost none")."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from leopard_core.cards import ALL_CARDS, Card
from leopard_core.games.eleusis import dealer
from leopard_core.games.eleusis.rule import (
    Apart,
    Between,
    Compare,
    If,
    Modular,
    Position,
    RankIn,
    Rule,
    Runs,
    Step,
    SuitIn,
    SuitOrder,
    SuitPairs,
    Total,
    about_card_played,
)


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


# ---------------------------------------------------------------- the catalogue's words and kinds

NOTATION = re.compile(
    r"[_&|!]|\b(?:last2?|suit|within|apart|sum|diff|step|rank|place|cycle|runs|same|differ)\(")
CARD_CODE = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")


@pytest.mark.parametrize("text", sorted(dealer.catalogue()))
def test_every_catalogue_rule_reads_back_the_same_and_is_worded_in_both_languages(text: str) -> None:
    rule = Rule.parse(text)
    assert str(rule) == text and Rule.parse(str(rule)) == rule
    english, spanish = rule.wording("en"), rule.wording("es")
    assert english.startswith(("Play ", "If ")) and spanish.startswith(("Juega ", "Si ")), (english, spanish)
    for words in (english, spanish):
        assert not NOTATION.search(words) and not CARD_CODE.search(words), words


def _nodes(rule: Rule) -> list[Rule]:
    return [rule, *(node for child in rule.children() for node in _nodes(child))]


GROWN_KINDS: dict[str, Callable[[Rule], bool]] = {
    "or equal": lambda n: isinstance(n, Compare) and n.or_equal,
    "a group of suits": lambda n: isinstance(n, SuitIn) and len(n.suits) in (2, 3),
    "a group of values": lambda n: isinstance(n, RankIn) and len(n.ranks) > 1,
    "a suit order": lambda n: isinstance(n, SuitOrder),
    "within": lambda n: isinstance(n, Apart) and not n.at_least,
    "apart": lambda n: isinstance(n, Apart) and n.at_least,
    "a sum": lambda n: isinstance(n, Modular) and not n.difference,
    "a difference": lambda n: isinstance(n, Modular) and n.difference,
    "a sum at most": lambda n: isinstance(n, Total) and not n.at_least,
    "a sum at least": lambda n: isinstance(n, Total) and n.at_least,
    "between the last two": lambda n: isinstance(n, Between),
    "the same pair of suits": lambda n: isinstance(n, SuitPairs) and n.same,
    "another pair of suits": lambda n: isinstance(n, SuitPairs) and not n.same,
    "a pair of suits two back": lambda n: isinstance(n, SuitPairs) and n.to == 2,
    "runs of parity": lambda n: isinstance(n, Runs) and n.attribute == "parity",
    "runs of kind": lambda n: isinstance(n, Runs) and n.attribute == "kind",
    "runs of height": lambda n: isinstance(n, Runs) and n.attribute == "height",
    "two back": lambda n: isinstance(n, Compare | Apart | Modular | SuitOrder | Step | Total) and n.to == 2,
    "if on the card played": lambda n: isinstance(n, If) and about_card_played(n.condition),
    "if on the place": lambda n: isinstance(n, If) and isinstance(n.condition, Position),
}
"""Each kind of piece the rule language grew for issue 31, as a test on one node."""


@pytest.mark.parametrize("kind", GROWN_KINDS)
def test_the_dealer_may_deal_each_grown_kind(kind: str) -> None:
    dealt = [text for text in dealer.catalogue() if any(map(GROWN_KINDS[kind], _nodes(Rule.parse(text))))]
    assert dealt, kind


def test_grown_kinds_come_at_every_difficulty_but_easy() -> None:
    bands = {dealer.rule_band(Rule.parse(text), dealer.catalogue()[text]) for text in dealer.grown()}
    assert bands == {"medium", "hard", "expert"}


def test_a_grown_kind_is_never_easy_even_when_the_computer_finds_it_quickly() -> None:
    """The scientist finds "the sum with the last card's value is a multiple of 4" in 8 turns; a
    person does not (E2: the kinds the dealer deals)."""
    quick = [text for text in dealer.grown()
             if dealer.band_of(dealer.catalogue()[text], grown_kind=True) == "easy"]
    assert "sum(4,0)" in quick
    assert all(dealer.check_rule(Rule.parse(text)).band == "medium" for text in quick)
    rng = random.Random(4)
    assert not any(str(dealer.deal_rule(rng, "easy")) in dealer.grown() for _ in range(300))


def test_a_seed_deals_the_rule_it_dealt_before_the_catalogue_grew_unless_it_draws_a_grown_kind() -> None:
    """The first draw is over the first kinds of the band, as before; a second draw replaces it by
    a grown kind with the grown kinds' share of the band."""
    data = json.loads(Path(dealer.__file__).with_name(dealer.CATALOGUE_FILE).read_text(encoding="utf-8"))
    values = sorted(entry["difficulty"] for entry in data["rules"])
    edges = [values[len(values) * q // 4] for q in (1, 2, 3)]
    band = {text: next((name for name, edge in zip(dealer.DIFFICULTIES, edges, strict=False) if value < edge),
                       "expert") for text, value in ((e["rule"], e["difficulty"]) for e in data["rules"])}
    kept = changed = 0
    for seed in range(400):
        difficulty = dealer.DIFFICULTIES[seed % 4]
        before = random.Random(seed).choice(sorted(t for t, b in band.items() if b == difficulty))
        now = str(dealer.deal_rule(random.Random(seed), difficulty))
        if now == before:
            kept += 1
        else:
            assert difficulty != "easy" and now in dealer.grown(), (seed, before, now)
            changed += 1
    assert kept > changed > 0
