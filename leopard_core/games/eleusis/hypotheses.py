"""A finite space of candidate rules, enumerated from the grammar, merged by behaviour.

A computer player imagines the rules of one space and keeps an exact probability over them
(``players``). The space is built once per imagination (level) and shared.

Glossary:
    atom        -- a leaf rule (``red``, ``same(suit)``, ``last.face`` ...). Every candidate is
                   a small tree over the atoms of its space.
    vectors     -- one integer per atom holding many verdicts at once: 52 bits per mainline for a
                   mask, or one bit per observed play. A candidate's verdicts are then bit
                   operations on its atoms' vectors (``&`` for and, ``|`` for or, ``full ^`` for
                   not), done for all candidates by one compiled function (``evaluate``).
    probes      -- fixed random mainlines; two candidates with the same masks on every probe
                   behave alike and are merged into one *class*, represented by its simplest
                   member (smallest size, then shortest notation).
    prior       -- of a class: ``exp(-SIZE_COST * size)`` of its simplest member (a grammar prior by
                   description length), times ``members ** MULTIPLICITY_WEIGHT`` (a rule said in
                   many ways is a little likelier).
    imagination -- ``"novice"`` (features of the card and relations with the last card only, and
                   if-the-last-card-then-else of features), ``"scientist"`` (adds the card before
                   the last, suit cycles, colour runs, every other card, and pairs joined by and /
                   or), ``"expert"`` (adds more steps, rank sets and more pairs).
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
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations

from leopard_core.cards import ALL_CARDS, Card

from . import rule as lang

SIZE_COST = 2.0
"""Prior log-odds lost per unit of size."""

MULTIPLICITY_WEIGHT = 0.25
"""A little of the Bayesian Occam effect: a rule said in many ways gains a little."""

CHUNK = 1000
"""Candidates or classes per step of the building, and classes per compiled function: a step
takes some 10-30 ms in CPython, several times that in the browser's WebAssembly."""

PROBE_COUNT = 160
PROBE_SEED = 20260
IMAGINATIONS = ("novice", "scientist", "expert")

Evaluator = Callable[[Sequence[int], int], list[int]]


def is_atom(rule: lang.Rule) -> bool:
    """Whether ``rule`` is a leaf of the tree."""
    return not rule.children()


def atoms_of(rule: lang.Rule) -> Iterable[lang.Rule]:
    """The leaves of ``rule``, left to right."""
    if is_atom(rule):
        yield rule
    for child in rule.children():
        yield from atoms_of(child)


def _expression(rule: lang.Rule, index: dict[lang.Rule, int]) -> str:
    """Python source computing the rule's vector from ``v`` (atom vectors) and ``F`` (full)."""
    if is_atom(rule):
        return f"v[{index[rule]}]"
    if isinstance(rule, lang.Not):
        return f"(F ^ {_expression(rule.part, index)})"
    if isinstance(rule, lang.And):
        return "(" + " & ".join(_expression(p, index) for p in rule.parts) + ")"
    if isinstance(rule, lang.Or):
        return "(" + " | ".join(_expression(p, index) for p in rule.parts) + ")"
    if isinstance(rule, lang.If):
        c, t, e = (_expression(x, index) for x in rule.children())
        return f"(({c} & {t}) | ((F ^ {c}) & {e}))"
    raise TypeError(f"not a rule node: {rule!r}")


def compile_evaluator(rules: Sequence[lang.Rule], index: dict[lang.Rule, int]) -> Evaluator:
    """One function giving the vectors of all ``rules`` from the atom vectors (see the glossary).

    >>> from .rule import And, Has, Not
    >>> red, odd = Has("red"), Has("odd")
    >>> run = compile_evaluator([And((red, odd)), Not(red)], {red: 0, odd: 1})
    >>> run([0b1100, 0b1010], 0b1111)
    [8, 3]
    """
    body = ",\n ".join(_expression(rule, index) for rule in rules)
    source = f"def evaluate(v, F):\n return [{body}]\n"
    namespace: dict[str, Evaluator] = {}
    exec(compile(source, "<hypotheses>", "exec"), namespace)  # our own generated source
    return namespace["evaluate"]


def _tree_vector(rule: lang.Rule, atom_vectors: dict[lang.Rule, int], full: int) -> int:
    """A rule's vector by walking its tree (used once per candidate while merging)."""
    if is_atom(rule):
        return atom_vectors[rule]
    if isinstance(rule, lang.Not):
        return full ^ _tree_vector(rule.part, atom_vectors, full)
    if isinstance(rule, lang.And):
        result = full
        for part in rule.parts:
            result &= _tree_vector(part, atom_vectors, full)
        return result
    if isinstance(rule, lang.Or):
        result = 0
        for part in rule.parts:
            result |= _tree_vector(part, atom_vectors, full)
        return result
    if isinstance(rule, lang.If):
        c = _tree_vector(rule.condition, atom_vectors, full)
        return (c & _tree_vector(rule.then, atom_vectors, full)) | (
            (full ^ c) & _tree_vector(rule.otherwise, atom_vectors, full))
    raise TypeError(f"not a rule node: {rule!r}")


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


def _card_features() -> list[lang.Rule]:
    return [lang.Has(f) for f in lang.FEATURES]


def _last_relations(steps: Sequence[tuple[int, ...]]) -> list[lang.Rule]:
    rules: list[lang.Rule] = [lang.Match(a, same) for a in lang.ATTRIBUTES for same in (True, False)]
    rules += [lang.Compare(True), lang.Compare(False)]
    rules += [lang.Step(s, wrap) for s in steps for wrap in (False, True)]
    return rules


_BASIC_STEPS = [(1,), (-1,), (-1, 1), (2,), (-2,), (-2, 2), (-2, -1, 1, 2)]
_MORE_STEPS = [(1, 2), (-2, -1), (-3, 3), (-3, -2, -1, 1, 2, 3), (3,), (-3,), (0, 1), (-1, 0, 1)]


def _cycles() -> list[lang.Rule]:
    orders = {"S" + "".join(p) for p in permutations("HDC")}
    return [lang.SuitCycle(order) for order in sorted(orders)]


def _runs() -> list[lang.Rule]:
    return [lang.ColourRuns(n) for n in [(1, 2), (2, 1), (2, 2), (1, 3), (3, 1), (2, 3), (3, 2), (3, 3)]]


def candidate_rules(imagination: str) -> list[lang.Rule]:
    """Every candidate of an imagination, before merging (see the glossary)."""
    if imagination not in IMAGINATIONS:
        raise ValueError(f"unknown imagination {imagination!r}: expected one of {IMAGINATIONS}")
    expert = imagination == "expert"
    novice = imagination == "novice"
    features = _card_features()
    relations = _last_relations(_BASIC_STEPS + (_MORE_STEPS if expert else []))
    conditions = [lang.Has(f, lang.LAST) for f in lang.FEATURES]
    simple_branches = features + [
        lang.Match(a, s) for a in ("colour", "suit", "parity") for s in (True, False)
    ]
    simple_branches += [lang.Compare(True), lang.Compare(False), lang.Always()]
    rules: list[lang.Rule] = [lang.Always(), *features, *relations]
    branches = features if novice else simple_branches
    rules += [lang.If(c, t, e) for c in conditions for t in branches for e in branches if t != e]
    if novice:
        return rules
    before: list[lang.Rule] = [lang.Match(a, same, 0, 2) for a in lang.ATTRIBUTES for same in (True, False)]
    before += [lang.Compare(True, 0, 2), lang.Compare(False, 0, 2)]
    rules += before + _cycles() + _runs()
    rules += [lang.Not(r) for r in relations if isinstance(r, lang.Step | lang.Compare)]
    place = lang.Position(2, (0,))
    rules += [lang.If(place, t, e) for t in simple_branches for e in simple_branches if t != e]
    history: list[lang.Rule] = [
        lang.Match(a, same, 1, 2) for a in ("colour", "suit", "parity") for same in (True, False)
    ]
    history += [lang.Compare(True, 1, 2)]
    rules += [lang.If(c, t, e) for c in history for t in simple_branches for e in simple_branches if t != e]
    pool = features + relations + (before if expert else [])
    rules += [lang.And((a, b)) for a, b in combinations(pool, 2)]
    rules += [lang.Or((a, b)) for a, b in combinations(pool, 2)]
    if expert:
        rules += [lang.RankIn(r) for r in [(1, 2, 3, 5, 8, 13), (1, 4, 9), (1, 11, 12, 13), (5, 6, 7, 8, 9)]]
        rules += [lang.And((a, b)) for a in features for b in before]
        rules += [lang.If(c, t, e) for c in conditions for t in relations[:14] for e in features]
        rules += [lang.And((a, b)) for a in _runs() for b in features[:8]]
    return rules


@dataclass(frozen=True)
class HypothesisSpace:
    """The merged classes of one imagination (see the glossary)."""

    imagination: str
    rules: tuple[lang.Rule, ...]
    log_prior: tuple[float, ...]
    atoms: tuple[lang.Rule, ...]
    evaluate: Evaluator
    signatures: dict[int, int]

    def atom_masks(self, mainline: Sequence[Card]) -> list[int]:
        """Each atom's 52-bit mask after ``mainline``."""
        return [atom.compiled(mainline) for atom in self.atoms]

    def masks(self, mainline: Sequence[Card]) -> list[int]:
        """Each class's 52-bit mask after ``mainline``."""
        return self.evaluate(self.atom_masks(mainline), lang.FULL)

    def class_of(self, rule: lang.Rule) -> int | None:
        """The index of the class that behaves like ``rule`` on the probes, if any."""
        return self.signatures.get(probe_signature(rule))


def joined_evaluator(parts: Sequence[Evaluator]) -> Evaluator:
    """One evaluator from several, each compiled for a run of the classes, in order.

    >>> from .rule import Has
    >>> red, odd = Has("red"), Has("odd")
    >>> index = {red: 0, odd: 1}
    >>> run = joined_evaluator([compile_evaluator([red], index), compile_evaluator([odd], index)])
    >>> run([0b1100, 0b1010], 0b1111)
    [12, 10]
    """
    if len(parts) == 1:
        return parts[0]

    def evaluate(v: Sequence[int], full: int) -> list[int]:
        result: list[int] = []
        for part in parts:
            result += part(v, full)
        return result

    return evaluate


def simplest(members: Sequence[lang.Rule]) -> lang.Rule:
    """The member that represents a class: the smallest, then the shortest notation, then the
    first in notation order (the notation is written only for the smallest ones)."""
    smallest = min(rule.size for rule in members)
    ties = [rule for rule in members if rule.size == smallest]
    return ties[0] if len(ties) == 1 else min(ties, key=lambda r: (len(str(r)), str(r)))


def _index_atoms(rules: Iterable[lang.Rule], index: dict[lang.Rule, int]) -> None:
    """Give each atom of ``rules`` not in ``index`` yet the next place (in order of first use)."""
    for rule in rules:
        for atom in atoms_of(rule):
            if atom not in index:
                index[atom] = len(index)


def _building(imagination: str) -> Generator[None, None, HypothesisSpace]:
    """The space of an imagination, built in steps: it yields between two steps and returns the
    space (see *building* in the glossary)."""
    candidates = candidate_rules(imagination)
    yield
    index: dict[lang.Rule, int] = {}
    for start in range(0, len(candidates), CHUNK):
        _index_atoms(candidates[start:start + CHUNK], index)
        yield
    probes = probe_mainlines()
    full = (1 << (52 * len(probes))) - 1
    atom_vectors = {atom: packed_masks(atom, probes) for atom in index}
    yield
    classes: dict[int, list[lang.Rule]] = {}
    for start in range(0, len(candidates), CHUNK):
        for rule in candidates[start:start + CHUNK]:
            signature = _tree_vector(rule, atom_vectors, full)
            if signature:  # a rule accepting nothing anywhere is not a rule a dealer may choose
                classes.setdefault(signature, []).append(rule)
        yield
    chosen: list[tuple[lang.Rule, float, int]] = []
    for signature, members in classes.items():
        best = simplest(members)
        prior = -SIZE_COST * best.size + MULTIPLICITY_WEIGHT * math.log(len(members))
        chosen.append((best, prior, signature))
        if len(chosen) % CHUNK == 0:
            str(best)  # (the notation is kept: writing them all in one step would make it long)
            yield
    for start in range(0, len(chosen), CHUNK):
        for item in chosen[start:start + CHUNK]:
            str(item[0])  # each notation written once and kept, so that the sort below is short
        yield
    chosen.sort(key=lambda item: (-item[1], str(item[0])))
    rules = tuple(item[0] for item in chosen)
    used_index: dict[lang.Rule, int] = {}
    for start in range(0, len(rules), CHUNK):
        _index_atoms(rules[start:start + CHUNK], used_index)
        yield
    parts = []
    for start in range(0, len(rules), CHUNK):
        parts.append(compile_evaluator(rules[start:start + CHUNK], used_index))
        yield
    return HypothesisSpace(
        imagination=imagination,
        rules=rules,
        log_prior=tuple(item[1] for item in chosen),
        atoms=tuple(used_index),
        evaluate=joined_evaluator(parts),
        signatures={item[2]: i for i, item in enumerate(chosen)},
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
