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
