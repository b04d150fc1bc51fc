"""Fast heuristic scoring of moves and positions, shared by the greedy bot and the search's playouts.

Glossary:
    tops        -- a square's nine top suit codes (0..3, ``OPEN`` = 4), as ``HandState.tops`` keeps them.
    potential   -- promise of a line that is not complete yet (one or two face-up tops that agree in
                   suit or colour): a guess of the points it may still bring, from ``Weights``.
    keep value  -- what a card in hand is worth for later (a king more than a number card whose
                   space is already filled); playing or discarding it gives that up.
    fade        -- how much potential and cards in hand still count: 1 early in the hand, less as
                   the stock runs out (an unfinished line scores nothing when the hand ends).
    leaf value  -- a seat's estimated final hand score where a playout stops: ``hand_score(raw)``
                   (R7.1) plus faded potential and hand, with weights fitted by least squares to
                   the final scores of greedy self-play (``Weights.leaf_*``).
    gain        -- of a move: the change of the mover's square (R7.1 score plus faded potential)
                   minus that of the other seat's square, minus the keep
                   value of the card spent. ``out`` is judged separately by ``out_pays``.
    Weights     -- every tunable number in one frozen bundle, so levels can differ only in data.

All functions read ``HandState`` internals (``tops``, ``values``, ``hands``, ``stock``) and never
change the state; they see only what the caller hands them (a determinized world or a view's
reconstruction), so they cannot leak hidden information by themselves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from leopard_core.cards import ALL_CARDS, JACK, KING, QUEEN, TEN, Card

from ..moves import DISCARD, END, END_MOVE, OPP, OUT, OUT_MOVE, OWN, PASS, PASS_MOVE, PLAY, Move
from ..rules import Rules
from ..squares import LINE_INDEXES, OPEN, SUIT_CODE, points_table
from ..state import HandState

_RED = (False, True, True, False)  # suit codes 0..3 are S H D C (squares.SUIT_CODE)

LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINE_INDEXES if i in line) for i in range(9)
)
"""For each space 0..8, the lines (as space-index triples) that pass through it."""
_LINE_PLACES: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple((a, b, c, (25, 5, 1)[(a, b, c).index(i)]) for a, b, c in LINES_THROUGH[i]) for i in range(9)
)
"""``LINES_THROUGH`` with the place value (25, 5 or 1) of the space in each line's table index."""

PLAY_MOVES: dict[Card, tuple[tuple[Move, ...], tuple[Move, ...]]] = {
    card: (
        tuple(Move.play(card, OWN, space) for space in range(1, 10)),
        tuple(Move.play(card, OPP, space) for space in range(1, 10)),
    )
    for card in ALL_CARDS
}
"""Every play move, by card, then own/opp, then space 0..8 (the engine's shared move objects)."""
DISCARD_MOVES: dict[Card, Move] = {card: Move.discard(card) for card in ALL_CARDS}
_ORDER: dict[Card, int] = {card: card.sort_key for card in ALL_CARDS}
_ALL_SPACES = list(range(9))  # a king may go on any space of its own square (R3)


@dataclass(frozen=True)
class Weights:
    """Tunable numbers of the heuristic (see the module glossary)."""

    pair_suit: float = 0.45  # share of suit points a same-suit pair with an open third promises
    pair_colour: float = 0.5  # share of colour points a same-colour (not same-suit) pair promises
    single: float = 0.12  # share of suit points a line with one face-up top promises
    empty: float = 0.05  # share of suit points a line with no face-up top promises
    keep_king: float = 0.9
    keep_ten: float = 0.6
    keep_jack: float = 0.7
    keep_queen: float = 0.35
    keep_number_open: float = 0.35  # a number card whose own space is open
    keep_number_closed: float = 0.1
    fade_cards: float = 40.0  # potential counts fully while stock + 8 >= this many cards
    out_slack: float = 1.0  # go out unless own potential beats the other's by more than this
    out_min: int = 1  # and only with at least this lead after the -1 of going out (R7.2)
    # Leaf weights of the search, fitted by least squares to final hand scores of greedy self-play
    # (what a position is worth in the end, rather than what one move's gain should look like).
    leaf_potential: float = 0.4
    leaf_king: float = 0.7
    leaf_ten: float = 0.3
    leaf_jack: float = 0.8
    leaf_queen: float = 0.1
    leaf_number: float = 0.05


DEFAULT_WEIGHTS = Weights()


def potential_table(rules: Rules, w: Weights) -> tuple[float, ...]:
    """Potential of a line indexed like ``points_table`` (``a*25 + b*5 + c``); 0 when complete."""
    table: list[float] = []
    for a in range(5):
        for b in range(5):
            for c in range(5):
                up = [code for code in (a, b, c) if code != OPEN]
                if len(up) == 3:
                    table.append(0.0)
                elif len(up) == 2:
                    if up[0] == up[1]:
                        table.append(w.pair_suit * rules.suit_points + 0.3 * rules.colour_points)
                    elif _RED[up[0]] == _RED[up[1]]:
                        table.append(w.pair_colour * rules.colour_points)
                    else:
                        table.append(0.0)
                elif len(up) == 1:
                    table.append(w.single * rules.suit_points + 0.1 * rules.colour_points)
                else:
                    table.append(w.empty * rules.suit_points)
    return tuple(table)


class Evaluator:
    """The heuristic of one rules object and weights, with its tables precomputed."""

    __slots__ = ("bonus_line", "keep", "leaf_keep", "points", "pot", "rules", "w")

    def __init__(self, rules: Rules, w: Weights = DEFAULT_WEIGHTS) -> None:
        self.rules = rules
        self.w = w
        self.points = points_table(rules)
        self.pot = potential_table(rules, w)
        self.bonus_line = rules.bonus_line
        self.keep = {TEN: w.keep_ten, JACK: w.keep_jack, QUEEN: w.keep_queen, KING: w.keep_king}
        self.leaf_keep = (0.0,) + (w.leaf_number,) * 9 + (w.leaf_ten, w.leaf_jack, w.leaf_queen, w.leaf_king)

    # ----------------------------------------------------------------- positions
    def score(self, raw: int) -> int:
        """R7.1 without the going-out penalty."""
        return raw + raw - self.bonus_line if raw > self.bonus_line else raw

    def potential(self, tops: list[int]) -> float:
        """Sum of the line potentials of a square."""
        pot = self.pot
        return sum(pot[tops[a] * 25 + tops[b] * 5 + tops[c]] for a, b, c in LINE_INDEXES)

    def fade(self, state: HandState) -> float:
        """How much potential still counts: 1 early in the hand, falling as the stock runs out."""
        return min(1.0, (len(state.stock) + 8) / self.w.fade_cards)

    def keep_value(self, card: Card, own_tops: list[int]) -> float:
        """What keeping ``card`` in hand is worth to a seat whose square has ``own_tops``."""
        rank = card.rank
        if rank < TEN:
            return self.w.keep_number_open if own_tops[rank - 1] == OPEN else self.w.keep_number_closed
        return self.keep[rank]

    def leaf_value(self, state: HandState, seat: int) -> float:
        """Estimated final hand score of ``seat`` with the fitted leaf weights (see ``Weights``)."""
        if state.over:
            return float(state.hand_score(seat))
        leaf_keep = self.leaf_keep
        hand = sum(leaf_keep[card.rank] for card in state.hands[seat])
        pot = self.w.leaf_potential * self.potential(state.tops[seat])
        return self.score(state.values[seat]) + self.fade(state) * (pot + hand)

    def evaluate(self, state: HandState, seat: int) -> float:
        """``seat``'s leaf value minus the other seat's: the value of a search's leaf."""
        return self.leaf_value(state, seat) - self.leaf_value(state, 1 - seat)

    # ----------------------------------------------------------------- moves
    def square_change(self, tops: list[int], raw: int, space: int, code: int, fade: float) -> float:
        """Heuristic change of a square when space ``space`` (0..8) gets top ``code``.

        The search's playouts call it most: a line's table index changes by the code's change
        times the space's place value in it (``_LINE_PLACES``), and R7.1's ``score`` is inlined.
        """
        old_code = tops[space]
        if old_code == code:
            return 0.0
        points, pot = self.points, self.pot
        step = code - old_code
        d_raw = 0
        d_pot = 0.0
        for a, b, c, place in _LINE_PLACES[space]:
            before = tops[a] * 25 + tops[b] * 5 + tops[c]
            after = before + step * place
            d_raw += points[after] - points[before]
            d_pot += pot[after] - pot[before]
        bonus = self.bonus_line
        new_raw = raw + d_raw
        return ((new_raw + new_raw - bonus if new_raw > bonus else new_raw)
                - (raw + raw - bonus if raw > bonus else raw) + fade * d_pot)

    def out_pays(self, state: HandState) -> bool:
        """Whether the mover should go out now (R6, R7.2): a lead worth the -1, and no better
        prospects than the other seat's."""
        seat = state.to_move
        lead = self.score(state.values[seat]) - 1 - self.score(state.values[1 - seat])
        if lead < self.w.out_min:
            return False
        fade = self.fade(state)
        prospects = fade * (self.potential(state.tops[seat]) - self.potential(state.tops[1 - seat]))
        return prospects <= self.w.out_slack + 0.25 * lead

    def move_gains(self, state: HandState, moves: list[Move]) -> list[float]:
        """The gain of each of the mover's ``moves`` (``out`` gets +inf when it pays, else -inf)."""
        seat = state.to_move
        own_tops, opp_tops = state.tops[seat], state.tops[1 - seat]
        own_raw, opp_raw = state.values[seat], state.values[1 - seat]
        fade = self.fade(state)
        changes: dict[tuple[bool, int, int], float] = {}  # many moves share a (square, space, top)
        keeps: dict[Card, float] = {}
        gains: list[float] = []
        for move in moves:
            kind = move.kind
            card = move.card
            keep = 0.0
            if card is not None:
                known = keeps.get(card)
                keep = keeps[card] = self.keep_value(card, own_tops) if known is None else known
            if kind == PLAY:
                assert card is not None and move.space is not None
                rank = card.rank
                code = OPEN if rank in (JACK, QUEEN) else SUIT_CODE[card.suit]
                own = move.square == OWN
                key = (own, move.space - 1, code)
                change = changes.get(key)
                if change is None:
                    if own:
                        change = self.square_change(own_tops, own_raw, move.space - 1, code, fade)
                    else:
                        change = -self.square_change(opp_tops, opp_raw, move.space - 1, code, fade)
                    changes[key] = change
                gains.append(change - keep)
            elif kind == DISCARD:
                gains.append(-keep)
            elif kind == OUT:
                gains.append(float("inf") if self.out_pays(state) else float("-inf"))
            else:  # END, PASS
                gains.append(0.0 if kind in (END, PASS) else -1.0)
        return gains

    def best_move(self, state: HandState, rng: random.Random, noise: float = 0.0) -> Move:
        """The mover's move of highest gain (plus ``noise`` times a uniform draw); ties go to the
        earlier move in ``legal_moves`` order, so the choice is deterministic for ``rng``."""
        moves = state.legal_moves()
        gains = self.move_gains(state, moves)
        best_index = 0
        best = float("-inf")
        for index, gain in enumerate(gains):
            if noise:
                gain += noise * rng.random()
            if gain > best:
                best, best_index = gain, index
        return moves[best_index]

    def playout_move(self, state: HandState, rng: random.Random, noise: float) -> Move:
        """``best_move`` without building the legal move list: the fast policy of playouts.

        It generates exactly the moves of ``HandState.legal_moves`` (R3, R4, R6, R8.3) card by
        card and keeps the best gain (plus noise), so no move list or Move objects are made. The
        hottest loop of the search: the keep value and the noise are inlined, and it draws its
        noise in the same order as ever, so a seed plays the same moves.
        """
        seat = state.to_move
        hand = state.hands[seat]
        start = state.plays_this_turn == 0
        best: Move = END_MOVE if not start else PASS_MOVE
        best_gain = 0.0 if not start else float("-inf")
        if start and state.values[seat] >= self.rules.out_threshold and self.out_pays(state):
            return OUT_MOVE
        if not hand:
            return best
        own_tops, opp_tops = state.tops[seat], state.tops[1 - seat]
        own_stacks, opp_stacks = state.stacks[seat], state.stacks[1 - seat]
        own_raw, opp_raw = state.values[seat], state.values[1 - seat]
        fade = self.fade(state)
        changes: dict[int, float] = {}
        square_change = self.square_change
        random_draw = rng.random
        w = self.w
        keep_open, keep_closed, keep_face = w.keep_number_open, w.keep_number_closed, self.keep
        for card in sorted(set(hand), key=_ORDER.__getitem__):
            rank = card.rank
            if rank < TEN:
                keep = keep_open if own_tops[rank - 1] == OPEN else keep_closed
            else:
                keep = keep_face[rank]
            own_moves, opp_moves = PLAY_MOVES[card]
            if start:
                gain = -keep + (noise * random_draw() if noise else 0.0)
                if gain > best_gain:
                    best_gain, best = gain, DISCARD_MOVES[card]
            if rank in (JACK, QUEEN):
                code = OPEN
                own_spaces = [i for i in range(9) if own_stacks[i]]
                opp_spaces = [i for i in range(9) if opp_stacks[i]] if rank == JACK else []
            else:
                code = SUIT_CODE[card.suit]
                if rank < TEN:
                    i = rank - 1
                    own_spaces = [i] if own_tops[i] == OPEN else []
                    opp_spaces = [i] if opp_tops[i] == OPEN else []
                elif rank == TEN:
                    own_spaces = [i for i in range(9) if own_tops[i] == OPEN]
                    opp_spaces = []
                else:
                    own_spaces = _ALL_SPACES
                    opp_spaces = []
            for i in own_spaces:
                key = i * 5 + code
                change = changes.get(key)
                if change is None:
                    change = changes[key] = square_change(own_tops, own_raw, i, code, fade)
                gain = change - keep + (noise * random_draw() if noise else 0.0)
                if gain > best_gain:
                    best_gain, best = gain, own_moves[i]
            for i in opp_spaces:
                key = 100 + i * 5 + code
                change = changes.get(key)
                if change is None:
                    change = changes[key] = -square_change(opp_tops, opp_raw, i, code, fade)
                gain = change - keep + (noise * random_draw() if noise else 0.0)
                if gain > best_gain:
                    best_gain, best = gain, opp_moves[i]
        return best
