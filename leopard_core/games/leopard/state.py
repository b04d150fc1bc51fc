"""The state of one hand (R1.4, R3, R4, R6, R7.1-R7.2): the only mutable object of the engine.

Glossary:
    HandState -- everything about one hand: both hands, both squares, the stock, the discards,
                 whose turn it is. The mover has always already drawn (R4.1), so a fresh state is
                 the non-dealer's first decision.
    seat      -- 0 or 1. ``own``/``opp`` in moves and views are relative to the mover or viewer.
    view      -- ``state.view(seat)``: JSON-ready data a seat may see (R3.3); all a UI or bot gets.

>>> import random
>>> from leopard_core.games.leopard import HandState, rules_for
>>> state = HandState.deal(rules_for("standard"), dealer=1, rng=random.Random(7))
>>> state.to_move, len(state.hand(0)), len(state.hand(1)), state.stock_count
(0, 9, 8, 87)
>>> move = state.legal_moves()[-1]
>>> state.apply(move); state.to_move
1
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from leopard_core.cards import ALL_CARDS, JACK, KING, QUEEN, TEN, Card, full_deck

from .errors import IllegalMoveError
from .messages import Message
from .moves import DISCARD, END, END_MOVE, OPP, OUT, OUT_MOVE, OWN, PASS, PASS_MOVE, PLAY, Move
from .rules import Rules
from .squares import LINE_INDEXES, OPEN, SUIT_CODE, Layer, Square, points_table, raw_value_of_tops

Entry = tuple[Card | None, bool, int]
"""One card on a square as the engine keeps it: (card, face up?, seat that played it)."""

_PLAY_MOVES: dict[Card, tuple[tuple[Move, ...], tuple[Move, ...]]] = {
    card: (
        tuple(Move.play(card, OWN, space) for space in range(1, 10)),
        tuple(Move.play(card, OPP, space) for space in range(1, 10)),
    )
    for card in ALL_CARDS
}
_PLAY_INFO: dict[Card, tuple[int, tuple[Move, ...], tuple[Move, ...]]] = {
    card: (card.rank, *_PLAY_MOVES[card]) for card in ALL_CARDS
}
"""Per card, what the hot loop of ``legal_moves`` needs in one lookup: rank, own and opp plays."""
_DISCARD_MOVES: dict[Card, Move] = {card: Move.discard(card) for card in ALL_CARDS}
_SORT_KEY: dict[Card, int] = {card: card.sort_key for card in ALL_CARDS}
_SUIT_OF: dict[Card, int] = {card: SUIT_CODE[card.suit] for card in ALL_CARDS}
_LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINE_INDEXES if i in line) for i in range(9)
)
"""For each space 0..8, the scoring lines (as 0-based space triples) that pass through it."""

OUT_REASON, EXHAUSTED_REASON = "out", "exhausted"
NOBODY = -1
"""A viewer who is neither seat: sees no face-down card's identity (``HandState.square``)."""


class HandState:
    """One hand of Leopard. Use ``deal`` or ``from_position`` to make one."""

    __slots__ = (
        "_tables",
        "dealer",
        "discards",
        "drawn",
        "end_reason",
        "hands",
        "history",
        "over",
        "plays_this_turn",
        "rules",
        "stacks",
        "stock",
        "to_move",
        "tops",
        "values",
        "went_out",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._tables = points_table(rules)
        self.hands: list[list[Card]] = [[], []]
        self.stacks: list[list[list[Entry]]] = [[[] for _ in range(9)] for _ in range(2)]
        self.tops: list[list[int]] = [[OPEN] * 9, [OPEN] * 9]
        self.values: list[int] = [0, 0]
        self.stock: list[Card] = []  # the top of the stock is the last item
        self.discards: list[Card] = []
        self.dealer = 1
        self.to_move = 0
        self.plays_this_turn = 0
        self.drawn: list[Card] = []
        self.over = False
        self.end_reason: str | None = None
        self.went_out: int | None = None
        self.history: list[tuple[int, Move]] = []

    # ----------------------------------------------------------------- construction
    @classmethod
    def deal(
        cls,
        rules: Rules,
        dealer: int = 1,
        rng: random.Random | None = None,
        deck: list[Card] | None = None,
    ) -> HandState:
        """R1.4: deal 8 cards each from a shuffled deck (``deck[0]`` is the top); the
        non-dealer moves first and has drawn."""
        if deck is None:
            deck = full_deck()
            (rng or random.Random()).shuffle(deck)
        state = cls(rules)
        state.dealer = dealer
        first = 1 - dealer
        for i in range(rules.hand_size):
            state.hands[first].append(deck[2 * i])
            state.hands[dealer].append(deck[2 * i + 1])
        state.stock = list(reversed(deck[2 * rules.hand_size :]))
        state.to_move = first
        state._draw()
        return state

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        own: Square,
        opp: Square,
        hand: list[Card],
        *,
        opp_hand: list[Card] | None = None,
        stock: list[Card] | None = None,
        discards: list[Card] | None = None,
        to_move: int = 0,
        plays_this_turn: int = 0,
    ) -> HandState:
        """A state where seat ``to_move`` owns ``own``, holds ``hand`` and has drawn (N4).

        Face-down cards are taken as played by the square's owner when known, else by the
        other seat; this only changes what views redact, never what is legal.
        """
        state = cls(rules)
        mover = to_move
        for seat, square in ((mover, own), (1 - mover, opp)):
            for space, stack in enumerate(square.stacks):
                entries: list[Entry] = []
                for layer in stack:
                    by = seat if layer.card is not None or layer.face_up else 1 - seat
                    entries.append((layer.card, layer.face_up, by))
                state.stacks[seat][space] = entries
            state._refresh(seat)
        state.hands[mover] = list(hand)
        state.hands[1 - mover] = list(opp_hand or [])
        state.stock = list(stock or [])
        state.discards = list(discards or [])
        state.to_move = mover
        state.dealer = 1 - mover
        state.plays_this_turn = plays_this_turn
        return state

    def clone(self) -> HandState:
        """An independent copy: changes to one never touch the other."""
        other = HandState.__new__(HandState)
        other.rules = self.rules
        other._tables = self._tables
        other.hands = [self.hands[0][:], self.hands[1][:]]
        other.stacks = [[s[:] for s in self.stacks[0]], [s[:] for s in self.stacks[1]]]
        other.tops = [self.tops[0][:], self.tops[1][:]]
        other.values = self.values[:]
        other.stock = self.stock[:]
        other.discards = self.discards[:]
        other.dealer = self.dealer
        other.to_move = self.to_move
        other.plays_this_turn = self.plays_this_turn
        other.drawn = self.drawn[:]
        other.over = self.over
        other.end_reason = self.end_reason
        other.went_out = self.went_out
        other.history = self.history[:]
        return other

    # ----------------------------------------------------------------- queries
    def hand(self, seat: int) -> list[Card]:
        """The cards a seat holds, in the order they were received."""
        return list(self.hands[seat])

    @property
    def stock_count(self) -> int:
        """Cards left to draw."""
        return len(self.stock)

    def square(self, seat: int, viewer: int | None = None) -> Square:
        """The square of ``seat`` as ``viewer`` may see it (R3.3); ``None`` sees everything."""
        stacks = []
        for stack in self.stacks[seat]:
            layers = []
            for card, face_up, by in stack:
                hidden = not face_up and viewer is not None and by != viewer
                layers.append(Layer(None if hidden else card, face_up))
            stacks.append(tuple(layers))
        return Square(tuple(stacks))

    def raw_value(self, seat: int) -> int:
        """R5.2 for a seat's square."""
        return self.values[seat]

    def hand_score(self, seat: int) -> int:
        """R7.1-R7.2 for a seat, as if the hand ended now."""
        return self.rules.hand_score(self.values[seat], self.went_out == seat)

    def scores(self) -> tuple[int, int]:
        """Both seats' hand scores (final once ``over``)."""
        return self.hand_score(0), self.hand_score(1)

    def may_go_out(self) -> bool:
        """R6.1: start of the mover's turn and own raw value at the threshold or above."""
        return (
            not self.over
            and self.plays_this_turn == 0
            and self.values[self.to_move] >= self.rules.out_threshold
        )

    def legal_moves(self) -> list[Move]:
        """Every legal move of the mover, each once: out, plays, discards, then end or pass."""
        if self.over:
            return []
        seat = self.to_move
        hand = self.hands[seat]
        start = self.plays_this_turn == 0
        moves: list[Move] = []
        if start and self.values[seat] >= self.rules.out_threshold:
            moves.append(OUT_MOVE)
        if not hand:
            moves.append(PASS_MOVE if start else END_MOVE)
            return moves
        cards = sorted(set(hand), key=_SORT_KEY.__getitem__)
        own_stacks, opp_stacks = self.stacks[seat], self.stacks[1 - seat]
        own_tops, opp_tops = self.tops[seat], self.tops[1 - seat]
        append = moves.append
        for card in cards:
            rank, own_moves, opp_moves = _PLAY_INFO[card]
            if rank < TEN:
                i = rank - 1
                if own_tops[i] == OPEN:
                    append(own_moves[i])
                if opp_tops[i] == OPEN:
                    append(opp_moves[i])
            elif rank == TEN:
                for i in range(9):
                    if own_tops[i] == OPEN:
                        append(own_moves[i])
            elif rank == KING:
                moves.extend(own_moves)
            else:
                for i in range(9):
                    if own_stacks[i]:
                        append(own_moves[i])
                if rank == JACK:
                    for i in range(9):
                        if opp_stacks[i]:
                            append(opp_moves[i])
        if start:
            moves.extend(map(_DISCARD_MOVES.__getitem__, cards))
        else:
            moves.append(END_MOVE)
        return moves

    def illegal_reason(self, move: Move) -> Message | None:
        """Why ``move`` is not legal now (citing the rule), or None when it is legal."""
        if self.over:
            return Message("move.hand_over")
        if not isinstance(move, Move):
            return Message("move.not_a_move", move=repr(move))
        seat = self.to_move
        hand = self.hands[seat]
        start = self.plays_this_turn == 0
        kind = move.kind
        if kind == OUT:
            if not start:
                return Message("move.out_not_start")
            if self.values[seat] < self.rules.out_threshold:
                return Message("move.out_too_low", value=self.values[seat],
                               threshold=self.rules.out_threshold)
            return None
        if kind == PASS:
            if hand:
                return Message("move.pass_with_cards")
            if not start:
                return Message("move.pass_after_play")
            return None
        if kind == END:
            if not self.rules.multi_play:
                return Message("move.end_not_running", variant=self.rules.name)
            if start:
                return Message("move.end_at_start")
            return None
        card = move.card
        if card is None or card not in hand:
            return Message("move.not_in_hand", card=str(card))
        if kind == DISCARD:
            if not start:
                return Message("move.discard_after_play")
            return None
        if kind != PLAY:
            return Message("move.unknown_kind", kind=repr(kind))
        # A Move built by hand (not by Move.play/parse) may aim outside the squares.
        if move.square not in (OWN, OPP) or type(move.space) is not int or not 1 <= move.space <= 9:
            return Message("move.no_such_place", square=repr(move.square), space=repr(move.space))
        return self._play_reason(card, move.square == OWN, move.space)

    def _play_reason(self, card: Card, own: bool, space: int) -> Message | None:
        """R3 for a play of ``card`` to a space of the mover's (``own``) or other square."""
        seat = self.to_move if own else 1 - self.to_move
        stack = self.stacks[seat][space - 1]
        is_open = self.tops[seat][space - 1] == OPEN
        rank = card.rank
        if rank < TEN:
            if space != rank:
                code = "move.ace_space" if rank == 1 else "move.number_space"
                return Message(code, card=str(card), rank=rank)
            if not is_open:
                return Message("move.taken_own" if own else "move.taken_opp", space=space)
            return None
        if not own and rank != JACK:
            return Message({TEN: "move.ten_own_only", QUEEN: "move.queen_own_only"}.get(rank,
                                                                                    "move.king_own_only"))
        if rank == TEN and not is_open:
            return Message("move.ten_needs_open", space=space)
        if rank in (JACK, QUEEN) and not stack:
            return Message("move.cover_empty_own" if own else "move.cover_empty_opp", space=space)
        return None

    # ----------------------------------------------------------------- changes
    def apply(self, move: Move | str) -> None:
        """Play ``move`` (a Move or N3 text) for the mover; an illegal move raises
        ``IllegalMoveError`` and leaves the state exactly as it was."""
        if isinstance(move, str):
            move = Move.parse(move)
        reason = self.illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(move, reason, self.position_text())
        self.apply_unchecked(move)

    def apply_unchecked(self, move: Move) -> None:
        """``apply`` without the legality check: for moves taken from ``legal_moves()``."""
        seat = self.to_move
        self.history.append((seat, move))
        kind, card, square, space = move  # one unpack instead of four NamedTuple properties
        if kind == PLAY:
            assert card is not None and space is not None
            self.hands[seat].remove(card)
            target = seat if square == OWN else 1 - seat
            rank = card[0]
            face_up = rank != JACK and rank != QUEEN
            i = space - 1
            self.stacks[target][i].append((card, face_up, seat))
            tops = self.tops[target]
            code = _SUIT_OF[card] if face_up else OPEN
            if tops[i] != code:  # only the lines through space i can change (R5.2)
                table = self._tables
                lines = _LINES_THROUGH[i]
                before = 0
                for a, b, c in lines:
                    before += table[tops[a] * 25 + tops[b] * 5 + tops[c]]
                tops[i] = code
                after = 0
                for a, b, c in lines:
                    after += table[tops[a] * 25 + tops[b] * 5 + tops[c]]
                self.values[target] += after - before
            self.plays_this_turn += 1
            if not self.stock and not self.hands[0] and not self.hands[1]:
                self._finish(EXHAUSTED_REASON)
            elif not self.rules.multi_play:
                self._next_turn()
        elif kind == DISCARD:
            assert card is not None
            self.hands[seat].remove(card)
            self.discards.append(card)
            self._next_turn()
        elif kind == OUT:
            self.went_out = seat
            self._finish(OUT_REASON)
        else:  # end, pass
            self._next_turn()

    def _next_turn(self) -> None:
        """R4.3: the hand ends with stock and hands empty; otherwise the other seat draws."""
        if not self.stock and not self.hands[0] and not self.hands[1]:
            self._finish(EXHAUSTED_REASON)
            return
        self.to_move = 1 - self.to_move
        self.plays_this_turn = 0
        self._draw()

    def _draw(self) -> None:
        """R4.1 / R8.3: draw the rules' count, fewer when the stock runs short."""
        stock = self.stock
        if self.rules.draw_count == 1:  # the common case, without a comprehension
            drawn = [stock.pop()] if stock else []
        else:
            drawn = [stock.pop() for _ in range(min(self.rules.draw_count, len(stock)))]
        self.hands[self.to_move] += drawn
        self.drawn = drawn

    def _finish(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason

    def _refresh(self, seat: int) -> None:
        """Recompute tops and value of a seat's square from its stacks."""
        tops = self.tops[seat]
        for i, stack in enumerate(self.stacks[seat]):
            card, face_up = (stack[-1][0], stack[-1][1]) if stack else (None, False)
            tops[i] = _SUIT_OF[card] if face_up and card is not None else OPEN
        self.values[seat] = raw_value_of_tops(tops, self._tables)

    # ----------------------------------------------------------------- text and views
    def position_text(self, seat: int | None = None) -> str:
        """N4 of the mover (or ``seat``): own square, opponent's square, hand, as it may see them."""
        seat = self.to_move if seat is None else seat
        hand = ",".join(str(c) for c in self.hands[seat])
        return f"{self.square(seat, seat)} | {self.square(1 - seat, seat)} | {hand}"

    def card_census(self) -> Counter[Card | None]:
        """Every card in the hand's places (hands, stock, squares, discards), counted."""
        census: Counter[Card | None] = Counter(self.stock)
        census.update(self.discards)
        for seat in (0, 1):
            census.update(self.hands[seat])
            for stack in self.stacks[seat]:
                census.update(card for card, _, _ in stack)
        return census

    def view(self, seat: int, private: bool = True) -> dict[str, Any]:
        """What ``seat`` may see, as JSON-ready data (R3.3). Keys ``own``/``opp`` are relative.

        ``private=False`` is the same table seen from ``seat``'s side by anyone at all (the screen
        of a shared device between turns): no hand, no drawn cards, no legal moves, and no identity
        of any face-down card, not even those ``seat`` played."""
        your_turn = not self.over and self.to_move == seat and private
        viewer = seat if private else NOBODY
        return {
            "variant": self.rules.name,
            "layout": [list(row) for row in self.rules.layout],
            "seat": seat,
            "dealer": "own" if self.dealer == seat else "opp",
            "to_move": None if self.over else ("own" if self.to_move == seat else "opp"),
            "plays_this_turn": self.plays_this_turn if your_turn else 0,
            "hand": [str(c) for c in sorted(self.hands[seat], key=_hand_order)] if private else [],
            "drawn": [str(c) for c in self.drawn] if your_turn else [],
            "opp_hand_count": len(self.hands[1 - seat]),
            "stock_count": len(self.stock),
            "discards": [str(c) for c in self.discards],
            "own": self._square_view(seat, viewer),
            "opp": self._square_view(1 - seat, viewer),
            "legal_moves": [str(m) for m in self.legal_moves()] if your_turn else [],
            "over": self.over,
            "end_reason": self.end_reason,
            "went_out": None if self.went_out is None else ("own" if self.went_out == seat else "opp"),
            "log": [self._log_entry(by, move, seat, private) for by, move in self.history],
        }

    def _square_view(self, owner: int, viewer: int) -> dict[str, Any]:
        square = self.square(owner, viewer)
        raw = self.values[owner]
        went_out = self.went_out == owner
        return {
            "n2": str(square),
            "stacks": [
                [{"card": None if layer.card is None else str(layer.card), "up": layer.face_up}
                 for layer in stack]
                for stack in square.stacks
            ],
            "raw": raw,
            "lines": [
                {"spaces": list(line.spaces), "points": line.points, "kind": line.kind}
                for line in square.scoring_lines(self.rules)
            ],
            "bonus": self.rules.bonus(raw),
            "out_penalty": 1 if went_out else 0,
            "score": self.rules.hand_score(raw, went_out),
        }

    def _log_entry(self, by: int, move: Move, viewer: int, private: bool = True) -> dict[str, Any]:
        """A history line as ``viewer`` may read it: another seat's face-down card is hidden (and
        the viewer's own too when the view is not ``private``)."""
        hidden = (
            move.kind == PLAY
            and (by != viewer or not private)
            and move.card is not None
            and move.card.rank in (JACK, QUEEN)
        )
        text = f"~ to {move.square} {move.space}" if hidden else str(move)
        target = None
        if move.kind == PLAY:
            target_seat = by if move.square == OWN else 1 - by
            target = "own" if target_seat == viewer else "opp"
        return {
            "by": "own" if by == viewer else "opp",
            "kind": move.kind,
            "card": None if hidden or move.card is None else str(move.card),
            "square": target,
            "space": move.space,
            "text": text,
        }


def _hand_order(card: Card) -> tuple[int, int]:
    """Hands are shown grouped by colour and suit (S H C D alternates colours), then by rank."""
    return ("SHCD".index(card.suit), card.rank)
