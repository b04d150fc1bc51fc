"""A game of several hands (R1.3, R7.3), reproducible from a seed, saved as versioned JSON.

Glossary:
    Game   -- the cut for deal, then ``hands`` hands with the deal alternating; running totals;
              the winner or a draw. ``game.state`` is the current ``HandState``.
    seed   -- an integer that fixes the cut and every deal: the same seed and the same moves
              give the same game.
    save   -- ``game.save()``: JSON text with the variant, hands, seed and every move, and a
              checksum; ``Game.restore(text)`` replays it and refuses anything malformed.

>>> game = Game("standard", hands=2, seed=42)
>>> Game.restore(game.save()).save() == game.save()
True
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from .cards import Card, full_deck
from .errors import LeopardError, NotationError, SaveError
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
            raise LeopardError(f"bad number of hands {hands!r}: choose 1 to {MAX_HANDS}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**53)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise LeopardError(f"bad seed {seed!r}: expected an integer from 0 to 2**63-1")
        self.seed = seed
        self.cut = cut_for_deal(random.Random(f"leopard:{seed}:cut"))
        last = self.cut[-1]
        self.first_dealer = 0 if last[0].rank > last[1].rank else 1
        self.hands: list[HandState] = []
        self._start_hand()

    # ----------------------------------------------------------------- flow
    def _start_hand(self) -> None:
        index = len(self.hands)
        dealer = self.first_dealer if index % 2 == 0 else 1 - self.first_dealer
        self.hands.append(
            HandState.deal(self.rules, dealer=dealer, deck=deck_for_hand(self.seed, index))
        )

    @property
    def state(self) -> HandState:
        """The current (last started) hand."""
        return self.hands[-1]

    @property
    def hand_number(self) -> int:
        """1-based number of the current hand."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """All hands played."""
        return len(self.hands) == self.num_hands and self.state.over

    def apply(self, move: Move | str) -> None:
        """Apply a move of the current mover (see ``HandState.apply``)."""
        self.state.apply(move)

    def next_hand(self) -> None:
        """Deal the next hand once the current one is over (the deal alternates, R1.3)."""
        if not self.state.over:
            raise LeopardError("the current hand is not over yet")
        if self.is_over:
            raise LeopardError("the game is over")
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

    def view(self, seat: int) -> dict[str, Any]:
        """The current hand's view for ``seat`` plus the game's score sheet, relative to seat."""
        view = self.state.view(seat)
        sheet = []
        for hand in self.hands:
            if hand.over:
                own, opp = hand.hand_score(seat), hand.hand_score(1 - seat)
                sheet.append({"own": own, "opp": opp})
        totals = self.totals()
        winner = self.winner()
        view["game"] = {
            "seed": self.seed,
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
        data = load_versioned(text, SAVE_FORMAT, SAVE_VERSION, "a Leopard game")
        expected = set(cls._keys())
        if set(data) != expected:
            raise SaveError(f"the save has keys {sorted(data)}; expected {sorted(expected)}")
        check = data.pop("check")
        if check != _checksum(data):
            raise SaveError("the save's checksum does not match: it was changed outside the game")
        moves = data["moves"]
        if not isinstance(moves, list) or not moves or not all(
            isinstance(hand, list) and all(isinstance(m, str) for m in hand) for hand in moves
        ):
            raise SaveError("the save's 'moves' must be a non-empty list of lists of moves")
        try:
            game = cls(data["variant"], hands=data["hands"], seed=data["seed"])
        except LeopardError as err:
            raise SaveError(f"the save's settings are wrong: {err}") from None
        if len(moves) > game.num_hands:
            raise SaveError(f"the save has {len(moves)} hands; the game has {game.num_hands}")
        for index, hand_moves in enumerate(moves):
            if index > 0:
                if not game.state.over:
                    raise SaveError(f"hand {index} is not over, but the save goes on to the next")
                game.next_hand()
            for number, text_move in enumerate(hand_moves, 1):
                try:
                    game.apply(text_move)
                except (NotationError, LeopardError) as err:
                    raise SaveError(f"hand {index + 1}, move {number}: {err}") from None
        return game

    @staticmethod
    def _keys() -> tuple[str, ...]:
        return ("format", "version", "variant", "hands", "seed", "moves", "check")


def load_versioned(text: str, fmt: str, version: int, what: str) -> dict[str, Any]:
    """The JSON object of a save whose ``format`` and ``version`` match; SaveError otherwise."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as err:
        raise SaveError(f"the save is not JSON: {err}") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SaveError(f"the save is not {what} (its 'format' is missing or wrong)")
    if data.get("version") != version:
        raise SaveError(
            f"the save has version {data.get('version')!r}; this engine reads version {version}"
        )
    return data


def _checksum(payload: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of a save without its checksum."""
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()
