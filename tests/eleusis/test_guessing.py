"""When the expert guesses the rule (players.guess, issue 31): never a rule that breaks a verdict on
the table ("say when stuck"), and after a refused guess of a rule grown from the evidence, not
another grown rule at once.

The tables are rounds of ``bench/eleusis_science.py`` (the one-player protocol) on rules beyond
every player's language, where the expert used to guess again and again; each is replayed turn by
turn as the bench plays it (the belief sees the table before the verdict, then after it, and
a refused guess joins the evidence at once).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from leopard_core.cards import Card
from leopard_core.games.eleusis.evidence import Evidence, Play
from leopard_core.games.eleusis.hypotheses import hypothesis_space
from leopard_core.games.eleusis.players import ScientistPlayer, make_player
from leopard_core.games.eleusis.rule import Rule

C = Card.parse

# "a value none of the last three cards has" (bench rule 50, round 1): the expert's guesses were
# refused after turns 5, 11 and 14; after turn 22 it guessed "differ(rank) & differ(rank,last2)",
# which the 9 of diamonds called wrong at turn 3 (after 9, 7, 2) had already refuted.
NONE_OF_THE_LAST_THREE = (
    "9C",
    [("7S", True), ("2C", True), ("9D", False), ("2H", False), ("QC", True), ("QS", False),
     ("2S", False), ("8C", True), ("6S", True), ("4H", True), ("2D", True), ("5C", True),
     ("7H", True), ("9S", True), ("10S", True), ("6D", True), ("8H", True), ("JD", True),
     ("KH", True), ("KC", False), ("3D", True), ("KS", False)],
    [(5, "black"), (11, "club | step(-2)"), (14, "club | step(-2,+2)")],
)

# "within 3 of the mean of the last two" (bench rule 48, round 0): after turn 22 the grown rule
# "within(4) & within(4,last2)" was refused; after turn 23 it guessed another grown rule,
# "if(last.red, rank(5,6,7,8,9,10,11), black | step(-2))", refused too.
WITHIN_THE_MEAN = (
    "9H",
    [("7D", True), ("4D", False), ("KC", False), ("5S", True), ("6C", True), ("4H", True),
     ("8S", True), ("10H", False), ("6H", True), ("AC", False), ("2S", False), ("10D", True),
     ("7H", True), ("QD", False), ("JD", True), ("AD", False), ("10C", True), ("JS", True),
     ("2H", False), ("3H", False), ("5H", False), ("6D", False), ("10S", True)],
    [(8, "diff(3,1)"), (22, "within(4) & within(4,last2)")],
)


def replay(player: ScientistPlayer, starter: str, plays: Sequence[tuple[str, bool]],
           refused: Sequence[tuple[int, str]]) -> Iterator[tuple[int, Evidence, str | None]]:
    """Each turn's table after its verdict and the player's guess then (see the docstring)."""
    mainline: tuple[Card, ...] = (C(starter),)
    judged: list[Play] = []
    for turn, (text, right) in enumerate(plays, start=1):
        before = tuple(text for at, text in refused if at < turn)
        player.belief.update(Evidence(mainline, tuple(judged), (), before))
        card = C(text)
        judged.append(Play(len(mainline), (card,), right))
        if right:
            mainline = (*mainline, card)
        evidence = Evidence(mainline, tuple(judged), (), before)
        yield turn, evidence, player.guess(evidence)


def breaks(rule: Rule, evidence: Evidence) -> list[Play]:
    """The plays of the table whose verdict ``rule`` would have given otherwise."""
    return [play for play in evidence.plays
            if rule.accepts(evidence.mainline[:play.at], play.cards[0]) != play.right]


def test_the_expert_never_guesses_a_rule_the_table_refutes() -> None:
    player = make_player("expert", random.Random(7))
    for turn, evidence, guess in replay(player, *NONE_OF_THE_LAST_THREE):
        if guess is not None:
            assert not breaks(Rule.parse(guess), evidence), (turn, guess)


def test_after_a_refused_grown_rule_the_expert_does_not_guess_another_at_once() -> None:
    space = hypothesis_space("expert")
    starter, plays, refused = WITHIN_THE_MEAN
    assert space.class_of(Rule.parse(refused[-1][1])) is None  # the refused guess had grown
    player = make_player("expert", random.Random(7))
    guesses = {turn: guess for turn, _, guess in replay(player, starter, plays, refused)}
    last = guesses[len(plays)]
    assert last is None or space.class_of(Rule.parse(last)) is not None, last


# "one above the last card counting round, or the same value" (bench rule 17, round 0), after turn
# 17: the mainline ends with a jack, so only a jack or a queen may follow, and the expert gives
# "the same value or one above" a guess chance of 0.47 (the rules that count round, or take the
# king after the jack, share the rest).
# The last two verdicts (a 7 and a 6 wrong after the jack) rule out "the same value, or one
# above, counting in fives" and "... in sixes" (the value minus the last's leaving 1 divided by 5
# or by 6), which the expert imagines since stop 51 and which fitted the table as well.
IDLE_AFTER_A_JACK = (
    "9C",
    [("7S", False), ("QC", False), ("8H", False), ("KD", False), ("6D", False), ("2C", False),
     ("10H", True), ("JC", True), ("JC", True), ("10D", False), ("KC", False), ("9S", False),
     ("AH", False), ("5S", False), ("10S", False), ("JD", True), ("KC", False), ("7H", False),
     ("6H", False)],
)


def test_an_idle_hand_makes_the_expert_guess_sooner() -> None:
    """When no card it holds would teach it anything (all surely wrong after a jack), waiting costs
    a turn for nothing, so the expert guesses from 0.4 instead of 0.55 (players, *idle hand*);
    with a card that would teach it something (a queen), or as a scientist, it waits."""
    starter, plays = IDLE_AFTER_A_JACK
    mainline: tuple[Card, ...] = (C(starter),)
    judged: list[Play] = []
    for text, right in plays:
        judged.append(Play(len(mainline), (C(text),), right))
        mainline += (C(text),) if right else ()
    evidence = Evidence(mainline, tuple(judged))
    idle = [C(text) for text in ("2S", "6S", "7C", "7D", "6D", "AC")]
    expert = make_player("expert", random.Random(0))
    assert 0.4 <= expert.best_guess(evidence)[1] < 0.55
    assert expert.guess(evidence, idle) == "same(rank) | step(+1)"
    assert expert.guess(evidence, [*idle, C("QH")]) is None
    assert expert.guess(evidence) is None
    assert make_player("scientist", random.Random(0)).guess(evidence, idle) is None
