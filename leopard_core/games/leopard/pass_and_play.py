"""Pass-and-play: two people on one device (webapi ``new_game {opponent: "human", names: [A, B]}``).

Glossary:
    player to move -- the seat whose turn it is (R1.4, R4); the other seat is the one waiting.
    hand-over      -- after every completed turn (in running Leopard a turn is several moves, R8.3:
                      it ends when the engine says the other seat is to move), after a new game, a
                      new hand and a restore, the device is passed on. Until the player to move
                      says they hold it (``reveal``), the snapshot is the table seen from their side
                      with nothing private in it (``Game.view(seat, private=False)``: no hand, no
                      drawn cards, no legal moves, no face-down identity at all), and ``handover``
                      is true. A restored game always starts at a hand-over: the session never
                      saves whether the hand was showing.
    revealed       -- the player to move holds the device: the snapshot is their own view
                      (``Game.view``), which has only their hand and the identities of the face-down
                      cards they played themselves (R3.3), never the other player's.
    end of a hand  -- once a hand is over the snapshot is the table from the first player's side
                      with nothing private (both players look at the scores together).
    names          -- ``check_names``: trimmed, inner runs of spaces made one, then the platform's
                      one rule (``platform.names``: at most ``MAX_NAME_CHARS`` letters, digits,
                      spaces, dots, hyphens, apostrophes), the two different (ignoring case); an
                      empty name is ``Player 1`` / ``Player 2``.
    undo           -- takes back only the player to move's own moves of the turn they are playing
                      (a choice, with any forced move after it), never a move of a turn already
                      handed over: the other player has seen it and played on it, as with a card
                      laid on a real table. In standard and classic Leopard a turn is one move, so
                      there is nothing to take back; in running Leopard a player may take back
                      cards played earlier in the same turn.
    statistics     -- a game between two people is not a game against the computer: ``game_record``
                      refuses it, so it never enters the statistics.

>>> session = PassAndPlaySession.new("standard", hands=1, seed=7, names=["  Ana ", "Ben"])
>>> snap = session.snapshot()
>>> snap["handover"], snap["hand"], snap["to_move_name"] in ("Ana", "Ben")
(True, [], True)
>>> shown = session.reveal()
>>> shown["handover"], len(shown["hand"]) >= 8
(False, True)
"""

from __future__ import annotations

import unicodedata
from typing import Any

from leopard_core.platform.names import MAX_NAME_CHARS, is_player_name, normal_name

from . import hints
from .errors import IllegalMoveError, LeopardError, SaveError
from .game import Game
from .session import PERSON, Session, default_level

DEFAULT_NAMES = ("Player 1", "Player 2")


def check_name(name: object, seat: int) -> str:
    """One player's name, normalised (see ``check_names``); LeopardError when it is not acceptable.

    >>> check_name("  Ana   Maria ", 0), check_name("", 1), check_name(None, 0)
    ('Ana Maria', 'Player 2', 'Player 1')
    """
    if name is None:
        return DEFAULT_NAMES[seat]
    if not isinstance(name, str):
        raise LeopardError("names.not_text", player=seat + 1, name=repr(name))
    if any(unicodedata.category(char).startswith("C") for char in name if char not in " \t\n"):
        raise LeopardError("names.control", player=seat + 1)
    normal = normal_name(name)
    if len(normal) > MAX_NAME_CHARS:
        raise LeopardError("names.too_long", player=seat + 1, chars=len(normal), max=MAX_NAME_CHARS)
    if normal and not is_player_name(normal):
        raise LeopardError("names.bad_chars", player=seat + 1, name=repr(normal), max=MAX_NAME_CHARS)
    return normal or DEFAULT_NAMES[seat]


def check_names(names: object, strict: bool = False) -> tuple[str, str]:
    """Both players' names, seat 0 first; ``None`` gives the defaults. ``strict`` (a save): the
    names must be given and already normalised.

    >>> check_names(None), check_names(["Ana", " "])
    (('Player 1', 'Player 2'), ('Ana', 'Player 2'))
    >>> check_names(["Ana", "ana"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    leopard_core.platform.errors.EngineError: the two players need different names (both are 'Ana', ...)
    """
    if names is None and not strict:
        return DEFAULT_NAMES
    if not isinstance(names, list | tuple) or len(names) != 2:
        raise LeopardError("names.shape", names=repr(names))
    first, second = check_name(names[0], 0), check_name(names[1], 1)
    if strict and [first, second] != list(names):
        raise LeopardError("names.not_normal", names=repr(names))
    if first.casefold() == second.casefold():
        raise LeopardError("names.same", name=repr(first))
    return first, second


class PassAndPlaySession(Session):
    """Two people on one device: the snapshot is the view of the player to move, once revealed."""

    opponent = PERSON
    undo_span = "turn"

    def __init__(
        self, game: Game, names: tuple[str, str], undo_allowed: bool = True,
        undo_used: bool = False, hints_used: bool = False,
    ) -> None:
        # No computer: the level and bot seed are kept only so that saves have one shape.
        super().__init__(game, default_level(), 0, undo_allowed, undo_used, hints_used)
        self.names = names
        self.revealed = False

    @classmethod
    def from_saved_names(cls, game: Game, names: object, flags: list[Any]) -> PassAndPlaySession:
        """The session of a save between two people; SaveError when its names are not as
        ``check_names`` writes them."""
        try:
            return cls(game, check_names(names, strict=True), *flags)
        except LeopardError as err:
            raise SaveError("save.names", error=err.msg) from None

    @classmethod
    def new(  # type: ignore[override]  # no level and no bot seed: there is no computer
        cls, variant: str = "standard", hands: int = 4, seed: int | None = None,
        undo_allowed: bool = True, names: object = None,
    ) -> PassAndPlaySession:
        """A fresh game between two people; the names are checked first."""
        checked = check_names(names)
        if not isinstance(undo_allowed, bool):
            raise LeopardError("session.bad_undo_allowed", value=repr(undo_allowed))
        return cls(Game(variant, hands=hands, seed=seed), checked, undo_allowed)

    @property
    def mover(self) -> int | None:
        """The seat to move, None once the hand is over."""
        state = self.game.state
        return None if state.over else state.to_move

    def snapshot(self) -> dict[str, Any]:
        """The player to move's own view once revealed; else the table from their side with nothing
        private (the hand-over screen); at the end of a hand, from the first player's side."""
        mover = self.mover
        showing = mover is not None and self.revealed
        seat = 0 if mover is None else mover
        view = self.session_facts(self.game.view(seat, private=showing), seat)
        assert self.names is not None
        view["names"] = list(self.names)
        view["players"] = {"own": self.names[seat], "opp": self.names[1 - seat]}
        view["to_move_name"] = None if mover is None else self.names[mover]
        view["handover"] = mover is not None and not showing
        return view

    def reveal(self) -> dict[str, Any]:
        """The player to move holds the device: their hand may be shown."""
        if self.mover is None:
            raise LeopardError("handover.no_hand")
        self.revealed = True
        return self.snapshot()

    def _require_player_at_device(self) -> int:
        """The seat to move, when it has revealed its hand; LeopardError otherwise."""
        mover = self.mover
        if mover is None:
            raise LeopardError("move.hand_over")
        if not self.revealed:
            raise LeopardError("handover.pass_first", name=self.name_of(mover))
        return mover

    def name_of(self, seat: int) -> str:
        assert self.names is not None
        return self.names[seat]

    def play(self, text: str) -> dict[str, Any]:
        """The move of the player at the device; when it ends their turn the device is passed on."""
        mover = self._require_player_at_device()
        self.game.apply(text)
        if self.mover != mover:
            self.revealed = False
        return self.snapshot()

    def explain(self, text: str) -> dict[str, Any]:
        """Whether the move is legal now for the player at the device, and why not."""
        try:
            self._require_player_at_device()
            self.game.state.clone().apply(text)
        except IllegalMoveError as err:
            return {"legal": False, "reason": err.reason, "reason_msg": err.reason_msg.as_json()}
        except LeopardError as err:
            return {"legal": False, "reason": str(err), "reason_msg": err.msg.as_json()}
        return {"legal": True, "reason": "", "reason_msg": None}

    def undo_point(self) -> int | None:
        """Just before the player to move's last choice in the turn they are playing (see the
        module's glossary: moves of turns already handed over stand)."""
        mover = self.mover
        if mover is None or not self.revealed:
            return None
        history = self.game.state.history
        start = len(history)
        while start > 0 and history[start - 1][0] == mover:
            start -= 1
        replay = self.game.rewound(start)
        point = None
        for index in range(start, len(history)):
            if len(replay.legal_moves()) > 1:
                point = index
            replay.apply_unchecked(history[index][1])
        return point

    def hint(self) -> dict[str, Any]:
        """The default level's move for the player at the device, from their own view."""
        mover = self._require_player_at_device()
        answer = hints.hint(self.game.view(mover)).as_json()
        self.hints_used = True
        return answer

    def bot_move(self) -> dict[str, Any]:
        raise LeopardError("session.no_computer")

    def next_hand(self) -> dict[str, Any]:
        """Deal the next hand; the device goes to its first player."""
        self.game.next_hand()
        self.revealed = False
        return self.snapshot()

    def game_record(self, finished_at: object = None) -> dict[str, Any]:
        raise LeopardError("stats.two_people")
