"""A computer player's belief: the exact posterior over a finite space of rules, given the table.

Bayes with a likelihood tolerant of noise (Goodman et al. 2008, "A rational analysis of rule-based
concept learning"): each observed verdict agrees with a rule with chance ``1 - NOISE``, so a rule
that breaks one verdict is unlikely but not impossible, and a secret rule outside the language
does not break the belief. An extra hypothesis, *other*, says "a rule I cannot imagine": it calls
each card right with chance one half.

Glossary:
    observation -- one verdict the table showed: a single card after a mainline and whether it was
                   right; a right string gives one per card. A *group* is a verdict on several
                   cards at once: a wrong string (some card of it was wrong) or a "No play" call
                   (right: none of the hand could go; wrong: one could).
    violations  -- per class, how many observations and groups it contradicts; a refused guess
                   adds ``REFUSED_WEIGHT`` to the classes that behave like it.
    refused     -- a refused guess is also evidence for *other*: a rule it cannot imagine makes
                   it happen for sure, while the classes it imagines would have let it through
                   with the chance ``share`` they gave the classes the judge could not tell from
                   the guess. So *other*'s odds gain ``-log(1 - share)`` (times
                   ``REFUSAL_EVIDENCE``) for good: ruling those classes out does the same for
                   the classes alive then, but the rules the grower fits to the same verdicts
                   afterwards (``growth``) would otherwise take the whole share back.
    weights     -- the posterior of each class, and ``other``, summing to one.
    growing     -- with a ``grower`` (``growth``), while the classes of the space that break no
                   verdict hold less than ``GROW_BELOW`` of the posterior, the larger rules of the
                   grammar that fit every verdict are added as classes (``HypothesisSpace.grown``,
                   after the space's, whose indices stay) with their grammar prior; they are
                   worked out again from all the verdicts at each update, so that the same table
                   gives the same belief whatever the path to it, and dropped once the space
                   explains the table again.
    predictive  -- the chance that each of the 52 faces is right after a mainline.

>>> from leopard_core.cards import ALL_CARDS, Card
>>> from .evidence import Evidence, Play
>>> belief = Belief(hypothesis_space("novice"))
>>> starter = Card(5, "H")
>>> plays = [Play(1, (Card(9, "S"),), True), Play(2, (Card(3, "C"),), False),
...          Play(2, (Card(2, "D"),), True), Play(3, (Card(7, "H"),), False)]
>>> evidence = Evidence((starter, Card(9, "S"), Card(2, "D")), tuple(plays))
>>> belief.update(evidence)
>>> str(belief.space.rules[belief.ranked()[0]])
'differ(colour)'
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from leopard_core.cards import ALL_CARDS, Card

from .evidence import Evidence, NoPlay, Play
from .growth import Grower
from .hypotheses import SIZE_COST, HypothesisSpace, hypothesis_space
from .notation import RuleNotationError, parse_rule
from .rule import FULL, Rule

NOISE = 0.002
"""The chance that a verdict disagrees with the rule that made it: small, since a dealer rarely
errs; what no rule of the space explains goes to *other* instead (with 0.01, classes that broke
two verdicts of a rule beyond the space still outweighed *other* and were guessed, up to five
times a round)."""
OTHER_PRIOR = 0.1
"""The prior chance of *other*: a rule the player cannot imagine."""
REFUSAL_EVIDENCE = 1.0
"""How many times a refused guess counts for *other* (see *refused* in the glossary)."""
REFUSED_WEIGHT = 4
PRUNE_NATS = 18.0
"""Classes whose posterior falls this far (e^-18, some 1e-8) below the best class's are dropped
for good: each verdict they break takes them further down; one could come back only if the best
broke some three verdicts more than it from then on."""
TOP_KEPT = 200
"""The heaviest classes kept in order after each update (for ``ranked``)."""
LIVE_FLOOR = 1e-9
"""Classes below this weight are left out of the chances (they add less than the rounding)."""
GROW_BELOW = 0.5
"""A belief with a ``grower`` grows (``growth``) while the classes of its space that break no
verdict hold less than this share of its posterior (what it imagines explains the table badly)."""

__all__ = ["Belief", "Group", "agreement_chances", "hypothesis_space"]


@dataclass
class Group:
    """A verdict on several cards at once (see the glossary)."""

    states: list[tuple[Card, ...]]
    cards: list[Card]
    violated_when: str
    """``"any right"`` for a right "No play", ``"all right"`` for a wrong string, ``"none right"``
    for a wrong "No play"."""


@dataclass
class Belief:
    """The posterior over ``space`` (see the module's glossary)."""

    space: HypothesisSpace
    noise: float = NOISE
    violations: list[int] = field(default_factory=list)
    alive: list[int] = field(default_factory=list)
    observed: int = 0
    mainline: tuple[Card, ...] = ()
    seen_plays: tuple[Play, ...] = ()
    seen_no_plays: tuple[NoPlay, ...] = ()
    seen_refused: tuple[str, ...] = ()
    _weights: list[float] | None = None
    _other: float = 0.0
    _live: list[int] = field(default_factory=list)
    _top: list[int] = field(default_factory=list)
    _logs: list[float] | None = None
    _grouped: tuple[tuple[Card, ...], dict[int, float]] | None = None
    refused_odds: float = 0.0
    """What the refused guesses added to *other*'s log odds (see *refused*)."""
    grower: Grower | None = None
    """Proposes larger rules when the space explains the table badly (see ``GROW_BELOW``)."""
    singles: list[tuple[tuple[Card, ...], Card, bool]] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    refusals: list[tuple[str, tuple[Card, ...]]] = field(default_factory=list)
    """Every observation so far (what grown classes are judged on)."""

    def __post_init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Forget every observation (and what grew from them)."""
        self.space = self.space.base or self.space
        self.singles, self.groups, self.refusals = [], [], []
        count = len(self.space.rules)
        self.violations = [0] * count
        self.alive = list(range(count))
        self.observed = 0
        self.mainline = ()
        self.seen_plays, self.seen_no_plays, self.seen_refused = (), (), ()
        self._weights = None
        self._logs = None
        self.refused_odds = 0.0

    # ------------------------------------------------------------ observing

    def update(self, evidence: Evidence) -> None:
        """Take in what is new on the table since the last update (or everything, if the table
        is not a continuation of what was seen)."""
        if (evidence.mainline[: len(self.mainline)] != self.mainline
                or evidence.plays[: len(self.seen_plays)] != self.seen_plays
                or evidence.no_plays[: len(self.seen_no_plays)] != self.seen_no_plays
                or evidence.refused_guesses[: len(self.seen_refused)] != self.seen_refused):
            self.reset()
        mainline = evidence.mainline
        singles: list[tuple[tuple[Card, ...], Card, bool]] = []
        groups: list[Group] = []
        for play in evidence.plays[len(self.seen_plays):]:
            before = mainline[: play.at]
            if play.right or len(play.cards) == 1:
                line = list(before)
                for card in play.cards:
                    singles.append((tuple(line), card, play.right))
                    line.append(card)
            else:
                states = [before + play.cards[:i] for i in range(len(play.cards))]
                groups.append(Group(states, list(play.cards), "all right"))
        for call in evidence.no_plays[len(self.seen_no_plays):]:
            before = mainline[: call.at]
            groups.append(Group([before] * len(call.hand), list(call.hand),
                                "any right" if call.right else "none right"))
        refused = evidence.refused_guesses[len(self.seen_refused):]
        if singles or groups:
            self._observe(singles, groups)
        for text in refused:
            self._refuse(text, mainline)
            self.refusals.append((text, mainline))
        self.singles += singles
        self.groups += groups
        if self.grower is not None and (singles or groups or refused):
            self._grow()
        self.mainline = mainline
        self.seen_plays, self.seen_no_plays = evidence.plays, evidence.no_plays
        self.seen_refused = evidence.refused_guesses
        if singles or groups or refused:  # nothing new: the weights stand
            self._weights = None

    def _verdicts(self, states: Sequence[tuple[Card, ...]], cards: Sequence[Card],
                  classes: Sequence[int] | None = None) -> list[int]:
        """Per class of ``classes`` (default: alive, in that order), one bit per (state, card):
        whether the class calls the card right."""
        classes = self.alive if classes is None else classes
        atoms = self.space.atoms
        vectors = [0] * len(atoms)
        for k in self.space.leaves_of(classes) if len(classes) < 2000 else range(len(atoms)):
            fast = atoms[k].compiled
            vector = 0
            for j, (state, card) in enumerate(zip(states, cards, strict=True)):
                vector |= (fast(state) >> card.sort_key & 1) << j
            vectors[k] = vector
        return self.space.evaluate_some(vectors, (1 << len(cards)) - 1, classes)

    def _observe(self, singles: list[tuple[tuple[Card, ...], Card, bool]],
                 groups: list[Group]) -> None:
        if singles:
            verdicts = self._verdicts([s for s, _, _ in singles], [c for _, c, _ in singles])
            outcome = sum(1 << j for j, (_, _, right) in enumerate(singles) if right)
            violations = self.violations
            for i, verdict in zip(self.alive, verdicts, strict=True):
                if verdict != outcome:
                    violations[i] += (verdict ^ outcome).bit_count()
            self.observed += len(singles)
        for group in groups:
            verdicts = self._verdicts(group.states, group.cards)
            every = (1 << len(group.cards)) - 1
            for i, verdict in zip(self.alive, verdicts, strict=True):
                if group.violated_when == "any right":
                    self.violations[i] += verdict != 0
                elif group.violated_when == "all right":
                    self.violations[i] += verdict == every
                else:
                    self.violations[i] += verdict == 0
            self.observed += 1
        self._prune()

    def _base_share(self) -> float:
        """The posterior share of the classes of the space built from the grammar (not grown)
        that break no verdict, against all of them and *other*."""
        count = len((self.space.base or self.space).rules)
        odds = math.log(self.noise / (1 - self.noise))
        priors, violations = self.space.log_prior, self.violations
        base = [i for i in self.alive if i < count]
        if not base:
            return 0.0
        logs = [priors[i] + violations[i] * odds for i in base]
        other = self._other_log()
        top = max(max(logs), other)
        every = math.fsum(math.exp(v - top) for v in logs) + math.exp(other - top)
        fitting = math.fsum(math.exp(v - top) for i, v in zip(base, logs, strict=True)
                            if violations[i] == 0)
        return fitting / every

    def _grow(self) -> None:
        """Add the grower's proposals (or drop them once the space explains the table again):
        the same evidence always gives the same grown classes, whatever the path to it."""
        assert self.grower is not None
        base = self.space.base or self.space
        count = len(base.rules)
        proposals = [] if self._base_share() >= GROW_BELOW else self.grower.propose(self.singles)
        rules, signatures, known = [], [], set()
        for rule in proposals:
            signature = self.grower.signature(rule)
            key = hash(signature)
            if key in base.signatures or key in known:
                continue  # behaves like a class of the space, or like a smaller proposal
            known.add(key)
            rules.append(rule)
            signatures.append(signature)
        if not rules and self.space is base:
            return
        grown = base.grown(rules, [-SIZE_COST * r.size for r in rules], signatures) if rules else base
        self.space = grown
        new = list(range(count, len(grown.rules)))
        self.violations = self.violations[:count] + [0] * len(new)
        self.alive = [i for i in self.alive if i < count]
        self._weights, self._logs = None, None
        if not new:
            return
        if self.singles:
            outcome = sum(1 << j for j, (_, _, right) in enumerate(self.singles) if right)
            verdicts = self._verdicts([s for s, _, _ in self.singles],
                                      [c for _, c, _ in self.singles], new)
            for i, verdict in zip(new, verdicts, strict=True):
                self.violations[i] += (verdict ^ outcome).bit_count()
        for group in self.groups:
            verdicts = self._verdicts(group.states, group.cards, new)
            every = (1 << len(group.cards)) - 1
            for i, verdict in zip(new, verdicts, strict=True):
                if group.violated_when == "any right":
                    self.violations[i] += verdict != 0
                elif group.violated_when == "all right":
                    self.violations[i] += verdict == every
                else:
                    self.violations[i] += verdict == 0
        self.alive += new
        for text, mainline in self.refusals:
            self._refuse(text, mainline, new)
        self._prune()

    def _refuse(self, text: str, mainline: tuple[Card, ...],
                classes: Sequence[int] | None = None) -> None:
        """A refused guess: every class that the judge could not tell from it from here on (it
        agrees with the guess on continuations of ``mainline`` driven by the guess) is as wrong
        as the guess, not only the guess's own class; and, the first time (``classes`` None),
        *other* gains what the refusal says for it (see *refused*)."""
        try:
            rule = parse_rule(text)
        except RuleNotationError:
            return
        index = self.space.class_of(rule)
        self._logs = None
        states = reachable_states([rule], mainline, random.Random(len(mainline)), 20, 14)
        guessed = sum(rule.mask(state) << (52 * j) for j, state in enumerate(states))
        like = like_on(self.space, states, guessed, self.alive if classes is None else classes)
        if index is not None and (classes is None or index in classes) and index not in like:
            like.append(index)
        if classes is None:
            odds = math.log(self.noise / (1 - self.noise))
            priors, violations = self.space.log_prior, self.violations
            logs = {i: priors[i] + violations[i] * odds for i in self.alive}
            if logs:
                top = max(logs.values())
                every = math.fsum(math.exp(v - top) for v in logs.values())
                gone = math.fsum(math.exp(logs[i] - top) for i in like if i in logs)
                share = min(gone / every, 0.999)
                self.refused_odds -= REFUSAL_EVIDENCE * math.log(1 - share)
        for i in like:
            self.violations[i] += REFUSED_WEIGHT

    def _prune(self) -> None:
        """Drop for good the classes whose posterior fell below ``PRUNE_NATS`` under the best's:
        more violations only push them further down."""
        violations, priors = self.violations, self.space.log_prior
        odds = math.log(self.noise / (1 - self.noise))
        logs = [priors[i] + violations[i] * odds for i in self.alive]
        # measured from the best class of the space built from the grammar, so that what grows
        # and is dropped again never takes a class of the space with it
        count = len((self.space.base or self.space).rules)
        limit = max(value for i, value in zip(self.alive, logs, strict=True) if i < count) - PRUNE_NATS
        self.alive = [i for i, value in zip(self.alive, logs, strict=True) if value >= limit]
        self._logs = [value for value in logs if value >= limit]

    # ------------------------------------------------------------ believing

    def _other_log(self) -> float:
        """The log weight of *other*: its prior share of the grammar's prior mass, what the refused
        guesses added (see *refused*), then chance 1/2 per observation, against (1 - noise) per
        observation a class agrees with (a class's log weight counts only the odds of what it
        breaks)."""
        return (math.log(OTHER_PRIOR / (1 - OTHER_PRIOR)) + self.space.log_mass + self.refused_odds
                + self.observed * (math.log(0.5) - math.log(1 - self.noise)))

    def _compute(self) -> None:
        odds = math.log(self.noise / (1 - self.noise))
        priors, violations = self.space.log_prior, self.violations
        alive = self.alive
        logs = self._logs
        if logs is None or len(logs) != len(alive):
            logs = [priors[i] + violations[i] * odds for i in alive]
        other = self._other_log()
        top = max(max(logs), other)
        exp = math.exp
        found = [exp(value - top) for value in logs]
        total = math.fsum(found) + exp(other - top)
        weights = [0.0] * len(priors)
        for i, weight in zip(alive, found, strict=True):
            weights[i] = weight / total
        self._weights = weights
        self._other = exp(other - top) / total
        floor = LIVE_FLOOR * total
        self._live = [i for i, weight in zip(alive, found, strict=True) if weight > floor]
        self._grouped = None
        # the heaviest, heaviest first (ties in class order: nlargest is stable)
        self._top = [alive[k] for k in heapq.nlargest(TOP_KEPT, range(len(found)), key=found.__getitem__)]

    @property
    def weights(self) -> list[float]:
        """The posterior of every class (dropped classes have 0)."""
        if self._weights is None:
            self._compute()
        assert self._weights is not None
        return self._weights

    @property
    def other(self) -> float:
        """The posterior of "a rule I cannot imagine"."""
        if self._weights is None:
            self._compute()
        return self._other

    def ranked(self, count: int | None = None) -> list[int]:
        """The classes alive, likeliest first."""
        weights = self.weights
        if count is not None and count <= TOP_KEPT:
            return self._top[:count]
        order = sorted(self.alive, key=lambda i: (-weights[i], i))
        return order if count is None else order[:count]

    def live(self) -> list[int]:
        """The classes whose weight is worth counting (above ``LIVE_FLOOR``)."""
        if self._weights is None:
            self._compute()
        return self._live

    def live_masks(self, mainline: Sequence[Card]) -> tuple[list[int], list[int]]:
        """The classes worth counting and their 52-bit masks after ``mainline``."""
        live = self.live()
        space = self.space
        atoms = space.atoms
        vectors = [0] * len(atoms)
        for k in space.leaves_of(live) if len(live) < 2000 else range(len(atoms)):
            vectors[k] = atoms[k].compiled(mainline)
        return live, space.evaluate_some(vectors, FULL, live)

    def mask_weights(self, mainline: Sequence[Card]) -> dict[int, float]:
        """The posterior summed by the mask the classes give after ``mainline`` (kept for the
        last mainline asked until the weights change)."""
        key = tuple(mainline)
        if self._weights is not None and self._grouped is not None and self._grouped[0] == key:
            return self._grouped[1]
        live, masks = self.live_masks(mainline)
        weights = self.weights
        grouped: dict[int, float] = {}
        get = grouped.get
        for i, mask in zip(live, masks, strict=True):
            grouped[mask] = get(mask, 0.0) + weights[i]
        self._grouped = (key, grouped)
        return grouped

    def predictive(self, mainline: Sequence[Card], faces: Sequence[Card] = ALL_CARDS) -> list[float]:
        """The chance that each face (``ALL_CARDS`` order) is right after ``mainline``; only the
        chances of ``faces`` are worked out when given (the others stay 0)."""
        chances = [0.0] * 52
        grouped = list(self.mask_weights(mainline).items())
        base = self.other * 0.5
        for face in set(faces):
            k = face.sort_key
            chances[k] = base + math.fsum(w for m, w in grouped if m >> k & 1)
        return chances

    def chance_none_right(self, mainline: Sequence[Card], hand: Sequence[Card]) -> float:
        """The chance that no card of ``hand`` may follow ``mainline``."""
        hand_mask = sum(1 << c.sort_key for c in hand)
        chance = self.other * 0.5 ** len(set(hand))
        for mask, weight in self.mask_weights(mainline).items():
            if not mask & hand_mask:
                chance += weight
        return chance

    def chance_string_right(self, mainline: Sequence[Card], cards: Sequence[Card]) -> float:
        """The chance that every card of ``cards``, played in order after ``mainline``, is right."""
        weights = self.weights
        live = self.live()
        ok = dict.fromkeys(live, True)
        line = tuple(mainline)
        for card in cards:
            _, masks = self.live_masks(line)
            for i, mask in zip(live, masks, strict=True):
                if ok[i] and not mask >> card.sort_key & 1:
                    ok[i] = False
            line += (card,)
        return sum(weights[i] for i in live if ok[i]) + self.other * 0.5 ** len(cards)

    def entropy(self) -> float:
        """The posterior's entropy in bits (how unsure the belief is)."""
        weights = [self.weights[i] for i in self.alive] + [self.other]
        return -sum(w * math.log2(w) for w in weights if w > 0)


def card_chances(belief: Belief, mainline: Sequence[Card], hand: Sequence[Card]) -> dict[Card, float]:
    """The chance that each card of ``hand`` is right after ``mainline``."""
    chances = belief.predictive(mainline)
    return {card: chances[card.sort_key] for card in hand}


def reachable_states(rules: Sequence[Rule], mainline: tuple[Card, ...], rng: random.Random,
                     continuations: int, length: int) -> list[tuple[Card, ...]]:
    """The current mainline and the mainlines of random continuations driven by each of ``rules``
    in turn (each next card drawn among the faces that rule calls right)."""
    states = [mainline]
    for k in range(continuations):
        rule = rules[k % len(rules)]
        line = mainline
        for _ in range(length):
            mask = rule.mask(line)
            if not mask:
                break
            choices = [i for i in range(52) if mask >> i & 1]
            line = (*line, ALL_CARDS[rng.choice(choices)])
            states.append(line)
    return states


def state_verdicts(space: HypothesisSpace, states: Sequence[tuple[Card, ...]],
                   classes: Sequence[int]) -> list[int]:
    """Per class of ``classes``, its 52-bit masks after each of ``states``, side by side in one
    integer."""
    vectors = [0] * len(space.atoms)
    keyed = [(state, state[-1].sort_key if state else -1,
              state[-2].sort_key if len(state) > 1 else -1, len(state), 52 * j)
             for j, state in enumerate(states)]
    for k in space.leaves_of(classes):
        fast = space.atoms[k].keyed
        vector = 0
        for state, last, before, n, shift in keyed:
            vector |= fast(state, last, before, n) << shift
        vectors[k] = vector
    return space.evaluate_some(vectors, (1 << (52 * len(states))) - 1, classes)


def like_on(space: HypothesisSpace, states: Sequence[tuple[Card, ...]], verdict: int,
            classes: Sequence[int]) -> list[int]:
    """The classes among ``classes`` whose masks after ``states`` are ``verdict``."""
    verdicts = state_verdicts(space, states, classes)
    return [i for i, mine in zip(classes, verdicts, strict=True) if mine == verdict]


HEAVY_MASS = 1 - 1e-4
HEAVY_COUNT = TOP_KEPT
"""A guess chance sums the weights of the heaviest classes (up to ``HEAVY_COUNT``, holding
``HEAVY_MASS`` of the posterior) that agree with the guess: the rest could add at most what they
hold, under one in ten thousand in all, a fixed amount of work whatever the space."""


def heavy_classes(belief: Belief) -> list[int]:
    """The classes that hold nearly all the posterior, heaviest first (see ``HEAVY_MASS``)."""
    weights = belief.weights
    ranked = belief.ranked(HEAVY_COUNT)
    mass, count = belief.other, 0
    for i in ranked:
        if mass >= HEAVY_MASS:
            break
        mass += weights[i]
        count += 1
    return ranked[:max(1, count)]


def class_masks(space: HypothesisSpace, classes: Sequence[int], mainline: Sequence[Card]) -> list[int]:
    """The 52-bit masks of ``classes`` only after ``mainline``, in their order."""
    atoms = space.atoms
    vectors = [0] * len(atoms)
    for k in space.leaves_of(classes):
        vectors[k] = atoms[k].compiled(mainline)
    return space.evaluate_some(vectors, FULL, classes)


def agreement_chances(belief: Belief, candidates: Sequence[int], mainline: tuple[Card, ...],
                      rng: random.Random, continuations: int = 12, length: int = 12) -> list[float]:
    """For each candidate class, the posterior of the classes that judge every face alike on the
    mainlines the candidate can reach from here: the chance that guessing it would be accepted.

    Two classes that differ only on mainlines that cannot happen any more count as one here."""
    space = belief.space
    weights = belief.weights
    heavy = heavy_classes(belief)
    chances = []
    for candidate in candidates:
        states = reachable_states([space.rules[candidate]], mainline, rng, continuations, length)
        group = [candidate, *(i for i in heavy if i != candidate)]
        verdicts = state_verdicts(space, states, group)
        mine = verdicts[0]
        chances.append(sum(weights[i] for i, v in zip(group, verdicts, strict=True) if v == mine))
    return chances
