"""The computer dealer: secret rules that can always be played and are neither trivial nor hopeless.

Glossary:
    state        -- what a rule's verdicts depend on: the last card, the card before it (if the
                    rule reads it), and the place modulo the rule's period (``Rule.depends``). A rule
                    has at most 52 x 52 x period states, usually 52 x period.
    reachable    -- the states that play can reach from any starter by right cards only.
    dead end     -- a reachable state in which no card is right (play could never go on).
    acceptance   -- the share of the 52 faces that are right, averaged over the reachable states.
    trivial      -- acceptance above ``MOST`` (almost every card) or below ``LEAST`` (almost none).
    difficulty   -- measured by simulation: the mean number of turns the measuring player
                    takes, in the one-player protocol (a hand of 12, one card a turn, at most 30
                    turns), to give the rule a chance of one half or more (``turns_to_find``; 31
                    when never). Measured once per catalogue rule by ``bench/eleusis_dealer.py``
                    and shipped as ``dealer_catalogue.json``; a rule outside the catalogue gets a
                    prediction from its prior rank in the measuring player's space
                    (``predicted_difficulty``).
    measuring player -- the computer player that measures difficulty: ``players.MEASURING``, the
                    scientist as it was when the catalogue was measured (it imagines the whole
                    rule language and plays each card for what it teaches: the expected
                    information), fixed, and no level's player. A person reads "about N turns" as
                    how long a sensible player takes to be fairly sure of the rule: one that
                    neither clings to a favourite idea (the novice, and today's scientist with its
                    positive tests, play what their idea accepts) nor knows more than the rule
                    language (the expert grows rules beyond it, and is the level that keeps
                    changing to play better). A level's strategy is what a game teaches and may
                    change; the bands a teacher chose a game by must not move with it, and the
                    shipped figures were measured with exactly this player.
    bands        -- ``easy``, ``medium``, ``hard``, ``expert``: the quarters of the catalogue's
                    first kinds by measured difficulty; the kinds the language grew later
                    (``GROWN_TEXTS``: groups of suits and values, or-equal comparisons, suit orders,
                    distances, sums and differences, sums at most or at least a number, a value
                    between the last two, a suit in the same or another pair of suits, runs of
                    parity, kind or height, the card two back, ifs on the card played or the
                    place)
                    are placed by the same quarters measured again by today's players
                    (``grown_band_edges``), and never in ``easy`` (``rule_band``).

>>> from .rule import Rule
>>> check_rule(Rule.parse("higher")).dead_end  # after a king nothing is higher
True
>>> check = check_rule(Rule.parse("differ(colour)"))
>>> check.dead_end, check.trivial, round(check.acceptance, 2)
(False, False, 0.5)
>>> import random
>>> rule = deal_rule(random.Random(3), "easy")
>>> check_rule(rule).dead_end
False
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import product
from typing import Any

from leopard_core.cards import ALL_CARDS, Card

from . import rule as lang
from .notation import parse_rule

DIFFICULTIES = ("easy", "medium", "hard", "expert")
MOST = 0.85
LEAST = 0.1
CATALOGUE_FILE = "dealer_catalogue.json"
BEYOND = 31.0
"""The difficulty of a rule never found in the 30 turns of ``turns_to_find``, or beyond the
measuring player's imagination (``predicted_difficulty``)."""


class DifficultyError(ValueError):
    """A difficulty the dealer does not know; quotes it."""


@dataclass(frozen=True)
class RuleCheck:
    """What the dealer found about a rule (see the glossary)."""

    dead_end: bool
    trivial: bool
    acceptance: float
    states: int
    difficulty: float
    band: str
    dead_end_example: tuple[str, ...] = ()
    """A mainline (card texts) after which no card is right, when there is one."""

    @property
    def playable(self) -> bool:
        """Fit to be dealt: no dead end, not trivial."""
        return not self.dead_end and not self.trivial


State = tuple[int, int, int]


def reachable_states(rule: lang.Rule) -> tuple[dict[State, int], tuple[str, ...]]:
    """Every reachable state with its mask, and a dead-end mainline (card texts) if one is found.

    A state is ``(last, before, length)``: ``before`` is -1 when the rule does not read it (or
    there is none), ``length`` is 1 for the starter alone, else ``2 + (length - 2) % period``
    (which is also the length of the mainline built to stand for it)."""
    _, uses_before, period = rule.depends

    def key(last: int, before: int, length: int) -> State:
        folded = 1 if length == 1 else 2 + (length - 2) % period
        return (last, before if uses_before and length > 1 else -1, folded)

    masks: dict[State, int] = {}
    parent: dict[State, tuple[State, int] | None] = {}
    frontier: list[State] = []
    for starter in range(52):
        state = key(starter, -1, 1)
        parent[state] = None
        frontier.append(state)
    dead: tuple[str, ...] = ()
    while frontier:
        state = frontier.pop()
        last, before, length = state
        filler = ALL_CARDS[before] if before >= 0 else ALL_CARDS[0]
        mainline = (filler,) * (length - 1) + (ALL_CARDS[last],)
        mask = rule.mask(mainline)
        masks[state] = mask
        if mask == 0:
            dead = dead or _path(parent, state)
            continue
        for i in range(52):
            if mask >> i & 1:
                nxt = key(i, last, length + 1)
                if nxt not in parent:
                    parent[nxt] = (state, i)
                    frontier.append(nxt)
    return masks, dead


def _path(parent: dict[State, tuple[State, int] | None], state: State) -> tuple[str, ...]:
    cards = []
    while True:
        step = parent[state]
        if step is None:
            cards.append(str(ALL_CARDS[state[0]]))
            break
        state, card = step
        cards.append(str(ALL_CARDS[card]))
    return tuple(reversed(cards))


def check_rule(rule: lang.Rule) -> RuleCheck:
    """Explore the rule's reachable states: dead end, trivial, acceptance, difficulty."""
    states, dead = reachable_states(rule)
    acceptance = sum(m.bit_count() for m in states.values()) / (52 * len(states))
    difficulty = measured_difficulty(rule)
    return RuleCheck(
        dead_end=bool(dead),
        trivial=not LEAST <= acceptance <= MOST,
        acceptance=acceptance,
        states=len(states),
        difficulty=difficulty,
        band=rule_band(rule, difficulty),
        dead_end_example=dead,
    )


# ---------------------------------------------------------------- the catalogue


def catalogue_candidates() -> list[lang.Rule]:
    """The rules the dealer may choose from, before checking and measuring."""
    features = [lang.Has(f) for f in lang.FEATURES]
    colour_suit = [lang.Has(f) for f in ("red", "black", "odd", "even", "high", "low", "face")]
    rules: list[lang.Rule] = list(features)
    rules += [lang.Match(a, s) for a in lang.ATTRIBUTES for s in (True, False)]
    rules += [lang.Step(s, w) for s in [(-1, 1), (-2, 2), (-2, -1, 1, 2), (-3, 3), (1, 2), (-2, -1)]
              for w in (False, True)]
    rules += [lang.Not(lang.Step(s)) for s in [(-1, 1), (-2, -1, 1, 2)]]
    rules += [lang.Or((lang.Compare(h), lang.Match(a, s))) for h in (True, False)
              for a in ("suit", "colour") for s in (True, False)]
    rules += [lang.Or((lang.Match("suit"), lang.Match("rank"))),
              lang.Or((lang.Match("colour"), lang.Match("rank")))]
    rules += [lang.Or((f, lang.Match("rank"))) for f in features[:6]]
    rules += [lang.If(lang.Has(c, lang.LAST), t, e) for c in ("red", "odd", "face", "high")
              for t, e in product(colour_suit, colour_suit) if t != e and t != lang.Has(c)]
    rules += [lang.If(lang.Has("high", lang.LAST), lang.Compare(False), lang.Compare(True)),
              lang.If(lang.Has("low", lang.LAST), lang.Compare(True), lang.Compare(False))]
    rules += [lang.If(lang.Position(2, (0,)), t, e)
              for t, e in product(colour_suit[:4], colour_suit[:4]) if t != e]
    rules += [lang.SuitCycle(o) for o in ("SCDH", "SHCD", "SDHC", "SHDC")]
    rules += [lang.Runs(n) for n in [(1, 2), (2, 2), (2, 3), (3, 2), (1, 3), (3, 3)]]
    rules += [lang.Match(a, s, 0, 2) for a in ("colour", "suit", "parity") for s in (True, False)]
    rules += [lang.And((f, lang.Match(a, False))) for f in colour_suit[2:] for a in ("colour", "suit")]
    rules += [lang.If(lang.Match("colour", True, 1, 2), lang.Match("colour", False), lang.Always()),
              lang.If(lang.Match("parity", True, 1, 2), lang.Match("parity", False), lang.Always())]
    rules += [lang.And((lang.Match("suit", True, 0, 2), lang.Match("colour", False)))]
    return rules + grown_candidates()


GROWN_TEXTS = (
    # values in a group (an interval, a set) and suits in a group
    "rank(3,4,5,6,7,8)", "rank(5,6,7,8,9)", "rank(1,2,3,4)", "rank(2,7,12)", "rank(1,13)",
    "rank(3,6,9,12)", "suit(SH)", "suit(SD)", "suit(HC)", "suit(DC)", "suit(SHD)", "suit(HDC)",
    # higher or lower, or equal
    "higher_eq", "lower_eq", "if(last.high, lower_eq, higher_eq)", "if(last.red, higher_eq, lower_eq)",
    "higher_eq & differ(colour)", "lower_eq | same(colour)",
    # an order of the suits
    "suit_higher_eq(CDHS)", "suit_lower_eq(CDHS)", "suit_higher_eq(SHDC)", "suit_lower_eq(HSCD)",
    "suit_higher(CDHS) | same(rank)", "if(last.red, suit_higher_eq(CDHS), suit_lower_eq(CDHS))",
    # near to or far from the last card's value
    "within(1)", "within(2)", "within(3)", "within(2,wrap)", "within(3,wrap)", "apart(3)",
    "apart(4)", "apart(5)", "apart(3,wrap)", "apart(4,wrap)", "within(3) & differ(colour)",
    # sums and differences of values, divided by a number
    "sum(3,0)", "sum(3,1)", "diff(3,1)", "sum(4,0)",
    "diff(4,0)", "sum(5,0)", "sum(3,0) | same(suit)",
    # the card two back
    "higher_eq(last2)", "lower_eq(last2)", "within(2,last2)", "apart(4,last2)", "sum(3,0,last2)",
    "diff(3,0,last2)", "suit_higher_eq(CDHS,last2)", "step(-1,+1,last2)",
    "step(-2,-1,+1,+2,wrap,last2)",
    # what an "if" may ask: the card played itself, a group of suits or of values, the card two
    # back, the last two together, the place
    "if(red, odd, even)", "if(red, higher_eq, lower_eq)", "if(high, same(suit), differ(suit))",
    "if(last.suit(SH), odd, even)", "if(last.suit(SD), higher_eq, lower_eq)",
    "if(suit(SH), high, low)", "if(last2.red, black, red)",
    "if(last2.odd, same(colour), differ(colour))", "if(place(3,0), red, black)",
    "if(place(3,1), face, number)", "if(place(3,0), differ(colour), same(colour))",
    "if(last.higher_eq, red, black)", "if(last.rank(1,2,3,4,5,6), higher, lower)",
    "suit(SH) & odd",
    # the sum of the two values at most or at least a number (stop 46)
    "sum_le(14)", "sum_ge(14)", "sum_le(14,last2)", "sum_le(16) & differ(colour)",
    "sum_ge(16) | same(suit)",
    # a value between those of the last two cards (stop 46)
    "between_eq", "between_eq | same(suit)",
    # a suit in the same pair as the last card's, or another, the suits paired otherwise than by
    # colour (stop 47)
    "same_pair(SH)", "differ_pair(SH)", "differ_pair(SD)", "same_pair(SD,last2)",
    "differ_pair(SH) | same(rank)", "same_pair(SD) & differ(suit)",
    # runs of another two-way attribute than colour: odd and even, face and number, high and low
    "runs(parity,2,2)", "runs(parity,1,2)", "runs(height,2,3)", "runs(kind,2,1)",
)
"""The kinds the rule language grew for issue 31, as the dealer may deal them: at least one of each
piece the computer players imagine, alone and inside the shapes they imagine (and, or, if)."""


def grown_candidates() -> list[lang.Rule]:
    """The candidates of the kinds the language grew (``GROWN_TEXTS``)."""
    return [parse_rule(text) for text in GROWN_TEXTS]


@cache
def _catalogue_data() -> dict[str, list[Any]]:
    try:
        text = resources.files(__package__).joinpath(CATALOGUE_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {"rules": [], "grown": [], "grown_edges": []}
    data = json.loads(text)
    return {"rules": data["rules"], "grown": data.get("grown", []),
            "grown_edges": data.get("grown_edges", [])}


@cache
def catalogue() -> dict[str, float]:
    """Notation -> measured difficulty, from the shipped data file (empty if absent): the first
    kinds (``rules``) and the grown ones (``grown``) together."""
    data = _catalogue_data()
    return {str(entry["rule"]): float(str(entry["difficulty"])) for entry in data["rules"] + data["grown"]}


@cache
def grown() -> frozenset[str]:
    """The notations of the catalogue's grown kinds (see ``deal_rule``)."""
    return frozenset(str(entry["rule"]) for entry in _catalogue_data()["grown"])


# Read now, at import: the browser's Python may start from a memory snapshot that holds every
# imported module but no files, where a first read later would find no catalogue and the dealer
# would check every candidate instead (15 s in the browser, and another rule for the same seed).
catalogue()


@cache
def band_edges() -> tuple[float, float, float]:
    """The measured difficulties that split the catalogue's first kinds into quarters (the grown
    kinds are placed by the same edges, so that a band means what it meant before they came)."""
    values = sorted(value for text, value in catalogue().items() if text not in grown())
    if len(values) < 4:
        return (8.0, 12.0, 18.0)
    return tuple(values[len(values) * q // 4] for q in (1, 2, 3))  # type: ignore[return-value]


@cache
def grown_band_edges() -> tuple[float, float, float]:
    """The edges that place the grown kinds: the first kinds' quarters again, measured by the same
    player, seeds and rounds as the grown kinds (``bench/eleusis_dealer.py --grow``). The computer
    players have changed since the first kinds were measured (today's imagine far more rules and
    take a few more turns to believe one), so the old edges would put a grown kind in too hard a
    band."""
    edges = _catalogue_data().get("grown_edges")
    if not edges or len(edges) != 3:
        return band_edges()
    return (float(str(edges[0])), float(str(edges[1])), float(str(edges[2])))


def band_of(difficulty: float, grown_kind: bool = False) -> str:
    """The band (see the glossary) of a measured difficulty; ``grown_kind`` for a rule of the
    catalogue's grown kinds (``grown_band_edges``)."""
    edges = grown_band_edges() if grown_kind else band_edges()
    for name, edge in zip(DIFFICULTIES, edges, strict=False):
        if difficulty < edge:
            return name
    return DIFFICULTIES[-1]


def rule_band(rule: lang.Rule, difficulty: float) -> str:
    """The band of ``rule`` of measured ``difficulty``: a grown kind is placed by the grown kinds'
    edges and is never easy (easy deals the kinds of the seed's own examples; the computer players
    find a sum as readily as a colour, a person does not: docs/eleusis-rules.md, E2)."""
    if str(rule) not in grown():
        return band_of(difficulty)
    band = band_of(difficulty, grown_kind=True)
    return DIFFICULTIES[1] if band == DIFFICULTIES[0] else band


def predicted_difficulty(rule: lang.Rule) -> float:
    """A difficulty for a rule outside the catalogue, from how far down the measuring player's
    prior it lies (its class rank), fitted on the catalogue; 31 for a rule beyond its imagination."""
    from .hypotheses import hypothesis_space
    from .players import MEASURING

    space = hypothesis_space(MEASURING.imagination)
    index = space.class_of(rule)
    if index is None:
        return BEYOND
    # Least squares over the catalogue (117 rules, correlation 0.59): a rough guide only.
    return min(BEYOND, 0.52 + 1.74 * math.log2(2 + index))


def measured_difficulty(rule: lang.Rule) -> float:
    """The catalogue's measured difficulty, else the prediction."""
    known = catalogue().get(str(rule))
    return known if known is not None else predicted_difficulty(rule)


def turns_to_find(rule: lang.Rule, seed: int, level: str | None = None, turns: int = 30,
                  belief_at: float = 0.5) -> int:
    """One simulated round of the one-player protocol (a hand of 12, one card a turn): the turn
    at which the player (the measuring player, or the player of ``level`` when one is named)
    first gives the rule ``belief_at`` or more (counting the rules that judge alike from there
    on, ``belief.agreement_chances``); ``turns + 1`` if never.

    >>> from .rule import Rule
    >>> turns_to_find(Rule.parse("red"), seed=1) <= 30
    True
    """
    from .belief import agreement_chances
    from .evidence import Evidence, Play
    from .players import MEASURING, ScientistPlayer, make_player

    rng = random.Random(seed)
    player = (make_player(level, random.Random(seed + 1)) if level is not None
              else ScientistPlayer("measuring", random.Random(seed + 1), MEASURING))
    target = player.space.class_of(rule)
    if target is None:
        return turns + 1
    mainline: tuple[Card, ...] = (rng.choice(ALL_CARDS),)
    hand = [rng.choice(ALL_CARDS) for _ in range(12)]
    plays: list[Play] = []
    for turn in range(1, turns + 1):
        chosen = player.choose_play(Evidence(mainline, tuple(plays)), hand, strings_allowed=False)
        card = chosen[0] if chosen else hand[0]
        right = rule.accepts(mainline, card)
        plays.append(Play(len(mainline), (card,), right))
        if right:
            mainline += (card,)
        hand.remove(card)
        hand.append(rng.choice(ALL_CARDS))
        belief = player.belief
        belief.update(Evidence(mainline, tuple(plays)))
        if belief.weights[target] >= belief_at / 10 and agreement_chances(
                belief, [target], mainline, random.Random(turn))[0] >= belief_at:
            return turn
    return turns + 1


def simulated_difficulty(rule: lang.Rule, seeds: Sequence[int]) -> float:
    """The mean of ``turns_to_find`` over ``seeds`` (the measuring player): the measured
    difficulty."""
    return sum(turns_to_find(rule, seed) for seed in seeds) / len(seeds)


def deal_rule(rng: random.Random, difficulty: str) -> lang.Rule:
    """A secret rule of the requested band, drawn from the checked, measured catalogue."""
    if difficulty not in DIFFICULTIES:
        raise DifficultyError(
            f"unknown difficulty {difficulty!r}: expected one of {', '.join(DIFFICULTIES)}")
    entries = catalogue()
    pool = sorted(text for text, value in entries.items()
                  if text not in grown() and band_of(value) == difficulty)  # as before they grew
    if not pool:
        pool = sorted(str(r) for r in catalogue_candidates() if check_rule(r).playable)
    chosen = rng.choice(pool)
    # Every rule of the band is as likely (the grown kinds with their share of the band), but the
    # first draw is the one made before the language grew: a seed (a shared link, a seeded game)
    # deals the rule it dealt then unless its second draw falls on a grown kind.
    more = sorted(text for text, value in entries.items()
                  if text in grown() and rule_band(parse_rule(text), value) == difficulty)
    if more and rng.random() < len(more) / (len(more) + len(pool)):
        chosen = rng.choice(more)
    return parse_rule(chosen)


def dealt_rules(rng: random.Random, count: int, bands: Sequence[str] = DIFFICULTIES) -> list[lang.Rule]:
    """``count`` rules dealt in turn from ``bands`` (for the benchmark)."""
    return [deal_rule(rng, bands[i % len(bands)]) for i in range(count)]
