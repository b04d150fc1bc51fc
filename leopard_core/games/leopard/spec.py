"""The card game as the platform sees it: its ``GameSpec`` (``leopard_core.platform.registry``).

The card game answers its bridge methods with the prefix ``leopard.`` and, as the pages have always
asked, without one (``unprefixed``).
"""

from __future__ import annotations

from leopard_core.platform.registry import GameSpec

from .bots import LEVELS
from .bridge import METHODS
from .cli import main
from .contract_state import new_state
from .messages import ENGLISH
from .session import default_level

SPEC = GameSpec(
    name="leopard", title="Leopard", messages=ENGLISH, no_session_code="session.none",
    methods=METHODS, new_state=new_state, command_line=main, unprefixed=True,
    levels=tuple(LEVELS), default_level=default_level(),
)
