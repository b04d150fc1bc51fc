"""The state of a hunt game: the board, whose turn, the counts, the end (H3-H7).

Glossary:
    HuntState   -- a game in progress: ``board`` (one cell per point), ``to_move``, cows in
                   ``reserve``, ``leopards_to_place``, ``captured``, ``quiet`` (turns in the moving
                   phase since the last capture, H7.5), ``history`` of moves and, when over,
                   ``winner`` (``L``, ``C`` or None for a draw) and ``reason`` (English text,
                   ``reason_msg`` the same as a ``Message``, code ``hunt.end.*``).
    cell        -- ``EMPTY``, ``COW`` or ``LEOPARD``, the content of one point.
    position    -- H8.6 text: 49 cells in ``POINTS`` order (``.``, ``C``, ``L``), the side to move,
                   cows in reserve and leopards still to place, e.g. the opening's
                   ``HuntState.new().position``.
    moving phase -- every leopard and every cow is on the board (H4.2); repetition (H7.4) and the
                   move limit (H7.5) count only there.

>>> state = HuntState.new()
>>> state.to_move, state.reserve, sorted(str(m) for m in state.legal_moves())[:3]
('L', 16, ['c3', 'c5', 'c7'])
>>> state.apply("e5").apply("e3").apply("a3").to_move
'C'
>>> try:
...     state.apply("d5-c5")
... except IllegalMoveError as err:
...     print(err.reason, state.to_move)
cows move only after every cow is placed (H4.2) C
"""

from __future__ import annotations

import itertools
import json

from leopard_core.platform.errors import message_of
from leopard_core.platform.saves import load_versioned, replay_moves

from .board import JUMPS, NAMES, NEIGHBOURS, OVER, POINTS, diagram
from .errors import HuntError, IllegalMoveError, NotationError, SaveError
from .messages import Message
from .moves import PLACES, STEPS, Move
from .rules import (
    CAPTURE_GOAL,
    COWS,
    HERD,
    LEOPARD_COUNT,
    LEOPARDS,
    OPENING,
    REPETITIONS,
    HuntRules,
    Side,
    other,
)

EMPTY, COW, LEOPARD = 0, 1, 2
_LEOPARDS_STUCK = Message("hunt.end.leopards_stuck")
_COWS_STUCK = Message("hunt.end.cows_stuck")
_REPETITION = Message("hunt.end.repetition")
SAVE_FORMAT = "leopard-hunt"
SAVE_VERSION = 1
MAX_SAVED_MOVES = 20000
CELL_CHARS = ".CL"


class HuntState:
    """A hunt game in progress; ``apply`` changes it, or refuses and leaves it unchanged."""

    __slots__ = (
        "_legal", "board", "captured", "history", "leopards_to_place", "quiet", "reason", "reason_msg",
        "reserve", "rules", "seen", "to_move", "winner",
    )

    def __init__(self, rules: HuntRules | None = None) -> None:
        self.rules = rules or HuntRules()
        self.board = bytearray(len(POINTS))
        self.to_move: Side = LEOPARDS
        self.reserve = HERD
        self.leopards_to_place = LEOPARD_COUNT
        self.captured = 0
        self.quiet = 0
        self.history: list[Move] = []
        self.seen: dict[bytes, int] = {}
        self.winner: Side | None = None
        self.reason = ""
        self.reason_msg: Message | None = None
        self._legal: list[Move] | None = None

    @classmethod
    def new(cls, rules: HuntRules | None = None) -> HuntState:
        """The opening (H3.1): eight cows around the centre, Leopards to move."""
        state = cls(rules)
        for p in OPENING:
            state.board[p] = COW
        state.reserve = HERD - len(OPENING)
        return state

    @classmethod
    def from_position(cls, text: str, rules: HuntRules | None = None) -> HuntState:
        """A state from H8.6 position text (no history); NotationError when malformed or impossible."""
        parts = text.split() if isinstance(text, str) else []
        if len(parts) != 4 or len(parts[0]) != len(POINTS) or set(parts[0]) - set(CELL_CHARS) \
                or parts[1] not in ("L", "C") or not parts[2].isdigit() or not parts[3].isdigit():
            raise NotationError("hunt.notation.position", text=repr(text))
        state = cls(rules)
        state.board = bytearray(CELL_CHARS.index(c) for c in parts[0])
        state.to_move = LEOPARDS if parts[1] == "L" else COWS
        state.reserve, state.leopards_to_place = int(parts[2]), int(parts[3])
        cows = state.board.count(COW)
        leopards = state.board.count(LEOPARD) + state.leopards_to_place
        if leopards != LEOPARD_COUNT or cows + state.reserve > HERD:
            raise NotationError("hunt.notation.position_counts", text=repr(text))
        state.captured = HERD - cows - state.reserve
        if state.captured > CAPTURE_GOAL:
            raise NotationError("hunt.notation.position_captured", text=repr(text), goal=CAPTURE_GOAL)
        state._after_move()
        return state

    # ----------------------------------------------------------------- reading

    @property
    def position(self) -> str:
        """H8.6 text of the position."""
        cells = "".join(CELL_CHARS[c] for c in self.board)
        return f"{cells} {self.to_move} {self.reserve} {self.leopards_to_place}"

    @property
    def over(self) -> bool:
        """Whether the game has ended (H7)."""
        return bool(self.reason)

    @property
    def moving_phase(self) -> bool:
        """Whether every piece is on the board (H4.2)."""
        return self.reserve == 0 and self.leopards_to_place == 0

    def leopards(self) -> list[int]:
        """The points of the leopards on the board."""
        return [p for p, c in enumerate(self.board) if c == LEOPARD]

    def cows(self) -> list[int]:
        """The points of the cows on the board."""
        return [p for p, c in enumerate(self.board) if c == COW]

    def picture(self) -> str:
        """The board drawn in text (``L`` leopard, ``C`` cow, ``.`` empty) with the counts."""
        cells = "".join(CELL_CHARS[c] for c in self.board)
        return (
            f"{diagram(cells)}\ncaptured {self.captured}/{CAPTURE_GOAL}, cows in reserve {self.reserve}, "
            f"leopards to place {self.leopards_to_place}"
        )

    def legal_moves(self) -> list[Move]:
        """Every legal move of the side to move, in a fixed order; empty when the game is over."""
        if self._legal is None:
            self._legal = [] if self.over else self._generate()
        return list(self._legal)

    def jumps_from(self, start: int) -> list[Move]:
        """Every jump sequence a leopard on ``start`` could make now (H5), each prefix included."""
        out: list[Move] = []
        if self.board[start] != LEOPARD:
            return out
        board = self.board
        board[start] = EMPTY
        self._extend((start,), board, self.captured, out, prefixes=True)
        board[start] = LEOPARD
        return out

    def _generate(self) -> list[Move]:
        """The legal moves (H3-H6) of the side to move in a game not over."""
        board = self.board
        if self.to_move == COWS:
            if self.reserve > 0:  # H3.4
                return [PLACES[p] for p, c in enumerate(board) if c == EMPTY]
            return [  # H4.2
                STEPS[p, q]
                for p, c in enumerate(board) if c == COW
                for q in NEIGHBOURS[p] if board[q] == EMPTY
            ]
        if self.leopards_to_place == LEOPARD_COUNT:  # H3.3: the first leopard must be able to attack
            empties = [p for p, c in enumerate(board) if c == EMPTY]
            attacking = [
                p for p in empties if any(board[o] == COW and board[t] == EMPTY for o, t in JUMPS[p])
            ]
            return [PLACES[p] for p in (attacking or empties)]
        if self.leopards_to_place:  # H3.5
            return [PLACES[p] for p, c in enumerate(board) if c == EMPTY]
        jumps: list[Move] = []
        steps: list[Move] = []
        prefixes = not self.rules.compulsory_capture
        for p, c in enumerate(board):
            if c != LEOPARD:
                continue
            board[p] = EMPTY
            self._extend((p,), board, self.captured, jumps, prefixes)
            board[p] = LEOPARD
            steps.extend(STEPS[p, q] for q in NEIGHBOURS[p] if board[q] == EMPTY)
        if jumps and self.rules.compulsory_capture:  # H6.1
            return jumps
        return jumps + steps

    def _extend(self, path: tuple[int, ...], board: bytearray, captured: int, out: list[Move],
                prefixes: bool) -> None:
        """Add to ``out`` every jump sequence continuing ``path`` (H5.3, H5.4); ``board`` is restored."""
        here = path[-1]
        ended = True
        if captured < CAPTURE_GOAL:
            for over, land in JUMPS[here]:
                if board[over] == COW and board[land] == EMPTY:
                    ended = False
                    board[over] = EMPTY
                    longer = (*path, land)
                    if prefixes:
                        out.append(Move.jump(longer))
                    self._extend(longer, board, captured + 1, out, prefixes)
                    board[over] = COW
        if ended and not prefixes and len(path) > 1:
            out.append(Move.jump(path))

    # ----------------------------------------------------------------- changing

    def apply(self, move: Move | str) -> HuntState:
        """Play ``move`` (or its H8 text) for the side to move; returns self for chaining.

        NotationError for malformed text, IllegalMoveError (quoting move, position and the rule)
        for a move the rules forbid now; on either the state is unchanged.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise NotationError("hunt.notation.not_a_move", move=repr(move))
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(move, reason, self.position)
        self.play_unchecked(move)
        return self

    def play_unchecked(self, move: Move, settle: bool = True) -> None:
        """Play a move known to be legal (bots and replays): no check, no copy.

        ``settle=False`` (look-ahead leaves only) skips finding the next legal moves, so an end by
        H7.2-H7.5 is not detected; the twelfth capture (H7.1) still is.
        """
        board = self.board
        kind, points = move.kind, move.points
        taken = 0
        if kind == "place":
            if self.to_move == LEOPARDS:
                board[points[0]] = LEOPARD
                self.leopards_to_place -= 1
            else:
                board[points[0]] = COW
                self.reserve -= 1
        else:
            piece = board[points[0]]
            board[points[0]] = EMPTY
            if kind == "jump":
                for a, b in itertools.pairwise(points):
                    board[OVER[(a, b)]] = EMPTY
                    taken += 1
            board[points[-1]] = piece
        self.captured += taken
        self.history.append(move)
        self.to_move = other(self.to_move)
        if taken:
            self.quiet = 0
            self.seen = {}  # a capture makes every earlier position unreachable
        elif self.moving_phase and kind != "place":
            self.quiet += 1
        if settle:
            self._after_move()
        else:
            self._legal = None
            if self.captured >= CAPTURE_GOAL:
                self._end(LEOPARDS, Message("hunt.end.captured", count=self.captured))

    def _after_move(self) -> None:
        """Settle the end (H7) after a move; fills the legal-move cache."""
        self._legal = None
        if self.captured >= CAPTURE_GOAL:
            self._end(LEOPARDS, Message("hunt.end.captured", count=self.captured))
            return
        legal = self._generate()
        self._legal = legal
        if not legal:
            if self.to_move == LEOPARDS:
                self._end(COWS, _LEOPARDS_STUCK)
            else:
                self._end(LEOPARDS, _COWS_STUCK)
            return
        if self.moving_phase:
            key = bytes(self.board) + self.to_move.encode()
            count = self.seen.get(key, 0) + 1
            self.seen[key] = count
            if count >= REPETITIONS:
                self._end(None, _REPETITION)
            elif self.quiet >= self.rules.move_limit:
                self._end(None, Message("hunt.end.move_limit", limit=self.rules.move_limit))

    def _end(self, winner: Side | None, reason: Message) -> None:
        """Record the end of the game."""
        self.winner = winner
        self.reason_msg = reason
        self.reason = str(reason)
        self._legal = []

    def clone(self) -> HuntState:
        """An independent copy (history and repetition counts included)."""
        copy = self.clone_position()
        copy.history = list(self.history)
        return copy

    # ----------------------------------------------------------------- saving

    def save(self) -> str:
        """Versioned JSON text: format, version, settings and every move from the opening."""
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "rules": self.rules.to_dict(),
            "moves": [str(m) for m in self.history],
        }, separators=(",", ":"))

    @classmethod
    def restore(cls, text: object) -> HuntState:
        """Replay a ``save``; SaveError (and no other exception) for anything that is not one."""
        data = load_versioned(text, SAVE_FORMAT, SAVE_VERSION, SAVE_FORMAT, error=SaveError)
        moves = data.get("moves")
        if not isinstance(moves, list) or len(moves) > MAX_SAVED_MOVES \
                or not all(isinstance(m, str) for m in moves):
            raise SaveError("hunt.save.moves")
        try:
            state = cls.new(HuntRules.from_dict(data.get("rules")))
            replay_moves(state.apply, moves, HuntError, SaveError, "hunt.save.bad_move")
        except SaveError:
            raise
        except (HuntError, ValueError, TypeError, RecursionError) as err:
            raise SaveError("hunt.save.cannot_restore", error=message_of(err)) from err
        return state

    def clone_position(self) -> HuntState:
        """A copy for looking ahead: the same position, counts and repetitions, no history."""
        copy = HuntState.__new__(HuntState)
        copy.rules = self.rules
        copy.board = bytearray(self.board)
        copy.to_move = self.to_move
        copy.reserve = self.reserve
        copy.leopards_to_place = self.leopards_to_place
        copy.captured = self.captured
        copy.quiet = self.quiet
        copy.history = []
        copy.seen = dict(self.seen)
        copy.winner = self.winner
        copy.reason = self.reason
        copy.reason_msg = self.reason_msg
        copy._legal = self._legal
        return copy

    # ----------------------------------------------------------------- explaining

    def why_illegal(self, move: Move) -> Message | None:
        """The rule a move breaks now, in words with its H number (None when it is legal)."""
        if move in self.legal_moves():
            return None
        if self.over:
            assert self.reason_msg is not None
            return Message("hunt.over", reason=self.reason_msg)
        board, side = self.board, self.to_move
        start = move.start
        if move.kind == "place":
            if side == COWS and self.reserve == 0:
                return Message("hunt.illegal.cows_placed")
            if side == LEOPARDS and not self.leopards_to_place:
                return Message("hunt.illegal.leopards_placed")
            if board[start] != EMPTY:
                return Message("hunt.illegal.taken_cow" if side == COWS else "hunt.illegal.taken_leopard",
                               point=NAMES[start])
            return Message("hunt.illegal.first_leopard", point=NAMES[start])
        if side == LEOPARDS and self.leopards_to_place:
            return Message("hunt.illegal.must_place")
        own = LEOPARD if side == LEOPARDS else COW
        if board[start] != own:
            return Message("hunt.illegal.no_leopard" if own == LEOPARD else "hunt.illegal.no_cow",
                           point=NAMES[start])
        if move.kind == "step":
            if side == COWS and self.reserve:
                return Message("hunt.illegal.cows_placing")
            to = move.end
            if to not in NEIGHBOURS[start]:
                return Message("hunt.illegal.not_joined", start=NAMES[start], end=NAMES[to])
            if board[to] != EMPTY:
                return Message("hunt.illegal.step_taken", point=NAMES[to])
            return Message("hunt.illegal.must_jump")
        if side == COWS:
            return Message("hunt.illegal.cows_never_jump")
        if move in self.jumps_from(start):
            return Message("hunt.illegal.jump_on")
        too_long = self.captured + len(move.points) - 1 > CAPTURE_GOAL
        return Message("hunt.illegal.hop_twelfth" if too_long else "hunt.illegal.hop")


def check_side(value: object) -> Side:
    """``L`` or ``C`` from text; HuntError otherwise."""
    if value in (LEOPARDS, COWS):
        return LEOPARDS if value == LEOPARDS else COWS
    raise HuntError("hunt.bad_side", value=repr(value))
