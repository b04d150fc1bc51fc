"""The hunt game's session and bridge methods: the person (one side) against a bot.

The platform's bridge (``leopard_core.platform.bridge``) routes ``hunt.<method>`` to ``METHODS``
and sorts the refusals (``corrupt_save`` for a bad save, ``illegal_move`` for a move the rules
forbid now, with ``reason`` and ``reason_msg``, ``bad_request`` otherwise). ``msg`` and every
``X_msg`` are the English text's code and parameters for the page (codes ``hunt.*``; null when
the text is empty).

Methods (one game at a time per client: the person against a bot):
    new_game  {side: "L"|"C" (the person's), level?, seed?, compulsory_capture?, move_limit?}
              -> snapshot; ``seed`` is the bot's seed (random when absent)
    snapshot  {}            -> snapshot
    play      {move}        -> snapshot: the person's whole move (H8 text); the bot does not answer
    hops      {path: [POINT...]} -> {next, complete, move}: hop-by-hop jump entry; ``path`` starts
              on a leopard and lists the landing points chosen so far; ``next`` are the points
              the leopard may jump to now, ``complete`` whether ``path`` is already a legal move
              (under compulsory capture only when it cannot go on), ``move`` its text
    explain   {move}        -> {legal, reason, reason_msg, rule}: nothing changes ("" and null when
              legal); ``rule`` is the rule the reason cites (``H3.3``, for a link to its section)
    bot_move  {}            -> {move, think_ms, snapshot}
    save      {}            -> {text}
    restore   {text}        -> snapshot (kind ``corrupt_save`` when the text is not a hunt session)
    board     {}            -> {points: [{name, x, y}], lines: [[a, b]...], opening, capture_goal}
    levels    {}            -> {levels, default}
    review_open {text?}     -> the review's start (``review.opening``): the moves (and each in
              words, told to the person, ``moves_words``), a frame per position for the replay,
              the plies of the person's moves, the end, and ``key`` (a
              fingerprint of the save, for keeping the marks with the game). ``text`` is a session
              save; without it, the game in play. Nothing changes.
    review_step {text?, ply} -> the mark of the person's move ``ply`` (``review.review_move``):
              ``played``, ``best``, ``same``, ``flagged``, ``cost``, ``findings`` (each ``kind``,
              ``cost``, ``msg``, ``text``); one search, so a page asks move by move
    review_play_on {text?, ply} -> snapshot: the game cut just before the person's move ``ply``
              becomes the caller's game, with the same side, level and seed (practice: the page
              keeps the original's save and does not save over it)

A snapshot: ``cells`` (49 characters ``. C L`` in board order, H8.6), ``position``, ``to_move``,
``person``, ``bot_to_move``, ``over``, ``winner`` (``L``, ``C``, or None), ``reason`` (why the game
ended, "" while it goes on), ``reason_msg`` (``hunt.end.*``, null while it goes on) and
``reason_rule`` (the rule it cites, ``H7.1``, or null), ``leopard_room`` (each leopard's point ->
the points it could reach in one move, ``room.py``: how close the cows are to winning), ``captured``,
``reserve``, ``leopards_to_place``, ``quiet``, ``legal_moves`` (H8 texts), ``placements`` (points
a piece may be placed on now), ``by_piece`` (point -> its legal steps and jumps), ``last_move``,
``last_move_words`` (that move in words, told to the person: ``hunt.words.you.*`` or
``hunt.words.computer.*``, null before the first move), ``history``, ``level``, ``rules``
(``compulsory_capture``, ``move_limit``). Like the card game's snapshots it carries no bot seed
(the computer's choices follow from it); the session save does.

>>> import json
>>> from leopard_core.webapi import handle
>>> snap = json.loads(handle('{"method": "hunt.new_game", "args": {"side": "C", "seed": 1}}'))["result"]
>>> snap["person"], snap["bot_to_move"], snap["reserve"]
('C', True, 16)
>>> json.loads(handle('{"method": "hunt.restore", "args": {"text": "{}"}}'))["kind"]
'corrupt_save'
"""

from __future__ import annotations

import json
from typing import Any

from leopard_core.platform.arguments import quoted_value, seed_argument
from leopard_core.platform.bots import timed
from leopard_core.platform.registry import Call, Method
from leopard_core.platform.saves import load_versioned

from . import review
from .board import NAMES, NEIGHBOURS, POINTS, point
from .bots import DEFAULT_LEVEL, LEVELS, make_bot
from .errors import HuntError, SaveError
from .messages import msg_json, rule_of
from .move_words import played_words
from .moves import Move
from .room import leopard_room
from .rules import CAPTURE_GOAL, OPENING, HuntRules, Side
from .state import HuntState, check_side

SESSION_FORMAT = "leopard-hunt-session"
SESSION_VERSION = 1


class HuntSession:
    """A person (one side) against a bot of a level, with the bot's seed."""

    def __init__(self, state: HuntState, person: Side, level: str, bot_seed: int) -> None:
        if level not in LEVELS:
            raise HuntError("hunt.session.level", level=quoted_value(level), levels=list(LEVELS))
        self.state = state
        self.person = person
        self.level = level
        self.bot_seed = bot_seed

    @classmethod
    def new(cls, args: dict[str, Any]) -> HuntSession:
        """A fresh game from ``new_game`` arguments."""
        seed = seed_argument(args, HuntError, "hunt.session.bad_seed")
        rules = HuntRules(args.get("compulsory_capture", True), args.get("move_limit", 100))
        person = check_side(args.get("side", "L"))
        return cls(HuntState.new(rules), person, args.get("level") or DEFAULT_LEVEL, seed)

    def snapshot(self) -> dict[str, Any]:
        """Everything the page draws, with the legal moves grouped for clicking."""
        state = self.state
        legal = state.legal_moves()
        by_piece: dict[str, list[str]] = {}
        for move in legal:
            if move.kind != "place":
                by_piece.setdefault(NAMES[move.start], []).append(str(move))
        return {
            "cells": state.position.split()[0], "position": state.position, "to_move": state.to_move,
            "person": self.person, "bot_to_move": not state.over and state.to_move != self.person,
            "over": state.over, "winner": state.winner, "reason": state.reason,
            "reason_msg": msg_json(state.reason_msg),
            "reason_rule": rule_of(state.reason_msg.code if state.reason_msg else None),
            "leopard_room": leopard_room(state),
            "captured": state.captured, "reserve": state.reserve,
            "leopards_to_place": state.leopards_to_place,
            "quiet": state.quiet, "legal_moves": [str(m) for m in legal],
            "placements": [NAMES[m.start] for m in legal if m.kind == "place"], "by_piece": by_piece,
            "last_move": str(state.history[-1]) if state.history else None,
            "last_move_words": self._last_move_words(),
            "history": [str(m) for m in state.history], "level": self.level,
            "rules": state.rules.to_dict(), "capture_goal": CAPTURE_GOAL,
        }

    def _last_move_words(self) -> dict[str, Any] | None:
        """The last move in words, told to the person ("The computer placed a cow on e7"); None
        before the first move. Its side follows from its number: turns alternate from the
        Leopards' first placement (H3.2)."""
        history = self.state.history
        if not history:
            return None
        return played_words(history[-1], review.side_of(len(history) - 1), self.person).as_json()

    def _persons_turn(self) -> None:
        """HuntError unless the person is to move in a game not over."""
        if self.state.over:
            assert self.state.reason_msg is not None
            raise HuntError("hunt.over", reason=self.state.reason_msg)
        if self.state.to_move != self.person:
            raise HuntError("turn.computer")

    def play(self, text: str) -> dict[str, Any]:
        """The person's move."""
        self._persons_turn()
        self.state.apply(text)
        return self.snapshot()

    def hops(self, path: object) -> dict[str, Any]:
        """Hop-by-hop entry of a jump sequence: where the leopard on ``path[0]`` may land next."""
        if not isinstance(path, list) or not path or not all(isinstance(p, str) for p in path):
            raise HuntError("hunt.hops.path")
        try:
            points = tuple(point(p.strip().lower()) for p in path)
        except KeyError as err:
            raise HuntError("hunt.hops.bad_point", path=repr(path), point=repr(err.args[0])) from err
        size = len(points)
        jumps = [m for m in self.state.legal_moves() if m.kind == "jump" and m.points[:size] == points]
        following = sorted({NAMES[m.points[len(points)]] for m in jumps if len(m.points) > len(points)})
        whole = Move.jump(points) if len(points) > 1 else None
        complete = whole is not None and whole in jumps
        return {"next": following, "complete": complete, "move": str(whole) if complete else None}

    def explain(self, text: str) -> dict[str, Any]:
        """Whether the person's move is legal now and, if not, the rule's reason."""
        try:
            self._persons_turn()
            move = Move.parse(text)
        except HuntError as err:
            return {"legal": False, "reason": str(err), "reason_msg": err.msg.as_json(),
                    "rule": rule_of(err.msg.code)}
        reason = self.state.why_illegal(move)
        if reason is None:
            return {"legal": True, "reason": "", "reason_msg": None, "rule": None}
        return {"legal": False, "reason": str(reason), "reason_msg": reason.as_json(),
                "rule": rule_of(reason.code)}

    def bot_move(self) -> dict[str, Any]:
        """The bot's move; its seed depends on the ply, so a restored game goes on identically."""
        state = self.state
        if state.over or state.to_move == self.person:
            raise HuntError("turn.not_computer")
        bot = make_bot(self.level, f"{self.bot_seed}:{len(state.history)}")
        move, think_ms = timed(lambda: bot.choose(state))
        state.apply(move)
        return {"move": str(move), "think_ms": think_ms, "snapshot": self.snapshot()}

    def save(self) -> str:
        """Session save: the person's side, level, bot seed and the game's own save."""
        return json.dumps({
            "format": SESSION_FORMAT, "version": SESSION_VERSION, "person": self.person,
            "level": self.level, "bot_seed": self.bot_seed, "game": self.state.save(),
        }, separators=(",", ":"))

    @classmethod
    def restore(cls, text: object) -> HuntSession:
        """A session from ``save`` text; SaveError for anything else."""
        data = load_versioned(text, SESSION_FORMAT, SESSION_VERSION, SESSION_FORMAT, error=SaveError)
        person, level, game = data.get("person"), data.get("level"), data.get("game")
        seed = data.get("bot_seed")
        if person not in ("L", "C") or level not in LEVELS or not isinstance(seed, int) \
                or isinstance(seed, bool) or not isinstance(game, str):
            raise SaveError("hunt.save.session")
        return cls(HuntState.restore(game), check_side(person), level, seed)


def board_info() -> dict[str, Any]:
    """The board's geometry for drawing (H2): points with grid coordinates and the lines."""
    return {
        "points": [{"name": NAMES[i], "x": x, "y": y} for i, (x, y) in enumerate(POINTS)],
        "lines": [[NAMES[p], NAMES[q]] for p in range(len(POINTS)) for q in NEIGHBOURS[p] if p < q],
        "opening": [NAMES[p] for p in OPENING], "capture_goal": CAPTURE_GOAL,
    }


def _review_text(call: Call) -> str:
    """The save a review method reads: its ``text``, else the caller's game in play."""
    text = call.args.get("text")
    return text if text is not None else str(call.session.save())


def review_game(text: object) -> review.ReviewGame:
    """A session's save as a game to review; SaveError when it is not one (``HuntSession.restore``)."""
    session = HuntSession.restore(text)
    state = session.state
    moves = tuple(state.history)
    return review.ReviewGame(session.person, session.level, session.bot_seed, state.rules, moves)


def _review_open(call: Call) -> Any:
    text = _review_text(call)
    return review.opening(review_game(text), text)


def _review_step(call: Call) -> Any:
    return review.review_move(review_game(_review_text(call)), call.args.get("ply"))


def _review_play_on(call: Call) -> Any:
    """The game cut before the person's move ``ply``, the same computer (level and seed: its seed
    for each move depends on the ply, so it answers as it did) becomes the caller's game."""
    game = review_game(_review_text(call))
    cut = game.state_before(game.check_ply(call.args.get("ply")))
    return call.start(HuntSession(cut, game.person, game.level, game.bot_seed)).snapshot()


def _new_game(call: Call) -> Any:
    return call.start(HuntSession.new(call.args)).snapshot()


def _restore(call: Call) -> Any:
    return call.start(HuntSession.restore(call.args.get("text", ""))).snapshot()


METHODS: dict[str, Method] = {
    "new_game": _new_game,
    "restore": _restore,
    "board": lambda call: board_info(),
    "levels": lambda call: {"levels": list(LEVELS), "default": DEFAULT_LEVEL},
    "snapshot": lambda call: call.session.snapshot(),
    "play": lambda call: call.session.play(str(call.args.get("move", ""))),
    "hops": lambda call: call.session.hops(call.args.get("path")),
    "explain": lambda call: call.session.explain(str(call.args.get("move", ""))),
    "bot_move": lambda call: call.session.bot_move(),
    "save": lambda call: {"text": call.session.save()},
    "review_open": _review_open,
    "review_step": _review_step,
    "review_play_on": _review_play_on,
}
"""The hunt's methods by name (the module's docstring says what each takes and answers)."""
