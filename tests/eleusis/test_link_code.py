"""The teacher's link code (E17): every form of rule survives the round trip, the code does not
show the rule's words, and a damaged code is refused with LinkCodeError quoting it; through the
bridge a code starts a hand whose computer dealer deals that rule, and no answer names the rule
before the hand is over."""

from __future__ import annotations

import json

import pytest
from conftest import bridge_answer as call
from conftest import bridge_result as ok

from leopard_core.games.eleusis.link_code import PREFIX, LinkCodeError, decode, encode
from leopard_core.games.eleusis.rule import Rule

EVERY_FORM = [
    "red", "face", "odd", "prime", "!red", "true", "differ(colour)", "same(suit)", "same(colour,last2)",
    "step(+1)", "step(+1,+2,wrap)", "step(-2,-1,+1,+2)", "higher", "higher(last2)", "cycle(SCDH)",
    "runs(2,3)", "if(last.face, red, black)", "red & higher", "higher(last2) | same(rank,last2)",
    "place(2,0)", "lower", "rank(1,5,9)", "!(red | last.face)",
]


@pytest.mark.parametrize("notation", EVERY_FORM)
def test_every_form_of_rule_round_trips(notation: str) -> None:
    rule = Rule.parse(notation)
    code = encode(notation)
    assert code.startswith(PREFIX) and code == code.lower() and code.isalnum()
    assert decode(code) == str(rule) and Rule.parse(decode(code)) == rule
    assert decode("  " + code.upper() + " ") == str(rule), "case and spaces do not matter"
    for word in ("red", "face", "colour", "suit", "step", "higher", "cycle", "runs", "last"):
        assert word not in code[len(PREFIX):] or word not in notation


@pytest.mark.parametrize("damage", [
    lambda c: c[:-2], lambda c: c[:-1] + ("a" if c[-1] != "a" else "b"), lambda c: c[:5] + "z" + c[6:],
    lambda c: "x" + c, lambda c: c + "!!", lambda c: "", lambda c: PREFIX,
])
def test_a_damaged_code_is_refused_quoting_it(damage: object) -> None:
    code = damage(encode("if(last.face, red, black)"))  # type: ignore[operator]
    with pytest.raises(LinkCodeError) as refused:
        decode(code)
    assert repr(code[:40]).strip("'") in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_a_code_that_is_not_text_is_refused() -> None:
    with pytest.raises(LinkCodeError, match="not a classroom code"):
        decode(42)


def test_a_code_starts_a_hand_whose_dealer_deals_its_rule() -> None:
    code = ok("eleusis.link_code", rule="differ(colour)")["code"]
    snap = ok("eleusis.new", code=code, bots=2, seed=8)
    assert snap["dealer"] is None and snap["rule"] is None and "differ" not in json.dumps(snap)
    dealt = json.loads(json.loads(ok("eleusis.save")["text"])["game"])["dealt"]
    assert dealt == [str(Rule.parse("differ(colour)"))]
    classroom = ok("eleusis.new", code=code, people=["Ana", "Ben"], bots=1, seed=8)
    assert classroom["classroom"] and "differ" not in json.dumps(classroom)


def test_a_damaged_code_through_the_bridge_is_a_clear_refusal() -> None:
    answer = call("eleusis.new", code="e1notacode", bots=2)
    assert not answer["ok"] and answer["kind"] == "bad_request"
    assert "damaged" in answer["error"] and "'e1notacode'" in answer["error"]


def test_a_rule_the_dealer_refuses_gets_no_code_and_such_a_code_does_not_name_it() -> None:
    answer = call("eleusis.link_code", rule="true")
    assert not answer["ok"]
    code = encode("true")
    refused = call("eleusis.new", code=code, bots=2)
    assert not refused["ok"] and "may not deal" in refused["error"] and "true" not in refused["error"]
