"""The State contract: what every game's state offers the platform (OpenSpiel's ``State``, small).

Seats are numbered from 0; a move is text in the game's own notation (Leopard's N3 ``"7H to own
7"``, the hunt's H8 ``"e5-e6"``). ``view(seat)`` is everything ``seat`` may see and nothing that
belongs to another seat (``None`` is a spectator, who sees only what is public). The contract test
(tests/test_game_contract.py) plays random games of every registered game through it.

    GameState -- the Protocol below; a game may implement it with an adapter over its own state.
    apply     -- raises an ``IllegalMove`` (or another ``EngineError``, e.g. a ``NotationError`` for
                 text that is no move at all) whose ``msg`` the page can show; the state is then
                 unchanged.
    restore   -- raises a ``SaveError`` for text that is not a save of this game.
    SavingAdapter -- a base for such an adapter over a game object that saves and restores itself
                 (``game``): ``save`` and ``restore`` pass through; ``GAME`` names its class.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar


class GameState(Protocol):
    """One game in play, as the platform sees it."""

    def seats(self) -> int:
        """The number of seats."""
        ...

    def to_move(self) -> int | None:
        """The seat to act; None once the game is over."""
        ...

    def legal_moves(self) -> list[str]:
        """The mover's moves, in the game's text notation; empty once the game is over."""
        ...

    def apply(self, move: str) -> None:
        """Play ``move`` for the mover; an ``IllegalMove`` for anything not legal (state unchanged)."""
        ...

    def clone(self) -> Self:
        """An independent copy."""
        ...

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-able: what ``seat`` (None: a spectator) may see; never another seat's secrets."""
        ...

    def save(self) -> str:
        """Text that ``restore`` turns back into this very game."""
        ...

    @classmethod
    def restore(cls, text: str) -> Self:
        """The game of ``save`` text; a ``SaveError`` for bad text."""
        ...


class SavesItself(Protocol):
    """A game's own object with a text save (``Game``, ``HuntState``)."""

    def save(self) -> str:
        """The save text."""
        ...


G = TypeVar("G", bound=SavesItself)


class SavingAdapter(Generic[G]):
    """The save half of a ``GameState`` adapter over ``game``; ``GAME`` is its class, whose
    ``restore(text)`` reads a save back."""

    GAME: ClassVar[Any]

    def __init__(self, game: G) -> None:
        self.game = game

    def save(self) -> str:
        return self.game.save()

    @classmethod
    def restore(cls, text: str) -> Self:
        game: G = cls.GAME.restore(text)
        return cls(game)
