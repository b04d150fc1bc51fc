"""The strong bot: determinized Monte Carlo search over worlds sampled from what it has not seen.

Glossary:
    world       -- one determinization of the hidden information (``worlds.Knowledge.sample``).
    candidate   -- a root move worth searching: the best few by the one-move heuristic, plus
                   ``out`` whenever it is legal (so going out is always weighed, R6/R7.2).
    playout     -- from a world after a candidate: ``depth`` more turns by both seats with the light
                   heuristic policy (``Evaluator.playout_move``, the greedy rule plus a little noise),
                   then the leaf is scored with ``Evaluator.evaluate`` (exact scores when the hand
                   has ended, else fitted leaf values).
    going out   -- a candidate like any other: its value is the exact final difference (R7.1 with
                   the -1 of R7.2), weighed against what playing on is worth over the same worlds,
                   where the opponent may jack the bot's lines or go out first.
    budget      -- the number of playouts per decision (deterministic); the worlds are shared by
                   all candidates (common random numbers), so differences between candidates are
                   not drowned by the luck of the draw.
    playouts    -- the work of one decision, counted: ``SearchBot.playouts`` after ``choose``. The
                   move depends on the seed and this count only, never on the machine's speed, so
                   a challenge link or a daily deal is the same game on a slow phone and a fast
                   laptop.
    time cap    -- a safety net in CPU seconds of this process (``time.process_time``; wall time
                   in the browser) for a decision that runs away: sized far above the slowest
                   decision of its level on the slowest machine we serve (``bench/bot_worst_move.py``
                   measures it), so a player never reaches it; only past it would the search stop
                   early, with fewer worlds.
    Settings    -- budget, candidates, depth, noise and time cap of a named level.
    omniscient  -- the same search run on the true state instead of sampled worlds: a measuring
                   stick for how much hidden information costs; never offered to players.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import LeopardError
from ..moves import OUT, Move
from ..rules import rules_for
from ..state import HandState
from .evaluate import DEFAULT_WEIGHTS, Evaluator, Weights
from .worlds import ME, Knowledge


@dataclass(frozen=True)
class Settings:
    """How hard the search works per decision."""

    budget: int = 120  # playouts per decision
    candidates: int = 6  # root moves searched besides 'out'
    depth: int = 4  # turns played out after the candidate (one move each, except in running)
    noise: float = 0.25  # randomness of the playout policy, in gain units
    time_cap: float = 5.0  # seconds: the safety net (see the glossary), never reached in play


_MOVES_PER_TURN = 6
"""Cap on moves per playout turn: running Leopard (R8.3) may play several cards in one turn."""

_EVALUATORS: dict[tuple[str, Weights], Evaluator] = {}


def evaluator_for(variant: str, weights: Weights = DEFAULT_WEIGHTS) -> Evaluator:
    """A cached evaluator for a variant."""
    key = (variant, weights)
    ev = _EVALUATORS.get(key)
    if ev is None:
        ev = _EVALUATORS[key] = Evaluator(rules_for(variant), weights)
    return ev


def search(
    root: HandState,
    seat: int,
    make_world: Callable[[random.Random], HandState],
    settings: Settings,
    rng: random.Random,
    ev: Evaluator,
) -> tuple[Move, int]:
    """The candidate with the best mean playout value for ``seat`` over sampled worlds, and the
    number of playouts it took.

    ``root`` is only used to list and pre-rank the candidates (its hidden parts are never read
    beyond what ``legal_moves`` and the heuristic of the mover's side need).
    """
    moves = root.legal_moves()
    if not moves:
        raise LeopardError("bot.no_legal_move")
    if len(moves) == 1:
        return moves[0], 0
    gains = ev.move_gains(root, moves)
    order = sorted(range(len(moves)), key=lambda i: -gains[i] if gains[i] != float("inf") else -1e9)
    chosen = [i for i in order if moves[i].kind != OUT][: settings.candidates]
    chosen += [i for i, m in enumerate(moves) if m.kind == OUT]
    candidates = [moves[i] for i in chosen]
    if len(candidates) == 1:
        return candidates[0], 0
    worlds = max(1, settings.budget // len(candidates))
    totals = [0.0] * len(candidates)
    playouts = 0
    deadline = time.process_time() + settings.time_cap
    for _ in range(worlds):
        world = make_world(rng)
        playout_seed = rng.getrandbits(32)
        for index, move in enumerate(candidates):
            totals[index] += playout_value(world, move, seat, settings, random.Random(playout_seed), ev)
        playouts += len(candidates)
        if time.process_time() > deadline:  # the safety net only: see the glossary
            break
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best], playouts


def playout_value(
    world: HandState, move: Move, seat: int, settings: Settings, rng: random.Random, ev: Evaluator,
) -> float:
    """One playout (see the glossary): ``move`` on a copy of ``world``, then ``settings.depth`` turns
    of the playout policy drawing its noise from ``rng``; the leaf's value for ``seat``."""
    state = world.clone()
    state.apply_unchecked(move)
    turns = 0
    for _move in range(settings.depth * _MOVES_PER_TURN):
        if state.over or turns >= settings.depth:
            break
        mover = state.to_move
        state.apply_unchecked(ev.playout_move(state, rng, settings.noise))
        turns += state.to_move != mover
    return ev.evaluate(state, seat)


class _Searcher:
    """What both searching bots hold: their random source, settings and leaf weights."""

    def __init__(
        self, seed: int | str | None = None, settings: Settings | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        self.rng = random.Random(seed)
        self.settings = settings or Settings()
        self.weights = weights
        self.playouts = 0  # the work of the last decision (see the glossary)


class SearchBot(_Searcher):
    """Determinized Monte Carlo: worlds sampled from the bot's view only (fair play)."""

    def choose(self, view: dict[str, Any]) -> Move:
        """Search from a world-sampler built on the view alone."""
        legal = view["legal_moves"]
        if not legal:
            raise LeopardError("bot.view_no_legal_move")
        if len(legal) == 1:
            self.playouts = 0
            return Move.parse(legal[0])
        knowledge = Knowledge(view)
        ev = evaluator_for(view["variant"], self.weights)
        move, self.playouts = search(knowledge.template, ME, knowledge.sample, self.settings, self.rng, ev)
        if str(move) not in legal:  # cannot happen while the template mirrors the view
            raise LeopardError("bot.not_allowed", move=str(move))
        return move


class OmniscientBot(_Searcher):
    """The same search on the true state: for measurement only, never a player's opponent."""

    def choose_from_state(self, state: HandState) -> Move:
        """Search where every world is the true state (the stock order included)."""
        ev = evaluator_for(state.rules.name, self.weights)

        def true_world(_rng: random.Random) -> HandState:
            return state.clone()

        move, self.playouts = search(state, state.to_move, true_world, self.settings, self.rng, ev)
        return move
