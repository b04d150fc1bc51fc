"""Computer players of the hunt game, for either side, at three levels.

Glossary:
    HuntBot   -- anything with ``choose(state) -> Move``: a legal move for the side to move. The
                 game has no hidden information, so a bot sees the whole state; it never changes it.
    LEVELS    -- ``random`` (a uniform legal move), ``greedy`` (the move whose position
                 ``evaluate`` likes best, one turn ahead), ``search`` (alpha-beta search, iterative
                 deepening within a node budget, on the same evaluation).
    evaluate  -- a position's worth for the Leopards in points (the Cows want it low): 100 a
                 captured cow, the cows a leopard could jump now, the leopards' room to move, and
                 a penalty for every leopard shut in; +-WIN for a finished game.
    seed      -- ``make_bot(level, seed)``: the seed breaks ties between equal moves, so a bot with
                 the same seed plays the same move in the same position, on every machine. The
                 search's budget is counted in nodes, not seconds; its time cap (CPU seconds of
                 this process, wall time in the browser) is only a safety net that no player
                 reaches (``SearchSettings``).

>>> from .state import HuntState
>>> state = HuntState.new()
>>> all(make_bot(level, 1).choose(state) in state.legal_moves() for level in LEVELS)
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Protocol

from .board import JUMPS, NEIGHBOURS
from .errors import HuntError
from .moves import Move
from .rules import LEOPARDS
from .state import COW, EMPTY, LEOPARD, HuntState

WIN = 100_000
LEVELS: tuple[str, ...] = ("random", "greedy", "search")
DEFAULT_LEVEL = "search"


class HuntBot(Protocol):
    """A computer player of either side."""

    def choose(self, state: HuntState) -> Move:
        """A legal move for the side to move in ``state`` (a game not over)."""
        ...


def evaluate(state: HuntState) -> int:
    """The position's worth for the Leopards (higher is better for them), from the board alone."""
    if state.over:
        return 0 if state.winner is None else (WIN if state.winner == LEOPARDS else -WIN)
    board = state.board
    score = 100 * state.captured
    threatened: set[int] = set()
    for p, cell in enumerate(board):
        if cell != LEOPARD:
            continue
        room = 0
        for q in NEIGHBOURS[p]:
            if board[q] == EMPTY:
                room += 1
        for over, land in JUMPS[p]:
            if board[over] == COW and board[land] == EMPTY:
                threatened.add(over)
                room += 1
        score += 4 * room if room else -60
        if room == 1:
            score -= 15
    threats = len(threatened)
    if threats:
        # The side to move decides what a threat is worth: leopards take one now; cows can
        # guard only one of several.
        if state.to_move == LEOPARDS:
            score += 70 + 25 * (threats - 1)
        else:
            score += 10 if threats == 1 else 55 + 20 * (threats - 2)
    score -= 3 * state.leopards_to_place  # a leopard in hand is a leopard not yet hunting
    return score


def _sign(state: HuntState) -> int:
    """+1 when the Leopards are to move, -1 for the Cows (negamax)."""
    return 1 if state.to_move == LEOPARDS else -1


def moves_to_choose_from(state: HuntState) -> list[Move]:
    """The legal moves a bot chooses among; HuntError once the game is over."""
    moves = state.legal_moves()
    if not moves:
        raise HuntError("hunt.bot.game_over")
    return moves


class RandomBot:
    """A uniform random legal move."""

    def __init__(self, seed: object = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, state: HuntState) -> Move:
        """A uniform random legal move."""
        return self.rng.choice(moves_to_choose_from(state))


class GreedyBot:
    """The move whose resulting position ``evaluate`` likes best for the mover; ties at random."""

    def __init__(self, seed: object = 0) -> None:
        self.rng = random.Random(str(seed))

    def choose(self, state: HuntState) -> Move:
        """The best move one turn ahead."""
        moves = moves_to_choose_from(state)
        sign = _sign(state)
        self.rng.shuffle(moves)
        return max(moves, key=lambda m: sign * evaluate(child(state, m)))


def child(state: HuntState, move: Move, settle: bool = True) -> HuntState:
    """The position after a legal ``move``, without the history (for looking ahead); with
    ``settle=False`` only ``evaluate`` may be asked of it (see ``HuntState.play_unchecked``)."""
    copy = state.clone_position()
    copy.play_unchecked(move, settle)
    return copy


@dataclass(frozen=True)
class SearchSettings:
    """The search's budget: nodes per decision, deepest iteration, optional cap in CPU seconds.

    The nodes decide the move. The cap is a safety net about 90 times the slowest decision in
    CPython (70 ms, 116 ms on a busy machine: ``bench/bot_worst_move.py``), so about 7 times the
    slowest decision on a slow phone under Pyodide (x12): no player reaches it. (It was 0.4 s,
    which a slow phone reached: the same game then gave other moves.)"""

    nodes: int = 4000
    max_depth: int = 12
    time_cap: float | None = 10.0


class _OutOfBudget(Exception):
    """The node budget (or the time cap) is spent: stop the current iteration."""


class SearchBot:
    """Alpha-beta (negamax) on ``evaluate``, iterative deepening within a node budget."""

    def __init__(self, seed: object = 0, settings: SearchSettings | None = None) -> None:
        self.rng = random.Random(str(seed))
        self.settings = settings or SearchSettings()
        self.nodes = 0
        self.depth_reached = 0
        self.best_value = 0
        self._deadline: float | None = None

    def choose(self, state: HuntState) -> Move:
        """The move with the best backed-up value at the deepest completed iteration."""
        moves = state.legal_moves()
        if not moves:
            raise HuntError("hunt.bot.game_over")
        self.rng.shuffle(moves)
        if len(moves) == 1:
            return moves[0]
        self.nodes = 0
        self.depth_reached = 0
        self.best_value = 0
        cap = self.settings.time_cap
        self._deadline = None if cap is None else time.process_time() + cap
        children = [(m, child(state, m)) for m in moves]  # the root's children, settled once
        best = moves[0]
        for depth in range(1, self.settings.max_depth + 1):
            try:
                scored = self._root(children, depth)
            except _OutOfBudget:
                break
            self.depth_reached = depth
            scored.sort(key=lambda item: -item[0])  # stable: earlier (better last time) wins ties
            children = [(m, c) for _, m, c in scored]
            best = children[0][0]
            self.best_value = scored[0][0]  # exact: the first move gets a full window, a later one
            # comes first only by beating alpha, and fail-hard gives a value inside the window
            if abs(scored[0][0]) >= WIN - 100:  # a forced win or loss found: look no deeper
                break
        return best

    def value_of(self, state: HuntState, move: Move, depth: int) -> int | None:
        """The exact value of ``move`` for the side to move in ``state``, searched ``depth`` turns deep
        (the move itself is the first turn) with a full window: what ``choose``'s iteration of that
        depth gives its best move, here for any move; None when ``settings.nodes`` run out first."""
        self.nodes = 0
        self._deadline = None
        try:
            return -self._negamax(child(state, move), depth - 1, -2 * WIN, 2 * WIN, 1)
        except _OutOfBudget:
            return None

    def _root(self, children: list[tuple[Move, HuntState]], depth: int) -> list[tuple[int, Move, HuntState]]:
        """Every root move with its value for the mover, searched ``depth`` turns deep."""
        alpha = -2 * WIN
        out = []
        for move, after in children:
            value = -self._negamax(after, depth - 1, -2 * WIN, -alpha, 1)
            out.append((value, move, after))
            alpha = max(alpha, value)
        return out

    def _negamax(self, state: HuntState, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of ``state`` for its side to move (fail-hard alpha-beta)."""
        self.nodes += 1
        if self.nodes > self.settings.nodes or (
            self._deadline is not None and self.nodes % 64 == 0 and time.process_time() > self._deadline
        ):
            raise _OutOfBudget
        if state.over:
            value = evaluate(state)
            # Prefer quick wins and slow losses.
            value = value - ply if value > 0 else value + ply if value < 0 else 0
            return _sign(state) * value
        if depth <= 0:
            return _sign(state) * evaluate(state)
        moves = state.legal_moves()
        moves.sort(key=_order)
        sign = _sign(state)
        for move in moves:
            if depth == 1:  # a leaf: its value is the evaluation, no need to find its moves
                self.nodes += 1
                value = sign * evaluate(child(state, move, settle=False))
            else:
                value = -self._negamax(child(state, move), depth - 1, -beta, -alpha, ply + 1)
            if value >= beta:
                return beta
            alpha = max(alpha, value)
        return alpha


def _order(move: Move) -> int:
    """Search order: longer jump sequences first, then everything else."""
    return -len(move.points) if move.kind == "jump" else 0


def make_bot(level: str, seed: object = 0) -> HuntBot:
    """A bot of a named level (``LEVELS``, or ``search:N``: a budget of N nodes and no time cap)."""
    if level == "random":
        return RandomBot(seed)
    if level == "greedy":
        return GreedyBot(seed)
    if level == "search":
        return SearchBot(seed)
    if level.startswith("search:") and level[7:].isdigit() and int(level[7:]) > 0:
        return SearchBot(seed, SearchSettings(nodes=int(level[7:]), time_cap=None))
    raise HuntError("hunt.level.unknown", level=repr(level), levels=list(LEVELS))
