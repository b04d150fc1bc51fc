"""The Eleusis lab (``eleusis.grammar``, ``describe``, ``notebook``, ``judge_line``): the builder can
build the dealer's rules, and the notebook and the sandbox judge cards as the rules say.

The expected verdicts come from rules written here in plain Python (``REFERENCE``), never from
the rule language's own judging.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

import pytest
from conftest import bridge_answer as call
from conftest import bridge_result as ok

from leopard_core.cards import ALL_CARDS, Card
from leopard_core.games.eleusis import lab
from leopard_core.games.eleusis.dealer import catalogue, catalogue_candidates, check_rule
from leopard_core.games.eleusis.growth import Grower
from leopard_core.games.eleusis.hypotheses import IMAGINATIONS, candidate_rules, grammar_pieces
from leopard_core.games.eleusis.rule import Rule
from leopard_core.platform import bridge

Judge = Callable[[Sequence[Card], Card], bool]
RED = {"H", "D"}

REFERENCE: dict[str, Judge] = {
    "red": lambda line, card: card.suit in RED,
    "differ(colour)": lambda line, card: (card.suit in RED) != (line[-1].suit in RED),
    "step(-1,+1)": lambda line, card: abs(card.rank - line[-1].rank) == 1,
    "if(last.face, red, black)": lambda line, card: (card.suit in RED) == (line[-1].rank >= 11),
    "higher | same(suit)": lambda line, card: card.rank > line[-1].rank or card.suit == line[-1].suit,
    "rank(1,2,3) & !heart": lambda line, card: card.rank <= 3 and card.suit != "H",
}
"""Rules in notation, and the same rules written by hand from the rules' glossary."""


def sample_form(slot: str) -> dict[str, Any]:
    """A filled form for a nested part of ``slot``."""
    if slot == "condition":
        return {"family": "cond_feature", "parts": {"card": "last.", "feature": "odd"}}
    return {"family": "feature", "parts": {"feature": "black"}}


def every_form(family: lab.Family) -> list[dict[str, Any]]:
    """Forms of ``family`` that try each option of each part once, the others at their defaults."""
    base: dict[str, Any] = {}
    for part in family.parts:
        if part.kind == "choice":
            base[part.name] = part.default
        elif part.kind == "multi":
            base[part.name] = [part.options[0].value, part.options[-1].value]
        else:
            base[part.name] = sample_form(part.slot)
    forms = [{"family": family.name, "parts": dict(base)}]
    for part in family.parts:
        for option in part.options:
            value = option.value if part.kind == "choice" else [option.value]
            forms.append({"family": family.name, "parts": {**base, part.name: value}})
    return forms


# ---------------------------------------------------------------- the grammar


def test_every_label_has_english_and_spanish_words() -> None:
    grammar = ok("eleusis.grammar")
    labels = list(grammar["cannot"])
    for family in grammar["families"].values():
        labels.append(family["label"])
        for part in family["parts"]:
            labels.append(part["label"])
            labels += [option["label"] for option in part.get("options", [])]
    assert labels and all(set(label) == {"en", "es"} and all(label.values()) for label in labels)
    assert "“" not in grammar["families"]["feature"]["label"]["es"]


def test_every_slot_offers_known_families_and_every_nested_part_a_known_slot() -> None:
    grammar = ok("eleusis.grammar")
    families, slots = grammar["families"], grammar["slots"]
    assert grammar["top"] in slots
    assert all(name in families for names in slots.values() for name in names)
    nested = [p["slot"] for f in families.values() for p in f["parts"] if p["kind"] == "rule"]
    assert nested and all(slot in slots for slot in nested)


@pytest.mark.parametrize("family", lab.FAMILIES, ids=lambda f: f.name)
def test_each_option_of_each_family_builds_a_rule_that_reads_back_as_the_same_form(
        family: lab.Family) -> None:
    slot = next(s for s, names in lab.SLOTS.items() if family.name in names)
    for form in every_form(family):
        text = lab.build(form, slot)
        rule = Rule.parse(text)
        assert lab.form_of(rule, slot) == form, text


NESTED = {
    "if(last.red, if(face, heart, club), black)": ("if", "inner_if"),
    "if(last.red, if(last.face, heart, club), black)": ("if", "inner_if"),
    "if(last.face, suit(HC) & higher, black)": ("if", "inner_and"),
    "if(last.red, red | odd, true)": ("if", "inner_or"),
    "if(last.red, !heart, if(last2.odd, true, black))": ("if", "not"),
    "if(place(2,0), if(last.red, black, red), higher & odd)": ("alternate", "inner_if"),
    "if(last.odd, if(place(2,0), red, black), black)": ("if", "inner_if"),
    "if(face, if(last.red, heart, club), black)": ("if", "inner_if"),
    "(red & odd) | black": ("or", "inner_and"),
    "(red | odd) & black": ("and", "inner_or"),
    "rank(1,2,3) & !heart": ("and", "not"),
    "!heart | higher": ("or", "not"),
}
"""Rules nested two deep, with the families of the top and of one of its nested parts."""


@pytest.mark.parametrize("text", sorted(NESTED))
def test_a_rule_nested_two_deep_has_a_form_that_builds_the_same_rule(text: str) -> None:
    rule = Rule.parse(text)
    form = lab.form_of(rule)
    assert form is not None, text
    top, inner = NESTED[text]
    assert form["family"] == top
    assert inner in [value["family"] for value in form["parts"].values()]
    assert Rule.parse(lab.build(form)) == rule
    assert lab.form_of(Rule.parse(lab.build(form))) == form


@pytest.mark.parametrize(("top", "slot"), [("if", "branch"), ("alternate", "branch"), ("and", "and_side"),
                                           ("or", "or_side"), ("inner_if", "leaf")])
def test_each_family_of_each_nested_place_builds_a_rule_that_reads_back_as_the_same_form(
        top: str, slot: str) -> None:
    """Every family a nested place offers, with each of its options, in each of the top's parts
    (an inner "if" inside a top "if": two levels deep)."""
    for name in lab.SLOTS[slot]:
        for inner in every_form(lab.FAMILY[name]):
            for place in (p for p in lab.FAMILY[top].parts if p.kind == "rule" and p.slot == slot):
                parts = {p.name: sample_form(p.slot) for p in lab.FAMILY[top].parts}
                form = {"family": top, "parts": {**parts, place.name: inner}}
                if top == "inner_if":
                    form = {"family": "if", "parts": {"condition": sample_form("condition"),
                                                      "then": form, "otherwise": sample_form("branch")}}
                text = lab.build(form)
                assert lab.form_of(Rule.parse(text)) == form, text


def growth_verdicts(text: str, seed: int, cards: int = 60) -> list[Any]:
    """The single verdicts of a seeded line of random cards judged by ``text`` (``growth.Single``)."""
    rule, rng = Rule.parse(text), random.Random(seed)
    line, seen = [rng.choice(ALL_CARDS)], []
    for _ in range(cards):
        card = rng.choice(ALL_CARDS)
        right = rule.accepts(line, card)
        seen.append((tuple(line), card, right))
        line += [card] if right else []
    return seen


def test_the_pieces_the_expert_grows_rules_from_fit_the_places_the_grower_puts_them() -> None:
    """The grower (``growth``) joins two ``part`` pieces by and/or (at the top, or as a side of an
    "if"), asks a ``condition`` piece and puts a ``branch`` piece on a side of an "if": each piece
    has a form in the builder's place for it, and ``form_of`` is built part by part, so every rule
    the grower can propose has a form (the test below runs the grower itself)."""
    pieces = grammar_pieces("expert")
    for size in pieces["part"]:
        for rule in pieces["part"][size]:
            assert lab.form_of(rule, "simple") is not None, str(rule)
    for rule in (r for table in pieces["condition"].values() for r in table):
        assert lab.form_of(rule, "condition") is not None, str(rule)
    for rule in (r for table in pieces["branch"].values() for r in table):
        assert lab.form_of(rule, "branch") is not None, str(rule)


@pytest.mark.parametrize("text", ["if(last.face, suit(HC) & higher, black)", "(red & odd) | black",
                                  "if(last.red, odd | higher, even & lower)",
                                  "if(last2.odd, heart | higher, within(3))",
                                  "if(last.odd, higher | heart, lower & black)",
                                  "suit(SH) & higher_eq"])
def test_the_builder_builds_every_rule_the_expert_grows_from_the_evidence(text: str) -> None:
    """Issue 31: a person can deal any rule the players can imagine, the rules grown from the
    evidence too (an "if" with an "and" or an "or" on a side)."""
    grower = Grower("expert")
    proposals = grower.propose(growth_verdicts(text, 7), min_size=3)
    assert proposals
    for rule in proposals:
        form = lab.form_of(rule)
        assert form is not None and Rule.parse(lab.build(form)) == rule, str(rule)


def test_the_builder_builds_every_rule_the_computer_dealer_may_deal() -> None:
    rules = [str(rule) for rule in catalogue_candidates()] + list(catalogue())
    assert len(rules) > 200
    for text in rules:
        rule = Rule.parse(text)
        form = lab.form_of(rule)
        assert form is not None, text
        assert Rule.parse(lab.build(form)) == rule, text


@pytest.mark.parametrize("imagination", IMAGINATIONS)
def test_the_builder_builds_every_rule_the_computer_players_can_imagine(imagination: str) -> None:
    """Issue 31: a person can deal any rule the players imagine. The only exceptions are the
    rules no dealer may deal (E2.4): a place on its own leaves no right card at the other places
    (a dead end), and "any card" takes every card."""
    missing = []
    for rule in candidate_rules(imagination):
        form = lab.form_of(rule)
        if form is None or Rule.parse(lab.build(form)) != rule:
            missing.append(str(rule))
    assert missing and all(text == "true" or text.startswith("place(") for text in missing), missing[:5]
    assert all(check_rule(Rule.parse(text)).dead_end or check_rule(Rule.parse(text)).trivial
               for text in missing)


@pytest.mark.parametrize(("text", "family"), [
    ("higher_eq", "compare"), ("lower_eq(last2)", "compare"), ("suit(SH)", "suits"),
    ("suit_higher_eq(CDHS)", "suit_order"), ("suit_lower(SHDC,last2)", "suit_order"),
    ("within(3)", "distance"), ("apart(4,wrap,last2)", "distance"), ("sum(3,0)", "modular"),
    ("diff(4,1,last2)", "modular"), ("step(-1,+1,wrap,last2)", "step"), ("if(red, odd, even)", "if"),
    ("if(last.suit(HC), true, black)", "if"), ("if(last.higher_eq, red, black)", "if"),
    ("if(place(3,0), red, black)", "if"), ("if(place(2,1), red, black)", "if"),
    ("if(last2.rank(1,13), higher, lower)", "if"), ("if(suit(SD), within(2), apart(5))", "if"),
    ("sum_le(14)", "total"), ("sum_ge(15,last2)", "total"), ("!sum_le(3)", "not"),
    ("if(last.face, sum_ge(25), red)", "if"), ("between", "between"), ("between_eq", "between"),
    ("!between_eq", "not"), ("same_pair(SH)", "pairs"), ("differ_pair(SD)", "pairs"),
    ("same_pair(SD,last2)", "pairs"), ("if(last.face, differ_pair(SH), red)", "if"),
    ("same_pair(SH) & odd", "and"), ("!differ_pair(SD,last2)", "not"),
    ("runs(2,3)", "runs"), ("runs(parity,2,2)", "runs"), ("runs(kind,1,3)", "runs"),
    ("runs(height,4)", "runs"),
])
def test_each_new_kind_of_piece_has_a_form_that_builds_the_same_rule(text: str, family: str) -> None:
    rule = Rule.parse(text)
    form = lab.form_of(rule)
    assert form is not None and form["family"] == family
    assert Rule.parse(lab.build(form)) == rule


@pytest.mark.parametrize("text", ["(red & odd) & black", "red & odd & high", "place(3,0)",
                                  "if(last.red, if(face, red & odd, club), black)",
                                  "if(last.red, if(face, if(odd, red, black), club), black)",
                                  "if(last.red, red, black) & odd", "!(red & odd)",
                                  "if(last.red, (red | odd) & black, true)", "(red | !odd) & black",
                                  "if(last.red, if(odd, red, black) | high, black)", "true & red",
                                  "if(last.red & last.odd, red, black)", "if(place(5,0), red, black)",
                                  "if(place(3,0,1), red, black)", "sum(4,1,3)", "diff(7,0)",
                                  "if(last.within(2), red, black)", "if(last.sum_le(14), red, black)",
                                  "if(last.same_pair(SH), red, black)", "runs(parity,2,6)",
                                  "runs(height,1,2,3)"])
def test_what_the_builder_cannot_build_has_no_form(text: str) -> None:
    assert lab.form_of(Rule.parse(text)) is None


@pytest.mark.parametrize("form", [
    {"family": "ranks", "parts": {"ranks": []}},
    {"family": "if", "parts": {"condition": {"family": "feature", "parts": {"feature": "red"}},
                               "then": sample_form("simple"), "otherwise": sample_form("branch")}},
    {"family": "and", "parts": {"first": {"family": "inner_and", "parts": {
        "first": sample_form("simple"), "second": sample_form("simple")}}, "second": sample_form("simple")}},
    {"family": "if", "parts": {"condition": sample_form("condition"), "otherwise": sample_form("branch"),
                               "then": {"family": "inner_if", "parts": {
                                   "condition": sample_form("condition"), "otherwise": sample_form("leaf"),
                                   "then": {"family": "inner_or", "parts": {
                                       "first": sample_form("simple"), "second": sample_form("simple")}}}}}},
    {"family": "match", "parts": {"sameness": "alike", "attribute": "colour", "card": ""}},
    {"family": "any", "parts": {}},
    "red",
])
def test_an_incomplete_or_misplaced_form_is_refused_quoting_it(form: Any) -> None:
    with pytest.raises(lab.LabFormError, match=r"got|not one of|accepts"):
        lab.build(form)


# ---------------------------------------------------------------- describe


def test_describe_words_a_rule_in_both_languages_with_its_difficulty_and_form() -> None:
    described = ok("eleusis.describe", rule="if(last.face, red, black)")
    assert described["wording"]["en"].startswith("If the last card is a face card")
    assert described["wording"]["es"].startswith("Si la última carta es una figura")
    assert described["band"] in ("easy", "medium", "hard", "expert") and described["difficulty"] > 0
    assert described["form"]["family"] == "if" and described["playable"] and not described["warnings"]
    quick = ok("eleusis.describe", rule="if(last.face, red, black)", check=False)
    assert quick["wording"] == described["wording"] and "band" not in quick


def test_describe_warns_of_a_dead_end_and_of_a_rule_that_takes_almost_every_card() -> None:
    higher = ok("eleusis.describe", rule="higher")
    assert higher["dead_end"] and not higher["playable"]
    assert higher["dead_end_example"][-1][0] == "K"             # nothing is higher than a king
    assert [w["code"] for w in higher["warnings"]] == ["eleusis.rule.dead_end"]
    easy = ok("eleusis.describe", rule="!rank(5)")               # 48 of 52 cards
    assert easy["trivial"] and [w["code"] for w in easy["warnings"]] == ["eleusis.rule.too_easy"]
    assert easy["warnings"][0]["params"]["percent"] == 92
    none = ok("eleusis.describe", rule="rank(5) & heart")
    assert [w["code"] for w in none["warnings"]][-1] == "eleusis.rule.too_hard"


@pytest.mark.parametrize("method", ["describe", "judge_line"])
@pytest.mark.parametrize("text", ["nonsense(", "red &", 7])
def test_bad_notation_is_a_bad_request_quoting_the_input(method: str, text: Any) -> None:
    answer = call("eleusis." + method, rule=text, cards=["5H", "7S"])
    assert not answer["ok"] and answer["kind"] == "bad_request" and repr(text) in answer["error"]


# ---------------------------------------------------------------- judging a line


def reference_line(judge: Judge, cards: Sequence[Card]) -> list[bool | None]:
    """E4 by hand: each card after the mainline of the right cards before it."""
    mainline, verdicts = [cards[0]], [None]  # type: list[Card], list[bool | None]
    for card in cards[1:]:
        verdicts.append(judge(mainline, card))
        if verdicts[-1]:
            mainline.append(card)
    return verdicts


@pytest.mark.parametrize("text", sorted(REFERENCE))
def test_judge_line_judges_as_the_rule_written_by_hand(text: str) -> None:
    rng = random.Random(text)
    for _ in range(20):
        cards = [rng.choice(ALL_CARDS) for _ in range(12)]
        answer = ok("eleusis.judge_line", rule=text, cards=[str(c) for c in cards])
        expected = reference_line(REFERENCE[text], cards)
        assert answer["verdicts"] == expected
        assert answer["mainline"] == [str(c) for c, v in zip(cards, expected, strict=True) if v is not False]
        line = [Card.parse(c) for c in answer["mainline"]]
        assert answer["right_next"] == sum(REFERENCE[text](line, c) for c in ALL_CARDS)


def test_judge_line_refuses_a_bad_card_quoting_it() -> None:
    answer = call("eleusis.judge_line", rule="red", cards=["5H", "11X"])
    assert not answer["ok"] and "'11X'" in answer["error"]
    assert not call("eleusis.judge_line", rule="red", cards=[])["ok"]


# ---------------------------------------------------------------- the notebook


def played_game(seed: int, turns: int) -> dict[str, Any]:
    """A seeded Express game after some turns: the person plays its first listed card, the
    computer players theirs; guesses and prophets declined."""
    snap = ok("eleusis.new", game="eleusis", bots=2, seed=seed, difficulty="easy")
    for _ in range(turns):
        if snap["over"]:
            break
        if snap["bot_to_move"]:
            snap = ok("eleusis.bot_move")["snapshot"]
            continue
        moves = snap["legal_moves"]
        play = next((m for m in moves if m.startswith("play") and len(m.split()) == 2), None)
        if "pass" in moves:
            snap = ok("eleusis.pass")
        elif "judge right" in moves:
            snap = ok("eleusis.judge", right=True)
        elif play is not None:
            snap = ok("eleusis.play", cards=play.split()[1:])
        else:
            snap = ok("eleusis.noplay")
    return snap


def reference_notebook(judge: Judge, snap: dict[str, Any]) -> dict[str, Any]:
    """The notebook's marks, worked out by hand from the snapshot (what the person sees)."""
    line = [Card.parse(c) for c in snap["mainline"]]
    mainline = ["starter"] + ["agrees" if judge(line[:i], line[i]) else "contradicts"
                              for i in range(1, len(line))]
    sidelines = []
    for index, play in enumerate(snap["plays"]):
        if play["right"]:
            continue
        before, fits = line[: play["at"]], True
        for card in map(Card.parse, play["cards"]):
            fits = fits and judge(before, card)
            before = [*before, card]
        sidelines.append((index, not fits))
    hand = [judge(line, Card.parse(c)) for c in snap["hand"]]
    return {"mainline": mainline, "sidelines": sidelines, "hand": hand}


@pytest.mark.parametrize("seed", [3, 8])
def test_the_notebook_marks_cards_as_the_hypothesis_written_by_hand_judges_them(seed: int) -> None:
    snap = played_game(seed, 40)
    assert len(snap["mainline"]) > 3 and any(not p["right"] for p in snap["plays"])
    for text, judge in REFERENCE.items():
        marks = ok("eleusis.notebook", rule=text)
        expected = reference_notebook(judge, snap)
        assert marks["mainline"] == expected["mainline"], text
        assert [(s["play"], s["agrees"]) for s in marks["sidelines"]] == expected["sidelines"], text
        assert [h["right"] for h in marks["hand"]] == expected["hand"], text
        assert [h["card"] for h in marks["hand"]] == snap["hand"]
        summary = marks["summary"]
        assert summary["agree"] + len(summary["contradicting"]) == summary["cards"]
        assert summary["cards"] == len(snap["mainline"]) - 1 + sum(
            len(p["cards"]) for p in snap["plays"] if not p["right"])


def test_the_secret_rule_as_hypothesis_agrees_with_every_verdict_and_with_rule_accepts() -> None:
    snap = played_game(5, 40)
    secret = str(bridge.session_of("eleusis").table.hand.rule)
    marks = ok("eleusis.notebook", rule=secret)
    assert set(marks["mainline"][1:]) == {"agrees"} and all(s["agrees"] for s in marks["sidelines"])
    assert all(n["agrees"] for n in marks["no_plays"])
    line = [Card.parse(c) for c in snap["mainline"]]
    rule = Rule.parse(secret)
    assert [h["right"] for h in marks["hand"]] == [rule.accepts(line, Card.parse(c)) for c in snap["hand"]]
    assert marks["summary"]["contradicting"] == []


def test_the_notebook_never_reads_the_secret_rule() -> None:
    played_game(4, 20)
    hand = bridge.session_of("eleusis").table.hand

    class Untouchable:
        def accepts(self, mainline: object, card: object) -> bool:
            raise AssertionError("the notebook read the secret rule")

    secret, hand.rule = hand.rule, Untouchable()
    try:
        assert ok("eleusis.notebook", rule="red")["mainline"][0] == "starter"
    finally:
        hand.rule = secret


def test_the_notebook_needs_a_game() -> None:
    bridge.reset()
    answer = call("eleusis.notebook", rule="red")
    assert not answer["ok"] and answer["kind"] == "bad_request"


def test_a_wrong_string_agrees_only_when_the_hypothesis_breaks_it_somewhere() -> None:
    from leopard_core.games.eleusis.evidence import Evidence, Play

    start = (Card(5, "H"),)
    string = Play(1, (Card(6, "S"), Card(7, "H")), False)   # black then red: "red" breaks at its first
    evidence = Evidence(start, (string,))
    assert lab.notebook(Rule.parse("red"), evidence, [])["sidelines"][0]["agrees"]
    assert not lab.notebook(Rule.parse("step(+1)"), evidence, [])["sidelines"][0]["agrees"]
    counts = lab.notebook(Rule.parse("step(+1)"), evidence, [])["summary"]
    assert (counts["cards"], counts["agree"], counts["contradicting"]) == (2, 0, ["6S", "7H"])


def test_every_combination_of_condition_and_branches_builds() -> None:
    conditions = every_form(lab.FAMILY["cond_match"]) + every_form(lab.FAMILY["cond_compare"])
    branches = [{"family": "any", "parts": {}}, sample_form("simple")]
    for condition, otherwise in product(conditions, branches):
        form = {"family": "if", "parts": {"condition": condition, "then": sample_form("simple"),
                                          "otherwise": otherwise}}
        assert lab.form_of(Rule.parse(lab.build(form))) == form
