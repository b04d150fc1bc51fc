"""The grammar's prior: how likely a rule is to be the dealer's before any card is seen.

A probabilistic grammar (Goodman et al. 2008, "A rational analysis of rule-based concept
learning"): writing a rule is a sequence of choices, and the prior of the rule is the product of
the chances of its choices. Every choice is uniform over what the grammar allows at that point,
a principle stated once, not fitted to any rule.

Glossary:
    form        -- the first choice, of the whole rule: an atom, ``a & b``, ``a | b`` or
                   ``if(c, t, e)``, one in four each (``!`` of a relation is a setting of the
                   relation, as ``same`` / ``differ`` is of a match: not a form of its own).
                   Each side of an ``if`` is chosen the same way among a piece, ``a & b`` and
                   ``a | b`` (one in three each: the rules grown from the evidence use the last
                   two, ``growth``).
    reuse       -- see ``REUSE``.
    role        -- where a piece stands: a whole atom, what ``!`` takes, a part of ``&`` or ``|``,
                   the condition of an ``if``, a side of an ``if`` (the pieces of each role are
                   ``hypotheses.grammar_pieces``).
    kind        -- what sort of piece: a node type of the rule language together with the cards it
                   reads (``Has`` of the card played, ``RankIn`` of the card played, ``Step`` from
                   the last card, ``Step`` from the card before it, ...). A piece is chosen in two
                   steps, its kind uniformly among the kinds of its role, then its settings
                   uniformly within the kind: the 77 intervals of values share one kind's mass
                   (each weighs far less than ``red``, one of 13 features), while a kind with few
                   settings (``higher``, ``lower``) weighs more each.
    ordering    -- ``a & b`` is ``b & a``: the two orders are two ways to write one rule, so its
                   prior counts both.
    class prior -- the sum of the priors of the class's members, the rules of the space that behave
                   alike (the marginal over descriptions): a rule said in many ways is likelier by
                   exactly as much as the grammar says (``hypotheses``).
    truncation  -- the space lists the rules up to a size; the rest of the grammar's mass lies
                   beyond it (rules grown from the evidence are priced by the same grammar, and
                   *other*, "a rule I cannot imagine", keeps its share of the space's mass:
                   ``belief``).

>>> from leopard_core.games.eleusis.hypotheses import grammar_pieces
>>> prior = GrammarPrior(grammar_pieces("expert"))
>>> red, interval = Rule.parse("red"), Rule.parse("rank(4,5,6,7,8,9)")
>>> round(prior.log_prior(red) - prior.log_prior(interval), 2)  # log(418 / 13)
3.47
>>> simple = prior.log_prior(Rule.parse("if(last.face, red, black)"))
>>> stepping = prior.log_prior(Rule.parse("if(last.face, red, step(+3))"))
>>> simple > stepping  # a step is one of 22 settings of its kind, a feature one of 13
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from . import rule as lang
from .rule import Rule

FORMS = ("atom", "and", "or", "if")
"""The forms of a whole rule (see the glossary)."""
BRANCH_FORMS = ("piece", "and", "or")
"""The forms of a side of an ``if``."""

Kind = tuple[object, ...]


class NotInGrammar(ValueError):
    """A rule the grammar cannot write (a piece in a place where it does not stand); quotes it."""


def kind_of(piece: Rule) -> Kind:
    """The kind of a piece: its node type and the cards it reads (see the glossary).

    >>> kind_of(Rule.parse("red")) == kind_of(Rule.parse("odd"))
    True
    >>> kind_of(Rule.parse("last.red")) == kind_of(Rule.parse("red"))
    False
    """
    if isinstance(piece, lang.Not):
        return kind_of(piece.part)  # (``!`` is a setting of a relation: see *form*)
    offsets = tuple(getattr(piece, name) for name in ("of", "to") if hasattr(piece, name))
    return (type(piece).__name__, *offsets)


REUSE = True
"""Rational rules (Goodman et al. 2008): the chances of the choices are not fixed but unknown,
uniform a priori (a Dirichlet of weight one), and integrated out: a rule that makes the same choice
twice (two features for the sides of an ``if``) is likelier than one that makes two different
choices."""

Choice = tuple[object, ...]


class GrammarPrior:
    """The prior of the rules of one imagination's grammar, from its pieces by role."""

    def __init__(self, pieces: dict[str, dict[int, list[Rule]]]) -> None:
        flat = {role: list(dict.fromkeys(rule for rules in by_size.values() for rule in rules))
                for role, by_size in pieces.items()}
        flat["atom"] += [lang.Not(rule) for rule in flat["negatable"]]
        self._kind: dict[str, dict[Rule, Kind]] = {}
        self._options: dict[Choice, int] = {}
        for role, rules in flat.items():
            kinds = self._kind[role] = {rule: kind_of(rule) for rule in rules}
            self._options[("kind", role)] = len(set(kinds.values()))
            for kind in kinds.values():
                key = ("setting", role, kind)
                self._options[key] = self._options.get(key, 0) + 1
        forms = [form for form, role in zip(FORMS, ("atom", "part", "part", "condition"),
                                            strict=True) if flat[role]]
        self._options[("form",)] = len(forms)
        self._options[("branch form",)] = len(BRANCH_FORMS)
        self._forms = frozenset(forms)

    def _piece(self, role: str, rule: Rule, choices: list[tuple[Choice, object]]) -> None:
        kind = self._kind[role].get(rule)
        if kind is None:
            raise NotInGrammar(f"{str(rule)!r} is not a {role} of this grammar")
        choices += [(("kind", role), kind), (("setting", role, kind), rule)]

    def _junction(self, rule: lang.And | lang.Or, choices: list[tuple[Choice, object]]) -> None:
        if len(rule.parts) != 2:
            raise NotInGrammar(f"{str(rule)!r} joins {len(rule.parts)} rules, the grammar two")
        for part in rule.parts:
            self._piece("part", part, choices)

    def _branch(self, rule: Rule, choices: list[tuple[Choice, object]]) -> None:
        if isinstance(rule, lang.And | lang.Or):
            choices.append((("branch form",), type(rule).__name__))
            self._junction(rule, choices)
        else:
            choices.append((("branch form",), "piece"))
            self._piece("branch", rule, choices)

    def choices(self, rule: Rule) -> list[tuple[Choice, object]]:
        """The choices that write ``rule``, in order: (where, what)."""
        choices: list[tuple[Choice, object]] = []
        if isinstance(rule, lang.If) and "if" in self._forms:
            choices.append((("form",), "if"))
            self._piece("condition", rule.condition, choices)
            self._branch(rule.then, choices)
            self._branch(rule.otherwise, choices)
        elif isinstance(rule, lang.And | lang.Or):
            choices.append((("form",), type(rule).__name__))
            self._junction(rule, choices)
        else:
            choices.append((("form",), "atom"))
            self._piece("atom", rule, choices)
        return choices

    def log_prior(self, rule: Rule) -> float:
        """The log prior of ``rule``: the sum of the log chances of its choices (see *reuse*)."""
        choices = self.choices(rule)
        options = self._options
        junctions = [rule, *rule.children()] if isinstance(rule, lang.If) else [rule]
        log = math.log(2) * sum(isinstance(r, lang.And | lang.Or) for r in junctions)  # *ordering*
        if not REUSE:
            return log - math.fsum(math.log(options[where]) for where, _ in choices)
        made: dict[Choice, dict[object, int]] = {}
        for where, what in choices:
            before = made.setdefault(where, {})
            count = before.get(what, 0)
            log += math.log((count + 1) / (sum(before.values()) + options[where]))
            before[what] = count + 1
        return log


def log_sum(logs: Iterable[float]) -> float:
    """``log(sum(exp(x) for x in logs))`` without overflow (the prior of a class).

    >>> round(log_sum([math.log(0.25), math.log(0.5)]), 6) == round(math.log(0.75), 6)
    True
    """
    values = list(logs)
    top = max(values)
    return top + math.log(math.fsum(math.exp(v - top) for v in values))
