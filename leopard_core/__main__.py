"""``python -m leopard_core``: see ``leopard_core.cli``."""

import sys

from .cli import main

sys.exit(main())
