"""A game against the computer played to its end by a bot in the person's seat (for tests and benches).

The card game's review (``review.py``) is tested and measured on games a person played; a test or
a bench has no person, so a bot of some level takes the person's seat and sees only what the person
would see (``state.view(HUMAN)``), while the session plays the computer's moves as the page does
(``Session.bot_move``: its level, its seed by hand and move).

Glossary:
    person bot -- any ``Bot`` (``bots.make_bot``) playing the person's seat from the person's view.
    play_hand  -- plays the hand in progress to its end.
    play_game  -- plays hand after hand (``Session.next_hand``) until the game is over.

>>> from .bots import make_bot
>>> from .session import Session
>>> session = play_hand(Session.new("standard", "greedy", hands=1, seed=4, bot_seed=5),
...                     make_bot("greedy", "person:4"))
>>> session.game.state.over, session.game.is_over
(True, True)
"""

from __future__ import annotations

from .bots import Bot
from .session import HUMAN, Session


def play_hand(session: Session, person: Bot) -> Session:
    """``session`` with its hand in progress played to the end: the person's moves by ``person``."""
    state = session.game.state
    while not state.over:
        if state.to_move == HUMAN:
            state.apply(person.choose(state.view(HUMAN)))
        else:
            session.bot_move()
    return session


def play_game(session: Session, person: Bot) -> Session:
    """``session`` played hand after hand until its game is over (see ``play_hand``)."""
    while not play_hand(session, person).game.is_over:
        session.next_hand()
    return session


__all__ = ["play_game", "play_hand"]
