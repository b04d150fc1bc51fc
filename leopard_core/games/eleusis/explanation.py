"""What a computer player says when it thinks aloud: one block, read from one belief state.

A block is made from the belief after the last verdict on the table and from nothing else, so that
its statements cannot contradict one another:

* the rules it lists as likely, the one it leans towards or believes, what it is sure does not
  matter and the chance it gives its play all come from the same weights;
* a rule that breaks a verdict is not the rule (no dealer errs: a prophet's wrong verdict is
  overruled), so it is never listed, leaned towards or believed. The weight the player's belief
  still gives such a rule (its likelihood tolerates noise, so that a rule outside the language
  does not break it) is counted with "a rule I cannot imagine": it is the weight of some rule
  that behaves like it most of the time, which is one it cannot imagine;
* the chance stated for its play is the chance its belief gives it (the one it decided by): the
  sum of the shown weights over the rules that accept the play, plus what "a rule I cannot
  imagine" gives it. That rule is most likely near the rules it imagines, with exceptions (the
  belief's *other's likelihood*), so its share is not a coin's: it leans the way the rules near
  the evidence lean, and so do the refuted rules counted with it;
* when no rule it can imagine fits every verdict it says so ("stuck"), naming the closest.

A play is told with its chance only while the table is the one it decided on (its card waits for
the prophet, or the block is made at the moment it decides). Once the play is judged the block
tells it as a past fact with its verdict and why it was chosen, without the old chance: a chance
from before a verdict beside weights from after it is the contradiction this module prevents.

Glossary:
    consistent -- the classes alive that break no verdict (``violations`` 0).
    listed     -- the likeliest consistent classes (``LISTED`` at most).
    rest       -- the weight of the other consistent classes ("other rules I can imagine").
    beyond     -- everything else: "a rule I cannot imagine" (the belief's ``other`` and the weight
                  of the refuted classes). listed + rest + beyond = 1.
    shown      -- a weight as the whole percentage the page shows; the shown weights of a block sum
                  to 100 (largest remainders), and a play's shown parts sum to its shown chance.
    Decision   -- ``evidence.Decision``: what the player played and on which table.

>>> import random
>>> from leopard_core.cards import Card
>>> from .evidence import Decision, Evidence, Play
>>> from .players import make_player
>>> player = make_player("novice", random.Random(1))
>>> evidence = Evidence((Card(5, "H"),), (Play(1, (Card(9, "S"),), True),))
>>> evidence = Evidence((Card(5, "H"), Card(9, "S")), evidence.plays)
>>> block = player.explain(evidence, Decision(evidence, (Card(2, "D"),), ()))
>>> shown = [rule["shown"] for rule in block["rules"]] + [block["rest"]["shown"], block["beyond"]["shown"]]
>>> sum(shown)
100
>>> parts = block["choice"]["params"]
>>> parts["chance"] == parts["listed"] + parts["rest"] + parts["beyond"]
True
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from leopard_core.cards import Card

from .belief import TOP_KEPT, Belief
from .evidence import Decision, Evidence
from .hypotheses import HypothesisSpace
from .rule import (
    BEFORE_LAST,
    Has,
    Match,
    Position,
    RankIn,
    Rule,
    Runs,
    SuitCycle,
    SuitIn,
    SuitOrder,
    SuitPairs,
)

LISTED = 3
"""How many likely rules a block lists."""
BELIEVE_AT = 0.9
"""The weight from which it says it believes a rule (never "sure": only the dealer knows)."""
LEAN_AT = 0.3
"""The weight from which it says it leans towards a rule."""
SAFE_AT = 0.9
"""A play at least this likely right is a safe one; below, a test."""
IRRELEVANT_BELOW = 0.02
"""An aspect on which less weight than this depends does not matter."""
RULED_OUT_TRIES = 40


def shown_percents(weights: Sequence[float]) -> list[int]:
    """Whole percentages that sum to ``round(100 * sum(weights))`` (largest remainders).

    >>> shown_percents([0.125, 0.125, 0.75])
    [13, 12, 75]
    >>> shown_percents([1 / 3, 1 / 3, 1 / 3])
    [34, 33, 33]
    """
    scaled = [100 * max(0.0, w) for w in weights]
    total = round(sum(scaled))
    floors = [math.floor(x) for x in scaled]
    missing = total - sum(floors)
    # ties go to the earlier weight: a list shown likeliest first stays in order
    order = sorted(range(len(scaled)), key=lambda i: (floors[i] - scaled[i], i))
    for i in order[:max(0, missing)]:
        floors[i] += 1
    return floors


def split_shown(total: float, parts: Sequence[float]) -> tuple[int, list[int]]:
    """A chance and its parts as whole percentages: the parts sum to the chance shown."""
    shown = shown_percents(parts)
    return sum(shown), shown


def favourite(belief: Belief) -> int | None:
    """The class a block lists first: the likeliest that breaks no verdict (ties in class order),
    or None when none fits (stuck). The scientist tests it (``players``, *positive test*).

    >>> from leopard_core.cards import Card
    >>> from .evidence import Evidence, Play
    >>> from .hypotheses import hypothesis_space
    >>> belief = Belief(hypothesis_space("novice"))
    >>> belief.update(Evidence((Card(5, "H"), Card(9, "S")), (Play(1, (Card(9, "S"),), True),)))
    >>> index = favourite(belief)
    >>> index == BlockState(belief.space, belief).listed[0]
    True
    """
    weights, violations = belief.weights, belief.violations
    for i in belief.ranked(TOP_KEPT):  # nearly always among the heaviest
        if violations[i] == 0 and weights[i] > 0.0:
            return i
    fitting = (i for i in belief.alive if violations[i] == 0 and weights[i] > 0.0)
    return min(fitting, key=lambda i: (-weights[i], i), default=None)


def verdict_count(evidence: Evidence) -> int:
    """The verdicts a block counts: plays, "No play" calls and refused guesses."""
    return len(evidence.plays) + len(evidence.no_plays) + len(evidence.refused_guesses)


def leans(weight: float, beyond: float, verdicts: int) -> bool:
    """Whether a block leans towards (or believes) its first rule, of ``weight``, when "a rule I
    cannot imagine" holds ``beyond``: after two verdicts at least, from ``LEAN_AT``, and not while
    a rule beyond its imagination is likelier (it then says it is lost)."""
    return verdicts >= 2 and weight >= LEAN_AT and not (beyond > 0.5 and weight < beyond)


def tested_favourite(belief: Belief, evidence: Evidence) -> int | None:
    """The favourite (``favourite``) when the block leans towards or believes it, else None: the
    rule a scientist tests with cards it accepts (``players``, *positive test*)."""
    top = favourite(belief)
    if top is None:
        return None
    weights = belief.weights
    inside = math.fsum(weights[i] for i in belief.alive
                       if belief.violations[i] == 0 and weights[i] > 0.0)
    return top if leans(weights[top], max(0.0, 1.0 - inside), verdict_count(evidence)) else None


class BlockState:
    """The one belief state a block is read from (see the glossary)."""

    def __init__(self, space: HypothesisSpace, belief: Belief) -> None:
        self.space = space
        self.belief = belief
        weights = belief.weights
        self.weights = weights
        self.consistent = sorted((i for i in belief.alive
                                  if belief.violations[i] == 0 and weights[i] > 0.0),
                                 key=lambda i: (-weights[i], i))
        self.listed = self.consistent[:LISTED]
        inside = math.fsum(weights[i] for i in self.consistent)
        self.rest = max(0.0, inside - math.fsum(weights[i] for i in self.listed))
        self.beyond = max(0.0, 1.0 - inside)

    def chance_parts(self, accepted: set[int], chance: float) -> tuple[float, float, float]:
        """The chance a play is right (``chance``, the belief's), in three parts: listed rules
        that accept it, other rules it can imagine that accept it, and the share of "a rule I
        cannot imagine" (the rest: what the refuted rules and *other* give it, at most
        ``beyond``)."""
        weights = self.weights
        listed = math.fsum(weights[i] for i in self.listed if i in accepted)
        rest = math.fsum(weights[i] for i in self.consistent[LISTED:] if i in accepted)
        return listed, rest, min(self.beyond, max(0.0, chance - listed - rest))

    def accepting(self, mainline: Sequence[Card], cards: Sequence[Card]) -> set[int]:
        """The consistent classes that call every card of ``cards`` right, played in order."""
        ok = set(self.consistent)
        line = tuple(mainline)
        for card in cards:
            masks = self.space.masks(line)
            ok = {i for i in ok if masks[i] >> card.sort_key & 1}
            line += (card,)
        return ok

    def refusing_all(self, mainline: Sequence[Card], hand: Sequence[Card]) -> set[int]:
        """The consistent classes that call no card of ``hand`` right: "No play" is right."""
        masks = self.space.masks(tuple(mainline))
        hand_mask = sum(1 << c.sort_key for c in hand)
        return {i for i in self.consistent if not masks[i] & hand_mask}


def explain(space: HypothesisSpace, belief: Belief, evidence: Evidence, confirms: bool,
            decision: Decision | None = None, *, positive_test: bool = False) -> dict[str, Any]:
    """A block (see the module's docstring) from ``belief``, which has taken in ``evidence``:
    ``rules`` (listed: notation, weight, shown, and ``accepts`` the play told with a chance),
    ``rest``, ``beyond`` (weight and shown), ``verdicts``, ``belief`` (one summary message),
    ``irrelevant``, ``ruled_out``, ``choice`` (the play on this very table with its chance and
    parts) and ``played`` (the last play, judged since, told as a fact). ``confirms``: the player
    plays what it believes; ``positive_test``: it tests its favourite rule (``players``)."""
    state = BlockState(space, belief)
    verdicts = verdict_count(evidence)
    shown = shown_percents([belief.weights[i] for i in state.listed] + [state.rest, state.beyond])
    rules = [{"notation": str(space.rules[i]), "chance": belief.weights[i], "shown": shown[k],
              "accepts": None} for k, i in enumerate(state.listed)]
    closest = _closest(state) if not state.consistent else None
    choice, played = None, None
    if decision is not None and decision.evidence == evidence:
        choice = _choice(state, evidence, decision, confirms, rules, shown, positive_test)
    elif decision is not None:
        played = _played(evidence, decision)
    summary = _summary(state, evidence, verdicts, shown, closest)
    return {
        "rules": rules,
        "rest": {"chance": state.rest, "shown": shown[-2]},
        "beyond": {"chance": state.beyond, "shown": shown[-1]},
        "other_chance": state.beyond,
        "verdicts": verdicts,
        "belief": summary,
        "irrelevant": _irrelevant(state) if verdicts >= 3 else [],
        "ruled_out": _ruled_out(state, evidence, closest),
        "choice": choice,
        "played": played,
    }


def _summary(state: BlockState, evidence: Evidence, verdicts: int, shown: list[int],
             closest: int | None) -> dict[str, Any]:
    """The block's first sentence: stuck, lost, unsure, leaning or believing."""
    if not state.consistent:
        if closest is None:
            return {"code": "eleusis.belief.stuck_blank", "params": {"count": verdicts}}
        rule = state.space.rules[closest]
        return {"code": "eleusis.belief.stuck",
                "params": {"count": verdicts, "rule": str(rule),
                           "misses": max(1, misses(rule, evidence))}}
    top = state.listed[0]
    weight = state.weights[top]
    if state.beyond > 0.5 and weight < state.beyond:
        return {"code": "eleusis.belief.lost", "params": {"chance": shown[-1]}}
    if not leans(weight, state.beyond, verdicts):
        return {"code": "eleusis.belief.unsure", "params": {}}
    code = "eleusis.belief.believes" if weight >= BELIEVE_AT else "eleusis.belief.leaning"
    return {"code": code, "params": {"rule": str(state.space.rules[top]), "chance": shown[0]}}


def _closest(state: BlockState) -> int | None:
    """When no rule fits: the class alive that breaks the fewest verdicts (then the likeliest)."""
    belief = state.belief
    if not belief.alive:
        return None
    return min(belief.alive, key=lambda i: (belief.violations[i], -state.weights[i], i))


def _verdicts_against(rule: Rule, evidence: Evidence) -> list[tuple[int, str, dict[str, Any]]]:
    """Every verdict of the table that ``rule`` contradicts, as (when, code, params), oldest
    first: a play or "No play" judged otherwise than the rule would, a refused guess of it."""
    found: list[tuple[int, str, dict[str, Any]]] = []
    mainline = evidence.mainline
    for order, play in enumerate(evidence.plays):
        line = list(mainline[: play.at])
        verdict = True
        for card in play.cards:
            verdict = verdict and rule.accepts(line, card)
            line.append(card)
        if verdict == play.right:
            continue
        word = "right" if play.right else "wrong"
        after = str(mainline[play.at - 1]) if play.at else ""
        if len(play.cards) == 1:
            found.append((play.at * 2 + order, f"eleusis.ruled_out.card_{word}",
                          {"rule": str(rule), "after": after, "card": str(play.cards[0])}))
        else:
            found.append((play.at * 2 + order, f"eleusis.ruled_out.string_{word}",
                          {"rule": str(rule), "after": after, "cards": [str(c) for c in play.cards]}))
    for order, call in enumerate(evidence.no_plays):
        line = list(mainline[: call.at])
        none = not any(rule.accepts(line, card) for card in call.hand)
        if none != call.right:
            word = "right" if call.right else "wrong"
            found.append((call.at * 2 + order, f"eleusis.ruled_out.no_play_{word}",
                          {"rule": str(rule), "cards": [str(c) for c in call.hand]}))
    found.sort(key=lambda item: item[0])
    if str(rule) in evidence.refused_guesses:
        found.append((len(mainline) * 2, "eleusis.ruled_out.guess", {"rule": str(rule)}))
    return found


def misses(rule: Rule, evidence: Evidence) -> int:
    """How many verdicts of the table ``rule`` contradicts."""
    return len(_verdicts_against(rule, evidence))


def _ruled_out(state: BlockState, evidence: Evidence, closest: int | None) -> dict[str, Any] | None:
    """The likeliest rule the table refuted and the latest verdict that refuted it (never a rule
    the block names otherwise)."""
    belief = state.belief
    weights, priors = state.weights, state.space.log_prior
    refuted = (i for i in range(len(priors)) if belief.violations[i] > 0 and i != closest)
    for i in heapq.nsmallest(RULED_OUT_TRIES, refuted, key=lambda i: (-weights[i], -priors[i], i)):
        against = _verdicts_against(state.space.rules[i], evidence)
        if against:
            _, code, params = against[-1]
            return {"code": code, "params": params}
    return None


def aspects(rule: Rule) -> frozenset[str]:
    """What a rule looks at: ``suits`` (suit or colour), ``values``, ``place``, ``before_last``.

    >>> sorted(aspects(Rule.parse("if(last.face, red, black)")))
    ['suits', 'values']
    """
    found: set[str] = set()
    if isinstance(rule, Has):
        found.add("suits" if rule.feature in ("red", "black", "spade", "heart", "diamond", "club")
                  else "values")
    elif isinstance(rule, Match):
        found.add("suits" if rule.attribute in ("colour", "suit") else "values")
    elif isinstance(rule, SuitCycle | SuitIn | SuitOrder | SuitPairs):
        found.add("suits")
    elif isinstance(rule, Runs):
        found.add("suits" if rule.attribute == "colour" else "values")
    elif isinstance(rule, RankIn) or (rule.children() == () and hasattr(rule, "to")):
        found.add("values")
    if isinstance(rule, Runs | Position):
        found.add("place")
    if getattr(rule, "of", 0) == BEFORE_LAST or getattr(rule, "to", 0) == BEFORE_LAST:
        found.add("before_last")
    for child in rule.children():
        found |= aspects(child)
    return frozenset(found)


@cache
def _aspects(rule: Rule) -> frozenset[str]:
    """``aspects``, kept: a block asks for thousands of rules."""
    return aspects(rule)


def _irrelevant(state: BlockState) -> list[dict[str, Any]]:
    """The aspects (suits, values, place, the card before the last) on which less than
    ``IRRELEVANT_BELOW`` of the weight depends; "a rule I cannot imagine" may depend on any."""
    mass = dict.fromkeys(("suits", "values", "place", "before_last"), state.beyond)
    for i in state.consistent:
        weight = state.weights[i]
        if weight < 1e-9:
            continue
        for aspect in _aspects(state.space.rules[i]):
            mass[aspect] += weight
    return [{"code": f"eleusis.irrelevant.{aspect}", "params": {}}
            for aspect, chance in mass.items() if chance < IRRELEVANT_BELOW]


def _choice(state: BlockState, evidence: Evidence, decision: Decision, confirms: bool,
            rules: list[dict[str, Any]], shown: list[int], positive_test: bool = False) -> dict[str, Any]:
    """The play decided on this very table, with its chance as the sum of the block's weights.
    A player that tests its favourite rule says so when the card is one that rule (the first
    listed) accepts; when it accepts none of the hand the play was chosen from, that the card is
    the one that teaches most (``players``, *positive test*)."""
    mainline = evidence.mainline
    params: dict[str, Any] = {}
    if decision.cards is None:
        accepted = state.refusing_all(mainline, decision.hand)
        chance = state.belief.chance_none_right(mainline, decision.hand)
        listed, rest, beyond = state.chance_parts(accepted, chance)
        kind = "no_play"
    else:
        accepted = state.accepting(mainline, decision.cards)
        chance = state.belief.chance_string_right(mainline, decision.cards)
        listed, rest, beyond = state.chance_parts(accepted, chance)
        total = listed + rest + beyond
        if len(decision.cards) > 1:
            kind = "string"
            params["cards"] = [str(c) for c in decision.cards]
        else:
            kind = "confirm" if confirms else "safe" if total >= SAFE_AT else "test"
            params["card"] = str(decision.cards[0])
            if positive_test and state.listed and leans(state.weights[state.listed[0]],
                                                         state.beyond, verdict_count(evidence)):
                test = _positive_kind(state, mainline, decision, accepted)
                if test:
                    kind = test
                    params["rule"] = str(state.space.rules[state.listed[0]])
    for k, i in enumerate(state.listed):
        rules[k]["accepts"] = i in accepted
    # The listed part is the sum of the listed weights as shown, so that a reader can add it up.
    listed_shown = sum(shown[k] for k, i in enumerate(state.listed) if i in accepted)
    _, (rest_shown, beyond_shown) = split_shown(rest + beyond, [rest, beyond])
    rest_shown = min(rest_shown, shown[-2])
    beyond_shown = min(beyond_shown, shown[-1])
    return {"code": f"eleusis.choice.{kind}",
            "params": {**params, "chance": listed_shown + rest_shown + beyond_shown,
                       "listed": listed_shown, "rest": rest_shown, "beyond": beyond_shown},
            "exact": {"chance": listed + rest + beyond, "listed": listed, "rest": rest,
                      "beyond": beyond}}


def _positive_kind(state: BlockState, mainline: Sequence[Card], decision: Decision,
                   accepted: set[int]) -> str:
    """``positive`` when its favourite (the first listed rule) accepts the card played,
    ``no_positive`` when it accepts no card of the hand the play was chosen from; "" otherwise
    (a hand it was not told)."""
    top = state.listed[0]
    if top in accepted:
        return "positive"
    rule = state.space.rules[top]
    if decision.hand and not any(rule.accepts(mainline, card) for card in decision.hand):
        return "no_positive"
    return ""


def _played(evidence: Evidence, decision: Decision) -> dict[str, Any] | None:
    """The last play, judged since it was decided, as a fact: why it was chosen and its verdict;
    None when the table is no longer the one it was played on (a new hand)."""
    before = decision.evidence
    if evidence.mainline[: len(before.mainline)] != before.mainline \
            or evidence.plays[: len(before.plays)] != before.plays \
            or evidence.no_plays[: len(before.no_plays)] != before.no_plays:
        return None
    if decision.cards is None:
        if len(evidence.no_plays) <= len(before.no_plays):
            return None
        right = evidence.no_plays[len(before.no_plays)].right
        return {"code": f"eleusis.played.no_play_{'right' if right else 'wrong'}", "params": {}}
    if len(evidence.plays) <= len(before.plays):
        return None
    play = evidence.plays[len(before.plays)]
    if play.cards != decision.cards:
        return None
    kind = decision.kind or ("string" if len(play.cards) > 1 else "test")
    return {"code": f"eleusis.played.{kind}_{'right' if play.right else 'wrong'}",
            "params": {"cards": [str(c) for c in play.cards]}}
