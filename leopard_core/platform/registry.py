"""The game registry: every game describes itself in one ``GameSpec`` and registers it.

A game is a folder ``leopard_core/games/<name>/`` whose ``__init__`` ends with
``register(GameSpec(...))``; ``leopard_core.games.load_all()`` imports every such folder, so adding
a game edits nothing outside its folder on the Python side. The platform never imports a game: it
only reads the specs registered here.

Glossary:
    GameSpec.name      -- the folder's name and the bridge's method prefix (``hunt.play``).
    GameSpec.title     -- the game's name for people ("Cows and Leopards").
    GameSpec.methods   -- the bridge's methods table: method name -> ``Method`` (``bridge``).
    GameSpec.levels    -- the computer's levels, ``default_level`` the one a new game gets.
    GameSpec.messages  -- the game's message codes with their English words (registered with
                          ``platform.messages`` on ``register``).
    GameSpec.data_files -- files the site build writes from the engine: path under the site ->
                          a function giving the JSON data (``data/hunt-board.json``).
    GameSpec.command_line -- ``main(argv, stdin, out) -> status``: ``leopard <name> ...``.
    GameSpec.new_state -- a fresh game (``contract.GameState``) from a random generator, for the
                          contract test.
    GameSpec.no_session -- the message when a method needs a game and there is none (its code is
                           ``no_session_code``).
    GameSpec.unprefixed -- the game whose methods the bridge also accepts without a prefix (the
                          card game's: the pages asked ``play`` before there were several games).

>>> sorted(spec.name for spec in games()) == sorted(REGISTRY)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from .contract import GameState
from .messages import Message, register_messages


class Call(Protocol):
    """One request as a game's method sees it (the bridge makes it): the request's arguments, the
    caller's session of this game (the game's ``no_session`` refusal when there is none), and
    ``start(session)`` to make a new session the caller's game."""

    args: dict[str, Any]

    @property
    def session(self) -> Any: ...

    def start(self, session: Any) -> Any: ...


Method = Callable[[Call], Any]
"""One bridge method: it reads the request's arguments and the caller's session from a ``Call``."""
CommandLine = Callable[[Sequence[str], TextIO | None, TextIO | None], int]


@dataclass(frozen=True)
class GameSpec:
    """Everything the platform knows about one game (see the module's glossary)."""

    name: str
    title: str
    methods: Mapping[str, Method]
    levels: Sequence[str]
    default_level: str
    messages: Mapping[str, str]
    new_state: Callable[[random.Random], GameState]
    no_session_code: str
    command_line: CommandLine | None = None
    data_files: Mapping[str, Callable[[], Any]] = field(default_factory=dict)
    unprefixed: bool = False

    def no_session(self) -> Message:
        """The refusal when a method needs a game and there is none."""
        return Message(self.no_session_code)


REGISTRY: dict[str, GameSpec] = {}
"""The registered games by name, in the order they registered."""


def register(spec: GameSpec) -> GameSpec:
    """Add a game (its messages too); ValueError when the name is taken, not a plain word, or a
    second game wants unprefixed methods."""
    if not spec.name.isidentifier() or spec.name in REGISTRY:
        raise ValueError(f"game name {spec.name!r} is not a new plain word")
    if spec.unprefixed and any(other.unprefixed for other in REGISTRY.values()):
        raise ValueError(f"only one game answers unprefixed methods, not also {spec.name!r}")
    register_messages(spec.messages)
    REGISTRY[spec.name] = spec
    return spec


def games() -> list[GameSpec]:
    """Every registered game, in the order they registered."""
    return list(REGISTRY.values())


def game(name: str) -> GameSpec:
    """The registered game called ``name``; KeyError otherwise."""
    return REGISTRY[name]
