"""A finite space of candidate rules, enumerated from the grammar, merged by behaviour.

A computer player imagines the rules of one space and keeps an exact probability over them
(``players``). The space is built once per imagination (level) and shared.

Glossary:
    grammar     -- the rules a player can imagine, generated, not listed: an *atom* (a feature of
                   the card played, a group of suits or of values learned from the cards: any
                   two-and-two split of the suits, any interval or small set of values, the
                   values of some remainders divided by 3 or 4 ("a multiple of 3"); a
                   relation with the last card or the one before it: same / different, higher /
                   lower with or without equality, steps, at most / at least k apart, counting
                   round or not, sums and differences modulo 2-4 (modulo 5 and 6 with the last
                   card, as whole rules, for the expert; so too a run of two or three steps
                   up or down, "one to three above the last card"), sums of the two values at
                   most / at least any bound, suit orders, a suit in the same or another pair
                   of suits for either pairing that is not the colours; a value between those
                   of the last two cards; suit cycles, runs of colour, parity, kind or height
                   as whole rules, places), ``!`` of a
                   relation, ``a & b`` or ``a | b`` of any two atoms,
                   and ``if(c, t, e)`` where ``c`` asks about the last card (a feature, a pair
                   of suits, a threshold of values learned from the cards: "5 or lower", a
                   residue class), the card before it, the last two together, the place (every
                   other, third or fourth card) or the card played itself (the same), and ``t`` and
                   ``e`` are any atoms. Enumerated by size, smallest first, whole sizes while
                   they fit in the imagination's ``BUDGET``.
    shapes      -- every candidate is ``(a, b, c)`` over leaf rules: "b where a holds, else c"
                   (``a & b`` is ``(a, b, zero)``, ``a | b`` is ``(a, one, b)``, ``!a`` is
                   ``(a, zero, one)``, an atom ``(a, one, zero)``), so one line of bit operations
                   computes the verdicts of every class (``evaluate``) or of a few
                   (``evaluate_some``), with no code generated.
    atom        -- a leaf rule (``red``, ``same(suit)``, ``last.face`` ...).
    vectors     -- one integer per atom holding many verdicts at once: 52 bits per mainline for a
                   mask, or one bit per observed play.
    probes      -- fixed random mainlines; two candidates with the same masks on every probe
                   behave alike and are merged into one *class*, represented by its simplest
                   member (smallest size, then shortest notation).
    prior       -- of a class: ``exp(-SIZE_COST * size)`` of its simplest member (a grammar prior by
                   description length, Goodman et al. 2008), times ``members **
                   MULTIPLICITY_WEIGHT`` (a rule said in many ways is a little likelier). Each
                   node costs the same whatever the number of pieces it could have been, so
                   ``if`` rules of simple pieces (a third of the mass) stay within reach, and so
                   do the larger rules grown from the evidence (``growth``). A normalised
                   probabilistic grammar (forms, then kinds, then settings, each uniform; with
                   the rational rules' reuse; a class the sum of its members) was measured
                   against it and not kept: faster on the simple rules, but a simple ``if``
                   costs some 6 bits more, every grown rule of the bench went out of reach and
                   the wrong guesses rose (issue 31; the experiment is commit 6a312d8).
                   The expert's prior also says that a dealer's rule lets play go on: a class
                   accepting fewer than ``NARROW_FACES`` (13) faces on average over the probes
                   loses ``NARROW_COST x log(faces / 13)`` (``narrow_cost``; at most 2.6 nats,
                   for a class of one face). Without it the expert's prior put 14 % of its mass
                   on classes accepting under a tenth of the faces (the bench's rules: 2 %; the
                   prior's mean share of faces accepted was 0.40, the bench's rules' 0.47), so
                   each narrow class, rejecting nearly every card, pulled every card's chance
                   down: issue 31's expert stated 25 % for cards right 41 % of the time (35 %
                   over every card of its hand, so not only because of which cards it plays).
                   Tuned on the bench's even-indexed rules (expert, 3 rounds; the odd ones held
                   out), with the power 1: 13.74 -> 14.17 points (held out 13.69 -> 14.15), the
                   even rules' played cards stated 20-30 % right 31 % (38.5 % before); the
                   threshold at 18 faces instead of 13 scored 14.01 and left 20-30 % at 38 %
                   (kept: 13 faces, power 1). The whole bench with it (faces rounded to whole
                   ones, as kept): 14.15 points (13.72 before), cards stated 20-30 % right 37 %
                   (41 % before), the guess chance's deciles within 10 points but its 80-90 %
                   (30 statements, right 70 %; before, 29 right 90 %). The novice's and the scientist's priors
                   are left as they were measured (the dealer measures rules with the
                   scientist's space): not measured with it.
                   A yes/no setting of a relation (counting round, or equal) costs a node of
                   size, 2 nats: 0.7 nats instead, one choice among two (issue 31's fourth pass,
                   expert, commit dcc07a3), scored 14.73 on the even rules against 14.86 (the
                   same 74 rounds solved of 90; "a heart or a spade of a value at least the
                   last card's" still unsolved): measured and not kept. Measured again in
                   stop 50 (the whole bench, expert, rounds 0-2 / the held-out rounds 3-5):
                   15.52 / 15.56 against 15.53 / 15.73; with the reuse below, 15.65 / 15.87
                   against 15.65 / 15.80: no gain beyond the bench's noise, not kept.
    reuse       -- the rational rules' prior (Goodman et al. 2008) draws a rule's productions
                   from probabilities that are themselves unknown, uniform under a Dirichlet
                   of concentration 1, so a rule that uses one production again is likelier:
                   a production used ``n`` times gains ``log n!`` (``reuse_gain``): "after a
                   face card a red card, else a black card" (colour twice) gains log 2 over "if
                   the last card is of the kind of the one before, a diamond, else another
                   suit", "after a red card a black card, else a red card" log 3! (colour three
                   times). A production is a node's kind and, for a feature or a relation, what
                   it is about (colour, suit, parity, kind, height, value): ``red`` and
                   ``black`` are one production, its two settings. The expert's only (the
                   novice's and the scientist's priors are as the dealer measured them). The
                   whole normalised grammar with it was measured and not kept (above); this is
                   the reuse alone, added to the description length. Measured (stop 50, the
                   whole bench, expert): rounds 0-2 15.53 -> 15.65 points (165 -> 162 solved,
                   0.50 -> 0.49 wrong guesses a round), the held-out rounds 3-5 15.73 -> 15.80
                   (164 -> 166 solved, 0.41 -> 0.46 wrong guesses), rounds 6-8 15.78 -> 15.86
                   (164 -> 166, 0.46 -> 0.49): over the nine rounds of every rule 15.68 ->
                   15.77 points, 493 -> 490 solved of 567, 0.46 -> 0.48 wrong guesses. Within
                   the bench's noise (some 0.25 points between two runs of one player on other
                   deals), kept because it is the cited prior's and makes no rule family
                   likelier by hand.
    imagination -- ``"novice"``: features of the card played and of the last card, relations of
                   colour, suit, parity, kind, height and value with the last card, and ifs on
                   features; ``"scientist"``: the whole grammar except relations with the card
                   before the last and small sets of values; ``"expert"``: all of it.
    building    -- a space is built once per imagination and Python (kept for every player and
                   page after), in steps of at most ``CHUNK`` candidates or classes each:
                   ``build_space(imagination, until)`` works until the clock passes ``until`` and
                   goes on where it stopped at the next call, so that a worker shared by several
                   pages can answer the others between two calls. ``hypothesis_space`` builds it
                   (or finishes it) at once.

>>> space = hypothesis_space("novice")
>>> len(space.rules) > 100, space.log_prior[0] >= space.log_prior[-1]
(True, True)
>>> any(str(r) == "differ(colour)" for r in space.rules)
True
>>> build_space("novice", until=0.0) is space  # built already: kept
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations, islice, permutations

from leopard_core.cards import ALL_CARDS, Card

from . import rule as lang

SIZE_COST = 2.0
"""Prior log-odds lost per unit of size."""

REUSE_CONCENTRATION = {"expert": 1.0}
"""By imagination: the Dirichlet concentration of the productions' probabilities (see *reuse*);
the imaginations not listed keep the description length alone."""

@cache
def feature_subject(feature: str) -> str:
    """What a feature of one card is about: the first attribute (``rule.ATTRIBUTES``, coarsest
    first) whose every class of cards the feature takes or leaves whole.

    >>> [feature_subject(f) for f in ("red", "club", "even", "face", "low", "prime")]
    ['colour', 'suit', 'parity', 'kind', 'height', 'rank']
    """
    mask = lang.FEATURE_MASKS[feature]
    return next(attribute for attribute in lang.ATTRIBUTES
                if all(same & mask in (0, same) for same in lang.SAME_MASKS[attribute]))


def _production(node: lang.Rule) -> tuple[str, str]:
    """The production that wrote ``node`` (see *reuse*): its kind, and what a feature or a
    relation of two cards is about."""
    if isinstance(node, lang.Has):
        return "feature", feature_subject(node.feature)
    if isinstance(node, lang.Match):
        return "match", node.attribute
    return type(node).__name__, ""


def reuse_gain(rule: lang.Rule, imagination: str) -> float:
    """The log prior a rule gains for using productions again (see *reuse*).

    >>> math.isclose(reuse_gain(lang.Rule.parse("if(last.face, red, black)"), "expert"), math.log(2))
    True
    >>> math.isclose(reuse_gain(lang.Rule.parse("if(last.red, black, red)"), "expert"), math.log(6))
    True
    >>> reuse_gain(lang.Rule.parse("if(last.same(kind), diamond, differ(suit))"), "expert")
    0.0
    >>> reuse_gain(lang.Rule.parse("if(last.face, red, black)"), "scientist")
    0.0
    """
    alpha = REUSE_CONCENTRATION.get(imagination)
    if alpha is None or not rule.children():  # (one node uses nothing twice)
        return 0.0
    counts: dict[tuple[str, str], int] = {}
    nodes = [rule]
    while nodes:
        node = nodes.pop()
        key = _production(node)
        counts[key] = counts.get(key, 0) + 1
        nodes.extend(node.children())
    # Dirichlet-multinomial: prod Gamma(alpha + n) / (Gamma(alpha) alpha^n), 1 for a production used once
    return math.fsum(math.lgamma(alpha + n) - math.lgamma(alpha) - n * math.log(alpha)
                     for n in counts.values() if n > 1)


def grammar_prior(rule: lang.Rule, imagination: str) -> float:
    """A rule's log prior by the grammar: ``-SIZE_COST x size``, and the reuse of its productions
    (see *prior* and *reuse*)."""
    return -SIZE_COST * rule.size + reuse_gain(rule, imagination)


MULTIPLICITY_WEIGHT = 0.25
"""A little of the Bayesian Occam effect: a rule said in many ways gains a little. 0.5 (issue 31's
fourth pass, expert, the first 14 even rules of the bench) sped up the simplest rules ("a red
card" 24.67 -> 26.00 points) and doubled the wrong guesses on the rest (0.19 -> 0.38 a round,
19.10 -> 18.67 points): measured and not kept."""

NARROW_FACES = 13
"""A dealer's rule lets play go on: one that accepts fewer faces than this (a quarter of the 52,
on average over the probes) is less likely in proportion to the faces it accepts (see *prior*)."""

NARROW_COST = {"expert": 1.0}
"""By imagination: the power of that proportion (``narrow_cost``); the imaginations not listed
keep the grammar prior alone (the dealer's measuring player reads the scientist's)."""

CHUNK = 1000
"""Candidates or classes per step of the building: a step takes some 10-30 ms in CPython,
several times that in the browser's WebAssembly."""

LEAVES_PER_STEP = 25
"""New leaves whose probe masks are worked out in one step (each takes a few milliseconds)."""
PROBE_COUNT = 160
PROBE_SEED = 20260
IMAGINATIONS = ("novice", "scientist", "expert")



def narrow_cost(signature: int, imagination: str) -> float:
    """The log prior a class loses for accepting few faces (see *prior*), from its probe
    ``signature``: ``NARROW_COST x log(faces / NARROW_FACES)`` below ``NARROW_FACES``, the faces
    it accepts counted on average over the probes (at least one).

    >>> probes = len(probe_mainlines())
    >>> every_card = (1 << (52 * probes)) - 1
    >>> narrow_cost(every_card, "expert")
    0.0
    >>> one_in_four = (1 << (13 * probes)) - 1
    >>> narrow_cost(one_in_four, "expert"), narrow_cost(one_in_four >> (12 * probes), "expert") < -2.5
    (0.0, True)
    >>> narrow_cost(1, "novice")
    0.0
    """
    power = NARROW_COST.get(imagination, 0.0)
    faces = max(1, round(signature.bit_count() / len(probe_mainlines())))
    return power * math.log(faces / NARROW_FACES) if power and faces < NARROW_FACES else 0.0


@cache
def probe_mainlines() -> tuple[tuple[Card, ...], ...]:
    """The fixed mainlines on which candidates are compared (lengths 1 to 7)."""
    rng = random.Random(PROBE_SEED)
    return tuple(
        tuple(rng.choice(ALL_CARDS) for _ in range(1 + i % 7)) for i in range(PROBE_COUNT)
    )


def packed_masks(rule: lang.Rule, mainlines: Sequence[Sequence[Card]]) -> int:
    """The rule's masks on ``mainlines``, 52 bits each, the first mainline lowest."""
    result = 0
    for i, mainline in enumerate(mainlines):
        result |= rule.mask(mainline) << (52 * i)
    return result


def probe_signature(rule: lang.Rule) -> int:
    """The rule's behaviour on the probes: equal signatures, merged classes."""
    return packed_masks(rule, probe_mainlines())


# ---------------------------------------------------------------- the grammar


BUDGET = {"novice": 6000, "scientist": 50000, "expert": 60000}
"""Most candidates enumerated (before merging): sizes are taken whole, smallest first, while they
fit (every rule of size 4 or less of the imagination's pieces: novice 4,118 candidates in 3,088
classes, scientist 49,201 in 41,727, expert 55,136 in 46,603, pairs of suits, runs of every
two-way attribute, residue classes and sums divided by 5 and 6 included)."""

_SUIT_PAIRS = ("SH", "SD", "SC", "HD", "HC", "DC")
_SUIT_ORDERS = tuple("".join(p) for p in permutations("SHDC"))


def _rank_groups(expert: bool) -> list[lang.Rule]:
    """Rank groups learned from the cards, not named in advance: every interval of two to twelve
    values and, for the expert, every set of two or three values and every residue class
    (``rule.RESIDUE_MODULI``: "a multiple of 3", ``rank(3,6,9,12)``; "not a multiple of 3")."""
    groups: list[lang.Rule] = [lang.RankIn(tuple(range(low, high + 1)))
                               for low in range(1, 14) for high in range(low + 1, 14)
                               if high - low < 12]
    if expert:
        groups += [lang.RankIn(pair) for pair in combinations(range(1, 14), 2)
                   if pair[1] - pair[0] > 1]
        groups += [lang.RankIn(triple) for triple in combinations(range(1, 14), 3)
                   if triple[2] - triple[0] > 2]
        groups += [group for group in residue_classes(every=True) if len(group.ranks) > 3]
    return groups


def residue_classes(of: int = lang.CARD, every: bool = False) -> list[lang.RankIn]:
    """The values that leave one remainder (``every``: one of some remainders, "not a multiple of
    3") divided by each modulus of ``rule.RESIDUE_MODULI``; not the odd or even values (the
    features say them)."""
    parities = {tuple(range(1, 14, 2)), tuple(range(2, 14, 2))}
    groups = []
    for m in lang.RESIDUE_MODULI:
        for count in range(1, m if every else 2):
            for remainders in combinations(range(m), count):
                ranks = tuple(v for v in range(1, 14) if v % m in remainders)
                if ranks not in parities:
                    groups.append(lang.RankIn(ranks, of))
    return list(dict.fromkeys(groups))


def _relations(to: int, rich: bool) -> list[lang.Rule]:
    """Every relation of the card played with the card ``to`` places back."""
    rules: list[lang.Rule] = [lang.Match(a, same, 0, to) for a in lang.ATTRIBUTES for same in (True, False)]
    rules += [lang.Compare(h, 0, to, eq) for h in (True, False) for eq in (False, True)]
    if not rich:
        return rules
    steps: list[tuple[int, ...]] = [(k,) for k in (1, -1, 2, -2, 3, -3)] + [(-k, k) for k in (1, 2, 3)]
    steps += [(-2, -1, 1, 2), (-3, -2, -1, 1, 2, 3)]
    rules += [lang.Step(st, wrap, 0, to) for st in steps for wrap in (False, True)]
    rules += [lang.Apart(k, least, wrap, 0, to) for k in range(1, 7) for least in (False, True)
              for wrap in (False, True)]
    rules += [lang.Modular(m, (r,), diff, 0, to) for m in (2, 3, 4) for r in range(m)
              for diff in (False, True)]
    # Every bound both ways: 46 pieces of size 2 add some 3,000 "and"s and "or"s of size 4 (each
    # level's size 4 still fits its BUDGET); a bound below 3 or above 25 is one pair of values.
    rules += [lang.Total(k, least, 0, to) for k in lang.TOTAL_BOUNDS for least in (False, True)]
    rules += [lang.SuitOrder(order, True, eq, 0, to) for order in _SUIT_ORDERS for eq in (False, True)]
    # the suit in the same pair as the other card's, or another, for the two pairings that are
    # not the colours (same(colour) says that one)
    rules += [lang.SuitPairs(p, same, 0, to) for p in lang.PAIRINGS for same in (True, False)]
    return rules


def _conditions(rich: bool) -> list[lang.Rule]:
    """What an ``if`` may ask, one of each pair of opposites (``if(c, t, e)`` is ``if(!c, e, t)``):
    of the last card, of the card played, and (``rich``) of the card before the last, of the last
    two together and of the place."""
    one_sided = ("red", "odd", "face", "high", "prime", "spade", "heart", "diamond", "club")
    conditions: list[lang.Rule] = [lang.Has(f, lang.LAST) for f in one_sided]
    conditions += [lang.Has(f) for f in one_sided]
    if rich:
        conditions += [lang.SuitIn(p, lang.LAST) for p in ("SH", "SD")]
        conditions += [lang.SuitIn(p) for p in ("SH", "SD")]
        # A threshold of values learned from the cards ("if the last card is 5 or lower"), but
        # the two the features say (low: A to 7; number: A to 10). Size 2, so an ``if`` asking
        # it is of size 5 or more: no rule of the listed spaces, a condition the grower tries.
        thresholds = [lang.RankIn(tuple(range(1, top + 1))) for top in range(2, 13) if top not in (7, 10)]
        conditions += [lang.RankIn(group.ranks, lang.LAST) for group in thresholds] + thresholds
        # "if the last card is a multiple of 3": a residue class is named as cheaply as a
        # threshold (size 2), so a condition the grower tries as well
        conditions += residue_classes(lang.LAST) + residue_classes()
        conditions += [lang.Has(f, lang.BEFORE_LAST) for f in ("red", "odd", "face", "high")]
        conditions += [lang.Match(a, True, 1, 2) for a in lang.ATTRIBUTES]
        conditions += [lang.Compare(True, 1, 2, eq) for eq in (False, True)]
        # every other card, every third and (stop 51) every fourth: the places a person may ask
        # in the rule builder (``lab``), which before could deal "every fourth card a face card"
        # that no computer player could find
        conditions += [lang.Position(2, (0,))] + [lang.Position(m, (r,)) for m in (3, 4) for r in range(m)]
    return conditions


def _by_size(rules: Iterable[lang.Rule]) -> dict[int, list[lang.Rule]]:
    table: dict[int, list[lang.Rule]] = {}
    for rule in rules:
        table.setdefault(rule.size, []).append(rule)
    return table


def _sized(table: dict[int, list[lang.Rule]], size: int) -> list[lang.Rule]:
    return table.get(size, [])


def _splits(total: int, parts: int) -> Iterable[tuple[int, ...]]:
    """Every way to write ``total`` as ``parts`` sizes of at least one."""
    if parts == 1:
        if total >= 1:
            yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in _splits(total - first, parts - 1):
            yield (first, *rest)


def _of_size(size: int, pieces: dict[str, dict[int, list[lang.Rule]]]) -> Iterable[lang.Rule]:
    """Every rule of the grammar of exactly ``size`` (see *the grammar* in the glossary)."""
    yield from _sized(pieces["atom"], size)
    yield from (lang.Not(r) for r in _sized(pieces["negatable"], size - 1))
    for a_size, b_size in _splits(size - 1, 2):
        if a_size > b_size:
            continue
        left, right = _sized(pieces["part"], a_size), _sized(pieces["part"], b_size)
        for i, a in enumerate(left):
            for b in (right[i + 1:] if a_size == b_size else right):
                yield lang.And((a, b))
                yield lang.Or((a, b))
    for c_size, t_size, e_size in _splits(size - 1, 3):
        for c in _sized(pieces["condition"], c_size):
            for t in _sized(pieces["branch"], t_size):
                for e in _sized(pieces["branch"], e_size):
                    if t != e:
                        yield lang.If(c, t, e)


def grammar_pieces(imagination: str) -> dict[str, dict[int, list[lang.Rule]]]:
    """The pieces the grammar combines, by size: ``atom`` (a whole rule of one node), ``negatable``
    (relations that ``!`` may take), ``part`` (what ``&`` and ``|`` join), ``grower_part`` (what
    they join in the grower's proposals: ``growth``), ``condition`` (what ``if`` asks) and
    ``branch`` (what either side of an ``if`` says)."""
    rich = imagination != "novice"
    expert = imagination == "expert"
    features: list[lang.Rule] = [lang.Has(f) for f in lang.FEATURES]
    card = features + ([lang.SuitIn(p) for p in _SUIT_PAIRS] + _rank_groups(expert) if rich else [])
    last = _relations(lang.LAST, rich)
    before = _relations(lang.BEFORE_LAST, expert) if rich else []
    if expert:  # (reads the card two back, as the relations with it the expert alone imagines)
        before += [lang.Between(or_equal) for or_equal in (False, True)]
    whole: list[lang.Rule] = []
    runs_of_steps: list[lang.Rule] = []
    if rich:
        whole += [lang.SuitCycle("S" + "".join(p)) for p in permutations("HDC")]
        # Runs of every two-way attribute (colour the cheapest, Abbott's own): "two odd, then two
        # even"; (1, 1) is the alternation "differ(parity)" says already.
        whole += [lang.Runs((a, b), attribute) for attribute in lang.RUN_ATTRIBUTES
                  for a in (1, 2, 3) for b in (1, 2, 3) if (a, b) != (1, 1)]
        whole += [lang.Position(m, (r,)) for m in (2, 3) for r in range(m)]
    if expert:
        # Sums and differences with the last card divided by 5 or 6: the rule builder deals them
        # (stop 51). Whole rules only: as parts of "and"s and "or"s they added 1,496 candidates
        # (15.60 -> 15.52 points on the bench), and the grower's fixed work, spread over more
        # pieces, no longer reached "if(last.high, even & lower, same(colour))" from 30 plays.
        whole += [lang.Modular(m, (r,), diff, 0, lang.LAST) for m in (5, 6) for r in range(m)
                  for diff in (False, True)]
        # A run of steps one way, "one to three above the last card", costs two as an interval
        # (``rule.steps_size``): whole rules, and parts of the space's "and"s and "or"s ("one to
        # three above, or the same suit"), but not of the grower's (see ``grower_part``).
        runs_of_steps = [lang.Step(tuple(sign * k for k in range(1, top + 1)), False, 0, lang.LAST)
                         for top in (2, 3) for sign in (1, -1)]
        whole += runs_of_steps
    # (a Match or a SuitPairs is listed with its opposite already: "!same(suit)" is "differ(suit)")
    negatable = [r for r in last + before if not isinstance(r, lang.Match | lang.SuitPairs)]
    # Every relation with the last card is a branch. Only pieces of size 1 make ifs of size 4 (the
    # last size the budgets take): the pairs of suits (size 2) left both spaces as they were
    # without them as branches, and as branches the grown ifs may choose them.
    branch: list[lang.Rule] = [lang.Always(), *card, *last] if rich else [lang.Always(), *features]
    return {
        "atom": _by_size([lang.Always(), *card, *last, *before, *whole]),
        "negatable": _by_size(negatable if rich else []),
        "part": _by_size(card + last + before + runs_of_steps if rich else features + last),
        # The grower's fixed work is spread over its parts: four more (the runs of steps) and it
        # no longer reached "if(last.face, if(odd, red, black), higher)" from its plays, as the
        # sums divided by 5 and 6 did at stop 51 (``tests/eleusis/test_growth.py``).
        "grower_part": _by_size(card + last + before if rich else features + last),
        "condition": _by_size(_conditions(rich)),
        "branch": _by_size(branch),
    }


def candidate_rules(imagination: str) -> list[lang.Rule]:
    """Every candidate of an imagination, before merging: the rules of the grammar by size, the
    smallest first, until the imagination's ``BUDGET`` (see the glossary)."""
    if imagination not in IMAGINATIONS:
        raise ValueError(f"unknown imagination {imagination!r}: expected one of {IMAGINATIONS}")
    steps = _candidates(imagination)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        rules: list[lang.Rule] = done.value
        return rules


def _candidates(imagination: str) -> Generator[None, None, list[lang.Rule]]:
    """``candidate_rules`` in steps of ``CHUNK`` candidates (see *building*)."""
    pieces = grammar_pieces(imagination)
    yield
    budget = BUDGET[imagination]
    rules: list[lang.Rule] = []
    for size in range(1, 12):
        level: list[lang.Rule] = []
        rules_of_size = _of_size(size, pieces)
        while len(rules) + len(level) <= budget:
            chunk = list(islice(rules_of_size, CHUNK))
            if not chunk:
                break
            level += chunk
            yield
        if len(rules) + len(level) > budget:
            break
        rules += level
    return rules


ZERO, ONE = "zero", "one"
"""The two constant leaves of a shape: no card, every card."""

Shape = tuple[lang.Rule | str, lang.Rule | str, lang.Rule | str]


def shape_of(rule: lang.Rule) -> Shape:
    """The rule as ``(a, b, c)`` meaning "b where a holds, else c" (see *shapes* in the glossary).

    >>> shape_of(lang.Rule.parse("red & odd"))
    (Has(feature='red', of=0), Has(feature='odd', of=0), 'zero')
    >>> shape_of(lang.Rule.parse("red"))
    (Has(feature='red', of=0), 'one', 'zero')
    """
    if isinstance(rule, lang.If):
        return rule.condition, rule.then, rule.otherwise
    if isinstance(rule, lang.Not):
        return rule.part, ZERO, ONE
    if isinstance(rule, lang.And) and len(rule.parts) == 2:
        return rule.parts[0], rule.parts[1], ZERO
    if isinstance(rule, lang.Or) and len(rule.parts) == 2:
        return rule.parts[0], ONE, rule.parts[1]
    return rule, ONE, ZERO


Triple = tuple[int, int, int]


def run_triples(triples: Iterable[Triple], v: Sequence[int], full: int) -> list[int]:
    """The vectors of the rules written as index triples into ``v`` followed by 0 and ``full``.

    >>> run_triples([(0, 1, 2), (0, 3, 1)], [0b1100, 0b1010], 0b1111)
    [8, 14]
    """
    w = [*v, 0, full]
    if not isinstance(triples, list | tuple) or len(triples) < 4 * len(w):
        return [(w[a] & w[b]) | ((full ^ w[a]) & w[c]) for a, b, c in triples]
    # many classes over few leaves: each leaf's complement worked out once, not once per class
    n = [full ^ x for x in w]
    return [(w[a] & w[b]) | (n[a] & w[c]) for a, b, c in triples]


@dataclass(frozen=True, eq=False)
class HypothesisSpace:
    """The merged classes of one imagination (see the glossary)."""

    imagination: str
    rules: tuple[lang.Rule, ...]
    log_prior: tuple[float, ...]
    atoms: tuple[lang.Rule, ...]
    triples: tuple[Triple, ...]
    signatures: dict[int, int]
    """The class of each probe signature, by the signature's ``hash`` (an int's hash is its value
    modulo 2**61 - 1, the same in every Python: two of 46,212 signatures share one with a chance
    under one in a billion)."""

    base: HypothesisSpace | None = None
    """The space this one grew from (``grown``), None for a space built from the grammar."""
    grown_signatures: dict[int, int] | None = None
    """The classes added by ``grown``, by probe signature hash (``signatures`` is the base's)."""

    @cached_property
    def log_mass(self) -> float:
        """The log of the prior mass of the space built from the grammar (the priors are not
        normalized; grown classes leave it as it is: *other* keeps its share of the grammar)."""
        if self.base is not None:
            return self.base.log_mass
        top = max(self.log_prior)
        return top + math.log(math.fsum(math.exp(p - top) for p in self.log_prior))

    @cached_property
    def distinct_priors(self) -> tuple[float, ...]:
        """The distinct log priors of the classes, highest first (of the base for a grown space)."""
        if self.base is not None:
            return self.base.distinct_priors
        return tuple(sorted(set(self.log_prior), reverse=True))

    @cached_property
    def prior_ranks(self) -> tuple[int, ...]:
        """The rank of each class's log prior among ``distinct_priors`` (the base's classes only
        for a grown space): an integer that two classes of one prior always share.

        >>> space = hypothesis_space("novice")
        >>> all(space.distinct_priors[r] == p for r, p in zip(space.prior_ranks, space.log_prior))
        True
        """
        if self.base is not None:
            return self.base.prior_ranks
        rank = {prior: k for k, prior in enumerate(self.distinct_priors)}
        return tuple(rank[prior] for prior in self.log_prior)

    def grown(self, rules: Sequence[lang.Rule], log_priors: Sequence[float],
              signatures: Sequence[int]) -> HypothesisSpace:
        """This space (or its base, if it grew already) with ``rules`` added as classes after
        the base's, whose indices stay as they are. The new leaves come after two constant
        leaves that stand where the base's triples expect no card and every card.

        >>> base = hypothesis_space("novice")
        >>> rule = lang.Rule.parse("if(last.face, red & odd, black)")
        >>> grown = base.grown([rule], [-12.0], [probe_signature(rule)])
        >>> len(grown.rules) == len(base.rules) + 1, grown.class_of(rule) == len(base.rules)
        (True, True)
        >>> from leopard_core.cards import Card
        >>> line = (Card(12, "S"),)
        >>> grown.masks(line)[:len(base.rules)] == base.masks(line)
        True
        >>> grown.masks(line)[-1] == rule.mask(line)
        True
        """
        base = self.base or self
        atoms = [*base.atoms, lang.Not(lang.Always()), lang.Always()]
        index: dict[lang.Rule | str, int] = {leaf: k for k, leaf in enumerate(atoms)}
        index[ZERO], index[ONE] = len(atoms) - 2, len(atoms) - 1
        triples = list(base.triples)
        for rule in rules:
            shape = shape_of(rule)
            for leaf in shape:
                if leaf not in index:
                    assert isinstance(leaf, lang.Rule)
                    index[leaf] = len(atoms)
                    atoms.append(leaf)
            triples.append((index[shape[0]], index[shape[1]], index[shape[2]]))
        start = len(base.rules)
        return HypothesisSpace(
            imagination=base.imagination,
            rules=base.rules + tuple(rules),
            log_prior=base.log_prior + tuple(log_priors),
            atoms=tuple(atoms),
            triples=tuple(triples),
            signatures=base.signatures,
            base=base,
            grown_signatures={hash(sig): start + k for k, sig in enumerate(signatures)},
        )

    def evaluate(self, v: Sequence[int], full: int) -> list[int]:
        """Every class's vector from the leaf vectors ``v`` (see the glossary)."""
        return run_triples(self.triples, v, full)

    def evaluate_some(self, v: Sequence[int], full: int, classes: Sequence[int]) -> list[int]:
        """The vectors of ``classes`` only, in their order."""
        triples = self.triples
        if len(classes) == len(triples):  # every class: no need to pick
            return run_triples(triples, v, full)
        return run_triples([triples[i] for i in classes], v, full)

    def leaves_of(self, classes: Iterable[int]) -> list[int]:
        """The leaves that ``classes`` read, in order."""
        count = len(self.atoms)
        used = {k for i in classes for k in self.triples[i] if k < count}
        return sorted(used)

    def atom_masks(self, mainline: Sequence[Card]) -> list[int]:
        """Each atom's 52-bit mask after ``mainline``."""
        return [atom.compiled(mainline) for atom in self.atoms]

    def masks(self, mainline: Sequence[Card]) -> list[int]:
        """Each class's 52-bit mask after ``mainline``."""
        return self.evaluate(self.atom_masks(mainline), lang.FULL)

    def class_of(self, rule: lang.Rule) -> int | None:
        """The index of the class that behaves like ``rule`` on the probes, if any."""
        return self.class_with(hash(probe_signature(rule)))

    def class_with(self, signature: int) -> int | None:
        """The index of the class whose probe signature has the ``hash`` ``signature``, if any."""
        found = self.signatures.get(signature)
        if found is None and self.grown_signatures:
            found = self.grown_signatures.get(signature)
        return found


def simplest(members: Sequence[lang.Rule]) -> lang.Rule:
    """The member that represents a class: the smallest, then the shortest notation, then the
    first in notation order (the notation is written only for the smallest ones)."""
    smallest = min(rule.size for rule in members)
    ties = [rule for rule in members if rule.size == smallest]
    return ties[0] if len(ties) == 1 else min(ties, key=lambda r: (len(str(r)), str(r)))


def _building(imagination: str) -> Generator[None, None, HypothesisSpace]:
    """The space of an imagination, built in steps: it yields between two steps and returns the
    space (see *building* in the glossary)."""
    candidates = yield from _candidates(imagination)
    probes = probe_mainlines()
    full = (1 << (52 * len(probes))) - 1
    leaf_vectors: dict[lang.Rule | str, int] = {ZERO: 0, ONE: full}
    shapes: list[Shape] = []
    work = 0
    for rule in candidates:
        shape = shape_of(rule)
        shapes.append(shape)
        work += 1
        for leaf in shape:
            if leaf not in leaf_vectors:
                assert isinstance(leaf, lang.Rule)
                leaf_vectors[leaf] = packed_masks(leaf, probes)
                work += CHUNK // LEAVES_PER_STEP
        if work >= CHUNK:
            work = 0
            yield
    classes: dict[int, list[int]] = {}
    for start in range(0, len(candidates), CHUNK):
        for k in range(start, min(start + CHUNK, len(candidates))):
            a, b, c = (leaf_vectors[x] for x in shapes[k])
            signature = (a & b) | ((full ^ a) & c)
            if signature:  # a rule accepting nothing anywhere is not a rule a dealer may choose
                classes.setdefault(signature, []).append(k)
        yield
    chosen: list[tuple[lang.Rule, float, int, Shape]] = []
    for signature, members in classes.items():
        rules = [candidates[k] for k in members]
        best = simplest(rules)
        prior = (grammar_prior(best, imagination) + MULTIPLICITY_WEIGHT * math.log(len(members))
                 + narrow_cost(signature, imagination))
        chosen.append((best, prior, signature, shapes[members[rules.index(best)]]))
        if len(chosen) % CHUNK == 0:
            yield
    for start in range(0, len(chosen), CHUNK):
        for item in chosen[start:start + CHUNK]:
            str(item[0])  # each notation written once and kept, so that the sort below is short
        yield
    chosen.sort(key=lambda item: (-item[1], str(item[0])))
    yield
    index: dict[lang.Rule | str, int] = {}
    for item in chosen:
        for leaf in item[3]:
            if leaf not in (ZERO, ONE) and leaf not in index:
                index[leaf] = len(index)
    index[ZERO], index[ONE] = len(index), len(index) + 1
    yield
    triples = []
    for start in range(0, len(chosen), CHUNK):
        shapes_now = (item[3] for item in chosen[start:start + CHUNK])
        triples += [(index[x], index[y], index[z]) for x, y, z in shapes_now]
        yield
    signatures: dict[int, int] = {}
    for start in range(0, len(chosen), CHUNK):
        for i in range(start, min(start + CHUNK, len(chosen))):
            signatures[hash(chosen[i][2])] = i  # (61 bits of a 1 KB signature: saves ~45 MB)
        yield
    return HypothesisSpace(
        imagination=imagination,
        rules=tuple(item[0] for item in chosen),
        log_prior=tuple(item[1] for item in chosen),
        atoms=tuple(leaf for leaf in index if isinstance(leaf, lang.Rule)),
        triples=tuple(triples),
        signatures=signatures,
    )


_SPACES: dict[str, HypothesisSpace] = {}
"""The spaces built so far in this Python, by imagination."""
_UNDER_WAY: dict[str, Generator[None, None, HypothesisSpace]] = {}
"""The spaces whose building has begun, by imagination: where the next call goes on."""


def build_space(imagination: str, until: float = math.inf) -> HypothesisSpace | None:
    """Work on the imagination's space until ``time.perf_counter()`` passes ``until`` (at least
    one step, so every call moves on); the space once it is built, None while steps remain."""
    if imagination in _SPACES:
        return _SPACES[imagination]
    if imagination not in IMAGINATIONS:
        raise ValueError(f"unknown imagination {imagination!r}: expected one of {IMAGINATIONS}")
    steps = _UNDER_WAY.setdefault(imagination, _building(imagination))
    try:
        while True:
            next(steps)
            if time.perf_counter() >= until:
                return None
    except StopIteration as built:
        del _UNDER_WAY[imagination]
        space: HypothesisSpace = built.value
        _SPACES[imagination] = space
        return space
    except BaseException:
        _UNDER_WAY.pop(imagination, None)  # a building that failed starts again at the next call
        raise


def hypothesis_space(imagination: str) -> HypothesisSpace:
    """The space of an imagination, built now if no call has built it yet (about half a second
    for the expert's in CPython; several in the browser: see ``build_space``)."""
    space = build_space(imagination)
    assert space is not None  # no deadline: the building ran to its end
    return space
