"""Computer players of Eleusis and Eleusis Express that look for the rule like scientists.

Each keeps an exact posterior over the rules it can imagine (``belief``) and decides from it: which
card to play (its chance of being right and what it would teach: the expected information gain,
Piriyakulkij et al. 2024, which for a yes/no verdict is the entropy of the predicted verdict less
that of the noise), a string when sure enough, "No play" when every card of the hand is very likely
wrong, becoming the prophet when sure, judging as prophet by the posterior, guessing in Express when
the expected points say so. ``explain`` returns its reasoning as codes (``science_messages``).

Glossary:
    level        -- ``"novice"``: a small imagination (features of the card and of the last card)
                    and confirmation bias (plays what it believes is right); ``"scientist"``: the
                    full language, plays for information; ``"expert"``: a larger space, weighs
                    information against the chance of being right as it grows sure, and guesses at
                    the point where expected points say so.
    guess chance -- the chance that a rule would be accepted as a guess: the posterior of the
                    classes that agree with it on simulated continuations (``agreement``), not
                    only of its own class (two classes may differ only on mainlines that can no
                    longer happen). What the belief gives *other* (a rule beyond its imagination,
                    growing with each verdict no class explains and each refused guess) is left
                    out, so the chance is lower when the rule may be one it cannot imagine.
    guessing     -- when the guess chance reaches the level's ``guess_at``. The expert's 0.4 is
                    what the expected points say: a wrong guess costs 2, waiting costs 1 a turn,
                    so guessing now pays when p x (1 + k) > 2 x (1 - p), k being the turns it
                    would take to be sure (about two): p > 2 / (3 + k). A
                    refused guess rules out every class the judge could not tell from it.

>>> import random
>>> from leopard_core.cards import Card
>>> from .evidence import Evidence, Play
>>> player = make_player("novice", random.Random(1))
>>> evidence = Evidence((Card(5, "H"),))
>>> play = player.choose_play(evidence, [Card(9, "S"), Card(2, "D")], strings_allowed=False)
>>> play is not None and len(play) == 1
True
>>> sorted(player.explain(evidence))
['belief', 'choice', 'irrelevant', 'other_chance', 'ruled_out', 'rules']
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from leopard_core.cards import Card

from .belief import Belief, agreement_chances
from .evidence import Evidence
from .hypotheses import HypothesisSpace, hypothesis_space
from .rule import (
    BEFORE_LAST,
    ColourRuns,
    Has,
    Match,
    Position,
    RankIn,
    Rule,
    SuitCycle,
    SuitIn,
    SuitOrder,
)

LEVELS = ("novice", "scientist", "expert")
@dataclass(frozen=True)
class Level:
    """How a level thinks (see the glossary)."""

    imagination: str
    info_weight: float
    """Weight of the expected information (bits) against the chance of being right."""
    confirm: bool
    """Plays the card likeliest right whatever it teaches (confirmation bias)."""
    guess_at: float
    """Guess chance at which it guesses (Express)."""
    prophet_at: float
    string_at: float
    no_play_at: float
    max_string: int = 4


LEVEL_SETTINGS = {
    "novice": Level("novice", 0.0, True, 0.6, 0.85, 0.95, 0.85),
    "scientist": Level("scientist", 4.0, False, 0.8, 0.9, 0.9, 0.9),
    "expert": Level("expert", 6.0, False, 0.4, 0.9, 0.85, 0.9),
}


def binary_entropy(p: float) -> float:
    """Bits of uncertainty in a yes/no with chance ``p``.

    >>> binary_entropy(0.5), binary_entropy(1.0)
    (1.0, 0.0)
    """
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


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
    elif isinstance(rule, SuitCycle | ColourRuns | SuitIn | SuitOrder):
        found.add("suits")
    elif isinstance(rule, RankIn) or (rule.children() == () and hasattr(rule, "to")):
        found.add("values")
    if isinstance(rule, ColourRuns | Position):
        found.add("place")
    if getattr(rule, "of", 0) == BEFORE_LAST or getattr(rule, "to", 0) == BEFORE_LAST:
        found.add("before_last")
    for child in rule.children():
        found |= aspects(child)
    return frozenset(found)


def _pct(chance: float) -> int:
    return max(0, min(100, round(100 * chance)))


class ScientistPlayer:
    """A computer player (the ``ComputerScientist`` protocol) of one level."""

    def __init__(self, level: str, rng: random.Random) -> None:
        if level not in LEVEL_SETTINGS:
            raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level
        self.settings = LEVEL_SETTINGS[level]
        self.rng = rng
        self.space: HypothesisSpace = hypothesis_space(self.settings.imagination)
        self.belief = Belief(self.space)
        self.last_choice: dict[str, Any] = {"code": "eleusis.choice.none", "params": {}}
        self._aspects: dict[int, frozenset[str]] = {}

    # ------------------------------------------------------------ helpers

    def _update(self, evidence: Evidence) -> Belief:
        self.belief.update(evidence)
        return self.belief

    def guess_chances(self, evidence: Evidence, candidates: int = 3) -> list[tuple[int, float]]:
        """The likeliest classes with their guess chance (see the glossary), best first."""
        belief = self._update(evidence)
        ranked = belief.ranked(candidates)
        rng = random.Random(len(evidence.mainline) * 7919 + len(evidence.plays))
        # The weights leave out what *other* holds (a rule beyond this imagination), so the
        # chances already count the verdicts no class explains and the refused guesses.
        chances = agreement_chances(belief, ranked, evidence.mainline, rng)
        result = list(zip(ranked, chances, strict=True))
        result.sort(key=lambda item: -round(item[1], 9))  # equal chances: the likeliest first
        return result

    def best_guess(self, evidence: Evidence) -> tuple[Rule, float]:
        """The rule it would guess now and its guess chance."""
        index, chance = self.guess_chances(evidence)[0]
        return self.space.rules[index], chance

    # ------------------------------------------------------------ the protocol

    def choose_play(self, evidence: Evidence, hand: Sequence[Card],
                    strings_allowed: bool) -> tuple[Card, ...] | None:
        """The card (or string) to play, or None to call "No play"."""
        belief = self._update(evidence)
        mainline = evidence.mainline
        faces = sorted(set(hand), key=lambda c: c.sort_key)
        if not faces:
            return None
        chances = belief.predictive(mainline, faces)
        none_right = belief.chance_none_right(mainline, faces)
        if none_right >= self.settings.no_play_at:
            self.last_choice = {"code": "eleusis.choice.no_play",
                                "params": {"chance": _pct(none_right)}}
            return None
        if strings_allowed:
            string = self._string(belief, mainline, list(hand))
            if string is not None:
                return string
        settings = self.settings
        sure = belief.weights[belief.ranked(1)[0]] if belief.alive else 0.0

        def value(card: Card) -> float:
            p = chances[card.sort_key]
            if settings.confirm:
                return p + 1e-3 * self.rng.random()
            weight = settings.info_weight * (1 - sure) if self.level == "expert" else settings.info_weight
            return p + weight * binary_entropy(p) + 1e-6 * self.rng.random()


        card = max(faces, key=value)
        p = chances[card.sort_key]
        code = ("eleusis.choice.confirm" if settings.confirm
                else "eleusis.choice.safe" if p >= 0.9 else "eleusis.choice.test")
        self.last_choice = {"code": code, "params": {"card": str(card), "chance": _pct(p)}}
        return (card,)

    def _string(self, belief: Belief, mainline: tuple[Card, ...],
                hand: list[Card]) -> tuple[Card, ...] | None:
        """The longest string it is sure enough of, if it has two cards or more."""
        string: list[Card] = []
        chance = 1.0
        while len(string) < self.settings.max_string and hand:
            line = mainline + tuple(string)
            chances = belief.predictive(line, hand)
            card = max(hand, key=lambda c: chances[c.sort_key])
            joint = belief.chance_string_right(mainline, [*string, card])
            if joint < self.settings.string_at:
                break
            string.append(card)
            hand.remove(card)
            chance = joint
        if len(string) < 2:
            return None
        self.last_choice = {"code": "eleusis.choice.string",
                            "params": {"cards": [str(c) for c in string], "chance": _pct(chance)}}
        return tuple(string)

    def guess(self, evidence: Evidence) -> str | None:
        """The rule notation to guess (Express), or None."""
        if len(evidence.plays) + len(evidence.no_plays) < 2:
            return None
        # A guess chance is at most the weight of the classes that judge the 52 faces alike
        # right now (the first of the states it compares): when no such group reaches
        # ``guess_at``, no guess can, and the continuations need not be played out.
        belief = self._update(evidence)
        if max(belief.mask_weights(evidence.mainline).values(), default=0.0) < self.settings.guess_at:
            return None
        rule, chance = self.best_guess(evidence)
        # The guess chance already counts refused guesses (the belief's *other*); ``guess_at``
        # is where the expected points say to guess (see the glossary).
        return str(rule) if chance >= self.settings.guess_at else None

    def wants_to_be_prophet(self, evidence: Evidence) -> bool:
        """Whether it is sure enough to become the prophet."""
        if len(evidence.plays) < 4:
            return False
        return self.best_guess(evidence)[1] >= self.settings.prophet_at

    def judge(self, evidence: Evidence, cards: Sequence[Card]) -> bool:
        """As prophet: whether the play of ``cards`` is right, by the posterior."""
        belief = self._update(evidence)
        return belief.chance_string_right(evidence.mainline, cards) >= 0.5

    def judge_no_play(self, evidence: Evidence, hand: Sequence[Card]) -> bool:
        """As prophet: whether a "No play" with ``hand`` is right, by the posterior."""
        belief = self._update(evidence)
        return belief.chance_none_right(evidence.mainline, hand) >= 0.5

    def explain(self, evidence: Evidence) -> dict[str, Any]:
        """Its reasoning now as JSON-able data: ``rules`` (the likeliest three: notation, chance,
        wording), ``other_chance``, ``irrelevant`` (codes), ``ruled_out`` (a code or None),
        ``choice`` (the code of its last decision), ``belief`` (a code for the whole)."""
        belief = self._update(evidence)
        weights = belief.weights
        top = belief.ranked(3)
        rules = [
            {"notation": str(self.space.rules[i]), "chance": round(weights[i], 3),
             "wording": {lang: self.space.rules[i].wording(lang) for lang in ("en", "es")}}
            for i in top
        ]
        observed = belief.observed
        if belief.other > 0.5:
            summary: dict[str, Any] = {"code": "eleusis.belief.lost", "params": {}}
        elif not top or weights[top[0]] < 0.3 or observed < 2:
            summary = {"code": "eleusis.belief.unsure", "params": {}}
        else:
            code = "eleusis.belief.sure" if weights[top[0]] >= 0.9 else "eleusis.belief.leaning"
            summary = {"code": code, "params": {"rule": str(self.space.rules[top[0]]),
                                                "chance": _pct(weights[top[0]])}}
        return {
            "rules": rules,
            "other_chance": round(belief.other, 3),
            "irrelevant": self._irrelevant(belief) if observed >= 3 else [],
            "ruled_out": self._ruled_out(evidence, belief),
            "choice": self.last_choice,
            "belief": summary,
        }

    # ------------------------------------------------------------ explaining

    def _aspects_of(self, index: int) -> frozenset[str]:
        if index not in self._aspects:
            self._aspects[index] = aspects(self.space.rules[index])
        return self._aspects[index]

    def _irrelevant(self, belief: Belief) -> list[dict[str, Any]]:
        weights = belief.weights
        mass = {"suits": belief.other, "values": belief.other, "place": belief.other,
                "before_last": belief.other}
        for i in belief.live():
            for aspect in self._aspects_of(i):
                mass[aspect] += weights[i]
        return [{"code": f"eleusis.irrelevant.{aspect}", "params": {}}
                for aspect, chance in mass.items() if chance < 0.02]

    def _ruled_out(self, evidence: Evidence, belief: Belief) -> dict[str, Any] | None:
        """The likeliest rule the table refuted, and the latest verdict that refuted it."""
        priors = self.space.log_prior
        refuted = [i for i in range(len(priors)) if belief.violations[i] > 0]
        if not refuted:
            return None
        runner_up = max(refuted[:400], key=lambda i: priors[i] - 3 * belief.violations[i])
        rule = self.space.rules[runner_up]
        mainline = evidence.mainline
        for play in reversed(evidence.plays):
            line = list(mainline[: play.at])
            verdict = True
            for card in play.cards:
                verdict = verdict and rule.accepts(line, card)
                line.append(card)
            if verdict != play.right:
                after = str(mainline[play.at - 1]) if play.at else ""
                params: dict[str, Any] = {"rule": str(rule), "after": after,
                                          "verdict": "right" if play.right else "wrong"}
                verdict_word = params["verdict"]
                if len(play.cards) == 1:
                    return {"code": f"eleusis.ruled_out.card_{verdict_word}",
                            "params": {**params, "card": str(play.cards[0])}}
                return {"code": f"eleusis.ruled_out.string_{verdict_word}",
                        "params": {**params, "cards": [str(c) for c in play.cards]}}
        for call in reversed(evidence.no_plays):
            line = list(mainline[: call.at])
            none = not any(rule.accepts(line, card) for card in call.hand)
            if none != call.right:
                return {"code": f"eleusis.ruled_out.no_play_{'right' if call.right else 'wrong'}",
                        "params": {"rule": str(rule), "cards": [str(c) for c in call.hand],
                                   "verdict": "right" if call.right else "wrong"}}
        if str(rule) in evidence.refused_guesses:
            return {"code": "eleusis.ruled_out.guess", "params": {"rule": str(rule)}}
        return None


def make_player(level: str, rng: random.Random) -> ScientistPlayer:
    """A computer player of ``level`` (``novice``, ``scientist`` or ``expert``)."""
    return ScientistPlayer(level, rng)
