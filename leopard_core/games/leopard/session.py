"""The card game's session: a game between the person (seat 0) and a bot (seat 1), as the web
page plays it through the bridge (``bridge`` lists the methods; ``leopard_core.platform.bridge``
routes the requests and sorts the refusals).

Messages for the page (``leopard_core.platform.messages``): ``error`` and every other English text of an
answer is for the command line and logs; the page shows the same words in the player's language
from a ``msg`` = ``{"code", "params"}`` (its catalog key is ``engine.<code>``). A refusal's ``msg``
is the error's (code ``internal``, quoting the text, for an unexpected error); wherever an answer
has an English text field X it also has ``X_msg`` (null when X is null or empty): explain's
``reason_msg``, hint's ``reason_msg``, the snapshot's ``end_reason_msg``, the guided hand's
``title_msg``, ``prompt_msg``, ``said_msg``, ``reply_said_msg``, compare_save's ``error_msg``,
each stats ``rejected`` entry's ``error_msg``. Saves hold no messages.

A snapshot is ``Game.view(0)`` plus ``level``, ``revision``, ``bot_to_move``, ``out_score`` (what
the person would score by going out now, R7; None when ``out`` is not a legal move), ``rules``
(the variant's numbers: suit and colour points, going-out threshold, bonus line, cards drawn),
``undo_allowed``, ``can_undo``, ``undo_used`` and ``hints_used`` (the last two also in ``game``, the
score sheet), ``tutorial`` (None outside the guided hand; see ``tutorial.Tutorial.info``),
``origin`` (None, or the daily deal's date or the challenge the game came from: ``share``),
``end_reason_msg`` (null while the hand goes on; ``hand.end.out`` or ``hand.end.exhausted``) and
``practice`` (true in a practice game, ``review.play_on``: never counted in the statistics) and
``opponent`` ("computer", or "human" in pass-and-play, whose snapshot also has ``names``,
``players``, ``to_move_name`` and a true ``handover`` while the hand-over screen is up: see
``pass_and_play``).

Hidden information: a snapshot (and every other answer about the game in play) is only what the
person may see (R3.3): no seed and no bot seed, since the whole deal and every computer choice
follow from them, no computer's hand, no stock order, no identity of a face-down card the computer
played. ``share_seed`` is the one method that gives the seeds, for a challenge link the person asks
for; the page must not call it otherwise. The session save, by contrast, holds everything (seeds,
so the full deal and both hands, and every move): a game that runs in the browser keeps its save
in the browser, where a determined person can read it.

Two tabs on one stored game (``revision``, ``compare_save``): the revision grows by one with every
move and every new hand; every snapshot, ``save`` answer and session save carries it. Before a page
writes its save over the stored one, it reads the stored save and asks ``compare_save``; when the
answer is ``stale`` (another tab played on, played other moves, or started another game) it must
not write: it tells the person the game went on in another tab and ``restore``s the stored save.
A stored save that is ``older`` (or ``same``) is safe to overwrite; an ``unreadable`` one is set
aside as any corrupt save. A new game the person asked for is written regardless (the page keeps
the replaced save as the previous game). Version 1 session saves (before revisions) still load;
their revision is counted from their moves.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from typing import Any, ClassVar

from leopard_core.platform.bots import timed
from leopard_core.platform.saves import load_versioned

from . import bots, hints, share, stats
from .bots import LEVELS, make_bot
from .errors import IllegalMoveError, LeopardError, SaveError
from .game import Game
from .messages import Message
from .position import Position
from .rules import Rules, rules_for
from .squares import Square
from .tutorial import Tutorial, TutorialGame, TutorialMoveError

HUMAN, BOT = 0, 1
SESSION_FORMAT = "leopard-session"
# 2 added "revision"; 3 added "opponent" and "names" (pass-and-play). Older saves are read as they
# are: version 1 derives its revision, versions 1 and 2 are games against the computer.
SESSION_VERSION = 3
COMPUTER, PERSON = "computer", "human"  # the ``opponent`` of a session


class Session:
    """A person against a bot, with the bot's level and seed. (Two people on one device:
    ``pass_and_play.PassAndPlaySession``, a subclass.)"""

    opponent = COMPUTER
    names: tuple[str, str] | None = None  # the two players' names in pass-and-play
    practice = False
    """A practice game (``review.play_on``: a reviewed hand played on from one of the person's moves):
    the snapshot says so and ``game_record`` refuses it, so it never counts in the statistics."""
    by_opponent: ClassVar[dict[str, type[Session]]] = {}
    """The session class of each opponent: a subclass registers itself (``pass_and_play``), so this
    module reads two people's saves without importing the module that plays them."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        Session.by_opponent[cls.opponent] = cls

    @classmethod
    def from_saved_names(cls, game: Game, names: object, flags: list[Any]) -> Session:
        """A restored session of this kind with the save's names (two people's sessions only)."""
        raise SaveError("save.opponent", opponent=repr(cls.opponent), names=repr(names))

    def __init__(
        self, game: Game, level: str, bot_seed: int, undo_allowed: bool = True,
        undo_used: bool = False, hints_used: bool = False, origin: object = None,
    ) -> None:
        make_bot(level, 0)  # validates the level name
        check_bot_seed(bot_seed)
        self.origin = share.check_origin(origin)
        self.game = game
        self.level = level
        self.bot_seed = bot_seed
        self.undo_allowed = undo_allowed
        self.undo_used = undo_used
        self.hints_used = hints_used
        self.tutorial: Tutorial | None = Tutorial(game) if isinstance(game, TutorialGame) else None
        self.taken_back = 0  # moves taken back by undo in this game, for ``revision``

    @classmethod
    def new(
        cls, variant: str = "standard", level: str | None = None, hands: int = 4,
        seed: int | None = None, bot_seed: int | None = None, undo_allowed: bool = True,
        origin: object = None,
    ) -> Session:
        """A fresh game; seeds default to random ones. A daily deal's origin needs that day's
        settings (``share.daily_game``), so its statistics record is that day's deal."""
        if bot_seed is not None:
            check_bot_seed(bot_seed)
        if not isinstance(undo_allowed, bool):
            raise LeopardError("session.bad_undo_allowed", value=repr(undo_allowed))
        game = Game(variant, hands=hands, seed=seed)
        if bot_seed is None:
            bot_seed = random.SystemRandom().randrange(2**53)
        checked = share.check_origin(origin)
        if checked is not None and checked["kind"] == "daily":
            daily = share.daily_game(checked["date"])
            asked = {"seed": game.seed, "bot_seed": bot_seed, "variant": game.rules.name,
                     "hands": game.num_hands, "level": level or default_level()}
            if any(daily[key] != value for key, value in asked.items()):
                raise LeopardError("session.not_daily", date=checked["date"])
        return cls(game, level or default_level(), bot_seed, undo_allowed, origin=checked)

    @classmethod
    def guided(cls) -> Session:
        """The guided first hand (``tutorial``): scripted replies instead of a bot."""
        return cls(TutorialGame(), default_level(), 0)

    def snapshot(self) -> dict[str, Any]:
        """The person's view plus session facts; no seed (the game's or the bot's): from the seeds
        the computer's cards, the stock and the computer's choices follow."""
        state = self.game.state
        view = self.session_facts(self.game.view(HUMAN), HUMAN)
        view["bot_to_move"] = not state.over and state.to_move == BOT
        return view

    def session_facts(self, view: dict[str, Any], seat: int) -> dict[str, Any]:
        """``view`` (of ``seat``) with the session's facts added: level, revision, what going out
        would score, the variant's numbers, undo and hints, the guided hand, the opponent."""
        state = self.game.state
        view["level"] = self.level
        view["revision"] = self.revision
        view["bot_to_move"] = False
        view["out_score"] = (
            self.game.rules.hand_score(state.raw_value(seat), True) if "out" in view["legal_moves"] else None
        )
        view["rules"] = rules_summary(self.game.rules)
        view["undo_allowed"] = self.undo_allowed
        view["can_undo"] = self.undo_allowed and not self.game.is_over and self.undo_point() is not None
        view["undo_used"] = view["game"]["undo_used"] = self.undo_used
        view["hints_used"] = view["game"]["hints_used"] = self.hints_used
        view["tutorial"] = None if self.tutorial is None else self.tutorial.info()
        view["origin"] = self.origin
        view["opponent"] = self.opponent
        view["handover"] = False
        view["practice"] = self.practice
        end = view["end_reason"]
        view["end_reason_msg"] = None if end is None else Message(f"hand.end.{end}").as_json()
        return view

    undo_span = "hand"  # how far back an undo may reach

    def undo_point(self) -> int | None:
        """Where an undo would cut the current hand's moves: just before the person's last move
        that was a choice (a forced move, the only legal one, is taken back with it); None when
        the person has made no choice yet in this hand."""
        history = self.game.state.history
        replay = self.game.rewound(0)
        point = None
        for index, (seat, move) in enumerate(history):
            if seat == HUMAN and len(replay.legal_moves()) > 1:
                point = index
            replay.apply_unchecked(move)
        return point

    def undo(self) -> dict[str, Any]:
        """Take back the person's last move and the computer's replies after it (replayed from
        the deal with the same deck, so the draws and the computer's earlier choices are kept)."""
        if not self.undo_allowed:
            raise LeopardError("undo.off")
        if self.game.is_over:
            raise LeopardError("undo.finished")
        point = self.undo_point()
        if point is None:
            raise LeopardError(f"undo.nothing_{self.undo_span}")
        before = self.game.revision
        self.game.rewind(point)
        self.taken_back += before - self.game.revision
        self.undo_used = True
        return self.snapshot()

    def hint(self) -> dict[str, Any]:
        """The default level's move in the person's place, with its reason (``hints.hint``),
        from the person's view only; marks the game as played with hints."""
        state = self.game.state
        if state.over or state.to_move != HUMAN:
            raise LeopardError("hint.not_your_turn")
        if self.tutorial is not None:
            info = self.tutorial.info()
            return {"move": info["accepted"][0], "reason": info["prompt"], "reason_msg": info["prompt_msg"],
                    "reason_data": {"kind": "tutorial", "rule": info["rule"]}}
        answer = hints.hint(self.game.view(HUMAN)).as_json()
        self.hints_used = True
        return answer

    def game_record(self, finished_at: object = None) -> dict[str, Any]:
        """The finished game as a statistics record (``stats``); ``finished_at`` defaults to now."""
        if self.tutorial is not None:
            raise LeopardError("stats.guided")
        if self.practice:
            raise LeopardError("stats.practice")
        if not self.game.is_over:
            raise LeopardError("stats.not_finished")
        if finished_at is None:
            finished_at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        if not isinstance(finished_at, str):
            raise LeopardError("stats.bad_finished_at", value=repr(finished_at))
        record = stats.record_of_game(
            self.game.rules.name, self.level, self.game.view(HUMAN)["game"]["sheet"],
            self.undo_used, self.hints_used, finished_at, self.game.seed,
            daily=self.origin["date"] if self.origin and self.origin["kind"] == "daily" else None,
        )
        problem = stats.record_problem(record)
        if problem is not None:
            raise LeopardError("stats.bad_record", error=problem)
        return record

    def set_options(self, undo_allowed: object = None) -> dict[str, Any]:
        """Change the session's options (only those given)."""
        if undo_allowed is not None:
            if not isinstance(undo_allowed, bool):
                raise LeopardError("session.bad_undo_allowed", value=repr(undo_allowed))
            self.undo_allowed = undo_allowed
        return self.snapshot()

    def play(self, text: str) -> dict[str, Any]:
        """The person's move."""
        if self.game.state.over or self.game.state.to_move != HUMAN:
            raise LeopardError("turn.not_yours")
        if self.tutorial is not None:
            self.game.apply(self.tutorial.check(text))
        else:
            self.game.apply(text)
        return self.snapshot()

    def explain(self, text: str) -> dict[str, Any]:
        """Whether the person's move is legal now and, when not, the rules' reason; changes nothing."""
        state = self.game.state
        if state.over:
            return refusal(Message("move.hand_over"))
        if state.to_move != HUMAN:
            return refusal(Message("turn.computer"))
        try:
            state.clone().apply(text)
        except IllegalMoveError as err:
            return refusal(err.reason_msg)
        if self.tutorial is not None:
            try:
                self.tutorial.check(text)
            except TutorialMoveError as err:
                return refusal(err.msg)
        return {"legal": True, "reason": "", "reason_msg": None}

    def bot_move(self) -> dict[str, Any]:
        """The bot's move, chosen from its own view; the seed depends on hand and ply so a
        restored game continues exactly as an unbroken one."""
        state = self.game.state
        if state.over or state.to_move != BOT:
            raise LeopardError("turn.not_computer")
        bot = make_bot(self.level, f"{self.bot_seed}:{self.game.hand_number}:{len(state.history)}")
        tutorial = self.tutorial
        move, think_ms = timed(
            lambda: tutorial.reply() if tutorial is not None else bot.choose(state.view(BOT)))
        state.apply(move)
        entry = state.view(HUMAN)["log"][-1]
        return {"move": entry, "think_ms": think_ms, "snapshot": self.snapshot()}

    def next_hand(self) -> dict[str, Any]:
        """Deal the next hand."""
        self.game.next_hand()
        return self.snapshot()

    def reveal(self) -> dict[str, Any]:
        """Pass-and-play only (``pass_and_play``): the player to move is at the device."""
        raise LeopardError("session.no_handover")

    @property
    def revision(self) -> int:
        """The session's revision: it grows by one with every move and every new hand, and by the
        number of moves taken back with every undo, so it never goes down (another tab can tell an
        undo from a stale copy)."""
        return self.game.revision + 2 * self.taken_back

    def save(self) -> str:
        """Session save: level, bot seed, revision, the opponent (and the players' names in
        pass-and-play), ``practice`` when it is a practice game, and the game's own save."""
        return json.dumps({
            "format": SESSION_FORMAT, "version": SESSION_VERSION, "level": self.level,
            "bot_seed": self.bot_seed, "revision": self.revision, "game": self.game.save(),
            "undo_allowed": self.undo_allowed, "undo_used": self.undo_used,
            "hints_used": self.hints_used, "tutorial": self.tutorial is not None,
            "origin": self.origin,
            "opponent": self.opponent, "names": None if self.names is None else list(self.names),
            # only a practice game says so: every other save reads as it did before reviews
            **({"practice": True} if self.practice else {}),
        }, separators=(",", ":"))

    @classmethod
    def restore(cls, text: str) -> Session:
        """Rebuild a session; SaveError when the text is not a readable session."""
        return cls._restore(load_versioned(
            text, SESSION_FORMAT, SESSION_VERSION, Message("save.what.session"), older=(1, 2)
        ))

    @classmethod
    def _restore(cls, data: dict[str, Any]) -> Session:
        """A session from a parsed save of version 1 (no revision), 2 or 3 (opponent and names;
        the earlier versions are games against the computer)."""
        level, bot_seed, game_text = data.get("level"), data.get("bot_seed"), data.get("game")
        if level not in LEVELS or not isinstance(game_text, str):
            raise SaveError("save.level_or_game")
        try:
            bot_seed = check_bot_seed(bot_seed)
        except LeopardError as err:
            raise SaveError("save.bot_seed", error=err.msg) from None
        # Saves from before undo and hints lack these flags: undo on, neither used.
        flags = [data.get(key, default) for key, default in
                 (("undo_allowed", True), ("undo_used", False), ("hints_used", False))]
        if not all(isinstance(flag, bool) for flag in flags):
            raise SaveError("save.flags")
        tutorial = data.get("tutorial", False)
        if not isinstance(tutorial, bool):
            raise SaveError("save.tutorial_flag")
        practice = data.get("practice", False)  # saves from before reviews have none
        if not isinstance(practice, bool) or (practice and tutorial):
            raise SaveError("save.practice", practice=repr(practice))
        opponent, names = data.get("opponent", COMPUTER), data.get("names")
        if opponent not in (COMPUTER, PERSON) or (opponent == COMPUTER and names is not None):
            raise SaveError("save.opponent", opponent=repr(opponent), names=repr(names))
        if opponent == PERSON and tutorial:
            raise SaveError("save.tutorial_two_people")
        if opponent == PERSON and practice:
            raise SaveError("save.practice", practice=repr(practice))
        game = TutorialGame.restore(game_text) if tutorial else Game.restore(game_text)
        try:
            origin = share.check_origin(data.get("origin"))  # saves from before issue 13 have none
        except LeopardError as err:
            raise SaveError("save.origin", error=err.msg) from None
        session: Session
        if opponent == PERSON:
            if origin is not None:
                raise SaveError("save.two_people_origin")
            people = Session.by_opponent.get(PERSON)
            if people is None:  # pass_and_play not imported: the package's __init__ always does
                raise SaveError("save.opponent", opponent=repr(opponent), names=repr(names))
            session = people.from_saved_names(game, names, flags)
        else:
            session = Session(game, level, bot_seed, flags[0], flags[1], flags[2], origin=origin)
            session.practice = practice
        if data["version"] != 1:
            revision = data.get("revision")
            extra = revision - game.revision if type(revision) is int else -1
            if extra < 0 or extra % 2:
                raise SaveError("save.revision", revision=repr(revision), moves=game.revision)
            session.taken_back = extra // 2
        return session

    def share_seed(self) -> dict[str, Any]:
        """The settings that deal and play this very game again: for a link the person asks for."""
        if self.opponent != COMPUTER:
            raise LeopardError("link.no_seed_two_people")
        game = self.game
        return {"seed": game.seed, "bot_seed": self.bot_seed, "variant": game.rules.name,
                "hands": game.num_hands, "level": self.level}

    def challenge_link(self, by: object = None) -> dict[str, Any]:
        """The query of a link that challenges a friend to this game (``share.challenge_query``):
        with the person's totals once the game is over."""
        if self.tutorial is not None:
            raise LeopardError("link.guided")
        if self.opponent != COMPUTER:
            raise LeopardError("link.two_people")
        if by is not None and not isinstance(by, str):
            raise LeopardError("link.name_not_text", name=repr(by))
        result = None
        if self.game.is_over:
            totals = self.game.view(HUMAN)["game"]["totals"]
            result = (totals["own"], totals["opp"])
        query = share.challenge_query(self.share_seed(), by or None, result)
        return {"query": query, "result": None if result is None else {"own": result[0], "opp": result[1]}}

    def compare_save(self, text: object) -> dict[str, Any]:
        """How a stored session save relates to this session's game: see ``SAVE_RELATIONS``."""
        try:
            stored = Session._restore(load_versioned(
                text, SESSION_FORMAT, SESSION_VERSION, Message("save.what.session"), older=(1, 2)
            ))
        except SaveError as err:
            return {"relation": "unreadable", "stale": False, "revision": self.revision,
                    "stored_revision": None, "error": str(err), "error_msg": err.msg.as_json()}
        relation = save_relation(self, stored)
        return {"relation": relation, "stale": relation in STALE_RELATIONS, "revision": self.revision,
                "stored_revision": stored.revision}


SAVE_RELATIONS = {
    "same": "the stored save is this very position",
    "older": "the stored save is an earlier point of this game: writing over it loses nothing",
    "newer": "the stored save went further in this game (another tab played on)",
    "diverged": "the stored save is this game with other moves since a common point (another tab)",
    "other_game": "the stored save is another game (another tab started a new game)",
    "unreadable": "the stored save cannot be read",
}
STALE_RELATIONS = ("newer", "diverged", "other_game")


def save_relation(mine: Session, stored: Session) -> str:
    """One of ``SAVE_RELATIONS``: ``stored`` compared with ``mine`` (settings, seeds and moves)."""
    if (mine.level, mine.bot_seed, mine.opponent, mine.names, mine.practice) != (
        stored.level, stored.bot_seed, stored.opponent, stored.names, stored.practice
    ):
        return "other_game"
    own, theirs = json.loads(mine.game.save()), json.loads(stored.game.save())
    if any(own[key] != theirs[key] for key in ("variant", "hands", "seed")):
        return "other_game"
    own_moves = [move for hand in own["moves"] for move in [*hand, "|"]]
    their_moves = [move for hand in theirs["moves"] for move in [*hand, "|"]]
    if own_moves == their_moves:
        return "same"
    common = min(len(own_moves), len(their_moves)) - 1  # the last "|" closes an unfinished hand
    relation = "diverged" if own_moves[:common] != their_moves[:common] else (
        "older" if len(their_moves) < len(own_moves) else "newer")
    # An undo shortens or changes the moves but never lowers the revision: when one side has taken
    # back moves the other has not, the revision tells which of the two came later.
    if mine.taken_back != stored.taken_back and stored.revision != mine.revision:
        return "older" if stored.revision < mine.revision else "newer"
    return relation


def check_bot_seed(bot_seed: object) -> int:
    """``bot_seed`` itself; LeopardError unless it is an integer below 2**63 in size (not a bool)."""
    if not isinstance(bot_seed, int) or isinstance(bot_seed, bool) or not -(2**63) <= bot_seed < 2**63:
        raise LeopardError("session.bad_bot_seed", seed=repr(bot_seed))
    return bot_seed


def rules_summary(rules: Rules) -> dict[str, Any]:
    """The variant's numbers the page shows in words (R5, R6, R7, R8); public facts only."""
    return {
        "suit_points": rules.suit_points, "colour_points": rules.colour_points,
        "out_threshold": rules.out_threshold, "bonus_line": rules.bonus_line,
        "draw_count": rules.draw_count, "multi_play": rules.multi_play,
    }


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
        from leopard_core.cards import Card
        wanted = str(Card.parse(card))
        moves = [m for m in moves if m.split()[0] == wanted or m.split()[-1] == wanted]
    return {
        "legal": moves,
        "own": square_info(str(position.own), variant),
        "opp": square_info(str(position.opp), variant),
        "hand": [str(c) for c in position.hand],
    }


def refusal(reason: Message) -> dict[str, Any]:
    """``explain``'s answer for a move that may not be played now."""
    return {"legal": False, "reason": str(reason), "reason_msg": reason.as_json()}
