"""Eleusis's session and bridge methods (``METHODS``): the person and the computer players.

The platform's bridge (``leopard_core.platform.bridge``) routes ``eleusis.<method>`` to
``METHODS`` and sorts the refusals: ``corrupt_save`` for a bad save, ``illegal_move`` for a move the
rules do not allow now (with ``reason`` and ``reason_msg``), ``bad_request`` otherwise.

The person is seat 0; the other seats are computer players. Every answer carries only what seat 0
may see (E14): its own hand, the others' counts, the public table; the rule of a hand only once it
is over, or when the person dealt it.

Methods (one game at a time):
    new       {game: "express"|"eleusis", bots: 2..5, level? or levels?: [one a computer],
               difficulty?, rule?: the person deals this rule (notation) and watches,
               all_deal?: every player deals once (E13), seed?}       -> snapshot
    state     {}                 -> snapshot
    play      {cards: ["7H", ...]} (one card, or a string in Eleusis) -> snapshot
    noplay    {}                 -> snapshot ("No play", E6)
    prophet   {} / pass {}       -> snapshot (after one's turn: declare oneself prophet, or go on;
                                    ``pass`` also declines a guess)
    judge     {right: bool}      -> snapshot (the person as prophet, E7.3)
    guess     {rule}             -> snapshot (Express, after one's right play, E9)
    next_hand {rule?}            -> snapshot (the person deals the next hand: ``rule`` in notation,
                                    or the computer dealer's rule when absent)
    bot_move  {}                 -> {seat, move, snapshot}: the computer player to move moves
    explain   {seat}             -> a computer player's reasoning now (its ``explain``)
    save      {}                 -> {text};  restore {text} -> snapshot
    levels    {}                 -> {levels, default, difficulties}

A snapshot is ``EleusisTable.view(0)`` (see ``table``) and ``person`` (0), ``bot_to_move``,
``levels`` (each seat's level, None for the person).

>>> import json
>>> from leopard_core.webapi import handle
>>> snap = json.loads(handle('{"method": "eleusis.new", "args": {"bots": 2, "seed": 3}}'))["result"]
>>> snap["seats"], len(snap["hand"]), snap["rule"], snap["to_move"]
(3, 12, None, 0)
>>> json.loads(handle('{"method": "eleusis.restore", "args": {"text": "{}"}}'))["kind"]
'corrupt_save'
"""

from __future__ import annotations

import json
import random
from typing import Any

from leopard_core.platform.arguments import seed_argument
from leopard_core.platform.registry import Call, Method
from leopard_core.platform.saves import load_versioned

from .computer import DEFAULT_LEVEL, LEVELS, computer_move, make_computer
from .dealer import DIFFICULTIES
from .errors import EleusisError, IllegalMove, SaveError
from .evidence import ComputerScientist
from .messages import Message
from .moves import NO_PLAY, PASS, PROPHET, RANDOM_RULE, Move
from .table import EleusisTable, Settings

PERSON = 0
SESSION_FORMAT = "leopard-eleusis-session"
SESSION_VERSION = 1


class EleusisSession:
    """The person (seat 0) and computer players of given levels at one table."""

    def __init__(self, table: EleusisTable, levels: list[str | None], seed: int) -> None:
        for level in levels[1:]:
            if level not in LEVELS:
                raise EleusisError("eleusis.session.level", level=repr(level), levels=list(LEVELS))
        self.table = table
        self.levels = levels
        self.seed = seed
        self._rngs = {seat: random.Random() for seat in range(1, table.seats())}
        self._players: dict[int, ComputerScientist] = {
            seat: make_computer(str(levels[seat]), rng) for seat, rng in self._rngs.items()}

    @classmethod
    def new(cls, args: dict[str, Any]) -> EleusisSession:
        """A new game from ``new``'s arguments."""
        seed = seed_argument(args, EleusisError, "eleusis.session.seed")
        bots = args.get("bots", 3)
        if not isinstance(bots, int) or isinstance(bots, bool) or not 2 <= bots <= 5:
            raise EleusisError("eleusis.session.bots", value=repr(bots))
        levels = args.get("levels") or [args.get("level") or DEFAULT_LEVEL] * bots
        if not isinstance(levels, list) or len(levels) != bots:
            raise EleusisError("eleusis.session.level", level=repr(levels), levels=list(LEVELS))
        game = args.get("game", "express")
        difficulty = args.get("difficulty", "medium")
        rule = args.get("rule")
        seats = bots + 1
        if rule is not None:
            table = EleusisTable(Settings(game, seats, (PERSON,), difficulty), seed)
            table.apply(Move.deal(str(rule)))
        elif args.get("all_deal"):
            table = EleusisTable(Settings.every_player_deals(game, seats, difficulty), seed)
        else:
            table = EleusisTable(Settings(game, seats, (None,), difficulty), seed)
        return cls(table, [None, *levels], seed)

    def snapshot(self) -> dict[str, Any]:
        """What the person sees (E14), and who is to move."""
        view = self.table.view(PERSON)
        mover = self.table.to_move()
        view.update(person=PERSON, bot_to_move=mover is not None and mover != PERSON, levels=self.levels)
        return view

    def persons_move(self, move: Move) -> dict[str, Any]:
        """The person's move, if it is the person's turn."""
        mover = self.table.to_move()
        if mover != PERSON:
            if mover is None:
                raise IllegalMove(move, Message("eleusis.illegal.over"))
            raise EleusisError("eleusis.session.not_yours", seat=mover)
        self.table.apply(move)
        return self.snapshot()

    def bot_move(self) -> dict[str, Any]:
        """The computer player to move moves; its rng is seeded by the seat and the move number,
        so a restored game goes on as the saved one would have."""
        seat = self.table.to_move()
        if seat is None or seat == PERSON:
            raise EleusisError("eleusis.session.not_computer")
        self._rngs[seat].seed(f"{self.seed}:{seat}:{len(self.table.history)}")
        move = computer_move(self.table, self._players[seat])
        self.table.apply(move)
        shown = "deal" if move.kind == "deal" else str(move)  # a computer dealer's rule stays secret
        return {"seat": seat, "move": shown, "snapshot": self.snapshot()}

    def explain(self, seat: object) -> dict[str, Any]:
        """A computer player's reasoning now, from the public evidence."""
        if not isinstance(seat, int) or seat not in self._players:
            raise EleusisError("eleusis.session.seat", seat=repr(seat))
        return {"seat": seat, "level": self.levels[seat],
                "explanation": self._players[seat].explain(self.table.evidence())}

    def save(self) -> str:
        """The session: the levels, the seed and the table's own save."""
        return json.dumps({"format": SESSION_FORMAT, "version": SESSION_VERSION, "levels": self.levels,
                           "seed": self.seed, "game": self.table.save()}, separators=(",", ":"))

    @classmethod
    def restore(cls, text: object) -> EleusisSession:
        """A session from ``save`` text; SaveError for anything else."""
        data = load_versioned(text, SESSION_FORMAT, SESSION_VERSION, Message("eleusis.save.what"),
                              error=SaveError)
        levels, seed, game = data.get("levels"), data.get("seed"), data.get("game")
        if not isinstance(levels, list) or not isinstance(seed, int) or isinstance(seed, bool) \
                or not isinstance(game, str) or not levels or levels[0] is not None \
                or not all(level in LEVELS for level in levels[1:]):
            raise SaveError("eleusis.save.shape")
        table = EleusisTable.restore(game)
        if table.seats() != len(levels):
            raise SaveError("eleusis.save.shape")
        return cls(table, levels, seed)


def _cards_move(args: dict[str, Any]) -> Move:
    """``play``'s cards as a move (E15)."""
    cards = args.get("cards")
    if isinstance(cards, str):
        cards = cards.split()
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise EleusisError("eleusis.notation.no_cards", text=repr(cards))
    return Move.parse("play " + " ".join(cards))


def _deal_move(args: dict[str, Any]) -> Move:
    """``next_hand``'s rule as a move: the person's rule, or the computer dealer's when absent."""
    rule = args.get("rule")
    return Move.deal(str(rule) if rule else RANDOM_RULE)


def _move(call: Call, move: Move) -> dict[str, Any]:
    session: EleusisSession = call.session
    return session.persons_move(move)


METHODS: dict[str, Method] = {
    "new": lambda call: call.start(EleusisSession.new(call.args)).snapshot(),
    "restore": lambda call: call.start(EleusisSession.restore(call.args.get("text", ""))).snapshot(),
    "levels": lambda call: {"levels": list(LEVELS), "default": DEFAULT_LEVEL,
                            "difficulties": list(DIFFICULTIES)},
    "state": lambda call: call.session.snapshot(),
    "play": lambda call: _move(call, _cards_move(call.args)),
    "noplay": lambda call: _move(call, NO_PLAY),
    "prophet": lambda call: _move(call, PROPHET),
    "pass": lambda call: _move(call, PASS),
    "judge": lambda call: _move(call, Move.judge(call.args.get("right") is True)),
    "guess": lambda call: _move(call, Move.guess(str(call.args.get("rule", "")))),
    "next_hand": lambda call: _move(call, _deal_move(call.args)),
    "bot_move": lambda call: call.session.bot_move(),
    "explain": lambda call: call.session.explain(call.args.get("seat")),
    "save": lambda call: {"text": call.session.save()},
}
"""Eleusis's bridge methods by name (the module's docstring says what each takes and answers)."""
