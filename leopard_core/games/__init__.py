"""The games the site plays, one folder each (see docs/architecture.md, "Folders").

A game's folder registers its ``GameSpec`` with ``leopard_core.platform.registry`` when it is
imported; ``load_all()`` imports every folder here, so a new game is a new folder and nothing else
on the Python side. A folder that does not (yet) register is imported and stays unlisted.

>>> load_all()
>>> from leopard_core.platform.registry import REGISTRY
>>> {"leopard", "hunt"} <= set(REGISTRY)
True
"""

from __future__ import annotations

import importlib
import pkgutil


def load_all() -> None:
    """Import every game folder (each registers itself once; importing again changes nothing)."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")
