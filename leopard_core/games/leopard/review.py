"""Reviewing a played hand: each of the person's decisions weighed again, from what they could see.

Glossary:
    step        -- one move of a finished hand, by either seat, counted from 0 (``index``); a
                   *person step* is one of the person's (seat 0, ``session.HUMAN``), the only ones
                   reviewed. A running turn (R8.3) of several cards is several steps.
    decision    -- a person step as the person met it: their view just before it (``state.view(0)``:
                   their hand, both squares with the computer's face-down cards face down, the
                   discards, the counts), never the computer's hand or the stock order.
    worlds      -- determinizations of that view (``bots.worlds.Knowledge.sample``): the hidden
                   cards dealt at random from the cards the person has not seen. Every move is
                   played out on the *same* worlds with the same playout noise (common random
                   numbers), so the difference between two moves is measured world by world and
                   the luck of the draw cancels out of it.
    value       -- of a move: its mean over the worlds of the playout's leaf (``bots.search``:
                   ``Work.depth`` turns of the playout policy, then the fitted leaf value, exact
                   once the hand ends): the expected points of the hand, person minus computer.
    Work        -- how much a review searches per decision, a fixed amount (never the clock): every
                   legal move on ``screen`` worlds, then the ``keep`` best (and the played move) on
                   ``worlds`` worlds in all, then the ``finalists`` best (and the played move) on
                   ``final_worlds``. ``REVIEW_WORK`` is larger than the Hard level's search (1,000
                   playouts over its 8 best moves and ``out``): every legal move is weighed, and the
                   finalists get more worlds each than Hard gives any move.
    best        -- the move of highest value among the finalists; ties go to the earlier legal move.
    cost        -- best's value minus the played move's, measured on the same worlds; ``spread`` is
                   its give-or-take: ``Work.z`` standard errors of that paired difference.
    as good     -- a move whose cost is within its spread: the review cannot tell it from the best,
                   so it is never called a slip. The best itself has cost 0 and is always as good.
    margin      -- the expected margin of the hand (person minus computer): ``margin_before`` a
                   step is the best move's value (what the position was worth), ``margin_after_played``
                   the played move's, ``margin_after_best`` the best's. A chart joins them step by
                   step; what the computer's moves and the draws did shows as the change from one
                   step's ``margin_after_played`` to the next step's ``margin_before``.
    reason      -- why a move is good, as the hint words it (``hints.explain``: "covers the
                   computer's 3 of clubs: spoils 2 of its lines"), for the best and the played move.
    review seed -- each decision's random source is fixed by the view's public keys
                   (``hints.hint_seed``): the same decision always gets the same review, and two
                   games that differ only in cards the person could not see get the same one.
    play on     -- ``play_on``: a new session at a person step, the same deal and the same computer
                   (level and seed), the person to move; ``practice`` is set, so it is never
                   counted in the statistics.

A review of a deliberately bad move: the person holds the 3 of hearts that completes row 1-2-3 in
hearts and throws it away instead.

>>> from leopard_core.games.leopard import Position, rules_for
>>> from leopard_core.cards import parse_cards
>>> position = Position.parse("AH,2H,-/-,-,-/-,-,- | -,-,-/-,-,-/-,-,- | 3H,7S")
>>> stock = parse_cards("5C,6C,8D,9D,2S,4S,KC,QD,10S,9H")
>>> state = HandState.from_position(rules_for("standard"), position.own, position.opp,
...     list(position.hand), opp_hand=parse_cards("4D,5D,6S,7C,8S,9S,10C,KD"), stock=stock)
>>> slip = review_decision(state, Move.parse("discard 3H"))
>>> str(slip.best), slip.cost > 1, slip.as_good
('3H to own 3', True, False)
>>> str(slip.reason_msg)
'completes row 1-2-3 in hearts (+3)'
>>> good = review_decision(state, Move.parse("3H to own 3"))
>>> good.cost, good.spread, good.as_good
(0.0, 0.0, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from typing import Any

from .bots.search import Settings, evaluator_for, playout_value
from .bots.worlds import ME, Knowledge
from .errors import LeopardError
from .game import Game
from .hints import explain, hint_seed
from .messages import Message
from .moves import PLAY, Move
from .session import BOT, COMPUTER, HUMAN, Session
from .state import HandState

TABLE_KEYS = ("own", "opp", "hand", "drawn", "discards", "stock_count", "opp_hand_count", "to_move",
              "plays_this_turn", "dealer")
"""The keys of the person's view that a step's ``table`` keeps (a snapshot's table)."""


class ReviewError(LeopardError):
    """A review that cannot be made: no finished hand, a hand in play, a step that is not the
    person's, a game of two people or the guided hand. The message quotes what was asked."""


@dataclass(frozen=True)
class Work:
    """How much a review searches per decision (see the glossary); fixed, never the clock."""

    screen: int = 8  # worlds every legal move is played out on
    keep: int = 4  # moves kept after the screen, besides the played one
    worlds: int = 32  # worlds the kept moves are played out on in all (the screen's included)
    finalists: int = 2  # moves kept for the last round, besides the played one
    final_worlds: int = 128  # worlds the finalists are played out on in all
    depth: int = 8  # turns of each playout after the move (the Hard level's depth)
    noise: float = 0.25  # the playout policy's randomness (the search levels')
    z: float = 3.0  # the spread is this many standard errors of a cost

    def times(self, factor: int) -> Work:
        """The same review with ``factor`` times the worlds in every round (the bench's yardstick)."""
        return replace(self, screen=self.screen * factor, worlds=self.worlds * factor,
                       final_worlds=self.final_worlds * factor)

    @property
    def settings(self) -> Settings:
        """The playout settings of the search (``bots.search``)."""
        return Settings(depth=self.depth, noise=self.noise)


REVIEW_WORK = Work()
"""The review's work per decision (``bench/leopard_review.py`` measures its accuracy and speed)."""


@dataclass(frozen=True)
class MoveValue:
    """One move's value over the worlds it was played out on, and its cost against the best."""

    move: Move
    value: float  # expected points of the hand, person minus computer
    cost: float  # the best's value minus this one's, on the same worlds
    spread: float  # the cost's give-or-take (Work.z standard errors); 0 for the best itself
    worlds: int  # how many worlds it was played out on

    @property
    def as_good(self) -> bool:
        """Whether the review cannot tell this move from the best."""
        return self.cost <= self.spread

    def as_json(self) -> dict[str, Any]:
        """``{move, value, cost, spread, worlds, as_good}`` with the numbers rounded to 0.01."""
        return {"move": str(self.move), "entry": move_entry(self.move), "value": _round(self.value),
                "cost": _round(self.cost), "spread": _round(self.spread), "worlds": self.worlds,
                "as_good": self.as_good}


@dataclass(frozen=True)
class Decision:
    """The review of one decision: every finalist's value, the best, and what the choice cost."""

    played: Move
    best: Move
    moves: list[MoveValue]  # the finalists (the played move among them), best first
    played_value: MoveValue
    reason_msg: Message
    played_reason_msg: Message
    reason_data: dict[str, Any] = field(default_factory=dict)
    played_reason_data: dict[str, Any] = field(default_factory=dict)
    playouts: int = 0

    @property
    def cost(self) -> float:
        """What the played move cost, in expected points of the hand (0 when it was the best)."""
        return self.played_value.cost

    @property
    def spread(self) -> float:
        """The cost's give-or-take."""
        return self.played_value.spread

    @property
    def as_good(self) -> bool:
        """Whether the played move was as good as the best (see the glossary)."""
        return self.played_value.as_good

    def as_json(self) -> dict[str, Any]:
        """The bridge's answer for this decision (``review_step`` adds the step's index)."""
        best = self.moves[0]
        return {
            "played": str(self.played), "played_entry": move_entry(self.played),
            "best": str(self.best), "best_entry": move_entry(self.best),
            "moves": [value.as_json() for value in self.moves],
            "cost": _round(self.cost), "spread": _round(self.spread), "as_good": self.as_good,
            "reason_msg": self.reason_msg.as_json(), "played_reason_msg": self.played_reason_msg.as_json(),
            "reason": str(self.reason_msg), "played_reason": str(self.played_reason_msg),
            "reason_data": self.reason_data, "played_reason_data": self.played_reason_data,
            "margin_before": _round(best.value), "margin_after_played": _round(self.played_value.value),
            "margin_after_best": _round(best.value), "playouts": self.playouts,
        }


def _round(value: float) -> float:
    return round(value, 2) + 0.0  # + 0.0 turns -0.0 into 0.0


def move_entry(move: Move) -> dict[str, Any]:
    """A person's move as a log entry of their view (``HandState.view``'s ``log``), for the page's
    words: ``{by, kind, card, square, space, text}``."""
    return {"by": "own", "kind": move.kind, "card": None if move.card is None else str(move.card),
            "square": move.square if move.kind == PLAY else None, "space": move.space, "text": str(move)}


def weigh_moves(
    view: dict[str, Any], played: Move, work: Work = REVIEW_WORK, seed: str = "review",
    also: tuple[Move, ...] = (),
) -> tuple[list[MoveValue], int]:
    """Every legal move of the view's seat weighed in rounds on shared worlds (see ``Work``): the
    finalists best first with their costs, and the number of playouts it took. The played move
    (and any of ``also``) is kept to the last round whatever its value.

    Only the view is read, and the random source is fixed by its public keys and ``seed``."""
    knowledge = Knowledge(view)
    root = knowledge.template
    moves = root.legal_moves()
    for move in (played, *also):
        if move not in moves:
            raise ReviewError("review.not_legal", move=str(move))
    ev = evaluator_for(view["variant"])
    settings = work.settings
    rng = random.Random(f"{seed}:{hint_seed(view)}")
    worlds: list[tuple[HandState, int]] = []
    values: list[list[float]] = [[] for _ in moves]
    playouts = 0

    def play_out(index: int, count: int) -> None:
        nonlocal playouts
        while len(worlds) < count:
            worlds.append((knowledge.sample(rng), rng.getrandbits(32)))
        done = values[index]
        for world, playout_seed in worlds[len(done):count]:
            done.append(playout_value(world, moves[index], ME, settings, random.Random(playout_seed), ev))
            playouts += 1

    kept = sorted({moves.index(move) for move in (played, *also)})
    alive = list(range(len(moves)))
    rounds = ((len(moves), work.screen), (work.keep, work.worlds), (work.finalists, work.final_worlds))
    for keep, count in rounds:
        # every move alive has been played out on the same worlds: rank them on those
        alive = sorted(alive, key=lambda i: (-_mean(values[i]), i))[:keep]
        alive += [index for index in kept if index not in alive]
        for index in alive:
            play_out(index, count)
    best = min(alive, key=lambda i: (-_mean(values[i]), i))
    weighed = []
    for index in alive:
        diffs = [b - v for b, v in zip(values[best], values[index], strict=True)]
        cost = _mean(diffs)
        spread = 0.0 if index == best else work.z * _standard_error(diffs)
        weighed.append(MoveValue(moves[index], _mean(values[index]), cost, spread, len(values[index])))
    weighed.sort(key=lambda value: (value.cost, moves.index(value.move)))
    return weighed, playouts


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _standard_error(values: list[float]) -> float:
    """The standard error of the mean of ``values`` (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = _mean(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def review_decision(
    state: HandState, played: Move, work: Work = REVIEW_WORK, seed: str = "review",
) -> Decision:
    """The review of the person's ``played`` move in ``state`` (the person, seat 0, to move), made
    from the person's view alone: the true state's hidden cards are never read."""
    if state.over or state.to_move != HUMAN:
        raise ReviewError("review.not_person_to_move")
    view = state.view(HUMAN)
    weighed, playouts = weigh_moves(view, played, work, seed)
    template = Knowledge(view).template  # what the person saw, as a state: the hint's reasons
    best_hint, played_hint = explain(template, weighed[0].move), explain(template, played)
    played_value = next(value for value in weighed if value.move == played)
    return Decision(played, weighed[0].move, weighed, played_value, best_hint.msg, played_hint.msg,
                    best_hint.data, played_hint.data, playouts)


class PlayedHand:
    """A finished hand of a session's game, ready to be stepped through."""

    def __init__(self, session: Session, hand: object = None) -> None:
        if session.tutorial is not None:
            raise ReviewError("review.guided")
        if session.opponent != COMPUTER:
            raise ReviewError("review.two_people")
        game = session.game
        finished = [index for index, state in enumerate(game.hands) if state.over]
        if hand is None:
            if not finished:
                raise ReviewError("review.nothing_finished")
            hand = finished[-1]
        if not isinstance(hand, int) or isinstance(hand, bool) or not 0 <= hand < len(game.hands):
            raise ReviewError("review.bad_hand", hand=repr(hand), last=len(game.hands) - 1)
        if hand not in finished:
            raise ReviewError("review.hand_in_play", hand=hand + 1)
        self.session = session
        self.game: Game = game
        self.hand = hand
        self.finished = len(finished)
        self.history = list(game.hands[hand].history)
        self.final = game.hands[hand]

    def state_before(self, index: int) -> HandState:
        """The hand replayed from its deal up to (not including) step ``index``."""
        state = self.game.dealt(self.hand)
        for _, move in self.history[:index]:
            state.apply_unchecked(move)
        return state

    def person_steps(self) -> list[int]:
        """The indexes of the person's steps."""
        return [index for index, (seat, _) in enumerate(self.history) if seat == HUMAN]

    def check_person_step(self, index: object) -> int:
        """``index`` itself when it is a person step of this hand; ReviewError otherwise."""
        last = len(self.history) - 1
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= last:
            raise ReviewError("review.bad_index", index=repr(index), last=last)
        if self.history[index][0] != HUMAN:
            raise ReviewError("review.not_person_step", index=index + 1)
        return index

    def steps(self) -> list[dict[str, Any]]:
        """Every step with its log entry and the person's table before it (see ``open_review``)."""
        state = self.game.dealt(self.hand)
        steps = []
        for index, (seat, move) in enumerate(self.history):
            view = state.view(HUMAN)
            forced = len(state.legal_moves()) == 1
            state.apply_unchecked(move)
            entry = state.view(HUMAN)["log"][-1]
            steps.append({
                "index": index, "seat": "person" if seat == HUMAN else "computer",
                "move": entry["text"], "entry": entry, "forced": forced,
                "table": {key: view[key] for key in TABLE_KEYS},
            })
        return steps

    def final_facts(self) -> dict[str, Any]:
        """The hand's end: both hand scores, the margin, who went out and the last table."""
        view = self.final.view(HUMAN)
        own, opp = self.final.hand_score(HUMAN), self.final.hand_score(BOT)
        end = view["end_reason"]
        end_msg = None if end is None else Message(f"hand.end.{end}").as_json()
        return {
            "own": own, "opp": opp, "margin": own - opp, "went_out": view["went_out"],
            "end_reason": end, "end_reason_msg": end_msg,
            "table": {key: view[key] for key in TABLE_KEYS},
        }


def open_review(session: Session, hand: object = None) -> dict[str, Any]:
    """A finished hand's steps for the review's table (no search): ``{hands, hand, steps,
    person_steps, final, ...}``; the bridge's ``review_open``."""
    played = PlayedHand(session, hand)
    return {
        "hands": played.finished, "hand": played.hand, "game_hands": played.game.num_hands,
        "variant": played.game.rules.name, "level": session.level,
        "steps": played.steps(), "person_steps": played.person_steps(), "final": played.final_facts(),
    }


def review_step(session: Session, hand: object, index: object, work: Work = REVIEW_WORK) -> dict[str, Any]:
    """The review of one person step (``review_decision``), with its index; ``review_step``."""
    played = PlayedHand(session, hand)
    step = played.check_person_step(index)
    decision = review_decision(played.state_before(step), played.history[step][1], work)
    return {"index": step, "hand": played.hand, **decision.as_json()}


def review_hand(session: Session, hand: object = None, work: Work = REVIEW_WORK) -> list[Decision]:
    """Every person step of a finished hand reviewed, in order (the bench's whole hand)."""
    played = PlayedHand(session, hand)
    return [review_decision(played.state_before(step), played.history[step][1], work)
            for step in played.person_steps()]


def play_on(session: Session, hand: object, index: object) -> Session:
    """A new practice session at a person step of a finished hand: the game replayed from its seed
    to that point (the same deal, the same computer at the same level and seed), the person to
    move. It is never counted in the statistics (``Session.practice``)."""
    played = PlayedHand(session, hand)
    step = played.check_person_step(index)
    original = played.game
    game = Game(original.rules, hands=original.num_hands, seed=original.seed)
    for number, state in enumerate(original.hands[: played.hand]):
        for _, move in state.history:
            game.apply(move)
        if number < played.hand:
            game.next_hand()
    for _, move in played.history[:step]:
        game.apply(move)
    practice = Session(game, session.level, session.bot_seed, session.undo_allowed)
    practice.practice = True
    return practice


__all__ = [
    "REVIEW_WORK",
    "Decision",
    "MoveValue",
    "PlayedHand",
    "ReviewError",
    "Work",
    "open_review",
    "play_on",
    "review_decision",
    "review_hand",
    "review_step",
    "weigh_moves",
]
