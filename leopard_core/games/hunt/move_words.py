"""A hunt move in plain words, as a message a page shows in its language (no H8 notation).

The review's sentences name moves; a player reads "moving the cow on e3 to e4", not ``e3-e4``.
Point names stay (the board shows them round its edge, H2.3); everything else is words.

Glossary:
    form   -- how the words fit the sentence that names the move:
              ``by``   the way to do something, after "by" in English ("placing a cow on e7"); a
                       gerund in Spanish too ("colocando una vaca en e7");
              ``does`` what a side does, a clause ("the leopard on e5 jumps the cow on e6 and
                       lands on e7");
              ``play`` the move to make, an infinitive ("place a cow on e7"; "colocar ...");
              ``you``  a move the person played, a sentence in the past ("You placed a cow on e7");
              ``computer`` a move the computer played, likewise ("The computer placed a cow on
                       e7"): the page's own account of a move just played, in play or in review
                       (``played_words`` picks the form from who played it).
    piece  -- a placement or a step says whose piece moves: a cow (the Cows' move) or a leopard
              (the Leopards'); a jump is always a leopard's.
    cows   -- the cows a jump sequence takes, one per hop: the points jumped over (``board.OVER``),
              joined as a list in the page's language (``and_list``).

>>> str(move_words(Move.parse("e3-e4"), "C", "by"))
'moving the cow on e3 to e4'
>>> str(move_words(Move.parse("e7"), "C", "play"))
'place a cow on e7'
>>> str(move_words(Move.parse("g5xe5"), "L", "does"))
'the leopard on g5 jumps the cow on f5 and lands on e5'
>>> str(move_words(Move.parse("e5xe7xc5"), "L", "by"))
'jumping the cows on e6 and d6 with the leopard on e5, landing on c5'
>>> str(played_words(Move.parse("g5xe5"), "L", person="C"))
"The computer's leopard on g5 jumped the cow on f5 and took it, landing on e5"
>>> str(played_words(Move.parse("e3-e4"), "C", person="C"))
'You moved a cow from e3 to e4'
"""

from __future__ import annotations

from typing import Literal

from leopard_core.platform.messages import and_list

from .board import NAMES, OVER
from .messages import Message
from .moves import Move
from .rules import COWS, Side

Form = Literal["by", "does", "play", "you", "computer"]
FORMS: tuple[Form, ...] = ("by", "does", "play", "you", "computer")


def jumped_cows(move: Move) -> list[str]:
    """The points of the cows a jump sequence takes, in order (empty for any other move).

    >>> jumped_cows(Move.parse("e5xe7xc5"))
    ['e6', 'd6']
    """
    if move.kind != "jump":
        return []
    return [NAMES[OVER[(a, b)]] for a, b in zip(move.points, move.points[1:], strict=False)]


def move_words(move: Move, side: Side, form: Form) -> Message:
    """``move``, played by ``side``, in words of ``form`` (see the glossary)."""
    start, end = NAMES[move.start], NAMES[move.end]
    if move.kind == "jump":
        cows = jumped_cows(move)
        kind = "jump" if len(cows) == 1 else "jumps"
        return Message(f"hunt.words.{form}.{kind}", start=start, cows=and_list(cows), end=end)
    piece = "cow" if side == COWS else "leopard"
    if move.kind == "place":
        return Message(f"hunt.words.{form}.place_{piece}", point=start)
    return Message(f"hunt.words.{form}.step_{piece}", start=start, end=end)


def played_words(move: Move, side: Side, person: Side) -> Message:
    """``move``, just played by ``side``, told to the person who plays ``person`` (``you`` when it
    was theirs, ``computer`` otherwise)."""
    return move_words(move, side, "you" if side == person else "computer")


__all__ = ["FORMS", "Form", "jumped_cows", "move_words", "played_words"]
