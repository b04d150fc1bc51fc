"""A game of several hands (R1.3, R7.3), reproducible from a seed, saved as versioned JSON.

Glossary:
    Game   -- the cut for deal, then ``hands`` hands with the deal alternating; running totals;
              the winner or a draw. ``game.state`` is the current ``HandState``.
    seed   -- an integer that fixes the cut and every deal: the same seed and the same moves
              give the same game.
    rewind -- ``game.rewind(ply)``: the current hand replayed from its deal with only its first
              ``ply`` moves (undo); the deck is the same, so are the draws.
    save   -- ``game.save()``: JSON text with the variant, hands, seed and every move, and a
              checksum; ``Game.restore(text)`` replays it and refuses anything malformed.
    revision -- ``game.revision``: how many times the game changed (every move and every new hand
              count one); two copies of one game compare it to tell which went further.
    save limits -- the platform's (``platform.saves``), checked before the text is parsed.

>>> game = Game("standard", hands=2, seed=42)
>>> Game.restore(game.save()).save() == game.save()
True
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from leopard_core.cards import Card, full_deck
from leopard_core.platform.saves import load_versioned

from .errors import LeopardError, NotationError, SaveError
from .messages import Message
from .moves import Move
from .rules import Rules, rules_for
from .state import HandState

SAVE_FORMAT = "leopard-game"
SAVE_VERSION = 1
MAX_HANDS = 50


def cut_for_deal(rng: random.Random) -> list[tuple[Card, Card]]:
    """R1.3: both seats draw a random card; equal ranks cut again. Returns every round."""
    rounds = []
    while True:
        deck = full_deck()
        rng.shuffle(deck)
        pair = (deck[0], deck[1])
        rounds.append(pair)
        if pair[0].rank != pair[1].rank:
            return rounds


def deck_for_hand(seed: int, index: int) -> list[Card]:
    """The shuffled deck of hand ``index`` (0-based) of the game with ``seed``."""
    deck = full_deck()
    random.Random(f"leopard:{seed}:hand:{index}").shuffle(deck)
    return deck


class Game:
    """A whole game between seats 0 and 1."""

    def __init__(
        self, variant: str | Rules = "standard", hands: int | None = None, seed: int | None = None
    ) -> None:
        self.rules = rules_for(variant)
        self.num_hands = self.rules.hands_per_game if hands is None else hands
        if (not isinstance(self.num_hands, int) or isinstance(self.num_hands, bool)
                or not 1 <= self.num_hands <= MAX_HANDS):
            raise LeopardError("game.bad_hands", hands=repr(hands), max=MAX_HANDS)
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise LeopardError("game.bad_seed", seed=repr(seed))
        self.seed = seed
        self.cut = cut_for_deal(random.Random(f"leopard:{seed}:cut"))
        last = self.cut[-1]
        self.first_dealer = 0 if last[0].rank > last[1].rank else 1
        self.hands: list[HandState] = []
        self._start_hand()

    # ----------------------------------------------------------------- flow
    def _start_hand(self) -> None:
        self.hands.append(self._deal(len(self.hands)))

    def dealt(self, index: int) -> HandState:
        """Hand ``index`` (0-based) as dealt, before any move: the same deck and dealer as the
        game's own, so its recorded moves replay exactly (a review steps through them)."""
        return self._deal(index)

    def _deal(self, index: int) -> HandState:
        """Hand ``index`` (0-based) as dealt, before any move."""
        dealer = self.first_dealer if index % 2 == 0 else 1 - self.first_dealer
        return HandState.deal(self.rules, dealer=dealer, deck=self.deck_for(index))

    def deck_for(self, index: int) -> list[Card]:
        """The shuffled deck of hand ``index``: fixed by the game's seed."""
        return deck_for_hand(self.seed, index)

    @property
    def state(self) -> HandState:
        """The current (last started) hand."""
        return self.hands[-1]

    @property
    def hand_number(self) -> int:
        """1-based number of the current hand."""
        return len(self.hands)

    @property
    def revision(self) -> int:
        """How many times the game changed: every move and every new hand counts one.

        >>> game = Game("standard", hands=2, seed=42)
        >>> game.apply(game.state.legal_moves()[0]); game.revision
        1
        """
        return sum(len(hand.history) for hand in self.hands) + len(self.hands) - 1

    @property
    def is_over(self) -> bool:
        """All hands played."""
        return len(self.hands) == self.num_hands and self.state.over

    def apply(self, move: Move | str) -> None:
        """Apply a move of the current mover (see ``HandState.apply``)."""
        self.state.apply(move)

    def rewind(self, ply: int) -> None:
        """Replay the current hand from its deal with only its first ``ply`` moves: the same
        deck, so the same draws; the moves kept are applied exactly as they were."""
        moves = self.state.history
        if not 0 <= ply <= len(moves):
            raise LeopardError("game.rewind", ply=ply, moves=len(moves))
        self.hands[-1] = self.rewound(ply)

    def rewound(self, ply: int) -> HandState:
        """A copy of the current hand replayed from its deal with its first ``ply`` moves."""
        state = self._deal(len(self.hands) - 1)
        for _, move in self.state.history[:ply]:
            state.apply_unchecked(move)
        return state

    def next_hand(self) -> None:
        """Deal the next hand once the current one is over (the deal alternates, R1.3)."""
        if not self.state.over:
            raise LeopardError("game.hand_not_over")
        if self.is_over:
            raise LeopardError("game.over")
        self._start_hand()

    # ----------------------------------------------------------------- scores
    def hand_scores(self) -> list[tuple[int, int]]:
        """Scores of the finished hands, seat 0 first (R7.1-R7.2)."""
        return [hand.scores() for hand in self.hands if hand.over]

    def totals(self) -> tuple[int, int]:
        """Running totals of the finished hands (R7.3)."""
        scores = self.hand_scores()
        return sum(s[0] for s in scores), sum(s[1] for s in scores)

    def winner(self) -> int | None:
        """The seat with the higher total once the game is over; None for a draw or unfinished."""
        if not self.is_over:
            return None
        a, b = self.totals()
        return None if a == b else (0 if a > b else 1)

    def view(self, seat: int, private: bool = True) -> dict[str, Any]:
        """The current hand's view for ``seat`` plus the game's score sheet, relative to seat: what
        that seat may see and nothing from which hidden cards follow (no seed). ``private=False``:
        the table from ``seat``'s side without anything only ``seat`` may see (``HandState.view``)."""
        view = self.state.view(seat, private)
        sheet = []
        for hand in self.hands:
            if hand.over:
                own, opp = hand.hand_score(seat), hand.hand_score(1 - seat)
                went_out = None if hand.went_out is None else ("own" if hand.went_out == seat else "opp")
                sheet.append({"own": own, "opp": opp, "went_out": went_out})
        totals = self.totals()
        winner = self.winner()
        # No seed here: the seed fixes every deal, so a view that carried it would hand out the
        # opponent's cards and the stock (R3.3).
        view["game"] = {
            "hand_number": self.hand_number,
            "hands": self.num_hands,
            "sheet": sheet,
            "totals": {"own": totals[seat], "opp": totals[1 - seat]},
            "over": self.is_over,
            "winner": None if winner is None else ("own" if winner == seat else "opp"),
            "draw": self.is_over and winner is None,
            "cut": [{"own": str(p[seat]), "opp": str(p[1 - seat])} for p in self.cut],
        }
        return view

    # ----------------------------------------------------------------- save / restore
    def _payload(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "variant": self.rules.name,
            "hands": self.num_hands,
            "seed": self.seed,
            "moves": [[str(move) for _, move in hand.history] for hand in self.hands],
        }

    def save(self) -> str:
        """The whole game as versioned JSON text with a checksum."""
        payload = self._payload()
        payload["check"] = _checksum(payload)
        return json.dumps(payload, separators=(",", ":"))

    @classmethod
    def restore(cls, text: str) -> Game:
        """Rebuild a game from ``save()`` text, replaying every move; SaveError on anything wrong."""
        data = load_versioned(text, SAVE_FORMAT, SAVE_VERSION, Message("save.what.game"))
        expected = set(cls._keys())
        if set(data) != expected:
            raise SaveError("save.keys", keys=str(sorted(data)), expected=str(sorted(expected)))
        check = data.pop("check")
        if check != _checksum(data):
            raise SaveError("save.checksum")
        moves = data["moves"]
        if not isinstance(moves, list) or not moves or not all(
            isinstance(hand, list) and all(isinstance(m, str) for m in hand) for hand in moves
        ):
            raise SaveError("save.moves_shape")
        try:
            game = cls(data["variant"], hands=data["hands"], seed=data["seed"])
        except LeopardError as err:
            raise SaveError("save.settings", error=err.msg) from None
        if len(moves) > game.num_hands:
            raise SaveError("save.too_many_hands", hands=len(moves), game_hands=game.num_hands)
        for index, hand_moves in enumerate(moves):
            if index > 0:
                if not game.state.over:
                    raise SaveError("save.hand_not_over", hand=index)
                game.next_hand()
            for number, text_move in enumerate(hand_moves, 1):
                try:
                    game.apply(text_move)
                except (NotationError, LeopardError) as err:
                    raise SaveError("save.bad_move", hand=index + 1, move=number, error=err.msg) from None
        return game

    @staticmethod
    def _keys() -> tuple[str, ...]:
        return ("format", "version", "variant", "hands", "seed", "moves", "check")


def _checksum(payload: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of a save without its checksum."""
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()
