"""An Eleusis table: the rules of play of Eleusis and Eleusis Express (docs/eleusis-rules.md).

The table deals, keeps the turns, judges every play with the dealer's secret rule, checks a
prophet's judgements against it, applies the penalties, expels, ends and scores each hand, and goes
on to the next hand until every hand of the game is played. It decides nothing for a player: every
player's decision (a computer's or a person's) comes in as a move (``moves.Move``, E15).

Glossary:
    EleusisTable -- a game (one or several hands) implementing the platform's ``GameState``:
                  ``seats``, ``to_move``, ``legal_moves``, ``apply``, ``clone``, ``view``, ``save``,
                  ``restore``.
    Settings    -- ``game`` (``express`` or ``eleusis``), ``seats`` (3 to 6 players, E1.4),
                  ``dealers`` (one entry a hand: None for the computer dealer, who is not a seat, or
                  the seat that deals and sits the hand out, E13) and the computer dealer's
                  ``difficulty``.
    phase       -- what the table waits for: ``deal`` (a dealing seat's rule, E13.2), ``play`` (a
                  card, a string or "No play", E4-E6), ``judge`` (the prophet's verdict on the
                  pending play, E7.3), ``declare`` (after a turn in Eleusis: ``prophet`` or ``pass``,
                  E7.1), ``guess`` (after a right play in Express: ``guess RULE`` or ``pass``, E9.1),
                  ``over`` (the game is over).
    Hand        -- the current hand: the stock, the hands, the mainline (starter first), every judged
                  play (``SeatPlay``) and "No play" call (``SeatNoPlay``) with its seat, the refused
                  guesses, the prophet and the marker, the expelled seats, the log of ``Message``s.
    HandResult  -- a finished hand: its dealer, the rule's notation, why it ended, the cards held and
                  the scores (E11, E12).
    evidence    -- ``table.evidence()``: the public ``Evidence`` the computer players reason on.

>>> table = EleusisTable.new(Settings("express", 3), seed=5, rule="differ(colour)")
>>> table.to_move(), table.hand.phase, len(table.held(0)), table.view(1)["rule"]
(0, 'play', 12, None)
>>> table.apply("noplay"); table.hand.log[-1].code
'eleusis.event.no_play_wrong'
>>> table.view(0)["moves"]  # the game's moves so far
1
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Self

from leopard_core.cards import Card
from leopard_core.platform.errors import EngineError, message_of
from leopard_core.platform.saves import load_versioned, replay_moves

from .errors import EleusisError, IllegalMove, SaveError
from .evidence import Evidence, NoPlay, Play
from .messages import Message
from .moves import DEAL_RANDOM, NO_PLAY, PASS, PROPHET, RANDOM_RULE, Move
from .rulebook import RuleBook, TableRule, right_cards, string_right
from .scoring import HandScore, ProphetTally, eleusis_scores, express_scores
from .stock import Stock

GAMES = ("express", "eleusis")
MIN_SEATS, MAX_SEATS = 3, 6
HAND_SIZE = {"eleusis": 14, "express": 12}
NO_PLAY_SHRINK = {"eleusis": 4, "express": 1}
NO_PLAY_PENALTY = {"eleusis": 5, "express": 2}
WRONG_CARD_PENALTY = 2
FALSE_PROPHET_PENALTY = 5
GUESS_PENALTY = 2
MAINLINE_EXPULSION = 40
MARKER_EXPULSION = 30
TURN_LIMIT = 300
VIEW_LOG = 12
"""A view carries the last messages of the hand's log (``log_size`` counts them all)."""
SAVE_FORMAT = "leopard-eleusis"
SAVE_VERSION = 1
MAX_SAVED_MOVES = 20_000

Phase = Literal["deal", "play", "judge", "declare", "guess", "over"]


@dataclass(frozen=True)
class Settings:
    """A game's settings (see the glossary)."""

    game: str
    seats: int
    dealers: tuple[int | None, ...] = (None,)
    difficulty: str = "medium"

    def check(self, book: RuleBook) -> None:
        """EleusisError naming the first setting that is wrong."""
        if self.game not in GAMES:
            raise EleusisError("eleusis.settings.game", value=repr(self.game))
        if isinstance(self.seats, bool) or not isinstance(self.seats, int) \
                or not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise EleusisError("eleusis.settings.seats", value=repr(self.seats), low=MIN_SEATS,
                               high=MAX_SEATS)
        if not self.dealers or not all(
                d is None or (isinstance(d, int) and not isinstance(d, bool) and 0 <= d < self.seats)
                for d in self.dealers):
            raise EleusisError("eleusis.settings.dealers", value=repr(self.dealers))
        if self.difficulty not in book.difficulties:
            raise EleusisError("eleusis.settings.difficulty", value=repr(self.difficulty),
                               choices=list(book.difficulties))

    @classmethod
    def every_player_deals(cls, game: str, seats: int, difficulty: str = "medium") -> Settings:
        """A whole game (E13): seat 1 deals first and the person (seat 0) last."""
        return cls(game, seats, tuple((h + 1) % seats for h in range(seats)), difficulty)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able settings."""
        return {"game": self.game, "seats": self.seats, "dealers": list(self.dealers),
                "difficulty": self.difficulty}

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from ``to_dict``; EleusisError when malformed."""
        if not isinstance(data, dict) or set(data) != {"game", "seats", "dealers", "difficulty"} \
                or not isinstance(data["dealers"], list):
            raise EleusisError("eleusis.settings.dealers", value=repr(data))
        return cls(data["game"], data["seats"], tuple(data["dealers"]), data["difficulty"])


@dataclass(frozen=True)
class SeatPlay:
    """A judged play and the seat that made it (None: the dealer's card after a wrong "No play")."""

    seat: int | None
    play: Play


@dataclass(frozen=True)
class SeatNoPlay:
    """A "No play" call and the seat that made it."""

    seat: int
    call: NoPlay


@dataclass(frozen=True)
class Pending:
    """A play or "No play" call waiting for the prophet's judgement (``cards`` None for No play)."""

    seat: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True)
class HandResult:
    """A finished hand (see the glossary)."""

    number: int
    dealer: int | None
    rule: str
    reason: Message
    held: list[int | None]
    score: HandScore
    prophet: int | None
    guessed: int | None = None
    mainline: int = 0
    marker: int | None = None
    cards: tuple[str, ...] = ()
    """The mainline's cards at the end (public, E14.1): a whole game's next hand has begun by
    the time a page shows this hand's end, so its replay cannot come from the table."""

    def to_json(self) -> dict[str, Any]:
        """JSON-able, for views (``mainline``: the cards on it at the end, starter included, and
        ``mainline_cards`` those cards; ``guessed``: the seat whose guess ended the hand;
        ``marker``: the prophet's marked card)."""
        return {"hand": self.number, "dealer": self.dealer, "rule": self.rule,
                "reason": str(self.reason), "reason_msg": self.reason.as_json(), "held": self.held,
                "scores": self.score.players, "dealer_score": self.score.dealer,
                "prophet": self.prophet, "guessed": self.guessed, "mainline": self.mainline,
                "marker": self.marker, "mainline_cards": list(self.cards)}


@dataclass
class Hand:
    """The hand being played (see the glossary)."""

    number: int
    dealer: int | None
    rng: random.Random
    rule: TableRule | None = None
    stock: Stock | None = None
    hands: list[list[Card]] = field(default_factory=list)
    mainline: list[Card] = field(default_factory=list)
    plays: list[SeatPlay] = field(default_factory=list)
    no_plays: list[SeatNoPlay] = field(default_factory=list)
    guesses: list[tuple[int, str]] = field(default_factory=list)
    prophet: int | None = None
    marker: int | None = None
    marker_from: int = 0
    been_prophet: set[int] = field(default_factory=set)
    expelled: set[int] = field(default_factory=set)
    phase: Phase = "deal"
    mover: int = 0
    pending: Pending | None = None
    turns: int = 0
    depleted: int | None = None
    guessed: int | None = None
    log: list[Message] = field(default_factory=list)

    def right_after_marker(self) -> int:
        """Mainline cards after the marked card (E7.5)."""
        return 0 if self.marker is None else len(self.mainline) - 1 - self.marker

    def wrong_after_marker(self) -> int:
        """Cards played wrong since the marker was placed (E7.5)."""
        if self.marker is None:
            return 0
        return sum(len(p.play.cards) for p in self.plays[self.marker_from:] if not p.play.right)

    def sideline_cards(self) -> int:
        """How many cards lie on the sidelines."""
        return sum(len(p.play.cards) for p in self.plays if not p.play.right)


class EleusisTable:
    """A game of Eleusis or Eleusis Express (see the module's glossary)."""

    def __init__(self, settings: Settings, seed: int, book: RuleBook | None = None,
                 dealt: Sequence[str] = ()) -> None:
        """A new game; ``dealt`` are the computer dealer's rules (notation) for the hands it deals,
        in order; it draws the others at the settings' difficulty."""
        self.book = book if book is not None else default_book()
        settings.check(self.book)
        self.settings = settings
        self.seed = seed
        self.history: list[Move] = []
        self.dealt = list(dealt)
        self.results: list[HandResult] = []
        self._public: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        self.hand = self._begin_hand(0)

    @classmethod
    def new(cls, settings: Settings, seed: int, book: RuleBook | None = None,
            rule: str | None = None) -> EleusisTable:
        """A new game; ``rule`` (notation, checked as in E2.4) is the first hand's rule when the
        computer dealer deals it."""
        book = book if book is not None else default_book()
        dealt = [] if rule is None else [read_rule(book, rule, check=True)[1]]
        return cls(settings, seed, book, dealt)

    # ----------------------------------------------------------------- the contract

    def seats(self) -> int:
        """The number of players (E1.4)."""
        return self.settings.seats

    @property
    def game(self) -> str:
        """``express`` or ``eleusis``."""
        return self.settings.game

    @property
    def over(self) -> bool:
        """Whether every hand of the game has been played."""
        return self.hand.phase == "over"

    def to_move(self) -> int | None:
        """The seat to act now, None when the game is over."""
        hand = self.hand
        if hand.phase == "over":
            return None
        if hand.phase == "deal":
            assert hand.dealer is not None
            return hand.dealer
        if hand.phase == "judge":
            assert hand.prophet is not None
            return hand.prophet
        return hand.mover

    def legal_moves(self) -> list[str]:
        """The mover's moves (E15): every card, every string of two (Eleusis) and "No play"; the two
        verdicts; ``prophet`` or ``pass``; ``pass`` (a guess ``guess RULE`` is legal too, and any
        longer string, but they are not listed); ``deal random`` (or ``deal RULE``)."""
        hand = self.hand
        if hand.phase == "play":
            held = hand.hands[hand.mover]
            counts = Counter(held)
            distinct = sorted(counts, key=lambda c: c.sort_key)
            names = [str(c) for c in distinct]
            moves = [f"play {name}" for name in names]
            if self.game == "eleusis":  # strings of two, written directly: a hand may hold 40 cards
                moves += [f"play {names[i]} {names[j]}" for i in range(len(names))
                          for j in range(len(names)) if i != j or counts[distinct[i]] > 1]
            return [*moves, str(NO_PLAY)]
        if hand.phase == "judge":
            return [str(Move.judge(True)), str(Move.judge(False))]
        if hand.phase == "declare":
            return [str(PROPHET), str(PASS)]
        if hand.phase == "guess":
            return [str(PASS)]
        if hand.phase == "deal":
            return [str(DEAL_RANDOM)]
        return []

    def apply(self, move: Move | str) -> None:
        """Play the mover's ``move`` (or its E15 text). MoveNotationError for unreadable text,
        IllegalMove (with the rule's reason) for a move not allowed now; the table is unchanged then."""
        if isinstance(move, str) or not isinstance(move, Move):
            move = Move.parse(move)
        reason, rule = self._check(move)
        if reason is not None:
            raise IllegalMove(move, reason)
        self._do(move, rule)

    def why_illegal(self, move: Move) -> Message | None:
        """The rule ``move`` breaks now, or None when it is legal."""
        return self._check(move)[0]

    def clone(self) -> Self:
        """An independent copy. What never changes once made is shared: the rule book, the rules,
        the records of plays, calls and results, the messages."""
        twin = copy.copy(self)
        twin.history, twin.dealt, twin.results = list(self.history), list(self.dealt), list(self.results)
        hand = self.hand
        rng = random.Random()
        rng.setstate(hand.rng.getstate())
        twin.hand = dataclasses.replace(
            hand, rng=rng, stock=None if hand.stock is None else hand.stock.clone(rng),
            hands=[list(h) for h in hand.hands], mainline=list(hand.mainline), plays=list(hand.plays),
            no_plays=list(hand.no_plays), guesses=list(hand.guesses),
            been_prophet=set(hand.been_prophet), expelled=set(hand.expelled), log=list(hand.log))
        return twin

    # ----------------------------------------------------------------- reading

    def evidence(self) -> Evidence:
        """Everything public, for the computer players (``evidence.Evidence``)."""
        hand = self.hand
        return Evidence(
            mainline=tuple(hand.mainline), plays=tuple(p.play for p in hand.plays),
            no_plays=tuple(n.call for n in hand.no_plays),
            refused_guesses=tuple(text for _, text in hand.guesses),
        )

    def held(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds (a copy), sorted. Between two hands of a whole game (the next
        dealer has not given the rule) nobody holds a card: the cards are dealt once the rule is
        given (E3), so the answer is an empty hand, as for the dealer. After the game, the cards
        held at the end of the last hand (E11, E12 count them). EleusisError for a seat that is
        not at the table: a question about nobody has no answer."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats():
            raise EleusisError("eleusis.table.seat", seat=repr(seat), last=self.seats() - 1)
        if not self.hand.hands:
            return []
        return sorted(self.hand.hands[seat], key=lambda c: c.sort_key)

    @property
    def pending(self) -> Pending | None:
        """The play or call the prophet must judge now."""
        return self.hand.pending

    def rule_text(self) -> str:
        """The current hand's rule (a secret: for the dealer and for the end of the hand)."""
        return str(self.hand.rule) if self.hand.rule is not None else ""

    def totals(self) -> list[int]:
        """Each seat's total over the finished hands (a dealing seat scores as dealer, E13.1)."""
        totals = [0] * self.seats()
        for result in self.results:
            for seat, score in enumerate(result.score.players):
                totals[seat] += result.score.dealer if seat == result.dealer else (score or 0)
        return totals

    def in_expulsion(self) -> bool:
        """Whether a wrong play now expels its player (E8.1)."""
        hand = self.hand
        if self.game != "eleusis":
            return False
        if hand.prophet is not None:
            return hand.right_after_marker() + hand.wrong_after_marker() >= MARKER_EXPULSION
        return len(hand.mainline) >= MAINLINE_EXPULSION

    def cards_in_play(self) -> int:
        """Stock, hands, mainline, sidelines and a pending play: ``52 * decks`` (E3.1)."""
        hand = self.hand
        if hand.stock is None:
            return 0
        pending = len(hand.pending.cards or ()) if hand.pending is not None else 0
        return (len(hand.stock) + sum(len(h) for h in hand.hands) + len(hand.mainline)
                + hand.sideline_cards() + pending)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator): its own hand, the others' counts, the public
        evidence, and the rule only when the hand is over or ``seat`` dealt it (E14). ``moves``
        counts the game's moves so far: a page's mark of the position a move was made at."""
        hand = self.hand
        mover = self.to_move()
        sees_rule = seat is not None and seat == hand.dealer and hand.rule is not None
        return {
            **self._public_view(), "seat": seat,
            "hand": [str(c) for c in self.held(seat)] if seat is not None and hand.hands else [],
            "legal_moves": self.legal_moves() if seat is not None and seat == mover else [],
            "rule": self.rule_text() if sees_rule else None,
        }

    def _public_view(self) -> dict[str, Any]:
        """The part of every view that all seats share, made once per state (the lists inside are
        shared between views: read them, do not change them)."""
        hand = self.hand
        key = (hand.number, len(self.history), hand.phase, hand.turns, len(hand.mainline),
               len(hand.plays), len(hand.no_plays), len(hand.log), hand.prophet,
               tuple(len(h) for h in hand.hands), len(hand.stock) if hand.stock is not None else 0)
        if self._public is not None and self._public[0] == key:
            return self._public[1]
        public = {
            "game": self.game, "seats": self.seats(),
            "hand_number": hand.number, "hands_in_game": len(self.settings.dealers),
            "dealer": hand.dealer, "phase": hand.phase, "to_move": self.to_move(),
            "hand_counts": [len(h) for h in hand.hands],
            "stock": len(hand.stock) if hand.stock is not None else 0,
            "mainline": [str(c) for c in hand.mainline],
            "plays": [{"seat": p.seat, "at": p.play.at, "cards": [str(c) for c in p.play.cards],
                       "right": p.play.right} for p in hand.plays],
            "no_plays": [{"seat": n.seat, "at": n.call.at, "hand": [str(c) for c in n.call.hand],
                          "right": n.call.right} for n in hand.no_plays],
            "refused_guesses": [{"seat": s, "rule": text} for s, text in hand.guesses],
            "pending": None if hand.pending is None else self._pending_view(hand.pending),
            "prophet": hand.prophet, "marker": hand.marker, "been_prophet": sorted(hand.been_prophet),
            "expelled": sorted(hand.expelled), "expulsion": self.in_expulsion(), "turns": hand.turns,
            "log": [m.as_json() for m in hand.log[-VIEW_LOG:]], "log_size": len(hand.log),
            "moves": len(self.history),
            "results": [r.to_json() for r in self.results], "totals": self.totals(),
            "over": self.over,
        }
        self._public = (key, public)
        return public

    def _pending_view(self, pending: Pending) -> dict[str, Any]:
        """The play laid down for the prophet to judge, or the hand shown with a "No play" call
        (both public, E6.3)."""
        shown = pending.cards if pending.cards is not None else self.held(pending.seat)
        return {"seat": pending.seat, "no_play": pending.cards is None, "cards": [str(c) for c in shown]}

    # ----------------------------------------------------------------- checking

    def _check(self, move: Move) -> tuple[Message | None, TableRule | None]:
        """Why ``move`` is illegal now (None when legal), and the rule it names (deal, guess)."""
        hand = self.hand
        phase = hand.phase
        if phase == "over":
            return Message("eleusis.illegal.over"), None
        if phase == "deal":
            if move.kind != "deal":
                return Message("eleusis.illegal.deal_first"), None
            if move.text == RANDOM_RULE:
                return None, None
            try:
                return None, read_rule(self.book, move.text, check=True)[0]
            except EngineError as err:
                return err.msg, None
        if move.kind == "concede":  # the dealing seat's, whoever is to move (E10.6)
            return (None if hand.dealer is not None else Message("eleusis.illegal.no_dealer")), None
        if phase == "play":
            if move.kind not in ("play", "noplay"):
                return Message("eleusis.illegal.play_now"), None
            if move.kind == "play":
                if self.game == "express" and len(move.cards) > 1:
                    return Message("eleusis.illegal.no_strings"), None
                missing = Counter(move.cards) - Counter(hand.hands[hand.mover])
                if missing:
                    return Message("eleusis.illegal.not_in_hand",
                                   cards=[str(c) for c in missing.elements()]), None
            return None, None
        if phase == "judge":
            return (None if move.kind == "judge" else Message("eleusis.illegal.judge_now")), None
        if phase == "declare":
            ok = move.kind in ("prophet", "pass")
            return (None if ok else Message("eleusis.illegal.declare_now")), None
        if move.kind == "pass":
            return None, None
        if move.kind != "guess":
            return Message("eleusis.illegal.guess_now"), None
        try:
            return None, read_rule(self.book, move.text, check=False)[0]
        except EngineError as err:
            return err.msg, None

    # ----------------------------------------------------------------- changing

    def _do(self, move: Move, rule: TableRule | None) -> None:
        """Play a legal move; ``rule`` is the rule a deal or a guess names."""
        hand = self.hand
        kind = move.kind
        if kind == "deal":
            if rule is None:
                rule = self.book.deal(random.Random(f"eleusis-rule:{self.seed}:{hand.number}"),
                                      self.settings.difficulty)
            move = Move.deal(str(rule))  # the history keeps the rule itself, so a save replays it
            self.history.append(move)
            self._start_hand(rule)
            return
        self.history.append(move)
        if kind == "concede":
            assert hand.dealer is not None
            self._end_hand(Message("eleusis.end.conceded", seat=hand.dealer))
            return
        if kind == "play" or kind == "noplay":
            seat = hand.mover
            cards = move.cards if kind == "play" else None
            if cards is not None:
                for card in cards:
                    hand.hands[seat].remove(card)
            if hand.prophet is not None:
                hand.pending = Pending(seat, cards)
                hand.phase = "judge"
                return
            self._settle(seat, cards, immune=False)
        elif kind == "judge":
            self._judged(move.verdict)
        elif kind == "prophet":
            self._declare(hand.mover)
        elif kind == "pass":
            self._next_turn(hand.mover)
        else:
            assert rule is not None
            self._guessed(hand.mover, move.text, rule)

    def _begin_hand(self, number: int) -> Hand:
        """Hand ``number``: its dealing seat waits to give the rule, or the computer dealer deals."""
        dealer = self.settings.dealers[number]
        hand = Hand(number=number, dealer=dealer, rng=random.Random(f"eleusis-deal:{self.seed}:{number}"))
        self.hand = hand
        if dealer is None:
            already = sum(1 for d in self.settings.dealers[:number] if d is None)
            if already < len(self.dealt):
                rule = read_rule(self.book, self.dealt[already], check=False)[0]
            else:
                rule = self.book.deal(random.Random(f"eleusis-rule:{self.seed}:{number}"),
                                      self.settings.difficulty)
                self.dealt.append(str(rule))
            self._start_hand(rule)
        else:
            hand.phase = "deal"
            hand.mover = dealer
        return hand

    def _start_hand(self, rule: TableRule) -> None:
        """Deal (E3): the hands one card at a time from the dealer's left, then the starter."""
        hand = self.hand
        hand.rule = rule
        stock = hand.stock = Stock.shuffled(hand.rng)
        hand.hands = [[] for _ in range(self.seats())]
        players = self.players()
        for _ in range(HAND_SIZE[self.game]):
            for seat in players:
                hand.hands[seat] += stock.draw(1)
        for _ in range(2 * len(stock)):  # E3.4: a starter nothing could follow goes under the stock
            starter = stock.draw(1)[0]
            if right_cards(rule, [starter]):
                break
            hand.log.append(Message("eleusis.event.redealt_starter", card=str(starter)))
            stock.put_bottom([starter])
        hand.mainline = [starter]
        hand.log.append(Message("eleusis.event.dealt", hand=hand.number + 1,
                                cards=HAND_SIZE[self.game], starter=str(starter)))
        hand.phase = "play"
        hand.mover = players[0]

    def players(self) -> list[int]:
        """The seats playing this hand, from the dealer's left (E1.3, E4.1)."""
        dealer = self.hand.dealer
        start = 0 if dealer is None else dealer + 1
        order = [(start + i) % self.seats() for i in range(self.seats())]
        return [s for s in order if s != dealer]

    def _active(self, seat: int) -> bool:
        """Whether ``seat`` takes turns now: not the dealer, the prophet or expelled (E4.4)."""
        hand = self.hand
        return seat != hand.dealer and seat != hand.prophet and seat not in hand.expelled

    def _draw(self, seat: int, count: int) -> None:
        """Penalty cards (or a new hand) from the stock that never runs dry (E3.1)."""
        assert self.hand.stock is not None
        self.hand.hands[seat] += self.hand.stock.draw(count)

    def _settle(self, seat: int, cards: tuple[Card, ...] | None, immune: bool) -> None:
        """Judge a play or "No play" call by the rule and apply its consequences (E4-E8)."""
        hand = self.hand
        assert hand.rule is not None
        expelling = self.in_expulsion()
        at = len(hand.mainline)
        hand.turns += 1
        right = False
        if cards is None:
            self._settle_no_play(seat, immune, expelling)
        else:
            right = string_right(hand.rule, hand.mainline, cards)
            hand.plays.append(SeatPlay(seat, Play(at, cards, right)))
            names = [str(c) for c in cards]
            if right:
                hand.mainline.extend(cards)
                hand.log.append(Message("eleusis.event.right", seat=seat, cards=names))
            elif immune:
                hand.log.append(Message("eleusis.event.immune", seat=seat))
            else:
                penalty = WRONG_CARD_PENALTY * len(cards)
                self._draw(seat, penalty)
                hand.log.append(Message("eleusis.event.wrong", seat=seat, cards=names, penalty=penalty))
                if expelling:
                    self._expel(seat)
        if hand.phase == "over" or self.hand is not hand:
            return
        if not hand.hands[seat]:
            hand.depleted = seat
            self._end_hand(Message("eleusis.end.depleted", seat=seat))
        elif all(s in hand.expelled for s in self.players() if s != hand.prophet):
            self._end_hand(Message("eleusis.end.expelled"))
        elif hand.turns >= TURN_LIMIT:
            self._end_hand(Message("eleusis.end.turn_limit", turns=hand.turns))
        elif self.game == "express" and right:
            hand.phase, hand.mover = "guess", seat
        elif self._may_declare(seat):
            hand.phase, hand.mover = "declare", seat
        else:
            self._next_turn(seat)

    def _settle_no_play(self, seat: int, immune: bool, expelling: bool) -> None:
        """A "No play" call (E6): a new, smaller hand, the end of the hand, or a card moved and a
        penalty."""
        hand = self.hand
        assert hand.rule is not None and hand.stock is not None
        held = hand.hands[seat]
        fitting = [c for c in right_cards(hand.rule, hand.mainline) if c in held]
        at = len(hand.mainline)
        hand.no_plays.append(SeatNoPlay(seat, NoPlay(at, tuple(held), not fitting)))
        if not fitting:
            shrink = NO_PLAY_SHRINK[self.game]
            if len(held) <= shrink:
                self._end_hand(Message("eleusis.end.no_play", seat=seat, cards=len(held)))
                return
            hand.stock.put_bottom(held)
            hand.hands[seat] = hand.stock.draw(len(held) - shrink)
            hand.log.append(Message("eleusis.event.no_play_right", seat=seat, cards=len(held) - shrink))
            return
        card = fitting[0]  # E6 Choice: the first right card, ace to king, S H D C
        held.remove(card)
        hand.mainline.append(card)
        hand.plays.append(SeatPlay(None, Play(at, (card,), True)))
        if immune:
            hand.log.append(Message("eleusis.event.immune", seat=seat))
            return
        penalty = NO_PLAY_PENALTY[self.game]
        self._draw(seat, penalty)
        hand.log.append(Message("eleusis.event.no_play_wrong", seat=seat, card=str(card), penalty=penalty))
        if expelling:
            self._expel(seat)

    def _expel(self, seat: int) -> None:
        """E8.2: the seat keeps its hand and penalty but plays no more this hand."""
        self.hand.expelled.add(seat)
        self.hand.log.append(Message("eleusis.event.expelled", seat=seat))

    def _judged(self, verdict: bool) -> None:
        """The prophet's verdict on the pending play, checked against the rule (E7.3, E7.4)."""
        hand = self.hand
        pending, prophet = hand.pending, hand.prophet
        assert pending is not None and prophet is not None and hand.rule is not None
        if pending.cards is None:
            truth = not any(c in hand.hands[pending.seat] for c in right_cards(hand.rule, hand.mainline))
        else:
            truth = string_right(hand.rule, hand.mainline, pending.cards)
        hand.pending = None
        hand.phase = "play"
        if verdict == truth:
            hand.log.append(Message("eleusis.event.correct"))
            self._settle(pending.seat, pending.cards, immune=False)
            return
        self._draw(prophet, FALSE_PROPHET_PENALTY)
        hand.log.append(Message("eleusis.event.false_prophet", seat=prophet))
        hand.prophet = hand.marker = None
        self._settle(pending.seat, pending.cards, immune=not truth)

    def _may_declare(self, seat: int) -> bool:
        """E7.1: Eleusis, no prophet now, never prophet this hand, not expelled, and two or more
        other active players."""
        hand = self.hand
        if self.game != "eleusis" or hand.prophet is not None or seat in hand.been_prophet \
                or seat in hand.expelled:
            return False
        others = [s for s in self.players() if s != seat and s not in hand.expelled]
        return len(others) >= 2

    def _declare(self, seat: int) -> None:
        """E7.2: the marker on the last mainline card; the prophet's hand is set aside."""
        hand = self.hand
        hand.prophet = seat
        hand.marker = len(hand.mainline) - 1
        hand.marker_from = len(hand.plays)
        hand.been_prophet.add(seat)
        hand.log.append(Message("eleusis.event.prophet", seat=seat, card=str(hand.mainline[-1])))
        self._next_turn(seat)

    def _guessed(self, seat: int, text: str, rule: TableRule) -> None:
        """E9: a right guess ends the hand; a wrong one is refused with two penalty cards."""
        hand = self.hand
        assert hand.rule is not None
        rng = random.Random(f"eleusis-guess:{self.seed}:{hand.number}:{len(self.history)}")
        if self.book.same(hand.rule, rule, hand.mainline, rng):
            hand.guessed = seat
            hand.log.append(Message("eleusis.event.guess_right", seat=seat))
            self._end_hand(Message("eleusis.end.guessed", seat=seat))
            return
        hand.guesses.append((seat, text))
        self._draw(seat, GUESS_PENALTY)
        hand.log.append(Message("eleusis.event.guess_wrong", seat=seat, rule=text))
        self._next_turn(seat)

    def _next_turn(self, after: int) -> None:
        """The next active seat after ``after`` plays (E4.4)."""
        hand = self.hand
        for step in range(1, self.seats() + 1):
            seat = (after + step) % self.seats()
            if self._active(seat):
                hand.phase, hand.mover = "play", seat
                return
        self._end_hand(Message("eleusis.end.expelled"))

    def _end_hand(self, reason: Message) -> None:
        """Score the hand (E11, E12), keep its result and begin the next hand, if any (E13)."""
        hand = self.hand
        assert hand.rule is not None
        held: list[int | None] = [None if s == hand.dealer else len(h) for s, h in enumerate(hand.hands)]
        tally = None
        if self.game == "express":
            score = express_scores(held, hand.depleted, hand.guessed)
        else:
            if hand.prophet is not None and hand.marker is not None:
                tally = ProphetTally(hand.prophet, hand.marker, hand.right_after_marker(),
                                     hand.wrong_after_marker())
            score = eleusis_scores(held, tally)
        if reason.code == "eleusis.end.conceded":  # a rule nobody found earns its dealer nothing (E10.6)
            score = dataclasses.replace(score, dealer=min(0, score.dealer))
        hand.log.append(reason)
        self.results.append(HandResult(hand.number, hand.dealer, str(hand.rule), reason, held, score,
                                       hand.prophet, hand.guessed, len(hand.mainline), hand.marker,
                                       tuple(str(c) for c in hand.mainline)))
        hand.pending = None
        if hand.number + 1 < len(self.settings.dealers):
            self._begin_hand(hand.number + 1)
        else:
            hand.phase = "over"

    # ----------------------------------------------------------------- saving

    def save(self) -> str:
        """Versioned JSON: the settings, the seed, the computer dealer's rules and every move."""
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "settings": self.settings.to_dict(),
            "seed": self.seed, "dealt": self.dealt, "moves": [str(m) for m in self.history],
        }, separators=(",", ":"))

    @classmethod
    def restore(cls, text: object, book: RuleBook | None = None) -> Self:
        """Replay a ``save``; SaveError (and no other exception) for anything that is not one."""
        data = load_versioned(text, SAVE_FORMAT, SAVE_VERSION, Message("eleusis.save.what"), error=SaveError)
        seed, moves, dealt = data.get("seed"), data.get("moves"), data.get("dealt")
        if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(moves, list) \
                or len(moves) > MAX_SAVED_MOVES or not all(isinstance(m, str) for m in moves) \
                or not isinstance(dealt, list) or not all(isinstance(r, str) for r in dealt):
            raise SaveError("eleusis.save.shape")
        book = book if book is not None else default_book()
        for text in dealt:  # a rule changed in the save to one the dealer refuses (E2.4)
            try:
                read_rule(book, str(text), check=True)
            except EngineError as err:
                reason = err.msg.params.get("reason", err.msg)  # the dealer's reason, else why unreadable
                raise SaveError("eleusis.save.bad_rule", rule=repr(text), reason=reason) from err
        try:
            table = cls(Settings.from_dict(data.get("settings")), seed, book, dealt)
            replay_moves(table.apply, moves, EngineError, SaveError, "eleusis.save.bad_move")
        except SaveError:
            raise
        except (EngineError, ValueError, TypeError, KeyError, IndexError, RecursionError) as err:
            raise SaveError("eleusis.save.bad_move", move=0, error=message_of(err)) from err
        return table


def read_rule(book: RuleBook, text: str, check: bool) -> tuple[TableRule, str]:
    """The rule written ``text`` and its notation; EleusisError when unreadable or (``check``) when
    the dealer's checks refuse it (E2.4)."""
    try:
        rule = book.parse(text)
    except EngineError as err:
        raise EleusisError("eleusis.notation.rule", text=repr(text), error=err.msg) from err
    except ValueError as err:
        raise EleusisError("eleusis.notation.rule", text=repr(text), error=message_of(err)) from err
    if check:
        problem = book.problem(rule)
        if problem is not None:
            raise EleusisError("eleusis.illegal.bad_rule", rule=str(rule), reason=problem)
    return rule, str(rule)


def default_book() -> RuleBook:
    """The science's rule book (``science_book.ScienceBook``)."""
    from .science_book import ScienceBook

    return ScienceBook()

