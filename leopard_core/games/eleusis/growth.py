"""Rules grown from the evidence: the larger rules of the grammar that fit every verdict seen.

The space a player imagines (``hypotheses``) holds every rule of the grammar up to a size; the
grammar goes on beyond it (a condition choosing between two compound rules, a conjunction of two
groups of suits and a comparison, ...), with far too many rules to list. When the rules of the
space stop explaining the table, a player that *grows* proposes the larger rules that fit every
single verdict seen, smallest first, and adds them to its belief with their grammar prior
(``hypotheses.grammar_prior``, as if the grammar had been listed that far): a lazy enumeration by
description length, the exact posterior over what it imagines plus what the evidence suggested.

Glossary:
    verdict vector -- one bit per single verdict seen (a card after a mainline, right or wrong): the
                      bit is set when a piece of the grammar calls that card right there.
    outcome        -- the verdict vector of the table itself (bit set: the card was right).
    fits           -- a rule fits when its verdict vector is the outcome, on every verdict or on a
                      *side* (the verdicts where a condition holds, or the others).
    proposals      -- ``a & b`` and ``a | b`` of two pieces, and ``if(c, t, e)`` where each branch is
                      a piece or ``a & b`` / ``a | b`` of two pieces fitting that side, or (*nested*)
                      an ``if`` of one-node pieces fitting it, of sizes from
                      ``GROWN_MIN_SIZE`` to ``GROWN_MAX_SIZE``; pieces are merged by their verdict
                      vector (on a side, by their bits there), keeping the smallest few of each, so
                      that the search stays small; at most ``GROWN_KEPT`` of them, smallest first.
    nested         -- conditions two deep (``if(last.face, if(odd, red, black), higher)``, size 7):
                      on a side of an ``if`` that no piece and no pair fits, an inner ``if`` whose
                      condition splits that side and whose branches (one node each) fit its two
                      parts; at most ``PER_VECTOR`` per side, and only while proposals of
                      ``NESTED_SIZE`` can still be among the ``GROWN_KEPT`` smallest.
    value sets     -- "any set of values" (issue 31): a set of four values or more is no piece of
                      the space (the expert imagines every set of two or three, and an "or" of
                      two of them grows up to six values at size 7), and there are thousands;
                      the verdicts point at the few that fit: the values of the cards
                      called right, and the same with one or two of the values never tried
                      added (``value_sets``), proposed alone (``rank(1,2,3,5,8,13)``) when no
                      value was called both ways. Why not the smallest alone: nothing has been
                      said of a value never tried, and the grammar's prior gives each value added
                      to a set e^-2, so the smallest set holds only 1 / (1 + e^-2) ** k of the
                      sets that fit with k values untried (0.53 with five); proposed alone it
                      took it all and was guessed too soon (three rounds of each of three sets of
                      five or six values, expert: nine wrong guesses of sets missing a value
                      never played). The sets with three or more untried values added are
                      left out (with k = 4 they are 1 % of the sum), and two when more than four
                      values are untried (with k = 8, 13 %), so that the sets leave room among the
                      ``GROWN_KEPT`` for the other proposals. Measured (expert, the three sets
                      above, three rounds each): solved 5 -> 7 of 9, floored points 2.0 -> 2.1,
                      but 1.6 -> 2.1 wrong guesses a round: a set is still guessed before every
                      value is tried, as the space's sets of three were before, because the prior
                      makes each value added to a set e^-2 less likely. Proposing sets only once
                      every value is tried: 4 of 9, 1.8 points, 1.4 wrong guesses (not kept).
                      The cure (issue 31, stop 48): a set of values costs one per member up to
                      four (``rule.VALUE_SET_MOST``: naming one set among those of as many values
                      hardly takes more beyond), so that a value added to a set of four or more
                      costs nothing. Expert, six sets (1-4-9, 2-5-7-J, Fibonacci, 2-4-6-9-Q,
                      1-3-4-9-10-K, all but the multiples of 3), three rounds each: wrong guesses
                      1.61 -> 0.94 a round, floored points 5.89 -> 6.33, but rounds solved 16 ->
                      12 of 18: it now waits until the values are tried, and a hand may not hold
                      them before turn 30. Whole bench 15.21 -> 15.26 points, 158 -> 159 rounds
                      solved, 0.44 -> 0.43 wrong guesses. Measured and not kept: sizes from the
                      count of sets (log C(13, k) in units of 2 nats, rounded: 3 for four values,
                      4 for five to eight; run with sets of four values left out of the proposals
                      by mistake) 6.83 points, 16 solved, 1.17 wrong guesses, the same whole
                      bench; the expert imagining every set of four and five values as
                      whole rules of its space (1,902 classes more, so that the space's sets of
                      three compete from the first verdicts): the six sets 7.17 points, 1.39
                      wrong guesses, but the whole bench 14.57 ("a value of 1, 4 or 9" 16.33 ->
                      5.67, waiting to try every other value), 156 solved, 0.48 wrong guesses.
    distinct       -- the proposals kept are as many behaviours (probe signatures,
                      ``hypotheses.probe_signature``), none of the rules imagined already
                      (``known``: the space's classes), each said by its smallest rule found. Kept
                      by the order they were found instead, most of the ``GROWN_KEPT`` could be
                      rules the space lists or the same rule said another way, which the belief
                      then drops (issue 31, bench round "a heart or a spade of a value at least
                      the last card's": 21 behaviours in 40 proposals, 15 of them new, and the
                      dealer's rule, the 22nd new one, left out).
    work           -- pairs of vectors compared; a proposal round stops at ``WORK`` (a fixed amount
                      of work, not the clock, so the player is the same on every machine).

>>> from leopard_core.cards import Card
>>> grower = Grower("novice")
>>> red_odd = lang.Rule.parse("red & odd")
>>> line, seen = [Card(5, "H")], []
>>> for card in [Card(3, "D"), Card(4, "H"), Card(7, "S"), Card(9, "H"), Card(2, "C"), Card(11, "D")]:
...     seen.append((tuple(line), card, red_odd.accepts(line, card)))
...     line += [card] if seen[-1][2] else []
>>> any(str(rule) == "red & odd" for rule in grower.propose(seen, min_size=3))
True
"""

from __future__ import annotations

import operator
from collections.abc import Container, Iterable, Sequence
from functools import reduce
from itertools import combinations

from leopard_core.cards import Card

from . import rule as lang
from .hypotheses import grammar_pieces, probe_mainlines, probe_signature

GROWN_MIN_SIZE = 5
"""The space lists every rule below this size already (see ``hypotheses.BUDGET``)."""
GROWN_MAX_SIZE = 8
GROWN_KEPT = 40
PER_VECTOR = 3
"""Pieces kept per verdict vector: the smallest (two pieces that judged every card seen alike
differ on cards not seen yet, so more than one is kept)."""
NESTED_SIZE = 7
"""The smallest ``if`` with an ``if`` in a branch: ``if(c, if(d, t, e), o)``, every piece of one node."""
UNTRIED_MAX = 8
"""Values never tried beyond which no set of values is proposed: too little is known of them."""
VALUE_SET_MIN = 4
"""The fewest values of a set proposed from the verdicts (smaller sets are pieces of the expert's
space)."""
WORK = 12000
REMEMBERED = 6
"""Proposals kept (``Grower.propose``): enough for the verdicts of the last few updates."""

Single = tuple[tuple[Card, ...], Card, bool]


class Grower:
    """Proposes rules of an imagination's grammar from the verdicts seen (see the glossary); keeps
    the verdict vectors of its pieces from one call to the next while the verdicts go on."""

    def __init__(self, imagination: str, known: Container[int] = frozenset()) -> None:
        self.known = known
        """The ``hash`` of the probe signature of every rule imagined already (the space's
        classes): a proposal that behaves like one of them is no new rule (see *distinct*)."""
        pieces = grammar_pieces(imagination)
        self.parts = _flat(pieces["grower_part"])  # smallest first
        self.conditions = _flat(pieces["condition"])
        self.branches = sorted([lang.Always(), *(r for r in _flat(pieces["branch"])
                                                 if not isinstance(r, lang.Always))], key=_order)
        self._every = list(dict.fromkeys([*self.parts, *self.conditions, *self.branches]))
        self._seen: list[Single] = []
        self._vectors: dict[lang.Rule, int] = dict.fromkeys(self._every, 0)
        self._signatures: dict[lang.Rule, int] = {}
        self._full = (1 << (52 * len(probe_mainlines()))) - 1
        self._proposed: dict[tuple[int, tuple[Single, ...]], list[lang.Rule]] = {}
        """The last ``REMEMBERED`` proposals, by ``min_size`` and verdicts: a player asks again
        for those of the verdicts before the last few (whether a grown rule foretold them)."""

    def signature(self, rule: lang.Rule) -> int:
        """``hypotheses.probe_signature``, kept: the same proposals come back turn after turn.
        A proposal's is put together from its pieces' (kept too) as its mask is from theirs
        (``rule.If.mask_after`` ...), bit for bit the same as reading it on every probe."""
        found = self._signatures.get(rule)
        if found is None:
            found = self._signatures[rule] = self._composed(rule)
        return found

    def _behaviour(self, rule: lang.Rule) -> int:
        """``signature(rule)`` without keeping it (nor the compound parts it is made of): it is
        worked out for every proposal found, few of which are kept; its pieces are kept."""
        if isinstance(rule, lang.If):
            condition = self._behaviour(rule.condition)
            return (condition & self._behaviour(rule.then)) | (
                (self._full ^ condition) & self._behaviour(rule.otherwise))
        if isinstance(rule, lang.And):
            return reduce(operator.and_, (self._behaviour(part) for part in rule.parts))
        if isinstance(rule, lang.Or):
            return reduce(operator.or_, (self._behaviour(part) for part in rule.parts))
        if isinstance(rule, lang.Not):
            return self._full ^ self._behaviour(rule.part)
        return self.signature(rule)

    def _composed(self, rule: lang.Rule) -> int:
        if isinstance(rule, lang.If):
            condition = self.signature(rule.condition)
            return (condition & self.signature(rule.then)) | (
                (self._full ^ condition) & self.signature(rule.otherwise))
        if isinstance(rule, lang.And):
            return reduce(operator.and_, (self.signature(part) for part in rule.parts))
        if isinstance(rule, lang.Or):
            return reduce(operator.or_, (self.signature(part) for part in rule.parts))
        if isinstance(rule, lang.Not):
            return self._full ^ self.signature(rule.part)
        return probe_signature(rule)

    def _take(self, seen: Sequence[Single]) -> dict[lang.Rule, int]:
        """The verdict vectors of the pieces on ``seen``: worked out for the verdicts not seen
        before (those of fewer verdicts than seen already are cut from the kept ones)."""
        if len(seen) < len(self._seen) and list(seen) == self._seen[:len(seen)]:
            every = (1 << len(seen)) - 1
            return {piece: vector & every for piece, vector in self._vectors.items()}
        if list(seen[:len(self._seen)]) != self._seen:
            self._seen = []
            self._vectors = dict.fromkeys(self._every, 0)
        vectors = self._vectors
        for j in range(len(self._seen), len(seen)):
            state, card, _ = seen[j]
            key = card.sort_key
            for piece in self._every:
                if piece.compiled(state) >> key & 1:
                    vectors[piece] |= 1 << j
        self._seen = list(seen)
        return vectors

    def propose(self, seen: Sequence[Single], min_size: int = GROWN_MIN_SIZE) -> list[lang.Rule]:
        """The proposals (see the glossary) that fit every verdict of ``seen``, smallest first."""
        key = (min_size, tuple(seen))
        found = self._proposed.get(key)
        if found is None:
            found = self._proposed[key] = self._propose(seen, min_size)
            while len(self._proposed) > REMEMBERED:
                del self._proposed[next(iter(self._proposed))]  # the oldest
        return list(found)

    def _propose(self, seen: Sequence[Single], min_size: int) -> list[lang.Rule]:
        vectors = self._take(seen)
        every = (1 << len(seen)) - 1
        outcome = sum(1 << j for j, (_, _, right) in enumerate(seen) if right)
        budget = [WORK]
        known = self.known
        found: dict[int, lang.Rule] = {}
        """The smallest proposal found of each behaviour (probe signature's ``hash``) that no
        rule imagined already has (see *distinct*)."""
        # Only the GROWN_KEPT smallest are returned, the first found first among equal sizes:
        # once that many are found of size ``beyond`` or less, a rule that size or more found
        # later cannot be among them, and is not built.
        counts = [0] * (GROWN_MAX_SIZE + 1)
        beyond = [GROWN_MAX_SIZE + 1]

        def keep(rule: lang.Rule, smallest: int = min_size) -> None:
            if not smallest <= rule.size <= GROWN_MAX_SIZE:
                return
            key = hash(self._behaviour(rule))
            if key in known:
                return
            alike = found.get(key)
            if alike is not None:
                if rule.size >= alike.size:
                    return
                counts[alike.size] -= 1  # (a smaller rule of the same behaviour stands for it)
            found[key] = rule
            counts[rule.size] += 1
            total = 0
            for size, count in enumerate(counts):
                total += count
                if total >= GROWN_KEPT:
                    beyond[0] = min(beyond[0], size)
                    break

        for rule in value_sets(seen):  # (sets of four values or more: not pieces of the space)
            keep(rule, min(min_size, VALUE_SET_MIN))
        groups = _by_vector(self.parts, vectors)
        for rule in _pairs(groups, outcome, every, GROWN_MAX_SIZE - 1, budget):
            keep(rule)
        misses = [(b, vectors[b] ^ outcome) for b in self.branches]
        fitting_on: dict[int, list[lang.Rule]] = {}
        pairs_on: dict[int, tuple[list[lang.Rule], int]] = {}
        for condition in self.conditions:
            holds = vectors[condition] & every
            sides = []
            for side in (holds, every & ~holds):
                fitting = fitting_on.get(side)
                if fitting is None:  # (the branches are smallest first: the first few fit)
                    fitting = []
                    for b, missed in misses:
                        if not missed & side:
                            fitting.append(b)
                            if len(fitting) == 2 * PER_VECTOR:
                                break
                    fitting_on[side] = fitting
                fitting = list(fitting)
                if not fitting or fitting[0].size > 2:
                    fitting += _pairs_kept(pairs_on, groups, outcome, side, budget)
                if not fitting and condition.size == 1 and beyond[0] > NESTED_SIZE:
                    fitting = self._inner_ifs(condition, side, vectors, every, misses, budget)
                sides.append(fitting)
            room = GROWN_MAX_SIZE - 1 - condition.size
            for then in sides[0]:
                for otherwise in sides[1]:
                    if then != otherwise and then.size + otherwise.size <= room:
                        size = 1 + condition.size + then.size + otherwise.size  # the If's
                        if min_size <= size < beyond[0]:
                            keep(lang.If(condition, then, otherwise))
        return sorted(found.values(), key=_order)[:GROWN_KEPT]

    def _inner_ifs(self, outer: lang.Rule, side: int, vectors: dict[lang.Rule, int], every: int,
                   misses: list[tuple[lang.Rule, int]], budget: list[int]) -> list[lang.Rule]:
        """``if(c, t, e)`` of one-node pieces that fits ``side`` (see *nested*), at most
        ``PER_VECTOR`` of them, for a side of ``outer`` that no piece and no pair fits."""
        ones = [(b, missed) for b, missed in misses if b.size == 1]
        result: list[lang.Rule] = []
        for condition in self.conditions:
            if condition.size > 1:
                break  # (smallest first: a larger inner condition leaves no room)
            if condition == outer:
                continue
            holds = vectors[condition] & side
            if not holds or holds == side:
                continue  # it does not split the side: no inner choice
            budget[0] -= 1
            if budget[0] < 0:
                break
            then = [b for b, missed in ones if not missed & holds][:2]
            otherwise = [b for b, missed in ones if not missed & side & ~holds][:2] if then else []
            result += [lang.If(condition, t, e) for t in then for e in otherwise if t != e]
            if len(result) >= PER_VECTOR:
                break
        return result[:PER_VECTOR]


def value_sets(seen: Sequence[Single]) -> list[lang.Rule]:
    """The sets of values that fit every verdict of ``seen`` (see *value sets*): the values of the
    cards called right, with none, one or (four untried or fewer) two of the values never tried
    added, at most a dozen sets so that they leave room for the other proposals, each said as it
    is shortest (``!rank(...)`` of the values left out when that is smaller); none when a value
    was called both right and wrong, or more than ``UNTRIED_MAX`` values were never tried; sets
    that are intervals (pieces of the space) and sets of fewer than ``VALUE_SET_MIN`` values are
    left out. Smallest first.

    >>> from leopard_core.cards import Card
    >>> line = (Card(5, "H"),)
    >>> fib = (1, 2, 3, 5, 8)
    >>> seen = [(line, Card(r, "S"), r in fib) for r in (1, 2, 3, 5, 8, 4, 6, 7, 9, 10, 11, 12)]
    >>> [str(rule) for rule in value_sets(seen)]
    ['rank(1,2,3,5,8)', 'rank(1,2,3,5,8,13)']
    """
    right = {card.rank for _, card, called in seen if called}
    wrong = {card.rank for _, card, called in seen if not called}
    untried = sorted(set(range(1, 14)) - right - wrong)
    if right & wrong or not right or len(untried) > UNTRIED_MAX:
        return []
    result: list[lang.Rule] = []
    for added in range(min(2 if len(untried) <= 4 else 1, len(untried)) + 1):
        for extra in combinations(untried, added):
            values = right | set(extra)
            group = lang.RankIn(tuple(sorted(values)))
            if len(values) < VALUE_SET_MIN or group.interval:
                continue
            left_out = tuple(sorted(set(range(1, 14)) - values))
            shorter: lang.Rule = lang.Not(lang.RankIn(left_out)) if left_out else group
            result.append(min((group, shorter), key=lambda r: r.size))
    return sorted(dict.fromkeys(result), key=_order)


def _pairs_kept(kept: dict[int, tuple[list[lang.Rule], int]], groups: dict[int, list[lang.Rule]],
                outcome: int, side: int, budget: list[int]) -> list[lang.Rule]:
    """``_pairs`` for a side of an ``if`` (``largest``: ``GROWN_MAX_SIZE - 3``), kept by side
    with the work it took: asked again with at least that much work left, it would find the
    same and take the same work."""
    if side in kept and budget[0] >= kept[side][1]:
        result, work = kept[side]
        budget[0] -= work
        return list(result)
    start = budget[0]
    result = _pairs(groups, outcome, side, GROWN_MAX_SIZE - 3, budget)
    if budget[0] >= 0:  # it did not run out of work
        kept[side] = (list(result), start - budget[0])
    return result


def _flat(table: dict[int, list[lang.Rule]]) -> list[lang.Rule]:
    return [rule for size in sorted(table) for rule in table[size]]


def _order(rule: lang.Rule) -> int:
    return rule.size  # (a stable sort: equal sizes stay in the order of the grammar's pieces)


def _by_vector(parts: Iterable[lang.Rule], vectors: dict[lang.Rule, int]) -> dict[int, list[lang.Rule]]:
    """The parts merged by verdict vector, the smallest ``PER_VECTOR`` of each (parts come
    smallest first)."""
    groups: dict[int, list[lang.Rule]] = {}
    for part in parts:
        group = groups.setdefault(vectors[part], [])
        if len(group) < PER_VECTOR:
            group.append(part)
    return groups


def _pairs(groups: dict[int, list[lang.Rule]], outcome: int, side: int,
           largest: int, budget: list[int]) -> list[lang.Rule]:
    """``a & b`` and ``a | b`` of two parts (``groups``: by verdict vector) that fit ``outcome`` on
    ``side``, of size at most ``largest``, smallest first (``budget``: pairs of vectors left to
    compare)."""
    wanted = outcome & side
    covering: dict[int, list[lang.Rule]] = {}  # for &: every right card of the side accepted
    clean: dict[int, list[lang.Rule]] = {}  # for |: no wrong card of the side accepted
    for full, parts in groups.items():
        vector = full & side
        if vector == wanted:
            continue  # fits alone: a pair adds nothing the smaller rule does not say
        if vector & wanted == wanted:
            covering.setdefault(vector, []).extend(parts)
        if not vector & ~wanted:
            clean.setdefault(vector, []).extend(parts)
    result: list[lang.Rule] = []
    for merged, conjunction in ((covering, True), (clean, False)):
        for key in merged:
            merged[key] = sorted(merged[key], key=_order)[:PER_VECTOR]
        keys = sorted(merged, key=lambda v: merged[v][0].size)
        for i, u in enumerate(keys):
            for v in keys[i + 1:]:
                budget[0] -= 1
                if budget[0] < 0:
                    return sorted(result, key=_order)
                if (u & v if conjunction else u | v) != wanted:
                    continue
                for a in merged[u]:
                    for b in merged[v]:
                        if a.size + b.size + 1 <= largest:
                            result.append(lang.And((a, b)) if conjunction else lang.Or((a, b)))
    return sorted(result, key=_order)
