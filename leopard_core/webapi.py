"""The bridge the web page's worker calls: JSON text in, JSON text out, nothing else.

One ``Session`` is a game between the person (seat 0) and a bot (seat 1). ``handle`` takes a
request ``{"method": NAME, "args": {...}}`` and answers ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": MESSAGE, "kind": KIND}``; it never raises.

Methods:
    new_game   {variant?, level?, hands?, seed?, bot_seed?} -> snapshot (level defaults to
               ``bots.DEFAULT_LEVEL`` when the bots module has one, else its first level)
    snapshot   {}                        -> snapshot
    play       {move: N3}                -> snapshot (the person's move; the bot does not answer)
    bot_move   {}                        -> {move: log entry, think_ms, snapshot}
    next_hand  {}                        -> snapshot
    save       {}                        -> {text: session save}
    restore    {text}                    -> snapshot (kind "corrupt_save" on a bad save)
    square     {n2, variant?}            -> {n2, stacks, raw, lines, bonus, score}
    position   {n4, variant?, card?}     -> {legal: [N3...], own: square, opp: square, hand}
    levels     {}                        -> {levels: [...], default: LEVEL, variants: [...]}

A snapshot is ``Game.view(0)`` plus ``level``, ``bot_seed``, ``bot_to_move`` and ``out_score`` (what
the person would score by going out now, R7; None when ``out`` is not a legal move).

>>> import json
>>> json.loads(handle('{"method": "square", "args": {"n2": "AH,2H,3H/-,-,-/-,-,-"}}'))["result"]["raw"]
3
>>> levels = json.loads(handle('{"method": "levels"}'))["result"]
>>> levels["default"] in levels["levels"]
True
>>> request = {"method": "new_game", "args": {"seed": 1, "bot_seed": 2, "hands": 1}}
>>> snap = json.loads(handle(json.dumps(request)))["result"]
>>> snap["level"] == levels["default"], snap["out_score"] is None or "out" in snap["legal_moves"]
(True, True)
>>> json.loads(handle('{"method": "restore", "args": {"text": "{}"}}'))["kind"]
'corrupt_save'
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from . import bots
from .bots import LEVELS, make_bot
from .errors import LeopardError, SaveError
from .game import Game, load_versioned
from .position import Position
from .rules import VARIANTS, rules_for
from .squares import Square

HUMAN, BOT = 0, 1
SESSION_FORMAT = "leopard-session"
SESSION_VERSION = 1


class Session:
    """A person against a bot, with the bot's level and seed."""

    def __init__(self, game: Game, level: str, bot_seed: int) -> None:
        make_bot(level, 0)  # validates the level name
        self.game = game
        self.level = level
        self.bot_seed = bot_seed

    @classmethod
    def new(
        cls, variant: str = "standard", level: str | None = None, hands: int = 4,
        seed: int | None = None, bot_seed: int | None = None,
    ) -> Session:
        """A fresh game; seeds default to random ones."""
        if bot_seed is not None and (not isinstance(bot_seed, int) or isinstance(bot_seed, bool)):
            raise LeopardError(f"bad bot seed {bot_seed!r}: expected an integer")
        game = Game(variant, hands=hands, seed=seed)
        if bot_seed is None:
            bot_seed = random.SystemRandom().randrange(2**53)
        return cls(game, level or default_level(), bot_seed)

    def snapshot(self) -> dict[str, Any]:
        """The person's view plus session facts."""
        view = self.game.view(HUMAN)
        state = self.game.state
        view["level"] = self.level
        view["bot_seed"] = self.bot_seed
        view["bot_to_move"] = not state.over and state.to_move == BOT
        view["out_score"] = (
            self.game.rules.hand_score(state.raw_value(HUMAN), True) if "out" in view["legal_moves"] else None
        )
        return view

    def play(self, text: str) -> dict[str, Any]:
        """The person's move."""
        if self.game.state.over or self.game.state.to_move != HUMAN:
            raise LeopardError("it is not your turn")
        self.game.apply(text)
        return self.snapshot()

    def bot_move(self) -> dict[str, Any]:
        """The bot's move, chosen from its own view; the seed depends on hand and ply so a
        restored game continues exactly as an unbroken one."""
        state = self.game.state
        if state.over or state.to_move != BOT:
            raise LeopardError("it is not the computer's turn")
        bot = make_bot(self.level, f"{self.bot_seed}:{self.game.hand_number}:{len(state.history)}")
        started = time.perf_counter()
        move = bot.choose(state.view(BOT))
        think_ms = (time.perf_counter() - started) * 1000
        state.apply(move)
        entry = state.view(HUMAN)["log"][-1]
        return {"move": entry, "think_ms": round(think_ms, 2), "snapshot": self.snapshot()}

    def next_hand(self) -> dict[str, Any]:
        """Deal the next hand."""
        self.game.next_hand()
        return self.snapshot()

    def save(self) -> str:
        """Session save: level, bot seed and the game's own save."""
        return json.dumps({
            "format": SESSION_FORMAT, "version": SESSION_VERSION,
            "level": self.level, "bot_seed": self.bot_seed, "game": self.game.save(),
        }, separators=(",", ":"))

    @classmethod
    def restore(cls, text: str) -> Session:
        """Rebuild a session; SaveError when the text is not a readable session."""
        data = load_versioned(text, SESSION_FORMAT, SESSION_VERSION, "a Leopard session")
        level, bot_seed, game_text = data.get("level"), data.get("bot_seed"), data.get("game")
        if level not in LEVELS or not isinstance(bot_seed, int) or not isinstance(game_text, str):
            raise SaveError("the save's level, bot seed or game is missing or wrong")
        return cls(Game.restore(game_text), level, bot_seed)


def default_level() -> str:
    """The level a new game gets when none is asked for: the bots' own choice when they name one."""
    level = getattr(bots, "DEFAULT_LEVEL", None)
    return level if isinstance(level, str) and level in LEVELS else LEVELS[0]


def square_info(n2: str, variant: str = "standard") -> dict[str, Any]:
    """A square's stacks, value and scoring lines, for diagrams."""
    rules = rules_for(variant)
    square = Square.parse(n2)
    raw = square.raw_value(rules)
    return {
        "n2": str(square),
        "stacks": [[{"card": None if layer.card is None else str(layer.card), "up": layer.face_up}
                    for layer in stack] for stack in square.stacks],
        "raw": raw,
        "lines": [{"spaces": list(line.spaces), "points": line.points, "kind": line.kind}
                  for line in square.scoring_lines(rules)],
        "bonus": rules.bonus(raw),
        "score": rules.hand_score(raw, False),
        "layout": [list(row) for row in rules.layout],
    }


def position_info(n4: str, variant: str = "standard", card: str | None = None) -> dict[str, Any]:
    """An N4 position's legal moves (only those of ``card`` when given) and both squares."""
    position = Position.parse(n4)
    moves = [str(m) for m in position.legal_moves(variant)]
    if card:
        from .cards import Card
        wanted = str(Card.parse(card))
        moves = [m for m in moves if m.split()[0] == wanted or m.split()[-1] == wanted]
    return {
        "legal": moves,
        "own": square_info(str(position.own), variant),
        "opp": square_info(str(position.opp), variant),
        "hand": [str(c) for c in position.hand],
    }


_session: Session | None = None


def _require_session() -> Session:
    if _session is None:
        raise LeopardError("no game: start one with new_game or restore")
    return _session


def _dispatch(method: str, args: dict[str, Any]) -> Any:
    global _session
    if method == "new_game":
        _session = Session.new(
            args.get("variant", "standard"), args.get("level"), args.get("hands", 4),
            args.get("seed"), args.get("bot_seed"),
        )
        return _session.snapshot()
    if method == "restore":
        _session = Session.restore(args.get("text", ""))
        return _session.snapshot()
    if method == "snapshot":
        return _require_session().snapshot()
    if method == "play":
        return _require_session().play(str(args.get("move", "")))
    if method == "bot_move":
        return _require_session().bot_move()
    if method == "next_hand":
        return _require_session().next_hand()
    if method == "save":
        return {"text": _require_session().save()}
    if method == "square":
        return square_info(str(args.get("n2", "")), args.get("variant", "standard"))
    if method == "position":
        return position_info(str(args.get("n4", "")), args.get("variant", "standard"), args.get("card"))
    if method == "levels":
        return {"levels": list(LEVELS), "default": default_level(), "variants": list(VARIANTS)}
    raise LeopardError(f"unknown method {method!r}")


def handle(request: str) -> str:
    """Answer one JSON request with one JSON response; never raises."""
    try:
        data = json.loads(request)
        if not isinstance(data, dict) or not isinstance(data.get("method"), str):
            raise LeopardError("a request is {\"method\": NAME, \"args\": {...}}")
        args = data.get("args") or {}
        if not isinstance(args, dict):
            raise LeopardError("'args' must be an object")
        result = _dispatch(data["method"], args)
        return json.dumps({"ok": True, "result": result})
    except SaveError as err:
        return json.dumps({"ok": False, "error": str(err), "kind": "corrupt_save"})
    except (LeopardError, ValueError, TypeError) as err:
        return json.dumps({"ok": False, "error": str(err), "kind": "bad_request"})
