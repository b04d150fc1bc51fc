"""Review of a hunt game: the person's moves that let the other side gain, and what to play instead.

A review reads a game as the person played it (``ReviewGame``: the person's side, the computer's
level and seed, the rules and every move; the bridge makes it from a session's save) and looks at
the person's moves one at a time, so a page can show the first marks at once and the rest as they
come. Nothing here reads the clock: the
search has a node budget and a seed per move, so a review is the same on every machine.

Glossary:
    ply          -- a move's index in the game: 0 is the Leopards' first placement (H3.2); the side
                    of ply ``k`` is the Leopards when ``k`` is even.
    frame        -- what the board shows after ``k`` moves (``frames``): the cells (H8.6), the last
                    move, the cows taken and in reserve, each leopard's room (``room.py``).
    best move    -- what the hard level's search plays in the position before the person's move,
                    with REVIEW_NODES nodes (the hard level has 4,000) and no time cap, seeded by the
                    ply (``best_move``).
    verdict      -- ``judge``: the same search values the best move and the move played at the same
                    depth (the move played with a full window, so its value is exact); the ``loss``
                    is how many points (``bots.evaluate``: a cow is 100) the move played is worse.
                    A move is marked only when its loss is CLEAR_LOSS or more: a move the search
                    rates as good as its best is never marked, whatever else it lets happen.
    finding      -- one thing the person's move let the other side do that the best move would not
                    have (``findings``), each with its kind:
                    ``cows``    (the person plays the Cows) the leopards can take more cows with
                                their next move (the twelfth among them: the game);
                    ``escape``  (Cows) a leopard that was shut in (room 0) can move again;
                    ``fewer``   (Leopards) the move took fewer cows than the best move;
                    ``trapped`` (Leopards) the cows can answer by shutting in more leopards;
                    ``win``     (either side) the best move wins the game at once, the move played
                                does not.
    line         -- ``line``: the positions after a move when both sides play on as the search
                    would (LINE_PLIES moves, LINE_NODES each): what the search sees further on.
    deep finding -- when the next reply shows nothing, the same kinds read from the line after the
                    move played against the line after the best move (``deep_findings``), with
                    the moves it takes to show (``moves``, two or three): cows taken by the
                    leopards or not taken by them, a leopard shut in or let get away, a game won
                    or lost within those moves.
    cost         -- orders the marks, the costliest first: one for each cow let go (taken, or not
                    taken), LEOPARD_WORTH for each leopard let out of a trap or into one, GAME_WORTH
                    for a game won or lost at once.
    moves_words  -- the opening's account of each move of the game, told to the person ("Your leopard
                    on e5 jumped ...", "The computer placed ...": ``played_words``), for the
                    page's replay and list of slips.
    mark         -- ``review_move``'s answer for one of the person's moves: the move, the best move
                    (and ``best_words``, the move to make in words, for the page's "Better: ..."),
                    the loss, the findings (empty: nothing to mark), their cost and their words
                    (messages ``hunt.review.*``, which name moves in words: ``move_words``, never
                    the notation of H8).

A planted slip: the first leopard is on the centre, the second on ``a3``, one cow on ``e3``; the
Cows' placement on ``a5`` lets the leopard on ``e5`` take five cows at once, while ``e7`` (the move
the search finds) leaves it only one (docs/hunt-rules.md, H3's choice).

>>> from .state import HuntState
>>> state = HuntState.new().apply("e5").apply("e3").apply("a3")
>>> mark = review_position(state, Move.parse("a5"), ply=3)
>>> mark["flagged"], mark["best"], mark["cost"]
(True, 'e7', 4)
>>> print(mark["findings"][0]["text"])  # doctest: +NORMALIZE_WHITESPACE
this let the leopards take 5 cows at once: the leopard on e5 jumps the cows on e6, d6, d5, f5 and f6
and lands on e7; by placing a cow on e7 you would have let them take only 1
>>> review_position(state, Move.parse("e7"), ply=3)["flagged"]  # the best move is never marked
False

A slip whose cost shows later: the cows' g6 leaves the leopards no jump at once, but f6-e5 then
threatens two captures and the cows can block only one (tests/test_hunt_review.py plays it out).

>>> game = ["e5", "e3", "f3", "g3", "e5xe7xc5xe5xg5xe7", "f5", "f3xd3xd5", "e5", "d5-d4", "d3", "d4xf6"]
>>> state = HuntState.new()
>>> for move in game:
...     _ = state.apply(move)
>>> mark = review_position(state, Move.parse("g6"), ply=11)
>>> mark["best"], mark["findings"][0]["moves"]
('e3', 2)
>>> mark["findings"][0]["text"]
'this lets the leopards take 2 cows in their next 2 moves; by placing a cow on e3 you would keep them safe'
>>> str(Message(mark["best_words"]["code"], **mark["best_words"]["params"]))  # "Better: ..."
'place a cow on e3'
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from .board import NAMES
from .bots import SearchBot, SearchSettings, child
from .errors import HuntError
from .messages import Message
from .move_words import move_words, played_words
from .moves import Move
from .room import leopard_room, room_of
from .rules import CAPTURE_GOAL, COWS, LEOPARDS, HuntRules, Side
from .state import LEOPARD, HuntState

REVIEW_NODES = 8000
"""The review's search budget per move: twice the hard level's (``bots.SearchSettings.nodes``)."""
JUDGE_NODES = 4 * REVIEW_NODES
"""The budget for the played move's exact value (``judge``): a full window costs more than the
bounds the search's other moves get; past it, both moves are valued one turn shallower."""
CLEAR_LOSS = 70
"""A move is marked only when the search rates it this many points below its best move (a cow is
100 in ``bots.evaluate``, a leopard shut in about 60): what the search sees as a clear loss."""
LINE_PLIES = 5
"""The moves after the person's that the lines of ``deep_findings`` play: the other side's next
three moves and the person's two in between."""
LINE_NODES = 1000
"""The search's budget for each move of those lines."""
REVIEW_VERSION = 3
"""Changes whenever the marks of a game would change (the search's budget, the findings, their
words). 2: the search's verdict decides the marks, and costs a few moves on are marked. 3: the
findings name moves in words (``move_words``), and a mark has ``best_words``."""
LEOPARD_WORTH = 2
GAME_WORTH = CAPTURE_GOAL


@dataclass(frozen=True)
class ReviewGame:
    """A game to review: the person's side, the computer's level and seed, the rules, the moves."""

    person: Side
    level: str
    bot_seed: int
    rules: HuntRules
    moves: tuple[Move, ...]

    def state_before(self, ply: int) -> HuntState:
        """The game before move ``ply`` (0 .. len(moves)): its history and repetition counts too, so
        it plays on (and saves) like the game did."""
        state = HuntState.new(self.rules)
        for move in self.moves[:ply]:
            state.play_unchecked(move)
        return state

    def check_ply(self, ply: object, persons_only: bool = True) -> int:
        """``ply`` as an index of one of the person's moves (or of any position, with
        ``persons_only=False``); ReviewError quoting it otherwise."""
        last = len(self.moves) - 1 if persons_only else len(self.moves)
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= last \
                or (persons_only and side_of(ply) != self.person):
            raise ReviewError("hunt.review.bad_ply", ply=repr(ply), side=self.person)
        return ply


class ReviewError(HuntError):
    """A review request that names no move of the person's (its message quotes the input)."""


def side_of(ply: int) -> Side:
    """The side that plays move ``ply`` (the Leopards move first, H3.2)."""
    return LEOPARDS if ply % 2 == 0 else COWS


def frames(game: ReviewGame) -> list[dict[str, Any]]:
    """What the board shows before the first move and after each move (``len(moves) + 1`` frames)."""
    state = HuntState.new(game.rules)
    out = [_frame(state)]
    for move in game.moves:
        state.play_unchecked(move)
        out.append(_frame(state))
    return out


def _frame(state: HuntState) -> dict[str, Any]:
    return {
        "cells": state.position.split()[0], "to_move": state.to_move,
        "last_move": str(state.history[-1]) if state.history else None,
        "captured": state.captured, "reserve": state.reserve, "room": leopard_room(state),
    }


def best_move(state: HuntState, ply: int) -> Move:
    """The review's choice in ``state`` (see the glossary): the same move on every run."""
    bot = SearchBot(f"review:{ply}", SearchSettings(nodes=REVIEW_NODES, time_cap=None))
    return bot.choose(state)


# ----------------------------------------------------------------- what a move lets happen


def _cows_next(after: HuntState) -> tuple[int, Move | None]:
    """The most cows the leopards can take with their next move after ``after``, and that move."""
    if after.over or after.to_move != LEOPARDS:
        return 0, None
    count, reply = 0, None
    for move in after.legal_moves():
        if move.kind == "jump" and len(move.points) - 1 > count:
            count, reply = len(move.points) - 1, move
    return count, reply


def _shut_in(state: HuntState) -> set[int]:
    """The leopards on the board that could not move now (room 0)."""
    return {p for p, cell in enumerate(state.board) if cell == LEOPARD and room_of(state.board, p) == 0}


def _trap_next(after: HuntState) -> tuple[int, Move | None, list[int]]:
    """The most leopards the cows can shut in with their next move after ``after`` (2: the Cows win),
    the cows' move and the leopards it shuts in."""
    if after.over or after.to_move != COWS:
        return 0, None, []
    best: tuple[int, Move | None, list[int]] = (0, None, [])
    for move in after.legal_moves():
        shut = sorted(_shut_in(child(after, move, settle=False)))
        if len(shut) > best[0]:
            best = (len(shut), move, shut)
    return best


def _taken(move: Move) -> int:
    """The cows a move takes (a jump takes one per hop, H5)."""
    return len(move.points) - 1 if move.kind == "jump" else 0


def _wins(after: HuntState, side: Side) -> bool:
    return after.over and after.winner == side


def findings(before: HuntState, played: Move, best: Move) -> list[dict[str, Any]]:
    """What ``played`` let the other side do that ``best`` would not have (see the glossary), each
    with its ``kind``, ``cost`` and its words (``msg``, ``text``); empty when nothing."""
    if played == best:
        return []
    side = before.to_move
    other = COWS if side == LEOPARDS else LEOPARDS
    said = move_words(best, side, "by")
    after_played, after_best = child(before, played), child(before, best)
    out: list[dict[str, Any]] = []
    if _wins(after_best, side) and not _wins(after_played, side):
        code = "hunt.review.win_cows" if side == COWS else "hunt.review.win_leopards"
        return [_finding("win", GAME_WORTH, Message(code, best=said))]
    if side == COWS:
        count, reply = _cows_next(after_played)
        instead, _ = _cows_next(after_best)
        if count > instead:
            assert reply is not None
            answer = move_words(reply, other, "does")
            # The twelfth cow (H7.1) after the move played, not after the best move: the game.
            decides = after_played.captured + count >= CAPTURE_GOAL > after_best.captured + instead
            if decides:
                msg = Message("hunt.review.cows_game", reply=answer, best=said)
            elif instead:
                msg = Message("hunt.review.cows_fewer", count=count, reply=answer, best=said,
                              instead=instead)
            else:
                msg = Message("hunt.review.cows", count=count, reply=answer, best=said)
            out.append(_finding("cows", GAME_WORTH if decides else count - instead, msg))
        was_shut = _shut_in(before)
        freed = sorted(was_shut - _shut_in(after_played) - (was_shut - _shut_in(after_best)))
        for p in freed:
            out.append(_finding("escape", LEOPARD_WORTH,
                                Message("hunt.review.escape", point=NAMES[p], best=said)))
        return out
    taken, instead = _taken(played), _taken(best)
    if instead > taken:
        msg = Message("hunt.review.fewer", count=instead, best=said) if not taken else \
            Message("hunt.review.fewer_some", count=instead, taken=taken, best=said)
        out.append(_finding("fewer", instead - taken, msg))
    shut, reply, points = _trap_next(after_played)
    shut_instead, _, _ = _trap_next(after_best)
    if shut > shut_instead:
        assert reply is not None
        answer = move_words(reply, other, "does")
        if shut == 2:
            msg = Message("hunt.review.trapped_both", reply=answer, best=said)
        else:
            msg = Message("hunt.review.trapped", point=NAMES[points[0]], reply=answer, best=said)
        cost = GAME_WORTH if shut == 2 else LEOPARD_WORTH * (shut - shut_instead)
        out.append(_finding("trapped", cost, msg))
    return out


def _finding(kind: str, cost: int, msg: Message, moves: int = 1) -> dict[str, Any]:
    return {"kind": kind, "cost": cost, "moves": moves, "msg": msg.as_json(), "text": str(msg)}


# ----------------------------------------------------------------- what the search sees further on


@dataclass(frozen=True)
class Judgement:
    """The search's verdict on a move (see ``judge``): its best move, how many points (of
    ``bots.evaluate``) the move played is worse than it at the same depth (0: as good), the depth."""

    best: Move
    loss: int
    depth: int


def judge(before: HuntState, played: Move, ply: int) -> Judgement:
    """The best move (``best_move``'s search) and the played move's loss against it: both valued by
    the same search at the depth its last full iteration reached, the played move with a full
    window so its value is exact. With JUDGE_NODES spent first, one turn shallower, and so on."""
    bot = SearchBot(f"review:{ply}", SearchSettings(nodes=REVIEW_NODES, time_cap=None))
    best = bot.choose(before)
    depth = bot.depth_reached
    if played == best or depth == 0:  # depth 0: a single legal move, so the move played
        return Judgement(best, 0, depth)
    exact = SearchBot(f"review:{ply}", SearchSettings(nodes=JUDGE_NODES, time_cap=None))
    best_value: int | None = bot.best_value
    while depth > 1:
        value = None if best_value is None else exact.value_of(before, played, depth)
        if best_value is not None and value is not None:
            return Judgement(best, max(0, best_value - value), depth)
        depth -= 1  # out of budget: both moves one turn shallower (the same depth for both)
        best_value = exact.value_of(before, best, depth)
    # One turn: the positions' own evaluations, a node each (never out of budget).
    value, best_value = exact.value_of(before, played, 1), exact.value_of(before, best, 1)
    assert value is not None and best_value is not None
    return Judgement(best, max(0, best_value - value), 1)


def line(before: HuntState, first: Move, ply: int) -> list[HuntState]:
    """The positions after ``first`` and after each of the LINE_PLIES moves that follow when both
    sides play the search's moves (LINE_NODES each, seeded by the ply and the move's place in the
    line, so the same position gets the same answer in either line); shorter when the game ends."""
    state = child(before, first)
    out = [state]
    for k in range(LINE_PLIES):
        if state.over:
            break
        bot = SearchBot(f"review:{ply}:line:{k}", SearchSettings(nodes=LINE_NODES, time_cap=None))
        state = child(state, bot.choose(state))
        out.append(state)
    return out


def _first_win(states: list[HuntState], side: Side) -> int | None:
    return next((i for i, state in enumerate(states) if _wins(state, side)), None)


def _settled(counts: list[int]) -> int:
    """The index from which ``counts`` stays at or above its last value (when a loss is in place)."""
    index = len(counts) - 1
    while index > 0 and counts[index - 1] >= counts[-1]:
        index -= 1
    return index


def _own_moves(index: int) -> int:
    """The person's moves up to a line's position ``index`` (position 0 follows their first)."""
    return index // 2 + 1


def _their_moves(index: int) -> int:
    """The other side's moves up to a line's position ``index``."""
    return (index + 1) // 2


def deep_findings(before: HuntState, played: Move, best: Move, ply: int) -> list[dict[str, Any]]:
    """What the search's line after ``played`` loses against its line after ``best`` (``line``),
    each finding with the moves it takes to show (``moves``: the other side's moves for what they
    gain, the person's own for what the best move would have gained); empty when nothing."""
    side = before.to_move
    other = COWS if side == LEOPARDS else LEOPARDS
    said = move_words(best, side, "by")
    after_played, after_best = line(before, played, ply), line(before, best, ply)
    lost = _first_win(after_played, other)
    if lost is not None and _first_win(after_best, other) is None:
        moves = _their_moves(lost)
        code = "hunt.review.deep_lost_cows" if side == COWS else "hunt.review.deep_lost_leopards"
        return [_finding("win", GAME_WORTH, Message(code, moves=moves, best=said), moves)]
    won = _first_win(after_best, side)
    if won is not None and _first_win(after_played, side) is None:
        moves = _own_moves(won)
        code = "hunt.review.deep_win_cows" if side == COWS else "hunt.review.deep_win_leopards"
        return [_finding("win", GAME_WORTH, Message(code, moves=moves, best=said), moves)]
    out: list[dict[str, Any]] = []
    taken_played = [state.captured - before.captured for state in after_played]
    taken_best = [state.captured - before.captured for state in after_best]
    shut_played = [len(_shut_in(state)) for state in after_played]
    shut_best = [len(_shut_in(state)) for state in after_best]
    count, instead = taken_played[-1], taken_best[-1]
    if side == COWS and count > instead:
        moves = _their_moves(_settled(taken_played))
        msg = Message("hunt.review.deep_cows_fewer", count=count, moves=moves, best=said,
                      instead=instead) if instead else \
            Message("hunt.review.deep_cows", count=count, moves=moves, best=said)
        out.append(_finding("cows", count - instead, msg, moves))
    if side == LEOPARDS and instead > count:
        moves = _own_moves(_settled(taken_best))
        msg = Message("hunt.review.deep_fewer_some", count=instead, moves=moves, best=said,
                      taken=count) if count else \
            Message("hunt.review.deep_fewer", count=instead, moves=moves, best=said)
        out.append(_finding("fewer", instead - count, msg, moves))
    if side == COWS and shut_best[-1] > shut_played[-1]:
        moves = _own_moves(_settled(shut_best))
        freed = shut_best[-1] - shut_played[-1]
        msg = Message("hunt.review.deep_escape", moves=moves, best=said)
        out.append(_finding("escape", LEOPARD_WORTH * freed, msg, moves))
    if side == LEOPARDS and shut_played[-1] > shut_best[-1]:
        moves = _their_moves(_settled(shut_played))
        shut = shut_played[-1] - shut_best[-1]
        msg = Message("hunt.review.deep_trapped", moves=moves, best=said)
        out.append(_finding("trapped", LEOPARD_WORTH * shut, msg, moves))
    return out


def review_position(before: HuntState, played: Move, ply: int) -> dict[str, Any]:
    """The mark of ``played`` in ``before`` (the person's move number ``ply``): marked only when the
    search rates it CLEAR_LOSS points or more below its best move, with what the other side's next
    reply gains (``findings``) or, when that shows nothing, what the search's lines show a few
    moves on (``deep_findings``, from two moves on: one move is the first kind's)."""
    verdict = judge(before, played, ply)
    best = verdict.best
    found: list[dict[str, Any]] = []
    if verdict.loss >= CLEAR_LOSS:
        found = findings(before, played, best) or [
            f for f in deep_findings(before, played, best, ply) if f["moves"] >= 2]
    return {
        "ply": ply, "side": before.to_move, "played": str(played), "best": str(best),
        "best_words": move_words(best, before.to_move, "play").as_json(),
        "same": best == played, "flagged": bool(found), "cost": sum(f["cost"] for f in found),
        "loss": verdict.loss, "findings": found,
    }


def review_move(game: ReviewGame, ply: object) -> dict[str, Any]:
    """The mark of the person's move ``ply``; ReviewError when ``ply`` is not one of theirs."""
    index = game.check_ply(ply)
    return review_position(game.state_before(index), game.moves[index], index)


def persons_plies(game: ReviewGame) -> list[int]:
    """The plies of the person's moves, in order."""
    return [k for k in range(len(game.moves)) if side_of(k) == game.person]


def costliest(marks: list[dict[str, Any]], count: int = 3) -> list[int]:
    """The plies of the ``count`` costliest flagged marks, the costliest first (earlier on ties)."""
    flagged = [m for m in marks if m["flagged"]]
    flagged.sort(key=lambda m: (-m["cost"], m["ply"]))
    return [m["ply"] for m in flagged[:count]]


def opening(game: ReviewGame, text: str) -> dict[str, Any]:
    """What a review starts from: the game's frames and facts, and the plies still to mark."""
    final = game.state_before(len(game.moves))
    return {
        "person": game.person, "level": game.level, "rules": game.rules.to_dict(),
        "moves": [str(m) for m in game.moves], "frames": frames(game),
        "moves_words": [played_words(move, side_of(ply), game.person).as_json()
                        for ply, move in enumerate(game.moves)],
        "persons_plies": persons_plies(game), "over": final.over, "winner": final.winner,
        "reason_msg": final.reason_msg.as_json() if final.reason_msg else None,
        "capture_goal": CAPTURE_GOAL, "key": review_key(text),
    }


def review_key(text: str) -> str:
    """A short fingerprint of the save and of this review's way of marking (REVIEW_VERSION), so a
    page reuses kept marks only for their own game and only while the marks would be the same."""
    return hashlib.sha256(f"{REVIEW_VERSION}:{text}".encode()).hexdigest()[:16]


__all__ = [
    "CLEAR_LOSS", "GAME_WORTH", "LEOPARD_WORTH", "LINE_NODES", "LINE_PLIES", "REVIEW_NODES", "Judgement",
    "ReviewError", "ReviewGame", "best_move", "costliest", "deep_findings", "findings", "frames", "judge",
    "line", "opening", "review_move", "review_position",
]
