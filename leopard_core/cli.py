"""The command line: ``python -m leopard_core`` (installed as ``leopard``), for every game.

    leopard NAME ...   the command line of the registered game NAME (``leopard hunt play``)
    leopard ...        the card game's, the one game registered ``unprefixed`` (``leopard score``)

Each game's commands are in its folder's ``cli`` module (``games/leopard/cli.py``,
``games/hunt/cli.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from .games import load_all
from .games.leopard import cli as leopard_cli
from .platform.registry import REGISTRY


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    load_all()
    argv = list(sys.argv[1:] if argv is None else argv)
    spec = REGISTRY.get(argv[0]) if argv else None
    if spec is not None and spec.command_line is not None and not spec.unprefixed:
        return spec.command_line(argv[1:], stdin, out)
    leopard_cli.OTHER_GAMES.update(
        {spec.name: spec.title for spec in REGISTRY.values() if spec.command_line and not spec.unprefixed})
    return leopard_cli.main(argv, stdin, out)
