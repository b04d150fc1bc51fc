"""The hunt game as the platform sees it: its ``GameSpec`` (``leopard_core.platform.registry``).

Its bridge methods are ``hunt.<method>``; the site build writes the board's geometry from the
engine (``data/hunt-board.json``), so the page draws it before the engine has loaded.
"""

from __future__ import annotations

from leopard_core.platform.registry import GameSpec

from .bots import DEFAULT_LEVEL, LEVELS
from .cli import main
from .contract_state import new_state
from .messages import ENGLISH
from .session import METHODS, board_info

SPEC = GameSpec(
    name="hunt", title="Cows and Leopards", messages=ENGLISH, no_session_code="hunt.session.none",
    methods=METHODS, new_state=new_state, command_line=main,
    levels=tuple(LEVELS), default_level=DEFAULT_LEVEL,
    data_files={"data/hunt-board.json": board_info},
)
