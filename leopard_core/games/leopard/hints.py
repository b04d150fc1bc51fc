"""Hints (issue 10): the move the default level would play in the person's place, and why.

Glossary:
    Hint        -- ``hint(view)``: the move (N3), one line saying why (a Message: ``hint.*`` codes;
                   ``text`` is its English), and the same reason as data (``reason_data``) that
                   tests and pages can check against the engine.
    view        -- the person's view (``HandState.view`` or ``Game.view``): the only input, so a
                   hint can never use what the person may not see (R3.3).
    hint seed   -- the bot's random seed, derived from the view's public keys alone, so the same
                   view always gets the same hint and nothing hidden can change it.
    reason kind -- what the move does, judged on the squares before and after it (R5):
                   ``out``      going out now, with both hand scores (R6, R7.1-R7.2);
                   ``complete`` a play on your square that completes scoring lines;
                   ``spoil``    a play on the computer's square that breaks its scoring lines;
                   ``block``    a play on the computer's square that scores nothing yet but takes a
                                space its lines need;
                   ``build``    a play on your square that completes no line but lines up with
                                cards already there;
                   ``reopen``   a queen on your square: the space is open again (R2.2);
                   ``cover``    a king on top of one of your cards that completes no line;
                   ``discard``  a discard, saying whether any card could score now;
                   ``end``      ending a running turn (R8.3); ``pass`` a forced pass (R4.3).
    gain        -- the bot's one-move evaluation of the move (``Evaluator.move_gains``): estimated
                   points, on average, for you minus the computer; quoted when the squares alone
                   do not explain the move.
    lines       -- each as ``{spaces, points, kind, suit}`` (``kind`` is ``suit`` or ``colour``;
                   ``suit`` is the suit letter, or ``red``/``black`` for a colour line).

>>> line_words((4, 5, 6)), line_words((3, 5, 7))
('row 4-5-6', 'diagonal 3-5-7')
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, NamedTuple

from leopard_core.cards import JACK, KING, QUEEN, SUIT_NAMES, Card

from .bots import DEFAULT_LEVEL, make_bot
from .bots.search import evaluator_for
from .bots.worlds import Knowledge
from .errors import LeopardError
from .messages import Message, and_list
from .moves import DISCARD, END, OUT, OWN, PASS, PLAY, Move
from .rules import LINES, Rules
from .squares import Square
from .state import HandState

PUBLIC_KEYS: tuple[str, ...] = (
    "variant", "seat", "dealer", "to_move", "plays_this_turn", "hand", "drawn", "opp_hand_count",
    "stock_count", "discards", "own", "opp", "legal_moves", "over", "went_out", "log",
)
"""The keys of a hand's view that the hint seed is computed from."""


class Hint(NamedTuple):
    """A hinted move with its reason as a Message (``msg``), as one line of English (``text``)
    and as data."""

    move: Move
    msg: Message
    data: dict[str, Any]

    @property
    def text(self) -> str:
        """The reason in English, one line."""
        return str(self.msg)

    def as_json(self) -> dict[str, Any]:
        """The webapi's answer: ``{move, reason, reason_msg, reason_data}``."""
        return {"move": str(self.move), "reason": self.text, "reason_msg": self.msg.as_json(),
                "reason_data": self.data}


def hint_seed(view: dict[str, Any]) -> str:
    """A seed fixed by the view's public keys: the same view, the same hint."""
    public = {key: view.get(key) for key in PUBLIC_KEYS}
    digest = hashlib.sha256(json.dumps(public, sort_keys=True).encode()).hexdigest()
    return f"hint:{digest[:24]}"


def hint(view: dict[str, Any], level: str = DEFAULT_LEVEL) -> Hint:
    """The move ``level`` (the default level unless told) would play for the view's seat, and why."""
    if not view.get("legal_moves"):
        raise LeopardError("hint.not_your_turn")
    move = make_bot(level, hint_seed(view)).choose(view)
    state = Knowledge(view).template
    return explain(state, move)


def line_words(spaces: tuple[int, ...] | list[int]) -> str:
    """``row 4-5-6``, ``column 2-5-8`` or ``diagonal 1-5-9``."""
    a, b, c = spaces
    kind = "row" if (b, c) == (a + 1, a + 2) else ("column" if b == a + 3 else "diagonal")
    return f"{kind} {a}-{b}-{c}"


def _line_data(square: Square, rules: Rules) -> list[dict[str, Any]]:
    """The square's scoring lines as data (see the glossary)."""
    found = []
    for line in square.scoring_lines(rules):
        top = square.top(line.spaces[0])
        card = top.card if top is not None else None
        suit = "?" if card is None else (card.suit if line.kind == "suit" else card.colour)
        found.append({"spaces": list(line.spaces), "points": line.points, "kind": line.kind, "suit": suit})
    return found


def line_msg(spaces: tuple[int, ...] | list[int]) -> Message:
    """``line_words`` as a Message: ``line.row``, ``line.column`` or ``line.diagonal``."""
    kind, numbers = line_words(spaces).split()
    return Message(f"line.{kind}", spaces=numbers)


def _line_text(line: dict[str, Any]) -> Message:
    """``row 4-5-6 in hearts (+3)``."""
    suit = line["suit"]
    where = Message(f"suit.{SUIT_NAMES[suit]}" if suit in SUIT_NAMES else f"colour.{suit}")
    return Message("hint.line", line=line_msg(line["spaces"]), suit=where, points=line["points"])


def _square_change(before: HandState, after: HandState, seat: int) -> dict[str, Any]:
    """A seat's square before and after: raw values, R7.1 scores, lines gained and lost."""
    rules = before.rules
    lines_before = _line_data(before.square(seat), rules)
    lines_after = _line_data(after.square(seat), rules)
    raw_before, raw_after = before.values[seat], after.values[seat]
    return {
        "raw_before": raw_before, "raw_after": raw_after,
        "score_before": rules.hand_score(raw_before, False),
        "score_after": rules.hand_score(raw_after, False),
        "gained": [line for line in lines_after if line not in lines_before],
        "lost": [line for line in lines_before if line not in lines_after],
    }


def explain(state: HandState, move: Move) -> Hint:
    """Why ``move`` is good for the mover of ``state`` (a state seen from the mover's side)."""
    rules = state.rules
    seat = state.to_move
    after = state.clone()
    after.apply_unchecked(move)
    own = _square_change(state, after, seat)
    opp = _square_change(state, after, 1 - seat)
    ev = evaluator_for(rules.name)
    gain = ev.move_gains(state, [move])[0] if move.kind in (PLAY, DISCARD) else 0.0
    data: dict[str, Any] = {
        "kind": "", "card": None if move.card is None else str(move.card),
        "square": move.square, "space": move.space, "lines": [],
        "own": own, "opp": opp, "gain": round(gain, 1),
    }
    average = Message("hint.average", gain=round(gain, 1))
    card = move.card
    text: Message
    if move.kind == OUT:
        you = rules.hand_score(state.values[seat], True)
        them = rules.hand_score(state.values[1 - seat], False)
        data.update(kind="out", you=you, computer=them)
        text = Message("hint.out", you=you, computer=them)
    elif move.kind == PASS:
        data["kind"] = "pass"
        text = Message("hint.pass")
    elif move.kind == END:
        data["kind"] = "end"
        text = Message("hint.end_keep" if state.hands[seat] else "hint.end_empty")
    elif move.kind == DISCARD:
        assert card is not None
        helps = _cards_that_score_now(state)
        data.update(kind="discard", helps_now=helps)
        text = Message("hint.discard_keep" if helps else "hint.discard_none", card=str(card))
    else:
        assert card is not None and move.space is not None
        text = _explain_play(state, move, card, own, opp, data, average)
    return Hint(move, text, data)


def _explain_play(
    state: HandState, move: Move, card: Card, own: dict[str, Any], opp: dict[str, Any],
    data: dict[str, Any], average: Message,
) -> Message:
    """The reason of a play (see the reason kinds of the glossary)."""
    space = move.space
    assert space is not None
    seat = state.to_move
    if move.square == OWN:
        if own["gained"]:
            data.update(kind="complete", lines=own["gained"])
            lines = and_list([_line_text(line) for line in own["gained"]])
            text = Message("hint.complete", lines=lines)
            if own["lost"]:
                lost = own["raw_after"] - own["raw_before"] - sum(line["points"] for line in own["gained"])
                broken = and_list([line_msg(line["spaces"]) for line in own["lost"]])
                text = Message("hint.complete_breaks", lines=lines, broken=broken, change=lost)
            if own["score_after"] - own["score_before"] != own["raw_after"] - own["raw_before"]:
                text = Message("hint.with_score", reason=text, before=own["score_before"],
                               after=own["score_after"])
            return text
        if card.rank in (QUEEN, KING) and state.stacks[seat][space - 1]:
            below = state.square(seat, seat).top(space)  # as the mover sees it (R3.3)
            what = (Message("hint.your_space") if below is None or below.card is None
                    else Message("hint.your_card", card=str(below.card)))
            if card.rank == QUEEN:
                data["kind"] = "reopen"
                return Message("hint.reopen", what=what, space=space, average=average)
            data["kind"] = "cover"
            return Message("hint.cover", card=str(card), what=what, space=space, average=average)
        building = _building_lines(after_square(state, move), state.rules, space)
        data.update(kind="build", lines=building)
        if building:
            return Message("hint.build_lines", card=str(card), space=space, average=average,
                           lines=and_list([line_msg(line["spaces"]) for line in building]))
        return Message("hint.build", card=str(card), space=space, average=average)
    # As the mover sees it: a card the other seat played face down is "card", never the stand-in
    # that a view's template holds in its place (``bots.worlds``).
    top = state.square(1 - seat, seat).top(space)
    covered = (Message("hint.their_unknown") if top is None or top.card is None
               else Message("hint.their_card", card=str(top.card)))
    if opp["lost"]:
        data.update(kind="spoil", lines=opp["lost"])
        count = len(opp["lost"])
        which = (Message("hint.its_line", line=line_msg(opp["lost"][0]["spaces"])) if count == 1
                 else Message("hint.its_lines", count=count))
        action = (Message("hint.jack_covers", what=covered) if card.rank == JACK
                  else Message("hint.card_on", card=str(card), space=space))
        return Message("hint.spoil", action=action, which=which,
                       change=opp["raw_after"] - opp["raw_before"])
    data["kind"] = "block"
    if card.rank == JACK:
        return Message("hint.block_jack", what=covered, space=space, average=average)
    return Message("hint.block", card=str(card), space=space, average=average)


def after_square(state: HandState, move: Move) -> Square:
    """The mover's square after ``move``."""
    seat = state.to_move
    after = state.clone()
    after.apply_unchecked(move)
    return after.square(seat)


def _building_lines(square: Square, rules: Rules, space: int) -> list[dict[str, Any]]:
    """Lines through ``space`` with two face-up tops of one colour and the third space open."""
    found = []
    for line in LINES:
        if space not in line:
            continue
        tops = [square.top(s) for s in line]
        up = [t.card for t in tops if t is not None and t.face_up and t.card is not None]
        if len(up) != 2:
            continue
        if up[0].suit == up[1].suit:
            found.append({"spaces": list(line), "points": rules.suit_points, "kind": "suit",
                          "suit": up[0].suit})
        elif up[0].colour == up[1].colour:
            found.append({"spaces": list(line), "points": rules.colour_points, "kind": "colour",
                          "suit": up[0].colour})
    return found


def _cards_that_score_now(state: HandState) -> list[str]:
    """The mover's plays that raise their own raw value or lower the other's at once."""
    seat = state.to_move
    helping = []
    for move in state.legal_moves():
        if move.kind != PLAY:
            continue
        after = state.clone()
        after.apply_unchecked(move)
        if after.values[seat] > state.values[seat] or after.values[1 - seat] < state.values[1 - seat]:
            helping.append(str(move))
    return helping


__all__ = ["Hint", "explain", "hint", "hint_seed", "line_words"]
