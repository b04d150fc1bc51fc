"""Eleusis's session and bridge methods (``METHODS``): the person and the computer players.

The platform's bridge (``leopard_core.platform.bridge``) routes ``eleusis.<method>`` to
``METHODS`` and sorts the refusals: ``corrupt_save`` for a bad save, ``illegal_move`` for a move the
rules do not allow now (with ``reason`` and ``reason_msg``), ``bad_request`` otherwise.

The person is seat 0; the other seats are computer players. Every answer carries only what seat 0
may see (E14): its own hand, the others' counts, the public table; the rule of a hand only once it
is over, or when the person dealt it.

A classroom game (E16, ``new {people: [names]}``) has 2 to 5 people in seats 0, 1, ... and the
computer players after them. Its answers carry only what the person to move may see, once they
hold the device: after a person's turn ends (and at a new game or a restore) the answer is the
table with no hand at all (``handover`` true, ``to_move_name`` says who takes the device), until
``reveal``; while a computer player moves or the hand is over, nobody's hand is shown. The page
never receives a hand that is not the one of the person at the device.

A teacher's link (E17) gives ``new`` a ``code`` (``link_code``): the computer dealer deals the rule
it holds, which no answer names before the hand is over.

Methods (one game at a time):
    new       {game: "express"|"eleusis", bots: 2..5, level? or levels?: [one a computer],
               difficulty?, rule?: the person deals this rule (notation) and watches,
               all_deal?: every player deals once (E13), seed?,
               people?: [name, ...] a classroom game of 2-5 people (then bots is 0..4, E16),
               code?: a teacher's link code, the computer dealer's rule (E17),
               hold_back?: rounds in which the computer players neither guess nor become the
               prophet, or "never" (E16.7)}  -> snapshot
    reveal    {}                 -> snapshot (classroom: the person to move holds the device)
    link_code {rule}             -> {code}: a teacher's link code for a rule the dealer may deal
    state     {}                 -> snapshot
    move      {move: "play 7H"}  -> snapshot (any of the person's moves in the table's notation,
                                    E15: what the page's turn loop sends)
    play      {cards: ["7H", ...]} (one card, or a string in Eleusis) -> snapshot
    noplay    {}                 -> snapshot ("No play", E6)
    prophet   {} / pass {}       -> snapshot (after one's turn: declare oneself prophet, or go on;
                                    ``pass`` also declines a guess)
    judge     {right: bool}      -> snapshot (the person as prophet, E7.3)
    guess     {rule}             -> snapshot (Express, after one's right play, E9)
    next_hand {rule?}            -> snapshot (the person deals the next hand: ``rule`` in notation,
                                    or the computer dealer's rule when absent)
    undo      {}                 -> snapshot: take back the person's last move if it is one the
                                    dealer does not judge (``pass``, ``prophet``) and nobody has
                                    moved since (docs/eleusis-rules.md E18); ``illegal_move`` else
    concede   {}                 -> snapshot: the person who dealt ends the hand nobody is
                                    finding (E10.6); ``bad_request`` when they did not deal it
    bot_move  {}                 -> {seat, move, snapshot}: the computer player to move moves
    explain   {seat}             -> a computer player's reasoning now (its ``explain``) and the
                                    ``wordings`` of the rules it names
    prepare   {slice_ms?}        -> {ready, players}: make the computer players now (``new``
                                    leaves them to their first use, so that it answers at once).
                                    With ``slice_ms`` (1 to 10000), work about that long at most
                                    and answer ``ready: false`` (players 0) while work remains:
                                    the page calls again, and a worker shared by several pages
                                    answers the others in between (see ``hypotheses.build_space``)
    save      {}                 -> {text};  restore {text} -> snapshot
    levels    {}                 -> {levels, default, difficulties}
    wordings  {rules: [notation]} -> {notation: {en, es}}: rules in plain words (no game needed)

A snapshot is ``EleusisTable.view(seat)`` (see ``table``; seat 0, or in a classroom game the person
at the device, or None) and ``person`` (that seat), ``names`` (each seat's name, None for the
person of a one-person game and for computer players), ``classroom``, ``handover``,
``to_move_name``, ``bot_to_move``,
``levels`` (each seat's level, None for the person), ``wordings`` (each rule the snapshot names
in notation -- refused guesses, finished hands' rules, the person's own dealt rule -- in plain
words: ``{notation: {"en": ..., "es": ...}}``) and ``sure`` (for each finished hand, when each
computer player came to believe a rule: ``{"hand": n, "seat": s, "at": mainline length, "rule":
notation, "found": whether it is the dealt rule}``; a hand still in play shows none, since a
computer player's belief would hint at the secret), ``undoable`` (whether ``undo`` would take a
move back now, E18) and ``records`` (the
person's record of each finished hand they played, for the page's statistics: ``hand_record``).

>>> import json
>>> from leopard_core.webapi import handle
>>> snap = json.loads(handle('{"method": "eleusis.new", "args": {"bots": 2, "seed": 3}}'))["result"]
>>> snap["seats"], len(snap["hand"]), snap["rule"], snap["to_move"]
(3, 12, None, 0)
>>> json.loads(handle('{"method": "eleusis.restore", "args": {"text": "{}"}}'))["kind"]
'corrupt_save'
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from typing import Any

from leopard_core.cards import Card
from leopard_core.platform.arguments import quoted_value, seed_argument
from leopard_core.platform.errors import EngineError
from leopard_core.platform.registry import Call, Method
from leopard_core.platform.saves import load_versioned

from .classroom import check_people
from .computer import DEFAULT_LEVEL, LEVELS, computer_move, imagination_of, make_computer
from .dealer import DIFFICULTIES
from .errors import EleusisError, IllegalMove, SaveError
from .evidence import ComputerScientist, Decision
from .hand_record import person_record
from .hypotheses import build_space
from .link_code import LinkCodeError, decode, encode, quoted_code
from .messages import Message
from .moves import CONCEDE, NO_PLAY, PASS, PROPHET, RANDOM_RULE, UNJUDGED, Move
from .rule import Rule
from .table import MAX_SEATS, MIN_SEATS, EleusisTable, Settings, default_book, read_rule

PERSON = 0
SESSION_FORMAT = "leopard-eleusis-session"
SESSION_VERSION = 1
MAX_SLICE_MS = 10000


class EleusisSession:
    """The person (seat 0), or the people of a classroom game (seats 0 to len(names) - 1), and
    computer players of given levels at one table."""

    def __init__(self, table: EleusisTable, levels: list[str | None], seed: int,
                 names: tuple[str, ...] | None = None) -> None:
        people = len(names) if names else 1
        for seat, level in enumerate(levels):
            if (level is None) != (seat < people) or (level is not None and level not in LEVELS):
                raise EleusisError("eleusis.session.level", level=quoted_value(level), levels=list(LEVELS))
        self.table = table
        self.levels = levels
        self.seed = seed
        self.names = names
        self.revealed = False
        """Classroom: whether the person to move said they hold the device (never saved)."""
        self._rngs = {seat: random.Random() for seat in range(people, table.seats())}
        self._made: dict[int, ComputerScientist] | None = None
        self.sure: list[dict[str, Any]] = []
        self._found_rules: dict[tuple[int, int], bool] = {}
        self._decisions: dict[int, Decision] = {}
        """Each computer player's last play and the table it decided on (never saved: after a
        restore, Think aloud tells no past play)."""
        # The history's length before the person's last unjudged move (E18), while it may be taken back.
        self.undo_from: int | None = None
        self.hold_back: int | str = 0
        """Rounds of each hand in which the computer players neither guess nor declare themselves
        the prophet (E16.7): 0, a number of rounds, or ``"never"`` (they never do)."""

    @property
    def classroom(self) -> bool:
        """Whether several people share the device (E16)."""
        return self.names is not None

    def is_person(self, seat: int | None) -> bool:
        """Whether a person (not a computer player) sits at ``seat``."""
        return seat is not None and self.levels[seat] is None

    def viewer(self) -> int | None:
        """The seat whose view the answers carry: the person of a one-person game; in a classroom
        game the person to move once they hold the device, else nobody (no hand at all)."""
        if not self.classroom:
            return PERSON
        mover = self.table.to_move()
        return mover if self.is_person(mover) and self.revealed else None

    def handing_over(self) -> bool:
        """Classroom: a person is to move and has not yet said they hold the device."""
        mover = self.table.to_move()
        return self.classroom and self.is_person(mover) and not self.revealed

    @property
    def _players(self) -> dict[int, ComputerScientist]:
        """The computer players, made at their first use: making one builds its hypothesis space
        (seconds in the browser, once per level and worker), so ``new`` answers first and the page
        asks for ``prepare`` while the person reads the hand."""
        if self._made is None:
            self._made = {seat: make_computer(str(self.levels[seat]), rng)
                          for seat, rng in self._rngs.items()}
        return self._made

    def prepare(self, slice_ms: object = None) -> dict[str, Any]:
        """Make the computer players now (see ``_players``); with ``slice_ms``, build their
        hypothesis spaces for about that long at most, and say whether they are made."""
        if self._made is None and slice_ms is not None:
            if not isinstance(slice_ms, int | float) or isinstance(slice_ms, bool) \
                    or not 1 <= slice_ms <= MAX_SLICE_MS:
                raise EleusisError("eleusis.session.slice", value=repr(slice_ms), max=MAX_SLICE_MS)
            until = time.perf_counter() + slice_ms / 1000
            for level in dict.fromkeys(self.levels[1:]):
                imagination = imagination_of(str(level))
                if imagination and build_space(imagination, until) is None:
                    return {"ready": False, "players": 0}
        return {"ready": True, "players": len(self._players)}

    @classmethod
    def new(cls, args: dict[str, Any]) -> EleusisSession:
        """A new game from ``new``'s arguments."""
        seed = seed_argument(args, EleusisError, "eleusis.session.seed")
        names = None if args.get("people") is None else check_people(args["people"])
        people = len(names) if names else 1
        bots = args.get("bots", 3 if names is None else 1)
        if names is None and (not isinstance(bots, int) or isinstance(bots, bool) or not 2 <= bots <= 5):
            raise EleusisError("eleusis.session.bots", value=quoted_value(bots))
        if names is not None and (not isinstance(bots, int) or isinstance(bots, bool)
                                  or not MIN_SEATS <= people + bots <= MAX_SEATS):
            raise EleusisError("eleusis.session.seats", people=people, bots=quoted_value(bots),
                               seats=people + bots if isinstance(bots, int) else "?")
        levels = args.get("levels") or [args.get("level") or DEFAULT_LEVEL] * bots
        if not isinstance(levels, list) or len(levels) != bots:
            raise EleusisError("eleusis.session.level", level=quoted_value(levels), levels=list(LEVELS))
        game = args.get("game", "express")
        difficulty = args.get("difficulty", "medium")
        rule = args.get("rule")
        seats = bots + people
        if args.get("code") is not None:
            table = _table_of_code(args["code"], Settings(game, seats, (None,), difficulty), seed)
        elif rule is not None and names is None:
            table = EleusisTable(Settings(game, seats, (PERSON,), difficulty), seed)
            table.apply(Move.deal(str(rule)))
        elif args.get("all_deal") and names is None:
            table = EleusisTable(Settings.every_player_deals(game, seats, difficulty), seed)
        else:
            table = EleusisTable(Settings(game, seats, (None,), difficulty), seed)
        session = cls(table, [*([None] * people), *levels], seed, names)
        session.hold_back = _hold_back(args.get("hold_back", 0))
        return session

    def snapshot(self) -> dict[str, Any]:
        """What the person at the device sees (E14, E16), and who is to move."""
        viewer = self.viewer()
        view = self.table.view(viewer)
        mover = self.table.to_move()
        finished = {result["hand"] for result in view["results"]}
        sure = [{**moment, "found": self._found(moment)} for moment in self.sure
                if moment["hand"] in finished]
        named = [guess["rule"] for guess in view["refused_guesses"]]
        named += [result["rule"] for result in view["results"]] + [moment["rule"] for moment in sure]
        named += [entry["params"]["rule"] for entry in view["log"] if "rule" in entry.get("params", {})]
        if view["rule"]:
            named.append(view["rule"])
        names = list(self.names) + [None] * (len(self.levels) - len(self.names)) if self.names \
            else [None] * len(self.levels)
        # A classroom game's hands are nobody's own record: the statistics are one person's (E18.5).
        records = [] if self.classroom else [
            person_record(r, self.table.game, self.table.settings.difficulty) for r in view["results"]]
        view.update(person=viewer, bot_to_move=mover is not None and not self.is_person(mover),
                    levels=self.levels, wordings=wordings(named), sure=sure, names=names,
                    classroom=self.classroom, handover=self.handing_over(),
                    to_move_name=names[mover] if mover is not None else None,
                    undoable=self.undoable(), records=[r for r in records if r is not None])
        return view

    def _found(self, moment: dict[str, Any]) -> bool:
        """Whether the rule a computer player came to believe in a finished hand is the dealt
        one, judged as a guess would be (E9.2) from the mainline of that moment: only then the
        end of the hand says it found the rule; otherwise it believed it."""
        key = (moment["hand"], moment["seat"])
        if key not in self._found_rules:
            result = next((r for r in self.table.results if r.number == moment["hand"]), None)
            found = False
            if result is not None:
                try:
                    book = self.table.book
                    dealt, believed = book.parse(result.rule), book.parse(moment["rule"])
                    line = [Card.parse(text) for text in result.cards[: moment["at"]]]
                    rng = random.Random(f"eleusis-found:{self.seed}:{key}")
                    found = moment["rule"] == result.rule or book.same(dealt, believed, line, rng)
                except (EngineError, ValueError):
                    found = False  # a rule the language cannot read is not the dealt one
            self._found_rules[key] = found
        return self._found_rules[key]

    def reveal(self) -> dict[str, Any]:
        """Classroom: the person to move holds the device; the answer shows their hand."""
        if not self.classroom or not self.is_person(self.table.to_move()):
            raise EleusisError("eleusis.session.no_handover")
        self.revealed = True
        return self.snapshot()

    def undoable(self) -> bool:
        """Whether the person's last move may be taken back now (E18): it was ``pass`` or
        ``prophet``, it left the hand going, and nobody has moved since; never in a classroom game,
        where the device may already be in the next person's hands (E18.5)."""
        return (not self.classroom and self.undo_from is not None
                and len(self.table.history) == self.undo_from + 1)

    def undo(self) -> dict[str, Any]:
        """Take back the person's last unjudged move (E18): the table is the replay of every move
        before it; IllegalMove with the reason when there is nothing the rules let one take back."""
        if not self.undoable():
            raise IllegalMove(self.table.history[-1] if self.table.history else PASS,
                              Message("eleusis.illegal.no_undo"))
        saved = json.loads(self.table.save())
        saved["moves"] = saved["moves"][:-1]
        self.table = EleusisTable.restore(json.dumps(saved), self.table.book)
        self.undo_from = None
        return self.snapshot()

    def _noted(self, seat: int) -> bool:
        """Whether the moment ``seat`` came to believe a rule this hand is noted (or the game is
        over: nothing more to note)."""
        hand = self.table.hand
        return hand.phase == "over" or any(m["hand"] == hand.number and m["seat"] == seat
                                           for m in self.sure)

    def _note_certainty(self, seat: int, move: Move, block: dict[str, Any]) -> None:
        """Remember the first moment of this hand at which ``seat`` believes a rule (its block
        made as it decides says so, or it dares a guess), for the end of the hand's replay."""
        hand = self.table.hand
        if self._noted(seat):
            return
        belief = block.get("belief") or {}
        if belief.get("code") == "eleusis.belief.believes":
            rule = str(belief["params"]["rule"])
        elif move.kind == "guess":
            rule = move.text
        else:
            return
        self.sure.append({"hand": hand.number, "seat": seat, "at": len(hand.mainline), "rule": rule})

    def persons_move(self, move: Move) -> dict[str, Any]:
        """The move of the person to move (in a classroom game, once they hold the device); when
        their turn ends, the device is to be passed on."""
        mover = self.table.to_move()
        if not self.is_person(mover):
            if mover is None:
                raise IllegalMove(move, Message("eleusis.illegal.over"))
            raise EleusisError("eleusis.session.not_yours", seat=mover)
        if self.handing_over():
            assert self.names is not None and mover is not None
            raise EleusisError("eleusis.session.pass_first", name=self.names[mover])
        before, hand = len(self.table.history), self.table.hand.number
        self.table.apply(move)
        if self.table.to_move() != mover:
            self.revealed = False  # the turn is over: the next person must take the device first
        going = self.table.hand.number == hand and self.table.hand.phase != "over"
        self.undo_from = before if move.kind in UNJUDGED and going else None
        return self.snapshot()

    def concede(self) -> dict[str, Any]:
        """The person who dealt the hand ends it: nobody is finding the rule (E10.6)."""
        dealer = self.table.hand.dealer
        if dealer is None or not self.is_person(dealer):
            raise EleusisError("eleusis.session.not_dealer")
        self.table.apply(CONCEDE)
        self.undo_from = None
        return self.snapshot()

    def bot_move(self) -> dict[str, Any]:
        """The computer player to move moves; its rng is seeded by the seat and the move number,
        so a restored game goes on as the saved one would have."""
        seat = self.table.to_move()
        if seat is None or self.is_person(seat):
            raise EleusisError("eleusis.session.not_computer")
        self._rngs[seat].seed(f"{self.seed}:{seat}:{len(self.table.history)}")
        player = self._players[seat]
        evidence = self.table.evidence()
        playing = self.table.hand.phase == "play"
        held = tuple(self.table.held(seat)) if playing else ()
        move = computer_move(self.table, player)
        decision = None
        if playing and move.kind in ("play", "noplay"):
            # (the hand it chose from: a "No play" is judged on it, and Think aloud can tell when
            # no card of it fitted the rule a scientist was testing)
            decision = Decision(evidence, move.cards if move.kind == "play" else None, held)
        # The block of the moment it decides: its play's chance and its beliefs from one state
        # (made only when there is a play to remember or a belief to note: it costs a few ms).
        if decision is not None or not self._noted(seat):
            block = player.explain(evidence, decision)
            if decision is not None:
                kind = str((block.get("choice") or {}).get("code", "")).rpartition(".")[2]
                self._decisions[seat] = dataclasses.replace(decision, kind=kind)
            self._note_certainty(seat, move, block)
        if move.kind in ("guess", "prophet") and self._holding_back():
            move = PASS  # the teacher's setting: the people have the first chance (E16.7)
        self.table.apply(move)
        shown = "deal" if move.kind == "deal" else str(move)  # a computer dealer's rule stays secret
        return {"seat": seat, "move": shown, "snapshot": self.snapshot()}

    def _holding_back(self) -> bool:
        """Whether the computer players hold back now (E16.7): a round is one turn of each player."""
        if self.hold_back == "never":
            return True
        assert isinstance(self.hold_back, int)
        return self.table.hand.turns < self.hold_back * self.table.seats()

    def explain(self, seat: object) -> dict[str, Any]:
        """A computer player's reasoning now, from the public evidence."""
        if not isinstance(seat, int) or seat not in self._players:
            raise EleusisError("eleusis.session.seat", seat=repr(seat))
        explanation = self._players[seat].explain(self.table.evidence(), self._decisions.get(seat))
        named = [rule["notation"] for rule in explanation.get("rules", [])]
        for part in ("ruled_out", "belief", "choice"):
            params = (explanation.get(part) or {}).get("params", {})
            if "rule" in params:
                named.append(params["rule"])
        return {"seat": seat, "level": self.levels[seat], "explanation": explanation,
                "wordings": wordings(named)}

    def save(self) -> str:
        """The session: the levels, the seed and the table's own save."""
        data = {"format": SESSION_FORMAT, "version": SESSION_VERSION, "levels": self.levels,
                "seed": self.seed, "game": self.table.save(), "sure": self.sure, "undo_from": self.undo_from}
        if self.names is not None:
            data["names"] = list(self.names)
        if self.hold_back:
            data["hold_back"] = self.hold_back
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def restore(cls, text: object) -> EleusisSession:
        """A session from ``save`` text; SaveError for anything else."""
        data = load_versioned(text, SESSION_FORMAT, SESSION_VERSION, Message("eleusis.save.what"),
                              error=SaveError)
        levels, seed, game = data.get("levels"), data.get("seed"), data.get("game")
        if not isinstance(levels, list) or not isinstance(seed, int) or isinstance(seed, bool) \
                or not isinstance(game, str) or not levels:
            raise SaveError("eleusis.save.shape")
        names = _saved_names(data.get("names"))  # absent from a one-person game's save
        table = EleusisTable.restore(game)
        if table.seats() != len(levels):
            raise SaveError("eleusis.save.shape")
        try:
            session = cls(table, levels, seed, names)
        except EleusisError as err:
            raise SaveError("eleusis.save.shape") from err
        sure = data.get("sure", [])  # absent from the first saves
        if not isinstance(sure, list) or not all(_is_moment(m) for m in sure):
            raise SaveError("eleusis.save.shape")
        session.sure = sure
        try:
            session.hold_back = _hold_back(data.get("hold_back", 0))  # absent: nobody holds back
        except EleusisError as err:
            raise SaveError("eleusis.save.shape") from err
        undo_from = data.get("undo_from")  # absent from older saves: nothing to take back
        if type(undo_from) is int and 0 <= undo_from < len(table.history):
            session.undo_from = undo_from
        return session


MAX_HOLD_BACK = 50


def _hold_back(value: object) -> int | str:
    """``new``'s ``hold_back``: 0 to MAX_HOLD_BACK rounds, or ``"never"``; EleusisError otherwise."""
    if value == "never" or (type(value) is int and 0 <= value <= MAX_HOLD_BACK):
        return value
    raise EleusisError("eleusis.session.hold_back", value=repr(value), max=MAX_HOLD_BACK)


def _saved_names(names: object) -> tuple[str, ...] | None:
    """A save's names: None (one person), or a classroom game's names as ``check_people`` wrote
    them; SaveError otherwise."""
    if names is None:
        return None
    try:
        checked = check_people(names)
    except EleusisError as err:
        raise SaveError("eleusis.save.shape") from err
    if list(checked) != names:
        raise SaveError("eleusis.save.shape")
    return checked


def _table_of_code(code: object, settings: Settings, seed: int) -> EleusisTable:
    """A table whose computer dealer deals the rule of a teacher's link code (E17). A code whose
    rule the dealer refuses is refused as a code: the dealer's reason would name the rule."""
    rule = decode(code)
    try:
        return EleusisTable.new(settings, seed, rule=rule)
    except EleusisError as err:
        if err.msg.code.startswith("eleusis.settings."):
            raise
        raise LinkCodeError("eleusis.link.refused", code=quoted_code(str(code))) from None


def _link_code(rule: object) -> dict[str, str]:
    """``link_code``'s answer: the code of a rule the dealer may deal (E2.4, E17)."""
    notation = read_rule(default_book(), str(rule or ""), check=True)[1]
    return {"code": encode(notation)}


def _is_moment(value: object) -> bool:
    """A ``sure`` entry of a save: ``{"hand", "seat", "at": int, "rule": str}``."""
    return isinstance(value, dict) and set(value) == {"hand", "seat", "at", "rule"} \
        and all(type(value[k]) is int for k in ("hand", "seat", "at")) \
        and isinstance(value["rule"], str)


def wordings(notations: list[str]) -> dict[str, dict[str, str]]:
    """Each rule's plain words in English and Spanish, by its notation; a notation the rule
    language cannot read (a rule outside it) is left out, and the page shows it as it is.

    >>> wordings(["odd"])["odd"]["en"]
    'Play a card of odd value.'
    """
    words: dict[str, dict[str, str]] = {}
    for text in dict.fromkeys(notations):
        try:
            rule = Rule.parse(text)
        except ValueError:
            continue
        words[text] = {language: rule.wording(language) for language in ("en", "es")}
    return words


def _cards_move(args: dict[str, Any]) -> Move:
    """``play``'s cards as a move (E15)."""
    cards = args.get("cards")
    if isinstance(cards, str):
        cards = cards.split()
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise EleusisError("eleusis.notation.no_cards", text=repr(cards))
    return Move.parse("play " + " ".join(cards))


def _wordings_of(rules: object) -> dict[str, dict[str, str]]:
    """``wordings``'s answer; EleusisError unless ``rules`` is a short list of texts."""
    if not isinstance(rules, list) or len(rules) > 50 or not all(isinstance(r, str) for r in rules):
        raise EleusisError("eleusis.notation.rule", text=repr(rules), error="expected a list of rules")
    return wordings(rules)


def _ruling(args: dict[str, Any]) -> bool:
    """``judge``'s ruling: exactly JSON ``true`` (right) or ``false`` (wrong). Anything else
    ("yes", 1, "true", null, nothing) is refused: read as "wrong", a malformed request would
    depose a true prophet."""
    right = args.get("right")
    if not isinstance(right, bool):
        raise EleusisError("eleusis.session.ruling", value=repr(right) if "right" in args else "(none)")
    return right


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
    "move": lambda call: _move(call, Move.parse(str(call.args.get("move", "")))),
    "play": lambda call: _move(call, _cards_move(call.args)),
    "noplay": lambda call: _move(call, NO_PLAY),
    "prophet": lambda call: _move(call, PROPHET),
    "pass": lambda call: _move(call, PASS),
    "judge": lambda call: _move(call, Move.judge(_ruling(call.args))),
    "guess": lambda call: _move(call, Move.guess(str(call.args.get("rule", "")))),
    "next_hand": lambda call: _move(call, _deal_move(call.args)),
    "undo": lambda call: call.session.undo(),
    "concede": lambda call: call.session.concede(),
    "bot_move": lambda call: call.session.bot_move(),
    "explain": lambda call: call.session.explain(call.args.get("seat")),
    "prepare": lambda call: call.session.prepare(call.args.get("slice_ms")),
    "wordings": lambda call: _wordings_of(call.args.get("rules")),
    "save": lambda call: {"text": call.session.save()},
    "reveal": lambda call: call.session.reveal(),
    "link_code": lambda call: _link_code(call.args.get("rule")),
}
"""Eleusis's bridge methods by name (the module's docstring says what each takes and answers)."""
